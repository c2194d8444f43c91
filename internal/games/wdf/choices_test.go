package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

// TestTobrukChoice: seven Allied units cut off from Alexandria can reach
// Allied Tobruk, which feeds six (8.4): the Allied player picks six at the
// start of his movement, and the one left out is the unsupplied one.
func TestTobrukChoice(t *testing.T) {
	const seven = "unit 4-armd 3408\nunit 7-armd 3408\nunit 7-sg 3408\nunit ind-5 3408\nunit ind-11 3408\nunit 16-bde 3408\nunit aus-16 3408\nunit sirte 6508\ntobruk allied"
	s := stateAt(t, seven, 5, Allied)
	s.beginMovement()
	if s.Step != stTobruk || s.Decider != Allied {
		t.Fatalf("step %d decider %d, want the Allied Tobruk choice", s.Step, s.Decider)
	}
	left := unit(t, s.d, "4-armd") // the first in unit order: the old default
	for s.Step == stTobruk {
		legal := legalAll(s, Allied)
		if len(legal) == 0 {
			t.Fatal("no choice offered")
		}
		var pick engine.Action
		for _, a := range legal {
			if a.Op != opTobruk {
				t.Fatalf("unexpected action %s", s.EncodeAction(a))
			}
			if int(a.A) != left {
				pick = a
			}
		}
		if err := s.Apply(Allied, pick); err != nil {
			t.Fatal(err)
		}
	}
	if s.Step != stMove {
		t.Fatalf("step %d after the choice, want movement", s.Step)
	}
	r := s.board().Supply(Allied)
	for _, id := range []string{"4-armd", "7-armd", "7-sg", "ind-5", "ind-11", "16-bde", "aus-16"} {
		u := unit(t, s.d, id)
		if want := u != left; r.Supplied[u] != want {
			t.Errorf("%s supplied %v, want %v", id, r.Supplied[u], want)
		}
	}
	// No choice when Tobruk can feed everyone who needs it.
	s = stateAt(t, "unit 4-armd 3408\nunit sirte 6508\ntobruk allied", 5, Allied)
	s.beginMovement()
	if s.Step != stMove {
		t.Fatalf("step %d, want movement without a choice", s.Step)
	}
}

// TestRefitChoice: with two reduced armor units in the Reserve Box the
// Allied player chooses which one refits (7.62); with one it is automatic.
func TestRefitChoice(t *testing.T) {
	cases := []struct {
		name    string
		reduced []string
		choice  bool
	}{
		{"one unit: automatic", []string{"7-armd"}, false},
		{"two units: the owner's choice", []string{"7-armd", "4-armd"}, true},
		{"none: the refit is lost", nil, false},
	}
	for _, c := range cases {
		s := stateAt(t, "depot allied 5109\nunit aus-16 5109", 6, Allied)
		for _, id := range c.reduced {
			s.Pos.Units[unit(t, s.d, id)] = UnitState{Box: BoxReserve, Hex: NoHex, Reduced: true}
		}
		s.refit()
		if s.RefitDue != c.choice {
			t.Errorf("%s: choice %v, want %v", c.name, s.RefitDue, c.choice)
		}
		if !c.choice {
			continue
		}
		s.Step, s.Decider = stRepl, Allied
		var offered int
		for _, a := range legalAll(s, Allied) {
			if a.Op == opRefit {
				offered++
			}
		}
		if offered != 2 {
			t.Fatalf("%s: %d refit choices, want 2", c.name, offered)
		}
		u := unit(t, s.d, "4-armd")
		if err := s.Apply(Allied, engine.Action{Op: opRefit, A: int16(u)}); err != nil {
			t.Fatal(err)
		}
		if s.Pos.Units[u].Reduced || !s.Pos.Units[unit(t, s.d, "7-armd")].Reduced || s.RefitDue {
			t.Errorf("%s: the chosen unit was not the one refitted", c.name)
		}
	}
}

// TestRetreatStacking: the last hex of a retreat must keep the stacking
// limit when it can (10.26); the full hex is not offered while an empty
// one is.
func TestRetreatStacking(t *testing.T) {
	// Find a hex from which a lone Italian unit has two retreat hexes.
	s := stateAt(t, "", 5, Allied)
	u := unit(t, s.d, "cirene")
	from, full := -1, -1
	for h := range s.d.Hexes {
		s.Pos.Units[u] = UnitState{Box: BoxMap, Hex: int16(h)}
		s.Flags[u] = fDef
		s.Orig[u] = int16(h)
		s.RetLeft[u] = 1
		if open := s.retreatHexes(s.board(), u); len(open) >= 2 {
			from, full = h, open[0]
			break
		}
	}
	if from < 0 {
		t.Fatal("no hex with two retreat hexes")
	}
	fix := "unit cirene " + s.hexID(from) + "\nunit sirte " + s.hexID(full) + "\nunit pavia " + s.hexID(full)
	s = stateAt(t, fix, 5, Allied)
	s.Flags[u] |= fDef
	s.Orig[u] = int16(from)
	s.RetLeft[u] = 1
	b := s.board()
	if b.StackPoints(full)+s.stackCost(b, u, full) <= StackLimit {
		t.Fatalf("fixture: %s not full (%d points)", s.hexID(full), b.StackPoints(full))
	}
	got := s.retreatHexes(b, u)
	if len(got) == 0 {
		t.Fatal("no retreat hex left")
	}
	for _, h := range got {
		if h == full {
			t.Errorf("retreat into the full hex %s offered while others are open", s.hexID(h))
		}
	}
}

// TestEntryHeld: while an enemy combat unit holds Alexandria, the Allied
// reinforcements wait off the map (ruling W34) and arrive once it is free.
func TestEntryHeld(t *testing.T) {
	s := stateAt(t, "unit sirte 6508", 2, Allied)
	due := -1
	for u, def := range s.d.Units {
		if def.Side == Allied && def.Arrives > 0 {
			s.Pos.Units[u] = UnitState{Box: BoxNotArrived, Hex: NoHex}
			if due < 0 || def.Arrives < s.d.Units[due].Arrives {
				due = u
			}
		}
	}
	if due < 0 {
		t.Fatal("no Allied reinforcement in the data")
	}
	s.Turn = int8(s.d.Units[due].Arrives)
	s.reinforce(Allied)
	if s.Pos.Units[due].Box != BoxNotArrived {
		t.Fatalf("%s arrived on an enemy-held entry hex", s.d.Units[due].ID)
	}
	s.Pos.Units[unit(t, s.d, "sirte")] = UnitState{Box: BoxRecoverable, Hex: NoHex}
	s.Turn++
	s.reinforce(Allied)
	if s.Pos.Units[due].Box != BoxMap || int(s.Pos.Units[due].Hex) != s.d.EntryHex[Allied] {
		t.Fatalf("%s did not arrive once the entry hex was free", s.d.Units[due].ID)
	}
}
