package primogenita

import (
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// playRandom plays a uniformly random game to its end and returns the
// number of actions.
func playRandom(seed uint64) int {
	st, _ := Game{}.New(engine.Setup{Seed: seed})
	s := st.(*State)
	r := engine.NewRand(seed ^ 0x5eed)
	var legal []engine.Action
	n := 0
	for !s.Over() {
		act := s.Active().Sides()
		side := act[r.IntN(len(act))]
		legal = s.Legal(side, legal[:0])
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			panic(err)
		}
		n++
	}
	return n
}

// BenchmarkRandomGame: whole random games (setup to the end).
func BenchmarkRandomGame(b *testing.B) {
	actions := 0
	for i := range b.N {
		actions += playRandom(uint64(i))
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkLegal: listing the legal actions, over the decision points of
// a random game.
func BenchmarkLegal(b *testing.B) {
	st, _ := Game{}.New(engine.Setup{Seed: 7})
	s := st.(*State)
	r := engine.NewRand(7)
	var states []*State
	var sides []engine.Side
	for !s.Over() && len(states) < 3000 {
		act := s.Active().Sides()
		side := act[r.IntN(len(act))]
		states = append(states, s.clone())
		sides = append(sides, side)
		l := s.Legal(side, nil)
		_ = s.Apply(side, l[r.IntN(len(l))])
	}
	var dst []engine.Action
	b.ResetTimer()
	for i := range b.N {
		k := i % len(states)
		dst = states[k].Legal(sides[k], dst[:0])
	}
}

// randomDecisions are the states of the decision points of a random game
// (at most 3000).
func randomDecisions(seed uint64) []*State {
	st, _ := Game{}.New(engine.Setup{Seed: seed})
	s := st.(*State)
	r := engine.NewRand(seed)
	var states []*State
	for !s.Over() && len(states) < 3000 {
		act := s.Active().Sides()
		side := act[r.IntN(len(act))]
		states = append(states, s.clone())
		l := s.Legal(side, nil)
		_ = s.Apply(side, l[r.IntN(len(l))])
	}
	return states
}

// BenchmarkEvaluate: the computer players' evaluation (ai.go), over the
// decision points of a random game.
func BenchmarkEvaluate(b *testing.B) {
	states := randomDecisions(7)
	b.ResetTimer()
	for i := range b.N {
		evaluate(states[i%len(states)], Allied)
	}
}

// BenchmarkSupplyNet: tracing supply from every source of both sides
// (5.1), over the decision points of a random game.
func BenchmarkSupplyNet(b *testing.B) {
	states := randomDecisions(7)
	b.ResetTimer()
	for i := range b.N {
		s := states[i%len(states)]
		s.net(Allied, false)
		s.net(Italian, false)
	}
}

// BenchmarkAlliedField: the computer players' Allied supply field
// (ai_supply.go), traced afresh and from its cache, over the decision
// points of a random game.
func BenchmarkAlliedField(b *testing.B) {
	states := randomDecisions(7)
	var buf [512]byte
	b.Run("trace", func(b *testing.B) {
		for i := range b.N {
			states[i%len(states)].traceField()
		}
	})
	b.Run("cached", func(b *testing.B) {
		for _, s := range states {
			s.alliedField(buf[:0])
		}
		b.ResetTimer()
		for i := range b.N {
			states[i%len(states)].alliedField(buf[:0])
		}
	})
}

// BenchmarkSearch: a normal-level search (the normal configuration, one
// worker, 64 iterations, no time limit) at the first 40 decision points of
// Move Orders and of Order choices in a random game: where the computer
// players spend their time. Profile it with -cpuprofile.
func BenchmarkSearch(b *testing.B) {
	decisions := randomDecisions(7)
	cfg := ai.NormalConfig
	cfg.Iterations, cfg.Budget, cfg.TurnBudget, cfg.Workers = 64, 0, 0, 1
	for _, at := range []step{stMove, stChoose} {
		var states []*State
		for _, s := range decisions {
			if s.Step == at && len(states) < 40 {
				states = append(states, s)
			}
		}
		b.Run([]string{stMove: "move", stChoose: "choose"}[at], func(b *testing.B) {
			p := ai.NewMCTS(Game{}, cfg, 1)
			for i := range b.N {
				s := states[i%len(states)]
				p.Search(s, s.Active().Sides()[0])
			}
		})
	}
}
