package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// ComputerLimits are the operator's bounds on the computer players: every
// level's thinking time per decision and per game turn and its parallel
// searches are cut to them, and at most Slots decisions are searched at
// once on the whole server, game after game in turn.
type ComputerLimits struct {
	Think   time.Duration // per decision
	Turn    time.Duration // per side's game turn
	Workers int           // parallel searches of one decision
	Slots   int           // decisions searched at once on the server
}

// DefaultComputerLimits leave the levels as they are ("hard" thinks 4 s a
// decision, 45 s a turn) and search one decision at a time.
var DefaultComputerLimits = ComputerLimits{Think: 5 * time.Second, Turn: time.Minute, Workers: 2, Slots: 1}

// withDefaults fills the zero fields from DefaultComputerLimits.
func (l ComputerLimits) withDefaults() ComputerLimits {
	d := DefaultComputerLimits
	if l.Think <= 0 {
		l.Think = d.Think
	}
	if l.Turn <= 0 {
		l.Turn = d.Turn
	}
	if l.Workers <= 0 {
		l.Workers = d.Workers
	}
	if l.Slots <= 0 {
		l.Slots = d.Slots
	}
	return l
}

// player makes the named player with the limits applied. A search player
// with a fixed number of iterations keeps it, with the time as a cap.
func (l ComputerLimits) player(name string, g engine.Game, seed uint64) (ai.Player, error) {
	p, err := ai.New(name, g, seed)
	if err != nil {
		return nil, err
	}
	if m, ok := p.(*ai.MCTS); ok {
		c := &m.Config
		if c.Budget <= 0 || c.Budget > l.Think {
			c.Budget = l.Think
		}
		if c.TurnBudget <= 0 || c.TurnBudget > l.Turn {
			c.TurnBudget = l.Turn
		}
		if c.MinBudget > c.Budget {
			c.MinBudget = c.Budget
		}
		if c.Workers <= 0 || c.Workers > l.Workers {
			c.Workers = l.Workers
		}
	}
	return p, nil
}

// checkLevel accepts the name of a computer level (ai.Names), and nothing
// else: the options that size a search are the operator's, not a player's.
func checkLevel(name string) error {
	if strings.Contains(name, ":") || !slices.Contains(ai.Names(), name) {
		return errf(http.StatusBadRequest, "unknown computer player %q (the levels are %v)", name, ai.Names())
	}
	return nil
}

// afterChange runs after a game changed (an action, undo, join, resign or
// a new game): it wakes the open pages, tells absent players whose turn
// began, and lets the computer move when its side is to decide. actor is
// the user who made the change; he is not notified. A handler holding the
// game's lock calls it before it answers (a sized answer may reach the
// client before the handler returns, and Server.Wait must cover this
// work); the work takes the lock, so it starts once the handler is done.
func (s *Server) afterChange(lv *live, actor int64) {
	lv.lastActor.Store(actor)
	s.background(func(ctx context.Context) {
		s.announce(ctx, lv)
		s.computerMoves(ctx, lv)
	})
}

// announce publishes the game's state to its streams and sends notices
// for the sides whose turn began since the last announcement, to everyone
// but the user who made the latest change.
func (s *Server) announce(ctx context.Context, lv *live) {
	lv.mu.Lock()
	actor := lv.lastActor.Load()
	if !lv.loaded {
		lv.mu.Unlock()
		return
	}
	lv.version++
	id, ev := lv.g.ID, event{Move: lv.sess.Shown(), Status: lv.g.Status, Version: lv.version}
	// Turns begin only once every seat is taken: the join of the last
	// player tells the side to move that its turn has come.
	var now engine.SideSet
	if !lv.over() && lv.full() {
		now = engine.Deciding(lv.sess.State)
	}
	began := now &^ lv.announced
	// An interrupt (a reaction window in the other side's turn) is not the
	// player's turn: it leaves the turn announced as it was, so the side
	// it interrupted is not told again when play comes back, and tells an
	// absent player once in that turn, not at every window.
	if now != 0 && engine.Interrupting(lv.sess.State) {
		began &^= lv.told
		lv.told |= began
	} else {
		if now != lv.announced {
			lv.told = 0
		}
		lv.announced = now
	}
	var notices []due
	for _, side := range began.Sides() {
		if seat := lv.seatOf(side); seat.UserID != 0 && seat.UserID != actor {
			notices = append(notices, due{user: seat.UserID, side: lv.sess.SideName(side), event: EventYourTurn})
		}
	}
	if lv.over() && !lv.overAnnounced {
		lv.overAnnounced = true
		seen := map[int64]bool{actor: true}
		for _, seat := range lv.g.Seats {
			if seat.UserID != 0 && !seen[seat.UserID] {
				seen[seat.UserID] = true
				notices = append(notices, due{user: seat.UserID, side: lv.sess.SideName(seat.Side), event: EventFinished, result: lv.resultText()})
			}
		}
	}
	title := lv.sess.Game.Title()
	lv.mu.Unlock()

	s.hub.publish(id, ev)
	if s.cfg.Notifier == nil || len(notices) == 0 {
		return
	}
	// Deliver apart, so a slow mail server or webhook holds up no move.
	s.background(func(ctx context.Context) {
		s.deliver(ctx, id, title, notices)
	})
}

type due struct {
	user   int64
	side   string
	event  string
	result string
}

// deliver sends the notices to the players who do not have the game open.
func (s *Server) deliver(ctx context.Context, id, title string, notices []due) {
	for _, n := range notices {
		if s.hub.connected(id, n.user) {
			continue
		}
		u, err := s.st.UserByID(ctx, n.user)
		if err != nil {
			s.cfg.Logf("server: notice for game %s: %v", id, err)
			continue
		}
		if u.Email == "" && u.Webhook == "" {
			continue
		}
		notice := Notice{Event: n.event, User: u, Game: id, Title: title, Side: n.side, Result: n.result, URL: s.cfg.BaseURL + "/play/" + id}
		if err := s.cfg.Notifier.Notify(ctx, notice); err != nil {
			s.cfg.Logf("server: notice for game %s: %v", id, err)
		}
	}
}

// computerMoves plays for the computer's sides while one of them is to
// decide. Only one such loop runs per game. The player thinks on a copy of
// the state without holding the game's lock; its choice is applied only if
// the game has not moved meanwhile.
func (s *Server) computerMoves(ctx context.Context, lv *live) {
	if !s.leads() {
		return // the leader moves for the computer (replicas.go)
	}
	lv.mu.Lock()
	if lv.thinking {
		// The loop under way sees this change itself; a game that ended
		// (resigned, out of time) stops its search at once.
		if lv.over() && lv.stopThinking != nil {
			lv.stopThinking()
		}
		lv.mu.Unlock()
		return
	}
	lv.thinking = true
	for {
		if !lv.loaded || lv.broken != nil || lv.over() || s.ctx.Err() != nil {
			break
		}
		side, found := engine.Observer, false
		for _, sd := range engine.Deciding(lv.sess.State).Sides() {
			if lv.players[sd] != nil {
				side, found = sd, true
				break
			}
		}
		if !found {
			break
		}
		if from := lv.sess.RoundFrom(); lv.sess.Choosing() && (lv.choiceFrom != from || lv.choiceAt.IsZero()) {
			lv.choiceFrom, lv.choiceAt = from, s.cfg.Now()
		}
		// What the player decides on is what it may see: another side's
		// sealed actions (engine.Session.Shown) leave it unchanged, so only
		// a change of the shown move makes it think again.
		st, move, p := lv.sess.State.Clone(), lv.sess.Shown(), lv.players[side]
		moved := func() bool { return lv.sess.Shown() != move || lv.broken != nil || lv.over() }
		// The search stops when the game ends or the server shuts down.
		thinkCtx, stop := context.WithCancel(s.ctx)
		lv.stopThinking = stop
		lv.mu.Unlock()
		// One decision at a time per game, in turn with the other games;
		// a shutdown ends the wait (Resume picks the game up again).
		if s.think.enter(thinkCtx) != nil {
			stop()
			lv.mu.Lock()
			lv.stopThinking = nil
			break
		}
		a, err := choose(thinkCtx, p, st, side)
		s.think.leave()
		stop()
		lv.mu.Lock()
		lv.stopThinking = nil
		if s.ctx.Err() != nil {
			break
		}
		if err != nil {
			s.cfg.Logf("server: game %s: computer player for %s failed: %v", lv.g.ID, lv.sess.SideName(side), err)
			lv.aiFailed = fmt.Sprintf("the computer player for %s failed: %v", lv.sess.SideName(side), err)
			break
		}
		if moved() {
			continue
		}
		if hold := lv.secretHold(side, a, p, s.cfg.Now()); hold > 0 {
			// Held like a search: the game's end or a shutdown ends it.
			holdCtx, stop := context.WithTimeout(s.ctx, hold)
			lv.stopThinking = stop
			lv.mu.Unlock()
			<-holdCtx.Done()
			stop()
			lv.mu.Lock()
			lv.stopThinking = nil
			if s.ctx.Err() != nil {
				break
			}
			if lv.evicted {
				break // the game is looked up again (replicas.go wakes the computer)
			}
			if moved() {
				continue
			}
		}
		if err := s.apply(ctx, lv, side, a); err != nil {
			s.cfg.Logf("server: game %s: computer move refused: %v", lv.g.ID, err)
			lv.aiFailed = fmt.Sprintf("the computer player for %s chose a move the rules refuse: %v", lv.sess.SideName(side), err)
			break
		}
		lv.aiFailed = ""
		if !lv.sess.Sealed() {
			lv.lastActor.Store(0)
			lv.mu.Unlock()
			s.announce(ctx, lv)
			lv.mu.Lock()
		}
	}
	lv.thinking = false
	lv.mu.Unlock()
}

// choose asks p for a move, stopping its search when ctx is done and
// turning a panic into an error.
func choose(ctx context.Context, p ai.Player, st engine.State, side engine.Side) (a engine.Action, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return ai.ChooseContext(ctx, p, st, side), nil
}

// Resume starts the computer in every unfinished game where it is to
// move, as after a restart.
func (s *Server) Resume(ctx context.Context) error {
	ids, err := s.st.GameIDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		g, err := s.st.Game(ctx, id)
		if err != nil {
			return err
		}
		if g.Status != store.StatusActive {
			continue
		}
		for _, seat := range g.Seats {
			if seat.AI != "" && g.Active.Has(seat.Side) {
				lv, err := s.game(ctx, id)
				if err != nil {
					s.cfg.Logf("server: resuming %s: %v", id, err)
					break
				}
				s.afterChange(lv, 0)
				break
			}
		}
	}
	return nil
}

// secretPad is how many of the computer's decisions its part of a secret
// choice of several sides is made to last: La Primogenita's longest, four
// picks and the commit (3.2).
const secretPad = 5

// secretHold is how long the computer's action a for side waits before it
// is played. In a choice several sides make at once (engine.Session.Shown)
// its public action (the commit), after secret ones, is held until
// secretPad decisions' thinking time since it began the choice: how soon
// it commits would otherwise tell how many secret actions it made (how
// many Orders it picked). A player that does not search by the clock
// answers at once and is not held. The caller locks lv.mu.
func (lv *live) secretHold(side engine.Side, a engine.Action, p ai.Player, now time.Time) time.Duration {
	m, ok := p.(*ai.MCTS)
	if !ok || m.Config.Budget <= 0 || lv.sess.SealedBy(side) == 0 || lv.choiceFrom != lv.sess.RoundFrom() ||
		!lv.sess.Choosing() || lv.sess.Seals(side, a) {
		return 0
	}
	return lv.choiceAt.Add(secretPad * m.Config.Budget).Sub(now)
}
