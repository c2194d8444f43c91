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
	s.beginSupport()
}

// mover describes unit u for EnterCost.
func (s *State) moverOf(u int) Mover {
	unit := &s.d.Units[u]
	return Mover{Side: unit.Side, Mobile: unit.Kind == Mobile || unit.Kind == SD,
		Tactical: moveOrders[int(s.Current)] == TacticalMove && unit.Kind == Foot}
}

// start is how unit u would start to move now in the Move Order under
// way: not if it is not the moving side's, has moved, or is an SD before
// the SD move or a unit during it (5.5); else as the unit it will be after
// its Support check (startAs: 5.2 first, then 4.1): that unit (u or its
// remnant), its allowance in half mp, whether it moves one hex regardless
// of cost, and ok false if it may not start.
func (s *State) start(u int) (v, budget int, oneHex, ok bool) {
	unit := &s.d.Units[u]
	if unit.Side != s.Decider || s.Moved[u] || (unit.Kind == SD) != s.SDPhase {
		return -1, 0, false, false
	}
	v, st := s.startAs(u)
	if v < 0 {
		return -1, 0, false, false // its check would eliminate it
	}
	budget, oneHex, ok = s.d.allowance(v, st, moveOrders[int(s.Current)], s.Advance)
	return v, budget, oneHex, ok
}

// moveSteps appends the hexes unit u may step into next with left half mp
// (oneHex: a Tactical Move's Foot unit, any adjacent hex), the step made
// by unit as (u, or the remnant that will replace it at its Support
// check).
func (s *State) moveSteps(dst []engine.Action, sn *snap, u, as int, left int, oneHex bool) []engine.Action {
	h := int(s.Pos.Units[u].Hex)
	m := s.moverOf(as)
	for _, l := range s.d.Hexes[h].Links {
		cost, _, ok := s.d.enterCost(sn, m, h, l.To)
		if ok && (oneHex || cost <= left) && s.fits(as, l.To) { // ruling P14: never into a full hex
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
			dst = s.moveSteps(dst, s.d.snapshot(&s.Pos), int(s.Mover), int(s.Mover), int(s.MoverLeft), false)
		}
		dst = append(dst, engine.Action{Op: opHalt, A: s.Mover})
		return dst
	}
	var sn *snap // one count of the units for every step listed
	for u := range s.d.Units {
		if s.Pos.Units[u].Loc != OnMap {
			continue
		}
		v, budget, oneHex, ok := s.start(u)
		if !ok {
			continue
		}
		if sn == nil {
			sn = s.d.snapshot(&s.Pos)
		}
		dst = s.moveSteps(dst, sn, u, v, budget, oneHex) // 4.1: the allowance after the check (5.2)
	}
	return append(dst, engine.Action{Op: opDone})
}

// applyMove plays a step of unit u into hex to (4.1): a unit starting to
// move does so as startMoving says; entering a hex takes a town (1.6,
// 2.2), removes enemy LS/FS markers (5.3) and Trenches (Orders 37, 30, 7).
func (s *State) applyMove(u, to int) {
	oneHex := false
	if int(s.Mover) != u {
		if u, oneHex = s.startMoving(u); u < 0 {
			return // the unit was eliminated by No Supply (5.2)
		}
	}
	from := int(s.Pos.Units[u].Hex)
	cost, stop, _ := s.d.EnterCost(&s.Pos, s.moverOf(u), from, to)
	if oneHex {
		s.MoverLeft, cost = 0, 0 // a Tactical Move's Foot unit: one hex regardless of cost
	}
	s.MoverLeft -= int16(cost)
	if stop || s.MoverLeft < 0 {
		s.MoverLeft = 0 // 4.2: stop after entering a Hard ZoC
	}
	s.Pos.Units[u].Hex = int16(to)
	s.logf("4.1", engine.Observer, "moves", s.d.Units[u].ID, s.d.Hexes[to].ID)
	s.entered(u, to)
}

// startMoving starts unit u's move (4.1). In a Main Order it checks
// Support first (5.2, ruling P7; once in the Order, so not again after an
// Overrun), and a remnant that replaces it moves in its place; then the
// allowance is the one the unit has after its check (No Supply halves it,
// 4.1). It returns the unit moving (-1: eliminated by its check) and
// whether it moves one hex regardless of cost.
func (s *State) startMoving(u int) (int, bool) {
	if s.d.Orders[s.Current].Category == Main {
		if u, _ = s.checkSupport(u); u < 0 {
			s.Mover = -1
			return -1, false
		}
	}
	budget, oneHex, _ := s.d.Allowance(&s.Pos, u, moveOrders[int(s.Current)], s.Advance)
	s.Mover, s.Moved[u], s.MoverLeft = int16(u), true, int16(budget)
	return u, oneHex
}

// entered applies the effects of unit u entering hex h: a town entered is
// taken (1.6), by an SD too, which is a unit (5.5, ruling P19).
func (s *State) entered(u, h int) {
	side := s.d.Units[u].Side
	if t := s.d.Hexes[h].Town; t >= 0 {
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
		// the Allies occupy it cancels the Open City (ruling P20: a hex
		// adjacent to it, not Asmara itself).
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
// now (2.2): never before, Asmara Italian-controlled, an Allied unit (an
// SD too, ruling P19) no more than 2 hexes away.
func (s *State) openCityPossible() bool {
	a := s.d.town("asmara")
	if s.OpenCity != OpenCityNone || s.Pos.TownController(a) != Italian {
		return false
	}
	at := s.d.Hexes[s.d.Towns[a].Hex].At
	for u := range s.d.Units {
		if s.onMap(u, Allied) {
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
// takes part in the Move Order: it checks Support now, once in the Order
// (ruling P7), and one its check eliminates makes no Raid; it does not
// advance.
func (s *State) raid(u, v int) {
	r, _ := s.checkSupport(u)
	if r < 0 {
		s.logf("9", engine.Observer, "raid-off", s.d.Units[u].ID, s.d.Units[v].ID)
		return
	}
	u = r
	die := s.roll()
	s.logf("9", engine.Observer, "raid", s.d.Units[u].ID, s.d.Units[v].ID, strconv.Itoa(die))
	if die >= 5 {
		s.loseStep(v, "9")
	}
}
