package wdf

import (
	"strconv"

	"sandtable/internal/engine"
)

// MinOnMap is the number of Allied units on the map that withdrawals for
// the reserve requirement may not go below (7.4, 7.8): a unit may be
// withdrawn while more than six are on the map. 7.4's words ("would cause
// him to have six or fewer units") would stop at seven; the 7.8 example
// withdraws from seven to six, "the on-map six-unit minimum", and the
// engine follows it (ruling W30).
const MinOnMap = 6

// reserveValue is unit u's worth in the Reserve Box in half units (7.4):
// a full-strength two-step unit 2, a reduced one or a one-step unit 1.
func (s *State) reserveValue(u int) int {
	if s.d.Units[u].Steps == 2 && !s.Pos.Units[u].Reduced {
		return 2
	}
	return 1
}

// reserveHeld is the Reserve Box's worth in half units.
func (s *State) reserveHeld() int {
	n := 0
	for u, def := range s.d.Units {
		if def.Side == Allied && s.Pos.Units[u].Box == BoxReserve {
			n += s.reserveValue(u)
		}
	}
	return n
}

// onMap counts side's combat units on the map.
func (s *State) onMap(side engine.Side) int {
	n := 0
	for u, def := range s.d.Units {
		if def.Side == side && s.Pos.Units[u].Box == BoxMap {
			n++
		}
	}
	return n
}

// dueAllied reports whether u is an Allied reinforcement that may still
// be placed this turn (7.7), or a returning replaced unit (7.6).
func (s *State) dueAllied(u int) bool {
	def := &s.d.Units[u]
	us := &s.Pos.Units[u]
	return def.Side == Allied && (us.Box == BoxReturning || (us.Box == BoxNotArrived && def.Arrives > 0 && def.Arrives <= int(s.Turn)))
}

// beginReserves opens the Allied Reinforcement-Withdrawal Segment (7.7,
// 7.8): units supplied now may be withdrawn during it.
func (s *State) beginReserves() {
	sup := s.board().report(Allied)
	for u := range s.d.Units {
		s.Flags[u] &^= fWithdrawable
		if sup.Supplied[u] {
			s.Flags[u] |= fWithdrawable
		}
	}
	s.Step, s.Decider = stReserve, Allied
}

// legalReserves lists the segment's choices (7.4, 7.8): send a due
// reinforcement or a supplied unit on the map (while more than six stay)
// to the Reserve Box while the requirement is not met; release a
// full-strength or one-step reserve unit the requirement does not need;
// end the segment once the requirement is met or cannot be.
func (s *State) legalReserves(dst []engine.Action) []engine.Action {
	need, held := 2*int(s.ReserveNeed), s.reserveHeld()
	short := held < need
	canMeet := false
	for u, def := range s.d.Units {
		if def.Side != Allied {
			continue
		}
		us := &s.Pos.Units[u]
		switch {
		case short && s.dueAllied(u):
			dst = append(dst, engine.Action{Op: opReserve, A: int16(u)})
			canMeet = true
		case short && us.Box == BoxMap && s.Flags[u]&fWithdrawable != 0 && s.onMap(Allied) > MinOnMap:
			dst = append(dst, engine.Action{Op: opReserve, A: int16(u)})
			canMeet = true
		case us.Box == BoxReserve && (def.Steps == 1 || !us.Reduced) && held-s.reserveValue(u) >= need && s.entryOpen(Allied):
			dst = append(dst, engine.Action{Op: opRelease, A: int16(u)})
		}
	}
	if l := s.arrivingLeader(); l >= 0 && s.entryOpen(Allied) {
		dst = append(dst, engine.Action{Op: opSwap, A: int16(l)})
	}
	if !short || !canMeet {
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

// arrivingLeader returns the Allied leader piece arriving this turn while
// another Allied leader is in play, or -1: Montgomery on turn 21, or on
// the first turn after it with Alexandria free if he had to wait (13.7,
// ruling W34: his Due is then the turn he waits for).
func (s *State) arrivingLeader() int {
	for l, def := range s.d.Leaders {
		ls := &s.Pos.Leaders[l]
		due := int(ls.Due) == int(s.Turn) || (ls.Due == 0 && def.Arrives == int(s.Turn))
		if def.Side == Allied && def.Arrives > 0 && ls.Hex < 0 && ls.Face == 0 && due && s.alliedLeaderInPlay(l) {
			return l
		}
	}
	return -1
}

// alliedLeaderInPlay reports whether an Allied leader other than l is in
// play (leaderInPlay).
func (s *State) alliedLeaderInPlay(l int) bool {
	for k, def := range s.d.Leaders {
		if k != l && def.Side == Allied && s.leaderInPlay(k) {
			return true
		}
	}
	return false
}

// leaderInPlay reports whether leader k is in play (13.7: "if still in
// play"): on the map, or off it and due back on the turn track (13.6: the
// secondary leader returns the next turn; W34: later if Alexandria is
// held).
func (s *State) leaderInPlay(k int) bool {
	ks := &s.Pos.Leaders[k]
	return ks.Face >= 0 && (ks.Hex >= 0 || ks.Due > 0)
}

// swapLeader brings leader l in at Alexandria and withdraws the Allied
// leader in play for good (13.7), on the map or due to return.
func (s *State) swapLeader(l int) {
	for k, def := range s.d.Leaders {
		if k != l && def.Side == Allied && s.leaderInPlay(k) {
			s.Pos.Leaders[k].Hex, s.Pos.Leaders[k].Due = NoHex, -1
			s.logf("13.7", engine.Observer, "leaderOut", s.leaderName(k))
		}
	}
	s.Pos.Leaders[l].Hex, s.Pos.Leaders[l].Due = int16(s.d.EntryHex[Allied]), 0
	s.logf("13.7", engine.Observer, "arrives", s.leaderName(l), s.hexID(s.d.EntryHex[Allied]))
}

// applyReserves plays a segment choice.
func (s *State) applyReserves(a engine.Action) {
	u := int(a.A)
	switch a.Op {
	case opReserve:
		s.Pos.Units[u] = UnitState{Box: BoxReserve, Hex: NoHex, Reduced: s.Pos.Units[u].Reduced}
		s.Pos.tidyIPs()
		s.logf("7.8", engine.Observer, "toReserve", s.d.Units[u].Name)
	case opSwap:
		s.swapLeader(u)
	case opRelease:
		s.Pos.Units[u] = UnitState{Box: BoxMap, Hex: int16(s.d.EntryHex[Allied])}
		s.logf("7.8", engine.Observer, "released", s.d.Units[u].Name, s.hexID(s.d.EntryHex[Allied]))
	case opDone:
		if held, need := s.reserveHeld(), 2*int(s.ReserveNeed); held < need {
			s.ReserveVP += 3 // 7.4, 17.2
			s.logf("7.4", engine.Observer, "reserveShort", halfUnits(held), strconv.Itoa(int(s.ReserveNeed)))
		}
		s.reinforce(Allied)
		s.toMajor()
	}
}

// halfUnits writes a count of half units as "2½".
func halfUnits(h int) string {
	w := strconv.Itoa(h / 2)
	if h%2 == 1 {
		return w + "½"
	}
	return w
}
