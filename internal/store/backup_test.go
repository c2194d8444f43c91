package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBackupWhileWriting copies the database while games are being
// played into it: the copy opens, passes SQLite's integrity check, and is
// one moment of the database: every game's summary agrees with its record.
func TestBackupWhileWriting(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const games = 8
	makeGames(t, s, games)
	ctx := context.Background()
	var stop atomic.Bool
	var appended atomic.Int64
	var wg sync.WaitGroup
	for g := range games {
		wg.Go(func() {
			id := fmt.Sprint("g", g)
			for m := 0; !stop.Load(); m++ {
				if err := s.AppendAction(ctx, id, m, entry(m+1), Progress{}); err != nil {
					t.Error(err)
					return
				}
				appended.Add(1)
			}
		})
	}
	var copies []string
	for i := range 3 {
		for appended.Load() < int64(100*(i+1)) {
			time.Sleep(time.Millisecond)
		}
		out := filepath.Join(dir, fmt.Sprint("copy", i, ".db"))
		if err := Backup(ctx, path, out); err != nil {
			t.Fatal(err)
		}
		copies = append(copies, out)
	}
	stop.Store(true)
	wg.Wait()
	if err := Backup(ctx, path, copies[0]); err == nil {
		t.Fatal("a backup over an existing file was written")
	}
	for _, out := range copies {
		c, err := Open(out)
		if err != nil {
			t.Fatal(err)
		}
		var check string
		if err := c.db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Fatalf("%s: integrity %q, %v", out, check, err)
		}
		total := 0
		for g := range games {
			id := fmt.Sprint("g", g)
			gm, err := c.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := c.Record(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if gm.Move != len(rec.Actions) {
				t.Fatalf("%s: %s at move %d with %d actions", out, id, gm.Move, len(rec.Actions))
			}
			total += gm.Move
		}
		c.Close()
		t.Logf("%s: %d actions", filepath.Base(out), total)
	}
}
