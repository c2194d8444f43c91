package ai_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest/toy"
)

func lookup(t testing.TB, id string) engine.Game {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checked wraps a player and fails the test on any illegal choice.
type checked struct {
	t    *testing.T
	name string
	p    ai.Player
}

func (c checked) Choose(st engine.State, side engine.Side) engine.Action {
	a := c.p.Choose(st, side)
	if !engine.IsLegal(st, side, a) {
		c.t.Fatalf("%s chose illegal %s for side %d", c.name, st.EncodeAction(a), side)
	}
	return a
}

func TestPlayersChooseLegalActions(t *testing.T) {
	players := []string{"random", "greedy", "easy", "mcts:iter=60", "normal:iter=40", "hard:iter=40:topk=2"}
	for _, id := range []string{"toy", spyID, duelID} {
		g := lookup(t, id)
		for _, a := range players {
			for _, b := range players {
				for seed := uint64(1); seed <= 2; seed++ {
					pa, err := ai.New(a, g, seed)
					if err != nil {
						t.Fatal(err)
					}
					pb, err := ai.New(b, g, seed+100)
					if err != nil {
						t.Fatal(err)
					}
					ps := []ai.Player{checked{t, a, pa}, checked{t, b, pb}}
					res, err := ai.PlayGame(g, engine.Setup{Seed: seed}, ps, 1000)
					if err != nil {
						t.Fatalf("%s: %s vs %s: %v", id, a, b, err)
					}
					if res.Capped || res.Actions == 0 {
						t.Fatalf("%s: %s vs %s: game did not finish: %+v", id, a, b, res)
					}
				}
			}
		}
	}
}

func TestNewRejectsBadNames(t *testing.T) {
	g := lookup(t, "toy")
	for _, name := range []string{"nobody", "random:iter=3", "mcts:iter", "mcts:speed=9", "mcts:c=x", "mcts:eval=magic", "mcts:reuse=maybe"} {
		if _, err := ai.New(name, g, 1); err == nil {
			t.Errorf("New(%q) accepted", name)
		}
	}
	for _, name := range []string{"random", "greedy", "easy", "normal", "hard", "mcts", "mcts:iter=5:c=1.2:depth=3:turn=false:widen=1:topk=4:workers=1:eval=score:norm=true:stop=true:reuse=false", "normal:iter=50:cap=1s"} {
		if _, err := ai.New(name, g, 1); err != nil {
			t.Errorf("New(%q): %v", name, err)
		}
	}
}

// midGame returns a toy-like game's state after n random actions.
func midGame(t testing.TB, g engine.Game, seed uint64, n int) engine.State {
	st, err := g.New(engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := ai.NewRandom(seed)
	for i := 0; i < n && !st.Over(); i++ {
		s, _ := firstSide(st.Active())
		if err := st.Apply(s, r.Choose(st, s)); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func firstSide(ss engine.SideSet) (engine.Side, bool) {
	for _, s := range ss.Sides() {
		return s, true
	}
	return engine.Observer, false
}

func TestDeterministicMode(t *testing.T) {
	for _, id := range []string{"toy", spyID, duelID} {
		g := lookup(t, id)
		for seed := uint64(1); seed <= 4; seed++ {
			st := midGame(t, g, seed, int(seed%3))
			side, _ := firstSide(st.Active())
			for _, name := range []string{"mcts:iter=300", "greedy", "random"} {
				p1, _ := ai.New(name, g, seed)
				p2, _ := ai.New(name, g, seed)
				for k := 0; k < 3; k++ { // successive decisions agree too
					a1, a2 := p1.Choose(st, side), p2.Choose(st, side)
					if a1 != a2 {
						t.Fatalf("%s %s seed %d: %v then %v", id, name, seed, a1, a2)
					}
				}
			}
			m1 := ai.NewMCTS(g, withIter(ai.FixedConfig, 400), seed)
			m2 := ai.NewMCTS(g, withIter(ai.FixedConfig, 400), seed)
			s1, s2 := m1.Search(st, side), m2.Search(st, side)
			if len(s1) != len(s2) {
				t.Fatalf("%s: stats differ", id)
			}
			for i := range s1 {
				if s1[i] != s2[i] {
					t.Fatalf("%s seed %d: stats differ: %+v vs %+v", id, seed, s1, s2)
				}
			}
			if m1.LastIterations != 400 {
				t.Errorf("%s: %d iterations, want 400", id, m1.LastIterations)
			}
		}
	}
}

// TestTimeCapsIterations: with both Iterations and Budget the search stops
// at whichever comes first.
func TestTimeCapsIterations(t *testing.T) {
	g := lookup(t, "toy")
	st := midGame(t, g, 1, 0)
	side, _ := firstSide(st.Active())
	if len(st.Legal(side, nil)) < 2 {
		t.Fatal("the toy's opening has a single legal action; pick another position")
	}
	c := withIter(ai.FixedConfig, 1<<30)
	c.Budget = 20 * time.Millisecond
	m := ai.NewMCTS(g, c, 1)
	m.Search(st, side)
	if m.LastIterations == 0 || m.LastIterations >= 1<<30 {
		t.Fatalf("%d iterations: the time cap did not stop the search", m.LastIterations)
	}
	c = withIter(ai.FixedConfig, 300)
	c.Budget = time.Hour
	m = ai.NewMCTS(g, c, 1)
	m.Search(st, side)
	if m.LastIterations != 300 {
		t.Fatalf("%d iterations under a generous cap, want 300", m.LastIterations)
	}
}

// sleepyToy returns the toy game with an evaluator that sleeps 5 ms a
// call, its own restored when the test ends.
func sleepyToy(t *testing.T) engine.Game {
	g := lookup(t, "toy")
	k := ai.KnowledgeFor("toy")
	t.Cleanup(func() { ai.RegisterKnowledge("toy", k) })
	slow := k
	slow.Evaluate = func(st engine.State, side engine.Side) float64 {
		time.Sleep(5 * time.Millisecond)
		return 0.5
	}
	ai.RegisterKnowledge("toy", slow)
	return g
}

// TestTimeCapHoldsWhenIterationsAreSlow: the cap stops the search within
// an iteration of the deadline, however few iterations that leaves (at
// Western Desert Force one takes tens of milliseconds).
func TestTimeCapHoldsWhenIterationsAreSlow(t *testing.T) {
	g := sleepyToy(t)
	st := midGame(t, g, 1, 0)
	side, _ := firstSide(st.Active())
	c := withIter(ai.FixedConfig, 1000)
	c.Budget, c.RolloutDepth = 30*time.Millisecond, 1
	m := ai.NewMCTS(g, c, 1)
	m.Search(st, side)
	// two workers, each iteration at least 5 ms: at most 2 x (30/5 + 1)
	if m.LastIterations == 0 || m.LastIterations > 14 {
		t.Fatalf("%d iterations in a 30 ms cap at 5 ms or more each", m.LastIterations)
	}
}

// TestCPUClockCountsWorkNotWaiting: with UseCPUClock the cap counts the
// search threads' CPU time, so time spent off the CPU (here an evaluator
// that sleeps, as a search does while other work has the cores) does not
// use it up: the iterations the wall-clock cap above cuts to a few all run.
func TestCPUClockCountsWorkNotWaiting(t *testing.T) {
	g := sleepyToy(t)
	st := midGame(t, g, 1, 0)
	side, _ := firstSide(st.Active())
	c := withIter(ai.FixedConfig, 40)
	c.Budget, c.RolloutDepth = 30*time.Millisecond, 1
	m := ai.NewMCTS(g, c, 1)
	m.UseCPUClock()
	m.Search(st, side)
	if m.LastIterations != 40 {
		t.Errorf("%d iterations, want all 40: the sleeping evaluator's waits were counted", m.LastIterations)
	}
	if m.LastElapsed <= 0 || m.LastElapsed >= 30*time.Millisecond {
		t.Errorf("the decision counted %v of CPU for 40 iterations that mostly slept", m.LastElapsed)
	}
}

// TestStopEarlyKeepsTheChoice: a worker that stops once its leading action
// cannot be overtaken in the iterations it has left chooses what it would
// have chosen after all of them (one worker, so nothing is merged), and
// does stop early somewhere.
func TestStopEarlyKeepsTheChoice(t *testing.T) {
	stopped := 0
	for _, id := range []string{"toy", duelID} {
		g := lookup(t, id)
		for seed := uint64(1); seed <= 6; seed++ {
			st := midGame(t, g, seed, int(seed%3))
			side, _ := firstSide(st.Active())
			full := withIter(ai.FixedConfig, 2000)
			full.Workers = 1
			early := full
			early.StopEarly = true
			m1, m2 := ai.NewMCTS(g, full, seed), ai.NewMCTS(g, early, seed)
			s1, s2 := m1.Search(st, side), m2.Search(st, side)
			if len(s1) < 2 {
				continue
			}
			if s1[0].Action != s2[0].Action {
				t.Errorf("%s seed %d: stopping early chose %v, the full search %v", id, seed, s2[0].Action, s1[0].Action)
			}
			if m2.LastIterations > m1.LastIterations {
				t.Errorf("%s seed %d: %d iterations with early stop, %d without", id, seed, m2.LastIterations, m1.LastIterations)
			}
			if m2.LastIterations < m1.LastIterations {
				stopped++
			}
		}
	}
	if stopped == 0 {
		t.Error("no search stopped early")
	}
}

func withIter(c ai.Config, n int) ai.Config {
	c.Iterations = n
	return c
}

// TestSearchNeverReadsHiddenInfo hands the search real states that count
// every read of hidden information, and checks that states differing only
// in what the searching side cannot see give identical statistics, with
// the root ordered by Prior or by greedy's judgement.
func TestSearchNeverReadsHiddenInfo(t *testing.T) {
	k := ai.KnowledgeFor(spyID)
	defer ai.RegisterKnowledge(spyID, k)
	for _, root := range []bool{false, true} {
		k.RootByEvaluation = root
		ai.RegisterKnowledge(spyID, k)
		name := "root by prior"
		if root {
			name = "root by evaluation"
		}
		t.Run(name, searchWithoutHiddenInfo)
	}
}

func searchWithoutHiddenInfo(t *testing.T) {
	g := lookup(t, spyID)
	for seed := uint64(1); seed <= 6; seed++ {
		st := midGame(t, g, seed, int(seed%4)).(*spyState)
		if st.Over() {
			continue
		}
		side, _ := firstSide(st.Active())
		st.viewer = side
		var stats [3][]ai.ActionStat
		for bonus := 0; bonus < 3; bonus++ {
			v := st.Clone().(*spyState)
			v.Bonus[1-side] = bonus                      // what side cannot see
			v.Rng = engine.NewRand(uint64(bonus) * 7919) // nor the future dice
			leaks.Store(0)
			for _, name := range []string{"greedy", "random"} {
				p, _ := ai.New(name, g, seed)
				p.Choose(v, side)
			}
			cfg := withIter(ai.FixedConfig, 300)
			cfg.Reuse = true // keeping the tree must not peek either
			m := ai.NewMCTS(g, cfg, seed)
			stats[bonus] = m.Search(v, side)
			if n := leaks.Load(); n != 0 {
				t.Fatalf("seed %d: %d reads of hidden information", seed, n)
			}
		}
		for b := 1; b < 3; b++ {
			for i := range stats[0] {
				if stats[b][i] != stats[0][i] {
					t.Fatalf("seed %d: the search depends on the hidden bonus: %+v vs %+v", seed, stats[0], stats[b])
				}
			}
		}
	}
}

// score plays n side-swapped games of a against b and returns a's mean
// result (1 win, 0.5 draw).
func score(t *testing.T, id, a, b string, n int) float64 {
	g := lookup(t, id)
	total := 0.0
	for i := 0; i < n; i++ {
		pa, _ := ai.New(a, g, uint64(1000+i))
		pb, _ := ai.New(b, g, uint64(2000+i))
		ps, me := []ai.Player{pa, pb}, 0
		if i%2 == 1 {
			ps, me = []ai.Player{pb, pa}, 1
		}
		res, err := ai.PlayGame(g, engine.Setup{Seed: uint64(i / 2)}, ps, 0)
		if err != nil {
			t.Fatal(err)
		}
		total += res.Returns[me]
	}
	return total / float64(n)
}

func TestMCTSBeatsRandom(t *testing.T) {
	if got := score(t, "toy", "mcts:iter=400", "random", 100); got < 0.68 {
		t.Errorf("mcts scored %.2f against random at toy, want >= 0.68", got)
	}
	// simultaneous choices: decoupled UCT must learn that 3 is best
	if got := score(t, duelID, "mcts:iter=200", "random", 40); got < 0.85 {
		t.Errorf("mcts scored %.2f against random at duel, want >= 0.85", got)
	}
}

func TestDecoupledSearchFindsDominantPick(t *testing.T) {
	g := lookup(t, duelID)
	st, _ := g.New(engine.Setup{Seed: 1})
	for _, side := range []engine.Side{0, 1} {
		m := ai.NewMCTS(g, withIter(ai.FixedConfig, 600), 5)
		if a := m.Choose(st, side); a.A != 3 {
			t.Errorf("side %d picked %d, want 3", side, a.A)
		}
	}
}

// TestRootByEvaluation: with RootByEvaluation the root's actions are
// ordered by greedy's judgement, not by Prior, so a search that considers
// only the best one by its ordering (TopK 1) plays greedy's choice at the
// root; without it, the Prior's.
func TestRootByEvaluation(t *testing.T) {
	g := lookup(t, "toy")
	k := ai.KnowledgeFor("toy")
	defer ai.RegisterKnowledge("toy", k)
	taken := func(a engine.Action) int { // the toy's take action carries the count in A
		if a.Op == 1 {
			return int(a.A)
		}
		return 0
	}
	know := ai.Knowledge{
		// the prior likes taking one counter best
		Prior: func(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
			for i, a := range legal {
				if taken(a) == 1 {
					scores[i] = 1
				}
			}
		},
		// the evaluator likes a small pile: greedy takes three
		Evaluate: func(st engine.State, side engine.Side) float64 {
			return 1 - float64(st.(*toy.State).Pile)/40
		},
	}
	st := midGame(t, g, 1, 0)
	side, _ := firstSide(st.Active())
	for _, root := range []bool{false, true} {
		know.RootByEvaluation = root
		ai.RegisterKnowledge("toy", know)
		c := withIter(ai.FixedConfig, 64)
		c.TopK, c.Widen = 1, 0
		got := taken(ai.NewMCTS(g, c, 1).Choose(st, side))
		want := 1
		if root {
			want = 3
		}
		if got != want {
			t.Errorf("RootByEvaluation %v: took %d, want %d", root, got, want)
		}
	}
}

// TestChooseContextStops: a search told to think for an hour returns soon
// after its context is done, with one of the legal actions.
func TestChooseContextStops(t *testing.T) {
	g := lookup(t, "toy")
	st := midGame(t, g, 1, 0)
	p := ai.NewMCTS(g, ai.Config{Budget: time.Hour, Workers: 2}, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan engine.Action)
	go func() { done <- p.ChooseContext(ctx, st, st.Active().Sides()[0]) }()
	select {
	case a := <-done:
		if !slices.Contains(st.Legal(st.Active().Sides()[0], nil), a) {
			t.Fatalf("stopped search chose %v, not a legal action", a)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the search went on 10 s after its context was done")
	}
}
