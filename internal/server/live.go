package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// live is a game in memory: its stored row and the session replayed from
// its record. Its mutex orders every change to the game.
type live struct {
	mu      sync.Mutex
	loaded  bool
	broken  error // the record did not replay; nothing may change it
	g       store.Game
	sess    *engine.Session
	players map[engine.Side]ai.Player
	// announced is the set of sides whose turn was last announced;
	// overAnnounced, whether the end of the game was.
	announced     engine.SideSet
	overAnnounced bool
	// told is the sides sent a notice for an interrupt (engine.Interrupter)
	// in the turn announced: one notice a turn, not one a window.
	told     engine.SideSet
	thinking bool // a computer player is deciding
	// choiceFrom and choiceAt: the secret choice of several sides (its
	// engine.Session.RoundFrom) in which the computer began to decide
	// (or, the game loaded again, went on), and when (secretHold).
	choiceFrom int
	choiceAt   time.Time
	// runSide is the side whose run of actions is under way (ran: known
	// since the game was loaded): its clock was credited at the run's
	// first action; interrupt answers and asides neither start nor end a
	// run (live.startsRun).
	runSide engine.Side
	ran     bool
	// stopThinking ends the computer's search under way (nil when none):
	// called when the game ends, so a resigned game frees the pool at once.
	stopThinking context.CancelFunc
	evicted      bool   // dropped from Server.live; look the game up again
	used         uint64 // Server.uses when last looked up
	aiFailed     string // why the computer could not move, until it next does
	// version counts the changes announced (moves, joins, resignations,
	// timeouts), so that pages can tell that their view is out of date.
	version uint64
	// epoch counts the changes to sess (actions), which make its views
	// anew; pages holds those views encoded, names the seated players'.
	epoch uint64
	pages pages
	names map[int64]string
	// snaps are the moves of the game's chain of snapshots (engine.Resumed).
	snaps []int
	// lastActor is the user who made the latest change (0: the server or
	// a computer). Announcements run in the background and may run after
	// a later change: they spare the latest actor, not their own, from
	// the notice of a turn that change began.
	lastActor atomic.Int64
}

// liveGames is the default bound on the games kept in memory
// (Config.LiveGames).
const liveGames = 2000

// game returns the live game id, replaying it from the store the first
// time. The caller locks lv.mu to use it.
func (s *Server) game(ctx context.Context, id string) (*live, error) {
	for {
		s.mu.Lock()
		lv := s.live[id]
		if lv == nil {
			if len(s.live) >= s.liveCap() {
				s.evictIdle()
			}
			lv = &live{}
			s.live[id] = lv
		}
		s.uses++
		lv.used = s.uses
		s.mu.Unlock()
		evicted, err := s.load(ctx, lv, id)
		if err != nil {
			return nil, err
		}
		if !evicted {
			return lv, nil
		}
	}
}

func (s *Server) liveCap() int { return orDefault(s.cfg.LiveGames, liveGames) }

// load replays game id into lv unless it is loaded already, or reports
// that lv was evicted meanwhile.
func (s *Server) load(ctx context.Context, lv *live, id string) (evicted bool, err error) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if lv.evicted {
		return true, nil
	}
	if lv.loaded {
		return false, nil
	}
	g, err := s.st.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		s.mu.Lock()
		delete(s.live, id)
		s.mu.Unlock()
		lv.evicted = true
		return false, errf(http.StatusNotFound, "no game %q", id)
	}
	if err != nil {
		return false, err
	}
	rec, err := s.st.Record(ctx, id)
	if err != nil {
		return false, err
	}
	sess, err := s.resume(ctx, lv, id, rec)
	if err != nil {
		s.cfg.Log.Error("game does not replay", "game", id, "err", err)
		lv.broken = err
		if sess == nil {
			return false, fmt.Errorf("game %s cannot be rebuilt: %w", id, err)
		}
	}
	lv.g, lv.sess, lv.loaded = g, sess, true
	s.mu.Lock()
	lv.version = s.versions[id]
	delete(s.versions, id)
	s.mu.Unlock()
	// What was true before this start was announced then.
	if !lv.over() && lv.full() {
		lv.announced = engine.Deciding(sess.State)
	}
	lv.overAnnounced = lv.over()
	s.makePlayers(lv)
	if err := s.settleSeed(ctx, lv); err != nil {
		s.cfg.Log.Error("settling a game's seed", "game", id, "err", err)
	}
	return false, nil
}

// snapshotEvery is how many actions apart a game's snapshots are kept
// (engine.Snapshot), for the games that restore states (engine.Restorer;
// Config.SnapshotEvery): opening a game replays fewer actions than that
// after its newest snapshot. A snapshot of a Limanowa campaign is ~7 KB
// of state and the log of its actions.
const snapshotEvery = 256

// resume rebuilds game id's session from its record rec: from its newest
// snapshot, replaying only the actions after it (engine.Resume), or from
// the setup. A snapshot refused (its hash is not the record's) is logged;
// the game then opens from an older one or is replayed whole. The caller
// locks lv.mu.
func (s *Server) resume(ctx context.Context, lv *live, id string, rec engine.Record) (*engine.Session, error) {
	g, err := engine.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	var snaps []engine.Snapshot
	if _, ok := g.(engine.Restorer); ok {
		if snaps, err = s.st.Snapshots(ctx, id); err != nil {
			s.cfg.Log.Error("reading a game's snapshots; replaying it whole", "game", id, "err", err)
		}
	}
	sess, res, err := engine.Resume(g, rec, snaps)
	for _, r := range res.Refused {
		s.cfg.Log.Warn("snapshot refused", "game", id, "err", r)
	}
	lv.snaps = res.Chain
	return sess, err
}

// appendAction commits the action that made move+1 of lv's record, with p.
// When move+1 is a multiple of snapshotEvery it keeps a snapshot of the
// state in the same transaction: a snapshot then never outlives its
// action (an undo drops both in one transaction), the chain of snapshots
// has no gap, and it costs no commit of its own (on SQLite it rides the
// group commit). The caller locks lv.mu.
func (s *Server) appendAction(ctx context.Context, lv *live, move int, e engine.RecordEntry, p store.Progress) error {
	n := move + 1
	if _, ok := lv.sess.Game.(engine.Restorer); !ok || n%orDefault(s.cfg.SnapshotEvery, snapshotEvery) != 0 {
		return s.st.AppendAction(ctx, lv.g.ID, move, e, p)
	}
	// An undo has dropped the snapshots past the actions it kept.
	for len(lv.snaps) > 0 && lv.snaps[len(lv.snaps)-1] > move {
		lv.snaps = lv.snaps[:len(lv.snaps)-1]
	}
	from := -1
	if len(lv.snaps) > 0 {
		from = lv.snaps[len(lv.snaps)-1]
	}
	if err := s.st.AppendSnapshot(ctx, lv.g.ID, move, e, p, lv.sess.Snapshot(from)); err != nil {
		return err
	}
	lv.snaps = append(lv.snaps, n)
	return nil
}

// makePlayers makes the computer players of lv's computer seats, seeded
// from the game's seed and the side. The caller locks lv.mu.
func (s *Server) makePlayers(lv *live) {
	lv.players = map[engine.Side]ai.Player{}
	for _, seat := range lv.g.Seats {
		if seat.AI == "" {
			continue
		}
		p, err := s.cfg.Computer.player(seat.AI, lv.sess.Game, lv.g.Setup.Seed^(0x9e3779b97f4a7c15*uint64(seat.Side+1)))
		if err != nil {
			s.cfg.Log.Error("making a computer player", "game", lv.g.ID, "err", err)
			continue
		}
		lv.players[seat.Side] = p
	}
}

// evictIdle makes room for games: it drops the games used least
// recently, down to seven eighths of the bound, those no page follows
// first, skipping those in use (locked, or a computer thinking). A dropped
// game is replayed from the store when next needed. The caller holds s.mu.
// A request already holding a dropped game still works on an exact copy;
// the store's move-number check keeps two copies from both moving.
func (s *Server) evictIdle() {
	type idle struct {
		id      string
		lv      *live
		watched bool
	}
	all := make([]idle, 0, len(s.live))
	for id, lv := range s.live {
		all = append(all, idle{id, lv, s.hub.watched(id)})
	}
	slices.SortFunc(all, func(a, b idle) int {
		if a.watched != b.watched {
			if a.watched {
				return 1
			}
			return -1
		}
		return cmp.Compare(a.lv.used, b.lv.used)
	})
	keep := s.liveCap() * 7 / 8
	for _, g := range all {
		if len(s.live) <= keep {
			return
		}
		if !g.lv.mu.TryLock() {
			continue
		}
		if !g.lv.thinking {
			s.dropPages(g.lv)
			g.lv.evicted = true
			delete(s.live, g.id)
			s.metrics.evicted.Inc()
		}
		g.lv.mu.Unlock()
	}
}

// forget drops the live game lv so the next request replays it from the
// store (after a failed commit, memory may be ahead of the record). The
// caller locks lv.mu.
func (s *Server) forget(lv *live) {
	s.dropPages(lv)
	lv.evicted = true
	s.mu.Lock()
	if s.live[lv.g.ID] == lv {
		delete(s.live, lv.g.ID)
	}
	s.mu.Unlock()
}

// progress is the summary of sess for the store.
func progress(sess *engine.Session) store.Progress {
	if sess.State.Over() {
		return store.Progress{Status: store.StatusOver, Result: resultText(sess)}
	}
	return store.Progress{Active: engine.Deciding(sess.State), Status: store.StatusActive, Sealed: sess.Move() - sess.Shown()}
}

// resultText says how a finished game ended, from State.Returns.
func resultText(sess *engine.Session) string {
	ret := sess.State.Returns()
	best, n := -1.0, 0
	var winner engine.Side
	for i, r := range ret {
		switch {
		case r > best:
			best, n, winner = r, 1, engine.Side(i)
		case r == best:
			n++
		}
	}
	if n != 1 {
		return "draw"
	}
	return sess.SideName(winner) + " wins"
}

// resultText says how the game ended: by the rules or as stored
// (a resignation, a timeout).
func (lv *live) resultText() string {
	if lv.g.Result != "" {
		return lv.g.Result
	}
	return resultText(lv.sess)
}

// seatOf returns the seat of side.
func (lv *live) seatOf(side engine.Side) store.Seat {
	for _, st := range lv.g.Seats {
		if st.Side == side {
			return st
		}
	}
	return store.Seat{Side: side}
}

// sidesOf lists the sides the user holds.
func (lv *live) sidesOf(userID int64) []engine.Side {
	var out []engine.Side
	if userID == 0 {
		return nil
	}
	for _, st := range lv.g.Seats {
		if st.UserID == userID {
			out = append(out, st.Side)
		}
	}
	return out
}

// over reports whether the game has ended, by the rules or by resignation.
func (lv *live) over() bool { return lv.g.Status == store.StatusOver || lv.sess.State.Over() }

// shownRecord is the record a player may step through while the game goes
// on (replays, the coach): all of it once the game is over or in hot seat,
// else the actions before a secret choice under way, whose count would
// tell how many actions the other side has made in secret
// (engine.Session.Shown). The copy is the caller's. The caller locks lv.mu.
func (lv *live) shownRecord() engine.Record {
	rec := lv.sess.Record
	n := len(rec.Actions)
	if !lv.over() && !lv.hotseat() {
		n = lv.sess.RoundFrom()
	}
	rec.Actions = append([]engine.RecordEntry(nil), rec.Actions[:n]...)
	return rec
}

// hotseat reports whether one user holds every seat.
func (lv *live) hotseat() bool {
	if len(lv.g.Seats) == 0 {
		return false
	}
	u := lv.g.Seats[0].UserID
	for _, st := range lv.g.Seats {
		if st.UserID == 0 || st.UserID != u {
			return false
		}
	}
	return true
}

// sideFor resolves the side a request speaks for: the side named (which
// the user must hold), else the user's side to move, else the user's
// first side, else the observer.
func (lv *live) sideFor(userID int64, name string) (engine.Side, error) {
	mine := lv.sidesOf(userID)
	if name != "" && name != "observer" {
		side, err := engine.SideByName(lv.sess.Game, name)
		if err != nil {
			return engine.Observer, errf(http.StatusBadRequest, "%v", err)
		}
		for _, m := range mine {
			if m == side {
				return side, nil
			}
		}
		return engine.Observer, errf(http.StatusForbidden, "you do not play %s in this game", name)
	}
	if name == "observer" || len(mine) == 0 {
		return engine.Observer, nil
	}
	for _, m := range mine {
		if lv.sess.State.Active().Has(m) {
			return m, nil
		}
	}
	return mine[0], nil
}
