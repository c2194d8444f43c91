package server

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// slowPlayer thinks for a while and counts how many think at once.
type slowPlayer struct{ c *thinkCount }

type thinkCount struct {
	now, peak, calls atomic.Int64
	think            time.Duration
}

func (p slowPlayer) Choose(st engine.State, side engine.Side) engine.Action {
	n := p.c.now.Add(1)
	p.c.calls.Add(1)
	for {
		pk := p.c.peak.Load()
		if n <= pk || p.c.peak.CompareAndSwap(pk, n) {
			break
		}
	}
	time.Sleep(p.c.think)
	p.c.now.Add(-1)
	return st.Legal(side, nil)[0]
}

var (
	slowOnce sync.Once
	slow     = &thinkCount{think: 40 * time.Millisecond}
)

func registerSlow() {
	slowOnce.Do(func() {
		ai.RegisterPlayer("testslow", func(engine.Game, uint64) ai.Player { return slowPlayer{slow} })
	})
}

// TestComputerLevelsOnly: players choose a level by name; options that
// set a search's size are refused (issue 23, item 2).
func TestComputerLevelsOnly(t *testing.T) {
	e := newEnv(t)
	g := e.guest()
	for _, name := range []string{"mcts:budget=1h:workers=8", "hard:iter=2000000000", "normal:workers=100000", "mcts:budget=100h", "hard:"} {
		if code, msg := g.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": name}); code != http.StatusBadRequest {
			t.Errorf("computer %q: %d %q", name, code, msg)
		}
	}
}

// TestComputerLimits: the operator's limits bind every level, and stored
// games whose seats carry options from before.
func TestComputerLimits(t *testing.T) {
	lim := ComputerLimits{Think: 300 * time.Millisecond, Turn: 2 * time.Second, Workers: 1}
	g, _ := engine.Lookup("toy")
	for _, name := range []string{"normal", "hard", "mcts", "mcts:budget=1h:workers=8:turnbudget=100h", "hard:iter=2000000000"} {
		p, err := lim.player(name, g, 1)
		if err != nil {
			t.Fatal(name, err)
		}
		m := p.(*ai.MCTS)
		if c := m.Config; c.Budget <= 0 || c.Budget > lim.Think || c.TurnBudget <= 0 || c.TurnBudget > lim.Turn || c.Workers != 1 {
			t.Errorf("%s: budget %v, turn %v, workers %d", name, c.Budget, c.TurnBudget, c.Workers)
		}
	}
}

// TestComputerPool: computer players of different games think one at a
// time (the pool has one slot here), each game in its turn, and the
// server stops within a bound while games wait (issue 23, item 2).
func TestComputerPool(t *testing.T) {
	registerSlow()
	slow.peak.Store(0)
	e := newEnv(t)
	e.srv.think = newGate(1, 1000)
	var ids []string
	for i := 0; i < 4; i++ {
		g := e.guest()
		ids = append(ids, g.create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": "testslow"}).ID)
	}
	e.srv.Wait()
	if p := slow.peak.Load(); p != 1 {
		t.Fatalf("%d computer players thought at once with one slot", p)
	}
	for _, id := range ids {
		if v := e.anon().view(id, ""); v.Move != 1 {
			t.Errorf("game %s at move %d: the computer did not move", id, v.Move)
		}
	}
	// Shutdown while many wait: the one thinking finishes its decision,
	// the others give up their turn in the queue.
	for i := 0; i < 20; i++ {
		e.guest().create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": "testslow"})
	}
	start := time.Now()
	e.srv.Close()
	if d := time.Since(start); d > 10*slow.think {
		t.Fatalf("Close took %v with 20 computer moves queued", d)
	}
}

// TestGamesPerAccount: an account has at most so many unfinished games
// (issue 23, item 2).
func TestGamesPerAccount(t *testing.T) {
	e := newEnv(t)
	e.srv.cfg.GamesPerGuest, e.srv.cfg.GamesPerUser = 3, 5
	g := e.guest()
	for i := 0; i < 3; i++ {
		g.create(map[string]any{"game": "toy", "mode": "hotseat"})
	}
	if code, msg := g.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat"}); code != http.StatusTooManyRequests {
		t.Fatalf("a guest's fourth game: %d %q", code, msg)
	}
	ann := e.user("ann")
	var last *gameView
	for i := 0; i < 5; i++ {
		last = ann.create(map[string]any{"game": "toy", "mode": "hotseat"})
	}
	if code, _ := ann.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat"}); code != http.StatusTooManyRequests {
		t.Fatalf("a sixth game: %d", code)
	}
	// A game that ends frees its place.
	ann.call("POST", "/api/games/"+last.ID+"/resign", map[string]any{"side": "north"}, nil)
	if code, msg := ann.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat"}); code != http.StatusCreated {
		t.Fatalf("after a game ended: %d %q", code, msg)
	}
}

// endlessPlayer searches until its context is done (or a minute passes,
// so that a failing test still ends), and says when it was stopped.
type endlessPlayer struct{ started, stopped chan struct{} }

func (p endlessPlayer) Choose(st engine.State, side engine.Side) engine.Action {
	panic("the server must ask through ChooseContext")
}

func (p endlessPlayer) ChooseContext(ctx context.Context, st engine.State, side engine.Side) engine.Action {
	p.started <- struct{}{}
	select {
	case <-ctx.Done():
		p.stopped <- struct{}{}
	case <-time.After(time.Minute):
	}
	return st.Legal(side, nil)[0]
}

var (
	endlessOnce sync.Once
	endless     = endlessPlayer{started: make(chan struct{}, 100), stopped: make(chan struct{}, 100)}
)

// TestComputerStopsWhenGameEnds: resigning against a computer that is
// thinking ends its search at once, and so does the server's shutdown
// (issue 23, item 2: "resigning answers 200 but the search goes on").
func TestComputerStopsWhenGameEnds(t *testing.T) {
	endlessOnce.Do(func() {
		ai.RegisterPlayer("testendless", func(engine.Game, uint64) ai.Player { return endless })
	})
	e := newEnv(t)
	g := e.guest()
	v := g.create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": "testendless"})
	waitFor(t, endless.started, "the computer to start thinking")
	g.call("POST", "/api/games/"+v.ID+"/resign", map[string]any{"side": "south"}, nil)
	waitFor(t, endless.stopped, "the search to stop after the resignation")

	g.create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": "testendless"})
	waitFor(t, endless.started, "the computer to start thinking")
	start := time.Now()
	e.srv.Close()
	waitFor(t, endless.stopped, "the search to stop at shutdown")
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Close took %v with a search under way", d)
	}
}

func waitFor(t *testing.T, c chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(10 * time.Second):
		t.Fatalf("waited 10 s for %s", what)
	}
}
