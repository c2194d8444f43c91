package limanowa

import (
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// TestPolicyKnowledge plays random games of every scenario and checks at
// every decision that the prior ranks a standing reaction order below
// every move, that the rollout policy and greedy never pick one while a
// move is legal (a setting changes nothing, so repeating it could stall a
// game for ever), and that the evaluation stays a chance.
func TestPolicyKnowledge(t *testing.T) {
	know := ai.KnowledgeFor(Game{}.ID())
	for _, sc := range []string{"probe", "counter-attack", "muhr-at-jabloniec"} {
		t.Run(sc, func(t *testing.T) {
			st, err := Game{}.New(engine.Setup{Scenario: sc, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(7)
			greedy := ai.NewGreedy(Game{}, 5)
			for n := 0; n < 400 && !s.Over(); n++ {
				side := engine.Deciding(s).Sides()[0]
				legal := s.Legal(side, nil)
				scores := make([]float64, len(legal))
				know.Prior(s, side, legal, scores)
				worstMove, bestSetting, moves := 1e9, -1e9, 0
				for i, a := range legal {
					if a.Op == opPolicy {
						bestSetting = max(bestSetting, scores[i])
					} else {
						worstMove, moves = min(worstMove, scores[i]), moves+1
					}
				}
				if moves > 0 && bestSetting >= worstMove {
					t.Fatalf("action %d: a standing order scores %v, a move %v", n, bestSetting, worstMove)
				}
				if moves > 0 {
					for range 8 {
						if a := know.Rollout(s, side, legal, &r); a.Op == opPolicy {
							t.Fatalf("action %d: the rollout picked a standing order", n)
						}
					}
					if a := greedy.Choose(s, side); a.Op == opPolicy {
						t.Fatalf("action %d: greedy picked a standing order", n)
					}
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
