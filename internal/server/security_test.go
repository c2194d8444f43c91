package server

import (
	"net/http"
	"strings"
	"testing"
)

// TestSeedOnlyWithoutOpponents: a seed may be chosen only where no other
// person plays (issue 23, item 1): hot seat and against the computer.
func TestSeedOnlyWithoutOpponents(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	cases := []struct {
		mode string
		want int
	}{
		{"hotseat", http.StatusCreated},
		{"computer", http.StatusCreated},
		{"invite", http.StatusBadRequest},
		{"open", http.StatusBadRequest},
	}
	for _, c := range cases {
		code, msg := ann.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": c.mode, "side": "north", "computer": "testfirst", "seed": 4})
		if code != c.want {
			t.Errorf("%s with a seed: %d %q, want %d", c.mode, code, msg, c.want)
		}
	}
}

// TestEventsOfUnknownGame: no stream opens for a game that does not exist
// (issue 26, item 10).
func TestEventsOfUnknownGame(t *testing.T) {
	e := newEnv(t)
	code, body := e.anon().raw("GET", "/api/games/0123456789ab/events", nil, nil)
	if code != http.StatusNotFound || !strings.Contains(string(body), "no game") {
		t.Fatalf("events of an unknown game: %d %s", code, body)
	}
}
