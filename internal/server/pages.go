package server

import (
	"bytes"
	"cmp"
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	gojson "github.com/goccy/go-json"

	"sandtable/internal/engine"
)

// marshal encodes the views' bodies (marshalTo) and log entries, most of
// the JSON the server writes: goccy/go-json, which gives encoding/json's
// bytes (TestMarshalIsEncodingJSON: every game's views along random games)
// about 2.5 times faster and with 2 allocations where encoding/json makes
// ~90 for a WDF view.
var marshal = gojson.Marshal

// marshalTo writes marshal's bytes of v and a line's end to out, with no
// copy of its own: the views' bodies are encoded into pooled buffers.
func marshalTo(out *bytes.Buffer, v any) error { return gojson.NewEncoder(out).Encode(v) }

// pages holds what a live game's pages are sent, kept for the state of
// the game: for each side and language the encoded body of the view (the
// board, the prompt, the actions) once asked for twice (Server.body), and
// the log rendered and encoded so far.
// A view is one side's, the observer's apart, so what is shared never
// crosses sides. The caller locks the game's mutex. The bytes kept by all
// games are bounded (Config.ViewCacheBytes): beyond it the pages of the
// games used least recently are dropped (Server.trimPages).
type pages struct {
	sess   *engine.Session    // the session the entries were built from
	epoch  uint64             // live.epoch when bodies were built
	bodies map[bodyKey][]byte // nil: asked for once, not kept
	logs   map[logKey]*logPart
	// texts holds the log's entries encoded, by language, each once
	// however many sides may read it.
	texts map[string]*[][]byte
	bytes int64 // held in bodies and logs
}

// bodyKey is what a view's body depends on besides the session: the side,
// the language, and the game's standing (over, with the result that
// replaces the prompt after a resignation or a timeout; whether the side
// may act now).
type bodyKey struct {
	side   engine.Side
	lang   string
	over   bool
	act    bool
	result string
}

// dropBodiesOf forgets side's bodies of lv, which its sealed action
// changed (engine.Session.Sealed: no other side's). The caller locks
// lv.mu.
func (s *Server) dropBodiesOf(lv *live, side engine.Side) {
	for k, b := range lv.pages.bodies {
		if k.side == side {
			s.keep(lv, -len(b))
			delete(lv.pages.bodies, k)
		}
	}
}

type logKey struct {
	side engine.Side
	lang string
}

// logPart is the log a side may read, as the indexes of its entries in
// the session's log, up to entry n of it, with their hashes. The log only
// grows, but by an undo, which drops the parts and the texts
// (Server.undone); an entry's text depends on the entry and the language
// alone (the games' RenderLog read only their static data), so what was
// encoded stays true, and is shared by the sides (pages.texts). The
// arrays only grow, so a view may keep their slices after the game's lock
// is released.
type logPart struct {
	n     int
	idx   []int32  // the entries the side may read, by index in the session's log
	marks []uint64 // the hash of the entries up to each (hash's value then)
	hash  uint64   // FNV-1a of the entries' bytes so far
}

// logView is a logPart as one view took it: the entries encoded so far.
type logView struct {
	texts [][]byte // the encoded entries of the session's log (pages.texts)
	idx   []int32
	marks []uint64
}

// viewCacheBytes is the default of Config.ViewCacheBytes.
const viewCacheBytes = 64 << 20

// body returns the encoded body of lv's view for key (its fields, without
// the braces). The caller locks lv.mu. A body is kept from the second
// request for it in the same state of the game on (spectators, a second
// tab); the first, which is the only one for nearly every body (a player's
// view after each change), is encoded into a pooled buffer, given back as
// pooled for the caller to return once written (gameView.writeSized), and
// so never allocated: it was a quarter of the bytes the server allocated
// under load.
func (s *Server) body(lv *live, key bodyKey) (enc []byte, pooled *[]byte) {
	p := &lv.pages
	if p.sess != lv.sess {
		s.dropPages(lv)
		p.sess = lv.sess
	}
	if p.epoch != lv.epoch || p.bodies == nil {
		for _, b := range p.bodies {
			s.keep(lv, -len(b))
		}
		p.epoch, p.bodies = lv.epoch, map[bodyKey][]byte{}
	}
	kept, again := p.bodies[key]
	if kept != nil {
		return kept, nil
	}
	sess := lv.sess
	body := bodyOf(sess, key.side, key.lang)
	if key.over {
		body.Active = []string{}
	}
	if key.result != "" {
		body.Prompt = key.result
	}
	if key.act {
		legal := sess.State.Legal(key.side, nil)
		body.Actions = make([]actionJSON, 0, len(legal))
		for _, a := range legal {
			body.Actions = append(body.Actions, actionJSON{Action: sess.State.EncodeAction(a), Label: sess.State.Describe(a, key.lang), Aside: engine.IsAside(sess.State, a)})
		}
	}
	pooled = viewBuffers.Get().(*[]byte)
	out := bytes.NewBuffer((*pooled)[:0])
	if err := marshalTo(out, body); err != nil {
		out.Reset()
		out.WriteString("{\"view\":null}\n") // the games' views are plain data: not reached
	}
	*pooled = out.Bytes()
	enc = (*pooled)[1 : len(*pooled)-2] // the fields, which gameView.encode places in its own object
	if !again {
		p.bodies[key] = nil // asked for once
		return enc, pooled
	}
	enc = bytes.Clone(enc)
	putViewBuffer(pooled)
	p.bodies[key] = enc
	s.keep(lv, len(enc))
	return enc, nil
}

// log returns side's log of lv in lang, encoded as JSON array elements,
// rendering only the entries added since the last call. The caller locks
// lv.mu.
func (s *Server) log(lv *live, side engine.Side, lang string) logView {
	p, sess := &lv.pages, lv.sess
	if p.sess != sess {
		s.dropPages(lv)
		p.sess = sess
	}
	if p.logs == nil {
		p.logs = map[logKey]*logPart{}
	}
	if p.texts == nil {
		p.texts = map[string]*[][]byte{}
	}
	k := logKey{side, lang}
	lp := p.logs[k]
	if lp == nil {
		lp = &logPart{hash: fnvOffset}
		p.logs[k] = lp
	}
	texts := p.texts[lang]
	if texts == nil {
		texts = new([][]byte)
		p.texts[lang] = texts
	}
	if n := len(sess.Log) - len(*texts); n > 0 {
		*texts = append(*texts, make([][]byte, n)...)
	}
	added := 0 // bytes held: the entries encoded, 12 a side's entry for idx and marks
	for ; lp.n < len(sess.Log); lp.n++ {
		e := sess.Log[lp.n]
		if !e.VisibleTo(side) {
			continue
		}
		b := (*texts)[lp.n]
		if b == nil {
			b, _ = marshal(logEntry(sess, e, lang))
			(*texts)[lp.n] = b
			added += len(b)
		}
		lp.hash = fnv(lp.hash, b)
		lp.idx = append(lp.idx, int32(lp.n))
		lp.marks = append(lp.marks, lp.hash)
		added += 12
	}
	s.keep(lv, added)
	return logView{*texts, lp.idx, lp.marks}
}

// FNV-1a, 64 bits (hash/fnv's, without its allocation per entry), with a
// separator after each entry.
const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

func fnv(h uint64, b []byte) uint64 {
	for _, c := range b {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return (h ^ ',') * fnvPrime
}

// logToken names the first n entries of a side's log in a language by
// their count and hash: the view's log_next, which a page sends back (?log=
// or "log" in a move's body) to be sent only the entries after those.
func logToken(n int, mark uint64) string {
	return strconv.Itoa(n) + "-" + strconv.FormatUint(mark, 16)
}

// parseLogToken reads a page's log token ("" for none: the whole log).
func parseLogToken(tok string) (n int, mark uint64, err error) {
	if tok == "" {
		return 0, 0, nil
	}
	count, hash, ok := strings.Cut(tok, "-")
	if ok {
		n, err = strconv.Atoi(count)
		if err == nil {
			mark, err = strconv.ParseUint(hash, 16, 64)
		}
	}
	if !ok || err != nil || n < 0 || len(tok) > 40 {
		return 0, 0, errf(http.StatusBadRequest, "malformed log token %.40q (send back a view's log_next, or nothing)", tok)
	}
	return n, mark, nil
}

// logSince leaves out of v's log the entries the page holds already, as
// its token says: when the token's count and hash are those of the log's
// first entries, v carries the entries after them, from log_from; else
// (an undo, another language or side) the whole log. The page joins them.
func (v *gameView) logSince(tok string) error {
	n, mark, err := parseLogToken(tok)
	if err != nil || n == 0 || v.body == nil {
		return err
	}
	if n > len(v.logs.idx) || v.logs.marks[n-1] != mark {
		return nil
	}
	v.LogFrom = n
	return nil
}

// undone drops lv's logs encoded so far: an undo shortened the session's
// log, and what follows will differ. The caller locks lv.mu.
func (s *Server) undone(lv *live) {
	for _, lp := range lv.pages.logs {
		s.keep(lv, -12*len(lp.idx))
	}
	for _, texts := range lv.pages.texts {
		for _, b := range *texts {
			s.keep(lv, -len(b))
		}
	}
	lv.pages.logs, lv.pages.texts = nil, nil
}

// dropPages forgets everything kept for lv's pages. The caller locks
// lv.mu, and drops them before marking lv evicted.
func (s *Server) dropPages(lv *live) {
	if !lv.evicted {
		s.pageBytes.Add(-lv.pages.bytes)
	}
	lv.pages = pages{}
}

// keep counts n more bytes (fewer, when negative) held for lv's pages,
// and beyond the bound drops other games' pages. Only the games in
// Server.live count: a request still holding a dropped game (evicted) may
// build its views, which go with it.
func (s *Server) keep(lv *live, n int) {
	if lv.evicted {
		return
	}
	lv.pages.bytes += int64(n)
	if s.pageBytes.Add(int64(n)) > int64(s.viewCacheCap()) && n > 0 {
		s.trimPages(lv)
	}
}

func (s *Server) viewCacheCap() int { return orDefault(s.cfg.ViewCacheBytes, viewCacheBytes) }

// trimPages drops the pages of the games used least recently, lv's last,
// until three quarters of the bound are held. Games in use are skipped.
// The caller locks lv.mu (and no other game's).
func (s *Server) trimPages(lv *live) {
	s.mu.Lock()
	games := make([]*live, 0, len(s.live))
	for _, g := range s.live {
		if g != lv {
			games = append(games, g)
		}
	}
	slices.SortFunc(games, func(a, b *live) int { return cmp.Compare(a.used, b.used) })
	s.mu.Unlock()
	for _, g := range games {
		if s.pageBytes.Load() <= int64(s.viewCacheCap())*3/4 {
			return
		}
		if g.mu.TryLock() {
			s.dropPages(g)
			g.mu.Unlock()
		}
	}
	if s.pageBytes.Load() > int64(s.viewCacheCap()) {
		s.dropPages(lv) // one game's pages alone exceed the bound
	}
}

// encode is the view as JSON: the requester's own fields, then the
// shared body and log (a replay's view has its body filled in instead).
func (v *gameView) encode() []byte { return v.appendJSON(nil) }

// viewBuffers keeps the buffers views are written from: a view is tens of
// kilobytes (a long game's log more), and one allocated per request was a
// third of the bytes the server allocated under load.
var viewBuffers = sync.Pool{New: func() any { return new([]byte) }}

// writeSized answers with the view and a line's end, from a pooled
// buffer, its length given (Content-Length).
func (v *gameView) writeSized(w http.ResponseWriter, status int) {
	p := viewBuffers.Get().(*[]byte)
	*p = append(v.appendJSON((*p)[:0]), '\n')
	w.Header().Set("Content-Length", strconv.Itoa(len(*p)))
	w.WriteHeader(status)
	w.Write(*p)
	putViewBuffer(p)
	if v.pooled != nil { // the body, written: no view uses it after
		v.body = nil
		putViewBuffer(v.pooled)
		v.pooled = nil
	}
}

// putViewBuffer returns p to viewBuffers, but a buffer grown by a very
// long game's log, which is let go.
func putViewBuffer(p *[]byte) {
	if cap(*p) <= 1<<20 {
		viewBuffers.Put(p)
	}
}

// appendJSON appends the view as JSON to out.
func (v *gameView) appendJSON(out []byte) []byte {
	head, err := marshal(v)
	if err != nil || v.body == nil {
		return append(out, head...)
	}
	const logOpen, end = `,"log":[`, "]}"
	l := v.logs
	size := len(head) + len(v.body) + len(logOpen) + len(end) + 1
	for _, i := range l.idx[v.LogFrom:] {
		size += len(l.texts[i]) + 1
	}
	out = slices.Grow(out, size)
	out = append(out, head[:len(head)-1]...)
	out = append(out, ',')
	out = append(out, v.body...)
	out = append(out, logOpen...)
	for k, i := range l.idx[v.LogFrom:] {
		if k > 0 {
			out = append(out, ',')
		}
		out = append(out, l.texts[i]...)
	}
	return append(out, end...)
}

// playerName is the name of the user in a seat of lv, looked up once per
// game in memory (names never change).
func (s *Server) playerName(ctx context.Context, lv *live, userID int64) (string, error) {
	if name, ok := lv.names[userID]; ok {
		return name, nil
	}
	u, err := s.st.UserByID(ctx, userID)
	if err != nil {
		return "", err
	}
	if lv.names == nil {
		lv.names = map[int64]string{}
	}
	lv.names[userID] = u.Name
	return u.Name, nil
}
