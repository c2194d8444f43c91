package server

import (
	"net/http"
	"strings"
	"testing"
)

func TestChat(t *testing.T) {
	e := newEnv(t)
	ann, bob, carol := e.user("ann"), e.user("bob"), e.user("carol")
	g := invited(ann, bob, "toy", [2]string{"north", "south"}, nil)
	path := "/api/games/" + g.ID + "/chat"
	var line chatJSON
	if code := ann.call("POST", path, map[string]string{"text": "  good luck  "}, &line); code != http.StatusCreated || line.N != 1 || line.Text != "good luck" || line.Side != "north" || line.Player != "ann" {
		t.Fatalf("write: %d %+v", code, line)
	}
	bob.call("POST", path, map[string]string{"text": "you too"}, nil)
	for _, c := range []struct {
		who  *client
		body map[string]string
		want int
	}{
		{carol, map[string]string{"text": "hi"}, http.StatusForbidden},
		{ann, map[string]string{"text": "   "}, http.StatusBadRequest},
		{ann, map[string]string{"text": strings.Repeat("x", maxChat+1)}, http.StatusBadRequest},
	} {
		if code, msg := c.who.errOf("POST", path, c.body); code != c.want {
			t.Errorf("%s writes %d chars: %d %s, want %d", c.who.name, len(c.body["text"]), code, msg, c.want)
		}
	}
	var lines []chatJSON
	if code := bob.call("GET", path, nil, &lines); code != http.StatusOK || len(lines) != 2 || lines[1].Player != "bob" {
		t.Fatalf("read: %d %+v", code, lines)
	}
	if code := bob.call("GET", path+"?after=1", nil, &lines); code != http.StatusOK || len(lines) != 1 || lines[0].N != 2 {
		t.Fatalf("read after 1: %d %+v", code, lines)
	}
	// Observers do not read the players' chat.
	for _, who := range []*client{carol, e.anon()} {
		if code, body := who.raw("GET", path, nil, nil); code != http.StatusForbidden || strings.Contains(string(body), "good luck") {
			t.Fatalf("observer reads the chat: %d %s", code, body)
		}
	}
	if code, _ := ann.errOf("GET", path+"?after=x", nil); code != http.StatusBadRequest {
		t.Fatalf("bad after: %d", code)
	}
	for i := 0; i < chatPerMin; i++ {
		ann.call("POST", path, map[string]string{"text": "spam"}, nil)
	}
	if code, _ := ann.errOf("POST", path, map[string]string{"text": "one more"}); code != http.StatusTooManyRequests {
		t.Fatalf("chat flood: %d", code)
	}
}

func TestHealth(t *testing.T) {
	e := newEnv(t)
	var out map[string]string
	if code := e.anon().call("GET", "/healthz", nil, &out); code != http.StatusOK || out["status"] != "ok" {
		t.Fatalf("healthz: %d %v", code, out)
	}
}
