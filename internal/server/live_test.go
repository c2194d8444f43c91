package server

import (
	"fmt"
	"testing"

	"sandtable/internal/store"
)

// TestEvictionKeepsGamesPlayable fills memory past maxLive: idle games are
// dropped and come back from the store, at the same move, when used again.
func TestEvictionKeepsGamesPlayable(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 1})
	ann.mustAct(g.ID, "north", 0, "take 1")
	u, _ := e.st.UserByName(t.Context(), "ann")
	for i := range maxLive {
		id := fmt.Sprintf("filler%d", i)
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
	if n > maxLive {
		t.Fatalf("%d games in memory, bound %d", n, maxLive)
	}
	if kept {
		t.Log("the first game happened to stay in memory")
	}
	v := ann.view(g.ID, "")
	if v.Move != 1 || v.Side != "south" {
		t.Fatalf("game after eviction: move %d, side %s", v.Move, v.Side)
	}
	ann.mustAct(g.ID, "south", 1, "take 1")
}
