package cli

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"sandtable/internal/load"
)

func init() {
	Register(Command{Name: "load", Summary: "measure the server: play many games at once through its API, as browsers do", Run: runLoad})
}

// runLoad starts a server process of this binary on a loopback port and a
// fresh database (or uses --server, on this machine), plays games against
// it and prints what it measured. A separate process, so that the CPU and
// memory reported are the server's alone, not the players'.
func runLoad(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("load", "load [flags]\n\nPlays real games against a server on this machine as browsers do (an event stream per player,\nthe view fetched after each update, actions posted after a think time) and reports actions per\nsecond, the latency of actions and views, and the server's CPU and memory.", stderr)
	games := fs.Int("games", 100, "games played at once (two players each)")
	think := fs.Duration("think", time.Second, "a player's mean pause before each action, each drawn from half to one and a half times it, the games starting spread over one (0: as fast as the server answers)")
	duration := fs.Duration("duration", time.Minute, "how long to play")
	actions := fs.Int("actions", 0, "stop after this many acknowledged actions (0: at --duration)")
	kinds := fs.String("game", "compass,wdf", "comma-separated games to play, in turn")
	target := fs.String("server", "", "URL of a running server on this machine (it must trust 127.0.0.1 as proxy: --trusted-proxy 127.0.0.1); empty starts one")
	pid := fs.Int("pid", 0, "process id of --server, for its CPU and memory")
	db := fs.String("db", "", "database of the server started (default: a new file in a temporary folder)")
	profile := fs.String("cpuprofile", "", "write the load generator's own CPU profile to this file (the server's: its /debug/pprof/)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() > 0 || *games < 1 || *duration <= 0 {
		fmt.Fprintln(stderr, "load: needs --games > 0 and --duration > 0, and no arguments")
		return 2
	}
	// The players share the machine with the server they measure: their
	// collector runs a quarter as often as Go's default (an eighth of their
	// CPU at 2,000 games), for memory the players have to spare. The server
	// started is another process, with Go's default. GOGC, when set, rules.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(stderr, "load:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "load:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	base := *target
	if base == "" {
		var cleanup func()
		var err error
		base, *pid, cleanup, err = startServer(ctx, *db, *games, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "load:", err)
			return 1
		}
		defer cleanup()
	}
	if err := load.CheckLoopback(base); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	rep, err := load.Run(ctx, load.Config{
		Base: strings.TrimSuffix(base, "/"), Games: strings.Split(*kinds, ","), Live: *games, Think: *think,
		Duration: *duration, Actions: *actions, ServerPID: *pid, Seed: uint64(time.Now().UnixNano()),
		Logf: func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) },
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s %s", time.Now().UTC().Format("2006-01-02 15:04 UTC"), rep)
	return 0
}

// startServer runs "sandtable serve" of this binary on a free loopback
// port, trusting 127.0.0.1 as its proxy so that each simulated player may
// name an address of its own, and waits until it answers.
func startServer(ctx context.Context, db string, games int, stderr io.Writer) (base string, pid int, cleanup func(), err error) {
	exe, err := os.Executable()
	if err != nil {
		return "", 0, nil, err
	}
	dir := ""
	if db == "" {
		if dir, err = os.MkdirTemp("", "sandtable-load-"); err != nil {
			return "", 0, nil, err
		}
		db = filepath.Join(dir, "load.db")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", 0, nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.CommandContext(ctx, exe, "serve", "--addr", addr, "--db", db, "--trusted-proxy", "127.0.0.1",
		"--streams", fmt.Sprint(max(10000, 3*games)))
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return "", 0, nil, err
	}
	cleanup = func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	base = "http://" + addr
	for range 200 {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			return base, cmd.Process.Pid, cleanup, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	cleanup()
	return "", 0, nil, fmt.Errorf("the server at %s did not answer", base)
}
