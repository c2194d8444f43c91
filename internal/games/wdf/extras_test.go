package wdf

import (
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// has reports whether legal holds action a.
func has(legal []engine.Action, a engine.Action) bool {
	for _, l := range legal {
		if l == a {
			return true
		}
	}
	return false
}

// TestLeaderReach: leaders move at the motorized rate and may not enter
// the enemy depot's or an enemy leader's hex (13.4).
func TestLeaderReach(t *testing.T) {
	d, p := fixture(t, "leader rommel-cruwell 3617\ndepot allied 3618\nleader oconnor-ritchie 3716")
	b := NewBoard(d, p)
	l, _ := d.Leader("rommel-cruwell")
	cost := b.LeaderReach(l, RegularMove, true)
	if c := cost[hx(t, d, "3621")]; c != 30 { // around the depot's hex
		t.Errorf("Rommel to 3621: %d, want 30", c)
	}
	for _, id := range []string{"3618", "3716"} {
		if c := cost[hx(t, d, id)]; c != -1 {
			t.Errorf("Rommel into %s: %d, want -1", id, c)
		}
	}
	if got := b.LeaderMA(l, ExploitMove, true); got != 3*MP {
		t.Errorf("exploitation MA %d, want %d", got, 3*MP)
	}
	p.Level = SupplyBad
	if got := NewBoard(d, p).LeaderMA(l, RegularMove, false); got != 2*MP {
		t.Errorf("Bad supply, unsupplied MA %d, want %d", got, 2*MP)
	}
}

// TestLeaderCasualty: an enemy unit entering a leader's hex makes a
// casualty check on 1-3 (13.4, 13.6).
func TestLeaderCasualty(t *testing.T) {
	for seed := range uint64(12) {
		s := stateAt(t, "leader rommel-cruwell 3618\nunit 4-armd 3617\nunit pavia 2710", 5, Allied)
		s.Rng = engine.NewRand(seed)
		r := s.Rng
		die := r.D6()
		s.Step = stMove
		s.moveUnit(unit(t, s.d, "4-armd"), hx(t, s.d, "3618"), false, -1)
		ls := s.Pos.Leaders[2]
		if die <= 3 {
			if ls.Face != 1 || ls.Hex != NoHex || ls.Due != 6 {
				t.Errorf("seed %d die %d: %+v, want Crüwell due on turn 6", seed, die, ls)
			}
		} else if ls.Face != 0 || int(ls.Hex) != hx(t, s.d, "2710") {
			t.Errorf("seed %d die %d: %+v, want Rommel moved to the Axis unit at 2710", seed, die, ls)
		}
	}
}

// TestImprovedPositions: building, upgrading, limits and removal (12.1,
// 12.2).
func TestImprovedPositions(t *testing.T) {
	s := stateAt(t, "unit aus-16 3617\nunit aus-17 3617\nunit aus-19 3408\nunit sirte 2710", 5, Allied)
	s.Pos.TobrukControl = Allied
	s.AP[Allied] = 2
	s.beginMovement()
	u16, u17, u19 := unit(t, s.d, "aus-16"), unit(t, s.d, "aus-17"), unit(t, s.d, "aus-19")
	legal := legalAll(s, Allied)
	if !has(legal, engine.Action{Op: opEntrench, A: int16(u16)}) {
		t.Fatal("no entrench for a supplied unit in clear terrain")
	}
	if has(legal, engine.Action{Op: opEntrench, A: int16(u19)}) {
		t.Error("entrench offered in Tobruk (12.2)")
	}
	s.ApplyUnchecked(Allied, engine.Action{Op: opEntrench, A: int16(u16)})
	if s.AP[Allied] != 1 || !s.Pos.Units[u16].InIP || s.Pos.ipAt(hx(t, s.d, "3617")) != 1 {
		t.Fatalf("after entrench: AP %d, InIP %v, IP %d", s.AP[Allied], s.Pos.Units[u16].InIP, s.Pos.ipAt(hx(t, s.d, "3617")))
	}
	legal = legalAll(s, Allied)
	if has(legal, engine.Action{Op: opEntrench, A: int16(u16)}) || has(legal, engine.Action{Op: opMove, A: int16(u16), B: int16(hx(t, s.d, "3618"))}) {
		t.Error("the building unit may still act")
	}
	if !has(legal, engine.Action{Op: opDig, A: int16(u17)}) {
		t.Error("the other unit may not enter the IP")
	}
	if has(legal, engine.Action{Op: opEntrench, A: int16(u17)}) {
		t.Error("a second IP or a same-turn upgrade offered")
	}
	// Next turn: upgrade.
	s.Turn++
	s.beginMovement()
	s.ApplyUnchecked(Allied, engine.Action{Op: opEntrench, A: int16(u16)})
	if s.Pos.ipAt(hx(t, s.d, "3617")) != 2 || s.AP[Allied] != 0 {
		t.Errorf("upgrade: IP %d, AP %d", s.Pos.ipAt(hx(t, s.d, "3617")), s.AP[Allied])
	}
	// Leaving empties and removes it.
	s.Turn++
	s.beginMovement()
	s.moveUnit(u16, hx(t, s.d, "3618"), false, -1)
	if s.Pos.ipAt(hx(t, s.d, "3617")) != 0 {
		t.Error("empty IP not removed")
	}
	// Not in an EZOC, even negated.
	s = stateAt(t, "unit aus-16 3617\nunit aus-17 3618\nunit sirte 3619", 5, Allied)
	s.AP[Allied] = 2
	s.beginMovement()
	if has(legalAll(s, Allied), engine.Action{Op: opEntrench, A: int16(unit(t, s.d, "aus-17"))}) {
		t.Error("entrench offered in an EZOC")
	}
}

// TestSeaTransfer: with Tobruk, one unit (two with Naval Support) moves
// between Tobruk and Alexandria (9.7).
func TestSeaTransfer(t *testing.T) {
	s := stateAt(t, "unit aus-16 6508\nunit aus-17 6508\nunit aus-19 3408", 5, Allied)
	s.Pos.TobrukControl = Allied
	s.beginMovement()
	a := engine.Action{Op: opSea, A: int16(unit(t, s.d, "aus-16"))}
	if !has(legalAll(s, Allied), a) {
		t.Fatal("no sea transfer")
	}
	s.ApplyUnchecked(Allied, a)
	if int(s.Pos.Units[a.A].Hex) != s.d.Tobruk {
		t.Error("unit not in Tobruk")
	}
	for _, l := range legalAll(s, Allied) {
		if l.Op == opSea {
			t.Error("second sea transfer without Naval Support")
		}
	}
	// 9.7: the transfer is the unit's whole move; it may not exploit, even
	// in a Major Offensive (where infantry exploits at half MA, 9.5).
	s.Pos.Major[Allied] = true
	s.beginExploitation()
	if hasUnitMove(s, int(a.A)) {
		t.Error("the unit moved by sea exploits")
	}
	if !hasUnitMove(s, unit(t, s.d, "aus-17")) {
		t.Error("a unit that did not move by sea may not exploit in a Major Offensive")
	}
	s.Pos.Major[Allied] = false
	s.Pos.TobrukControl = Axis
	s.SeaUsed = 0
	s.beginMovement()
	for _, l := range legalAll(s, Allied) {
		if l.Op == opSea {
			t.Error("sea transfer without Tobruk")
		}
	}
}

// TestDepotExploitation: with a Major Offensive the depot may move within
// its zone or to an adjacent one in the Exploitation Movement Phase
// (7.16).
func TestDepotExploitation(t *testing.T) {
	s := stateAt(t, "depot allied 5109\nmajor allied", 5, Allied)
	s.beginExploitation()
	n := 0
	for _, a := range legalAll(s, Allied) {
		if a.Op != opDepot {
			continue
		}
		n++
		if z := s.d.ZoneOf(Allied, int(a.A)); z < 1 || z > 3 {
			t.Errorf("depot to %s in zone %s", s.hexID(int(a.A)), z.Letter())
		}
	}
	if n == 0 {
		t.Fatal("no depot exploitation move")
	}
	s.Pos.DepotMoved[Allied] = true
	for _, a := range legalAll(s, Allied) {
		if a.Op == opDepot {
			t.Fatal("a depot on its Moved side moved in exploitation")
		}
	}
	s.Pos.DepotMoved[Allied], s.Pos.Major[Allied] = false, false
	for _, a := range legalAll(s, Allied) {
		if a.Op == opDepot {
			t.Fatal("depot exploitation without a Major Offensive")
		}
	}
}

// hasUnitMove reports whether a move of unit u is legal now.
func hasUnitMove(s *State, u int) bool {
	for _, l := range legalAll(s, s.Decider) {
		if l.Op == opMove && int(l.A) == u {
			return true
		}
	}
	return false
}

// TestTwoLeadersCasualty: with Rommel and Bergonzoli stacked, the loss of
// one of several units checks only the leader whose values the stack uses
// (Rommel), one die; the loss of the last unit checks both (13.2, 13.6).
func TestTwoLeadersCasualty(t *testing.T) {
	const fix = "leader rommel-cruwell 3618\nleader bergonzoli-gambara 3618\nunit pavia 3618\nunit sirte 3618\nunit bologna 2710"
	s := stateAt(t, fix, 5, Allied)
	s.stepLoss(s.board(), unit(t, s.d, "pavia"), "10.21")
	s.stepLoss(s.board(), unit(t, s.d, "pavia"), "10.21")
	s.settleCasualties()
	if s.Epoch() != 1 {
		t.Errorf("one of two units eliminated: %d casualty dice, want 1 (Rommel's)", s.Epoch())
	}
	for _, e := range s.TakeLog() {
		if (e.Key == "leaderLost" || e.Key == "leaderSafe") && e.Args[0] != "Rommel" {
			t.Errorf("casualty check for %s, want Rommel only", e.Args[0])
		}
	}
	s = stateAt(t, fix, 5, Allied)
	s.Pos.Units[unit(t, s.d, "sirte")] = UnitState{Box: BoxNotArrived, Hex: NoHex}
	s.stepLoss(s.board(), unit(t, s.d, "pavia"), "10.21")
	s.stepLoss(s.board(), unit(t, s.d, "pavia"), "10.21")
	s.settleCasualties()
	if s.Epoch() != 2 {
		t.Errorf("last unit eliminated: %d casualty dice, want 2 (both leaders)", s.Epoch())
	}
}

// leaderChecks returns the casualty checks (13.6) in s's log: "lost" or
// "safe" for each.
func leaderChecks(s *State) []string {
	var out []string
	for _, e := range s.TakeLog() {
		switch e.Key {
		case "leaderLost":
			out = append(out, "lost")
		case "leaderSafe":
			out = append(out, "safe")
		}
	}
	return out
}

// TestOneCasualtyCheckPerEvent: 13.6 describes one check for one event.
// An overwhelming attack that eliminates Cirene and Pavia, both stacked
// with Bergonzoli, is the loss of the whole stack: one die, a casualty on
// 1-3 (today's die: 2); not a check on 1 for the first unit and another
// for the second. The same for several units lost to attrition at once.
func TestOneCasualtyCheckPerEvent(t *testing.T) {
	const fix = "unit cirene 3618 reduced\nunit pavia 3618 reduced\nleader bergonzoli-gambara 3618\nunit bologna 2710\n" +
		"unit 4-armd 3617\nunit 7-armd 3617\nunit 7-sg 3617\ndepot allied 3617"
	s := combatAt(t, fix, 5, Allied)
	s.AP[Allied] = 3
	// The British stack rolls 13 dice (the 10.13 example's) against a
	// final CS of 3: five sixes overwhelm (10.24); then the casualty die.
	faces := []string{"6", "6", "6", "6", "6"}
	for range 8 {
		faces = append(faces, "123456")
	}
	s.Rng = enginetest.Dice(t, append(faces, "2")...)
	mustApply(t, s, Allied, "attack 3617 3618")
	mustApply(t, s, Allied, "resolve ap")
	if got := leaderChecks(s); len(got) != 1 || got[0] != "lost" {
		t.Errorf("overwhelming attack on the stack: casualty checks %v, want one, lost on the die of 2 (1-3)", got)
	}

	// Attrition (8.3): both units, out of supply far from home, lose their
	// last step together.
	s = stateAt(t, "unit cirene 5910 reduced\nunit pavia 5910 reduced\nleader bergonzoli-gambara 5910\nunit bologna 2710\nunit aus-16 6010\nunit aus-17 5810", 5, Axis)
	if sup := s.board().Supply(Axis); sup.Supplied[unit(t, s.d, "cirene")] {
		t.Fatal("the fixture's units must be out of supply")
	}
	s.Rng = enginetest.Dice(t, "2")
	s.attrition()
	if got := leaderChecks(s); len(got) != 1 || got[0] != "lost" {
		t.Errorf("attrition eliminating the stack: casualty checks %v, want one, lost on the die of 2 (1-3)", got)
	}
}

// legalAll is Legal with, in a movement phase, the actions of every piece
// offered for choosing (ruling W38: a piece's actions are listed once it
// is chosen), so that tests can ask whether a move is open as before.
func legalAll(s *State, side engine.Side) []engine.Action {
	legal := s.Legal(side, nil)
	if s.Step != stMove && s.Step != stExploit {
		return legal
	}
	for _, a := range legal {
		if a.Op == opPick {
			legal = s.pieceActions(int(a.A), legal)
		}
	}
	return legal
}

// TestSeaTransferCombat: a unit moved by sea may attack in the Regular
// Combat Phase (9.7: "It may participate in combat") but not in the
// Exploitation Combat Phase, where "only units capable of Exploitation
// Movement may attack" (10.0) and the transfer forbids it Exploit
// Movement (9.7); the unit beside it that did not go by sea may (ruling
// W39).
func TestSeaTransferCombat(t *testing.T) {
	for _, c := range []struct {
		name      string
		sea, stay string // same type: one goes by sea, one does not
		major     bool
	}{
		{"armor, Normal Offensive", "7-armd", "4-armd", false},
		{"infantry, Major Offensive", "aus-16", "aus-17", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := stateAt(t, "unit "+c.sea+" 6508\nunit "+c.stay+" 3408\nunit pavia 3308", 5, Allied)
			s.Pos.TobrukControl = Allied
			s.Pos.Major[Allied] = c.major
			s.beginMovement()
			sea, stay := unit(t, s.d, c.sea), unit(t, s.d, c.stay)
			s.ApplyUnchecked(Allied, engine.Action{Op: opSea, A: int16(sea)})
			if int(s.Pos.Units[sea].Hex) != s.d.Tobruk {
				t.Fatal("no sea transfer")
			}
			s.Step = stCombat
			if !s.canAttack(sea) {
				t.Error("Regular Combat Phase: the unit moved by sea may not attack (9.7)")
			}
			s.Step = stExploitC
			if s.canAttack(sea) {
				t.Error("Exploitation Combat Phase: the unit moved by sea may attack (10.0, 9.7)")
			}
			if !s.canAttack(stay) {
				t.Error("Exploitation Combat Phase: the unit that stayed may not attack")
			}
		})
	}
}
