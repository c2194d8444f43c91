package wdf

import (
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Supply path limits (8.1).
const (
	SupplyMP         = 4  // the overland leg: four motorized MP
	SupplyTrackHexes = 10 // the track leg: ten track hexes at most
)

// Tobruk's capacity as a limited supply source (8.4), in units.
const (
	TobrukAllied       = 6
	TobrukAxis         = 4
	TobrukAxisUnderSea = 2 // with Allied Naval Support
)

// enterCost is the cost in sixths for a unit of type t to move from hex h
// across its hexside in direction dir into hex to, or Prohibited: the
// terrain of the hex entered (11.1), replaced by the road (1/3 MP) or track
// (1/2 MP) cost when a road or track crosses the hexside (ruling W4), plus
// the hexside's extra cost (11.2). It leaves out zones of control.
func (b *Board) enterCost(h, dir, to int, t UnitType) int {
	d := b.D
	if d.costs != nil && to != d.Tobruk && to != d.Bardia {
		return int(d.costs[h][dir][t])
	}
	return d.enterCost(h, dir, to, t, b.P.fortressLost(d, to))
}

// prepareCosts fills d.costs (enterCost) and d.zocDirs (zocCrosses).
func (d *Data) prepareCosts() {
	d.costs = make([][6][NumUnitTypes]int16, len(d.Hexes))
	d.zocDirs = make([][NumUnitTypes]uint8, len(d.Hexes))
	for h := range d.Hexes {
		for dir, nb := range d.Hexes[h].Neighbours {
			for t := range NumUnitTypes {
				if nb >= 0 {
					d.costs[h][dir][t] = int16(d.enterCost(h, dir, int(nb), t, false))
				}
				if zocCrosses(d, h, dir, t) {
					d.zocDirs[h][t] |= 1 << dir
				}
			}
		}
	}
}

// enterCost is Board.enterCost with the fortress's status given.
func (d *Data) enterCost(h, dir, to int, t UnitType, fortressLost bool) int {
	f := d.Hexes[h].Sides[dir]
	blocked, extra := hexsideBlocks(d, f, t)
	if blocked {
		return Prohibited
	}
	c := d.Tables.TEC[d.TECRow(to, fortressLost)].Move[t]
	if c == Prohibited {
		return Prohibited
	}
	switch {
	case f&RoadSide != 0:
		c = d.Tables.RoadCost
	case f&TrackSide != 0:
		c = d.Tables.TrackCost
	}
	return c + extra
}

// pathOpen reports whether a supply path of side may enter hex i (8.1): no
// enemy combat unit (solitary leaders and depots have no effect, ruling
// W3) and no enemy zone of control unless a friendly unit is there.
func (b *Board) pathOpen(side engine.Side, i int) bool {
	return b.occ[i][1-side] == 0 && !b.OpenEZOC(side, i)
}

// SupplyNet is what a side's supply source can be reached from (8.1): the
// road hexes with an open road path of any length to it, and the track
// hexes with an open path of at most ten track hexes to it or to such a
// road hex. Build one per side and source with NewSupplyNet.
type SupplyNet struct {
	Side   engine.Side
	Source int                 // dense hex index; -1: the source is closed or not the side's
	road   []int16             // steps along roads to the source, -1 if none
	track  []int16             // steps along tracks to the source or a road-net hex, -1 if none
	buf    [2 * MaxHexes]int16 // road's and track's storage: a net is one allocation
}

// NewSupplyNet finds side's road and track nets to source (8.1). A source
// held by the enemy or in an open enemy zone of control feeds nothing.
func (b *Board) NewSupplyNet(side engine.Side, source int) *SupplyNet {
	d := b.D
	n := &SupplyNet{Side: side, Source: source}
	nh := len(d.Hexes)
	if source < 0 || !b.pathOpen(side, source) {
		n.Source = -1
		n.road = floodInto(n.buf[:nh:nh], d, nil, 0, nil)
		n.track = n.road
		return n
	}
	open := func(to int) bool {
		return b.pathOpen(side, to) && d.Tables.TEC[d.TECRow(to, b.P.fortressLost(d, to))].Move[Motorized] != Prohibited
	}
	n.road = floodInto(n.buf[:nh:nh], d, []int{source}, -1, func(h, dir, to int) bool {
		return d.Hexes[h].Sides[dir]&RoadSide != 0 && open(to)
	})
	// Ten track hexes, then the road hex or source they lead to (ruling
	// W6): seeded with the source and the road net (in pooled scratch).
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	more := append(q.seeds[:0], source)
	for i, s := range n.road {
		if s > 0 {
			more = append(more, i)
		}
	}
	q.seeds = more
	n.track = floodInto(n.buf[MaxHexes:MaxHexes+nh], d, more, SupplyTrackHexes+1, func(h, dir, to int) bool {
		return d.Hexes[h].Sides[dir]&TrackSide != 0 && open(to)
	})
	return n
}

// Feeds reports whether a supply path whose overland leg ends at hex i
// can go on from there (8.1): i is the source, a road hex on the road net
// or a track hex within ten track hexes of the source or the road net.
func (n *SupplyNet) Feeds(i int) bool {
	return n.Source >= 0 && (i == n.Source || n.road[i] >= 0 || n.track[i] >= 0)
}

// RoadSteps returns the length of the open road path from hex i to the
// source, -1 if there is none.
func (n *SupplyNet) RoadSteps(i int) int { return int(n.road[i]) }

// TrackSteps returns the number of track hexes a path from hex i along
// tracks enters before it reaches the road net or the source (8.1, ruling
// W6), -1 if more than ten or none.
func (n *SupplyNet) TrackSteps(i int) int { return int(max(n.track[i]-1, min(n.track[i], 0))) }

// supplyBudget is the overland leg of unit u's supply path in sixths: four
// motorized MP, or the range of a leader in its hex (8.1, 13.5).
func (b *Board) supplyBudget(side engine.Side, hex int) int {
	r := SupplyMP
	r = max(r, b.bestLeader(side, hex, faceRange))
	return r * MP
}

// Traces reports whether a piece of side at hex from can trace a supply
// path to net's source with an overland leg of budget sixths (8.1): up to
// budget at the motorized rate (roads and tracks at their rates) through
// open hexes, then on along the net. The piece's own hex may be in an
// enemy zone of control (8.1). The overland leg is a path type of its
// own (8.1, 8.3 example 3; rulings W7, W41): inside it terrain, roads and
// tracks may follow one another in any order within the budget; the
// no-return rule is kept by the nets (track leg, then road leg).
func (b *Board) Traces(side engine.Side, from, budget int, n *SupplyNet) bool {
	if n.Source < 0 || b.occ[from][1-side] > 0 {
		return false
	}
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	found := false
	search(q, from, budget, b.D, &moveRules{b: b, side: side, supply: true}, func(h, _ int) bool {
		found = n.Feeds(h)
		return !found
	})
	return found
}

// SupplyPath returns a supply path of side from hex from to net's source,
// hex by hex, as Traces finds it (8.1, rulings W6, W7): the overland leg,
// then the track leg, then the road leg, each as short as the nets allow;
// nil if there is none. It is for display: Supply decides who is supplied.
func (b *Board) SupplyPath(side engine.Side, from, budget int, n *SupplyNet) []int {
	d := b.D
	if n.Source < 0 || b.occ[from][1-side] > 0 {
		return nil
	}
	// The overland leg's least costs, in the pooled searcher (q.at) until
	// the path is traced back.
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	// The end of the overland leg: the source itself, else the hex with the
	// shortest remaining route (track hexes first counted, then road), then
	// the least overland cost, then the lowest hex number.
	end, best := -1, [3]int{}
	search(q, from, budget, d, &moveRules{b: b, side: side, supply: true}, func(i, c int) bool {
		if !n.Feeds(i) {
			return true
		}
		k := [3]int{0, 0, c}
		switch {
		case i == n.Source:
		case n.road[i] >= 0:
			k[1] = int(n.road[i])
		default:
			k[0] = int(n.track[i])
		}
		if end < 0 || k[0] < best[0] || k[0] == best[0] && (k[1] < best[1] || k[1] == best[1] && (k[2] < best[2] || k[2] == best[2] && i < end)) {
			end, best = i, k
		}
		return true
	})
	if end < 0 {
		return nil
	}
	cost := q.at
	// Back from end to from along least costs: each step back goes to a
	// hex of strictly lower cost, so this ends.
	var leg []int
	for cur := end; cur != from; {
		leg = append(leg, cur)
		prev := -1
		for dir, nb := range d.Hexes[cur].Neighbours {
			p := int(nb)
			if nb < 0 || cost(p) < 0 {
				continue
			}
			back := int(hexgrid.Dir(dir).Opposite())
			if c := b.enterCost(p, back, cur, Motorized); c != Prohibited && cost(p)+c == cost(cur) {
				prev = p
				break
			}
		}
		if prev < 0 || len(leg) > len(d.Hexes) {
			return nil
		}
		cur = prev
	}
	path := []int{from}
	for i := len(leg) - 1; i >= 0; i-- {
		path = append(path, leg[i])
	}
	// Then down the track and road nets to the source.
	follow := func(dist []int16, flag SideFlags, stop func(int) bool) {
		for cur := path[len(path)-1]; !stop(cur); {
			next := -1
			for dir, nb := range d.Hexes[cur].Neighbours {
				if nb >= 0 && d.Hexes[cur].Sides[dir]&flag != 0 && dist[nb] >= 0 && dist[nb] == dist[cur]-1 {
					next = int(nb)
					break
				}
			}
			if next < 0 {
				return
			}
			cur = next
			path = append(path, cur)
		}
	}
	onRoad := func(i int) bool { return i == n.Source || n.road[i] >= 0 }
	if !onRoad(path[len(path)-1]) {
		follow(n.track, TrackSide, onRoad)
	}
	follow(n.road, RoadSide, func(i int) bool { return i == n.Source })
	return path
}

// SupplyReport is the supply state of one side's units on the map.
type SupplyReport struct {
	Supplied  [MaxUnits]bool
	ViaTobruk [MaxUnits]bool // supplied only through Tobruk (8.4)
	// Tobruk lists the units that can reach Tobruk but not their main
	// source, whether or not Tobruk's limit lets them draw on it.
	Tobruk []int
	// From is the hex each unit was traced from (-1 off the map) and Net
	// the net to the main source, so that a unit moved since can be
	// traced again alone (the computer players' evaluation).
	From [MaxUnits]int16
	Net  *SupplyNet
	// TobrukNet is the net to Tobruk when the side may draw on it (8.4),
	// else nil: the view traces its units' paths on the nets traced here.
	TobrukNet *SupplyNet
}

// TobrukUsers lists side's units that can trace supply to Tobruk but not
// to their main source (8.4).
func (b *Board) TobrukUsers(side engine.Side) []int { return b.report(side).Tobruk }

// report is Supply, traced once on a board of the state's cache
// (State.board), whose position never changes, and kept with it: the
// phases that read a side's supply one after another, and Legal and Apply
// on the same position, share it. Do not modify it.
func (b *Board) report(side engine.Side) *SupplyReport {
	if b.P != &b.snap {
		return b.Supply(side)
	}
	r := b.sup[side].Load()
	if r == nil {
		r = b.Supply(side)
		b.sup[side].Store(r)
	}
	return r
}

// TobrukCapacity is how many of side's units may trace supply to Tobruk
// (8.4): none unless side controls it; six Allied; four Axis, two when
// there is Allied Naval Support.
func (b *Board) TobrukCapacity(side engine.Side) int {
	switch {
	case b.P.TobrukControl != side:
		return 0
	case side == Allied:
		return TobrukAllied
	case b.P.Naval:
		return TobrukAxisUnderSea
	}
	return TobrukAxis
}

// Supply checks every unit of side on the map (8.0, 8.1, 8.4). Units that
// reach only Tobruk share its capacity: first those the owner picked
// (Position.TobrukPick, ruling W5), then the others in unit order.
func (b *Board) Supply(side engine.Side) *SupplyReport {
	d := b.D
	r := &SupplyReport{}
	main := b.mainNet(side)
	r.Net = main
	for u := range r.From {
		r.From[u] = -1
	}
	var tob *SupplyNet
	left := b.TobrukCapacity(side)
	if left > 0 {
		tob = b.NewSupplyNet(side, d.Tobruk)
		r.TobrukNet = tob
	}
	// Units in one hex trace alike: each hex is traced once.
	const (
		unknown = iota
		viaMain
		viaTobruk
		none
	)
	var seen [MaxHexes]uint8
	for u := range d.Units {
		us := &b.P.Units[u]
		if us.Box != BoxMap || d.Units[u].Side != side {
			continue
		}
		h := int(us.Hex)
		r.From[u] = us.Hex
		res := int(seen[h])
		if res == unknown {
			budget := b.supplyBudget(side, h)
			switch {
			case b.Traces(side, h, budget, main):
				res = viaMain
			case left > 0 && b.Traces(side, h, budget, tob):
				res = viaTobruk
			default:
				res = none
			}
			seen[h] = uint8(res)
		}
		switch res {
		case viaMain:
			r.Supplied[u] = true
		case viaTobruk:
			r.Tobruk = append(r.Tobruk, u)
		}
	}
	for pass := range 2 {
		for _, u := range r.Tobruk {
			if left > 0 && !r.Supplied[u] && (pass == 1 || b.P.TobrukPick[u]) {
				r.Supplied[u], r.ViaTobruk[u] = true, true
				left--
			}
		}
	}
	return r
}

// UnitSupplied reports whether unit u on the map is in supply (8.1, 8.4):
// as Supply reports it, without tracing the other units unless u depends
// on Tobruk's shared capacity.
func (b *Board) UnitSupplied(u int) bool {
	d := b.D
	us := &b.P.Units[u]
	if us.Box != BoxMap {
		return false
	}
	side := d.Units[u].Side
	h := int(us.Hex)
	if b.Traces(side, h, b.supplyBudget(side, h), b.mainNet(side)) {
		return true
	}
	if b.TobrukCapacity(side) == 0 {
		return false
	}
	return b.report(side).Supplied[u]
}

// LeaderSupplied reports whether leader l can trace supply (13.4: leaders
// are affected by supply for movement), to its source or to Tobruk, which
// leaders use without counting against the limit (8.4).
func (b *Board) LeaderSupplied(l int) bool {
	h := int(b.P.Leaders[l].Hex)
	if h < 0 {
		return false
	}
	side := b.D.Leaders[l].Side
	budget := b.supplyBudget(side, h)
	if b.Traces(side, h, budget, b.mainNet(side)) {
		return true
	}
	return b.P.TobrukControl == side && b.Traces(side, h, budget, b.NewSupplyNet(side, b.D.Tobruk))
}

// Recoverable reports whether a unit of side eliminated in hex from can
// trace a path of any length to its supply source, Tobruk excluded, free of
// enemy units, open enemy zones of control and terrain prohibited to
// motorized units (8.3, 10.21): if not, it is permanently eliminated.
func (b *Board) Recoverable(side engine.Side, from int) bool {
	d := b.D
	src := d.SupplySource[side]
	if !b.pathOpen(side, src) {
		return false
	}
	dist := flood(d, []int{from}, -1, func(h, dir, to int) bool {
		return b.pathOpen(side, to) && b.enterCost(h, dir, to, Motorized) != Prohibited
	})
	return dist[src] >= 0
}
