package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// TestCrashChild is the server process that TestCrashRestart kills; it
// does nothing in a normal test run.
func TestCrashChild(t *testing.T) {
	path := os.Getenv("SANDTABLE_CRASH_DB")
	if path == "" {
		t.Skip("runs only as TestCrashRestart's child process")
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("ADDR http://%s\n", ln.Addr())
	http.Serve(ln, New(Config{Store: st, Hasher: cheap}))
}

// TestCrashRestart kills the server process (SIGKILL) while several games
// are being played, reopens its database, and checks that every
// acknowledged action is stored and every game replays to its hashes.
func TestCrashRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v")
	cmd.Env = append(os.Environ(), "SANDTABLE_CRASH_DB="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var base string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
			base = a
			break
		}
	}
	if base == "" {
		t.Fatal("the child server did not start")
	}
	go func() {
		for sc.Scan() {
		}
	}()

	type ack struct {
		game   string
		move   int // the action is number move+1 of the record
		action string
	}
	var (
		mu    sync.Mutex
		acked []ack
		wg    sync.WaitGroup
	)
	const games, killAfter = 4, 30
	enough := make(chan struct{})
	var once sync.Once
	for i := range games {
		c := register(t, base, fmt.Sprintf("player%d", i))
		g := c.create(map[string]any{"game": "vault", "mode": "hotseat", "seed": i})
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Step through the game until the server dies; each 200 is an
			// acknowledgement.
			for move := 0; ; move++ {
				side := []string{"red", "blue"}[(move)%2]
				body, _ := json.Marshal(map[string]any{"side": side, "move": move, "action": "step"})
				req, _ := http.NewRequest("POST", base+"/api/games/"+g.ID+"/actions", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set(csrfHeader, c.csrf)
				resp, err := c.c.Do(req)
				if err != nil {
					return // the server is gone
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					return // the game is over
				}
				mu.Lock()
				acked = append(acked, ack{g.ID, move, "step"})
				if len(acked) >= killAfter {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		}()
	}
	select {
	case <-enough:
	case <-waitGroupDone(&wg):
	}
	cmd.Process.Kill()
	cmd.Wait()
	wg.Wait()

	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, a := range acked {
		rec, err := st.Record(t.Context(), a.game)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Actions) <= a.move || rec.Actions[a.move].Action != a.action {
			t.Errorf("acknowledged action %d of %s is missing (record has %d)", a.move+1, a.game, len(rec.Actions))
		}
	}
	var report strings.Builder
	if n, err := Verify(t.Context(), st, &report); err != nil || n != 0 {
		t.Fatalf("verify after the crash: %d mismatches, %v\n%s", n, err, report.String())
	}
	// A new server on the same file goes on with the games.
	srv := New(Config{Store: st, Hasher: cheap})
	id := acked[0].game
	lv, err := srv.game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := st.Record(t.Context(), id)
	if lv.sess.Move() != len(rec.Actions) || engine.Hash(lv.sess.State) != rec.Actions[len(rec.Actions)-1].Hash {
		t.Fatalf("restarted server is at move %d, record has %d", lv.sess.Move(), len(rec.Actions))
	}
	t.Logf("%d actions acknowledged before the kill", len(acked))
}

func waitGroupDone(wg *sync.WaitGroup) <-chan struct{} {
	ch := make(chan struct{})
	go func() { wg.Wait(); close(ch) }()
	return ch
}
