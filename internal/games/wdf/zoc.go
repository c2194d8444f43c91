package wdf

import "sandtable/internal/engine"

// zocCrosses reports whether a unit of type t in hex h exerts its zone of
// control across its hexside in direction dir (9.3): only where movement
// across the hexside into the hex beyond is possible for it (ruling W1), so
// never across an escarpment unless a road or track crosses it, and not
// into terrain its type may not enter.
func zocCrosses(d *Data, h, dir int, t UnitType) bool {
	to := int(d.Hexes[h].Neighbours[dir])
	if to < 0 {
		return false
	}
	if blocked, _ := hexsideBlocks(d, d.Hexes[h].Sides[dir], t); blocked {
		return false
	}
	return d.Tables.TEC[d.TECRow(to, false)].Move[t] != Prohibited
}

// hexsideBlocks reports whether the hexside features f forbid a unit of
// type t to cross (11.2: escarpment unless a road or track crosses it) and
// the extra movement cost it pays otherwise (11.2: ridge unless along a
// road or track, river unless along a road).
func hexsideBlocks(d *Data, f SideFlags, t UnitType) (blocked bool, extra int) {
	for k, flag := range [NumHexsideKinds]SideFlags{EscarpmentSide, RidgeSide, RiverSide} {
		if f&flag == 0 {
			continue
		}
		e := &d.Tables.Hexside[k]
		if f&e.NegatedBy != 0 {
			continue
		}
		if e.MoveExtra[t] == Prohibited {
			return true, 0
		}
		extra += e.MoveExtra[t]
	}
	return false, extra
}

// EZOC reports whether hex i lies in a zone of control of side's enemy
// (9.3), negated or not.
func (b *Board) EZOC(side engine.Side, i int) bool { return b.zoc[i][1-side] > 0 }

// ZOC reports whether side exerts a zone of control into hex i (9.3).
func (b *Board) ZOC(side engine.Side, i int) bool { return b.zoc[i][side] > 0 }

// OpenEZOC reports whether hex i is in an enemy zone of control that no
// friendly combat unit in the hex negates (8.1, 9.31, 7.11: "unless the
// hex is occupied by a friendly unit"; leaders alone do not negate,
// ruling W2).
func (b *Board) OpenEZOC(side engine.Side, i int) bool {
	return b.zoc[i][1-side] > 0 && b.occ[i][side] == 0
}
