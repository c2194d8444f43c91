package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"

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
