package compass

import (
	"fmt"

	"sandtable/internal/engine"
)

// CheckInvariants verifies what must hold at every moment; the conformance
// suite calls it after every action of its random games.
func (s *State) CheckInvariants() error {
	if s.Turn < 1 || int(s.Turn) > len(s.d.Turns) {
		return fmt.Errorf("turn %d out of range", s.Turn)
	}
	for u, d := range s.d.Units {
		us := s.Units[u]
		if us.Area >= int8(len(s.d.Areas)) || us.Area < boxRemoved {
			return fmt.Errorf("unit %s in impossible place %d", d.ID, us.Area)
		}
		if us.Hits < 0 || int(us.Hits) >= d.Steps {
			return fmt.Errorf("unit %s has %d hits with %d steps", d.ID, us.Hits, d.Steps)
		}
		// 3.7: a garrison never moves; one eliminated for stacking and
		// brought back by Unit Recovery stands in its logistic area (C-31).
		if us.Area >= 0 && d.MC == 0 && int(us.Area) != d.Start && int(us.Area) != s.logisticArea(d.Side) {
			return fmt.Errorf("immobile unit %s moved to %s (3.7)", d.ID, s.d.Areas[us.Area].ID)
		}
		if us.Target >= 0 && d.Side != s.Phasing {
			return fmt.Errorf("unit %s of the non-phasing side carries an Attack marker", d.ID)
		}
		if us.Area == boxRemoved && (d.Removed == 0 || int(s.Turn) < d.Removed) {
			return fmt.Errorf("unit %s removed before its turn", d.ID)
		}
	}
	for a := range s.d.Areas {
		al, it := s.occupied(a, Allied), s.occupied(a, Italian)
		if al && it {
			return fmt.Errorf("both sides have units in %s", s.d.Areas[a].ID)
		}
		if (al && s.Control[a] != int8(Allied)) || (it && s.Control[a] != int8(Italian)) {
			return fmt.Errorf("%s is occupied by one side and controlled by the other (3.5)", s.d.Areas[a].ID)
		}
		// 3.1: the non-phasing side can only gain units by retreats and
		// placements, which respect the limit; in the administrative phase
		// both sides are within it.
		for side := engine.Side(0); side < 2; side++ {
			admin := s.Step == stPick || s.Step == stPlace || s.Step == stRefit
			if (admin || side != s.Phasing) && s.count(a, side) > s.stackLimit(a, side) {
				return fmt.Errorf("%s has %d %s units, over the stacking limit (3.1)", s.d.Areas[a].ID, s.count(a, side), s.sideName(side))
			}
		}
	}
	for side := range 2 {
		for k := range NumEvents {
			h, b := s.Hand[side][k], s.Bag[side][k]
			if h < 0 || b < 0 || int(h)+int(b) > s.d.Mix[side][k] {
				return fmt.Errorf("%s %s markers: %d in hand, %d in container, mix %d", s.sideName(engine.Side(side)), eventID[k], h, b, s.d.Mix[side][k])
			}
		}
	}
	if s.Result == 0 && s.Step == stOver {
		return fmt.Errorf("game at its end with no result")
	}
	return nil
}
