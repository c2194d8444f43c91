package wdf

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/kit/cputime"
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
		ans, err := s.Ask(Allied, lang, "why ind-11")
		if err != nil {
			t.Fatal(err)
		}
		why := ans.(map[string]string)
		for _, q := range []string{"why 4th-ind", "why nobody", "why", "sight 4512 4513", "why ind-11 4512"} {
			if _, err := s.Ask(Axis, lang, q); err == nil {
				t.Errorf("%q answered: only the chosen unit has reasons", q)
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

// TestWhySearchesStopExact: along random games, whenever a unit is chosen
// in a movement phase, the least costs the "why not" searches stop at
// (leastCosts: until the hexes asked are settled) are the whole map's,
// under the rules of movement and without zones of control, for every
// hex near the unit.
func TestWhySearchesStopExact(t *testing.T) {
	checked := 0
	eachChosen(3, 3, func(s *State, _ engine.Side, u int, _ []engine.Action, seed uint64, n int) {
		if u >= len(s.d.Units) || s.blocked(u, "en") == nil || s.Flags[u]&fMoved != 0 {
			return
		}
		start := int(s.Pos.Units[u].Hex)
		var near []int
		for h := range s.d.Hexes {
			if hexDistance(s.d, start, h) <= whyRadius {
				near = append(near, h)
			}
		}
		b := s.board()
		k := s.moveKind()
		if u == s.moving() {
			_, k = s.goOn(u, k)
		}
		m := b.unitRules(u, k)
		free := m
		free.free = true
		q := &searcher{}
		for _, rules := range []*moveRules{&m, &free} {
			whole := reach(s.d, start, whyFar, rules)
			// All the hexes near, and those a way leads to (which the
			// search stops at, before the whole map).
			reached := slices.DeleteFunc(slices.Clone(near), func(h int) bool { return whole[h] < 0 })
			for _, want := range [][]int{near, reached} {
				got := leastCosts(q, rules, s.d, start, want)
				for i, h := range want {
					if got[i] != whole[h] {
						t.Fatalf("seed %d action %d, %s from %s: %s costs %d, the whole map's search %d", seed, n, s.d.Units[u].ID, s.hexID(start), s.hexID(h), got[i], whole[h])
					}
				}
			}
		}
		checked++
	})
	if checked < 20 {
		t.Errorf("only %d chosen units checked", checked)
	}
}

// BenchmarkWhyNot: the "why not" of a chosen unit (blocked), in English,
// at states along random games where a unit is chosen to move; by the
// clock and by CPU time.
func BenchmarkWhyNot(b *testing.B) {
	type chosen struct {
		s *State
		u int
	}
	var at []chosen
	eachChosen(3, 5, func(s *State, _ engine.Side, u int, _ []engine.Action, _ uint64, _ int) {
		if u < len(s.d.Units) && len(at) < 200 {
			at = append(at, chosen{s.Clone().(*State), u})
		}
	})
	n := 0
	c0 := cputime.Now()
	for b.Loop() {
		c := at[n%len(at)]
		c.s.blocked(c.u, "en")
		n++
	}
	b.ReportMetric(float64(cputime.Since(c0).Nanoseconds())/float64(n), "cpu-ns/op") // on a loaded machine
}

// reach returns the least cost of every hex from start within budget
// sixths by the rules m, -1 where it is out of reach (search).
func reach(d *Data, start, budget int, m *moveRules) []int {
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	search(q, start, budget, d, m, nil)
	return q.out(d)
}
