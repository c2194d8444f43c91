package limanowa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// 6.71 with the standing order: a player who sees a mover coming gives
// "machine guns fire" at the first reaction window he is asked about;
// the machine gun fires at once, as his own choice and logged so, and at
// the next window unasked; he is asked only about the company. The order
// is his alone: the other side does not read it.
func TestStandingOrderAtTheWindow(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 J20 formed
		ah-mg-1 L20 formed
		landsturm-coy-1 L21 formed`)
	play(t, s, "activate russian-coy-1", "move russian-coy-1", "step russian-coy-1 K20")
	at(t, s, stReact, Central, "the first window")
	if got := s.legalTexts(); !slices.Contains(got, "react ah-mg-1") || !slices.Contains(got, "react landsturm-coy-1") {
		t.Fatalf("both may fire: %v", got)
	}
	if n := len(s.Legal(Central, nil)) - len(s.rulesLegal(Central)); n != int(numPolicies)-1 {
		t.Fatalf("%d changes of the order offered at the window, want %d", n, numPolicies-1)
	}
	s.TakeLog()
	s.Rng = enginetest.Dice(t, "12", "12", "12", "12")
	play(t, s, "policy mg-fire")
	at(t, s, stReact, Central, "the company is still asked")
	if got := s.legalTexts(); !slices.Equal(got, []string{"react landsturm-coy-1", "hold"}) {
		t.Fatalf("after the order, only the company is asked: %v", got)
	}
	if !s.Interrupt() {
		t.Error("the window is still an interrupt")
	}
	var mine, theirs []string
	for _, e := range s.TakeLog() {
		if e.VisibleTo(Russian) {
			theirs = append(theirs, s.RenderLog(e, "en"))
		}
		mine = append(mine, s.RenderLog(e, "en"))
		if (e.Key == "standing" || e.Key == "policy") && e.Rule != "6.71" {
			t.Errorf("%s cites %q, not 6.71", e.Key, e.Rule)
		}
	}
	txt := strings.Join(mine, "\n")
	for _, want := range []string{"the Austro-Hungarian player's standing reaction order: machine guns fire at once",
		"by the Austro-Hungarian player's standing order:", "reaction fire: "} {
		if !strings.Contains(txt, want) {
			t.Errorf("the log lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(strings.Join(theirs, "\n"), "standing reaction order") {
		t.Errorf("the Russian reads the order:\n%s", strings.Join(theirs, "\n"))
	}
	play(t, s, "hold")
	at(t, s, stMove, Russian, "the move goes on")
	s.Rng = enginetest.Dice(t, "12", "12", "12", "12")
	play(t, s, "step russian-coy-1 K21")
	if s.Step == stReact {
		if got := s.legalTexts(); slices.Contains(got, "react ah-mg-1") {
			t.Fatalf("the machine gun is asked again: %v", got)
		}
	}
	if txt := logText(s); strings.Count(txt, "by the Austro-Hungarian player's standing order:") != 1 || !strings.Contains(txt, "reaction fire: ") {
		t.Errorf("at the second window the machine gun fires by the order, unasked:\n%s", txt)
	}
}

// The standing order may be changed at every decision of a side - set-up,
// command, move, each interrupt, the campaign's questions - that has a
// choice in it (a forced answer is left alone, for the page and the
// computer to give at once), and nowhere else; a change is an aside (engine.Asider): it leaves the same question
// asked of the same side, except at a reaction window, which the new
// order may answer at once.
func TestStandingOrderAtEveryDecision(t *testing.T) {
	for _, tt := range []struct {
		scenario string
		seed     uint64
		actions  int
	}{{"probe", 1, 400}, {"counter-attack", 2, 400}, {"high-water-mark", 3, 1500}} {
		t.Run(tt.scenario, func(t *testing.T) {
			st, err := Game{}.New(engine.Setup{Scenario: tt.scenario, Seed: tt.seed})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(tt.seed)
			steps := map[step]bool{}
			for n := 0; n < tt.actions && !s.Over(); n++ {
				for _, side := range []engine.Side{Central, Russian} {
					all := s.Legal(side, nil)
					var orders []engine.Action
					for _, a := range all {
						if s.Aside(a) {
							orders = append(orders, a)
						}
					}
					want := 0
					if rules := len(all) - len(orders); rules > 1 || rules == 1 && s.Step == stCommand {
						want = int(numPolicies) - 1
					}
					if len(orders) != want || slices.ContainsFunc(orders, func(a engine.Action) bool { return uint8(a.A) == s.Policy[side] }) {
						t.Fatalf("action %d, step %d: side %d is offered %v with order %d", n, s.Step, side, orders, s.Policy[side])
					}
					if len(orders) == 0 {
						continue
					}
					steps[s.Step] = true
					c := s.Clone().(*State)
					a := orders[r.IntN(len(orders))]
					if err := c.Apply(side, a); err != nil {
						t.Fatalf("action %d: %s refused: %v", n, s.EncodeAction(a), err)
					}
					if c.Policy[side] != uint8(a.A) {
						t.Fatalf("action %d: the order not set", n)
					}
					if s.Step != stReact && (c.Step != s.Step || c.Active() != s.Active() || c.Decider != s.Decider && s.Step != stNightChoice) {
						t.Fatalf("action %d: a change of order at step %d moved the game to step %d", n, s.Step, c.Step)
					}
				}
				side := s.Active().Sides()[0]
				l := s.rulesLegal(side)
				if err := s.Apply(side, l[r.IntN(len(l))]); err != nil {
					t.Fatal(err)
				}
			}
			if len(steps) < 4 {
				t.Errorf("only steps %v seen", steps)
			}
		})
	}
}

// Ruling L70: a change of the standing order must change it, and a side
// may change it twice in a row; a third change is refused with the
// ruling's reason and changes nothing, and the changes are no longer
// offered until the side answers the question. The count is part of the
// state: it survives a restore from the state's bytes.
func TestStandingOrderChangesBounded(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Scenario: "probe", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	side := s.Decider
	offered := func() int { return len(s.Legal(side, nil)) - len(s.rulesLegal(side)) }
	for _, tc := range []struct {
		action  string
		refused string // a part of the error, "" when accepted
		offered int    // the changes offered after it
	}{
		{"policy ask", "already ask", 3},
		{"policy mg-fire", "", 3},
		{"policy never", "", 0},
		{"policy all-fire", "changed 2 times in a row", 0},
		{"policy never", "already never", 0},
	} {
		a, err := s.DecodeAction(tc.action)
		if err != nil {
			t.Fatal(err)
		}
		before := s.Marshal()
		err = s.Apply(side, a)
		switch {
		case tc.refused == "" && err != nil:
			t.Fatalf("%s refused: %v", tc.action, err)
		case tc.refused != "" && (err == nil || !strings.Contains(err.Error(), tc.refused) || !strings.Contains(err.Error(), "L70")):
			t.Fatalf("%s: error %v, want one saying %q (L70)", tc.action, err, tc.refused)
		case tc.refused != "" && !slices.Equal(before, s.Marshal()):
			t.Fatalf("%s was refused but changed the state", tc.action)
		}
		if got := offered(); got != tc.offered {
			t.Fatalf("after %s: %d changes offered, want %d", tc.action, got, tc.offered)
		}
	}
	r, err := Game{}.Unmarshal(engine.Setup{Scenario: "probe", Seed: 1}, s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if back := r.(*State); back.changes[side] != maxChanges || !slices.Equal(back.Marshal(), s.Marshal()) {
		t.Fatalf("restored with %v changes, want %d", back.changes, maxChanges)
	}
	if err := s.Apply(side, s.rulesLegal(side)[0]); err != nil {
		t.Fatal(err)
	}
	if s.Active().Has(side) && offered() == 0 {
		t.Fatal("after an answer the order may be changed again")
	}
	if s.changes != [2]int8{} {
		t.Fatalf("an answer left the count at %v", s.changes)
	}
}

// L70 bounds each side's changes: in the night choice, where both sides
// answer at once (11.521), one side's two changes leave the other's open,
// and both counts are restored from the state's bytes.
func TestStandingOrderChangesPerSide(t *testing.T) {
	s := campaignAt(t, "gods-playground", 7, func(s *State) bool {
		return s.Step == stNightChoice && s.Active() == engine.Only(Central)|engine.Only(Russian)
	})
	change := func(side engine.Side) {
		t.Helper()
		for _, a := range s.Legal(side, nil) {
			if a.Op == opPolicy {
				if err := s.Apply(side, a); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("%s may not change its standing order (changes %v)", SideNames[side], s.changes)
	}
	change(Central)
	change(Central)
	change(Russian)
	if s.changes != [2]int8{Central: 2, Russian: 1} {
		t.Fatalf("counts %v", s.changes)
	}
	r, err := Game{}.Unmarshal(engine.Setup{Scenario: "gods-playground", Seed: 7}, s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if back := r.(*State); back.changes != s.changes {
		t.Fatalf("restored counts %v, want %v", back.changes, s.changes)
	}
}
