package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	_ "sandtable/internal/engine/enginetest/toy"
	"sandtable/internal/store"
)

// firstPlayer is a computer player for tests: it takes the first legal
// action.
type firstPlayer struct{}

func (firstPlayer) Choose(st engine.State, side engine.Side) engine.Action {
	return st.Legal(side, nil)[0]
}

func init() {
	ai.RegisterPlayer("testfirst", func(engine.Game, uint64) ai.Player { return firstPlayer{} })
}

// cheap keeps password hashing fast in tests.
var cheap = Hasher{Time: 1, MemKiB: 64, Threads: 1}

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// notices records the notices sent.
type notices struct {
	mu   sync.Mutex
	sent []Notice
}

func (n *notices) Notify(_ context.Context, nt Notice) error {
	n.mu.Lock()
	n.sent = append(n.sent, nt)
	n.mu.Unlock()
	return nil
}

func (n *notices) list() []Notice {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]Notice(nil), n.sent...)
}

type env struct {
	t     *testing.T
	srv   *Server
	http  *httptest.Server
	st    *store.SQLite
	clock *fakeClock
	sent  *notices
	path  string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvAt(t, filepath.Join(t.TempDir(), "sandtable.db"))
}

func newEnvAt(t *testing.T, path string) *env {
	t.Helper()
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, st: st, clock: &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}, sent: &notices{}, path: path}
	e.srv = New(Config{Store: st, Hasher: cheap, Now: time.Now, Notifier: e.sent, Logf: t.Logf})
	e.srv.limiter = newLimiter(e.clock.now)
	e.http = httptest.NewServer(e.srv)
	t.Cleanup(e.stop)
	return e
}

func (e *env) stop() {
	if e.http == nil {
		return
	}
	e.srv.Close()
	e.http.Close()
	e.st.Close()
	e.http = nil
}

// client is one browser: a cookie jar and the CSRF token it was given.
type client struct {
	t    testing.TB
	base string // the server's URL
	c    *http.Client
	csrf string
	name string
}

func (e *env) anon() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: e.t, base: e.http.URL, c: &http.Client{Jar: jar}}
}

// user registers name and returns its logged-in client.
func (e *env) user(name string) *client {
	c := e.anon()
	var me meJSON
	if code := c.call("POST", "/api/register", map[string]string{"name": name, "password": "password-" + name}, &me); code != http.StatusCreated {
		e.t.Fatalf("register %s: %d", name, code)
	}
	c.csrf, c.name = me.CSRF, name
	return c
}

func (e *env) guest() *client {
	c := e.anon()
	var me meJSON
	if code := c.call("POST", "/api/guest", map[string]any{}, &me); code != http.StatusCreated {
		e.t.Fatalf("guest: %d", code)
	}
	c.csrf, c.name = me.CSRF, me.Name
	return c
}

// raw sends a request with a body given as bytes and returns the status
// and body.
func (c *client) raw(method, path string, body []byte, header map[string]string) (int, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.csrf != "" {
		req.Header.Set(csrfHeader, c.csrf)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.c.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// call sends body as JSON (nil: no body) and decodes the answer into out.
func (c *client) call(method, path string, body, out any) int {
	c.t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	code, resp := c.raw(method, path, b, nil)
	if out != nil {
		if err := json.Unmarshal(resp, out); err != nil {
			c.t.Fatalf("%s %s: %d %s: %v", method, path, code, resp, err)
		}
	}
	return code
}

// errOf returns the status and error text of a call.
func (c *client) errOf(method, path string, body any) (int, string) {
	c.t.Helper()
	var out struct {
		Error string `json:"error"`
	}
	code := c.call(method, path, body, &out)
	return code, out.Error
}

func (c *client) create(req map[string]any) *gameView {
	c.t.Helper()
	var v gameView
	if code := c.call("POST", "/api/games", req, &v); code != http.StatusCreated {
		c.t.Fatalf("create %v: %d", req, code)
	}
	return &v
}

// invited has host create a game by invitation, taking the first side of
// sides, and guest join it on the second; extra adds to the creation
// request (a seed, a pace).
func invited(host, guest *client, game string, sides [2]string, extra map[string]any) *gameView {
	host.t.Helper()
	req := map[string]any{"game": game, "mode": "invite", "side": sides[0]}
	for k, v := range extra {
		req[k] = v
	}
	g := host.create(req)
	if code := guest.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": sides[1], "token": inviteToken(g)}, nil); code != http.StatusOK {
		host.t.Fatalf("%s joins %s: %d", sides[1], g.ID, code)
	}
	return g
}

// inviteToken is the token of g's first invitation link.
func inviteToken(g *gameView) string {
	u := g.Invites[0].URL
	return u[strings.Index(u, "token=")+len("token="):]
}

func (c *client) view(id, query string) *gameView {
	c.t.Helper()
	var v gameView
	if code := c.call("GET", "/api/games/"+id+query, nil, &v); code != http.StatusOK {
		c.t.Fatalf("view %s%s: %d", id, query, code)
	}
	return &v
}

func (c *client) act(id, side string, move int, action string) (int, *gameView) {
	c.t.Helper()
	var v gameView
	code := c.call("POST", "/api/games/"+id+"/actions", map[string]any{"side": side, "move": move, "action": action}, &v)
	return code, &v
}

func (c *client) mustAct(id, side string, move int, action string) *gameView {
	c.t.Helper()
	code, v := c.act(id, side, move, action)
	if code != http.StatusOK {
		c.t.Fatalf("%s %s at %d: %d", side, action, move, code)
	}
	return v
}

// register makes a new account on the server at base.
func register(t testing.TB, base, name string) *client {
	jar, _ := cookiejar.New(nil)
	c := &client{t: t, base: base, c: &http.Client{Jar: jar}, name: name}
	var me meJSON
	if code := c.call("POST", "/api/register", map[string]string{"name": name, "password": "password-" + name}, &me); code != http.StatusCreated {
		t.Fatalf("register %s: %d", name, code)
	}
	c.csrf = me.CSRF
	return c
}

func newLoopback(h http.Handler) *httptest.Server { return httptest.NewServer(h) }
