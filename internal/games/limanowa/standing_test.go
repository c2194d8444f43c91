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
