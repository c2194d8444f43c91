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

// TestMontgomeryChoice: the 13.7 choice is the Allied player's whenever
// O'Connor/Ritchie is still in play, on the map or due back on the turn
// track (13.6: Ritchie returns the turn after O'Connor falls); and when
// Alexandria is held on turn 21, Montgomery waits (ruling W34) and the
// choice is offered in the first segment with Alexandria free.
func TestMontgomeryChoice(t *testing.T) {
	for _, c := range []struct {
		name string
		// ritchieDue: O'Connor fell on turn 20, Ritchie is due on turn 21
		// (else O'Connor is on the map); blocked: an Axis unit holds
		// Alexandria on turn 21 and leaves before turn 22.
		ritchieDue, blocked bool
		swap                bool // the Allied player chooses Montgomery
	}{
		{"Ritchie due: Montgomery", true, false, true},
		{"Ritchie due: keep Ritchie", true, false, false},
		{"Alexandria held: Montgomery on turn 22", false, true, true},
		{"Alexandria held: keep O'Connor", false, true, false},
		{"Ritchie due, Alexandria held: Montgomery", true, true, true},
		{"Ritchie due, Alexandria held: keep Ritchie", true, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			fix := "unit aus-16 5109\nunit aus-17 5109\ndepot allied 5109"
			if !c.ritchieDue {
				fix += "\nleader oconnor-ritchie 5109"
			}
			if c.blocked {
				fix += "\nunit pavia 6508"
			}
			s := stateAt(t, fix, 21, Allied)
			oc, mo := 0, 1
			if s.d.Leaders[oc].ID != "oconnor-ritchie" || s.d.Leaders[mo].ID != "montgomery-lumsden" {
				t.Fatal("leader order")
			}
			if c.ritchieDue {
				s.Pos.Leaders[oc] = LeaderState{Hex: NoHex, Face: 1, Due: 21}
			}
			s.ReserveNeed = 0
			swapOffered := func() bool {
				return has(s.Legal(Allied, nil), engine.Action{Op: opSwap, A: int16(mo)})
			}
			s.beginReserves()
			if c.blocked {
				if swapOffered() {
					t.Fatal("swap offered with Alexandria held (W34)")
				}
				mustApply(t, s, Allied, "done")
				if s.Pos.Leaders[mo].Hex >= 0 {
					t.Fatal("Montgomery placed with Alexandria held")
				}
				s.Pos.Units[unit(t, s.d, "pavia")] = UnitState{Box: BoxNotArrived, Hex: NoHex}
				s.Turn = 22
				s.Step, s.Decider, s.Phasing = stReserve, Allied, Allied
				s.beginReserves()
			}
			if !swapOffered() {
				t.Fatalf("turn %d: no choice of Montgomery (13.7); leaders %+v %+v", s.Turn, s.Pos.Leaders[oc], s.Pos.Leaders[mo])
			}
			if c.swap {
				mustApply(t, s, Allied, "swap montgomery-lumsden")
			}
			mustApply(t, s, Allied, "done")
			alex := int16(s.d.EntryHex[Allied])
			m, o := s.Pos.Leaders[mo], s.Pos.Leaders[oc]
			if c.swap {
				if m.Hex != alex || o.Hex != NoHex || o.Due != -1 {
					t.Errorf("after the swap: Montgomery %+v, O'Connor/Ritchie %+v; want Montgomery at Alexandria, the other out for good", m, o)
				}
				// 13.7: "If O'Connor/Ritchie is replaced it never returns."
				s.Turn++
				s.reinforce(Allied)
				if s.Pos.Leaders[oc].Hex != NoHex {
					t.Error("the replaced leader returned")
				}
			} else if m.Hex != NoHex || o.Hex < 0 {
				t.Errorf("keeping O'Connor/Ritchie: Montgomery %+v, O'Connor/Ritchie %+v", m, o)
			}
		})
	}
}

// TestNavalSupportMultiHex: naval ground support needs every defending
// hex of the combat to be coastal (15.0: "the defending hex must be a
// coastal hex"; ruling W40). 3609 attacks coastal 3608 and inland 3610.
func TestNavalSupportMultiHex(t *testing.T) {
	naval := engine.Action{Op: opNaval}
	for _, c := range []struct {
		name    string
		steps   []string // after "attack 3609 3608"
		offered bool     // "naval" offered after them
		on      bool     // the combat has naval support after them
	}{
		{"coastal hex alone", nil, true, false},
		{"coastal and inland hexes", []string{"target 3610"}, false, false},
		{"coastal hex with support", []string{"naval"}, false, true},
		{"support, then an inland hex", []string{"naval", "target 3610"}, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := combatAt(t, "unit aus-16 3609\nunit sirte 3608\nunit cirene 3610\nnaval", 5, Allied)
			mustApply(t, s, Allied, "attack 3609 3608")
			for _, st := range c.steps {
				mustApply(t, s, Allied, st)
			}
			if got := has(s.Legal(Allied, nil), naval); got != c.offered {
				t.Errorf("naval offered %v, want %v", got, c.offered)
			}
			if s.Bat.Naval != c.on {
				t.Errorf("naval support %v, want %v", s.Bat.Naval, c.on)
			}
			var logged []string
			for _, e := range s.TakeLog() {
				if e.Key == "navalOff" {
					logged = append(logged, s.RenderLog(e, "en"), s.RenderLog(e, "it"))
				}
			}
			withdrawn := len(c.steps) == 2
			if withdrawn && (len(logged) != 2 || logged[0] != "[15.0] naval ground support withdrawn: 3610 is not a coastal hex" || logged[1] != "[15.0] supporto navale ritirato: 3610 non è un esagono costiero") {
				t.Errorf("log %q", logged)
			}
			if !withdrawn && len(logged) > 0 {
				t.Errorf("log %q", logged)
			}
		})
	}
}
