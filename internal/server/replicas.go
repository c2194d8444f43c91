package server

import (
	"context"

	"sandtable/internal/store"
)

// Several server processes may share one database (PostgreSQL). Each
// holds its own games in memory; the store's move check keeps two of them
// from both accepting a move, and a copy that missed a change is refused
// by it and reloaded. What the others change arrives through Changed, and
// one process, the leader (Config.Leads), runs the computer players and
// the clocks.

// leads reports whether this process runs the computer players and the
// clocks.
func (s *Server) leads() bool { return s.cfg.Leads == nil || s.cfg.Leads() }

// Changed takes a change another process made to a game: the copy in
// memory is dropped (the next request replays the game from the store),
// the open pages are told, and the leader lets the computer move if its
// side is to decide. A Change without a game means that anything may have
// changed (the notices were interrupted): every copy is dropped.
func (s *Server) Changed(c store.Change) {
	if c.Game == "" {
		s.mu.Lock()
		ids := make([]string, 0, len(s.live))
		for id := range s.live {
			ids = append(ids, id)
		}
		s.mu.Unlock()
		for _, id := range ids {
			s.drop(id, false)
		}
		return
	}
	s.drop(c.Game, c.Quiet)
	if !c.Quiet { // a sealed action is told to no page (engine.Session.Shown)
		s.hub.publish(c.Game, event{Move: c.Move, Status: c.Status, Chat: c.Chat})
	}
	if s.leads() && c.Status == store.StatusActive {
		s.background(func(ctx context.Context) { s.wakeComputer(ctx, c.Game) })
	}
}

// drop forgets the live copy of game id, marking it evicted so that a
// request about to use it looks the game up again. For a sealed action
// (quiet) the copy's version is kept for the next: a page that saw it
// start over would know that the other side had acted. At most liveCap
// versions are kept; beyond, they start over as after a restart.
func (s *Server) drop(id string, quiet bool) {
	s.mu.Lock()
	lv := s.live[id]
	s.mu.Unlock()
	if lv == nil {
		return
	}
	lv.mu.Lock()
	defer lv.mu.Unlock()
	s.dropPages(lv)
	lv.evicted = true
	// The version is kept before the copy leaves s.live, so that a copy
	// loaded next finds it (the lock order is lv.mu, then s.mu).
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.live[id] == lv {
		delete(s.live, id)
	}
	if quiet {
		if len(s.versions) >= s.liveCap() {
			clear(s.versions)
		}
		s.versions[id] = max(s.versions[id], lv.version)
	}
}

// wakeComputer starts the computer in game id if one of its sides is to
// decide (the stored row says so without replaying the game).
func (s *Server) wakeComputer(ctx context.Context, id string) {
	g, err := s.st.Game(ctx, id)
	if err != nil || g.Status != store.StatusActive {
		return
	}
	for _, seat := range g.Seats {
		if seat.AI != "" && g.Active.Has(seat.Side) {
			if lv, err := s.game(ctx, id); err == nil {
				s.computerMoves(ctx, lv)
			}
			return
		}
	}
}
