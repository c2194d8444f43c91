package server

// The coach (issue 28, docs/ai.md "The coach"): at any position of a game,
// what the computer would do there and how it rates each side's chances;
// through a finished game, the graph of those chances. It runs the
// computer players' search (ai.Analyze) from one side's knowledge, in the
// computer players' slots (ComputerLimits), within a time budget per
// position and a per-user count of analyses.

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

const (
	// coachPerPeriod is the analyses (a position's advice, a graph made)
	// one user, or one address without an account, may ask for in each
	// loginPeriod (10 minutes).
	coachPerPeriod = 60
	// coachWait is the longest an analysis waits for a computer slot.
	coachWait = 30 * time.Second
	// Advice: the normal level's iterations, at most coachThink (and the
	// operator's --ai-think), over a few samples of the viewer's knowledge
	// when another side decides.
	coachIterations = 1000
	coachThink      = 2 * time.Second
	coachSamples    = 4
	coachTop        = 3
	// The graph: at most graphPoints positions of a finished game, each a
	// small search of at most graphThink; graphCacheSize graphs are kept.
	graphPoints     = 48
	graphIterations = 100
	graphThink      = 250 * time.Millisecond
	graphCacheSize  = 32
	// graphSwings is how many turning points are marked: the largest
	// changes of the estimate, at least graphSwingMin.
	graphSwings   = 5
	graphSwingMin = 0.05
)

// adviceJSON is the coach's answer at one position.
type adviceJSON struct {
	At      int          `json:"at"`
	Side    string       `json:"side"`   // whose decision the choices are ("" when none)
	Viewer  string       `json:"viewer"` // whose knowledge the search used
	Sides   []string     `json:"sides"`
	Chances []float64    `json:"chances"` // each side's chance, in the order of Sides
	Choices []choiceJSON `json:"choices"` // best first
	Forced  bool         `json:"forced,omitempty"`
}

type choiceJSON struct {
	Action string  `json:"action"` // the record text (play.js highlights it)
	Label  string  `json:"label"`  // State.Describe in the asked language
	Chance float64 `json:"chance"` // the deciding side's chance after it
	Visits int     `json:"visits"`
}

// graphJSON is a finished game's chances, position by position.
type graphJSON struct {
	Moves  int          `json:"moves"`
	Sides  []string     `json:"sides"`
	Points []graphPoint `json:"points"`
	Swings []int        `json:"swings"` // the moves (At) where the estimate changed most, largest first
}

type graphPoint struct {
	At      int       `json:"at"`
	Side    string    `json:"side,omitempty"` // the side deciding there
	Chances []float64 `json:"chances"`
}

// coachViewer decides whether user may ask the coach about lv and from
// whose knowledge. Once the game is over its record, seed and secrets
// included, is public (handleRecord): any side, or Observer for "the side
// deciding at each position". While it goes on, only a player with no
// person against him (hot seat, or computer opponents only: no seat held
// or awaited by anyone else), from his own side. The caller locks lv.mu.
func (lv *live) coachViewer(userID int64, name string) (engine.Side, error) {
	if lv.over() {
		if name == "" || name == "observer" {
			return engine.Observer, nil
		}
		side, err := engine.SideByName(lv.sess.Game, name)
		if err != nil {
			return engine.Observer, errf(http.StatusBadRequest, "%v", err)
		}
		return side, nil
	}
	if len(lv.sidesOf(userID)) == 0 {
		return engine.Observer, errf(http.StatusForbidden, "the computer's advice is for the players of a game in hot seat or against the computer; anyone may ask once the game is over")
	}
	for _, seat := range lv.g.Seats {
		if seat.AI == "" && seat.UserID != userID {
			return engine.Observer, errf(http.StatusForbidden, "no computer's advice while a person plays against you: it is offered in hot seat and against the computer, and for any game once it is over")
		}
	}
	side, err := lv.sideFor(userID, name)
	if err == nil && side == engine.Observer && !lv.hotseat() {
		// An observer's advice is searched from the side deciding, which
		// may be the computer's, with what only it knows (its secret
		// Orders, its event markers).
		return engine.Observer, errf(http.StatusForbidden, "against the computer, the computer's advice is for your own side, not an observer's")
	}
	return side, err
}

// coachAllow counts one analysis against the user's (or, without an
// account, the address's) allowance.
func (s *Server) coachAllow(r *http.Request, u viewer) error {
	key := "coach-ip:" + s.clientIP(r)
	if u.ID != 0 {
		key = "coach-user:" + strconv.FormatInt(u.ID, 10)
	}
	if ok, wait := s.limiter.allow(key, coachPerPeriod, loginPeriod); !ok {
		return errf(http.StatusTooManyRequests, "you have asked the computer for much advice; try again in %d seconds", int(wait.Seconds())+1)
	}
	return nil
}

// coachWork runs f in one of the computer players' slots, with a context
// that ends after think (and its grace), when ctx ends, or at Close.
func (s *Server) coachWork(ctx context.Context, think time.Duration, f func(ctx context.Context)) error {
	wait, cancel := context.WithTimeout(ctx, coachWait)
	err := s.think.enter(wait)
	cancel()
	if err != nil {
		return errf(http.StatusServiceUnavailable, "the computer is busy; try again in a moment")
	}
	defer s.think.leave()
	run, stop := context.WithTimeout(ctx, think+think/2)
	defer stop()
	defer context.AfterFunc(s.ctx, stop)()
	f(run)
	return nil
}

// thinkLimit is d, at most the operator's time per decision.
func (s *Server) thinkLimit(d time.Duration) time.Duration { return min(d, s.cfg.Computer.Think) }

// coachState is what the coach reads of a game (under its lock) or of a
// record file: the record, its key in the replay cache, whether it is
// over, and for a stored game the state after the whole record.
type coachState struct {
	game   engine.Game
	key    string
	rec    engine.Record
	over   bool
	lang   string
	viewer engine.Side
	now    engine.State // nil for a record file
}

// coachLoad reads game id for the coach, checking who asks (coachViewer).
func (s *Server) coachLoad(r *http.Request, u viewer) (coachState, error) {
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		return coachState{}, err
	}
	lv.mu.Lock()
	defer lv.mu.Unlock()
	cs := coachState{game: lv.sess.Game, over: lv.over()}
	if cs.lang, err = langOf(r, lv.g.Lang); err != nil {
		return cs, err
	}
	if cs.viewer, err = lv.coachViewer(u.ID, r.URL.Query().Get("side")); err != nil {
		return cs, err
	}
	cs.rec = lv.shownRecord()
	cs.key = gameRecordKey(lv.g.ID, cs.rec)
	cs.now = lv.sess.State.Clone()
	return cs, nil
}

// coachLoadFile reads a record file the client sends (an exported game,
// as POST /api/replay): its holder has it all, so any side may be asked
// about, as in a finished game.
func (s *Server) coachLoadFile(w http.ResponseWriter, r *http.Request) (coachState, error) {
	if ok, wait := s.limiter.allow("replay-ip:"+s.clientIP(r), replayPerIP, loginPeriod); !ok {
		return coachState{}, errf(http.StatusTooManyRequests, "too many replays; try again in %d seconds", int(wait.Seconds())+1)
	}
	var file recordFile
	if err := decode(w, r, &file); err != nil {
		return coachState{}, err
	}
	cs := coachState{rec: file.Record, over: true, viewer: engine.Observer, key: "file:" + recordKey(file.Record)}
	var err error
	if cs.game, err = engine.Lookup(cs.rec.Game); err != nil {
		return cs, errf(http.StatusBadRequest, "%v", err)
	}
	if cs.lang, err = langOf(r, "en"); err != nil {
		return cs, err
	}
	if name := r.URL.Query().Get("side"); name != "" && name != "observer" {
		if cs.viewer, err = engine.SideByName(cs.game, name); err != nil {
			return cs, errf(http.StatusBadRequest, "%v", err)
		}
	}
	return cs, nil
}

// handleCoach answers "what would the computer do here?" at move at
// (default: now) of a stored game; handleCoachFile, of a record file.
func (s *Server) handleCoach(w http.ResponseWriter, r *http.Request) {
	s.coachServe(w, r, func(u viewer) (coachState, error) { return s.coachLoad(r, u) }, s.advise)
}

func (s *Server) handleCoachFile(w http.ResponseWriter, r *http.Request) {
	s.coachServe(w, r, func(viewer) (coachState, error) { return s.coachLoadFile(w, r) }, s.advise)
}

// handleCoachGraph sends a finished game's graph of the chances, made
// once and kept; handleCoachFileGraph, a record file's.
func (s *Server) handleCoachGraph(w http.ResponseWriter, r *http.Request) {
	s.coachServe(w, r, func(u viewer) (coachState, error) { return s.coachLoad(r, u) }, s.graph)
}

func (s *Server) handleCoachFileGraph(w http.ResponseWriter, r *http.Request) {
	s.coachServe(w, r, func(viewer) (coachState, error) { return s.coachLoadFile(w, r) }, s.graph)
}

// coachServe loads what the requester may ask the coach about and answers
// with what answer makes of it.
func (s *Server) coachServe(w http.ResponseWriter, r *http.Request, load func(viewer) (coachState, error),
	answer func(*http.Request, viewer, coachState) (any, error)) {
	u, _, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	cs, err := load(u)
	if err != nil {
		writeError(w, err)
		return
	}
	out, err := answer(r, u, cs)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// advise searches the position after at actions of cs (default: all) from
// the viewer's knowledge (none chosen: the side deciding there).
func (s *Server) advise(r *http.Request, u viewer, cs coachState) (any, error) {
	at, err := atOf(r, len(cs.rec.Actions))
	if err != nil {
		return nil, err
	}
	if err := s.coachAllow(r, u); err != nil {
		return nil, err
	}
	st := cs.now
	if st == nil || at != len(cs.rec.Actions) {
		if err := s.replayWork(r, func() error {
			rp, err := s.replays.get(cs.key, cs.rec)
			if err == nil {
				st, err = rp.stateAt(at)
			}
			return err
		}); err != nil {
			return nil, err
		}
	}
	viewer := cs.viewer
	if viewer == engine.Observer {
		viewer = firstDeciding(st)
	}
	think := s.thinkLimit(coachThink)
	cfg := ai.CoachConfig{Iterations: coachIterations, Budget: think, Samples: coachSamples,
		Workers: s.cfg.Computer.Workers, Top: coachTop, Judge: true}
	var adv ai.Advice
	if err := s.coachWork(r.Context(), think, func(ctx context.Context) {
		adv = ai.Analyze(ctx, cs.game, st, viewer, cfg, coachSeed(at))
	}); err != nil {
		return nil, err
	}
	out := adviceJSON{At: at, Viewer: sideText(cs.game, viewer), Sides: cs.game.SideNames(), Chances: adv.Chances,
		Choices: []choiceJSON{}, Forced: adv.Forced > 0}
	if adv.Side != engine.Observer {
		out.Side = cs.game.SideNames()[adv.Side]
	}
	for _, c := range adv.Choices {
		out.Choices = append(out.Choices, choiceJSON{Action: st.EncodeAction(c.Action), Label: st.Describe(c.Action, cs.lang), Chance: c.Value, Visits: c.Visits})
	}
	return out, nil
}

// graph answers with the graph of a finished game's chances, made once
// (counted against the requester's allowance) and kept.
func (s *Server) graph(r *http.Request, u viewer, cs coachState) (any, error) {
	if !cs.over {
		return nil, errf(http.StatusConflict, "the graph of the chances is drawn once the game is over")
	}
	return s.graphs.get(r.Context(), cs.key, func() (*graphJSON, error) {
		if err := s.coachAllow(r, u); err != nil {
			return nil, err
		}
		return s.buildGraph(r, cs)
	})
}

// buildGraph estimates the chances at the positions graphAts picks, each
// from the knowledge of the side deciding there (the record is public),
// each search in a computer slot of its own.
func (s *Server) buildGraph(r *http.Request, cs coachState) (*graphJSON, error) {
	var rp *replayed
	if err := s.replayWork(r, func() (err error) {
		rp, err = s.replays.get(cs.key, cs.rec)
		return err
	}); err != nil {
		return nil, err
	}
	think := s.thinkLimit(graphThink)
	cfg := ai.CoachConfig{Iterations: graphIterations, Budget: think, Workers: 1}
	out := &graphJSON{Moves: len(cs.rec.Actions), Sides: cs.game.SideNames(), Points: []graphPoint{}, Swings: []int{}}
	var chances [][]float64
	for _, at := range graphAts(cs.rec, rp.turnMarks(), min(rp.valid, len(cs.rec.Actions))) {
		st, err := rp.stateAt(at)
		if err != nil {
			return nil, err
		}
		side := firstDeciding(st)
		var adv ai.Advice
		if err := s.coachWork(r.Context(), think, func(ctx context.Context) {
			adv = ai.Analyze(ctx, cs.game, st, side, cfg, coachSeed(at))
		}); err != nil {
			return nil, err
		}
		if err := r.Context().Err(); err != nil {
			return nil, err // the asker left: a graph cut short is not kept
		}
		out.Points = append(out.Points, graphPoint{At: at, Side: sideText(cs.game, side), Chances: adv.Chances})
		chances = append(chances, adv.Chances)
	}
	for _, i := range ai.Swings(chances, 0, graphSwings, graphSwingMin) {
		out.Swings = append(out.Swings, out.Points[i].At)
	}
	return out, nil
}

// graphAts picks the positions of a record of which valid actions replay:
// where each player turn begins when the game numbers its turns, else
// where the decision passes from one side to another; the first and the
// last always, the rest thinned evenly to graphPoints in all.
func graphAts(rec engine.Record, turns []turnMark, valid int) []int {
	ats := []int{0}
	if len(turns) > 0 {
		for _, m := range turns {
			if m.At > 0 && m.At < valid {
				ats = append(ats, m.At)
			}
		}
	} else {
		for i := 1; i < valid; i++ {
			if rec.Actions[i].Side != rec.Actions[i-1].Side {
				ats = append(ats, i)
			}
		}
	}
	if valid > 0 {
		ats = append(ats, valid)
	}
	if len(ats) <= graphPoints {
		return ats
	}
	out := make([]int, graphPoints)
	for i := range out {
		out[i] = ats[i*(len(ats)-1)/(graphPoints-1)]
	}
	return out
}

// firstDeciding is the lowest side deciding in st, else Observer.
func firstDeciding(st engine.State) engine.Side {
	for _, s := range engine.Deciding(st).Sides() {
		return s
	}
	return engine.Observer
}

// sideText names side ("observer" for none).
func sideText(g engine.Game, side engine.Side) string {
	if side == engine.Observer || int(side) >= len(g.SideNames()) {
		return "observer"
	}
	return g.SideNames()[side]
}

// coachSeed seeds the analysis of move at: the same position gets the
// same samples (and, within its time, the same answer). It is not the
// game's seed, which is secret until the end.
func coachSeed(at int) uint64 { return 0x51ed27e5c0ac4 ^ uint64(at)*0x9e3779b97f4a7c15 }

// graphCache keeps the graphs most recently made; a graph asked for while
// it is being made is waited for, not made twice.
type graphCache struct {
	mu      sync.Mutex
	entries map[string]*graphEntry
	order   []string // oldest first
}

type graphEntry struct {
	done chan struct{}
	g    *graphJSON
	err  error
}

func newGraphCache() *graphCache { return &graphCache{entries: map[string]*graphEntry{}} }

// get returns the graph under key, made by build the first time; a failed
// build is not kept.
func (c *graphCache) get(ctx context.Context, key string, build func() (*graphJSON, error)) (*graphJSON, error) {
	c.mu.Lock()
	e := c.entries[key]
	if e != nil {
		c.mu.Unlock()
		select {
		case <-e.done:
			return e.g, e.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	e = &graphEntry{done: make(chan struct{})}
	c.entries[key] = e
	c.order = append(c.order, key)
	if len(c.order) > graphCacheSize {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	c.mu.Unlock()
	e.g, e.err = build()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.entries[key] == e {
			delete(c.entries, key)
			for i, k := range c.order {
				if k == key {
					c.order = append(c.order[:i], c.order[i+1:]...)
					break
				}
			}
		}
		c.mu.Unlock()
	}
	return e.g, e.err
}

// size is the number of graphs kept or being made.
func (c *graphCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
