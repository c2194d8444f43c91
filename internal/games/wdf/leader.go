package wdf

import "sandtable/internal/engine"

// LeaderGroup is the Unit Type chart row a leader moves by (13.4: "at the
// motorized movement rate"): German leaders as German motorized units,
// which may move from EZOC to EZOC (9.31), the others as other motorized
// units (ruling W26).
func (b *Board) leaderGroup(l int) Group {
	if b.D.Leaders[l].Nationality == German {
		return GermanGroup
	}
	return OtherGroup
}

// LeaderMA is leader l's movement allowance in sixths (13.4): the
// motorized rate LeaderMA, less the Axis Supply Level penalty (9.6), the
// motorized exploitation share (9.5), halved when unsupplied (8.2).
func (b *Board) LeaderMA(l int, k MoveKind, supplied bool) int {
	side := b.D.Leaders[l].Side
	caps := &b.D.Tables.Types[Motorized][b.leaderGroup(l)]
	ma := LeaderMA
	if side == Axis {
		switch b.P.Level {
		case SupplyPoor:
			ma--
		case SupplyBad, SupplyNone:
			ma -= 2
		}
	}
	if k == ExploitMove {
		share := caps.ExploitNormal
		if b.P.Major[side] {
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
	return max(ma, 0) * MP
}

// LeaderReach is Reach for leader l (13.4): it moves as a motorized unit
// and may not enter an enemy leader's hex or the enemy depot's hex.
func (b *Board) LeaderReach(l int, k MoveKind, supplied bool) []int {
	side := b.D.Leaders[l].Side
	noEnter := func(h int) bool { return b.leaderBarred(side, h) }
	return b.reachFrom(side, b.leaderStart(l, k), Motorized, b.leaderEZOC(l), b.LeaderMA(l, k, supplied), k, noEnter, true)
}

// LeaderCanMove reports whether LeaderReach would find a hex for leader l
// to move to, without tracing it: he may always move one hex (9.0, as in
// Reach), so he moves if he has an allowance and a neighbouring hex he
// may enter. Supply only halves an allowance, rounded up, so it does not
// decide.
func (b *Board) LeaderCanMove(l int, k MoveKind) bool {
	start := b.leaderStart(l, k)
	if start < 0 || b.LeaderMA(l, k, true) <= 0 {
		return false
	}
	side := b.D.Leaders[l].Side
	m := moveRules{b: b, side: side, t: Motorized, ezocMover: b.leaderEZOC(l), k: k}
	for dir, nb := range b.D.Hexes[start].Neighbours {
		if h := int(nb); h >= 0 && !b.leaderBarred(side, h) && m.cost(start, dir, h) != Prohibited {
			return true
		}
	}
	return false
}

// leaderStart is leader l's hex for a move of kind k, -1 if he may not
// move (eliminated, or a strategic move: 13.4).
func (b *Board) leaderStart(l int, k MoveKind) int {
	if b.P.Leaders[l].Face < 0 || k == StrategicMove {
		return -1
	}
	return int(b.P.Leaders[l].Hex)
}

// leaderBarred reports whether a leader of side may not enter hex h
// (13.4): an enemy leader's hex or the enemy depot's.
func (b *Board) leaderBarred(side engine.Side, h int) bool {
	return int(b.P.Depot[1-side]) == h || b.LeaderAt(1-side, h) >= 0
}

// leaderEZOC reports whether leader l moves as a unit that may move from
// zone to zone (the Unit Type chart's row of his group, 13.4).
func (b *Board) leaderEZOC(l int) bool {
	return b.D.Tables.Types[Motorized][b.leaderGroup(l)].EZOCMove
}

// NearestFriendly returns the hex of side's combat unit nearest to hex h,
// counted in hexes ignoring enemy units and EZOCs (13.6), -1 if side has
// none on the map. Ties go to the lowest hex index.
func (b *Board) NearestFriendly(side engine.Side, h int) int {
	best, bestD := -1, 1<<30
	for i := range b.D.Hexes {
		if b.occ[i][side] > 0 {
			if dd := hexDistance(b.D, h, i); dd < bestD {
				best, bestD = i, dd
			}
		}
	}
	return best
}
