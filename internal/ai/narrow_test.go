package ai_test

import (
	"sync/atomic"
	"testing"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest/toy"
)

// TestNarrowIsKept: a game's Knowledge.Narrow leaves actions out of what
// the search weighs, at the root (ordered by Prior or by greedy's
// judgement), in the tree and in the playouts: neither the Prior nor the
// rollout policy is ever shown one, and none is in the root's statistics.
func TestNarrowIsKept(t *testing.T) {
	g := lookup(t, "toy")
	k := ai.KnowledgeFor("toy")
	defer ai.RegisterKnowledge("toy", k)
	three := func(a engine.Action) bool { return a.Op == 1 && a.A == 3 } // "take 3"
	var shown atomic.Int64
	saw := func(legal []engine.Action) {
		for _, a := range legal {
			if three(a) {
				shown.Add(1)
			}
		}
	}
	know := ai.Knowledge{
		Evaluate: k.Evaluate,
		Prior: func(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
			saw(legal)
		},
		Rollout: func(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
			saw(legal)
			return legal[r.IntN(len(legal))]
		},
		Narrow: func(st engine.State, side engine.Side) func(engine.Action) bool { return three },
	}
	for _, root := range []bool{false, true} {
		know.RootByEvaluation = root
		ai.RegisterKnowledge("toy", know)
		for seed := uint64(1); seed <= 4; seed++ {
			st := midGame(t, g, seed, int(seed%3))
			side, _ := firstSide(st.Active())
			for _, s := range ai.NewMCTS(g, withIter(ai.FixedConfig, 300), seed).Search(st, side) {
				if three(s.Action) {
					t.Fatalf("root by evaluation %v, seed %d: the search weighed take 3", root, seed)
				}
			}
		}
	}
	if n := shown.Load(); n != 0 {
		t.Errorf("the prior or the rollout policy was shown take 3 %d times", n)
	}
}

// wideGame is the toy game with 60 more actions open at every decision,
// "wait N" (Op 8), which change nothing.
type wideGame struct{ toy.Game }

func (wideGame) ID() string { return "toy-wide" }
func (wideGame) New(s engine.Setup) (engine.State, error) {
	st, err := toy.Game{}.New(s)
	if err != nil {
		return nil, err
	}
	return &wideState{st.(*toy.State)}, nil
}

type wideState struct{ *toy.State }

func (s *wideState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	n := len(dst)
	if dst = s.State.Legal(side, dst); len(dst) > n {
		for i := range 60 {
			dst = append(dst, engine.Action{Op: 8, A: int16(i)})
		}
	}
	return dst
}
func (s *wideState) Apply(side engine.Side, a engine.Action) error {
	if a.Op == 8 && s.Active().Has(side) {
		return nil
	}
	return s.State.Apply(side, a)
}
func (s *wideState) Clone() engine.State { return &wideState{s.State.Clone().(*toy.State)} }
func (s *wideState) Determinize(v engine.Side, r *engine.Rand) engine.State {
	return &wideState{s.State.Determinize(v, r).(*toy.State)}
}

// TestJudgementStopsAtTheDeadline: greedy's judgement of the root
// (RootByEvaluation) is part of the decision's time: a decision whose
// time is up judges no more actions, where one without a time limit
// judges every one (a WDF decision lists hundreds).
func TestJudgementStopsAtTheDeadline(t *testing.T) {
	g := wideGame{}
	var evals atomic.Int64
	ai.RegisterKnowledge(g.ID(), ai.Knowledge{
		Evaluate: func(st engine.State, side engine.Side) float64 {
			evals.Add(1)
			return 0.5
		},
		Prior:            func(engine.State, engine.Side, []engine.Action, []float64) {},
		RootByEvaluation: true,
	})
	st, _ := g.New(engine.Setup{Seed: 1})
	side, _ := firstSide(st.Active())
	legal := len(st.Legal(side, nil))
	for _, budget := range []time.Duration{0, time.Nanosecond} {
		c := ai.Config{Iterations: 2, Workers: 2, Budget: budget, C: 0.2, RolloutDepth: 1, TopK: 3}
		evals.Store(0)
		ai.NewMCTS(g, c, 1).Search(st, side)
		// the two iterations score their playouts for both sides
		judged := int(evals.Load()) - 2*2
		if budget == 0 && judged < legal {
			t.Errorf("without a time limit %d of %d actions judged", judged, legal)
		}
		if budget > 0 && judged > 0 {
			t.Errorf("with the time up %d of %d actions judged", judged, legal)
		}
	}
}
