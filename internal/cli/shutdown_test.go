package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
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
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
	cmd.Env = append(os.Environ(), "SANDTABLE_SERVE_ARGS=serve --addr "+addr+" --db "+filepath.Join(t.TempDir(), "s.db")+" --ai-think 1s --ai-workers 1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(out)
	for sc.Scan() && !strings.Contains(sc.Text(), "serving on") {
	}
	go func() {
		for sc.Scan() {
		}
	}()
	base := "http://" + addr
	// "serving on" is printed as the listener starts: wait until it answers.
	for i := 0; ; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			break
		}
		if i == 100 {
			t.Fatalf("the server does not answer: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
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
