package wdf

import "sandtable/internal/engine"

// MoveKind is the kind of move a unit makes (9.0).
type MoveKind uint8

const (
	RegularMove   MoveKind = iota // 9.1: Regular Movement Phase
	StrategicMove                 // 9.4: Regular Movement Phase, x3 along roads and tracks
	ExploitMove                   // 9.5: Exploitation Movement Phase
)

// PrintedMA is unit u's movement allowance after the Axis Supply Level
// (9.6: Poor -1, Bad and None -2 for armor, motorized and recon), in whole
// MP. "Supply level reductions are applied before unsupplied effects."
func (b *Board) PrintedMA(u int) int {
	def := &b.D.Units[u]
	ma := def.MA
	if def.Side == Axis && b.D.Tables.Types[def.Type][def.Group()].SupplyLevelPenalty {
		switch b.P.Level {
		case SupplyPoor:
			ma--
		case SupplyBad, SupplyNone:
			ma -= 2
		}
	}
	return max(ma, 0)
}

// halfUp is half of n rounded up (8.2, 9.5).
func halfUp(n int) int { return (n + 1) / 2 }

// MA is unit u's movement allowance in sixths of an MP for a move of kind
// k: the printed MA after the Axis Supply Level (9.6); for a strategic
// move three times that, two times for Axis armor, motorized and recon at
// Supply Level None (9.4), and nothing unless supplied; in the
// Exploitation Movement Phase the share of the Unit Type chart, half
// rounded up or all, by offensive type (9.5); halved, rounded up, when
// unsupplied (8.2).
func (b *Board) MA(u int, k MoveKind, supplied bool) int {
	def := &b.D.Units[u]
	caps := &b.D.Tables.Types[def.Type][def.Group()]
	ma := b.PrintedMA(u)
	switch k {
	case StrategicMove:
		if !supplied {
			return 0
		}
		if def.Side == Axis && caps.SupplyLevelPenalty && b.P.Level == SupplyNone {
			return 2 * ma * MP
		}
		return 3 * ma * MP
	case ExploitMove:
		share := caps.ExploitNormal
		if b.P.Major[def.Side] {
			share = caps.ExploitMajor
		}
		switch share {
		case NoMA:
			ma = 0
		case HalfMA:
			ma = halfUp(ma)
		}
	}
	if !supplied {
		ma = halfUp(ma)
	}
	return ma * MP
}

// CanStrategic reports whether unit u may move strategically (9.4): it is
// on the map, supplied, on a road or track hex and not in an EZOC.
func (b *Board) CanStrategic(u int, supplied bool) bool {
	us := &b.P.Units[u]
	if us.Box != BoxMap || !supplied {
		return false
	}
	h := int(us.Hex)
	hx := &b.D.Hexes[h]
	return (hx.Road || hx.Track) && !b.EZOC(b.D.Units[u].Side, h)
}

// Reach returns, for every hex, the least cost in sixths for unit u to
// move there in a move of kind k, -1 where it may not end its move (its
// own hex costs 0). supplied is its supply state when it begins to move
// (8.2). The rules applied:
//   - 11.1, 11.2 terrain and hexside costs, roads and tracks (enterCost);
//   - 9.0 never into a hex with an enemy combat unit; a unit able to move
//     may always move one hex if the terrain allows;
//   - 9.31 a unit stops on entering an unnegated EZOC and may not move
//     from an EZOC hex into an unnegated EZOC, except armor, German
//     motorized and German recon, which pay one MP more for each
//     unnegated EZOC hex entered (ruling W9);
//   - 9.4 strategic movement only along roads and tracks, never into an
//     EZOC hex, from a road or track hex not in an EZOC, when supplied.
func (b *Board) Reach(u int, k MoveKind, supplied bool) []int {
	start := int(b.P.Units[u].Hex)
	if b.P.Units[u].Box != BoxMap || (k == StrategicMove && !b.CanStrategic(u, supplied)) {
		start = -1
	}
	return b.unitReach(u, k, start, b.MA(u, k, supplied), true)
}

// Continue is Reach for unit u that has stopped in its hex part way
// through a move of kind k with left sixths still to spend (ruling W36):
// the same rules, but no "one hex whatever it costs", which belongs to
// the start of a move (9.0).
func (b *Board) Continue(u int, k MoveKind, left int) []int {
	start := int(b.P.Units[u].Hex)
	if b.P.Units[u].Box != BoxMap {
		start = -1
	}
	return b.unitReach(u, k, start, left, false)
}

func (b *Board) unitReach(u int, k MoveKind, start, ma int, first bool) []int {
	def := &b.D.Units[u]
	ezocMover := b.D.Tables.Types[def.Type][def.Group()].EZOCMove
	return b.reachFrom(def.Side, start, def.Type, ezocMover, ma, k, nil, first)
}

// MustStop reports whether unit u, moving, must stop on entering hex h
// (9.31): h is in an unnegated EZOC and u is not one of the types that
// may go on.
func (b *Board) MustStop(u, h int) bool {
	def := &b.D.Units[u]
	return !b.D.Tables.Types[def.Type][def.Group()].EZOCMove && b.OpenEZOC(def.Side, h)
}

// moveRules are the cost of each step and the hexes that end a move for a
// piece of side moving as type t in a move of kind k (see Reach); noEnter
// forbids further hexes (13.4: a leader may not enter an enemy leader's or
// depot's hex).
type moveRules struct {
	b         *Board
	side      engine.Side
	t         UnitType
	ezocMover bool
	k         MoveKind
	noEnter   func(int) bool
	// free leaves zones of control out (for "why can't I?", why.go).
	free bool
	// supply: the rules are instead those of the overland leg of side's
	// supply path (8.1): motorized, through open hexes, stopping nowhere.
	supply bool
}

// unitRules are the moveRules of unit u in a move of kind k.
func (b *Board) unitRules(u int, k MoveKind) moveRules {
	def := &b.D.Units[u]
	return moveRules{b: b, side: def.Side, t: def.Type, ezocMover: b.D.Tables.Types[def.Type][def.Group()].EZOCMove, k: k}
}

// cost is the cost in sixths of the step from h across its hexside dir
// into to, or Prohibited.
func (m *moveRules) cost(h, dir, to int) int {
	b, side := m.b, m.side
	if m.supply {
		if !b.pathOpen(side, to) {
			return Prohibited
		}
		return b.enterCost(h, dir, to, Motorized)
	}
	d := b.D
	if b.occ[to][1-side] > 0 || (m.noEnter != nil && m.noEnter(to)) {
		return Prohibited
	}
	c := b.enterCost(h, dir, to, m.t)
	if c == Prohibited {
		return Prohibited
	}
	if m.free {
		return c
	}
	if m.k == StrategicMove {
		if d.Hexes[h].Sides[dir]&(RoadSide|TrackSide) == 0 || b.EZOC(side, to) {
			return Prohibited
		}
		return c
	}
	if b.OpenEZOC(side, to) {
		if m.ezocMover {
			c += d.Tables.EZOCExtra
		} else if b.EZOC(side, h) {
			return Prohibited // 9.31: not directly from EZOC to EZOC
		}
	}
	return c
}

// stop reports whether a piece entering h must stop there (9.31).
func (m *moveRules) stop(h int) bool {
	return !m.free && !m.supply && !m.ezocMover && m.b.OpenEZOC(m.side, h)
}

// reachFrom is Reach for a piece of side at start moving as type t with
// ma sixths (see moveRules); first: the piece begins its move there, so it
// may always move one hex (9.0).
func (b *Board) reachFrom(side engine.Side, start int, t UnitType, ezocMover bool, ma int, k MoveKind, noEnter func(int) bool, first bool) []int {
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	m := moveRules{b: b, side: side, t: t, ezocMover: ezocMover, k: k, noEnter: noEnter}
	m.search(q, start, ma, first)
	return q.out(b.D)
}

// search leaves in q the least costs of a move by m from start with ma
// sixths (reachFrom): -1 everywhere when start is -1, only the start at
// cost 0 when ma is none.
func (m *moveRules) search(q *searcher, start, ma int, first bool) {
	d := m.b.D
	if start < 0 || ma <= 0 {
		q.next()
		if start >= 0 {
			q.set(start, 0)
		}
		return
	}
	search(q, start, ma, d, m, nil)
	if !first {
		return
	}
	// 9.0: "a unit may always move one hex".
	for dir, nb := range d.Hexes[start].Neighbours {
		if nb >= 0 && q.at(int(nb)) < 0 {
			if c := m.cost(start, dir, int(nb)); c != Prohibited {
				q.set(int(nb), c)
			}
		}
	}
}

// Path returns the hexes unit u enters, in order, moving from its hex to
// dst in a move of kind k with budget sixths, and what they cost: the
// least costly way and, among those, the one that enters the fewest
// intermediate hexes for which avoid reports true (ruling W36). first: the
// unit begins its move here and may always move one hex (9.0). nil if dst
// is out of reach.
func (b *Board) Path(u int, k MoveKind, budget int, first bool, dst int, avoid func(int) bool) ([]int, int) {
	d := b.D
	start := int(b.P.Units[u].Hex)
	if start < 0 || budget <= 0 || dst == start {
		return nil, 0
	}
	m := b.unitRules(u, k)
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	pathSearch(q, d, start, budget, &m, avoid)
	if q.at(dst) < 0 {
		if !first {
			return nil, 0
		}
		for dir, nb := range d.Hexes[start].Neighbours { // 9.0: one hex
			if int(nb) == dst {
				if c := m.cost(start, dir, dst); c != Prohibited {
					return []int{dst}, c
				}
			}
		}
		return nil, 0
	}
	n := 0
	for h := dst; h != start; h = int(q.prev[h]) {
		n++
	}
	path := make([]int, n)
	for h := dst; h != start; h = int(q.prev[h]) {
		n--
		path[n] = h
	}
	return path, q.at(dst)
}

// reachEach calls f, in hex order, for every hex other than its own that
// unit u may move to in a move of kind k with ma sixths (Reach; with
// first false, Continue), and its least cost, finding them in a pooled
// search.
func (b *Board) reachEach(u int, k MoveKind, ma int, first bool, f func(h, c int)) {
	if b.P.Units[u].Box != BoxMap {
		return
	}
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	start := int(b.P.Units[u].Hex)
	m := b.unitRules(u, k)
	m.search(q, start, ma, first)
	for h := range b.D.Hexes {
		if c := q.at(h); h != start && c > 0 {
			f(h, c)
		}
	}
}

// reaches reports whether unit u may move to hex h as reachEach finds.
func (b *Board) reaches(u int, k MoveKind, ma int, first bool, h int) bool {
	if b.P.Units[u].Box != BoxMap || h == int(b.P.Units[u].Hex) {
		return false
	}
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	m := b.unitRules(u, k)
	m.search(q, int(b.P.Units[u].Hex), ma, first)
	return q.at(h) > 0
}
