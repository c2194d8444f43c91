package server

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// A replay viewer steps through a record one move at a time. Replaying the
// whole record for each step would cost a finished WDF game half a second
// of CPU a step, so a record is replayed once and kept, with a copy of the
// state every few actions (checkpoints) and the whole log: a step starts
// from the nearest checkpoint before it. A stored game of a game that
// restores states (engine.Restorer) is not replayed at all: its
// snapshots (live.go) are the checkpoints, restored when a step first
// needs one, and only the actions after the newest are replayed, for the
// log; its turn marks are found when first asked for. The work one
// client address may ask for is bounded by a budget of replay time, and
// replays run at most replaySlots at once on the server.
const (
	// checkpointEvery is the least number of actions between checkpoints;
	// a longer record has at most maxCheckpoints.
	checkpointEvery = 64
	maxCheckpoints  = 64
	// replayCacheSize is the number of replayed records kept.
	replayCacheSize = 16
	// replayBudget is the replay time one client address may use in
	// each loginPeriod (10 minutes), in milliseconds.
	replayBudget = 30000
	replaySlots  = 1
	replayQueue  = 16
)

// replayed is a record replayed once: the states at its checkpoints, its
// whole log and its turn marks. A record that stops replaying at some
// action keeps what came before it, and err.
type replayed struct {
	once    sync.Once
	rec     engine.Record
	game    engine.Game
	snaps   func() []engine.Snapshot // the stored game's snapshots, or nil
	mu      sync.Mutex               // guards cps' states and turns once built
	cps     []checkpoint             // by move, the first at 0
	log     []engine.Logged          // every entry, with the move that wrote it
	turns   []turnMark               // where each player turn begins (ai.Turner games)
	marked  bool                     // turns are found
	valid   int                      // actions that replay
	err     error                    // why action valid+1 does not replay
	applied atomic.Int64             // actions applied by the latest step (for tests)
}

// checkpoint is the state after at actions, or the snapshot bytes it is
// restored from when first needed.
type checkpoint struct {
	at   int
	st   engine.State
	data []byte
}

// replayCache keeps the replayed records most recently asked for.
type replayCache struct {
	mu      sync.Mutex
	entries map[string]*replayed
	order   []string // least recently used first
}

func newReplayCache() *replayCache { return &replayCache{entries: map[string]*replayed{}} }

// get returns the replayed record under key, replaying rec the first time.
func (c *replayCache) get(key string, rec engine.Record) (*replayed, error) {
	return c.getStored(key, rec, nil)
}

// getStored is get for a stored game, whose snapshots snaps reads (nil:
// none).
func (c *replayCache) getStored(key string, rec engine.Record, snaps func() []engine.Snapshot) (*replayed, error) {
	c.mu.Lock()
	rp := c.entries[key]
	if rp == nil {
		rp = &replayed{rec: rec, snaps: snaps}
		c.entries[key] = rp
		if len(c.order) >= replayCacheSize {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
	} else {
		for i, k := range c.order {
			if k == key {
				c.order = append(c.order[:i], c.order[i+1:]...)
				break
			}
		}
	}
	c.order = append(c.order, key)
	c.mu.Unlock()
	var err error
	rp.once.Do(func() { err = rp.build() })
	if err != nil || rp.game == nil {
		c.mu.Lock()
		delete(c.entries, key)
		c.mu.Unlock()
		if err == nil {
			err = errf(http.StatusUnprocessableEntity, "the record does not replay")
		}
		return nil, err
	}
	return rp, nil
}

// recordKey names a record by its content.
func recordKey(rec engine.Record) string {
	b, _ := json.Marshal(rec)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// build replays the record, checking every action and hash, and keeps the
// checkpoints, the log and the turn marks; or, for a stored game with
// snapshots, builds them from its snapshots (fromSnapshots).
func (rp *replayed) build() error {
	g, err := engine.Lookup(rp.rec.Game)
	if err != nil {
		return errf(http.StatusBadRequest, "%v", err)
	}
	if rp.fromSnapshots(g) {
		return nil
	}
	sess, err := engine.NewSession(g, rp.rec.Setup)
	if err != nil {
		return errf(http.StatusUnprocessableEntity, "the record does not replay: %v", err)
	}
	rp.game = g
	every := max(checkpointEvery, (len(rp.rec.Actions)+maxCheckpoints-1)/maxCheckpoints)
	_, turner := sess.State.(ai.Turner)
	last := -1
	for i := 0; ; i++ {
		if i%every == 0 {
			cp := sess.State.Clone()
			cp.SetLogging(false)
			rp.cps = append(rp.cps, checkpoint{at: i, st: cp})
		}
		if turner {
			if gt := sess.State.(ai.Turner).GameTurn(); gt != last {
				last = gt
				rp.turns = append(rp.turns, turnMark{Turn: gt / 2, Side: sess.SideName(engine.Side(gt % 2)), At: i})
			}
		}
		if i == len(rp.rec.Actions) {
			break
		}
		if err := applyEntry(sess, rp.rec.Actions[i]); err != nil {
			rp.err = fmt.Errorf("action %d (%s %s): %w", i+1, rp.rec.Actions[i].Side, rp.rec.Actions[i].Action, err)
			break
		}
		rp.valid = i + 1
	}
	rp.log, rp.marked = sess.Log, true
	return nil
}

// fromSnapshots builds the replayed record from the stored game's
// snapshots: engine.Resume restores the newest and replays the actions
// after it (for the log, every hash checked), and every snapshot of its
// chain whose hash is the record's becomes a checkpoint. It reports false
// when the game has no snapshot to start from.
func (rp *replayed) fromSnapshots(g engine.Game) bool {
	if _, ok := g.(engine.Restorer); !ok || rp.snaps == nil {
		return false
	}
	snaps := rp.snaps()
	if len(snaps) == 0 {
		return false
	}
	sess, res, err := engine.Resume(g, rp.rec, snaps)
	if res.From == 0 {
		return false
	}
	start, err0 := g.New(rp.rec.Setup)
	if err0 != nil {
		return false
	}
	rp.game = g
	rp.cps = []checkpoint{{at: 0, st: start}}
	for _, sn := range snaps {
		if slices.Contains(res.Chain, sn.Move) && sn.Move <= sess.Move() && sn.Hash() == rp.rec.Actions[sn.Move-1].Hash {
			rp.cps = append(rp.cps, checkpoint{at: sn.Move, data: sn.State})
		}
	}
	slices.SortFunc(rp.cps, func(a, b checkpoint) int { return a.at - b.at })
	rp.log, rp.valid, rp.err = sess.Log, sess.Move(), err
	return true
}

// turnMarks are the turn marks of the record (ai.Turner games): found by
// the replay, or for a record built from snapshots, the first time they
// are asked for, by stepping through the record from checkpoint to
// checkpoint.
func (rp *replayed) turnMarks() []turnMark {
	rp.mu.Lock()
	marked := rp.marked
	rp.mu.Unlock()
	if marked {
		return rp.turns
	}
	var turns []turnMark
	st, err := rp.stateAt(0)
	if _, turner := st.(ai.Turner); err == nil && turner {
		last := -1
		for i := 0; i <= rp.valid; i++ {
			if gt := st.(ai.Turner).GameTurn(); gt != last {
				last = gt
				turns = append(turns, turnMark{Turn: gt / 2, Side: rp.game.SideNames()[gt%2], At: i})
			}
			if i == rp.valid || stepEntry(rp.game, st, rp.rec.Actions[i]) != nil {
				break
			}
		}
	}
	rp.mu.Lock()
	rp.turns, rp.marked = turns, true
	rp.mu.Unlock()
	return turns
}

// stepEntry plays one record entry on st (no log, no hash).
func stepEntry(g engine.Game, st engine.State, e engine.RecordEntry) error {
	sd, err := engine.SideByName(g, e.Side)
	if err != nil {
		return err
	}
	a, err := st.DecodeAction(e.Action)
	if err == nil {
		err = st.Apply(sd, a)
	}
	return err
}

// applyEntry plays one record entry on sess and checks its hash.
func applyEntry(sess *engine.Session, e engine.RecordEntry) error {
	side, err := engine.SideByName(sess.Game, e.Side)
	if err != nil {
		return err
	}
	if err := sess.ApplyText(side, e.Action); err != nil {
		return err
	}
	if got := sess.Record.Actions[len(sess.Record.Actions)-1].Hash; e.Hash != "" && got != e.Hash {
		return fmt.Errorf("state hash %s, record says %s", got, e.Hash)
	}
	return nil
}

// stateAt is the state after at actions (without its log), from the
// nearest checkpoint.
func (rp *replayed) stateAt(at int) (engine.State, error) {
	if at < 0 || at > len(rp.rec.Actions) {
		return nil, errf(http.StatusBadRequest, "move %d is outside 0..%d", at, len(rp.rec.Actions))
	}
	if at > rp.valid {
		return nil, errf(http.StatusUnprocessableEntity, "the record does not replay: %v", rp.err)
	}
	k, _ := slices.BinarySearchFunc(rp.cps, at+1, func(c checkpoint, at int) int { return c.at - at })
	st, err := rp.checkpoint(k - 1)
	if err != nil {
		return nil, err
	}
	from := rp.cps[k-1].at
	for i := from; i < at; i++ {
		if err := stepEntry(rp.game, st, rp.rec.Actions[i]); err != nil { // it replayed when the record was built
			return nil, fmt.Errorf("replay at %d: %w", i+1, err)
		}
	}
	rp.applied.Store(int64(at - from))
	return st, nil
}

// checkpoint is a copy of the state at checkpoint k, restored from its
// snapshot the first time.
func (rp *replayed) checkpoint(k int) (engine.State, error) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	cp := &rp.cps[k]
	if cp.st == nil {
		st, err := rp.game.(engine.Restorer).Unmarshal(rp.rec.Setup, cp.data)
		if err != nil { // its hash was the record's
			return nil, fmt.Errorf("snapshot at %d: %w", cp.at, err)
		}
		cp.st, cp.data = st, nil
	}
	return cp.st.Clone(), nil
}

// view renders side's view of the game after at actions, from the
// nearest checkpoint.
func (rp *replayed) view(at int, side engine.Side, lang string) (*replayView, error) {
	st, err := rp.stateAt(at)
	if err != nil {
		return nil, err
	}
	n := 0
	for n < len(rp.log) && rp.log[n].Move <= at {
		n++
	}
	sess := &engine.Session{Game: rp.game, State: st, Record: engine.Record{Game: rp.rec.Game, Setup: rp.rec.Setup, Actions: rp.rec.Actions[:at]}, Log: rp.log[:n]}
	rv := &replayView{At: at, Moves: len(rp.rec.Actions)}
	rv.Game, rv.Title, rv.Scenario, rv.Lang = rp.rec.Game, rp.game.Title(), rp.rec.Setup.Scenario, lang
	rv.YourSides, rv.Over = []string{}, st.Over()
	rv.ViewBody = render(sess, side, lang)
	return rv, nil
}

// replayWork runs f, a replay's work, within the client's replay-time
// budget and the server's replay slots.
func (s *Server) replayWork(r *http.Request, f func() error) error {
	key := "replay-ms:" + s.clientIP(r)
	if ok, wait := s.limiter.allowN(key, 0, orDefault(s.cfg.ReplayBudgetMS, replayBudget), loginPeriod); !ok {
		return errf(http.StatusTooManyRequests, "too much replaying from your address; try again in %d seconds", int(wait.Seconds())+1)
	}
	if err := s.replayGate.enter(r.Context()); err != nil {
		return err
	}
	start := time.Now()
	err := f()
	s.replayGate.leave()
	s.limiter.allowN(key, int(time.Since(start).Milliseconds())+1, orDefault(s.cfg.ReplayBudgetMS, replayBudget), loginPeriod)
	return err
}
