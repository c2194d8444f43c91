package wdf

import (
	"strconv"

	"sandtable/internal/engine"
)

// beginReplacements is the Replacements Segment (7.6): the turn's points,
// plus one for the Axis at Supply Level Normal or Excellent (7.63), one
// more armor point for the Allies with the Special Allied Convoy and none
// for the Axis with Axis Forces Diverted (5.0) (replSlots); the Allied
// armor refit (7.62) is automatic.
func (s *State) beginReplacements(side engine.Side) {
	s.Repl = int8(len(s.replSlots(side)))
	s.ReplTo = [maxRepl + 1]int16{}
	if side == Allied {
		s.refit()
	}
	if s.replsLeft(side) {
		s.Step, s.Decider = stRepl, side
		return
	}
	s.endReplacements(side)
}

// endReplacements loses the unused points (7.6: they are not kept).
func (s *State) endReplacements(side engine.Side) {
	if s.Repl > 0 {
		s.logf("7.6", engine.Observer, "replLost", s.sideName(side), strconv.Itoa(int(s.Repl)))
	}
	s.Repl = 0
	s.RefitDue = false
	s.afterReplacements()
}

// replsLeft reports whether the segment still has a choice: a point and
// a unit to spend it on, or the armor refit (7.6, 7.62).
func (s *State) replsLeft(side engine.Side) bool {
	return (s.Repl > 0 && len(s.replaceable(side)) > 0) || (side == Allied && s.RefitDue)
}

// refit is the Allied armor refit (7.62): with one reduced armor unit in
// the Reserve Box it is restored at once; with several the Allied player
// chooses ("refit UNIT") in the Replacements Segment; with none the refit
// is lost.
func (s *State) refit() {
	s.RefitDue = false
	switch c := s.refitCandidates(); len(c) {
	case 0:
	case 1:
		s.doRefit(c[0])
	default:
		s.RefitDue = true
	}
}

// refitCandidates lists the reduced Allied armor units in the Reserve Box.
func (s *State) refitCandidates() []int {
	var out []int
	for u, def := range s.d.Units {
		us := &s.Pos.Units[u]
		if def.Side == Allied && def.Type == Armor && us.Box == BoxReserve && us.Reduced {
			out = append(out, u)
		}
	}
	return out
}

// doRefit restores u to full strength (7.62).
func (s *State) doRefit(u int) {
	s.Pos.Units[u].Reduced = false
	s.RefitDue = false
	s.logf("7.62", engine.Observer, "refit", s.d.Units[u].Name)
}

// A replSlot is one of a segment's replacement points, by what it may go
// to (7.61, 7.63; 5.0 for the Special Allied Convoy).
type replSlot uint8

const (
	slotAny      replSlot = iota // any unit
	slotNonArmor                 // Allied second point (7.61), Axis extra point (7.63)
	slotArmor                    // the Special Allied Convoy's point (5.0)
	slotItalian                  // Axis, two points: one Italian ...
	slotGerman                   // ... and one German (7.63)
)

// replSlots lists the points side receives this turn by what each may go
// to: the turn's points (7.6), with two Allied points never both for
// armor (7.61) and two Axis points one Italian and one German (7.63); the
// Axis Supply Level's extra non-armor point (7.63); the Special Allied
// Convoy's armor point (5.0). Axis Forces Diverted leaves none.
func (s *State) replSlots(side engine.Side) []replSlot {
	base := s.d.Turns[s.Turn-1].Replacements[side]
	var out []replSlot
	switch {
	case side == Axis && s.event() == "axis-forces-diverted":
		return nil
	case base >= 2 && side == Allied:
		out = append(out, slotAny)
		for range base - 1 {
			out = append(out, slotNonArmor)
		}
	case base >= 2:
		out = append(out, slotItalian, slotGerman)
	case base == 1:
		out = append(out, slotAny)
	}
	if side == Axis && s.Pos.Level >= SupplyNormal {
		out = append(out, slotNonArmor)
	}
	if side == Allied && s.event() == "special-allied-convoy" {
		out = append(out, slotArmor)
	}
	return out
}

// slotFits reports whether a point of kind k may go to unit u.
func (s *State) slotFits(k replSlot, u int) bool {
	def := &s.d.Units[u]
	switch k {
	case slotNonArmor:
		return def.Type != Armor
	case slotArmor:
		return def.Type == Armor
	case slotItalian:
		return def.Nationality == Italian
	case slotGerman:
		return def.Nationality != Italian
	}
	return true
}

// replMatch reports whether every unit of units can have a point of its
// own among slots (7.61, 7.63): a point already spent may be counted
// against any point it fits, not only the one it was first taken from,
// so the order of the picks never blocks a set the rules allow. There are
// at most maxRepl+1 points, so every assignment is tried.
func (s *State) replMatch(units []int, slots []replSlot, used uint8) bool {
	if len(units) == 0 {
		return true
	}
	for i, k := range slots {
		if used&(1<<i) == 0 && s.slotFits(k, units[0]) && s.replMatch(units[1:], slots, used|1<<i) {
			return true
		}
	}
	return false
}

// replSpent lists the units the segment's points went to so far, one
// entry per point (ReplTo).
func (s *State) replSpent() []int {
	var out []int
	for _, v := range s.ReplTo {
		if v > 0 {
			out = append(out, int(v)-1)
		}
	}
	return out
}

// replFree reports whether a point may go to unit u now: the points spent
// so far and this one can still each be matched to a point of the turn
// (7.61, 7.63).
func (s *State) replFree(u int) bool {
	spent := s.replSpent()
	if len(spent) >= len(s.ReplTo) {
		return false
	}
	return s.replMatch(append(spent, u), s.replSlots(s.d.Units[u].Side), 0)
}

// replaceable lists the units side may give a replacement point to now
// (7.6): reduced units on the map that are supplied and not in an EZOC,
// reduced Allied units in the Reserve Box, recoverable eliminated units,
// and units already returning at reduced strength.
func (s *State) replaceable(side engine.Side) []int {
	if s.Repl <= 0 {
		return nil
	}
	b := s.board()
	var sup *SupplyReport
	var out []int
	for u, def := range s.d.Units {
		us := &s.Pos.Units[u]
		if def.Side != side {
			continue
		}
		ok := false
		switch us.Box {
		case BoxMap:
			if us.Reduced && !b.EZOC(side, int(us.Hex)) {
				if sup == nil {
					sup = b.report(side)
				}
				ok = sup.Supplied[u]
			}
		case BoxReserve, BoxReturning:
			ok = us.Reduced
		case BoxRecoverable:
			ok = true
		}
		if ok && s.replFree(u) {
			out = append(out, u)
		}
	}
	return out
}

// replace spends one point on unit u (7.6): a reduced unit is restored; a
// recoverable eliminated unit returns as a reinforcement, reduced (a
// one-step unit whole).
func (s *State) replace(u int) {
	for i := range s.ReplTo {
		if s.ReplTo[i] == 0 {
			s.ReplTo[i] = int16(u + 1)
			break
		}
	}
	s.Repl--
	us := &s.Pos.Units[u]
	def := &s.d.Units[u]
	what := "restored"
	if us.Box == BoxRecoverable {
		*us = UnitState{Box: BoxReturning, Hex: NoHex, Reduced: def.Steps == 2}
		what = "returns"
	} else {
		us.Reduced = false
	}
	s.logf("7.6", engine.Observer, "replaced", def.Name, what)
}
