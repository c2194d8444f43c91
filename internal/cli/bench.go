package cli

import (
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/kit/cputime"
)

func init() {
	Register(Command{Name: "bench", Summary: "measure how fast a game's rules and the computer players run", Run: runBench})
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "bench [GAME] [flags]\n\nPlays random games on one core and times the rules, then the search, by the clock\nand by the process's CPU time (on a loaded machine the clock also counts the\ntime spent waiting for a core; run with GOMAXPROCS=1 so CPU time is one core's).", stderr)
	dur := fs.Duration("time", 3*time.Second, "time spent on each measurement")
	scenario := fs.String("scenario", "", "scenario (default: the game's first)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "sandtable bench: at most one game, not %q\n", pos)
		return 2
	}
	if *dur <= 0 {
		fmt.Fprintln(stderr, "sandtable bench: --time must be positive")
		return 2
	}
	ids := engine.GameIDs()
	if len(pos) == 1 {
		ids = pos
	}
	for _, id := range ids {
		g, err := engine.Lookup(id)
		if err != nil {
			fmt.Fprintln(stderr, "sandtable bench:", err)
			return 2
		}
		if err := benchGame(stdout, stderr, g, *scenario, *dur); err != nil {
			fmt.Fprintf(stderr, "sandtable bench: %s: %v\n", id, err)
			return 1
		}
	}
	return 0
}

// randomStats is what random play on one core measured.
type randomStats struct {
	games, decisions, actions int
	legal, apply, clone, det  time.Duration
	copies                    int           // Clone and Determinize calls timed
	wall, cpu                 time.Duration // the whole run by the clock, and by the process's CPU time
	allocs                    uint64
	mid                       []engine.State // a few states from the middle of games
}

func benchRandom(g engine.Game, scenario string, dur time.Duration) (randomStats, error) {
	var rs randomStats
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	rng := engine.NewRand(1)
	var buf []engine.Action
	start, cpu0 := time.Now(), cputime.Now()
	for seed := uint64(1); time.Since(start) < dur || rs.games == 0; seed++ {
		st, err := g.New(engine.Setup{Scenario: scenario, Seed: seed})
		if err != nil {
			return rs, err
		}
		st.SetLogging(false)
		var states []engine.State
		for n := 0; !st.Over(); n++ {
			if n > 200000 {
				return rs, fmt.Errorf("a random game ran past 200000 actions")
			}
			set := st.Active()
			if set == 0 {
				return rs, fmt.Errorf("no side to act but the game is not over")
			}
			for _, side := range set.Sides() {
				if !st.Active().Has(side) {
					continue
				}
				t0 := time.Now()
				buf = st.Legal(side, buf[:0])
				t1 := time.Now()
				rs.legal += t1.Sub(t0)
				rs.decisions++
				if len(buf) == 0 {
					continue
				}
				a := buf[rng.IntN(len(buf))]
				t2 := time.Now()
				if err := st.Apply(side, a); err != nil {
					return rs, fmt.Errorf("legal action %s refused: %w", st.EncodeAction(a), err)
				}
				rs.apply += time.Since(t2)
				rs.actions++
			}
			if n%16 == 0 && rs.games < 8 {
				if side, ok := benchFirst(st.Active()); ok {
					t0 := time.Now()
					c := st.Clone()
					t1 := time.Now()
					d := c.Determinize(side, &rng)
					rs.det += time.Since(t1)
					rs.clone += t1.Sub(t0)
					rs.copies++
					states = append(states, d)
				}
			}
		}
		if len(states) > 0 {
			rs.mid = append(rs.mid, states[len(states)/3])
		}
		rs.games++
	}
	rs.wall, rs.cpu = time.Since(start), cputime.Since(cpu0)
	runtime.ReadMemStats(&m1)
	rs.allocs = m1.Mallocs - m0.Mallocs
	return rs, nil
}

func benchFirst(ss engine.SideSet) (engine.Side, bool) {
	for _, s := range ss.Sides() {
		return s, true
	}
	return engine.Observer, false
}

func benchGame(w, stderr io.Writer, g engine.Game, scenario string, dur time.Duration) error {
	fmt.Fprintf(stderr, "bench %s: random games for %v...\n", g.ID(), dur)
	rs, err := benchRandom(g, scenario, dur)
	if err != nil {
		return err
	}
	per := func(d time.Duration, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f µs", float64(d.Nanoseconds())/1000/float64(n))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t%s\n", "game", g.ID())
	fmt.Fprintf(tw, "random games per second (one core)\t%.1f\n", float64(rs.games)/rs.wall.Seconds())
	if rs.cpu > 0 {
		fmt.Fprintf(tw, "random games per CPU-second\t%.1f\n", float64(rs.games)/rs.cpu.Seconds())
	}
	fmt.Fprintf(tw, "mean actions per game\t%.1f\n", float64(rs.actions)/float64(rs.games))
	fmt.Fprintf(tw, "Legal per decision\t%s\n", per(rs.legal, rs.decisions))
	fmt.Fprintf(tw, "Apply per action (validating)\t%s\n", per(rs.apply, rs.actions))
	fmt.Fprintf(tw, "Clone\t%s\n", per(rs.clone, rs.copies))
	fmt.Fprintf(tw, "Determinize\t%s\n", per(rs.det, rs.copies))
	fmt.Fprintf(tw, "allocations per action\t%.1f\n", float64(rs.allocs)/float64(max(1, rs.actions)))

	// The search, one worker, on states from the middle of random games.
	know := ai.KnowledgeFor(g.ID())
	fmt.Fprintf(tw, "knowledge\tevaluator %v, rollout %v, prior %v, turn %v\n", know.Evaluate != nil, know.Rollout != nil, know.Prior != nil, know.Turn != nil)
	for _, name := range []string{"normal", "mcts"} {
		cfg := ai.NormalConfig
		if name == "mcts" {
			cfg = ai.FixedConfig
		}
		cfg.Workers, cfg.Iterations, cfg.TurnBudget = 1, 0, 0
		cfg.Budget = dur / time.Duration(max(1, len(rs.mid)))
		iters, spent, cpu := 0, time.Duration(0), time.Duration(0)
		for i, st := range rs.mid {
			side, ok := benchFirst(st.Active())
			if !ok || len(st.Legal(side, nil)) < 2 {
				continue
			}
			p := ai.NewMCTS(g, cfg, uint64(i+1))
			c0 := cputime.Now()
			p.Search(st, side)
			cpu += cputime.Since(c0)
			iters += p.LastIterations
			spent += p.LastElapsed
		}
		if spent > 0 {
			fmt.Fprintf(tw, "search iterations per second (%s settings, one core)\t%.0f\n", name, float64(iters)/spent.Seconds())
		}
		if cpu > 0 {
			fmt.Fprintf(tw, "search iterations per CPU-second (%s settings)\t%.0f\n", name, float64(iters)/cpu.Seconds())
		}
	}
	tw.Flush()
	fmt.Fprintln(w)
	return nil
}
