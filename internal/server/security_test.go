package server

import (
	"net/http"
	"net/netip"
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

// openStream opens the event stream of game id as c, from the address
// xff names (through a trusted proxy), and returns its status; an open
// stream stays open until the test ends.
func openStream(t *testing.T, c *client, id, xff string) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), "GET", c.base+"/api/games/"+id+"/events", nil)
	req.Header.Set("X-Forwarded-For", xff)
	resp, err := c.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return resp.StatusCode
	}
	buf := make([]byte, 512)
	resp.Body.Read(buf) // the first event: the stream is counted
	t.Cleanup(func() { resp.Body.Close() })
	return resp.StatusCode
}

// TestEventStreamsAreCapped: per client address and in all (issue 23,
// item 7).
func TestEventStreamsAreCapped(t *testing.T) {
	e := newEnv(t)
	e.srv.cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	e.srv.hub.perClient, e.srv.hub.total = 3, 5
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat"})
	for i := 0; i < 3; i++ {
		if code := openStream(t, ann, g.ID, "192.0.2.1"); code != http.StatusOK {
			t.Fatalf("stream %d: %d", i, code)
		}
	}
	if code := openStream(t, ann, g.ID, "192.0.2.1"); code != http.StatusTooManyRequests {
		t.Fatalf("a fourth stream from one client: %d", code)
	}
	for i := 0; i < 2; i++ {
		if code := openStream(t, e.anon(), g.ID, "192.0.2.2"); code != http.StatusOK {
			t.Fatalf("another client's stream %d: %d", i, code)
		}
	}
	if code := openStream(t, e.anon(), g.ID, "192.0.2.3"); code != http.StatusServiceUnavailable {
		t.Fatalf("a stream beyond the total: %d", code)
	}
}
