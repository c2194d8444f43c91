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
	start := int(b.P.Leaders[l].Hex)
	if b.P.Leaders[l].Face < 0 || k == StrategicMove {
		start = -1
	}
	ezoc := b.D.Tables.Types[Motorized][b.leaderGroup(l)].EZOCMove
	noEnter := func(h int) bool {
		return int(b.P.Depot[1-side]) == h || b.LeaderAt(1-side, h) >= 0
	}
	return b.reachFrom(side, start, Motorized, ezoc, b.LeaderMA(l, k, supplied), k, noEnter, true)
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
