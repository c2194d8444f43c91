package compass

import (
	"strconv"

	"sandtable/internal/engine"
)

// Movement costs in half movement points (6.2.D).
const (
	costArea   = 2 // entering an adjacent area: 1 MP
	costRoad   = 1 // along a road: ½ MP
	costAttack = 2 // declaring an attack: 1 MP more
	convoyMP   = 4 // Motor Convoy: +2 MC (rule 7)
)

func entryCost(k LinkKind) int8 {
	if k == Road {
		return costRoad
	}
	return costArea
}

// legalMovement lists phase D's choices (6.2.D): move a unit to an adjacent
// area it can pay for and that no enemy occupies; declare an attack on an
// adjacent enemy-occupied area for 1 MP more; play Motor Convoy; end the
// phase.
func (s *State) legalMovement(dst []engine.Action) []engine.Action {
	p := s.Phasing
	convoy := s.Hand[p][MotorConvoy] > 0
	occ := s.tally()
	for u := range s.nUnits() {
		us := &s.Units[u]
		if s.side(u) != p || us.Area < 0 || us.Flags&fDeclared != 0 || s.def(u).MC == 0 {
			continue
		}
		for _, l := range s.d.Areas[us.Area].Links {
			enemy := occ[l.To][1-p] > 0
			switch {
			case !enemy && us.MP >= entryCost(l.Kind):
				dst = append(dst, engine.Action{Op: opMove, A: int16(u), B: int16(l.To)})
			case enemy && us.MP >= costAttack && !s.def(u).DefenceOnly:
				dst = append(dst, engine.Action{Op: opAttack, A: int16(u), B: int16(l.To)})
			}
		}
		if convoy {
			dst = append(dst, engine.Action{Op: opPlay, A: int16(MotorConvoy), B: int16(u)})
		}
	}
	return append(dst, engine.Action{Op: opDone})
}

// moveUnit moves u into the adjacent area to, paying its cost (6.2.D).
func (s *State) moveUnit(u, to int) {
	from := int(s.Units[u].Area)
	k, _ := s.link(from, to)
	s.Units[u].MP -= entryCost(k)
	s.enter(u, to)
	s.logf("6.2.D", engine.Observer, "moves", s.def(u).Name, s.d.Areas[from].Name, s.d.Areas[to].Name, linkName[k], halves(s.Units[u].MP))
}

// declareAttack puts an Attack marker on u pointing at target (6.2.D). It
// costs 1 MP and ends the unit's movement (ruling C-3).
func (s *State) declareAttack(u, target int) {
	s.Units[u].MP = 0
	s.Units[u].Flags |= fDeclared
	s.Units[u].Target = int8(target)
	s.logf("6.2.D", engine.Observer, "declares", s.def(u).Name, s.d.Areas[target].Name)
}

// halves writes a count of half points as "1½".
func halves(h int8) string {
	w := strconv.Itoa(int(h / 2))
	if h%2 == 0 {
		return w
	}
	if h < 2 {
		return "½"
	}
	return w + "½"
}

var linkName = [3]string{"desert", "track", "road"}
