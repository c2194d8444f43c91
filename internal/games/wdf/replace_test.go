package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

func replOffered(s *State, u int) bool {
	return has(s.Legal(s.Decider, nil), engine.Action{Op: opReplace, A: int16(u)})
}

// TestReplacementsAllied plays the 7.62 example on turn 8 (two points).
func TestReplacementsAllied(t *testing.T) {
	s := stateAt(t, "unit aus-16 5109 reduced\nunit aus-17 5109 reduced\ndepot allied 5109", 8, Allied)
	armd, res := unit(t, s.d, "4-armd"), unit(t, s.d, "7-armd")
	s.Pos.Units[armd] = UnitState{Box: BoxRecoverable, Hex: NoHex}
	s.Pos.Units[res] = UnitState{Box: BoxReserve, Hex: NoHex, Reduced: true}
	s.beginReplacements(Allied)
	if s.Pos.Units[res].Reduced {
		t.Error("7.62: the reduced armor in reserve is not refitted")
	}
	if s.Step != stRepl || s.Repl != 2 {
		t.Fatalf("step %d, %d points; want the Replacements Segment with 2", s.Step, s.Repl)
	}
	mustApply(t, s, Allied, "replace 4-armd")
	if us := s.Pos.Units[armd]; us.Box != BoxReturning || !us.Reduced {
		t.Errorf("4-armd: %+v, want returning reduced", us)
	}
	if replOffered(s, armd) {
		t.Error("7.61: both points for armor")
	}
	mustApply(t, s, Allied, "replace aus-16")
	if s.Pos.Units[unit(t, s.d, "aus-16")].Reduced {
		t.Error("aus-16 not restored")
	}
	if s.Step != stReserve {
		t.Fatalf("step %d after the points are spent, want the Reinforcement-Withdrawal Segment", s.Step)
	}
	mustApply(t, s, Allied, "done")
	if us := s.Pos.Units[armd]; us.Box != BoxMap || int(us.Hex) != s.d.EntryHex[Allied] || !us.Reduced {
		t.Errorf("4-armd after reinforcements: %+v, want reduced at Alexandria", us)
	}
}

// TestReplacementsAxis plays the 7.63 example: two points and the extra
// non-armor point of a Normal supply level.
func TestReplacementsAxis(t *testing.T) {
	s := stateAt(t, "depot axis 2306\nlevel normal", 13, Axis)
	pz, it := unit(t, s.d, "5-pz-1"), unit(t, s.d, "pavia")
	s.Pos.Units[pz] = UnitState{Box: BoxRecoverable, Hex: NoHex}
	s.Pos.Units[it] = UnitState{Box: BoxRecoverable, Hex: NoHex}
	s.beginReplacements(Axis)
	if s.Repl != 3 {
		t.Fatalf("%d points, want 3", s.Repl)
	}
	mustApply(t, s, Axis, "replace 5-pz-1")
	if replOffered(s, pz) {
		t.Error("a second point for German armor (7.63)")
	}
	mustApply(t, s, Axis, "replace pavia")
	mustApply(t, s, Axis, "replace pavia")
	if s.Step == stRepl {
		t.Error("points left after the example's three")
	}
	for _, c := range []struct {
		u       int
		reduced bool
	}{{pz, true}, {it, false}} {
		if us := s.Pos.Units[c.u]; us.Box != BoxMap || us.Reduced != c.reduced {
			t.Errorf("%s: %+v, want on the map reduced=%v", s.d.Units[c.u].ID, us, c.reduced)
		}
	}
}

// TestReplacementLimits: a unit on the map must be supplied and not in an
// EZOC (7.6).
func TestReplacementLimits(t *testing.T) {
	s := stateAt(t, "unit aus-16 5209 reduced\nunit aus-17 3117 reduced\nunit aus-19 5009 reduced\nunit sirte 4909\ndepot allied 6508", 8, Allied)
	s.beginReplacements(Allied)
	for _, c := range []struct {
		id   string
		want bool
	}{{"aus-16", true}, {"aus-17", false}, {"aus-19", false}} {
		if got := replOffered(s, unit(t, s.d, c.id)); got != c.want {
			t.Errorf("%s offered %v, want %v", c.id, got, c.want)
		}
	}
}
