package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sandtable/internal/engine"
)

// makeGames adds n games g0..g(n-1) owned by one account.
func makeGames(t testing.TB, s *SQLite, n int) {
	t.Helper()
	ctx := context.Background()
	a, err := s.CreateUser(ctx, User{Name: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := s.CreateGame(ctx, Game{ID: fmt.Sprint("g", i), Game: "toy", Owner: a.ID, Seats: []Seat{{Side: 0, UserID: a.ID}}}); err != nil {
			t.Fatal(err)
		}
	}
}

func entry(n int) engine.RecordEntry {
	return engine.RecordEntry{Side: "north", Action: fmt.Sprint("take ", n), Hash: fmt.Sprint("h", n)}
}

// TestGroupCommit appends to many games at once: the changes share
// commits, a stale change in a group is refused alone, and every change
// answered nil is stored.
func TestGroupCommit(t *testing.T) {
	s := open(t)
	const games, moves = 32, 20
	makeGames(t, s, games)
	var groups, changes, largest atomic.Int64
	s.OnCommit = func(n int, _ time.Duration) {
		groups.Add(1)
		changes.Add(int64(n))
		for {
			l := largest.Load()
			if int64(n) <= l || largest.CompareAndSwap(l, int64(n)) {
				break
			}
		}
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	var stale atomic.Int64
	for g := range games {
		wg.Go(func() {
			id := fmt.Sprint("g", g)
			for m := range moves {
				if err := s.AppendAction(ctx, id, m, entry(m+1), Progress{}); err != nil {
					t.Errorf("%s move %d: %v", id, m, err)
					return
				}
				// A second writer that read the same move is refused.
				if err := s.AppendAction(ctx, id, m, entry(99), Progress{}); !errors.Is(err, ErrConflict) {
					t.Errorf("%s stale move %d: %v, want ErrConflict", id, m, err)
				}
				stale.Add(1)
			}
		})
	}
	wg.Wait()
	for g := range games {
		rec, err := s.Record(ctx, fmt.Sprint("g", g))
		if err != nil || len(rec.Actions) != moves {
			t.Fatalf("g%d: %d actions, %v", g, len(rec.Actions), err)
		}
		for m, e := range rec.Actions {
			if e != entry(m+1) {
				t.Fatalf("g%d action %d: %+v", g, m+1, e)
			}
		}
	}
	if changes.Load() != 2*games*moves {
		t.Fatalf("%d changes committed, want %d", changes.Load(), 2*games*moves)
	}
	if largest.Load() < 2 {
		t.Fatalf("no two changes shared a commit (%d groups)", groups.Load())
	}
	t.Logf("%d changes in %d commits, the largest of %d", changes.Load(), groups.Load(), largest.Load())
}

// TestCancelledChangeIsNotApplied: a change whose caller gave up before
// the committer reached it is not applied, and says so.
func TestCancelledChangeIsNotApplied(t *testing.T) {
	s := open(t)
	makeGames(t, s, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.AppendAction(ctx, "g0", 0, entry(1), Progress{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled append: %v", err)
	}
	if rec, _ := s.Record(context.Background(), "g0"); len(rec.Actions) != 0 {
		t.Fatalf("cancelled append was stored: %+v", rec.Actions)
	}
	s.Close()
	if err := s.AppendAction(context.Background(), "g0", 0, entry(1), Progress{}); !errors.Is(err, ErrClosed) {
		t.Fatalf("append after Close: %v, want ErrClosed", err)
	}
}

// TestGroupCommitChild appends to many games at once and prints each
// acknowledged action, until TestGroupCommitSurvivesKill kills it.
func TestGroupCommitChild(t *testing.T) {
	path := os.Getenv("SANDTABLE_GROUP_DB")
	if path == "" {
		t.Skip("runs only as TestGroupCommitSurvivesKill's child process")
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var big atomic.Int64
	s.OnCommit = func(n int, _ time.Duration) {
		if n > 1 && big.Add(1) == 1 {
			fmt.Println("GROUPED")
		}
	}
	const games = 24
	makeGames(t, s, games)
	var mu sync.Mutex
	out := bufio.NewWriter(os.Stdout)
	var wg sync.WaitGroup
	for g := range games {
		wg.Go(func() {
			id := fmt.Sprint("g", g)
			for m := 0; ; m++ {
				if err := s.AppendAction(context.Background(), id, m, entry(m+1), Progress{}); err != nil {
					fmt.Println("ERROR", err)
					return
				}
				mu.Lock()
				fmt.Fprintf(out, "ACK %s %d\n", id, m+1)
				out.Flush()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}

// TestGroupCommitSurvivesKill kills (SIGKILL) a process appending to many
// games through group commits and checks that every action it
// acknowledged is in the database when it is opened again.
func TestGroupCommitSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	path := filepath.Join(t.TempDir(), "group.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestGroupCommitChild$")
	cmd.Env = append(os.Environ(), "SANDTABLE_GROUP_DB="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	acked := map[string]int{}
	sc := bufio.NewScanner(out)
	n, grouped := 0, false
	for sc.Scan() && (n < 3000 || !grouped) {
		line := sc.Text()
		if line == "GROUPED" {
			grouped = true
		}
		if strings.HasPrefix(line, "ERROR") {
			t.Fatal(line)
		}
		var id string
		var move int
		if _, err := fmt.Sscanf(line, "ACK %s %d", &id, &move); err == nil {
			acked[id] = max(acked[id], move)
			n++
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if !grouped {
		t.Fatal("the child never committed two changes together")
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for id, move := range acked {
		rec, err := s.Record(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Actions) < move {
			t.Errorf("%s: %d actions acknowledged, %d stored", id, move, len(rec.Actions))
		}
		for m, e := range rec.Actions {
			if e != entry(m+1) {
				t.Fatalf("%s action %d: %+v", id, m+1, e)
			}
		}
	}
	t.Logf("%d acknowledged actions in %d games, all stored", n, len(acked))
}
