package cli

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeChild is the server that TestServeStopsOnSIGTERM stops; it does
// nothing in a normal test run.
func TestServeChild(t *testing.T) {
	args := os.Getenv("SANDTABLE_SERVE_ARGS")
	if args == "" {
		t.Skip("runs only as TestServeStopsOnSIGTERM's child process")
	}
	os.Exit(Main(strings.Fields(args), strings.NewReader(""), os.Stdout, os.Stderr))
}

// TestServeStopsOnSIGTERM: with computer players thinking in several
// games, SIGTERM stops the server within its bound: the decision under
// way (at most --ai-think) and the waits ended at once (issue 23, item 2).
func TestServeStopsOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	base, cmd := startServe(t, "--db", filepath.Join(t.TempDir(), "s.db"), "--ai-think", "1s", "--ai-workers", "1")
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	post := func(path, csrf string, body any) map[string]any {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", csrf)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		json.NewDecoder(resp.Body).Decode(&v)
		return v
	}
	me := post("/api/guest", "", map[string]any{})
	csrf, _ := me["csrf"].(string)
	for _, side := range []string{"allied", "italian", "allied", "italian", "allied"} {
		if v := post("/api/games", csrf, map[string]any{"game": "compass", "mode": "computer", "side": side, "computer": "hard"}); v["id"] == nil {
			t.Fatalf("a game against the computer: %v", v)
		}
	}
	time.Sleep(1500 * time.Millisecond) // the computer is thinking
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the server exited with %v", err)
		}
		t.Logf("stopped %v after SIGTERM", time.Since(start))
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop within 15 s of SIGTERM")
	}
}
