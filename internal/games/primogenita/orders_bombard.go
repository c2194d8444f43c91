package primogenita

import (
	"strconv"

	"sandtable/internal/engine"
)

// bombardOrders are the Bombardment Orders: true for a Full one (several
// hexes), false for a Limited one (a single hex) (section 9).
var bombardOrders = map[int]bool{22: true, 34: false, 33: true, 24: false}

// extraAmmo is each side's Extra Ammo Combination Order (Orders 23, 25).
var extraAmmo = [2]int{Allied: 23, Italian: 25}

// beginBombard starts Bombardment Order p (6.1).
func (s *State) beginBombard(p int) {
	s.Step, s.Decider = stBombTarget, s.d.Orders[p].Side
	s.Moved, s.Hit = [MaxUnits]bool{}, [MaxHexes]bool{} // here: Artillery that has fired, hexes bombarded
	s.beginSupport()
}

// canBombard reports whether unit u may bombard hex h now (6.1, 8.1): a
// non-Disrupted Artillery unit of the side, adjacent (across an arrow for
// an Entry hex), that has not bombarded in this Order.
func (s *State) canBombard(u, h int) bool {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if unit.Side != s.Decider || !unit.Artillery || st.Loc != OnMap || st.Disrupted || s.Moved[u] {
		return false
	}
	_, adj := s.d.Hexes[st.Hex].Link(h)
	return adj
}

// bombardable reports whether hex h may be bombarded now: enemy units in
// it, not a sole SD, not yet bombarded in this Order, and some Artillery
// able to fire at it (6.1).
func (s *State) bombardable(h int) bool {
	if s.Hit[h] {
		return false
	}
	target := false
	for u := range s.d.Units {
		if s.Pos.at(u, h) && s.d.Units[u].Side != s.Decider && s.d.Units[u].Kind != SD {
			target = true
		}
	}
	if !target {
		return false
	}
	for u := range s.d.Units {
		if s.canBombard(u, h) {
			return true
		}
	}
	return false
}

// legalBombard lists the Bombardment decisions.
func (s *State) legalBombard(dst []engine.Action) []engine.Action {
	switch s.Step {
	case stBombTarget:
		for h := range s.d.Hexes {
			if s.bombardable(h) {
				dst = append(dst, engine.Action{Op: opTarget, A: int16(h)})
			}
		}
		return append(dst, engine.Action{Op: opDone})
	case stBombFire:
		for u := range s.d.Units {
			if !s.Firing[u] && s.canBombard(u, int(s.Target)) {
				dst = append(dst, engine.Action{Op: opFire, A: int16(u)})
			}
		}
		if p := extraAmmo[s.Decider]; s.Orders[p].Where == OrdBox && !s.ExtraAmmo {
			dst = append(dst, engine.Action{Op: opDeclare, A: int16(p)})
		}
		if s.firing() > 0 {
			dst = append(dst, engine.Action{Op: opResolve})
		}
	case stBombDisrupt:
		for u := range s.d.Units {
			if s.Pos.at(u, int(s.Target)) && s.d.Units[u].Side != s.Decider && s.d.Units[u].Kind != SD && !s.Firing[u] {
				dst = append(dst, engine.Action{Op: opDisrupt, A: int16(u)})
			}
		}
	case stBombStep:
		for u := range s.d.Units {
			if s.Firing[u] && s.Pos.at(u, int(s.Target)) && s.d.Units[u].Side == s.Decider {
				dst = append(dst, engine.Action{Op: opStep, A: int16(u)})
			}
		}
	case stBombSD:
		for u := range s.d.Units {
			if s.dumpFor(u) {
				dst = append(dst, engine.Action{Op: opDeplete, A: int16(u)})
			}
		}
		dst = append(dst, engine.Action{Op: opPass})
	}
	return dst
}

// firing counts the Artillery chosen to fire.
func (s *State) firing() int {
	n := 0
	for u, f := range s.Firing[:len(s.d.Units)] {
		if f && s.d.Units[u].Side == s.Decider {
			n++
		}
	}
	return n
}

// resolveBombard is 6.1–6.3 once the Artillery is chosen: Support first
// (a remnant that replaces a unit at its check fires in its place), the
// column of the total with Trench and Extra Ammo, the die. When the checks
// leave no Artillery to fire, there is no roll (the hex still counts as
// bombarded).
func (s *State) resolveBombard() {
	var guns []int
	for u := range s.d.Units {
		if s.Firing[u] && s.d.Units[u].Side == s.Decider {
			guns = append(guns, u)
		}
	}
	total, left, supported := 0, 0, false
	for _, u := range guns {
		s.Moved[u] = true
		v, sup := s.checkSupport(u)
		if v >= 0 {
			total += s.d.Strength(&s.Pos, v)
			left++
		}
		supported = supported || sup
	}
	if left == 0 {
		s.logf("6.1", engine.Observer, "bombard-off", s.d.Hexes[s.Target].ID)
		s.endBombard()
		return
	}
	net := 0
	if s.Pos.HasTrench(int(s.Target)) {
		net-- // 6.2: Trench, 1 left
	}
	if s.ExtraAmmo && supported {
		net++ // Orders 23, 25: 1 right if any participating Artillery has Support
	}
	col := s.d.Tables.BombColumn(total, net)
	die := s.roll()
	res := s.d.Tables.Bombardment[die-1][col]
	s.logf("6.3", engine.Observer, "bombard", s.d.Hexes[s.Target].ID, strconv.Itoa(total),
		strconv.Itoa(s.d.Tables.BombColumns[col]), strconv.Itoa(die), []string{"-", "Disr", "1"}[res])
	s.ExtraAmmo = false
	for u := range s.Firing[:len(s.d.Units)] {
		if s.d.Units[u].Side == s.Decider {
			s.Firing[u] = false // from here Firing marks the units disrupted by this bombardment
		}
	}
	if res == BombNothing {
		s.endBombard()
		return
	}
	s.StepResult = res == BombStep
	s.ToDisrupt = int8(s.d.Tables.BombDisrupt[col])
	s.Step = stBombDisrupt
	s.bombDisruptNext()
}

// bombDisruptNext asks for the next unit to Disrupt, or goes on to the
// step loss of a "1" result.
func (s *State) bombDisruptNext() {
	if s.ToDisrupt > 0 && len(s.legalBombard(nil)) > 0 {
		return
	}
	if !s.StepResult || !s.anyFiring() {
		s.endBombard()
		return
	}
	// 6.3 "1": a step if any participating Artillery is within range of a
	// friendly FS or loaded SD. An already Disrupted unit chosen takes it,
	// with no SD depleted (ruling P25).
	if s.Already >= 0 {
		if s.bombFS() || s.anyDump() {
			s.loseStep(int(s.Already), "6.3")
		}
		s.endBombard()
		return
	}
	if s.bombFS() {
		s.bombStep()
		return
	}
	if s.anyDump() {
		s.Step = stBombSD // the attacker may deplete a loaded SD for the step (6.3)
		return
	}
	s.endBombard()
}

func (s *State) anyFiring() bool {
	for _, f := range s.Firing[:len(s.d.Units)] {
		if f {
			return true
		}
	}
	return false
}

// bombFS reports whether any Artillery that fired is within range of a
// friendly FS (6.3).
func (s *State) bombFS() bool {
	for u := range s.d.Units {
		if s.Moved[u] && s.Pos.Units[u].Loc == OnMap && s.inRangeOfFS(s.Decider, int(s.Pos.Units[u].Hex)) {
			return true
		}
	}
	return false
}

// dumpFor reports whether SD u is a loaded Allied SD within 2mp of an
// Artillery unit that fired (6.3).
func (s *State) dumpFor(u int) bool {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if unit.Kind != SD || unit.Side != s.Decider || st.Loc != OnMap || st.Flipped {
		return false
	}
	for a := range s.d.Units {
		if s.Moved[a] && s.Pos.Units[a].Loc == OnMap && s.d.Reaches(&s.Pos, s.Decider, int(st.Hex), DumpRange*MP, int(s.Pos.Units[a].Hex)) {
			return true
		}
	}
	return false
}

func (s *State) anyDump() bool {
	for u := range s.d.Units {
		if s.dumpFor(u) {
			return true
		}
	}
	return false
}

// bombStep has the defender remove a step from a unit Disrupted by this
// bombardment (6.3); with one candidate it is automatic.
func (s *State) bombStep() {
	var cands []int
	for u, f := range s.Firing[:len(s.d.Units)] {
		if f {
			cands = append(cands, u)
		}
	}
	if len(cands) == 1 {
		s.loseStep(cands[0], "6.3")
		s.endBombard()
		return
	}
	s.Step, s.Decider = stBombStep, Other(s.Decider)
}

// endBombard clears the bombardment and goes on with the Order: a Full
// Bombardment may bombard another hex, a Limited one ends (section 9).
func (s *State) endBombard() {
	s.Decider = s.d.Orders[s.Current].Side
	for u := range s.Firing[:len(s.d.Units)] {
		s.Firing[u] = false
	}
	s.Already, s.StepResult, s.ToDisrupt = -1, false, 0
	if bombardOrders[int(s.Current)] {
		s.Step = stBombTarget
		return
	}
	s.finishOrder()
}

// finishOrder flips the executed Order back to its sheet and draws on.
// At the end of every Order a Trench with no unit of its side left (for
// the Allies: none but an Arbegnoch) goes back to its sheet (Orders 37,
// 30, 7).
func (s *State) finishOrder() {
	s.Orders[s.Current] = OrderState{Where: OrdSheet, Flipped: true}
	s.AirHeld = 0
	for _, t := range s.Pos.Trench {
		if t >= 0 {
			s.emptyTrench(int(t))
		}
	}
	s.draw()
}

// roll rolls the die: a new epoch, undo never crosses it.
func (s *State) roll() int {
	s.Epochs++
	s.Die = int8(s.Rand.D6())
	return int(s.Die)
}

// applyBombard plays a Bombardment decision.
func (s *State) applyBombard(a engine.Action) {
	switch a.Op {
	case opTarget:
		s.Target, s.Hit[a.A], s.Step = a.A, true, stBombFire
	case opFire:
		s.Firing[a.A] = true
	case opDeclare:
		s.ExtraAmmo = true
		s.Orders[a.A] = OrderState{Where: OrdSheet, Flipped: true}
		s.logf("3.3", engine.Observer, "declare", strconv.Itoa(int(a.A)))
	case opResolve:
		s.resolveBombard()
	case opDisrupt:
		u := int(a.A)
		if s.Pos.Units[u].Disrupted && s.StepResult && s.Already < 0 {
			s.Already = int16(u) // 6.3: the step loss falls on this very unit
		}
		s.Pos.Units[u].Disrupted, s.Firing[u] = true, true
		s.ToDisrupt--
		s.logf("6.3", engine.Observer, "disrupted", s.d.Units[u].ID)
		s.bombDisruptNext()
	case opStep:
		s.loseStep(int(a.A), "6.3")
		s.endBombard()
	case opDeplete:
		s.Pos.Units[a.A].Flipped = true
		s.logf("6.3", engine.Observer, "sd-depleted", s.d.Units[a.A].ID)
		s.bombStep()
	case opPass:
		s.endBombard()
	case opDone:
		s.finishOrder()
	}
}
