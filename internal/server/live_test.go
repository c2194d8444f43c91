package server

import (
	"fmt"
	"testing"

	"sandtable/internal/store"
)

// TestEvictionKeepsGamesPlayable fills memory past Config.LiveGames: the
// games used least recently are dropped (those no page follows first) and
// come back from the store, at the same move, when used again.
func TestEvictionKeepsGamesPlayable(t *testing.T) {
	e := newEnv(t)
	const bound = 16
	e.srv.cfg.LiveGames = bound
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 1})
	ann.mustAct(g.ID, "north", 0, "take 1")
	followed := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 2})
	sb, err := e.srv.hub.subscribe(followed.ID, 0, "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer e.srv.hub.unsubscribe(followed.ID, sb)
	u, _ := e.st.UserByName(t.Context(), "ann")
	recent := ""
	for i := range 5 * bound {
		id := fmt.Sprintf("filler%d", i)
		if err := e.st.CreateGame(t.Context(), store.Game{ID: id, Game: "toy", Owner: u.ID, Seats: []store.Seat{{Side: 0, UserID: u.ID}, {Side: 1, UserID: u.ID}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.srv.game(t.Context(), id); err != nil {
			t.Fatal(err)
		}
		if i%4 == 0 {
			recent = id // used again now and then: the last one must stay
		}
		if _, err := e.srv.game(t.Context(), recent); err != nil {
			t.Fatal(err)
		}
		e.srv.mu.Lock()
		n := len(e.srv.live)
		_, kept := e.srv.live[recent]
		_, watched := e.srv.live[followed.ID]
		e.srv.mu.Unlock()
		if n > bound {
			t.Fatalf("%d games in memory, bound %d", n, bound)
		}
		if !kept {
			t.Fatalf("the game used last (%s) was dropped", recent)
		}
		if !watched {
			t.Fatalf("a game a page follows was dropped while others were idle")
		}
	}
	// With a page on every game, the bound still holds.
	e.srv.mu.Lock()
	for id := range e.srv.live {
		sb, err := e.srv.hub.subscribe(id, 0, "10.0.0.2")
		if err == nil {
			defer e.srv.hub.unsubscribe(id, sb)
		}
	}
	e.srv.mu.Unlock()
	for i := range bound {
		id := fmt.Sprintf("more%d", i)
		if err := e.st.CreateGame(t.Context(), store.Game{ID: id, Game: "toy", Owner: u.ID, Seats: []store.Seat{{Side: 0, UserID: u.ID}, {Side: 1, UserID: u.ID}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.srv.game(t.Context(), id); err != nil {
			t.Fatal(err)
		}
	}
	e.srv.mu.Lock()
	n := len(e.srv.live)
	_, kept := e.srv.live[g.ID]
	e.srv.mu.Unlock()
	if n > bound {
		t.Fatalf("%d games followed in memory, bound %d", n, bound)
	}
	if kept {
		t.Fatalf("the game used least recently is still in memory")
	}
	v := ann.view(g.ID, "")
	if v.Move != 1 || v.Side != "south" {
		t.Fatalf("game after eviction: move %d, side %s", v.Move, v.Side)
	}
	ann.mustAct(g.ID, "south", 1, "take 1")
}
