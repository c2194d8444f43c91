package server

import (
	"context"
	"net/http"
	"time"

	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// pace is a time control, as on Rally the Troops: the time each side
// starts with, what each run of its actions adds (at its first action:
// live.startsRun), and the most it can hold.
// The clocks of the sides to decide run, except the computer's; they stand
// still until every seat is taken. A side whose time runs out loses.
type pace struct{ start, add, max time.Duration }

var paces = map[string]pace{
	"live": {24 * time.Hour, 4 * time.Hour, 72 * time.Hour},
	"fast": {72 * time.Hour, 12 * time.Hour, 120 * time.Hour},
	"slow": {72 * time.Hour, 36 * time.Hour, 240 * time.Hour},
}

var paceNames = []string{"live", "fast", "slow"}

func (s *Server) nowMS() int64 { return s.cfg.Now().UnixMilli() }

// newClock is the clock of a new game with n sides.
func newClock(paceName string, n int, full bool, now int64) store.Clock {
	p, ok := paces[paceName]
	if !ok {
		return store.Clock{}
	}
	c := store.Clock{Left: make([]int64, n)}
	for i := range c.Left {
		c.Left[i] = p.start.Milliseconds()
	}
	if full {
		c.Since = now
	}
	return c
}

// full reports whether every seat is taken.
func (lv *live) full() bool {
	for _, st := range lv.g.Seats {
		if st.UserID == 0 && st.AI == "" {
			return false
		}
	}
	return true
}

// running is the set of sides whose clock runs now.
func (lv *live) running() engine.SideSet {
	if lv.g.Pace == "" || lv.g.Clock.Since == 0 || lv.over() {
		return 0
	}
	var out engine.SideSet
	for _, side := range engine.Deciding(lv.sess.State).Sides() {
		if lv.seatOf(side).AI == "" {
			out |= engine.Only(side)
		}
	}
	return out
}

// settled is the clock with the running sides charged up to now.
func (lv *live) settled(now int64) store.Clock {
	c := store.Clock{Left: append([]int64(nil), lv.g.Clock.Left...), Since: now}
	if lv.g.Clock.Since != 0 {
		for _, side := range lv.running().Sides() {
			if int(side) < len(c.Left) {
				c.Left[side] -= now - lv.g.Clock.Since
			}
		}
	}
	return c
}

// clockAfter returns the clock to store with a change made at now, given
// the sides running before it (charged) and the side that acted (credited);
// nil when the game has no time control. The caller has applied the change
// to lv.sess but not yet to lv.g.
func (lv *live) clockAfter(before store.Clock, running engine.SideSet, actor engine.Side, now int64) *store.Clock {
	p, ok := paces[lv.g.Pace]
	if !ok {
		return nil
	}
	c := store.Clock{Left: append([]int64(nil), before.Left...), Since: now}
	if before.Since != 0 {
		for _, side := range running.Sides() {
			c.Left[side] -= now - before.Since
		}
	}
	if actor != engine.Observer && int(actor) < len(c.Left) {
		c.Left[actor] = min(c.Left[actor]+p.add.Milliseconds(), p.max.Milliseconds())
	}
	if !lv.full() || lv.sess.State.Over() {
		c.Since = 0
	}
	return &c
}

// timeUp ends the game if a running clock has run out, and reports it.
// The caller locks lv.mu.
func (s *Server) timeUp(ctx context.Context, lv *live) (bool, error) {
	if lv.over() || lv.broken != nil {
		return false, nil
	}
	now := s.nowMS()
	c := lv.settled(now)
	for _, side := range lv.running().Sides() {
		if c.Left[side] > 0 {
			continue
		}
		c.Left[side], c.Since = 0, 0
		p := store.Progress{Status: store.StatusOver, Result: lv.sess.SideName(side) + " ran out of time", Clock: &c}
		if err := s.st.SetProgress(ctx, lv.g.ID, lv.sess.Move(), p); err != nil {
			return false, err
		}
		lv.g.Active, lv.g.Status, lv.g.Result, lv.g.Clock = 0, p.Status, p.Result, c
		s.afterChange(lv, 0)
		return true, nil
	}
	return false, nil
}

// SweepClocks ends every game in which a side's time has run out.
func (s *Server) SweepClocks(ctx context.Context) error {
	if !s.leads() {
		return nil // the leader sweeps (replicas.go)
	}
	ids, err := s.st.ClockedGames(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		lv, err := s.game(ctx, id)
		if err != nil {
			s.cfg.Log.Error("checking a game's clocks", "game", id, "err", err)
			continue
		}
		lv.mu.Lock()
		_, err = s.timeUp(ctx, lv)
		lv.mu.Unlock()
		if err != nil {
			s.cfg.Log.Error("checking a game's clocks", "game", id, "err", err)
		}
	}
	return nil
}

// RunClocks sweeps the clocks every period until ctx ends.
func (s *Server) RunClocks(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.SweepClocks(ctx); err != nil {
				s.cfg.Log.Error("listing clocked games", "err", err)
			}
		}
	}
}

// clockJSON is a game's clocks as a page shows them.
type clockJSON struct {
	Pace    string           `json:"pace"`
	Left    map[string]int64 `json:"left"` // milliseconds, as of Now
	Running []string         `json:"running"`
	Now     int64            `json:"now"` // Unix milliseconds
}

func (lv *live) clockView(now int64) *clockJSON {
	if lv.g.Pace == "" {
		return nil
	}
	c := lv.settled(now)
	cj := &clockJSON{Pace: lv.g.Pace, Left: map[string]int64{}, Running: []string{}, Now: now}
	for i, l := range c.Left {
		cj.Left[lv.sess.SideName(engine.Side(i))] = max(l, 0)
	}
	for _, side := range lv.running().Sides() {
		cj.Running = append(cj.Running, lv.sess.SideName(side))
	}
	return cj
}

func checkPace(name, mode string) error {
	if name == "" {
		return nil
	}
	if _, ok := paces[name]; !ok {
		return errf(http.StatusBadRequest, "unknown pace %q (known: %v)", name, paceNames)
	}
	if mode != modeInvite && mode != modeOpen {
		return errf(http.StatusBadRequest, "time controls are for games between players (mode %q or %q)", modeInvite, modeOpen)
	}
	return nil
}
