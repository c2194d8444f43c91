package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sandtable/internal/server"
	"sandtable/internal/store"
	"sandtable/internal/store/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// syncBuffer is a child's standard error, read while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startServe runs "serve args" in a child process of the test binary on a
// free loopback port and returns its URL once it answers.
func startServe(t *testing.T, args ...string) (string, *exec.Cmd) {
	base, cmd, _ := startServeLog(t, args...)
	return base, cmd
}

// startServeLog is startServe that also returns the child's log.
func startServeLog(t *testing.T, args ...string) (string, *exec.Cmd, *syncBuffer) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
	cmd.Env = append(os.Environ(), "SANDTABLE_SERVE_ARGS=serve --addr "+addr+" "+strings.Join(args, " "))
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = io.Discard, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := "http://" + addr
	for i := 0; ; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			return base, cmd, logs
		}
		if i == 200 {
			t.Fatalf("serve %v does not answer: %v", args, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// browser is one player's browser: its cookies work on every process,
// since the sessions are in the shared database.
type browser struct {
	c    *http.Client
	csrf string
}

func (b *browser) do(base, method, path string, body, out any) (int, error) {
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-CSRF-Token", b.csrf)
	resp, err := b.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode/100 == 2 {
		if err := json.Unmarshal(data, out); err != nil {
			return resp.StatusCode, err
		}
	}
	return resp.StatusCode, nil
}

// register makes an account on the server at base and returns its
// browser, logged in.
func register(t *testing.T, a, name string) *browser {
	jar, _ := cookiejar.New(nil)
	br := &browser{c: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
	var me struct {
		CSRF string `json:"csrf"`
	}
	if code, err := br.do(a, "POST", "/api/register", map[string]string{"name": name, "password": "pw-" + name + "-long"}, &me); code != http.StatusCreated {
		t.Fatalf("register %s: %d %v", name, code, err)
	}
	br.csrf = me.CSRF
	return br
}

type replicaView struct {
	ID      string   `json:"id"`
	Move    int      `json:"move"`
	Over    bool     `json:"over"`
	Active  []string `json:"active"`
	Actions []struct {
		Action string `json:"action"`
	} `json:"actions"`
}

// TestTwoReplicas runs two serve processes on one PostgreSQL database.
// A change made through one reaches the other's event stream; players
// spread their requests over both; one process is killed (SIGKILL) in the
// middle; then no acknowledged action is lost, none is stored twice, and
// every game replays.
func TestTwoReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and two servers")
	}
	url := pgtest.URL(t)
	a, _ := startServe(t, "--db", url)
	b, cmdB := startServe(t, "--db", url)
	bases := []string{a, b}
	newBrowser := func(name string) *browser { return register(t, a, name) }

	// Live updates cross processes: an action through A reaches a page
	// following the game on B.
	ann := newBrowser("ann")
	var g replicaView
	if code, err := ann.do(a, "POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat"}, &g); code != http.StatusCreated {
		t.Fatalf("create: %d %v", code, err)
	}
	req, _ := http.NewRequest("GET", b+"/api/games/"+g.ID+"/events", nil)
	resp, err := ann.c.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("events on B: %v %v", resp, err)
	}
	events := make(chan string, 16)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
	}()
	<-events // the state on opening
	if code, err := ann.do(a, "POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": g.Active[0], "move": 0, "action": g.Actions[0].Action}, &g); code != http.StatusOK {
		t.Fatalf("action on A: %d %v", code, err)
	}
	select {
	case ev := <-events:
		if !strings.Contains(ev, `"move":1`) {
			t.Fatalf("B's stream says %s after move 1 on A", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("B's event stream did not hear of A's action")
	}
	var onB replicaView
	if code, _ := ann.do(b, "GET", "/api/games/"+g.ID, nil, &onB); code != http.StatusOK || onB.Move != 1 {
		t.Fatalf("B's view: %d, move %d", code, onB.Move)
	}

	// The lobby across processes: a dice commitment drawn through A makes
	// an invitation game through B, joined through A.
	var c struct {
		Commitment string `json:"commitment"`
	}
	if code, err := ann.do(a, "POST", "/api/commitment", struct{}{}, &c); code != http.StatusOK {
		t.Fatalf("commitment on A: %d %v", code, err)
	}
	var inv struct {
		ID      string `json:"id"`
		Invites []struct {
			Side string `json:"side"`
			URL  string `json:"url"`
		} `json:"invites"`
	}
	if code, err := ann.do(b, "POST", "/api/games", map[string]any{"game": "toy", "mode": "invite", "side": g.Active[0], "commitment": c.Commitment, "entropy": "ann-dice"}, &inv); code != http.StatusCreated || len(inv.Invites) != 1 {
		t.Fatalf("invitation game on B with A's commitment: %d %v", code, err)
	}
	bob := newBrowser("bob")
	token := inv.Invites[0].URL[strings.Index(inv.Invites[0].URL, "token=")+len("token="):]
	if code, err := bob.do(a, "POST", "/api/games/"+inv.ID+"/join", map[string]string{"side": inv.Invites[0].Side, "token": token, "entropy": "bob-dice"}, nil); code != http.StatusOK {
		t.Fatalf("joining on A: %d %v", code, err)
	}

	// Players spread their actions over both processes; B dies midway.
	type ack struct {
		game   string
		move   int
		action string
	}
	var (
		mu     sync.Mutex
		acked  []ack
		killed = make(chan struct{})
		wg     sync.WaitGroup
	)
	const killAt, stopAt = 120, 240
	for i := range 4 {
		br := newBrowser(fmt.Sprint("player", i))
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			var v replicaView
			for {
				mu.Lock()
				n := len(acked)
				mu.Unlock()
				if n >= stopAt {
					return
				}
				base := bases[rng.IntN(2)]
				select {
				case <-killed:
					base = a
				default:
				}
				if v.ID == "" || v.Over {
					if code, _ := br.do(base, "POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat"}, &v); code != http.StatusCreated {
						continue
					}
				}
				if code, _ := br.do(base, "GET", "/api/games/"+v.ID, nil, &v); code != http.StatusOK || len(v.Actions) == 0 {
					continue
				}
				act := v.Actions[rng.IntN(len(v.Actions))].Action
				move := v.Move
				code, _ := br.do(bases[rng.IntN(2)], "POST", "/api/games/"+v.ID+"/actions", map[string]any{"side": v.Active[0], "move": move, "action": act}, &v)
				if code == http.StatusOK {
					mu.Lock()
					acked = append(acked, ack{v.ID, move, act})
					if len(acked) == killAt {
						cmdB.Process.Signal(syscall.SIGKILL)
						close(killed)
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()

	st, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	seen := map[string]map[int]bool{}
	for _, k := range acked {
		if seen[k.game] == nil {
			seen[k.game] = map[int]bool{}
		}
		if seen[k.game][k.move] {
			t.Fatalf("move %d of %s acknowledged twice", k.move+1, k.game)
		}
		seen[k.game][k.move] = true
		rec, err := st.Record(context.Background(), k.game)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Actions) <= k.move || rec.Actions[k.move].Action != k.action {
			t.Fatalf("acknowledged action %d of %s (%s) is not stored", k.move+1, k.game, k.action)
		}
	}
	var report strings.Builder
	if n, err := server.Verify(context.Background(), st, &report); err != nil || n != 0 {
		t.Fatalf("verify: %d mismatches, %v\n%s", n, err, report.String())
	}
	t.Logf("%d actions acknowledged in %d games over two processes, one killed after %d", len(acked), len(seen), killAt)
}

// TestReplicasComputerOnce: with two processes on one database, the
// computer's moves are made by the leader alone, whichever process the
// player uses; when the leader is killed, the other takes over and the
// computer goes on moving; no computer move is ever refused (which two
// processes moving for the computer at once would cause), and the games
// replay.
func TestReplicasComputerOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and two servers")
	}
	url := pgtest.URL(t)
	a, cmdA, logA := startServeLog(t, "--db", url)
	b, cmdB, logB := startServeLog(t, "--db", url)
	other, cmdLeader := b, cmdA
	for i := 0; !strings.Contains(logA.String()+logB.String(), "leading"); i++ {
		if i == 100 {
			t.Fatal("no process leads")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if strings.Contains(logB.String(), "leading") {
		other, cmdLeader = a, cmdB
	}
	ann := register(t, a, "ann")
	// play makes computer games and plays the human side through base (or
	// either process) until n of the computer's moves have been seen.
	play := func(bases []string, n int) {
		seen := 0
		var v replicaView
		for seen < n {
			if v.ID == "" || v.Over {
				var meta struct {
					Games []struct {
						ID    string   `json:"id"`
						Sides []string `json:"sides"`
					} `json:"games"`
				}
				ann.do(bases[0], "GET", "/api/meta", nil, &meta)
				side := ""
				for _, g := range meta.Games {
					if g.ID == "toy" {
						side = g.Sides[0]
					}
				}
				if code, err := ann.do(bases[0], "POST", "/api/games", map[string]any{"game": "toy", "mode": "computer", "side": side, "computer": "random"}, &v); code != http.StatusCreated {
					t.Fatalf("a game against the computer: %d %v", code, err)
				}
			}
			// Wait for the computer, asking either process.
			deadline := time.Now().Add(15 * time.Second)
			start := v.Move
			for len(v.Actions) == 0 && !v.Over {
				if time.Now().After(deadline) {
					t.Fatalf("game %s: the computer did not move (at move %d)", v.ID, v.Move)
				}
				time.Sleep(50 * time.Millisecond)
				ann.do(bases[rand.IntN(len(bases))], "GET", "/api/games/"+v.ID, nil, &v)
			}
			if v.Move > start {
				seen++
			}
			if v.Over {
				continue
			}
			code, err := ann.do(bases[rand.IntN(len(bases))], "POST", "/api/games/"+v.ID+"/actions", map[string]any{"side": v.Active[0], "move": v.Move, "action": v.Actions[0].Action}, &v)
			if code != http.StatusOK && code != http.StatusConflict {
				t.Fatalf("action: %d %v", code, err)
			}
			if code == http.StatusConflict {
				ann.do(bases[0], "GET", "/api/games/"+v.ID, nil, &v)
			}
		}
	}
	play([]string{a, b}, 10)
	cmdLeader.Process.Signal(syscall.SIGKILL)
	cmdLeader.Wait()
	play([]string{other}, 10) // the survivor takes the lead and moves for the computer
	for _, l := range []string{logA.String(), logB.String()} {
		if strings.Contains(l, "computer move refused") || strings.Contains(l, "computer player for") {
			t.Fatalf("a computer move was refused or failed:\n%s", l)
		}
	}
	if !strings.Contains(map[string]string{a: logA.String(), b: logB.String()}[other], "leading") {
		t.Fatal("the survivor never took the lead")
	}
	st, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var report strings.Builder
	if n, err := server.Verify(context.Background(), st, &report); err != nil || n != 0 {
		t.Fatalf("verify: %d mismatches, %v\n%s", n, err, report.String())
	}
}
