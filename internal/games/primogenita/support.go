package primogenita

import "sandtable/internal/engine"

// Support in a Main Order (5.2). A unit checks once in a Main Order, as it
// is about to take part in it (ruling P7); a defender checks before each
// Assault on it. The units an SD or an Italian town has supported in the
// Main Order count against its 2 or 4 (5.5, 5.6, ruling P18).

// beginSupport opens a Main Order's record of Support: no unit has
// checked, no SD or town has supported a unit (ruling P18).
func (s *State) beginSupport() {
	s.Checked, s.ServedBy = [MaxUnits]bool{}, [MaxUnits]uint32{}
}

// exempt reports whether unit u never checks Support: Arbegnoch and Air
// units (5.2), SD (5.5).
func (d *Data) exempt(u int) bool {
	unit := &d.Units[u]
	return unit.Arbegnoch || unit.Kind == SD || unit.Kind == Air
}

// supportFor reports whether unit u traces Support now (5.1, 5.2), and,
// if only SD or towns reach it, which (by source.bit; 0: an FS or LS
// does). The units of u's side an SD or a town has supported in this Main
// Order keep their claim until it ends (ruling P18), each on the SD and
// towns that reached it then and are still sources now, whatever has
// happened since to the trace from its hex; only u is traced. u is
// supported if an assignment serves it together with them (assign).
func (s *State) supportFor(u int) (ok bool, by uint32) {
	side := s.d.Units[u].Side
	h := int(s.Pos.Units[u].Hex)
	n := s.netAt(side, false, []int{h})
	if n.unlimited(h) {
		return true, 0
	}
	for i, src := range n.srcs {
		if src.cap >= 0 && n.reach[i][h] {
			by |= src.bit
		}
	}
	if by == 0 {
		return false, 0
	}
	var claims []uint32
	for v, b := range s.ServedBy[:len(s.d.Units)] {
		if b != 0 && v != u && s.d.Units[v].Side == side {
			claims = append(claims, b)
		}
	}
	claims = append(claims, by)
	served := assign(n.srcs, func(k, i int) bool { return claims[k]&n.srcs[i].bit != 0 }, make([]bool, len(claims)))
	return served[len(served)-1], by
}

// checkOutcome is what 5.2's check would do to unit u now, changing
// nothing: the unit that would then stand for u (u, its remnant, or -1 if
// eliminated) with its state, whether u has Support, and the SD or towns
// that reach it if only they give it (supportFor). Unsupported, a unit
// gets Low Supply, Low turns to No Supply, and a unit already at No Supply
// loses a step (stepTaken).
func (s *State) checkOutcome(u int) (v int, st UnitState, ok bool, by uint32) {
	st = s.Pos.Units[u]
	if ok, by = s.supportFor(u); ok {
		return u, st, true, by
	}
	switch st.Supply {
	case Supplied:
		st.Supply = LowSupply
	case LowSupply:
		st.Supply = NoSupply
	default:
		v, st = s.d.stepTaken(u, st)
		return v, st, false, 0
	}
	return u, st, false, 0
}

// checkSupport is 5.2 for unit u about to take part in a Main Order: the
// check's outcome (checkOutcome) is applied and logged, once in the Order
// (a unit that has checked, an Arbegnoch, an Air unit or an SD does not
// check). A remnant that replaces the unit takes its place in the Order
// (takePlace). It returns the unit that now stands for u (-1: eliminated)
// and whether u had Support.
func (s *State) checkSupport(u int) (int, bool) {
	if s.d.exempt(u) || s.Checked[u] {
		return u, false
	}
	s.Checked[u] = true
	v, next, ok, by := s.checkOutcome(u)
	st := &s.Pos.Units[u]
	if ok {
		s.ServedBy[u] = by // the claim on the SD or towns that reach it (ruling P18)
		return u, true
	}
	if st.Supply != NoSupply {
		st.Supply = next.Supply
		s.logf("5.2", engine.Observer, "unsupported", s.d.Units[u].ID, supplyWords[next.Supply])
		return u, false
	}
	s.logf("5.2", engine.Observer, "unsupported", s.d.Units[u].ID, supplyWords[NoSupply])
	s.loseStep(u, "5.2") // a remnant takes u's place in the Order (takePlace)
	return v, false
}

// supplyWords name the supply markers in the log.
var supplyWords = []string{Supplied: "supplied", LowSupply: "low", NoSupply: "no"}

// checkDefender is 5.2 for a defender just before an Assault on it: it
// checks before every Assault it defends against, even one it has checked
// for earlier in the Order ("Both sides check Support just before an
// Assault begins"), giving up the place an SD or town kept for it.
func (s *State) checkDefender(u int) {
	s.Checked[u], s.ServedBy[u] = false, 0
	s.checkSupport(u)
}

// takePlace puts remnant r where unit u stood in the Order under way when
// a step loss replaced u by r (1.4: the remnant is the unit's last steps):
// r has done what u did in it, checked Support (5.2), moved, taken part in
// the Assault or Bombardment, been left out of a Push (7.4, 7.5), been
// supported by an SD or a town (ruling P18).
func (s *State) takePlace(u, r int) {
	s.Checked[r], s.Moved[r], s.Firing[r], s.OutOfPush[r], s.ServedBy[r] = s.Checked[u], s.Moved[u], s.Firing[u], s.OutOfPush[u], s.ServedBy[u]
	s.Checked[u], s.Moved[u], s.Firing[u], s.OutOfPush[u], s.ServedBy[u] = false, false, false, false, 0
}

// startAs is what unit u will be once it has checked Support to start
// moving in the Move Order under way (5.2 comes first, then 4.1's
// allowance): the unit that will move (u, its remnant, or -1 if
// eliminated) and its state. It changes nothing; a Supplied unit is not
// traced for, since a Low Supply marker changes no allowance.
func (s *State) startAs(u int) (int, UnitState) {
	st := s.Pos.Units[u]
	if s.d.Orders[s.Current].Category != Main || s.d.exempt(u) || s.Checked[u] || st.Supply == Supplied {
		return u, st
	}
	v, next, _, _ := s.checkOutcome(u)
	return v, next
}
