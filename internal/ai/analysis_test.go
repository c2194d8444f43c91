package ai_test

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// TestAnalyzeIsDeterministicAndLegal: with no time cap the same seed gives
// the same advice; the choices are the deciding side's legal actions, best
// first; the chances are probabilities that add up to one.
func TestAnalyzeIsDeterministicAndLegal(t *testing.T) {
	cfg := ai.CoachConfig{Iterations: 200, Samples: 3, Top: 2}
	for _, id := range []string{"toy", duelID} {
		g := lookup(t, id)
		for seed := uint64(1); seed <= 4; seed++ {
			st := midGame(t, g, seed, int(seed%3))
			if st.Over() {
				continue
			}
			for _, viewer := range []engine.Side{0, 1} {
				a := ai.Analyze(context.Background(), g, st, viewer, cfg, seed)
				b := ai.Analyze(context.Background(), g, st.Clone(), viewer, cfg, seed)
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s seed %d viewer %d: two analyses differ:\n%+v\n%+v", id, seed, viewer, a, b)
				}
				if len(a.Choices) == 0 || len(a.Choices) > cfg.Top {
					t.Fatalf("%s seed %d: %d choices", id, seed, len(a.Choices))
				}
				if !engine.Deciding(st).Has(a.Side) {
					t.Fatalf("%s seed %d: analysed side %d does not decide", id, seed, a.Side)
				}
				if engine.Deciding(st).Has(viewer) && a.Side != viewer {
					t.Fatalf("%s seed %d: viewer %d decides, the analysis is for %d", id, seed, viewer, a.Side)
				}
				if a.Side == viewer { // another side's actions may depend on what viewer cannot see
					for _, c := range a.Choices {
						if !engine.IsLegal(st, a.Side, c.Action) {
							t.Fatalf("%s seed %d: choice %s is not legal", id, seed, st.EncodeAction(c.Action))
						}
					}
				}
				for i := 1; i < len(a.Choices); i++ {
					if a.Choices[i].Visits > a.Choices[i-1].Visits {
						t.Fatalf("%s seed %d: choices not best first: %+v", id, seed, a.Choices)
					}
				}
				sum := 0.0
				for _, c := range a.Chances {
					if c < 0 || c > 1 {
						t.Fatalf("%s seed %d: chance %v", id, seed, c)
					}
					sum += c
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("%s seed %d: chances %v add up to %v", id, seed, a.Chances, sum)
				}
			}
		}
	}
}

// TestAnalyzeFinished: a finished game's chances are its result.
func TestAnalyzeFinished(t *testing.T) {
	g := lookup(t, "toy")
	st := midGame(t, g, 3, 10000)
	if !st.Over() {
		t.Fatal("the game did not end")
	}
	a := ai.Analyze(context.Background(), g, st, 0, ai.CoachConfig{Iterations: 50}, 1)
	if !slices.Equal(a.Chances, st.Returns()) || a.Side != engine.Observer || len(a.Choices) != 0 {
		t.Fatalf("finished game analysed as %+v, returns %v", a, st.Returns())
	}
}

// TestAnalyzeNeverReadsHiddenInfo hands Analyze real states that count
// every read of what the viewer may not see, with the viewer deciding and
// not, and checks that states differing only in what the viewer cannot see
// (the other side's bonus, the future dice) get identical advice.
func TestAnalyzeNeverReadsHiddenInfo(t *testing.T) {
	g := lookup(t, spyID)
	cfg := ai.CoachConfig{Iterations: 120, Samples: 2, Judge: true}
	searched := 0
	for seed := uint64(1); seed <= 6; seed++ {
		st := midGame(t, g, seed, int(seed%4)).(*spyState)
		if st.Over() {
			continue
		}
		for _, viewer := range []engine.Side{0, 1} {
			var advice [3]ai.Advice
			for bonus := 0; bonus < 3; bonus++ {
				v := st.Clone().(*spyState)
				v.viewer = viewer
				v.Bonus[1-viewer] = bonus
				v.Rng = engine.NewRand(uint64(bonus) * 7919)
				leaks.Store(0)
				advice[bonus] = ai.Analyze(context.Background(), g, v, viewer, cfg, seed)
				if n := leaks.Load(); n != 0 {
					t.Fatalf("seed %d viewer %d: %d reads of hidden information", seed, viewer, n)
				}
			}
			if advice[0].Iterations > 0 {
				searched++
			}
			for b := 1; b < 3; b++ {
				if !reflect.DeepEqual(advice[b], advice[0]) {
					t.Fatalf("seed %d viewer %d: the advice depends on what the viewer cannot see:\n%+v\n%+v", seed, viewer, advice[0], advice[b])
				}
			}
		}
	}
	if searched == 0 {
		t.Fatal("no position was searched")
	}
}

// TestAnalyzeStopsWithContext: a done context ends the analysis at once.
func TestAnalyzeStopsWithContext(t *testing.T) {
	g := lookup(t, "toy")
	st := midGame(t, g, 1, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := ai.Analyze(ctx, g, st, 0, ai.CoachConfig{Iterations: 1 << 30}, 1)
	if a.Iterations > 100 {
		t.Fatalf("%d iterations after the context was done", a.Iterations)
	}
}

func TestSwings(t *testing.T) {
	pts := [][]float64{{0.5, 0.5}, {0.55, 0.45}, {0.2, 0.8}, {0.3, 0.7}, {0.9, 0.1}, {0.88, 0.12}}
	for _, tc := range []struct {
		k    int
		min  float64
		want []int
	}{
		{k: 2, min: 0, want: []int{4, 2}},
		{k: 5, min: 0.05, want: []int{4, 2, 3, 1}},
		{k: 5, min: 0.5, want: []int{4}},
		{k: 0, min: 0, want: nil},
	} {
		if got := ai.Swings(pts, 0, tc.k, tc.min); !slices.Equal(got, tc.want) {
			t.Errorf("Swings(k=%d, min=%v) = %v, want %v", tc.k, tc.min, got, tc.want)
		}
	}
}
