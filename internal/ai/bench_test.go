package ai_test

import (
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// The benchmarks run over every game registered in the test binary (the
// toy game and the test games here; a game package imported by a test
// file joins them).

func BenchmarkRandomGame(b *testing.B) {
	for _, id := range engine.GameIDs() {
		g := lookup(b, id)
		b.Run(id, func(b *testing.B) {
			p := ai.NewRandom(1)
			actions := 0
			for i := 0; i < b.N; i++ {
				st, _ := g.New(engine.Setup{Seed: uint64(i)})
				st.SetLogging(false)
				for !st.Over() {
					for _, s := range st.Active().Sides() {
						if st.Active().Has(s) {
							if err := st.Apply(s, p.Choose(st, s)); err != nil {
								b.Fatal(err)
							}
							actions++
						}
					}
				}
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
		})
	}
}

// sampleStates returns states from random games, a decision open in each.
func sampleStates(b *testing.B, g engine.Game, n int) []engine.State {
	var out []engine.State
	p := ai.NewRandom(7)
	for seed := uint64(1); len(out) < n && seed < 1000; seed++ {
		st, _ := g.New(engine.Setup{Seed: seed})
		st.SetLogging(false)
		for k := 0; !st.Over(); k++ {
			s, _ := firstSide(st.Active())
			if k%3 == 0 {
				out = append(out, st.Clone())
			}
			if err := st.Apply(s, p.Choose(st, s)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

func BenchmarkLegal(b *testing.B) {
	for _, id := range engine.GameIDs() {
		g := lookup(b, id)
		b.Run(id, func(b *testing.B) {
			sts := sampleStates(b, g, 64)
			var buf []engine.Action
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				st := sts[i%len(sts)]
				s, _ := firstSide(st.Active())
				buf = st.Legal(s, buf[:0])
			}
		})
	}
}

func BenchmarkApply(b *testing.B) {
	for _, id := range engine.GameIDs() {
		g := lookup(b, id)
		b.Run(id, func(b *testing.B) {
			sts := sampleStates(b, g, 64)
			acts := make([]engine.Action, len(sts))
			for i, st := range sts {
				s, _ := firstSide(st.Active())
				acts[i] = st.Legal(s, nil)[0]
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				st := sts[i%len(sts)].Clone()
				s, _ := firstSide(st.Active())
				b.StartTimer()
				if err := st.Apply(s, acts[i%len(sts)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearchIteration times one MCTS iteration (one worker) from the
// start of each game; iterations/s = 1e9 / ns/op.
func BenchmarkSearchIteration(b *testing.B) {
	for _, id := range engine.GameIDs() {
		g := lookup(b, id)
		b.Run(id, func(b *testing.B) {
			st, _ := g.New(engine.Setup{Seed: 1})
			s, _ := firstSide(st.Active())
			cfg := ai.FixedConfig
			cfg.Workers, cfg.Iterations = 1, b.N
			p := ai.NewMCTS(g, cfg, 1)
			b.ResetTimer()
			p.Search(st, s)
		})
	}
}
