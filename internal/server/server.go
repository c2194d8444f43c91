// Package server is Sandtable's game server: a JSON API for accounts, the
// lobby and play, live updates over server-sent events, the computer
// players moving on the server, and "your turn" notices to players who are
// away. The rules stay in the games; handlers parse, call the engine or
// the store, and answer. The stored record is the truth: a game in memory
// is only its replay, rebuilt from the store when needed.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sandtable/internal/store"
)

// Config is what a Server needs.
type Config struct {
	Store store.Store
	// Static serves the web client; nil serves the API alone.
	Static http.Handler
	// BaseURL prefixes the links in invitations and notices
	// ("https://play.example.org"); empty means links relative to the site.
	BaseURL string
	// Notifier tells absent players it is their turn; nil sends nothing.
	Notifier Notifier
	// SecureCookies marks the session cookie Secure; an https BaseURL
	// sets it too.
	SecureCookies bool
	// TrustedProxies are the addresses of reverse proxies whose
	// Forwarded or X-Forwarded-For header names the client.
	TrustedProxies []netip.Prefix
	// Hasher hashes passwords; the zero value uses DefaultHasher.
	Hasher Hasher
	// StreamsPerClient and Streams cap the open event streams from one
	// client address and in all; 0 means 32 and 10,000.
	StreamsPerClient, Streams int
	// Computer bounds the computer players; zero fields take
	// DefaultComputerLimits.
	Computer ComputerLimits
	// GamesPerUser and GamesPerGuest cap the unfinished games an account
	// may have made; 0 means 50 and 5.
	GamesPerUser, GamesPerGuest int
	// LiveGames bounds the games held in memory (each its session
	// replayed from the record); beyond it those used least recently are
	// dropped, and replayed again when next needed. 0 means 2,000.
	LiveGames int
	// SnapshotEvery is how many actions apart the snapshots of a game
	// that restores states are kept, beside its record; 0 means 256.
	SnapshotEvery int
	// ViewCacheBytes bounds the encoded views kept for the live games'
	// pages, in all; 0 means 64 MiB.
	ViewCacheBytes int
	// ReplayBudgetMS is the replay time one client address may use in 10
	// minutes, in milliseconds; 0 means 30,000.
	ReplayBudgetMS int
	// Now is the clock for rate limits and sessions; nil is time.Now.
	Now func() time.Time
	// MetricsFrom are the client addresses, besides loopback, that may
	// read /metrics.
	MetricsFrom []netip.Prefix
	// Leads, when set, says whether this process runs the computer players
	// and the clocks (one of several sharing a database); nil means it does.
	Leads func() bool
	// Log is the structured log of server-side events and failures; nil
	// is slog.Default().
	Log *slog.Logger
	// Logf, when set, receives the log instead as lines of text (tests
	// pass t.Logf).
	Logf func(format string, args ...any)
}

// Server serves the API and the web client.
type Server struct {
	cfg     Config
	st      store.Store
	mux     *http.ServeMux
	hub     *hub
	limiter *limiter

	logins    *logins      // sessions seen lately, with their users
	hashGate  *gate        // bounds concurrent password hashes
	hashes    atomic.Int64 // password hashes computed
	dummyOnce sync.Once
	dummyHash string // checked for logins to no account, to take the same time

	mu   sync.Mutex
	live map[string]*live
	// versions keeps the version of a game dropped for another process's
	// sealed action until the game is loaded again (replicas.go), so that
	// the pages do not see its version start over.
	versions map[string]uint64
	uses     uint64 // lookups of live games, to find the least recently used
	// pageBytes is what the live games' pages hold (see pages).
	pageBytes atomic.Int64

	bg    sync.WaitGroup // computer moves and notices under way
	think *gate          // the computer's decisions searched at once

	replays    *replayCache // records replayed for the replay viewer
	replayGate *gate        // replays computed at once
	graphs     *graphCache  // the coach's graphs of finished games
	ctx        context.Context
	cancel     context.CancelFunc // at Close: computer moves stop waiting
	metrics    *metrics
}

// New returns a Server over cfg.Store.
func New(cfg Config) *Server {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Logf != nil {
		logf := cfg.Logf
		cfg.Log = slog.New(slog.NewTextHandler(logfWriter(logf), nil))
	} else {
		log := cfg.Log
		cfg.Logf = func(format string, args ...any) { log.Warn(fmt.Sprintf(format, args...)) }
	}
	if cfg.Hasher == (Hasher{}) {
		cfg.Hasher = DefaultHasher
	}
	cfg.SecureCookies = cfg.SecureCookies || secureFor(cfg.BaseURL)
	cfg.Computer = cfg.Computer.withDefaults()
	s := &Server{
		cfg:        cfg,
		st:         cfg.Store,
		mux:        http.NewServeMux(),
		hub:        newHub(orDefault(cfg.StreamsPerClient, streamsPerClient), orDefault(cfg.Streams, streamsTotal)),
		limiter:    newLimiter(cfg.Now),
		logins:     newLogins(cfg.Store),
		hashGate:   newGate(hashSlots, hashQueue),
		live:       map[string]*live{},
		versions:   map[string]uint64{},
		think:      newGate(cfg.Computer.Slots, 1<<20),
		replays:    newReplayCache(),
		replayGate: newGate(replaySlots, replayQueue),
		graphs:     newGraphCache(),
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.metrics = newMetrics(s)
	s.routes()
	return s
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /api/meta", s.handleMeta)
	m.HandleFunc("POST /api/register", s.handleRegister)
	m.HandleFunc("POST /api/login", s.handleLogin)
	m.HandleFunc("POST /api/guest", s.handleGuest)
	m.HandleFunc("POST /api/logout", s.handleLogout)
	m.HandleFunc("GET /api/me", s.handleMe)
	m.HandleFunc("PUT /api/me/notify", s.handleNotify)
	m.HandleFunc("PUT /api/me/password", s.handlePassword)

	m.HandleFunc("POST /api/games", s.handleCreate)
	m.HandleFunc("GET /api/games", s.handleList)
	m.HandleFunc("GET /api/games/open", s.handleOpen)
	m.HandleFunc("GET /api/games/{id}", s.timed("view", s.handleView))
	m.HandleFunc("POST /api/games/{id}/actions", s.timed("action", s.handleAction))
	m.HandleFunc("POST /api/games/{id}/undo", s.timed("undo", s.handleUndo))
	m.HandleFunc("POST /api/games/{id}/join", s.handleJoin)
	m.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	m.HandleFunc("POST /api/games/{id}/rematch", s.handleRematch)
	m.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	m.HandleFunc("GET /api/games/{id}/replay", s.handleReplay)
	m.HandleFunc("GET /api/games/{id}/ask", s.timed("ask", s.handleAsk))
	m.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	m.HandleFunc("GET /api/games/{id}/coach", s.handleCoach)
	m.HandleFunc("GET /api/games/{id}/coach/graph", s.handleCoachGraph)
	m.HandleFunc("GET /api/sheets/{game}/{id}/{lang}/{hash}", s.handleSheet)
	m.HandleFunc("GET /api/games/{id}/chat", s.handleChatRead)
	m.HandleFunc("POST /api/games/{id}/chat", s.handleChatWrite)
	m.HandleFunc("GET /healthz", s.handleHealth)
	m.HandleFunc("GET /metrics", s.handleMetrics)
	// Go's profiles (CPU, heap, goroutines), for the operator like /metrics.
	m.HandleFunc("GET /debug/pprof/", s.operatorOnly(pprof.Index))
	m.HandleFunc("GET /debug/pprof/profile", s.operatorOnly(pprof.Profile))
	m.HandleFunc("POST /api/replay", s.handleReplayImport)
	m.HandleFunc("POST /api/replay/coach", s.handleCoachFile)
	m.HandleFunc("POST /api/replay/coach/graph", s.handleCoachFileGraph)
	m.HandleFunc("POST /api/commitment", s.handleCommitment)
	m.HandleFunc("POST /api/verify", s.handleVerify)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, errf(http.StatusNotFound, "no such API endpoint: %s %s", r.Method, r.URL.Path))
	})
	if s.cfg.Static != nil {
		m.Handle("/", s.cfg.Static)
	}
}

// ServeHTTP checks every state-changing request against cross-site
// forgery, then routes it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet && r.Method != http.MethodHead && strings.HasPrefix(r.URL.Path, "/api/") {
		if err := checkOrigin(r); err != nil {
			writeError(w, err)
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// handleHealth answers 200 when the store answers, for load balancers and
// monitors.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if _, err := s.st.Game(r.Context(), ""); err != nil && !errors.Is(err, store.ErrNotFound) {
		writeError(w, errf(http.StatusServiceUnavailable, "store: %v", err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// Wait blocks until the computer moves and notices started so far have
// finished (for tests and shutdown).
func (s *Server) Wait() { s.bg.Wait() }

// apiError is an error with the HTTP status it answers with.
type apiError struct {
	Status int
	Msg    string
	// View, when set, is sent with the error (the current view after a
	// stale action).
	View any
}

func (e *apiError) Error() string { return e.Msg }

func errf(status int, format string, args ...any) *apiError {
	return &apiError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// writeError answers with err's status and reason as {"error": ...}.
func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{Status: http.StatusInternalServerError, Msg: "internal error: " + err.Error()}
	}
	body := map[string]any{"error": ae.Msg}
	if ae.View != nil {
		body["view"] = ae.View
	}
	writeJSON(w, ae.Status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if v, ok := v.(*gameView); ok {
		// Sized: two writes to the connection instead of chunks' three. A
		// client may have it before the handler returns: a handler starts
		// its work before it answers (afterChange).
		v.writeSized(w, status)
		return
	}
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	enc.Encode(v)
}

// maxBody bounds request bodies; an imported record is the largest.
const maxBody = 8 << 20

// decode reads the request's JSON body into v, refusing unknown fields
// and trailing data.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return errf(http.StatusBadRequest, "malformed JSON: empty body")
		}
		return errf(http.StatusBadRequest, "malformed JSON: %v", err)
	}
	if dec.More() {
		return errf(http.StatusBadRequest, "malformed JSON: data after the object")
	}
	return nil
}

// checkOrigin refuses state-changing API requests that a page on another
// site could send: they must be JSON (a cross-site form cannot send that
// without a CORS preflight, which this server never grants) and not come
// from another origin.
func checkOrigin(r *http.Request) error {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return errf(http.StatusUnsupportedMediaType, "requests that change something must be application/json")
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return errf(http.StatusForbidden, "cross-site request refused")
	}
	if o := r.Header.Get("Origin"); o != "" && o != "null" {
		// A malformed origin (no scheme) is refused like a foreign one.
		if i := strings.Index(o, "://"); i < 0 || o[i+3:] != r.Host {
			return errf(http.StatusForbidden, "request from another origin (%s) refused", o)
		}
	}
	return nil
}

// background runs f outside the request, counted by Wait.
func (s *Server) background(f func(ctx context.Context)) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		f(context.Background())
	}()
}

// logfWriter turns a text log handler's lines into calls of logf.
type logfWriter func(format string, args ...any)

func (f logfWriter) Write(p []byte) (int, error) {
	f("%s", strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// orDefault is n, or def when n is not positive.
func orDefault(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}
