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
	"regexp"
	"strings"
	"sync"
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
// in each window.
type limiter struct {
	now func() time.Time
	off bool // no limits (benchmarks)
	mu  sync.Mutex
	m   map[string]*window
}

type window struct {
	start time.Time
	n     int
}

func newLimiter(now func() time.Time) *limiter { return &limiter{now: now, m: map[string]*window{}} }

// allow counts an attempt for key and reports whether it is within max
// per period, and if not how long until the window ends.
func (l *limiter) allow(key string, max int, period time.Duration) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.now()
	if len(l.m) > 100000 { // forget old windows rather than grow without bound
		for k, w := range l.m {
			if t.Sub(w.start) >= period {
				delete(l.m, k)
			}
		}
	}
	if l.off {
		return true, 0
	}
	w := l.m[key]
	if w == nil || t.Sub(w.start) >= period {
		w = &window{start: t}
		l.m[key] = w
	}
	if w.n >= max {
		return false, w.start.Add(period).Sub(t)
	}
	w.n++
	return true, 0
}

// Login limits: per client address and per account name.
const (
	loginPeriod  = 10 * time.Minute
	loginPerIP   = 30
	loginPerName = 10
)

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
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
	se, err := s.st.Session(r.Context(), tokenHash(c.Value))
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
	return viewer{User: u, session: se}, true, nil
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
	case len(c.Password) < 8 || len(c.Password) > 256:
		writeError(w, errf(http.StatusBadRequest, "a password has 8 to 256 characters"))
		return
	}
	if err := s.rateLimit(map[string]int{"register-ip:" + clientIP(r): loginPerIP}); err != nil {
		writeError(w, err)
		return
	}
	u, err := s.st.CreateUser(r.Context(), store.User{Name: c.Name, PassHash: s.cfg.Hasher.Hash(c.Password)})
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
	if err := s.rateLimit(map[string]int{"login-ip:" + clientIP(r): loginPerIP, "login-name:" + strings.ToLower(c.Name): loginPerName}); err != nil {
		writeError(w, err)
		return
	}
	u, err := s.st.UserByName(r.Context(), c.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		writeError(w, err)
		return
	}
	if err != nil || u.Guest || !checkPassword(u.PassHash, c.Password) {
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
	if err := s.rateLimit(map[string]int{"guest-ip:" + clientIP(r): loginPerIP}); err != nil {
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
	var empty struct{}
	if err := decode(w, r, &empty); err != nil {
		writeError(w, err)
		return
	}
	if err := s.st.DeleteSession(r.Context(), v.session.TokenHash); err != nil {
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
	if req.Webhook != "" && !(strings.HasPrefix(req.Webhook, "https://") || strings.HasPrefix(req.Webhook, "http://")) || len(req.Webhook) > 2000 {
		writeError(w, errf(http.StatusBadRequest, "a webhook is an http:// or https:// URL"))
		return
	}
	if err := s.st.SetNotify(r.Context(), v.ID, req.Email, req.Webhook); err != nil {
		writeError(w, err)
		return
	}
	v.Email, v.Webhook = req.Email, req.Webhook
	writeJSON(w, http.StatusOK, me(v.User, v.session))
}
