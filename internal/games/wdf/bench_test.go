package wdf

import (
	"runtime"
	"sandtable/internal/ai"
	"testing"
	"time"

	"sandtable/internal/engine"
	"sandtable/internal/kit/cputime"
	"sandtable/internal/kit/words/wordstest"
)

// BenchmarkSupply traces supply for every Allied unit at setup (8.1).
func BenchmarkSupply(b *testing.B) {
	d := DefaultData()
	p := SetupPosition(d)
	for b.Loop() {
		NewBoard(d, &p).Supply(Allied)
	}
}

// BenchmarkReach finds an armor brigade's destinations at setup (9.0).
func BenchmarkReach(b *testing.B) {
	d := DefaultData()
	p := SetupPosition(d)
	u, _ := d.Unit("4-armd")
	bd := NewBoard(d, &p)
	for b.Loop() {
		bd.Reach(u, RegularMove, true)
	}
}

// BenchmarkLegalMovement lists the Allied turn 1 movement choices, the
// widest decision of the game.
func BenchmarkLegalMovement(b *testing.B) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	for s.Step != stMove {
		side := s.Active().Sides()[0]
		s.ApplyUnchecked(side, s.Legal(side, nil)[len(s.Legal(side, nil))-1])
	}
	var dst []engine.Action
	for b.Loop() {
		dst = s.Legal(Allied, dst[:0])
	}
	b.ReportMetric(float64(len(dst)), "actions")
}

// BenchmarkPlayout plays a random game to the end.
func BenchmarkPlayout(b *testing.B) {
	for i := range b.N {
		st, _ := Game{}.New(engine.Setup{Seed: uint64(i)})
		s := st.(*State)
		s.SetLogging(false)
		r := engine.NewRand(uint64(i))
		for !s.Over() {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			a := legal[len(legal)-1]
			if r.IntN(2) == 0 {
				a = legal[r.IntN(len(legal))]
			}
			s.ApplyUnchecked(side, a)
		}
	}
}

// BenchmarkView builds the Allied view at setup (map cached).
func BenchmarkView(b *testing.B) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	for b.Loop() {
		s.bd = nil
		s.View(Allied, "en")
	}
}

// BenchmarkApplyMove validates and plays one move from the Allied turn 1
// movement phase (on a clone each time).
func BenchmarkApplyMove(b *testing.B) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	for s.Step != stMove {
		side := s.Active().Sides()[0]
		s.ApplyUnchecked(side, s.Legal(side, nil)[len(s.Legal(side, nil))-1])
	}
	var mv engine.Action
	for _, a := range s.Legal(Allied, nil) {
		if a.Op == opMove {
			mv = a
			break
		}
	}
	s.bd = nil
	for b.Loop() {
		c := s.Clone().(*State)
		if err := c.Apply(Allied, mv); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderLog: rendering one log line of a random game's first
// thousand decisions, in English and Italian alternately (a view renders
// the log it shows).
func BenchmarkRenderLog(b *testing.B) {
	s, err := engine.NewSession(Game{}, engine.Setup{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	r := engine.NewRand(1)
	for n := 0; n < 1000 && !s.State.Over(); n++ {
		side := s.State.Active().Sides()[0]
		legal := s.State.Legal(side, nil)
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	wordstest.BenchRenderLog(b, s)
}

// BenchmarkSearch runs the normal level's search, one worker, 100
// iterations, on states a third of the way into random games (as
// `sandtable bench` does); iterations/s = 1e11 / ns/op.
func BenchmarkSearch(b *testing.B) {
	var mid []engine.State
	r := engine.NewRand(1)
	for seed := uint64(1); seed <= 4; seed++ {
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		st.SetLogging(false)
		var states []engine.State
		for n := 0; !st.Over(); n++ {
			side := st.Active().Sides()[0]
			legal := st.Legal(side, nil)
			_ = st.Apply(side, legal[r.IntN(len(legal))])
			if n%16 == 0 {
				states = append(states, st.Clone())
			}
		}
		mid = append(mid, states[len(states)/3])
	}
	cfg := ai.NormalConfig
	cfg.Workers, cfg.Iterations, cfg.Budget, cfg.TurnBudget = 1, 100, 0, 0
	iters := 0
	cpu := cputime.Now()
	for i := 0; b.Loop(); i++ {
		st := mid[i%len(mid)]
		p := ai.NewMCTS(Game{}, cfg, uint64(i+1))
		p.Search(st, st.Active().Sides()[0])
		iters += p.LastIterations
	}
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iter/s")
	b.ReportMetric(float64(iters)/cputime.Since(cpu).Seconds(), "iter/cpu-s")
}

// BenchmarkRandomGame plays a game of uniformly random actions, each
// checked by Apply, as `sandtable bench` does (BenchmarkPlayout picks
// "done" half the time and does not check). It reports by CPU time the
// games a second and the µs of Legal and of Apply an action (the CPU time
// split between them as the wall clock splits it), and the allocations an
// action.
func BenchmarkRandomGame(b *testing.B) {
	r := engine.NewRand(1)
	var buf []engine.Action
	actions := 0
	var legal, apply time.Duration
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu := cputime.Now()
	for i := range b.N {
		st, _ := Game{}.New(engine.Setup{Seed: uint64(i + 1)})
		st.SetLogging(false)
		for !st.Over() {
			side := st.Active().Sides()[0]
			t0 := time.Now()
			buf = st.Legal(side, buf[:0])
			t1 := time.Now()
			if err := st.Apply(side, buf[r.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			apply += time.Since(t1)
			legal += t1.Sub(t0)
			actions++
		}
	}
	used := cputime.Since(cpu)
	runtime.ReadMemStats(&m1)
	perAction := float64(used.Microseconds()) / float64(actions)
	share := float64(legal) / float64(legal+apply)
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
	b.ReportMetric(float64(b.N)/used.Seconds(), "games/cpu-s")
	b.ReportMetric(perAction*share, "legal-cpu-µs/action")
	b.ReportMetric(perAction*(1-share), "apply-cpu-µs/action")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(actions), "allocs/action")
}
