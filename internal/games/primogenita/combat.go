package primogenita

// OddsColumn is the Combat Table column of attack strength att against
// defence strength def before shifts (7.1): the ratio with fractions
// rounded down ("10 versus 5 becomes 2:1, 9 versus 5 becomes 1:1"),
// above 5:1 the 5:1 column, below 1:1 the 1:2 column (the table's
// lowest, which everything less than 1:2 also uses).
func OddsColumn(att, def int) int {
	if def <= 0 {
		return Odds5to1
	}
	if att < def {
		return Odds1to2
	}
	return min(Odds1to1+att/def-1, Odds5to1)
}

// Shifts are the column shifts of one Assault (7.2); positive to the
// right (the attacker's favour).
type Shifts struct {
	Terrain       int  // defender's terrain: Alpine −2, Mountain −1 (Terrain Key)
	Trench        bool // defender has a Trench: 1 left
	OnlyArtillery bool // defender only Artillery: 1 right
	Disrupted     bool // defender has a Disrupted non-Artillery unit: 1 right, once
	Uphill        bool // every attacking non-Artillery unit crosses an uphill cliff: 1 left
	TwoHexes      bool // non-Artillery attackers from at least two hexes: 1 right
	Orders        int  // Combination Orders' shifts (Airstrike +1 per Air unit, Heroic Defense −1)
}

// Net is the sum of all shifts (7.2: "Decide first what the net result of
// all shifts is").
func (s Shifts) Net() int {
	n := s.Terrain + s.Orders
	for _, b := range []struct {
		on bool
		by int
	}{{s.Trench, -1}, {s.OnlyArtillery, 1}, {s.Disrupted, 1}, {s.Uphill, -1}, {s.TwoHexes, 1}} {
		if b.on {
			n += b.by
		}
	}
	return n
}

// FinalColumn applies a net shift to a column and keeps the result
// between 1:2 and 5:1 (7.2).
func FinalColumn(col, net int) int { return max(Odds1to2, min(Odds5to1, col+net)) }

// BombColumn is the Bombardment Table column (index 0–4 for 1, 2, 3, 6,
// 9) of total strength total with a net shift (6.1, 6.2): the largest
// column not above the total, "9" above 9; Trench −1, Extra Ammo +1,
// together nothing; never beyond the "1" or "9" columns.
func (t *Tables) BombColumn(total, net int) int {
	col := 0
	for i, v := range t.BombColumns {
		if total >= v {
			col = i
		}
	}
	return max(0, min(NumBombColumns-1, col+net))
}

// oddsNames are the Combat Table's column headings.
var oddsNames = [NumOdds]string{"1:2", "1:1", "2:1", "3:1", "4:1", "5:1"}
