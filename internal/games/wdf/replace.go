package wdf

import (
	"strconv"

	"sandtable/internal/engine"
)

// beginReplacements is the Replacements Segment (7.6): the turn's points,
// plus one for the Axis at Supply Level Normal or Excellent (7.63); the
// Allied armor refit (7.62) is automatic.
func (s *State) beginReplacements(side engine.Side) {
	s.Repl = int8(s.d.Turns[s.Turn-1].Replacements[side])
	if side == Axis && s.Pos.Level >= SupplyNormal {
		s.Repl++
	}
	switch {
	case side == Axis && s.event() == "axis-forces-diverted":
		s.Repl = 0
	case side == Allied && s.event() == "special-allied-convoy":
		s.Repl++ // an extra armor replacement (5.0)
	}
	s.ReplUsed = [3]int8{}
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

// replCategory is which of ReplUsed a point for unit u counts against
// and whether one is free (7.61, 7.63).
func (s *State) replCategory(u int) (int, bool) {
	def := &s.d.Units[u]
	base := s.d.Turns[s.Turn-1].Replacements[def.Side]
	if def.Side == Allied {
		k := 1
		if def.Type == Armor {
			k = 0
		}
		// 7.61: with two points, never both for armor. The Special
		// Allied Convoy's extra point is for armor only (5.0).
		armorCap := 1
		if s.event() == "special-allied-convoy" {
			armorCap = 2
		}
		if base >= 2 && k == 0 && int(s.ReplUsed[0]) >= armorCap {
			return k, false
		}
		if k == 1 && int(s.ReplUsed[1]) >= base {
			return k, false
		}
		return k, true
	}
	k := 1 // German
	if def.Nationality == Italian {
		k = 0
	}
	extra := 0
	if s.Pos.Level >= SupplyNormal {
		extra = 1
	}
	baseLeft := base - int(s.ReplUsed[0]+s.ReplUsed[1])
	switch {
	case base >= 2 && s.ReplUsed[k] < 1 && baseLeft > 0:
		return k, true // 7.63: one Italian, one German
	case base < 2 && baseLeft > 0:
		return k, true
	case def.Type != Armor && int(s.ReplUsed[2]) < extra:
		return 2, true // 7.63: the extra point is for non-armor
	}
	return k, false
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
		if _, free := s.replCategory(u); ok && free {
			out = append(out, u)
		}
	}
	return out
}

// replace spends one point on unit u (7.6): a reduced unit is restored; a
// recoverable eliminated unit returns as a reinforcement, reduced (a
// one-step unit whole).
func (s *State) replace(u int) {
	k, _ := s.replCategory(u)
	s.ReplUsed[k]++
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
