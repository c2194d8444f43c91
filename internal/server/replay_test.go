package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strconv"
	"testing"

	"sandtable/internal/engine"
)

// playRandom plays n random legal actions of a new game of g (or fewer if
// it ends) and returns the record.
func playRandom(t testing.TB, g string, seed uint64, n int) engine.Record {
	t.Helper()
	game, _ := engine.Lookup(g)
	sess, err := engine.NewSession(game, engine.Setup{Scenario: game.Scenarios()[0], Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	for i := 0; i < n && !sess.State.Over(); i++ {
		side := sess.State.Active().Sides()[0]
		legal := sess.State.Legal(side, nil)
		if err := sess.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return sess.Record
}

// fullReplayView is a step of the replay viewer as it was made before the
// checkpoints: the record replayed from its start.
func fullReplayView(t testing.TB, rec engine.Record, at int, side engine.Side, lang string) []byte {
	t.Helper()
	part := rec
	part.Actions = rec.Actions[:at]
	sess, err := engine.Replay(part)
	if err != nil {
		t.Fatal(err)
	}
	rv := &replayView{At: at, Moves: len(rec.Actions)}
	rv.Game, rv.Title, rv.Scenario, rv.Lang = rec.Game, sess.Game.Title(), rec.Setup.Scenario, lang
	rv.YourSides, rv.Over = []string{}, sess.State.Over()
	rv.ViewBody = render(sess, side, lang)
	b, _ := json.Marshal(rv)
	return b
}

// TestReplayFromCheckpoints: a replay step starts from the nearest
// checkpoint, applying fewer than checkpointEvery actions, and shows
// exactly what a replay from the start shows, for every side (issue 23,
// item 6).
func TestReplayFromCheckpoints(t *testing.T) {
	rec := playRandom(t, "compass", 5, 400)
	c := newReplayCache()
	rp, err := c.get("k", rec)
	if err != nil {
		t.Fatal(err)
	}
	n := len(rec.Actions)
	for _, at := range []int{0, 1, checkpointEvery - 1, checkpointEvery, checkpointEvery + 1, n / 2, n - 1, n} {
		for _, side := range []engine.Side{engine.Observer, 0, 1} {
			rv, err := rp.view(at, side, "it")
			if err != nil {
				t.Fatal(at, err)
			}
			if a := rp.applied.Load(); a >= checkpointEvery {
				t.Fatalf("at %d the step applied %d actions", at, a)
			}
			got, _ := json.Marshal(rv)
			if want := fullReplayView(t, rec, at, side, "it"); string(got) != string(want) {
				t.Fatalf("at %d for side %d the checkpoint replay differs:\n%s\nwant\n%s", at, side, got, want)
			}
		}
	}
	// A tampered action: the moves before it still show, not those after.
	bad := rec
	bad.Actions = append([]engine.RecordEntry(nil), rec.Actions...)
	bad.Actions[100].Hash = "000000000000000000000000"
	rp, err = c.get("bad", bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rp.view(100, engine.Observer, "en"); err != nil {
		t.Fatalf("before the tampered action: %v", err)
	}
	if _, err := rp.view(101, engine.Observer, "en"); err == nil {
		t.Fatal("the tampered action replayed")
	}
	// The cache keeps a bounded number of records.
	for i := 0; i < 2*replayCacheSize; i++ {
		c.get(strconv.Itoa(i), rec)
	}
	if len(c.entries) > replayCacheSize || len(c.order) > replayCacheSize {
		t.Fatalf("the cache holds %d records", len(c.entries))
	}
	if !reflect.DeepEqual(len(c.entries), len(c.order)) {
		t.Fatalf("cache index %d, order %d", len(c.entries), len(c.order))
	}
}

// TestReplayBudget: the replay time a client address may use is bounded;
// another address is not held back (issue 23, item 6).
func TestReplayBudget(t *testing.T) {
	e := newEnv(t)
	e.srv.cfg.ReplayBudgetMS = 1
	rec, _ := json.Marshal(playRandom(t, "compass", 6, 50))
	if code, _ := e.from("10.0.0.1:1", "POST", "/api/replay?at=3", json.RawMessage(rec), nil); code != http.StatusOK {
		t.Fatalf("first replay: %d", code)
	}
	if code, msg := e.from("10.0.0.1:1", "POST", "/api/replay?at=4", json.RawMessage(rec), nil); code != http.StatusTooManyRequests {
		t.Fatalf("beyond the budget: %d %q", code, msg)
	}
	if code, _ := e.from("10.0.0.2:1", "POST", "/api/replay?at=4", json.RawMessage(rec), nil); code != http.StatusOK {
		t.Fatalf("another address: %d", code)
	}
	e.clock.add(loginPeriod)
	if code, _ := e.from("10.0.0.1:1", "POST", "/api/replay?at=4", json.RawMessage(rec), nil); code != http.StatusOK {
		t.Fatalf("after the period: %d", code)
	}
}

// BenchmarkReplayStep is one step of the replay viewer in a WDF game of
// 2,000 random actions: from the nearest checkpoint (cached), and the
// whole record replayed as each step did before.
func BenchmarkReplayStep(b *testing.B) {
	rec := playRandom(b, "wdf", 1, 2000)
	b.Run("checkpoint", func(b *testing.B) {
		c := newReplayCache()
		rp, err := c.get("k", rec)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; b.Loop(); i++ {
			if _, err := rp.view((i*37)%len(rec.Actions), engine.Observer, "en"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			fullReplayView(b, rec, len(rec.Actions), engine.Observer, "en")
		}
	})
}
