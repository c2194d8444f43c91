package wdf

import "sandtable/internal/engine"

// DepotRoute is what a depot's road path to its supply source gives (7.11,
// 7.13, 7.32).
type DepotRoute struct {
	// Connected: a path of contiguous road hexes leads from the depot to
	// the side's supply source (Alexandria or 1019, never Tobruk), through
	// no hex with an enemy unit, leader or depot and no unnegated EZOC.
	Connected bool
	// ViaTobruk, ViaBenghazi: some such path passes through Tobruk or
	// Benghazi (7.32).
	ViaTobruk, ViaBenghazi bool
}

// roadOpen reports whether side's depot road path may use hex i (7.11):
// no enemy combat unit, leader or depot, and no enemy ZOC that a
// friendly unit does not negate.
func (b *Board) roadOpen(side engine.Side, i int) bool {
	if b.occ[i][1-side] > 0 || int(b.P.Depot[1-side]) == i || b.LeaderAt(1-side, i) >= 0 {
		return false
	}
	return !b.OpenEZOC(side, i)
}

// DepotRoute traces side's road path from hex dep to its supply source
// (7.11). It enumerates the simple paths of the road net, which is small
// and nearly a line.
func (b *Board) DepotRoute(side engine.Side, dep int) DepotRoute {
	d := b.D
	var r DepotRoute
	src := d.SupplySource[side]
	if dep < 0 || !d.Hexes[dep].Road || !b.roadOpen(side, dep) || !b.roadOpen(side, src) {
		return r
	}
	on := make([]bool, len(d.Hexes))
	var walk func(h int, tob, ben bool)
	walk = func(h int, tob, ben bool) {
		tob = tob || h == d.Tobruk
		ben = ben || h == d.Benghazi
		if h == src {
			r.Connected = true
			r.ViaTobruk = r.ViaTobruk || tob
			r.ViaBenghazi = r.ViaBenghazi || ben
			return
		}
		on[h] = true
		for dir, n := range d.Hexes[h].Neighbours {
			if n >= 0 && !on[n] && d.Hexes[h].Sides[dir]&RoadSide != 0 && b.roadOpen(side, int(n)) {
				walk(int(n), tob, ben)
			}
		}
		on[h] = false
	}
	walk(dep, false, false)
	return r
}

// CanPlaceDepot reports whether side may place its depot on hex i (7.11):
// a road hex in one of its road zones, not adjacent to an enemy unit
// (enemy depots and leaders alone count), with a road path to its source.
func (b *Board) CanPlaceDepot(side engine.Side, i int) bool {
	return b.canPlaceDepot(side, i, b.roadConnected(side))
}

// canPlaceDepot is CanPlaceDepot with side's roadConnected given.
func (b *Board) canPlaceDepot(side engine.Side, i int, conn []int) bool {
	d := b.D
	if conn == nil || !d.Hexes[i].Road || d.ZoneOf(side, i) == ZoneNone {
		return false
	}
	for _, n := range d.Hexes[i].Neighbours {
		if n < 0 {
			continue
		}
		if b.occ[n][1-side] > 0 || int(b.P.Depot[1-side]) == int(n) || b.LeaderAt(1-side, int(n)) >= 0 {
			return false
		}
	}
	return conn[i] >= 0
}

// roadConnected finds, in one flood from side's supply source, the hexes
// from which a road path as DepotRoute's leads to it (7.11: Connected),
// each with its distance in road hexes, -1 for none; nil when the source
// itself is closed.
func (b *Board) roadConnected(side engine.Side) []int {
	d := b.D
	src := d.SupplySource[side]
	if !b.roadOpen(side, src) {
		return nil
	}
	return flood(d, []int{src}, -1, func(h, dir, to int) bool {
		return d.Hexes[h].Sides[dir]&RoadSide != 0 && b.roadOpen(side, to)
	})
}

// tobrukShift reports whether the Tobruk modifier applies to side's depot
// (7.32, 7.9): the side controls Tobruk, the depot has its road path and
// Tobruk is on it or has "a clear line" of its own to the source (7.32
// example; ruling W19).
func (b *Board) tobrukShift(side engine.Side, r DepotRoute) bool {
	if b.P.TobrukControl != side || !r.Connected {
		return false
	}
	return r.ViaTobruk || b.DepotRoute(side, b.D.Tobruk).Connected
}

// APRow returns the Attack Points Table row (zone index 0 = A ... 5 = F)
// side uses and the die modifier (7.31, 7.32): the depot's zone, one row
// lower when the depot shows its Moved side, one row higher when the side
// controls Tobruk and Tobruk is on the depot's path; +1 to the die when it
// controls Benghazi and Benghazi is on the path. ok is false when the
// depot is off the map.
func (b *Board) APRow(side engine.Side) (row, dieMod int, ok bool) {
	dep := int(b.P.Depot[side])
	if dep < 0 {
		return 0, 0, false
	}
	row = int(b.D.ZoneOf(side, dep)) - 1
	r := b.DepotRoute(side, dep)
	if b.P.DepotMoved[side] {
		row++
	}
	if b.tobrukShift(side, r) {
		row--
	}
	if b.P.BenghaziControl == side && r.ViaBenghazi {
		dieMod = 1
	}
	return min(max(row, 0), NumZones-1), dieMod, true
}

// NewAP returns the Attack Points side receives (7.31): the row's entry
// for the Organization Phase die less the enemy ASPs spent (7.2), plus the
// Benghazi modifier, between 1 and 6.
func (b *Board) NewAP(side engine.Side, die, aspSpent int) int {
	row, mod, ok := b.APRow(side)
	if !ok {
		return 0
	}
	m := min(max(die-aspSpent+mod, 1), 6)
	return b.D.Tables.AP[row].AP[side][m-1]
}

// MajorOffensiveCost is the AP cost of declaring a Major Offensive (7.9):
// the depot zone's cost, one row higher with the Tobruk modifier. ok is
// false when the depot is off the map.
func (b *Board) MajorOffensiveCost(side engine.Side) (int, bool) {
	dep := int(b.P.Depot[side])
	if dep < 0 {
		return 0, false
	}
	row := int(b.D.ZoneOf(side, dep)) - 1
	if b.tobrukShift(side, b.DepotRoute(side, dep)) {
		row = max(row-1, 0)
	}
	return b.D.Tables.AP[row].MajorOffensive[side], true
}
