package wdf

import (
	"slices"
	"strconv"

	"sandtable/internal/engine"
)

// unitExtras lists unit u's actions in a movement phase other than moves
// (9.1, 9.5): entering its hex's IP (12.2), building or upgrading one
// (12.1) and sea transfer (9.7) in the Regular Movement Phase.
func (s *State) unitExtras(u int, dst []engine.Action) []engine.Action {
	side := s.Phasing
	us := &s.Pos.Units[u]
	def := &s.d.Units[u]
	if def.Side != side || us.Box != BoxMap {
		return dst
	}
	b := s.board()
	if s.canDig(b, u) {
		dst = append(dst, engine.Action{Op: opDig, A: int16(u)})
	}
	if s.Step == stExploit || s.Flags[u]&fMoved != 0 {
		return dst
	}
	if s.canEntrench(b, u) && s.unitSupplied(u) {
		dst = append(dst, engine.Action{Op: opEntrench, A: int16(u)})
	}
	if s.canSea(b, u) {
		dst = append(dst, engine.Action{Op: opSea, A: int16(u)})
	}
	return dst
}

// canDig: 12.2 "Units outside an IP enter it by paying one movement
// point": the unit part way through its move with an MP left, or one that
// has not moved and has an MP to move with, in either movement phase
// (ruling W25). Half an allowance rounded up is an MP whenever the whole
// is (8.2), so supply does not matter here.
func (s *State) canDig(b *Board, u int) bool {
	us := &s.Pos.Units[u]
	if us.InIP || s.Pos.ipIndex(int(us.Hex)) < 0 {
		return false
	}
	return u == s.moving() && s.MoveLeft >= MP || s.Flags[u]&fMoved == 0 && b.MA(u, s.moveKind(), true) >= MP
}

// canEntrench is 12.1 but for supply, which the caller checks last (it
// is the costly test): an AP to spend, a hex where an IP may be built, a
// marker free or an IP-1 built before this turn to upgrade.
func (s *State) canEntrench(b *Board, u int) bool {
	side := s.d.Units[u].Side
	us := &s.Pos.Units[u]
	h := int(us.Hex)
	if s.AP[side] < 1 || !b.IPBuildable(h, side) {
		return false
	}
	k := s.Pos.ipIndex(h)
	return k < 0 && s.Pos.freeIP(s.ipMarkers()) >= 0 || k >= 0 && us.InIP && s.Pos.IPs[k].Level == 1 && s.Pos.IPs[k].Built < s.Turn
}

// canSea: 9.7, a transfer left this turn and the other port not
// enemy-held.
func (s *State) canSea(b *Board, u int) bool {
	h := int(s.Pos.Units[u].Hex)
	p := s.seaPort(h)
	return s.seaLimit()-int(s.SeaUsed) > 0 && p >= 0 && !b.Occupied(1-s.Phasing, p)
}

// leaderMoves lists leader l's moves (13.4).
func (s *State) leaderMoves(l int, dst []engine.Action) []engine.Action {
	ls := &s.Pos.Leaders[l]
	if s.d.Leaders[l].Side != s.Phasing || ls.Hex < 0 || ls.Face < 0 || s.LeaderFlags[l]&fMoved != 0 {
		return dst
	}
	b := s.board()
	for h, c := range b.LeaderReach(l, s.moveKind(), b.LeaderSupplied(l)) {
		if c > 0 && h != int(ls.Hex) {
			dst = append(dst, engine.Action{Op: opLead, A: int16(l), B: int16(h)})
		}
	}
	return dst
}

// depotMoves lists the depot's exploitation moves (7.16): with a Major
// Offensive, once, to a hex of its road zone or the next.
func (s *State) depotMoves(dst []engine.Action) []engine.Action {
	side := s.Phasing
	if s.Step != stExploit || !s.Pos.Major[side] || s.Pos.DepotMoved[side] || s.DepotShifted || s.Pos.Depot[side] < 0 {
		return dst
	}
	z := int(s.d.ZoneOf(side, int(s.Pos.Depot[side])))
	for _, h := range s.depotHexes(side) {
		if dz := int(s.d.ZoneOf(side, h)) - z; dz >= -1 && dz <= 1 {
			dst = append(dst, engine.Action{Op: opDepot, A: int16(h)})
		}
	}
	return dst
}

// ipMarkers is the number of IP markers in the game (12.0).
func (s *State) ipMarkers() int {
	for _, m := range s.d.Markers {
		if m.Kind == IPMarker {
			return m.Count
		}
	}
	return 0
}

// entrench builds an IP-1 under unit u, or upgrades its IP-1 to IP-2, for
// one AP (12.1). The unit may not move this phase.
func (s *State) entrench(u int) {
	side := s.d.Units[u].Side
	h := int(s.Pos.Units[u].Hex)
	s.AP[side]--
	s.Flags[u] |= fMoved
	if k := s.Pos.ipIndex(h); k >= 0 {
		s.Pos.IPs[k].Level, s.Pos.IPs[k].Built = 2, s.Turn
		s.logf("12.1", engine.Observer, "ip", s.d.Units[u].Name, s.hexID(h), "2")
		return
	}
	k := s.Pos.freeIP(s.ipMarkers())
	s.Pos.IPs[k] = IPState{Hex: int16(h), Level: 1, Built: s.Turn}
	s.Pos.Units[u].InIP = true
	s.logf("12.1", engine.Observer, "ip", s.d.Units[u].Name, s.hexID(h), "1")
}

// dig puts unit u beneath its hex's IP marker for one MP (12.2): at the
// end of its move, or as its whole move if it has not moved (ruling W25).
func (s *State) dig(u int) {
	s.Pos.Units[u].InIP = true
	s.Flags[u] |= fMoved
	s.MoveUnit, s.MoveLeft = 0, 0
	s.logf("12.2", engine.Observer, "dig", s.d.Units[u].Name, s.hexID(int(s.Pos.Units[u].Hex)))
}

// seaLimit is how many units the Allies may move by sea this turn (9.7):
// none unless they control Tobruk; one, two with Naval Support.
func (s *State) seaLimit() int {
	switch {
	case s.Phasing != Allied || s.Pos.TobrukControl != Allied:
		return 0
	case s.Pos.Naval:
		return 2
	}
	return 1
}

// seaPort returns the other port of a sea transfer from hex h (9.7), or -1.
func (s *State) seaPort(h int) int {
	switch h {
	case s.d.Tobruk:
		return s.d.Alexandria
	case s.d.Alexandria:
		return s.d.Tobruk
	}
	return -1
}

// seaTransfer moves unit u between Tobruk and Alexandria (9.7): its whole
// move for the turn, so it does not move again in the Exploitation
// Movement Phase.
func (s *State) seaTransfer(u int) {
	from := int(s.Pos.Units[u].Hex)
	s.SeaUsed++
	s.jump(u, s.seaPort(from), "9.7")
	s.Flags[u] |= fSea // 9.7: "it may not use Strategic or Exploit Movement"
	s.logf("9.7", engine.Observer, "sea", s.d.Units[u].Name)
}

// moveLeader moves leader l to hex h (13.4).
func (s *State) moveLeader(l, h int) {
	from := int(s.Pos.Leaders[l].Hex)
	s.Pos.Leaders[l].Hex = int16(h)
	s.LeaderFlags[l] |= fMoved
	s.logf("13.4", engine.Observer, "moves", s.leaderName(l), s.hexID(from), s.hexID(h))
}

func (s *State) leaderName(l int) string {
	ls := &s.Pos.Leaders[l]
	if ls.Face < 0 {
		return s.d.Leaders[l].ID
	}
	return s.d.Leaders[l].Faces[ls.Face].Name
}

// afterElimination follows the elimination of one of side's units in hex
// h: empty IPs go (12.1), and side's leaders in h are marked for the
// casualty check of 13.6, made once for the whole event when it ends
// (settleCasualties).
func (s *State) afterElimination(side engine.Side, h int) {
	s.Pos.tidyIPs()
	for l := range s.d.Leaders {
		if s.d.Leaders[l].Side == side && int(s.Pos.Leaders[l].Hex) == h && s.Pos.Leaders[l].Face >= 0 {
			s.Bereft[l] = true
		}
	}
}

// settleCasualties makes the casualty checks of 13.6 for the event that
// has just ended, one per leader however many of his units it cost (ruling
// W27): on 1 if units remain with him, on 1-3 if none does (and a survivor
// goes to the nearest friendly unit).
//
// Two Axis leaders in the hex (13.2, 13.6): while units remain, only the
// one whose values the stack uses is checked (in a combat, the one the
// Axis player chose, ruling W37); when none does, both are.
func (s *State) settleCasualties() {
	for l := range s.d.Leaders {
		if !s.Bereft[l] {
			continue
		}
		side, h := s.d.Leaders[l].Side, int(s.Pos.Leaders[l].Hex)
		var here []int
		for m := range s.d.Leaders {
			if s.Bereft[m] && s.d.Leaders[m].Side == side && int(s.Pos.Leaders[m].Hex) == h {
				here = append(here, m)
				s.Bereft[m] = false
			}
		}
		s.Bereft[l] = false
		if h < 0 || s.Pos.Leaders[l].Face < 0 {
			continue // already gone
		}
		if !s.board().Occupied(side, h) {
			for _, m := range here {
				s.leaderCasualty(m, 3, true)
			}
			continue
		}
		used := s.usedLeader(side, here)
		if c := int(s.Bat.Leader) - 1; c >= 0 && slices.Contains(here, c) {
			used = c // 13.6: "the leader that participated in the combat" (13.2: the one chosen)
		}
		s.leaderCasualty(used, 1, false)
	}
}

// usedLeader is the leader of ls (side's, in one hex) whose values the
// stack uses outside a combat choice (13.2, ruling W37): the higher attack
// value when its side is phasing, defense otherwise, then range, then the
// first piece.
func (s *State) usedLeader(side engine.Side, ls []int) int {
	key := func(l int) [2]int {
		f := s.Pos.leaderFace(s.d, l)
		if side == s.Phasing {
			return [2]int{f.Attack, f.Range}
		}
		return [2]int{f.Defense, f.Range}
	}
	best := ls[0]
	for _, l := range ls[1:] {
		if k, b := key(l), key(best); k[0] > b[0] || (k[0] == b[0] && k[1] > b[1]) {
			best = l
		}
	}
	return best
}

// leaderCasualty rolls for leader l (13.6): on threshold or less it is a
// casualty: a primary leader flips and returns next turn as a
// reinforcement, a secondary leader leaves the game. A survivor that must
// move goes to the nearest friendly unit, or to the entry hex if there is
// none (ruling W27).
func (s *State) leaderCasualty(l, threshold int, relocate bool) {
	ls := &s.Pos.Leaders[l]
	side := s.d.Leaders[l].Side
	die := s.roll()
	name := s.leaderName(l)
	if die <= threshold {
		if ls.Face == 0 {
			*ls = LeaderState{Hex: NoHex, Face: 1, Due: s.Turn + 1}
		} else {
			*ls = LeaderState{Hex: NoHex, Face: -1}
		}
		s.logf("13.6", engine.Observer, "leaderLost", name, strconv.Itoa(die))
		return
	}
	s.logf("13.6", engine.Observer, "leaderSafe", name, strconv.Itoa(die))
	if relocate {
		to := s.board().NearestFriendly(side, int(ls.Hex))
		if to < 0 {
			to = s.d.EntryHex[side]
			if !s.entryOpen(side) {
				// Ruling W34: no friendly unit and the entry hex held by
				// the enemy: the leader returns next turn.
				*ls = LeaderState{Hex: NoHex, Face: ls.Face, Due: s.Turn + 1}
				s.logf("13.6", engine.Observer, "leaderWaits", name)
				return
			}
		}
		ls.Hex = int16(to)
		s.logf("13.6", engine.Observer, "moves", name, "", s.hexID(to))
	}
}
