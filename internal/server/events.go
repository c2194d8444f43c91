package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event tells open pages that a game changed; each page then fetches its
// own side's view, so the stream itself carries no secrets.
type event struct {
	Move   int    `json:"move"`
	Status string `json:"status"`
	// Chat is the number of a new chat line; the stream does not say
	// what it says (observers get the event too, and do not read the chat).
	Chat int `json:"chat,omitempty"`
	// Version is the game's change counter (see gameView.Version).
	Version uint64 `json:"version"`
	// Sealed, sent only to the user who made a sealed action, is how
	// many his side has made in the choice under way (gameView.Sealed):
	// his other pages follow his secret choice.
	Sealed int `json:"sealed,omitempty"`
}

// hub holds the open event streams, by game, at most perClient from one
// client address and total in all.
type hub struct {
	mu        sync.Mutex
	subs      map[string]map[*sub]struct{}
	closed    bool
	perClient int
	total     int
	open      int            // streams open
	byClient  map[string]int // streams open per client address
}

type sub struct {
	userID int64
	client string
	ch     chan []byte // holds the latest event not yet sent, encoded
	done   chan struct{}
}

// Default caps on event streams: a page holds one per game it shows.
const (
	streamsPerClient = 32
	streamsTotal     = 10000
)

func newHub(perClient, total int) *hub {
	return &hub{subs: map[string]map[*sub]struct{}{}, byClient: map[string]int{}, perClient: perClient, total: total}
}

// subscribe opens a stream of game for a user at a client address, or
// refuses beyond the caps.
func (h *hub) subscribe(gameID string, userID int64, client string) (*sub, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	sb := &sub{userID: userID, client: client, ch: make(chan []byte, 1), done: make(chan struct{})}
	if h.closed {
		close(sb.done)
		return sb, nil
	}
	if h.byClient[client] >= h.perClient {
		return nil, errf(http.StatusTooManyRequests, "too many open event streams from your address (at most %d)", h.perClient)
	}
	if h.open >= h.total {
		return nil, errf(http.StatusServiceUnavailable, "the server follows as many games as it can; try again later")
	}
	h.open++
	h.byClient[client]++
	if h.subs[gameID] == nil {
		h.subs[gameID] = map[*sub]struct{}{}
	}
	h.subs[gameID][sb] = struct{}{}
	return sb, nil
}

func (h *hub) unsubscribe(gameID string, sb *sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.subs[gameID][sb]; !ok {
		return
	}
	h.open--
	if h.byClient[sb.client]--; h.byClient[sb.client] <= 0 {
		delete(h.byClient, sb.client)
	}
	delete(h.subs[gameID], sb)
	if len(h.subs[gameID]) == 0 {
		delete(h.subs, gameID)
	}
}

// publish sends ev, encoded once, to every stream of the game; a slow
// stream keeps only the latest event, which is all a page needs.
func (h *hub) publish(gameID string, ev event) {
	b, _ := json.Marshal(ev)
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range h.subs[gameID] {
		select {
		case <-sb.ch:
		default:
		}
		sb.ch <- b
	}
}

// publishTo sends ev to the user's streams of the game only.
func (h *hub) publishTo(gameID string, userID int64, ev event) {
	b, _ := json.Marshal(ev)
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range h.subs[gameID] {
		if sb.userID != userID {
			continue
		}
		select {
		case <-sb.ch:
		default:
		}
		sb.ch <- b
	}
}

// connected reports whether the user has the game open.
func (h *hub) connected(gameID string, userID int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sb := range h.subs[gameID] {
		if sb.userID == userID {
			return true
		}
	}
	return false
}

// watched reports whether any page has the game open.
func (h *hub) watched(gameID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[gameID]) > 0
}

// close ends every stream (server shutdown).
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, m := range h.subs {
		for sb := range m {
			close(sb.done)
		}
	}
	h.subs = map[string]map[*sub]struct{}{}
	h.open, h.byClient = 0, map[string]int{}
}

// Close ends the open event streams so that http.Server.Shutdown can
// finish, stops the computer players waiting for their turn to think, and
// waits for the work under way (a decision being searched ends within
// ComputerLimits.Think).
func (s *Server) Close() {
	s.cancel()
	s.hub.close()
	s.Wait()
}

const heartbeat = 25 * time.Second

// handleEvents streams "update" events for a game (server-sent events).
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	u, _, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, errf(http.StatusInternalServerError, "streaming unsupported"))
		return
	}
	lv.mu.Lock()
	id, first := lv.g.ID, event{Move: lv.sess.Shown(), Status: lv.g.Status, Version: lv.version}
	lv.mu.Unlock()
	sb, err := s.hub.subscribe(id, u.ID, s.clientIP(r))
	if err != nil {
		writeError(w, err)
		return
	}
	defer s.hub.unsubscribe(id, sb)

	// The stream is long-lived: no read deadline of the http.Server
	// applies to it.
	http.NewResponseController(w).SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(b []byte) bool {
		_, err := fmt.Fprintf(w, "event: update\ndata: %s\n\n", b)
		fl.Flush()
		return err == nil
	}
	if b, _ := json.Marshal(first); !send(b) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-sb.done:
			return
		case ev := <-sb.ch:
			if !send(ev) {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}
