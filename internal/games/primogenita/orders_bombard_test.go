package primogenita

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// dieNext makes the state's next die roll come up n.
func dieNext(t *testing.T, s *State, n int) {
	t.Helper()
	for seed := uint64(0); seed < 1000; seed++ {
		r := engine.NewRand(seed)
		if r.D6() == n {
			s.Rand = engine.NewRand(seed)
			return
		}
	}
	t.Fatal("no seed")
}

// bombardSetup: three Allied artillery (2+2+3 = 7: the "6" column) at
// Kassala, in range of the West Kassala FS, next to three Italian units.
func bombardSetup(t *testing.T) (*State, *fixture) {
	s, f := stateWith(t)
	for _, id := range []string{"4-ra-1", "4-ra-2", "med-ra"} {
		f.place(id, "I-1")
	}
	for _, id := range []string{"12-col", "2-col", "42-col"} {
		f.place(id, "I-2")
	}
	executing(t, s, 22)
	do(t, s, Allied, "target I-2")
	for _, id := range []string{"4-ra-1", "4-ra-2", "med-ra"} {
		do(t, s, Allied, "fire "+id)
	}
	return s, f
}

// 6.3: a "Disr" on the 6 column disrupts 2 units, chosen by the attacker.
func TestBombardDisr(t *testing.T) {
	s, f := bombardSetup(t)
	dieNext(t, s, 3)
	do(t, s, Allied, "resolve")
	if s.Step != stBombDisrupt || s.ToDisrupt != 2 {
		t.Fatalf("step %d, %d to disrupt; want 2 (6.3: column 6)", s.Step, s.ToDisrupt)
	}
	do(t, s, Allied, "disrupt 12-col")
	do(t, s, Allied, "disrupt 2-col")
	if !s.Pos.Units[f.unit("12-col")].Disrupted || s.Pos.Units[f.unit("42-col")].Disrupted || s.Step != stBombTarget {
		t.Fatal("wrong units disrupted, or the Full Bombardment did not go on")
	}
	if slices.Contains(legalTexts(s, Allied), "target I-2") {
		t.Error("a hex bombarded twice in one Order (6.1)")
	}
}

// 6.3: a "1" with an FS in range: the defender removes a step from a unit
// Disrupted by this bombardment; an already Disrupted unit chosen takes it.
func TestBombardStep(t *testing.T) {
	s, f := bombardSetup(t)
	dieNext(t, s, 6)
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "disrupt 12-col")
	do(t, s, Allied, "disrupt 2-col")
	if s.Step != stBombStep || s.Decider != Italian {
		t.Fatalf("step %d decider %d: the defender should choose the step", s.Step, s.Decider)
	}
	do(t, s, Italian, "step 2-col")
	if !s.Pos.Units[f.unit("2-col")].Flipped {
		t.Fatal("no step lost")
	}
	g, gf := bombardSetup(t)
	g.Pos.Units[gf.unit("42-col")].Disrupted = true
	dieNext(t, g, 6)
	do(t, g, Allied, "resolve")
	do(t, g, Allied, "disrupt 42-col")
	do(t, g, Allied, "disrupt 12-col")
	if !g.Pos.Units[gf.unit("42-col")].Flipped || g.Pos.Units[gf.unit("12-col")].Flipped {
		t.Fatal("the step did not fall on the unit already Disrupted")
	}
}

// 6.2: Trench and Extra Ammo cancel; Extra Ammo needs a supported
// Artillery unit.
func TestBombardShifts(t *testing.T) {
	s, f := bombardSetup(t)
	s.Pos.Trench[0] = int16(f.hex("I-2"))
	s.Orders[23].Where = OrdBox
	do(t, s, Allied, "declare 23")
	dieNext(t, s, 2) // column 6: Disr; one column left (3) would be nothing
	do(t, s, Allied, "resolve")
	if s.Step != stBombDisrupt {
		t.Fatal("Trench and Extra Ammo did not cancel")
	}
}

// 6.3, ruling P25: a "1" falls on a unit already Disrupted only when some
// firing Artillery is within range of an FS or a loaded SD, and then no SD
// is depleted.
func TestBombardAlreadyDisruptedNeedsSource(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sd, step bool
	}{
		{"no FS, no SD", false, false},
		{"a loaded SD, not depleted", true, true},
	} {
		s, f := bombardSetup(t)
		s.Markers = [5]uint8{} // no Allied FS
		sd := -1
		if tc.sd {
			sd = f.place("sd-1", "I-1")
		}
		s.Pos.Units[f.unit("42-col")].Disrupted = true
		dieNext(t, s, 6)
		do(t, s, Allied, "resolve")
		do(t, s, Allied, "disrupt 42-col")
		do(t, s, Allied, "disrupt 12-col")
		if got := s.Pos.Units[f.unit("42-col")].Flipped; got != tc.step {
			t.Errorf("%s: step lost %v, want %v", tc.name, got, tc.step)
		}
		if sd >= 0 && s.Pos.Units[sd].Flipped {
			t.Errorf("%s: the SD was depleted", tc.name)
		}
	}
}
