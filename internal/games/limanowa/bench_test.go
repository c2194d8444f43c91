package limanowa

import (
	"path/filepath"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/kit/words/wordstest"
)

// randomGame plays a scenario to its end with uniformly random actions.
func randomGame(b *testing.B, scenario string, seed uint64) int {
	st, err := Game{}.New(engine.Setup{Scenario: scenario, Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed)
	var buf []engine.Action
	n := 0
	for !s.Over() {
		side := s.Active().Sides()[0]
		buf = s.Legal(side, buf[:0])
		s.ApplyUnchecked(side, buf[r.IntN(len(buf))])
		n++
	}
	return n
}

// BenchmarkRandomGame is one random game of each scenario, set-up
// included.
func BenchmarkRandomGame(b *testing.B) {
	for _, sc := range (Game{}).Scenarios() {
		b.Run(sc, func(b *testing.B) {
			actions := 0
			for i := range b.N {
				actions += randomGame(b, sc, uint64(i))
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
		})
	}
}

// BenchmarkLegalCommand lists the Russian commands at scenario 2's first
// couplet once set up: every unit, and the cross hairs each of the three
// groups may be called onto (the observers' lines to each vertex).
func BenchmarkLegalCommand(b *testing.B) {
	st, _ := Game{}.New(engine.Setup{Scenario: "counter-attack", Seed: 1})
	s := st.(*State)
	for s.Step == stSetup {
		l := s.Legal(s.Decider, nil)
		s.ApplyUnchecked(s.Decider, l[len(l)/2])
	}
	s.Step, s.Decider, s.Phasing = stCommand, Russian, Russian
	var buf []engine.Action
	for b.Loop() {
		buf = s.Legal(Russian, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "actions")
}

// BenchmarkLegal lists the actions of a unit about to move, Hussars next
// to it, so that each step's reaction test is counted too.
func BenchmarkLegal(b *testing.B) {
	st, _ := Game{}.New(engine.Setup{Scenario: "probe", Seed: 1})
	s := st.(*State)
	for i := range s.pos.Units {
		s.pos.Units[i].Where = Exited
	}
	place := func(id, hex string) {
		i, _ := s.unitByID(id)
		s.pos.Units[i].Where, s.pos.Units[i].Hex = OnMap, Layout.MustParse(hex)
	}
	place("cossack-sqn-1", "J20")
	place("hussar-sqn-1", "L20")
	place("hussar-sqn-2", "L21")
	s.Turn, s.Initiative, s.Couplets = 1, Russian, 3
	s.startHalf(0)
	i, _ := s.unitByID("cossack-sqn-1")
	s.apply(engine.Action{Op: opActivate, A: int16(i)})
	var buf []engine.Action
	for b.Loop() {
		buf = s.Legal(Russian, buf[:0])
	}
}

// BenchmarkRenderLog: rendering one log line of a recorded game, in
// English and Italian alternately (a view renders the log it shows).
func BenchmarkRenderLog(b *testing.B) {
	s := enginetest.ReplayFile(b, filepath.Join("testdata", "playthrough-1.json"))
	wordstest.BenchRenderLog(b, s)
}

// BenchmarkSearch: a normal-level search (the normal configuration, one
// worker, 64 iterations, no time limit) at the first 40 decisions with a
// choice of a greedy game of scenario 2 once set up: where the computer
// players spend a match's time. Profile it with -cpuprofile.
func BenchmarkSearch(b *testing.B) {
	st, err := Game{}.New(engine.Setup{Scenario: "counter-attack", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	greedy := ai.NewGreedy(Game{}, 1)
	var states []*State
	for !s.Over() && len(states) < 40 {
		side := s.Active().Sides()[0]
		if s.Step != stSetup && len(s.Legal(side, nil)) > 1 {
			states = append(states, s.Clone().(*State))
		}
		s.ApplyUnchecked(side, greedy.Choose(s, side))
	}
	cfg := ai.NormalConfig
	cfg.Iterations, cfg.Budget, cfg.TurnBudget, cfg.Workers = 64, 0, 0, 1
	p := ai.NewMCTS(Game{}, cfg, 1)
	n := 0
	for b.Loop() {
		s := states[n%len(states)]
		p.Search(s, s.Active().Sides()[0])
		n++
	}
}
