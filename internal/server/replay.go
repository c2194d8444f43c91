package server

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
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
// from the nearest checkpoint before it. The work one client address may
// ask for is bounded by a budget of replay time, and replays run at most
// replaySlots at once on the server.
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
	every   int             // actions between checkpoints
	cps     []engine.State  // cps[i] is the state after i*every actions
	log     []engine.Logged // every entry, with the move that wrote it
	turns   []turnMark      // where each player turn begins (ai.Turner games)
	valid   int             // actions that replay
	err     error           // why action valid+1 does not replay
	applied atomic.Int64    // actions applied by the latest step (for tests)
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
	c.mu.Lock()
	rp := c.entries[key]
	if rp == nil {
		rp = &replayed{rec: rec}
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
// checkpoints, the log and the turn marks.
func (rp *replayed) build() error {
	g, err := engine.Lookup(rp.rec.Game)
	if err != nil {
		return errf(http.StatusBadRequest, "%v", err)
	}
	sess, err := engine.NewSession(g, rp.rec.Setup)
	if err != nil {
		return errf(http.StatusUnprocessableEntity, "the record does not replay: %v", err)
	}
	rp.game = g
	rp.every = max(checkpointEvery, (len(rp.rec.Actions)+maxCheckpoints-1)/maxCheckpoints)
	_, turner := sess.State.(ai.Turner)
	last := -1
	for i := 0; ; i++ {
		if i%rp.every == 0 {
			cp := sess.State.Clone()
			cp.SetLogging(false)
			rp.cps = append(rp.cps, cp)
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
	rp.log = sess.Log
	return nil
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
	from := at / rp.every * rp.every
	st := rp.cps[at/rp.every].Clone()
	for i := from; i < at; i++ {
		e := rp.rec.Actions[i]
		sd, _ := engine.SideByName(rp.game, e.Side)
		a, err := st.DecodeAction(e.Action)
		if err == nil {
			err = st.Apply(sd, a)
		}
		if err != nil { // it replayed when the record was built
			return nil, fmt.Errorf("replay at %d: %w", i+1, err)
		}
	}
	rp.applied.Store(int64(at - from))
	return st, nil
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
