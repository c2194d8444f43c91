package wdf

import (
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// toFirstMovement plays the opening to the Allied turn 1 Regular
// Movement Phase, answering each decision with its last action (done).
func toFirstMovement(t *testing.T) *State {
	t.Helper()
	st, err := Game{}.New(engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.Step != stMove {
		side := s.Active().Sides()[0]
		legal := s.Legal(side, nil)
		s.ApplyUnchecked(side, legal[len(legal)-1])
	}
	return s
}

// TestWhyNot4512: issue 26's example, 4512 not offered to the 11th Indian
// Brigade on turn 1 (4710, infantry, MA 4): chosen, the view says why, by
// rule, in English and Italian; a hex it may reach has no reason.
func TestWhyNot4512(t *testing.T) {
	s := toFirstMovement(t)
	mustApply(t, s, Allied, "pick ind-11")
	u := unit(t, s.d, "ind-11")
	if has(s.Legal(Allied, nil), engine.Action{Op: opMove, A: int16(u), B: int16(hx(t, s.d, "4512"))}) {
		t.Fatal("4512 is offered to ind-11 now: the example no longer holds")
	}
	for _, lang := range []string{"en", "it"} {
		v := s.View(Allied, lang).(*View)
		if v.Chosen != "ind-11" {
			t.Fatalf("view chosen %q", v.Chosen)
		}
		var why map[string]string
		for _, uv := range v.Units {
			if uv.ID == "ind-11" {
				why = uv.Blocked
			} else if uv.Blocked != nil {
				t.Errorf("%s has reasons though not chosen", uv.ID)
			}
		}
		r := why["4512"]
		t.Logf("%s: %s", lang, r)
		if r == "" || !strings.Contains(r, "(") || strings.Contains(r, "{{") {
			t.Errorf("%s: no reason for 4512: %q", lang, r)
		}
		for _, a := range s.Legal(Allied, nil) {
			if a.Op == opMove && why[s.hexID(int(a.B))] != "" {
				t.Errorf("%s: reason %q for %s, which is offered", lang, why[s.hexID(int(a.B))], s.hexID(int(a.B)))
			}
		}
	}
}

// TestWhyReasons: each reason on a fixture, by the rule that bars the hex.
func TestWhyReasons(t *testing.T) {
	cases := []struct {
		name, fixture, unit, hex, want string
	}{
		{"enemy-held (9.0)", "unit aus-16 3617\nunit sirte 3619", "aus-16", "3619", "(9.0)"},
		{"too far (9.1)", "unit aus-16 3617", "aus-16", "3612", "costs 5 MP"},
		{"zone of control (9.31)", "unit aus-16 3617\nunit sirte 3619", "aus-16", "3620", "(9.31"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := stateAt(t, c.fixture, 5, Allied)
			s.beginMovement()
			mustApply(t, s, Allied, "pick "+c.unit)
			why := s.blocked(unit(t, s.d, c.unit), "en")
			if got := why[c.hex]; !strings.Contains(got, c.want) {
				t.Errorf("%s: %q, want a reason citing %s", c.hex, got, c.want)
			}
		})
	}
	// Moved: every hex, one reason.
	s := stateAt(t, "unit aus-16 3617\nunit aus-17 3617", 5, Allied)
	s.beginMovement()
	mustApply(t, s, Allied, "move aus-16 3618")
	mustApply(t, s, Allied, "move aus-17 3616")
	if got := s.blocked(unit(t, s.d, "aus-16"), "en")["*"]; !strings.Contains(got, "(9.1") {
		t.Errorf("moved unit: %q", got)
	}
}
