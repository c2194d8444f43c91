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

// TestReplacementOrder: which of the turn's points a replacement takes is
// a matching of every point spent so far, not the first that fits (7.61,
// 7.63), so the order of the picks never blocks a set the rules allow.
// Turn 13 at Normal has an Italian point, a German point and the extra
// non-armor point: German armor and a German motorized unit may both
// have one, whichever comes first (the armor the German point, the
// motorized unit the extra one). Turn 12 at Normal has one point for any
// unit and the extra one.
func TestReplacementOrder(t *testing.T) {
	for _, c := range []struct {
		name  string
		turn  int
		level string
		picks []string // replaced in this order; each must be offered
		then  string   // offered after them (or "" for none)
		not   string   // refused after them (or "")
	}{
		{"turn 13: motorized first", 13, "normal", []string{"104-mot", "5-pz-1"}, "pavia", "605-at"},
		{"turn 13: armor first", 13, "normal", []string{"5-pz-1", "104-mot"}, "pavia", "605-at"},
		{"turn 13: Italian, motorized, armor", 13, "normal", []string{"pavia", "104-mot", "5-pz-1"}, "", ""},
		{"turn 13: motorized, Italian, armor", 13, "normal", []string{"104-mot", "pavia", "5-pz-1"}, "", ""},
		{"turn 13: two German non-armor, then Italian", 13, "normal", []string{"104-mot", "605-at", "pavia"}, "", ""},
		// The 7.63 example in every order: the Italian unit twice (its
		// point and the extra one), the German armor once.
		{"7.63 example: Italian, Italian, armor", 13, "normal", []string{"pavia", "pavia", "5-pz-1"}, "", ""},
		{"7.63 example: Italian, armor, Italian", 13, "normal", []string{"pavia", "5-pz-1", "pavia"}, "", ""},
		{"7.63 example: armor, Italian, Italian", 13, "normal", []string{"5-pz-1", "pavia", "pavia"}, "", ""},
		{"turn 13 at Poor: no extra point", 13, "poor", []string{"104-mot"}, "pavia", "5-pz-1"},
		{"turn 12: motorized first", 12, "normal", []string{"104-mot", "5-pz-1"}, "", ""},
		{"turn 12: armor first", 12, "normal", []string{"5-pz-1", "104-mot"}, "", ""},
		{"turn 12: never two armor", 12, "normal", []string{"5-pz-1"}, "pavia", "ariete-tk"},
		{"turn 13: one German armor only", 13, "normal", []string{"5-pz-1"}, "104-mot", "5-pz-2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := stateAt(t, "depot axis 2306\nlevel "+c.level, c.turn, Axis)
			for _, id := range []string{"104-mot", "5-pz-1", "5-pz-2", "605-at", "pavia", "ariete-tk"} {
				s.Pos.Units[unit(t, s.d, id)] = UnitState{Box: BoxRecoverable, Hex: NoHex}
			}
			replaceInOrder(t, s, Axis, c.picks)
			if c.then != "" && !replOffered(s, unit(t, s.d, c.then)) {
				t.Errorf("%s not offered after %v", c.then, c.picks)
			}
			if c.not != "" && replOffered(s, unit(t, s.d, c.not)) {
				t.Errorf("%s offered after %v", c.not, c.picks)
			}
		})
	}
}

// TestReplacementOrderAllied: the Allied points, matched the same way
// (7.61, and 5.0's Special Allied Convoy armor point): with two points
// never both for armor, in either order; with the convoy's point two
// armor and one other unit in any order.
func TestReplacementOrderAllied(t *testing.T) {
	for _, c := range []struct {
		name   string
		convoy bool
		picks  []string
		not    string
	}{
		{"armor first", false, []string{"4-armd"}, "7-armd"},
		{"other first", false, []string{"aus-16", "4-armd"}, "7-armd"},
		{"two others", false, []string{"aus-16", "aus-17"}, "4-armd"},
		{"convoy: armor, armor, other", true, []string{"4-armd", "7-armd", "aus-16"}, ""},
		{"convoy: other, armor, armor", true, []string{"aus-16", "4-armd", "7-armd"}, ""},
		{"convoy: armor, other, other", true, []string{"4-armd", "aus-16", "aus-17"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := stateAt(t, "depot allied 6209", 8, Allied)
			if c.convoy {
				for i, e := range s.d.Tables.Events.Events {
					if e.ID == "special-allied-convoy" {
						s.Event = int8(i)
					}
				}
			}
			for _, id := range []string{"4-armd", "7-armd", "aus-16", "aus-17"} {
				s.Pos.Units[unit(t, s.d, id)] = UnitState{Box: BoxRecoverable, Hex: NoHex}
			}
			replaceInOrder(t, s, Allied, c.picks)
			if c.not != "" && replOffered(s, unit(t, s.d, c.not)) {
				t.Errorf("%s offered after %v", c.not, c.picks)
			}
		})
	}
}

// replaceInOrder opens side's replacements (7.6) and replaces the units of
// picks one after the other, each of which must be offered when its turn
// comes.
func replaceInOrder(t *testing.T, s *State, side engine.Side, picks []string) {
	t.Helper()
	s.beginReplacements(side)
	for _, id := range picks {
		if !replOffered(s, unit(t, s.d, id)) {
			t.Fatalf("%s not offered after the picks before it in %v", id, picks)
		}
		mustApply(t, s, side, "replace "+id)
	}
}
