package primogenita

import (
	"slices"
	"strings"
	"testing"
)

// Order 8: both units lose a step, no die; the Italian unit may advance
// into the vacated hex.
func TestDesperateAttack8(t *testing.T) {
	s, f := stateWith(t)
	it := f.place("12-col", "E-5")
	al := f.place("cih", "E-6")
	epoch := s.Epoch()
	executing(t, s, 8)
	do(t, s, Italian, "duel 12-col cih")
	if !s.Pos.Units[it].Flipped || s.Pos.Units[al].Loc != Gone || s.Epoch() != epoch {
		t.Fatal("Desperate Attack: want a step from each, no die")
	}
	do(t, s, Italian, "move 12-col E-6")
	if int(s.Pos.Units[it].Hex) != f.hex("E-6") || !s.Orders[8].Flipped {
		t.Fatal("no advance, or the Order not flipped")
	}
}

// Order 1: a remnant within range of an FS goes back to its unit (back
// side); the second Replacement only within range of an FS.
func TestReplacements1(t *testing.T) {
	s, f := stateWith(t)
	r := f.place("11-ind-r", "I-1")
	far := f.place("9-ind", "B-12")
	s.Pos.Units[far].Flipped = true
	executing(t, s, 1)
	if slices.Contains(legalTexts(s, Allied), "choose 9-ind") {
		t.Error("a unit out of every range may be replaced")
	}
	do(t, s, Allied, "choose 11-ind-r")
	u := f.unit("11-ind")
	if s.Pos.Units[r].Loc != InBox || !s.Pos.at(u, f.hex("I-1")) || !s.Pos.Units[u].Flipped {
		t.Fatal("the remnant did not go back to its brigade on its back side")
	}
}

// Orders 37, 30, 7: a Trench from the sheet; one hex holds one Trench.
func TestDig(t *testing.T) {
	s, f := stateWith(t)
	f.place("12-col", "F-14")
	executing(t, s, 30)
	do(t, s, Italian, "target F-14")
	if !s.Pos.HasTrench(f.hex("F-14")) {
		t.Fatal("no Trench")
	}
	s.Orders[7].Where = OrdExecuting
	s.Step, s.Decider, s.Current = stExecute, Italian, 7
	if slices.Contains(legalTexts(s, Italian), "execute 7") {
		t.Error("a second Trench may go on the same hex")
	}
}

// Orders 37, 30, 7: a Trench left with no unit of its side goes back to
// the sheet at the end of the Order; one left with only an Arbegnoch too.
func TestTrenchReturns(t *testing.T) {
	s, f := stateWith(t)
	f.place("cih", "E-5")
	arb := f.place("arb-1", "E-5")
	s.Pos.Trench[0] = int16(f.hex("E-5"))
	executing(t, s, 36)
	do(t, s, Allied, "move cih E-6")
	do(t, s, Allied, "halt cih")
	do(t, s, Allied, "done")
	do(t, s, Allied, "done")
	if s.Pos.Trench[0] != -1 || s.Pos.Units[arb].Loc != OnMap {
		t.Fatalf("Trench still at %d with only an Arbegnoch", s.Pos.Trench[0])
	}
}

// 3.2: "a unit in an Entry hex may be the agent or target of a Minor
// Order": a Replacement for a unit in West Kassala.
func TestMinorOrderInEntryHex(t *testing.T) {
	s, f := stateWith(t)
	u := f.place("11-ind", "west-kassala")
	s.Pos.Units[u].Flipped = true
	executing(t, s, 1)
	do(t, s, Allied, "choose 11-ind")
	if s.Pos.Units[u].Flipped {
		t.Fatal("the unit in the Entry hex did not regain its step")
	}
}

// Orders 37, 30, 7: with no Trench left on the sheet, the player takes
// one from the map.
func TestDigFromMap(t *testing.T) {
	s, f := stateWith(t)
	f.place("12-col", "F-14")
	hexes := []string{"H-11", "L-11", "G-5", "C-14"}
	n := 0
	for i := range s.Pos.Trench {
		if s.Pos.Owner[i] == Italian {
			s.Pos.Trench[i] = int16(f.hex(hexes[n]))
			f.place([]string{"2-col", "4-col", "16-col", "cv-bn"}[n], hexes[n])
			n++
		}
	}
	executing(t, s, 30)
	do(t, s, Italian, "target F-14")
	if got := legalTexts(s, Italian); len(got) != 4 {
		t.Fatalf("choices %v, want the four Trenches on the map", got)
	}
	do(t, s, Italian, "target G-5")
	if !s.Pos.HasTrench(f.hex("F-14")) || s.Pos.HasTrench(f.hex("G-5")) {
		t.Fatal("the Trench did not move from G-5 to F-14")
	}
}

// Order 1 with no unit to replace cannot be executed, even right after
// another Minor Order whose choices are still counted (Picks): it was
// offered, and once begun had no action at all (a random game, seed 461).
func TestReplacementsNothingToReplace1(t *testing.T) {
	s, f := stateWith(t)
	f.place("11-ind", "I-1") // a full unit: nothing to regain
	s.Picks = 1
	if s.executable(1) {
		t.Fatal("Order 1 executable with no unit to replace")
	}
	if s.Picks != 1 {
		t.Fatalf("executable changed Picks to %d", s.Picks)
	}
}

// Order 1: "A second Foot unit may also regain 1 step": the brigade that
// came back from its remnant with the first step is not offered again.
func TestReplacementsSecondUnit1(t *testing.T) {
	s, f := stateWith(t)
	f.place("11-ind-r", "I-1")
	other := f.place("9-ind", "J-1")
	s.Pos.Units[other].Flipped = true
	executing(t, s, 1)
	do(t, s, Allied, "choose 11-ind-r")
	got := legalTexts(s, Allied)
	if slices.Contains(got, "choose 11-ind") || !slices.Contains(got, "choose 9-ind") {
		t.Fatalf("second Replacement: %v, want 9 Ind and not 11 Ind again", got)
	}
	do(t, s, Allied, "choose 9-ind")
	if s.Pos.Units[other].Flipped || s.Mover != -1 {
		t.Fatal("the second unit did not regain its step, or the first is still remembered")
	}
}

// 1.5, Orders 1, 3: an Entry hex has no Stacking Limit, so a remnant there
// may come back as its unit, whose stacking value is larger.
func TestRegainInEntryHex(t *testing.T) {
	for _, tc := range []struct{ remnant, hex string }{
		{"7-ind-r", "cub-cub"},
		{"12-col-r", "to-gondar"},
	} {
		s, f := stateWith(t)
		u := f.place(tc.remnant, tc.hex)
		if !s.regainable(u) {
			t.Errorf("%s in %s cannot regain its step", tc.remnant, tc.hex)
		}
	}
}

// 3.2, Order 8: a unit in an Entry hex may be the target of a Minor
// Order: a Desperate Attack across West Kassala's arrow; 1.1: the Italian
// unit does not advance into the vacated Allied Entry hex.
func TestDesperateAttackIntoEntryHex8(t *testing.T) {
	s, f := stateWith(t)
	it := f.place("12-col", "I-1")
	al := f.place("cih", "west-kassala")
	executing(t, s, 8)
	do(t, s, Italian, "duel 12-col cih")
	if s.Pos.Units[al].Loc != Gone || !s.Pos.Units[it].Flipped {
		t.Fatal("the Desperate Attack did not take a step from each")
	}
	if s.Step == stMinorAdvance || !s.Pos.at(it, f.hex("I-1")) {
		t.Fatal("the Italian unit may advance into an Allied Entry hex")
	}
}

// Order 3, ruling P26: a remnant that gets its step back under Stragglers
// becomes its brigade again, on the back side.
func TestStragglersRemnant3(t *testing.T) {
	s, f := stateWith(t)
	r := f.place("12-col-r", "H-21") // next to Massaua's FS
	executing(t, s, 3)
	dieNext(t, s, 6)
	do(t, s, Italian, "choose 12-col-r")
	u := f.unit("12-col")
	if s.Pos.Units[r].Loc != InBox || !s.Pos.at(u, f.hex("H-21")) || !s.Pos.Units[u].Flipped {
		t.Fatal("the remnant did not go back to its brigade on its back side")
	}
}

// Order 8: "The Italian unit (if it still exists afterwards) may advance
// into the Allied hex, if it becomes vacant": a brigade flipped, or
// replaced by its remnant (1.4, ruling P26), advances; a unit removed
// does not.
func TestDesperateAttackAdvance8(t *testing.T) {
	for _, tc := range []struct {
		unit    string
		flipped bool
		want    string // the advance offered, "" none
	}{
		{"12-col", false, "move 12-col E-6"},
		{"12-col", true, "move 12-col-r E-6"},
		{"cv-bn", false, ""},
	} {
		s, f := stateWith(t)
		it := f.place(tc.unit, "E-5")
		s.Pos.Units[it].Flipped = tc.flipped
		f.place("cih", "E-6")
		executing(t, s, 8)
		do(t, s, Italian, "duel "+tc.unit+" cih")
		legal := legalTexts(s, Italian)
		if tc.want == "" {
			if s.Step == stMinorAdvance {
				t.Errorf("%s flipped %v: an advance offered after it was removed: %v", tc.unit, tc.flipped, legal)
			}
			continue
		}
		if !slices.Contains(legal, tc.want) {
			t.Errorf("%s flipped %v: %q not offered, legal %v", tc.unit, tc.flipped, tc.want, legal)
			continue
		}
		do(t, s, Italian, tc.want)
		if u := f.unit(strings.Fields(tc.want)[1]); !s.Pos.at(u, f.hex("E-6")) {
			t.Errorf("%s did not advance into E-6", s.d.Units[u].ID)
		}
	}
}
