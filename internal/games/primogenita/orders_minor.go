package primogenita

import (
	"strconv"

	"sandtable/internal/engine"
)

// minorOrders are the Minor Orders with a target to choose (section 9).
var minorOrders = map[int]bool{43: true, 40: true, 37: true, 30: true, 7: true, 32: true, 21: true, 16: true, 12: true, 8: true, 3: true, 1: true}

// beginMinor starts Minor Order p: its owner chooses its target(s).
func (s *State) beginMinor(p int) {
	s.Step, s.Decider, s.Picks = stMinor, s.d.Orders[p].Side, 0
	if p == 43 {
		s.Picks = int8(s.airOnBase()) // Order 43: once per Air unit
	}
}

func (s *State) airOnBase() int {
	n := 0
	for u := range s.d.Units {
		if s.d.Units[u].Kind == Air && s.Pos.Units[u].Loc == OnBase {
			n++
		}
	}
	return n
}

// onMap reports whether u is on the map and of side.
func (s *State) onMap(u int, side engine.Side) bool {
	return s.d.Units[u].Side == side && s.Pos.Units[u].Loc == OnMap
}

// stackedWith reports whether hex h holds a unit for which f holds.
func (s *State) stackedWith(h int, f func(*Unit) bool) bool {
	for u := range s.d.Units {
		if s.Pos.at(u, h) && f(&s.d.Units[u]) {
			return true
		}
	}
	return false
}

// adjacentTo reports whether a unit of side for which f holds is next to h.
func (s *State) adjacentTo(side engine.Side, h int, f func(u int) bool) bool {
	for _, n := range s.d.neighbours(h) {
		for u := range s.d.Units {
			if s.Pos.at(u, n) && s.d.Units[u].Side == side && f(u) {
				return true
			}
		}
	}
	return false
}

// regainable reports whether unit u can regain a step (Orders 1, 3): it is
// flipped, or a remnant whose unit was replaced (Order 1; for Order 3,
// ruling P26); and it fits (1.5: an Entry hex has no Stacking Limit).
func (s *State) regainable(u int) bool {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if st.Loc != OnMap || st.Disrupted {
		return false
	}
	switch {
	case st.Flipped:
		return true
	case unit.IsRemnant():
		orig := &s.d.Units[unit.RemnantOf]
		return int(orig.Stack) <= int(unit.Stack) || s.roomFor(int(st.Hex), int(orig.Stack)-int(unit.Stack))
	}
	return false
}

// gainStep gives unit u back a step: unflip it, or bring back the unit a
// remnant replaced, on its back side (Orders 1, 3). It returns the unit
// that has the step: u, or the unit the remnant replaced.
func (s *State) gainStep(u int, rule string) int {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if st.Flipped {
		st.Flipped = false
	} else if unit.IsRemnant() {
		orig := unit.RemnantOf
		s.Pos.Units[orig] = UnitState{Loc: OnMap, Hex: st.Hex, Flipped: true, Supply: st.Supply}
		*st = UnitState{Loc: InBox}
		u = orig
	}
	s.logf(rule, engine.Observer, "regains", s.d.Units[u].ID)
	return u
}

// minorTargets lists the choices of Minor Order p (section 9).
func (s *State) minorTargets(p int, dst []engine.Action) []engine.Action {
	d := s.d
	choose := func(u int) { dst = append(dst, engine.Action{Op: opChoose, A: int16(u)}) }
	switch p {
	case 43: // Air Bombardment: any Italian unit
		for u := range d.Units {
			if s.onMap(u, Italian) {
				choose(u)
			}
		}
	case 40: // Allied Thirst
		for u := range d.Units {
			if !s.onMap(u, Allied) || d.Units[u].Kind == SD {
				continue
			}
			h := int(s.Pos.Units[u].Hex)
			hx := &d.Hexes[h]
			if s.stackedWith(h, func(x *Unit) bool { return x.Arbegnoch || x.Kind == SD }) || hx.Town >= 0 || hx.Entry >= 0 ||
				s.inRangeOfFS(Allied, h) {
				continue
			}
			choose(u)
		}
	case 37, 30, 7: // Dig: a stack of the side without a Trench
		side := d.Orders[p].Side
		for h := range d.Hexes {
			if d.Occupied(&s.Pos, side, h) && !s.Pos.HasTrench(h) && s.stackedWith(h, func(x *Unit) bool { return x.Side == side && !x.Arbegnoch }) {
				dst = append(dst, engine.Action{Op: opTarget, A: int16(h)})
			}
		}
	case 32, 21: // Single Reorganisation
		for u := range d.Units {
			if s.onMap(u, d.Orders[p].Side) && s.Pos.Units[u].Disrupted {
				choose(u)
			}
		}
	case 16: // Rough Logistics: a loaded SD out of range of an Allied FS
		for u := range d.Units {
			if s.onMap(u, Allied) && d.Units[u].Kind == SD && !s.Pos.Units[u].Flipped && !s.inRangeOfFS(Allied, int(s.Pos.Units[u].Hex)) {
				choose(u)
			}
		}
	case 12: // Surrender Call
		for u := range d.Units {
			unit := &d.Units[u]
			if !s.onMap(u, Italian) || unit.Elite || unit.Kind != Foot || unit.Artillery {
				continue
			}
			if s.adjacentTo(Allied, int(s.Pos.Units[u].Hex), func(a int) bool {
				st := &s.Pos.Units[a]
				return !d.Units[a].Arbegnoch && !st.Disrupted && st.Supply != NoSupply && d.Units[a].Kind != SD
			}) {
				choose(u)
			}
		}
	case 8: // Desperate Attack: an Italian unit and an adjacent Allied unit
		for u := range d.Units {
			st := &s.Pos.Units[u]
			if !s.onMap(u, Italian) || d.Units[u].Artillery || st.Disrupted || st.Supply == NoSupply {
				continue
			}
			for _, l := range d.Hexes[st.Hex].Links {
				// 3.2: a unit in an Entry hex may be the target of a Minor
				// Order; across its arrow it is adjacent (4.1).
				if !s.terrainOpen(d.Units[u].Kind == Mobile, int(st.Hex), l.To, l) {
					continue
				}
				for v := range d.Units {
					if s.Pos.at(v, l.To) && d.Units[v].Side == Allied && d.Units[v].Kind != SD {
						dst = append(dst, engine.Action{Op: opDuel, A: int16(u), B: int16(v)})
					}
				}
			}
		}
	case 3: // Stragglers
		for u := range d.Units {
			unit := &d.Units[u]
			if s.onMap(u, Italian) && !unit.Elite && unit.Kind == Foot && !unit.Artillery && s.regainable(u) &&
				s.inRangeOfFS(Italian, int(s.Pos.Units[u].Hex)) {
				choose(u)
			}
		}
	case 1: // Replacements: "a second Foot unit", not the first again
		for u := range d.Units {
			if s.onMap(u, Allied) && s.replaceable(u) && (s.Picks == 0 || u != int(s.Mover)) {
				choose(u)
			}
		}
		if s.Picks > 0 {
			dst = append(dst, engine.Action{Op: opPass})
		}
	}
	return dst
}

// replaceable reports whether Allied unit u may get a Replacement now
// (Order 1): a Foot unit regaining a step, or a depleted SD reloaded,
// within range of an FS, or for the first only of an LS that is in an
// Entry hex or within range of an FS.
func (s *State) replaceable(u int) bool {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	switch {
	case unit.Kind == SD:
		if !st.Flipped {
			return false
		}
	case unit.Kind != Foot || !s.regainable(u):
		return false
	}
	h := int(st.Hex)
	if s.inRangeOfFS(Allied, h) {
		return true
	}
	if s.Picks > 0 {
		return false // the second only within range of an FS
	}
	for i, src := range s.d.AlliedSupply {
		if s.Markers[i] == MarkerLS && (s.d.Hexes[src.Hex].Entry >= 0 || s.inRangeOfFS(Allied, src.Hex)) &&
			s.d.Reaches(&s.Pos, Allied, src.Hex, SupplyRange*MP, h) {
			return true
		}
	}
	return false
}

// applyMinor plays a choice of the Minor Order under way.
func (s *State) applyMinor(a engine.Action) {
	p := int(s.Current)
	u := int(a.A)
	done := true
	switch p {
	case 43:
		die := s.roll()
		s.logf("9", engine.Observer, "air-bombardment", s.d.Units[u].ID, strconv.Itoa(die))
		if die >= 5 {
			s.Pos.Units[u].Disrupted = true
		}
		s.Picks--
		done = s.Picks <= 0
	case 40:
		die := s.roll()
		s.logf("9", engine.Observer, "thirst", s.d.Units[u].ID, strconv.Itoa(die))
		if die >= 5 {
			s.Pos.Units[u].Disrupted = true
			if s.Pos.Units[u].Supply == NoSupply {
				s.loseStep(u, "9")
			}
		}
	case 37, 30, 7:
		if !s.dig(s.d.Orders[p].Side, int(a.A)) {
			s.Target, s.Step = a.A, stDigFrom // which Trench from the map
			return
		}
	case 32, 21:
		s.Pos.Units[u].Disrupted = false
		s.logf("9", engine.Observer, "reorganised", s.d.Units[u].ID)
	case 16:
		need := 5
		if s.adjacentTo(Italian, int(s.Pos.Units[u].Hex), func(x int) bool { return s.d.Units[x].Artillery }) {
			need = 4
		}
		die := s.roll()
		s.logf("9", engine.Observer, "rough-logistics", s.d.Units[u].ID, strconv.Itoa(die))
		if die >= need {
			s.Pos.Units[u].Flipped = true
		}
	case 12:
		die := s.roll()
		s.logf("9", engine.Observer, "surrender-call", s.d.Units[u].ID, strconv.Itoa(die))
		if die >= 5 {
			s.loseStep(u, "9")
		}
	case 8:
		v := int(a.B)
		h := int(s.Pos.Units[v].Hex)
		s.logf("9", engine.Observer, "desperate-attack", s.d.Units[u].ID, s.d.Units[v].ID)
		// "The Italian unit (if it still exists afterwards) may advance":
		// a remnant that replaced it is its last steps (1.4, ruling P26).
		u = s.loseStep(u, "9")
		s.loseStep(v, "9")
		// 1.1: never into an Allied Entry hex, which only Allied units occupy.
		if u >= 0 && !s.d.Occupied(&s.Pos, Allied, h) && s.fits(u, h) && !s.d.enemyEntry(Italian, h) {
			s.Target, s.Mover = int16(h), int16(u)
			s.Step = stMinorAdvance
			return
		}
	case 3:
		die := s.roll()
		s.logf("9", engine.Observer, "stragglers", s.d.Units[u].ID, strconv.Itoa(die))
		if die >= 5 {
			s.gainStep(u, "9")
		}
	case 1:
		if a.Op == opPass {
			break
		}
		if s.d.Units[u].Kind == SD {
			s.Pos.Units[u].Flipped = false
			s.logf("9", engine.Observer, "reloaded", s.d.Units[u].ID)
			s.Mover = int16(u)
		} else {
			s.Mover = int16(s.gainStep(u, "9")) // the first unit, left out of the second pick
		}
		s.Picks++
		done = s.Picks >= 2 || len(s.minorTargets(1, nil)) <= 1
	}
	if done {
		s.Mover = -1
		s.finishOrder()
	}
}

// dig places side's Trench on hex h from its sheet (Orders 37, 30, 7; 44);
// with none left it reports false: the player takes one from the map.
func (s *State) dig(side engine.Side, h int) bool {
	for i, t := range s.Pos.Trench {
		if s.Pos.Owner[i] == side && t == -1 {
			s.Pos.Trench[i] = int16(h)
			s.logf("9", engine.Observer, "dig", s.d.Hexes[h].ID)
			return true
		}
	}
	return false
}

// moveTrench takes side's Trench from hex from to hex to (Orders 37, 30,
// 7: "take … Trench from the map").
func (s *State) moveTrench(side engine.Side, from, to int) {
	for i, t := range s.Pos.Trench {
		if s.Pos.Owner[i] == side && int(t) == from {
			s.Pos.Trench[i] = int16(to)
			s.logf("9", engine.Observer, "dig", s.d.Hexes[to].ID)
			return
		}
	}
}
