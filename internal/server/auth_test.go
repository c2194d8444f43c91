package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// from sends a request as if from the address addr ("10.0.0.1:5000") and
// returns the status and error text.
func (e *env) from(addr, method, path string, body any, header map[string]string) (int, string) {
	e.t.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.RemoteAddr = addr
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, req)
	var out struct {
		Error string `json:"error"`
	}
	json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out.Error
}

func login(name, password string) map[string]string {
	return map[string]string{"name": name, "password": password}
}

// TestLoginBoundsItsInput: an oversized name or password is refused before
// it reaches the limiter or the hash (issue 23, item 3).
func TestLoginBoundsItsInput(t *testing.T) {
	e := newEnv(t)
	huge := strings.Repeat("n", 7<<20)
	for i := 0; i < 3; i++ {
		if code, _ := e.from("10.0.0.1:1", "POST", "/api/login", login(huge, "whatever1"), nil); code != http.StatusBadRequest {
			t.Fatalf("a 7 MiB name: %d", code)
		}
		if code, _ := e.from("10.0.0.1:1", "POST", "/api/login", login("ann", strings.Repeat("p", 1<<20)), nil); code != http.StatusBadRequest {
			t.Fatalf("a 1 MiB password: %d", code)
		}
	}
	if n := e.srv.limiter.size(); n != 0 {
		t.Fatalf("the limiter keeps %d windows for refused input", n)
	}
	if n := e.srv.hashes.Load(); n != 0 {
		t.Fatalf("%d hashes for refused input", n)
	}
}

// TestLimiterMemoryIsBounded: however many keys, the limiter keeps at most
// limiterCap windows (issue 23, item 3).
func TestLimiterMemoryIsBounded(t *testing.T) {
	l := newLimiter(time.Now)
	for i := 0; i < 3*limiterCap; i++ {
		l.allow(fmt.Sprint("k", i), 5, time.Hour)
	}
	if n := l.size(); n > limiterCap {
		t.Fatalf("%d windows, cap %d", n, limiterCap)
	}
	// A key over its limit stays refused while the others churn, as long
	// as it is recent.
	l = newLimiter(time.Now)
	for i := 0; i < 2; i++ {
		l.allow("hot", 2, time.Hour)
	}
	for i := 0; i < limiterCap/2; i++ {
		l.allow(fmt.Sprint("k", i), 5, time.Hour)
	}
	if ok, _ := l.allow("hot", 2, time.Hour); ok {
		t.Fatal("a key over its limit was forgotten")
	}
}

// TestHashesAreBounded: at most hashSlots password hashes run at once,
// at most hashQueue wait, and beyond that a login is refused at once
// (issue 23, item 4).
func TestHashesAreBounded(t *testing.T) {
	g := newGate(2, 4)
	var running, peak atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := g.enter(t.Context()); err != nil {
				return
			}
			defer g.leave()
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(5 * time.Millisecond)
			running.Add(-1)
		}()
	}
	wg.Wait()
	if p := peak.Load(); p > 2 || p == 0 {
		t.Fatalf("peak %d hashes at once, want 1..2", p)
	}

	e := newEnv(t)
	e.user("ann")
	// Every slot taken and the queue full: the next login is refused.
	for i := 0; i < cap(e.srv.hashGate.slots); i++ {
		e.srv.hashGate.slots <- struct{}{}
	}
	e.srv.hashGate.waiting.Store(int64(e.srv.hashGate.queue))
	if code, msg := e.from("10.0.0.1:1", "POST", "/api/login", login("ann", "password-ann"), nil); code != http.StatusServiceUnavailable || !strings.Contains(msg, "busy") {
		t.Fatalf("login with the hashes busy: %d %q", code, msg)
	}
}

// TestStrangerCannotLockOwnerOut: wrong passwords from one address slow
// that address alone, for the name in any case (issue 23, item 5).
func TestStrangerCannotLockOwnerOut(t *testing.T) {
	e := newEnv(t)
	e.user("victim1")
	for i := 0; i < loginPerName; i++ {
		name := "victim1"
		if i%2 == 1 {
			name = "VICTIM1"
		}
		if code, _ := e.from("10.0.0.66:1", "POST", "/api/login", login(name, "wrong password"), nil); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i, code)
		}
	}
	if code, _ := e.from("10.0.0.66:1", "POST", "/api/login", login("Victim1", "password-victim1"), nil); code != http.StatusTooManyRequests {
		t.Fatalf("the stranger's address, any case: %d", code)
	}
	if code, msg := e.from("10.0.0.7:1", "POST", "/api/login", login("victim1", "password-victim1"), nil); code != http.StatusOK {
		t.Fatalf("the owner from his own address: %d %q", code, msg)
	}
}

// TestAccountRules: common passwords, the name as password and names
// equal but for case are refused (issue 23, item 8).
func TestAccountRules(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	cases := []struct{ name, password string }{
		{"alice1", "11111111"}, {"alice1", "password"}, {"alice1", "Password1"}, {"alice1", "12345678"},
		{"alice1", "qwertyuiop"}, {"alice1", "iloveyou"}, {"alice1", "football"}, {"alice1", "aaaaaaaaaaaa"},
		{"alice1", "1q2w3e4r"}, {"alice1", "abcd1234"}, {"alice1", "sunshine!"}, {"alice1", "dragon2024"},
		{"alice123", "alice123"}, {"alice123", "ALICE123"}, {"alice123", "alice1234"},
	}
	for _, c := range cases {
		if code, msg := a.errOf("POST", "/api/register", login(c.name, c.password)); code != http.StatusBadRequest {
			t.Errorf("register %s with %q: %d %q", c.name, c.password, code, msg)
		}
	}
	if code, _ := a.errOf("POST", "/api/register", login("alice", "a fine long passphrase")); code != http.StatusCreated {
		t.Fatalf("alice: %d", code)
	}
	if code, msg := e.anon().errOf("POST", "/api/register", login("ALICE", "another fine passphrase")); code != http.StatusConflict {
		t.Fatalf("ALICE beside alice: %d %q", code, msg)
	}
}

// TestLoginHashesForUnknownNames: a login for a name nobody has costs a
// hash like a wrong password does, so the time does not tell whether the
// account exists (issue 23, item 8).
func TestLoginHashesForUnknownNames(t *testing.T) {
	e := newEnv(t)
	e.user("ann")
	guest := e.guest()
	for _, name := range []string{"ann", "nobody", guest.name} {
		before := e.srv.hashes.Load()
		if code, _ := e.anon().errOf("POST", "/api/login", login(name, "wrong password")); code != http.StatusUnauthorized {
			t.Fatalf("%s: %d", name, code)
		}
		if n := e.srv.hashes.Load() - before; n != 1 {
			t.Errorf("login as %s computed %d hashes, want 1", name, n)
		}
	}
}

// TestPasswordChangeAndLogoutEverywhere (issue 23, item 8).
func TestPasswordChangeAndLogoutEverywhere(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	other := e.anon()
	var me meJSON
	other.call("POST", "/api/login", login("ann", "password-ann"), &me)
	other.csrf = me.CSRF
	cases := []struct {
		old, new string
		want     int
	}{
		{"wrong password", "a new long passphrase", http.StatusForbidden},
		{"password-ann", "12345678", http.StatusBadRequest},
		{"password-ann", "short", http.StatusBadRequest},
		{"password-ann", "a new long passphrase", http.StatusOK},
	}
	for _, c := range cases {
		if code, msg := ann.errOf("PUT", "/api/me/password", map[string]string{"old": c.old, "new": c.new}); code != c.want {
			t.Errorf("change %q to %q: %d %q, want %d", c.old, c.new, code, msg, c.want)
		}
	}
	// The change ended the other sessions, not this one.
	other.call("GET", "/api/me", nil, &me)
	if me.LoggedIn {
		t.Fatal("another session survived the password change")
	}
	ann.call("GET", "/api/me", nil, &me)
	if !me.LoggedIn {
		t.Fatal("the session that changed the password was ended")
	}
	if code, _ := e.anon().errOf("POST", "/api/login", login("ann", "a new long passphrase")); code != http.StatusOK {
		t.Fatalf("login with the new password: %d", code)
	}
	third := e.anon()
	third.call("POST", "/api/login", login("ann", "a new long passphrase"), nil)
	if code, _ := ann.errOf("POST", "/api/logout", map[string]any{"everywhere": true}); code != http.StatusOK {
		t.Fatalf("logout everywhere: %d", code)
	}
	for _, c := range []*client{ann, third} {
		if c.call("GET", "/api/me", nil, &me); me.LoggedIn {
			t.Fatal("a session survived logging out everywhere")
		}
	}
}

// TestWebhookURLs are checked with the URL parser (issue 23, item 9).
func TestWebhookURLs(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	cases := []struct {
		url  string
		want int
	}{
		{"https://example.org/hook", http.StatusOK},
		{"HTTP://example.org/hook", http.StatusOK},
		{"HttpS://example.org:8443/h?x=1", http.StatusOK},
		{"https://example.org/a b", http.StatusBadRequest},
		{"https://example.org/a\r\nX-Evil: 1", http.StatusBadRequest},
		{"https://example.org/\n", http.StatusBadRequest},
		{"https://", http.StatusBadRequest},
		{"https:///path", http.StatusBadRequest},
		{"ftp://example.org/", http.StatusBadRequest},
		{"javascript:alert(1)", http.StatusBadRequest},
		{"//example.org/hook", http.StatusBadRequest},
		{"https://user:pw@example.org/", http.StatusBadRequest},
	}
	for _, c := range cases {
		if code, msg := ann.errOf("PUT", "/api/me/notify", map[string]string{"email": "", "webhook": c.url}); code != c.want {
			t.Errorf("webhook %q: %d %q, want %d", c.url, code, msg, c.want)
		}
	}
}

// TestSecureCookieFromBaseURL: an https base URL makes the cookie Secure
// (issue 23, item 10).
func TestSecureCookieFromBaseURL(t *testing.T) {
	for _, c := range []struct {
		base   string
		secure bool
	}{{"", false}, {"http://localhost:8080", false}, {"https://play.example.org", true}, {"HTTPS://play.example.org", true}} {
		e := newEnv(t)
		e.srv.cfg.BaseURL = c.base
		e.srv.cfg.SecureCookies = secureFor(c.base)
		req := httptest.NewRequest("POST", "/api/guest", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, req)
		cookies := rec.Result().Cookies()
		if len(cookies) != 1 || cookies[0].Secure != c.secure {
			t.Errorf("base %q: cookies %+v, want Secure %v", c.base, cookies, c.secure)
		}
	}
}

// TestTrustedProxy: the client's address comes from X-Forwarded-For or
// Forwarded only when the request comes from a trusted proxy (item 10).
func TestTrustedProxy(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.9.0.0/16")}
	cases := []struct {
		remote string
		header map[string]string
		want   string
	}{
		{"10.9.0.1:4000", nil, "10.9.0.1"},
		{"10.9.0.1:4000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, "203.0.113.7"},
		{"10.9.0.1:4000", map[string]string{"X-Forwarded-For": "1.1.1.1, 203.0.113.7, 10.9.0.2"}, "203.0.113.7"},
		{"10.9.0.1:4000", map[string]string{"Forwarded": `for=198.51.100.4;proto=https`}, "198.51.100.4"},
		{"10.9.0.1:4000", map[string]string{"Forwarded": `for="[2001:db8::1]:4711"`}, "2001:db8::1"},
		{"10.9.0.1:4000", map[string]string{"X-Forwarded-For": "garbage"}, "10.9.0.1"},
		{"192.0.2.1:4000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, "192.0.2.1"},
		{"192.0.2.1:4000", map[string]string{"Forwarded": "for=203.0.113.7"}, "192.0.2.1"},
	}
	for _, c := range cases {
		req := httptest.NewRequest("GET", "/", nil)
		req.RemoteAddr = c.remote
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		if got := clientAddr(req, trusted); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.remote, c.header, got, c.want)
		}
	}
}

// TestKeptLoginsFollowChanges: with every session kept (logins, after a
// request each), a change of the account is seen by its other sessions,
// and a session ended by logging out, by logging out everywhere or by a
// password change is refused at once; a kept session answers without the
// store.
func TestKeptLoginsFollowChanges(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	session := func() *client {
		c := e.anon()
		var me meJSON
		c.call("POST", "/api/login", login("ann", "password-ann"), &me)
		c.csrf = me.CSRF
		return c
	}
	me := func(c *client) meJSON {
		var m meJSON
		c.call("GET", "/api/me", nil, &m)
		return m
	}
	a, b, c := session(), session(), session()
	for _, x := range []*client{ann, a, b, c} {
		if !me(x).LoggedIn {
			t.Fatal("a new session is not logged in")
		}
	}
	if !e.srv.logins.on || len(e.srv.logins.m) != 4 {
		t.Fatalf("%d sessions kept, want 4", len(e.srv.logins.m))
	}
	if code := a.call("PUT", "/api/me/notify", map[string]string{"email": "ann@example.org"}, nil); code != http.StatusOK {
		t.Fatalf("notify: %d", code)
	}
	if got := me(b).Email; got != "ann@example.org" {
		t.Errorf("another session sees the address %q", got)
	}
	if code := a.call("POST", "/api/logout", map[string]any{}, nil); code != http.StatusOK || me(a).LoggedIn {
		t.Fatalf("logout: %d, still logged in: %v", code, me(a).LoggedIn)
	}
	if !me(b).LoggedIn {
		t.Fatal("logging out ended another session")
	}
	if code := b.call("PUT", "/api/me/password", map[string]string{"old": "password-ann", "new": "a new long passphrase"}, nil); code != http.StatusOK {
		t.Fatalf("password: %d", code)
	}
	if me(c).LoggedIn || me(ann).LoggedIn || !me(b).LoggedIn {
		t.Fatal("the password change did not end exactly the other sessions")
	}
	if code := b.call("POST", "/api/logout", map[string]any{"everywhere": true}, nil); code != http.StatusOK || me(b).LoggedIn {
		t.Fatal("logging out everywhere left the session")
	}
	// A kept session answers without asking the store: its row gone
	// behind the server's back, it still stands until forgotten.
	d := e.user("bob")
	me(d)
	u, _ := e.st.UserByName(t.Context(), "bob")
	if err := e.st.DeleteSessionsOf(t.Context(), u.ID, ""); err != nil {
		t.Fatal(err)
	}
	if !me(d).LoggedIn {
		t.Error("a kept session asked the store")
	}
}
