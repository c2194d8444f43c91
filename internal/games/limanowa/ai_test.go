package limanowa

import (
	"math"
	"slices"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// TestKnowledge plays random games of every scenario and checks at every
// decision, on the actions the players weigh (asides left out), that the
// prior scores every action, that the rollout policy returns one of them,
// and that the evaluation stays a chance, never a certainty.
func TestKnowledge(t *testing.T) {
	know := ai.KnowledgeFor(Game{}.ID())
	for _, sc := range []string{"probe", "counter-attack", "muhr-at-jabloniec"} {
		t.Run(sc, func(t *testing.T) {
			st, err := Game{}.New(engine.Setup{Scenario: sc, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(7)
			for n := 0; n < 400 && !s.Over(); n++ {
				side := engine.Deciding(s).Sides()[0]
				legal := s.rulesLegal(side)
				scores := make([]float64, len(legal))
				know.Prior(s, side, legal, scores)
				for i, v := range scores {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("action %d: prior %v for %s", n, v, s.EncodeAction(legal[i]))
					}
				}
				a := know.Rollout(s, side, legal, &r)
				if !slices.Contains(legal, a) {
					t.Fatalf("action %d: the rollout chose %s, not legal", n, s.EncodeAction(a))
				}
				for _, sd := range []engine.Side{Central, Russian} {
					if v := know.Evaluate(s, sd); !(v > 0 && v < 1) {
						t.Fatalf("action %d: evaluation %v", n, v)
					}
				}
				if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestGoalDistances checks the distance tables the prior and the
// evaluation read: zero on the hexes the victory counts, one next to
// them, the hex distance elsewhere.
func TestGoalDistances(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		hex      string
		want     float64
	}{
		{"probe", "N17", 0},
		{"probe", "L16", 0},
		{"probe", "L15", 1},
		{"probe", "C23", float64(hexgrid.Distance(Layout.MustParse("C23"), Layout.MustParse("L16")))},
		{"gods-playground", "AF13", 0},
		{"gods-playground", "AI25", 0},
		{"gods-playground", "AF12", 1},
	} {
		st, err := Game{}.New(engine.Setup{Scenario: tc.scenario, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.(*State).goal().at(Layout.MustParse(tc.hex)); got != tc.want {
			t.Errorf("%s %s: distance %v, want %v", tc.scenario, tc.hex, got, tc.want)
		}
	}
}

// TestEvaluationSeparates: at the start of every scenario, one hex of the
// victory taken from the side that holds it, or taken by the side that
// needs it, moves the evaluation by more than a hundredth: an evaluation
// that saturates (scenario 2's Russians once stood at one chance in 8,000
// whatever they did) leaves the search nothing to choose by.
func TestEvaluationSeparates(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		taker    engine.Side // the side that must take hexes
	}{{"probe", Central}, {"counter-attack", Russian}, {"muhr-at-jabloniec", Central}} {
		t.Run(tc.scenario, func(t *testing.T) {
			st, err := Game{}.New(engine.Setup{Scenario: tc.scenario, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			before := evaluate(s, tc.taker)
			var h hexgrid.Hex
			found := false
			for _, g := range s.objective() {
				if s.pos.Control.Owner(g) != tc.taker {
					h, found = g, true
					break
				}
			}
			if !found {
				t.Fatal("the taker already holds every hex of the victory")
			}
			s.pos.Control.Set(h, tc.taker)
			after := evaluate(s, tc.taker)
			if after-before < 0.01 {
				t.Errorf("a hex of the victory taken moves side %d's chance from %.5f to %.5f", tc.taker, before, after)
			}
		})
	}
}
