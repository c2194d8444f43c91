package primogenita

import (
	"slices"

	"sandtable/internal/hexgrid"
	"strconv"

	"sandtable/internal/engine"
)

// moveOrders are the Orders that move units, with their kind (4.1, 9).
var moveOrders = map[int]MoveKind{36: FullMove, 5: FullMove, 26: MobileMove, 29: MobileMove, 11: TacticalMove, 20: TacticalMove, 35: ArbegnochMove}

// beginMove starts executing Move Order p: units move one at a time, hex
// by hex; SD move last (5.5).
func (s *State) beginMove(p int) {
	s.Step, s.Decider = stMove, s.d.Orders[p].Side
	s.Mover, s.MoverLeft, s.SDPhase = -1, 0, false
	for u := range s.Moved[:len(s.d.Units)] {
		s.Moved[u] = false
	}
}

// mover describes unit u for EnterCost.
func (s *State) moverOf(u int) Mover {
	unit := &s.d.Units[u]
	return Mover{Side: unit.Side, Mobile: unit.Kind == Mobile || unit.Kind == SD,
		Tactical: moveOrders[int(s.Current)] == TacticalMove && unit.Kind == Foot}
}

// canStart reports whether unit u may begin to move in the current Move
// Order.
func (s *State) canStart(u int) bool {
	unit := &s.d.Units[u]
	if unit.Side != s.Decider || s.Moved[u] || (unit.Kind == SD) != s.SDPhase {
		return false
	}
	_, _, ok := s.d.Allowance(&s.Pos, u, moveOrders[int(s.Current)], s.Advance)
	return ok
}

// moveSteps appends the hexes unit u may step into next with left half mp
// (oneHex: a Tactical Move's Foot unit, any adjacent hex).
func (s *State) moveSteps(dst []engine.Action, sn *snap, u int, left int, oneHex bool) []engine.Action {
	h := int(s.Pos.Units[u].Hex)
	m := s.moverOf(u)
	for _, l := range s.d.Hexes[h].Links {
		cost, _, ok := s.d.enterCost(sn, m, h, l.To)
		if ok && (oneHex || cost <= left) && s.fits(u, l.To) { // ruling P14: never into a full hex
			dst = append(dst, engine.Action{Op: opMove, A: int16(u), B: int16(l.To)})
		}
	}
	return dst
}

// legalMove lists the actions of a Move Order: a step of the unit that is
// moving (only into a hex where it fits, 1.5 and ruling P14), or halting
// it; else starting another unit, or done (then the SD move, 5.5).
func (s *State) legalMove(dst []engine.Action) []engine.Action {
	if s.Mover >= 0 {
		if s.MoverLeft > 0 {
			dst = s.moveSteps(dst, s.d.snapshot(&s.Pos), int(s.Mover), int(s.MoverLeft), false)
		}
		dst = append(dst, engine.Action{Op: opHalt, A: s.Mover})
		return dst
	}
	var sn *snap // one count of the units for every step listed
	for u := range s.d.Units {
		if s.Pos.Units[u].Loc != OnMap || !s.canStart(u) {
			continue
		}
		if sn == nil {
			sn = s.d.snapshot(&s.Pos)
		}
		budget, oneHex, _ := s.d.Allowance(&s.Pos, u, moveOrders[int(s.Current)], s.Advance)
		dst = s.moveSteps(dst, sn, u, budget, oneHex)
	}
	return append(dst, engine.Action{Op: opDone})
}

// applyMove plays a step of unit u into hex to (4.1): a unit starting to
// move first checks Support in a Main Order (5.2, ruling P7) and pays what
// Allowance says; entering a hex takes a town (1.6, 2.2), removes enemy
// LS/FS markers (5.3) and Trenches (Orders 37, 30, 7).
func (s *State) applyMove(u, to int) {
	mover := s.moverOf(u)
	from := int(s.Pos.Units[u].Hex)
	cost, stop, _ := s.d.EnterCost(&s.Pos, mover, from, to)
	if int(s.Mover) != u {
		s.Mover, s.Moved[u] = int16(u), true
		budget, oneHex, _ := s.d.Allowance(&s.Pos, u, moveOrders[int(s.Current)], s.Advance)
		if s.d.Orders[s.Current].Category == Main {
			if on, _ := s.checkSupport(u); !on {
				s.Mover = -1
				return // the unit was eliminated by No Supply (5.2)
			}
		}
		s.MoverLeft = int16(budget)
		if oneHex {
			s.MoverLeft, cost = 0, 0 // a Tactical Move's Foot unit: one hex regardless of cost
		}
	}
	s.MoverLeft -= int16(cost)
	if stop || s.MoverLeft < 0 {
		s.MoverLeft = 0 // 4.2: stop after entering a Hard ZoC
	}
	s.Pos.Units[u].Hex = int16(to)
	s.logf("4.1", engine.Observer, "moves", s.d.Units[u].ID, s.d.Hexes[to].ID)
	s.entered(u, to)
}

// entered applies the effects of unit u entering hex h.
func (s *State) entered(u, h int) {
	side := s.d.Units[u].Side
	if t := s.d.Hexes[h].Town; t >= 0 && s.d.Units[u].Kind != SD {
		s.setFlag(t, side)
	}
	if side == Italian {
		for i, src := range s.d.AlliedSupply {
			if src.Hex == h && s.Markers[i] != MarkerAbsent && s.d.Hexes[h].Entry < 0 {
				s.Markers[i] = MarkerAbsent // 5.3: an Italian unit entering an LS/FS removes it
				s.logf("5.3", engine.Observer, "marker-removed", src.ID)
			}
		}
		// 2.2: an Italian unit re-entering a hex adjacent to Asmara before
		// the Allies occupy it cancels the Open City.
		if a := s.d.town("asmara"); s.OpenCity == OpenCityDeclared && s.Pos.TownController(a) == Italian {
			for _, n := range s.d.neighbours(s.d.Towns[a].Hex) {
				if n == h {
					s.OpenCity = OpenCityCancelled
					s.logf("2.2", engine.Observer, "open-city-cancelled")
				}
			}
		}
	}
	for i, t := range s.Pos.Trench {
		if int(t) == h && s.Pos.Owner[i] != side {
			s.Pos.Trench[i] = -1 // an enemy unit entering returns the Trench
		}
	}
}

// checkSupport is 5.2 for unit u about to participate in a Main Order:
// unsupported, it gets Low Supply, Low turns to No Supply, and a unit
// already at No Supply loses a step. Arbegnoch, Air units and SD never
// check. It reports whether the unit is still on the map and whether it
// had Support.
func (s *State) checkSupport(u int) (onMap, supported bool) {
	unit := &s.d.Units[u]
	if unit.Arbegnoch || unit.Kind == SD || unit.Kind == Air {
		return true, false
	}
	if s.supported(unit.Side, []int{u}, false)[0] {
		return true, true
	}
	st := &s.Pos.Units[u]
	switch st.Supply {
	case Supplied:
		st.Supply = LowSupply
	case LowSupply:
		st.Supply = NoSupply
	default:
		s.loseStep(u, "5.2")
	}
	s.logf("5.2", engine.Observer, "unsupported", unit.ID, []string{"supplied", "low", "no"}[st.Supply])
	return s.Pos.Units[u].Loc == OnMap, false
}

// moveDone ends the unit phase (then the SD phase, 5.5) or the Order.
func (s *State) moveDone() {
	if !s.SDPhase && s.Decider == Allied {
		s.SDPhase = true
		return
	}
	if p := s.moveCombo(); p > 0 && s.Step == stMove {
		s.Step = stMoveAfter // Orders 41, 38: "after the entire move is done"
		return
	}
	s.finishMove()
}

// finishMove ends the Move Order; after an Italian Move Main Order Italy
// may declare Asmara an Open City (2.2).
func (s *State) finishMove() {
	s.Advance, s.Overrun = false, 0
	if s.Decider == Italian && s.d.Orders[s.Current].Category == Main && s.openCityPossible() {
		s.Orders[s.Current] = OrderState{Where: OrdSheet, Flipped: true}
		s.Step = stOpenCity
		return
	}
	s.finishOrder()
}

// openCityPossible reports whether Italy may declare Asmara an Open City
// now (2.2): never before, Asmara Italian-controlled, an Allied unit no
// more than 2 hexes away.
func (s *State) openCityPossible() bool {
	a := s.d.town("asmara")
	if s.OpenCity != OpenCityNone || s.Pos.TownController(a) != Italian {
		return false
	}
	at := s.d.Hexes[s.d.Towns[a].Hex].At
	for u := range s.d.Units {
		if s.onMap(u, Allied) && s.d.Units[u].Kind != SD {
			if h := &s.d.Hexes[s.Pos.Units[u].Hex]; h.Entry < 0 && hexgrid.Distance(h.At, at) <= 2 {
				return true
			}
		}
	}
	return false
}

// declareOpenCity is 2.2: the marker on Asmara (5 VP); every Italian unit
// in or adjacent to Asmara surrenders.
func (s *State) declareOpenCity() {
	a := s.d.Towns[s.d.town("asmara")].Hex
	s.OpenCity = OpenCityDeclared
	s.logf("2.2", engine.Observer, "open-city")
	near := append([]int{a}, s.d.neighbours(a)...)
	for u := range s.d.Units {
		if s.onMap(u, Italian) && slices.Contains(near, int(s.Pos.Units[u].Hex)) {
			s.eliminate(u, "2.2", "surrenders")
		}
	}
}

// moveCombo is the Overrun (41) or Raid (38) the moving side may declare
// now, or 0.
func (s *State) moveCombo() int {
	p := 41
	if s.Decider == Italian {
		p = 38
	}
	if s.Orders[p].Where != OrdBox || s.d.Orders[s.Current].Category != Main {
		return 0
	}
	if p == 41 && !s.overrunnable() || p == 38 && len(s.raids(nil)) == 0 {
		return 0
	}
	return p
}

// overrunnable reports whether some Allied unit could Overrun now.
func (s *State) overrunnable() bool {
	saved, att := s.Overrun, s.Attacker
	s.Overrun, s.Attacker = 1, Allied
	ok := false
	for h := range s.d.Hexes {
		if s.assaultable(h) {
			ok = true
			break
		}
	}
	s.Overrun, s.Attacker = saved, att
	return ok
}

// startOverrun is Order 41: a single unit or stack assaults an adjacent
// hex, by the Assault rules, without Support checks or "A" Combination
// Orders; before the move the units may still move afterwards.
func (s *State) startOverrun(after bool) {
	s.Overrun = 1
	if after {
		s.Overrun = 2
	}
	s.Attacker = Allied
	for h := range s.Hit[:len(s.d.Hexes)] {
		s.Hit[h] = false
	}
	s.Step = stAsTarget
}

// endOverrun goes back to the Move Order (before) or ends it (after).
func (s *State) endOverrun() {
	before := s.Overrun == 1
	s.Pushing, s.RetreatOrder, s.Countering, s.DefDone, s.SDEscape = false, false, false, false, false
	s.OrderShift, s.Matildas, s.PushChosen, s.Window, s.PushAfter, s.PushedOn = 0, false, false, winNone, false, false
	s.Decider = Allied
	if before {
		s.Overrun, s.Step = 0, stMove
		return
	}
	s.finishMove()
}

// raids lists the Raids open to Italy (Order 38): an Italian Mobile
// non-Artillery unit or March capable Foot unit against an adjacent Allied
// Artillery unit, not into or across prohibited terrain (Entry hexes
// allowed).
func (s *State) raids(dst []engine.Action) []engine.Action {
	for u := range s.d.Units {
		unit, st := &s.d.Units[u], &s.Pos.Units[u]
		if unit.Side != Italian || st.Loc != OnMap || unit.Artillery || !(unit.Kind == Mobile || unit.Kind == Foot && unit.March) {
			continue
		}
		for _, l := range s.d.Hexes[st.Hex].Links {
			if !s.terrainOpen(unit.Kind == Mobile, int(st.Hex), l.To, l) {
				continue
			}
			for v := range s.d.Units {
				if s.Pos.at(v, l.To) && s.d.Units[v].Side == Allied && s.d.Units[v].Artillery {
					dst = append(dst, engine.Action{Op: opDuel, A: int16(u), B: int16(v)})
				}
			}
		}
	}
	return dst
}

// raid is Order 38's die: 5-6, the Artillery loses a step. The raider
// takes part in the Move Order (Support, ruling P7); it does not advance.
func (s *State) raid(u, v int) {
	s.checkSupport(u)
	die := s.roll()
	s.logf("9", engine.Observer, "raid", s.d.Units[u].ID, s.d.Units[v].ID, strconv.Itoa(die))
	if die >= 5 {
		s.loseStep(v, "9")
	}
}
