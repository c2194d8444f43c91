package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

// TestBombard: air bombardment needs two ASPs and a target within five
// hexes; one hit per two 6s, taken as step losses; never twice on a unit
// in a phase (14.2).
func TestBombard(t *testing.T) {
	for seed := range uint64(30) {
		s := combatAt(t, "unit aus-16 3617\nunit cirene 3618\nunit pavia 4418", 5, Allied)
		s.ASP[Allied] = 5
		s.Rng = engine.NewRand(seed)
		legal := legalAll(s, Allied)
		if has(legal, engine.Action{Op: opBombard, A: int16(hx(t, s.d, "4418")), B: 2}) {
			t.Fatal("bombardment offered beyond five hexes")
		}
		r := s.Rng
		sixes := 0
		for range 3 {
			if r.D6() == 6 {
				sixes++
			}
		}
		mustApply(t, s, Allied, "bombard 3618 3")
		for s.Step != stCombat {
			side := s.Active().Sides()[0]
			s.ApplyUnchecked(side, s.Legal(side, nil)[0])
		}
		cir := s.Pos.Units[unit(t, s.d, "cirene")]
		lost := 0
		if cir.Reduced {
			lost = 1
		}
		if cir.Box != BoxMap {
			lost = 2
		}
		if lost != min(sixes/2, 2) || s.ASP[Allied] != 2 {
			t.Errorf("seed %d: %d sixes, %d steps lost, %d ASPs left", seed, sixes, lost, s.ASP[Allied])
		}
		if cir.Box == BoxMap && has(legalAll(s, Allied), engine.Action{Op: opBombard, A: int16(hx(t, s.d, "3618")), B: 2}) {
			t.Errorf("seed %d: a second bombardment of the same units", seed)
		}
	}
}

// TestNavalShell: Allied naval bombardment of a coastal hex with Naval
// Support, once per turn, in the Regular Combat Phase (15.0).
func TestNavalShell(t *testing.T) {
	s := combatAt(t, "unit aus-16 3309\nunit sirte 3408\nnaval", 5, Allied)
	a := engine.Action{Op: opShell, A: int16(s.d.Tobruk)}
	if !has(legalAll(s, Allied), a) {
		t.Fatal("no naval bombardment of Tobruk")
	}
	mustApply(t, s, Allied, "shell "+s.hexID(s.d.Tobruk))
	for s.Step != stCombat {
		side := s.Active().Sides()[0]
		s.ApplyUnchecked(side, s.Legal(side, nil)[0])
	}
	if s.Epoch() != 2 {
		t.Errorf("naval bombardment rolled %d dice, want 2", s.Epoch())
	}
	for _, l := range legalAll(s, Allied) {
		if l.Op == opShell {
			t.Error("a second naval attack this turn")
		}
	}
	s = combatAt(t, "unit aus-16 3617\nunit cirene 3618\nnaval", 5, Allied)
	for _, l := range legalAll(s, Allied) {
		if l.Op == opShell {
			t.Error("naval bombardment of an inland hex")
		}
	}
}

// TestWithhold: a unit in an IP may stay out of its stack's attack (12.3).
func TestWithhold(t *testing.T) {
	s := combatAt(t, "unit aus-16 3617 ip\nunit aus-17 3617\nip 3617 2\nunit cirene 3618", 5, Allied)
	mustApply(t, s, Allied, "attack 3617 3618")
	if has(legalAll(s, Allied), engine.Action{Op: opWithhold, A: int16(unit(t, s.d, "aus-17"))}) {
		t.Error("a unit outside the IP may stay out")
	}
	mustApply(t, s, Allied, "withhold aus-16")
	mustApply(t, s, Allied, "resolve no-ap")
	// Only aus-17 attacks: CS 3, -2 without an AP (10.3).
	found := false
	for _, e := range s.TakeLog() {
		if e.Key == "combat" {
			found = true
			if e.Args[1] != "1" {
				t.Errorf("attacker's final CS %s, want 1 (aus-17 alone)", e.Args[1])
			}
		}
	}
	if !found {
		t.Error("no combat logged")
	}
	// Ruling W35: the stack made its attack; the withheld unit does not
	// attack separately later in the phase (10.1).
	if s.canAttack(unit(t, s.d, "aus-16")) {
		t.Error("the withheld unit may still attack this phase")
	}
}

// TestMontgomery: on turn 21 the Allied player may bring Montgomery in for
// O'Connor/Ritchie, who never returns (13.7).
func TestMontgomery(t *testing.T) {
	s := stateAt(t, "leader oconnor-ritchie 5109\nunit aus-16 5109", 21, Allied)
	s.Pos.Leaders[1] = LeaderState{Hex: NoHex}
	s.beginReserves()
	mustApply(t, s, Allied, "swap montgomery-lumsden")
	if s.Pos.Leaders[0].Hex != NoHex || s.Pos.Leaders[0].Due != -1 || int(s.Pos.Leaders[1].Hex) != s.d.EntryHex[Allied] {
		t.Errorf("leaders after the swap: %+v %+v", s.Pos.Leaders[0], s.Pos.Leaders[1])
	}
	if vp := s.victoryPoints(); vp[Axis] != 0 {
		t.Errorf("a replaced leader scores %d VP", vp[Axis])
	}
	// Keeping O'Connor: Montgomery is not placed.
	s = stateAt(t, "leader oconnor-ritchie 5109\nunit aus-16 5109", 21, Allied)
	s.Pos.Leaders[1] = LeaderState{Hex: NoHex}
	s.beginReserves()
	mustApply(t, s, Allied, "done")
	if s.Pos.Leaders[1].Hex != NoHex || s.Pos.Leaders[0].Hex < 0 {
		t.Errorf("leaders after keeping O'Connor: %+v %+v", s.Pos.Leaders[0], s.Pos.Leaders[1])
	}
}
