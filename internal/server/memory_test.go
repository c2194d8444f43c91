package server

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// BenchmarkIdleGameMemory measures the heap one idle live game takes (its
// stored row and its session replayed from the record; "views=1": every
// side's view in two languages asked for once, as after play; "views=2":
// twice, so that their bodies are kept, the most a game holds), for
// Compass and WDF at the start and after a random playout of 400 actions.
// The count of live games is bounded by Config.LiveGames; each one's size
// grows with its record and log, which the rules' turn track bounds.
func BenchmarkIdleGameMemory(b *testing.B) {
	for _, game := range []string{"compass", "wdf"} {
		for _, moves := range []int{0, 400} {
			for _, views := range []int{0, 1, 2} {
				b.Run(fmt.Sprintf("%s/moves=%d/views=%d", game, moves, views), func(b *testing.B) {
					perGame := idleGameBytes(b, game, moves, 50, views)
					b.ReportMetric(float64(perGame)/1024, "KiB/game")
				})
			}
		}
	}
}

// idleGameBytes stores n games of game, each played randomly for moves
// actions, loads them all into a server, builds every side's view in
// English and Italian views times, and returns the heap they add, per
// game.
func idleGameBytes(b *testing.B, game string, moves, n int, views int) int64 {
	st, err := store.Open(filepath.Join(b.TempDir(), "mem.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ctx := b.Context()
	u, _ := st.CreateUser(ctx, store.User{Name: "ann"})
	eg, err := engine.Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, n)
	for i := range ids {
		setup := engine.Setup{Scenario: eg.Scenarios()[0], Seed: uint64(i + 1)}
		sess, err := engine.NewSession(eg, setup)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 9))
		for sess.Move() < moves && !sess.State.Over() {
			side := sess.State.Active().Sides()[0]
			legal := sess.State.Legal(side, nil)
			if err := sess.Apply(side, legal[rng.IntN(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		g := store.Game{ID: fmt.Sprint("m", i), Game: game, Setup: setup, Lang: "en", Owner: u.ID,
			Seats: []store.Seat{{Side: 0, UserID: u.ID}, {Side: 1, UserID: u.ID}}}
		if err := st.CreateGame(ctx, g); err != nil {
			b.Fatal(err)
		}
		if err := st.Rewrite(ctx, g.ID, 0, sess.Record.Actions, progress(sess)); err != nil {
			b.Fatal(err)
		}
		ids[i] = g.ID
	}
	srv := New(Config{Store: st, Hasher: cheap, Logf: b.Logf, ViewCacheBytes: 1 << 30}) // room for every view: what one game takes
	defer srv.Close()
	var before, after runtime.MemStats
	b.ResetTimer()
	for range b.N {
		srv.mu.Lock()
		clear(srv.live)
		srv.mu.Unlock()
		runtime.GC()
		runtime.ReadMemStats(&before)
		for _, id := range ids {
			lv, err := srv.game(ctx, id)
			if err != nil {
				b.Fatal(err)
			}
			lv.mu.Lock()
			for range views {
				for side := range len(eg.SideNames()) + 1 {
					if side == len(eg.SideNames()) {
						side = int(engine.Observer)
					}
					for _, lang := range []string{"en", "it"} {
						if _, err := srv.view(ctx, lv, u.ID, engine.Side(side), lang); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			lv.mu.Unlock()
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
	}
	return int64(after.HeapAlloc-before.HeapAlloc) / int64(n)
}
