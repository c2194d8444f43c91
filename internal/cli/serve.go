package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"sandtable/docs"
	"sandtable/internal/server"
	"sandtable/internal/store"
	"sandtable/internal/web"
)

func init() {
	Register(Command{Name: "serve", Summary: "serve the web client: play in the browser, together or against the computer", Run: runServe})
	Register(Command{Name: "verify", Summary: "check a record file's fair dice, or replay every game stored by the server", Run: runVerify})
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "serve [flags]\n\nServes the web client: play in the browser, together or against the computer.", stderr)
	addr := fs.String("addr", ":8080", "address to listen on")
	db := fs.String("db", "sandtable.db", "SQLite database file (created on first start), or a PostgreSQL URL (postgres://...) that several serve processes may share")
	verify := fs.Bool("verify", false, "replay every stored game, report mismatches and exit")
	base := fs.String("base-url", "", "public URL of the site, for links in invitations and notices (e.g. https://play.example.org)")
	secure := fs.Bool("secure-cookies", false, "mark the session cookie Secure (an https --base-url does it too)")
	proxies := fs.String("trusted-proxy", "", "comma-separated addresses or CIDR ranges of reverse proxies whose Forwarded or X-Forwarded-For header names the client")
	think := fs.Duration("ai-think", server.DefaultComputerLimits.Think, "most thinking time of a computer player per decision, at any level")
	turn := fs.Duration("ai-turn", server.DefaultComputerLimits.Turn, "most thinking time of a computer player per game turn")
	workers := fs.Int("ai-workers", server.DefaultComputerLimits.Workers, "most parallel searches of one computer decision")
	slots := fs.Int("ai-slots", server.DefaultComputerLimits.Slots, "computer decisions searched at once on the server (each game in turn)")
	perUser := fs.Int("games-per-user", 50, "most unfinished games an account may have made")
	perGuest := fs.Int("games-per-guest", 5, "most unfinished games a guest may have made")
	streamsPerClient := fs.Int("streams-per-client", 32, "most open event streams from one client address")
	streams := fs.Int("streams", 10000, "most open event streams in all")
	viewCache := fs.Int("view-cache", 64, "MiB of encoded views kept for the games' pages, in all (each side's view is built once per move and language)")
	liveGames := fs.Int("live-games", 2000, "most games held in memory; beyond it those used least recently are dropped and replayed from the database when next needed")
	docsDir := fs.String("docs", "", "serve the documents at /docs/ from this folder instead of the copy built into the binary (to try edits to rulings and data notes)")
	smtpAddr := fs.String("smtp", "", "SMTP server host:port for \"your turn\" mail (none if empty)")
	smtpFrom := fs.String("smtp-from", "", "sender address of notice mail")
	privateHooks := fs.Bool("private-webhooks", false, "let webhooks reach loopback and private addresses (a server on a private network)")
	smtpUser := fs.String("smtp-user", "", "SMTP user (the password is read from $SANDTABLE_SMTP_PASSWORD)")
	metricsFrom := fs.String("metrics-from", "", "comma-separated addresses or CIDR ranges, besides loopback, that may read /metrics")
	logFormat := fs.String("log", "text", "log format on standard error: text or json (log/slog)")
	grace := fs.Duration("shutdown", 15*time.Second, "on SIGTERM or SIGINT: the most time to finish requests, computer moves and commits before exiting")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected arguments %v\n", fs.Args())
		return 2
	}
	if *smtpAddr != "" && *smtpFrom == "" {
		fmt.Fprintln(stderr, "serve: --smtp needs --smtp-from")
		return 2
	}
	trusted, err := parsePrefixes(*proxies)
	if err != nil {
		fmt.Fprintln(stderr, "serve: --trusted-proxy:", err)
		return 2
	}
	metricsNets, err := parsePrefixes(*metricsFrom)
	if err != nil {
		fmt.Fprintln(stderr, "serve: --metrics-from:", err)
		return 2
	}
	var logger *slog.Logger
	switch *logFormat {
	case "text":
		logger = slog.New(slog.NewTextHandler(stderr, nil))
	case "json":
		logger = slog.New(slog.NewJSONHandler(stderr, nil))
	default:
		fmt.Fprintln(stderr, "serve: --log is text or json")
		return 2
	}
	st, err := openStore(*db)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	defer st.Close()
	if *verify {
		return verifyStore(st, stdout, stderr)
	}
	// One process alone leads: it runs the computer players and the clocks.
	// On PostgreSQL the processes sharing the database elect one.
	var leader atomic.Bool
	pg, shared := st.(*store.Postgres)
	leader.Store(!shared)
	if *base == "" && *smtpAddr != "" {
		logger.Warn("without --base-url the links in notice mail are relative to the site")
	}
	srv := server.New(server.Config{
		Store:          st,
		Static:         web.Handler(docsFS(*docsDir)),
		BaseURL:        *base,
		SecureCookies:  *secure,
		TrustedProxies: trusted,
		Computer:       server.ComputerLimits{Think: *think, Turn: *turn, Workers: *workers, Slots: *slots},
		GamesPerUser:   *perUser, GamesPerGuest: *perGuest,
		StreamsPerClient: *streamsPerClient, Streams: *streams, LiveGames: *liveGames, ViewCacheBytes: *viewCache << 20,
		Notifier: &server.Notices{AllowPrivate: *privateHooks, SMTP: server.SMTPConfig{
			Addr: *smtpAddr, From: *smtpFrom, Username: *smtpUser, Password: os.Getenv("SANDTABLE_SMTP_PASSWORD"),
		}},
		MetricsFrom: metricsNets,
		Log:         logger,
		Leads:       leader.Load,
	})
	// No WriteTimeout: the event streams stay open.
	hs := &http.Server{Addr: *addr, Handler: srv, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if sq, ok := st.(*store.SQLite); ok {
		sq.OnCommit = srv.ObserveCommit
	}
	lead := func(ctx context.Context) {
		if err := srv.Resume(ctx); err != nil {
			logger.Error("resuming games", "err", err)
		}
		srv.RunClocks(ctx, time.Minute) // time controls: end games whose time ran out
	}
	if shared {
		go pg.Listen(ctx, srv.Changed) // what the other processes change
		go pg.Lead(ctx, 2*time.Second, func(ctx context.Context) {
			logger.Info("leading: this process runs the computer players and the clocks")
			leader.Store(true)
			defer leader.Store(false)
			lead(ctx)
		})
	} else {
		go lead(ctx)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.ListenAndServe() }()
	fmt.Fprintf(stdout, "sandtable: serving on %s (database %s)\n", *addr, *db)
	logger.Info("serving", "addr", *addr, "db", *db)
	select {
	case err := <-errc:
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "sandtable: shutting down")
	logger.Info("shutting down", "bound", *grace)
	if !shutdown(hs, srv, st, *grace, logger) {
		return 1
	}
	return 0
}

// shutdown stops serving within grace: new connections are refused, the
// event streams and the computer's waits end, requests under way finish
// (each action answered only once committed), and the store commits what it
// holds and closes. It reports false if that took longer than grace.
func shutdown(hs *http.Server, srv *server.Server, st store.Store, grace time.Duration, logger *slog.Logger) bool {
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		srv.Close() // ends the event streams, waits for computer moves
		err := hs.Shutdown(sctx)
		if cerr := st.Close(); err == nil {
			err = cerr
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("shutting down", "err", err)
			return false
		}
		logger.Info("stopped")
		return true
	case <-sctx.Done():
		// What is committed is durable; what is not was not acknowledged.
		logger.Error("shutdown took longer than its bound; exiting", "bound", grace)
		return false
	}
}

func runVerify(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("verify", "verify [flags] [RECORD.json ...]\n\nWith record files (exported from the server when a game is over): checks each one's fair dice,\nthat the revealed secret matches the commitment published when the game was made, that the seed\ncomes from it and the players' contributions, and that every action and die replays from that seed.\nWithout: replays every game stored by the server and reports mismatches.", stderr)
	db := fs.String("db", "sandtable.db", "SQLite database file of the server")
	rehash := fs.Bool("rehash", false, "after a change of rules: write again, with the new state hashes, every game whose actions are all still legal (stop the server first)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() > 0 {
		return verifyFiles(fs.Args(), stdout, stderr)
	}
	if _, err := os.Stat(*db); err != nil && !isPostgres(*db) {
		fmt.Fprintln(stderr, "verify:", err)
		return 1
	}
	st, err := openStore(*db)
	if err != nil {
		fmt.Fprintln(stderr, "verify:", err)
		return 1
	}
	defer st.Close()
	if *rehash {
		_, failed, err := server.Rehash(context.Background(), st, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "verify:", err)
			return 1
		}
		if failed > 0 {
			return 1
		}
		return 0
	}
	return verifyStore(st, stdout, stderr)
}

// verifyFiles checks the fair dice of record files, one line per check.
func verifyFiles(paths []string, stdout, stderr io.Writer) int {
	code := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(stderr, "verify:", err)
			code = 1
			continue
		}
		checks, ok := server.VerifyRecord(data)
		fmt.Fprintf(stdout, "%s:\n", path)
		for _, c := range checks {
			mark := "ok  "
			if !c.OK {
				mark = "FAIL"
			}
			fmt.Fprintf(stdout, "  %s %s", mark, c.What)
			if !c.OK && c.Note != "" {
				fmt.Fprintf(stdout, ": %s", c.Note)
			}
			fmt.Fprintln(stdout)
		}
		if ok {
			fmt.Fprintln(stdout, "  the dice are fair: they come from the committed secret and the players' contributions")
		} else {
			code = 1
		}
	}
	return code
}

func verifyStore(st store.Store, stdout, stderr io.Writer) int {
	failed, err := server.Verify(context.Background(), st, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "verify:", err)
		return 1
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// isPostgres tells a PostgreSQL URL from an SQLite file name.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openStore opens the SQLite file or PostgreSQL database db names.
func openStore(db string) (store.Store, error) {
	if isPostgres(db) {
		return store.OpenPostgres(context.Background(), db)
	}
	return store.Open(db)
}

// docsFS is the documents to serve: the folder dir when given, else the
// copy embedded in the binary.
func docsFS(dir string) fs.FS {
	if dir == "" {
		return docs.FS
	}
	return os.DirFS(dir)
}

// parsePrefixes reads a comma-separated list of CIDR ranges or addresses
// (an address is a range of one).
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR range", f)
		}
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
