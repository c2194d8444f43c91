package server

import (
	"sync"
	"time"

	"sandtable/internal/store"
)

// logins keeps the sessions seen lately with their users, by the hash of
// the cookie's token, so that a request's cookie costs no query (the
// session and its user were two queries of every request, a tenth of the
// server's CPU under load). Only a process alone on its database keeps
// them (SQLite): every change to a session or a user then goes through
// it, and it forgets what it changes (forgetToken, forgetUser), so what is
// kept is what the store says. Processes sharing a PostgreSQL database end
// each other's sessions, and ask the store every time. A session is kept
// until it expires, as the store's; the entries are bounded (maxLogins).
type logins struct {
	mu  sync.Mutex
	on  bool
	gen uint64 // counts forgetting, so that a lookup begun before one is not kept
	m   map[string]viewer
}

// maxLogins bounds the sessions kept: beyond it the cache starts again empty.
const maxLogins = 50_000

func newLogins(st store.Store) *logins {
	_, shared := st.(*store.Postgres)
	return &logins{on: !shared, m: map[string]viewer{}}
}

// get returns the viewer of the session with that token hash, if kept and
// not expired.
func (l *logins) get(hash string) (viewer, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := l.m[hash]
	if ok && !time.Now().Before(v.session.Expires) { // the store's clock, as its Session
		delete(l.m, hash)
		return viewer{}, false
	}
	return v, ok
}

// begin is called before the store is asked: put keeps the answer only if
// nothing was forgotten meanwhile.
func (l *logins) begin() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.gen
}

func (l *logins) put(hash string, gen uint64, v viewer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.on || gen != l.gen {
		return
	}
	if len(l.m) >= maxLogins {
		clear(l.m)
	}
	l.m[hash] = v
}

// forgetToken drops the session with that token hash (logged out).
func (l *logins) forgetToken(hash string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.gen++
	delete(l.m, hash)
}

// forgetUser drops every session of the user (its sessions ended, or the
// account changed).
func (l *logins) forgetUser(id int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.gen++
	for h, v := range l.m {
		if v.ID == id {
			delete(l.m, h)
		}
	}
}
