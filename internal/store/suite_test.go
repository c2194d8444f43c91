package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sync"
	"testing"
	"time"

	"sandtable/internal/engine"
	"sandtable/internal/store/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// eachStore runs the conformance test f against SQLite and PostgreSQL
// (which skips without PostgreSQL installed, unless CI=true).
func eachStore(t *testing.T, f func(t *testing.T, s Store)) {
	t.Run("sqlite", func(t *testing.T) { f(t, open(t)) })
	t.Run("postgres", func(t *testing.T) {
		p, err := OpenPostgres(context.Background(), pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		f(t, p)
	})
}

// TestOneWriterPerMove: many writers race to append the same moves of a
// game; exactly one wins each move, the others get ErrConflict, and the
// record has no gap and no duplicate.
func TestOneWriterPerMove(t *testing.T) { eachStore(t, testOneWriterPerMove) }

func testOneWriterPerMove(t *testing.T, s Store) {
	ctx := context.Background()
	newGame(t, s)
	const writers, moves = 6, 15
	var mu sync.Mutex
	won := map[int]int{}
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for m := range moves {
				err := s.AppendAction(ctx, "g1", m, engine.RecordEntry{Side: "north", Action: fmt.Sprint("w", w), Hash: fmt.Sprint(m)}, Progress{})
				switch {
				case err == nil:
					mu.Lock()
					won[m]++
					mu.Unlock()
				case errors.Is(err, ErrConflict):
					// Another writer has this move; wait until it is in.
					for {
						if g, err := s.Game(ctx, "g1"); err != nil || g.Move > m {
							break
						}
					}
				default:
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	rec, err := s.Record(ctx, "g1")
	if err != nil || len(rec.Actions) != moves {
		t.Fatalf("record: %d actions, %v", len(rec.Actions), err)
	}
	for m := range moves {
		if won[m] != 1 || rec.Actions[m].Hash != fmt.Sprint(m) {
			t.Fatalf("move %d: %d writers won, stored %+v", m+1, won[m], rec.Actions[m])
		}
	}
}

// TestSnapshots: a snapshot is kept with the action that reaches it, in
// one transaction (a conflicting or mismatched append keeps neither),
// read back oldest first with its bytes and log; an undo drops the
// snapshots past the actions kept, a rewrite drops them all.
func TestSnapshots(t *testing.T) { eachStore(t, testSnapshots) }

func testSnapshots(t *testing.T, s Store) {
	ctx := context.Background()
	newGame(t, s)
	if got, err := s.Snapshots(ctx, "g1"); err != nil || len(got) != 0 {
		t.Fatalf("a new game has snapshots %v, %v", got, err)
	}
	entry := func(m int) engine.RecordEntry {
		return engine.RecordEntry{Side: "north", Action: "take 1", Hash: fmt.Sprint(m)}
	}
	snap := func(m, from int) engine.Snapshot {
		return engine.Snapshot{Move: m, From: from, State: []byte{byte(m), 0, 0xff, byte(from)},
			Log: []engine.Logged{{Move: m, LogEntry: engine.LogEntry{Rule: "1", To: 1, Key: "take", Args: []string{"0", fmt.Sprint(m)}}}}}
	}
	var want []engine.Snapshot
	from := -1
	for m := range 7 {
		var err error
		if (m+1)%3 == 0 {
			sn := snap(m+1, from)
			// The wrong move, or a snapshot of another move: nothing kept.
			if err := s.AppendSnapshot(ctx, "g1", m+1, entry(m), Progress{}, snap(m+2, from)); !errors.Is(err, ErrConflict) {
				t.Fatalf("append at the wrong move: %v", err)
			}
			if err := s.AppendSnapshot(ctx, "g1", m, entry(m), Progress{}, snap(m+2, from)); err == nil {
				t.Fatalf("a snapshot of another move accepted")
			}
			err = s.AppendSnapshot(ctx, "g1", m, entry(m), Progress{}, sn)
			want, from = append(want, sn), m+1
		} else {
			err = s.AppendAction(ctx, "g1", m, entry(m), Progress{})
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	check := func(what string, want []engine.Snapshot) {
		t.Helper()
		got, err := s.Snapshots(ctx, "g1")
		if err != nil || !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("%s: snapshots %+v, %v; want %+v", what, got, err, want)
		}
	}
	check("kept", want)
	if rec, _ := s.Record(ctx, "g1"); len(rec.Actions) != 7 {
		t.Fatalf("%d actions", len(rec.Actions))
	}
	if err := s.Truncate(ctx, "g1", 7, 5, Progress{}); err != nil {
		t.Fatal(err)
	}
	check("after undo to 5", want[:1])
	if err := s.Rewrite(ctx, "g1", 5, []engine.RecordEntry{entry(0)}, Progress{}); err != nil {
		t.Fatal(err)
	}
	check("after rewrite", nil)
}

// TestSealedActions: an action with Progress.Sealed is left out of the
// move number shown (Game.Shown), and a quiet one keeps the game's time
// of change; the record and the move checked are the whole record's.
func TestSealedActions(t *testing.T) { eachStore(t, testSealedActions) }

func testSealedActions(t *testing.T, s Store) {
	ctx := context.Background()
	newGame(t, s)
	e := engine.RecordEntry{Side: "north", Action: "take 1", Hash: "h"}
	if err := s.AppendAction(ctx, "g1", 0, e, Progress{}); err != nil {
		t.Fatal(err)
	}
	was, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond) // a change would have another time
	for m, p := range []Progress{{Sealed: 1, Quiet: true}, {Sealed: 2, Quiet: true}} {
		if err := s.AppendAction(ctx, "g1", m+1, e, p); err != nil {
			t.Fatal(err)
		}
	}
	g, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Move != 3 || g.Shown != 1 || !g.Updated.Equal(was.Updated) {
		t.Fatalf("after two sealed actions: move %d, shown %d, updated %v (was %v)", g.Move, g.Shown, g.Updated, was.Updated)
	}
	if err := s.AppendAction(ctx, "g1", 2, e, Progress{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("an append at the shown move, not the record's: %v", err)
	}
	// The reveal counts them all.
	if err := s.AppendAction(ctx, "g1", 3, e, Progress{}); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(ctx, "g1"); g.Move != 4 || g.Shown != 4 {
		t.Fatalf("after the reveal: move %d, shown %d", g.Move, g.Shown)
	}
}
