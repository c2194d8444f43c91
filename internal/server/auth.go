package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"

	"sandtable/internal/store"
)

// Hasher holds the argon2id parameters for new password hashes. Stored
// hashes carry their own parameters, so they can be raised later.
type Hasher struct {
	Time    uint32
	MemKiB  uint32
	Threads uint8
}

// DefaultHasher follows RFC 9106's second recommended option (64 MiB).
var DefaultHasher = Hasher{Time: 3, MemKiB: 64 * 1024, Threads: 2}

// Hash returns the PHC-style string of an argon2id hash of password.
func (h Hasher) Hash(password string) string {
	salt := randomBytes(16)
	key := argon2.IDKey([]byte(password), salt, h.Time, h.MemKiB, h.Threads, 32)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.MemKiB, h.Time, h.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// checkPassword reports whether password matches the stored hash.
func checkPassword(hash, password string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return b
}

func randomToken() string { return base64.RawURLEncoding.EncodeToString(randomBytes(32)) }

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

const (
	cookieName = "sandtable_session"
	sessionAge = 30 * 24 * time.Hour
	csrfHeader = "X-CSRF-Token"
)

// limiter counts attempts per key in fixed windows: at most max attempts
// in each window. It keeps at most limiterCap windows: when full it forgets
// the windows that ended, then, if still full, some of those not over
// their limit, so its memory is bounded whatever the keys.
type limiter struct {
	now func() time.Time
	off bool // no limits (benchmarks)
	mu  sync.Mutex
	m   map[string]*window
}

type window struct {
	start time.Time
	end   time.Time
	n     int
	max   int
}

// limiterCap bounds the windows a limiter keeps.
const limiterCap = 20000

func newLimiter(now func() time.Time) *limiter { return &limiter{now: now, m: map[string]*window{}} }

// size is the number of windows kept.
func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}

// allow counts an attempt for key and reports whether it is within max
// per period, and if not how long until the window ends.
func (l *limiter) allow(key string, max int, period time.Duration) (bool, time.Duration) {
	return l.allowN(key, 1, max, period)
}

// allowN is allow for an attempt that costs cost (0 asks whether any is
// left): refused once the costs in the window reach max.
func (l *limiter) allowN(key string, cost, max int, period time.Duration) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.off {
		return true, 0
	}
	t := l.now()
	w := l.m[key]
	if w == nil || !t.Before(w.end) {
		if w == nil && len(l.m) >= limiterCap {
			l.shrink(t)
		}
		w = &window{start: t, end: t.Add(period), max: max}
		l.m[key] = w
	}
	if w.n >= max {
		return false, w.end.Sub(t)
	}
	w.n += cost
	return true, 0
}

// shrink makes room: it drops the windows that ended, then, while more
// than 7/8 of the room is taken, windows under their limit (in the map's
// random order), keeping those that refuse. The caller holds l.mu.
func (l *limiter) shrink(t time.Time) {
	for k, w := range l.m {
		if !t.Before(w.end) {
			delete(l.m, k)
		}
	}
	for pass := 0; pass < 2 && len(l.m) > limiterCap*7/8; pass++ {
		for k, w := range l.m {
			if len(l.m) <= limiterCap*7/8 {
				break
			}
			if pass == 1 || w.n < w.max {
				delete(l.m, k)
			}
		}
	}
}

// Login limits: per client address, and per address and account name
// together, so that a stranger's wrong guesses slow only his own address.
const (
	loginPeriod  = 10 * time.Minute
	loginPerIP   = 30
	loginPerName = 10
	// maxNameLen and maxPasswordLen bound what reaches the limiter and
	// the hash.
	maxNameLen     = 64
	maxPasswordLen = 256
	minPasswordLen = 8
)

// gate bounds concurrent work: at most cap(slots) at once, at most queue
// waiting; beyond that enter refuses at once.
type gate struct {
	slots   chan struct{}
	queue   int
	waiting atomic.Int64
	entered atomic.Int64 // entries so far, for metrics
}

func newGate(slots, queue int) *gate { return &gate{slots: make(chan struct{}, slots), queue: queue} }

var errBusy = errf(http.StatusServiceUnavailable, "the server is busy; try again in a moment")

// enter waits for a slot, or refuses when the queue is full or ctx ends.
func (g *gate) enter(ctx context.Context) error {
	select {
	case g.slots <- struct{}{}:
		g.entered.Add(1)
		return nil
	default:
	}
	if g.waiting.Add(1) > int64(g.queue) {
		g.waiting.Add(-1)
		return errBusy
	}
	defer g.waiting.Add(-1)
	select {
	case g.slots <- struct{}{}:
		g.entered.Add(1)
		return nil
	case <-ctx.Done():
		return errBusy
	}
}

func (g *gate) leave() { <-g.slots }

// Password hashing: each argon2id hash takes 64 MiB and a core for a
// while, so at most hashSlots run at once and hashQueue wait.
const (
	hashSlots = 2
	hashQueue = 32
)

// hashPassword hashes a new password through the hash gate.
func (s *Server) hashPassword(ctx context.Context, password string) (string, error) {
	if err := s.hashGate.enter(ctx); err != nil {
		return "", err
	}
	defer s.hashGate.leave()
	s.hashes.Add(1)
	return s.cfg.Hasher.Hash(password), nil
}

// checkPassword checks password against hash through the hash gate; an
// empty hash (no such account, a guest) is checked against a dummy hash
// so that the answer takes as long as for a real account.
func (s *Server) checkPassword(ctx context.Context, hash, password string) (bool, error) {
	if err := s.hashGate.enter(ctx); err != nil {
		return false, err
	}
	defer s.hashGate.leave()
	s.hashes.Add(1)
	if hash == "" {
		s.dummyOnce.Do(func() { s.dummyHash = s.cfg.Hasher.Hash(randomToken()) })
		checkPassword(s.dummyHash, password)
		return false, nil
	}
	return checkPassword(hash, password), nil
}

// clientIP is the address of the request's client: the peer's, or behind
// a trusted proxy the one the proxy names.
func (s *Server) clientIP(r *http.Request) string { return clientAddr(r, s.cfg.TrustedProxies) }

// clientAddr returns the client's address: the peer's, unless the peer is
// in trusted, when Forwarded (RFC 7239) or X-Forwarded-For names the
// client: the last address not itself a trusted proxy.
func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !inPrefixes(peer.Unmap(), trusted) {
		return host
	}
	var hops []string
	if f := r.Header.Values("Forwarded"); len(f) > 0 {
		for _, el := range strings.Split(strings.Join(f, ","), ",") {
			for _, pair := range strings.Split(el, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if ok && strings.EqualFold(k, "for") {
					hops = append(hops, forwardedFor(v))
				}
			}
		}
	} else {
		for _, v := range r.Header.Values("X-Forwarded-For") {
			for _, h := range strings.Split(v, ",") {
				hops = append(hops, strings.TrimSpace(h))
			}
		}
	}
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			return host // a hop we cannot read: trust nothing beyond it
		}
		if !inPrefixes(a.Unmap(), trusted) {
			return a.Unmap().String()
		}
	}
	return host
}

// forwardedFor reads a Forwarded header's for= value: a quoted or bare
// address, IPv6 in brackets, perhaps with a port.
func forwardedFor(v string) string {
	v = strings.Trim(strings.TrimSpace(v), `"`)
	if strings.HasPrefix(v, "[") {
		if i := strings.Index(v, "]"); i > 0 {
			return v[1:i]
		}
	}
	if h, _, err := net.SplitHostPort(v); err == nil {
		return h
	}
	return v
}

func inPrefixes(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// secureFor reports whether a site at baseURL is served over HTTPS, so
// that its cookies must be Secure.
func secureFor(baseURL string) bool {
	u, err := url.Parse(baseURL)
	return err == nil && strings.EqualFold(u.Scheme, "https")
}

func (s *Server) rateLimit(keys map[string]int) error {
	for key, max := range keys {
		if ok, wait := s.limiter.allow(key, max, loginPeriod); !ok {
			return errf(http.StatusTooManyRequests, "too many attempts; try again in %d seconds", int(wait.Seconds())+1)
		}
	}
	return nil
}

// viewer is the user behind a request, with the session's CSRF token.
type viewer struct {
	store.User
	session store.Session
}

// who returns the logged-in user, or ok=false for an anonymous request.
func (s *Server) who(r *http.Request) (viewer, bool, error) {
	c, err := r.Cookie(cookieName)
	if err != nil || c.Value == "" {
		return viewer{}, false, nil
	}
	hash := tokenHash(c.Value)
	if v, ok := s.logins.get(hash); ok {
		return v, true, nil
	}
	gen := s.logins.begin()
	se, err := s.st.Session(r.Context(), hash)
	if errors.Is(err, store.ErrNotFound) {
		return viewer{}, false, nil
	}
	if err != nil {
		return viewer{}, false, err
	}
	u, err := s.st.UserByID(r.Context(), se.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return viewer{}, false, nil
	}
	if err != nil {
		return viewer{}, false, err
	}
	v := viewer{User: u, session: se}
	s.logins.put(hash, gen, v)
	return v, true, nil
}

// mustAct returns the user for a state-changing request: logged in, and
// echoing the session's CSRF token.
func (s *Server) mustAct(r *http.Request) (viewer, error) {
	v, ok, err := s.who(r)
	if err != nil {
		return viewer{}, err
	}
	if !ok {
		return viewer{}, errf(http.StatusUnauthorized, "log in or play as a guest first")
	}
	got := r.Header.Get(csrfHeader)
	if subtle.ConstantTimeCompare([]byte(got), []byte(v.session.CSRF)) != 1 {
		return viewer{}, errf(http.StatusForbidden, "missing or wrong %s header", csrfHeader)
	}
	return v, nil
}

// mustActEmpty is mustAct for a request whose body is the empty object.
func (s *Server) mustActEmpty(w http.ResponseWriter, r *http.Request) (viewer, error) {
	v, err := s.mustAct(r)
	if err != nil {
		return viewer{}, err
	}
	var empty struct{}
	return v, decode(w, r, &empty)
}

// startSession logs u in: a new session and its HttpOnly cookie.
func (s *Server) startSession(ctx context.Context, w http.ResponseWriter, u store.User) (store.Session, error) {
	token := randomToken()
	se := store.Session{TokenHash: tokenHash(token), UserID: u.ID, CSRF: randomToken(), Expires: s.cfg.Now().Add(sessionAge)}
	if err := s.st.CreateSession(ctx, se); err != nil {
		return store.Session{}, err
	}
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: token, Path: "/", Expires: se.Expires,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies,
	})
	return se, nil
}

// meJSON is what the client learns about its user.
type meJSON struct {
	LoggedIn bool   `json:"logged_in"`
	ID       int64  `json:"id,omitempty"`
	Name     string `json:"name,omitempty"`
	Guest    bool   `json:"guest,omitempty"`
	Email    string `json:"email,omitempty"`
	Webhook  string `json:"webhook,omitempty"`
	CSRF     string `json:"csrf,omitempty"`
}

func me(u store.User, se store.Session) meJSON {
	return meJSON{LoggedIn: true, ID: u.ID, Name: u.Name, Guest: u.Guest, Email: u.Email, Webhook: u.Webhook, CSRF: se.CSRF}
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]{3,24}$`)

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decode(w, r, &c); err != nil {
		writeError(w, err)
		return
	}
	switch {
	case !nameRE.MatchString(c.Name) || strings.HasPrefix(c.Name, "guest-"):
		writeError(w, errf(http.StatusBadRequest, "a name is 3 to 24 letters, digits, '.', '_' or '-', and does not start with guest-"))
		return
	}
	if err := checkNewPassword(c.Name, c.Password); err != nil {
		writeError(w, err)
		return
	}
	if err := s.rateLimit(map[string]int{"register-ip:" + s.clientIP(r): loginPerIP}); err != nil {
		writeError(w, err)
		return
	}
	if _, err := s.st.UserByName(r.Context(), c.Name); err == nil {
		writeError(w, errf(http.StatusConflict, "the name %q is taken", c.Name))
		return
	}
	hash, err := s.hashPassword(r.Context(), c.Password)
	if err != nil {
		writeError(w, err)
		return
	}
	u, err := s.st.CreateUser(r.Context(), store.User{Name: c.Name, PassHash: hash})
	if errors.Is(err, store.ErrExists) {
		writeError(w, errf(http.StatusConflict, "the name %q is taken", c.Name))
		return
	}
	if err != nil {
		writeError(w, err)
		return
	}
	se, err := s.startSession(r.Context(), w, u)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, me(u, se))
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decode(w, r, &c); err != nil {
		writeError(w, err)
		return
	}
	if len(c.Name) > maxNameLen || len(c.Password) > maxPasswordLen {
		writeError(w, errf(http.StatusBadRequest, "wrong name or password"))
		return
	}
	ip := s.clientIP(r)
	if err := s.rateLimit(map[string]int{"login-ip:" + ip: loginPerIP, "login-name:" + ip + "|" + strings.ToLower(c.Name): loginPerName}); err != nil {
		writeError(w, err)
		return
	}
	u, err := s.st.UserByName(r.Context(), c.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		writeError(w, err)
		return
	}
	if u.Guest {
		u.PassHash = ""
	}
	ok, herr := s.checkPassword(r.Context(), u.PassHash, c.Password)
	if herr != nil {
		writeError(w, herr)
		return
	}
	if !ok {
		writeError(w, errf(http.StatusUnauthorized, "wrong name or password"))
		return
	}
	se, err := s.startSession(r.Context(), w, u)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, me(u, se))
}

func (s *Server) handleGuest(w http.ResponseWriter, r *http.Request) {
	var empty struct{}
	if err := decode(w, r, &empty); err != nil {
		writeError(w, err)
		return
	}
	if err := s.rateLimit(map[string]int{"guest-ip:" + s.clientIP(r): loginPerIP}); err != nil {
		writeError(w, err)
		return
	}
	u, err := s.st.CreateUser(r.Context(), store.User{Name: "guest-" + hex.EncodeToString(randomBytes(5)), Guest: true})
	if err != nil {
		writeError(w, err)
		return
	}
	se, err := s.startSession(r.Context(), w, u)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, me(u, se))
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	v, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req struct {
		Everywhere bool `json:"everywhere"` // end every session of the user
	}
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	err = s.st.DeleteSession(r.Context(), v.session.TokenHash)
	s.logins.forgetToken(v.session.TokenHash)
	if err == nil && req.Everywhere {
		err = s.st.DeleteSessionsOf(r.Context(), v.ID, "")
		s.logins.forgetUser(v.ID)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies})
	writeJSON(w, http.StatusOK, meJSON{})
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	v, ok, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	if !ok {
		writeJSON(w, http.StatusOK, meJSON{})
		return
	}
	writeJSON(w, http.StatusOK, me(v.User, v.session))
}

func (s *Server) handleNotify(w http.ResponseWriter, r *http.Request) {
	v, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req struct {
		Email   string `json:"email"`
		Webhook string `json:"webhook"`
	}
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if v.Guest {
		writeError(w, errf(http.StatusForbidden, "guests get no notices; register to play over days"))
		return
	}
	if req.Email != "" && (!strings.Contains(req.Email, "@") || strings.ContainsAny(req.Email, " \r\n<>,") || len(req.Email) > 254) {
		writeError(w, errf(http.StatusBadRequest, "%q is not an e-mail address", req.Email))
		return
	}
	if req.Webhook != "" {
		if err := checkWebhook(req.Webhook); err != nil {
			writeError(w, err)
			return
		}
	}
	err = s.st.SetNotify(r.Context(), v.ID, req.Email, req.Webhook)
	s.logins.forgetUser(v.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	v.Email, v.Webhook = req.Email, req.Webhook
	writeJSON(w, http.StatusOK, me(v.User, v.session))
}

// checkNewPassword refuses a password too short, too long, common or
// the account's name.
func checkNewPassword(name, password string) error {
	if len(password) < minPasswordLen || len(password) > maxPasswordLen {
		return errf(http.StatusBadRequest, "a password has %d to %d characters", minPasswordLen, maxPasswordLen)
	}
	if why := weakPassword(name, password); why != "" {
		return errf(http.StatusBadRequest, "%s", why)
	}
	return nil
}

// checkWebhook accepts an absolute http or https URL (scheme in any case)
// with a host, no user and password, and no space or control character.
func checkWebhook(raw string) error {
	bad := errf(http.StatusBadRequest, "a webhook is an http:// or https:// URL with a host, no spaces and at most 2,000 characters")
	if len(raw) > 2000 || strings.ContainsFunc(raw, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return bad
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" || u.User != nil || u.Opaque != "" {
		return bad
	}
	if !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https") {
		return bad
	}
	return nil
}

// handlePassword changes the user's password, given the current one, and
// ends the user's other sessions.
func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	v, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if v.Guest {
		writeError(w, errf(http.StatusForbidden, "a guest has no password; register instead"))
		return
	}
	if len(req.Old) > maxPasswordLen {
		writeError(w, errf(http.StatusForbidden, "the current password is wrong"))
		return
	}
	if err := checkNewPassword(v.Name, req.New); err != nil {
		writeError(w, err)
		return
	}
	if err := s.rateLimit(map[string]int{"password-user:" + strconv.FormatInt(v.ID, 10): loginPerName}); err != nil {
		writeError(w, err)
		return
	}
	ok, err := s.checkPassword(r.Context(), v.PassHash, req.Old)
	if err != nil {
		writeError(w, err)
		return
	}
	if !ok {
		writeError(w, errf(http.StatusForbidden, "the current password is wrong"))
		return
	}
	hash, err := s.hashPassword(r.Context(), req.New)
	if err == nil {
		err = s.st.SetPassword(r.Context(), v.ID, hash)
	}
	if err == nil {
		err = s.st.DeleteSessionsOf(r.Context(), v.ID, v.session.TokenHash)
	}
	s.logins.forgetUser(v.ID) // its password and other sessions
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, me(v.User, v.session))
}
