package ai_test

import (
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest/toy"
)

// asideGame is the toy game with an aside (engine.Asider) open at every
// decision: "wait" (Op 9), which changes nothing.
type asideGame struct{ toy.Game }

func (asideGame) ID() string { return "toy-aside" }
func (asideGame) New(s engine.Setup) (engine.State, error) {
	st, err := toy.Game{}.New(s)
	if err != nil {
		return nil, err
	}
	return &asideState{st.(*toy.State)}, nil
}

type asideState struct{ *toy.State }

const opWait = 9

func (s *asideState) Aside(a engine.Action) bool { return a.Op == opWait }
func (s *asideState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	n := len(dst)
	if dst = s.State.Legal(side, dst); len(dst) > n {
		dst = append(dst, engine.Action{Op: opWait})
	}
	return dst
}
func (s *asideState) Apply(side engine.Side, a engine.Action) error {
	if a.Op == opWait && s.Active().Has(side) {
		return nil
	}
	return s.State.Apply(side, a)
}
func (s *asideState) Clone() engine.State { return &asideState{s.State.Clone().(*toy.State)} }
func (s *asideState) Determinize(v engine.Side, r *engine.Rand) engine.State {
	return &asideState{s.State.Determinize(v, r).(*toy.State)}
}

// TestPlayersLeaveAsidesAlone: the computer players answer every question
// themselves, so none of them plays an aside or searches one.
func TestPlayersLeaveAsidesAlone(t *testing.T) {
	g := asideGame{}
	for seed := uint64(1); seed <= 6; seed++ {
		st, _ := g.New(engine.Setup{Seed: seed})
		side := st.Active().Sides()[0]
		for _, p := range []ai.Player{ai.NewRandom(seed), ai.NewGreedy(g, seed), ai.NewMCTS(g, withIter(ai.FixedConfig, 200), seed)} {
			for range 10 {
				if a := p.Choose(st, side); a.Op == opWait {
					t.Fatalf("seed %d: %T played the aside", seed, p)
				}
			}
		}
		for _, s := range ai.NewMCTS(g, withIter(ai.FixedConfig, 200), seed).Search(st, side) {
			if s.Action.Op == opWait {
				t.Fatalf("seed %d: the search weighed the aside", seed)
			}
		}
	}
}
