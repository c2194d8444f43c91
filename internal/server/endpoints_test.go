package server

import (
	"net/http"
	"strings"
	"testing"
)

func TestMeta(t *testing.T) {
	e := newEnv(t)
	var meta struct {
		Games     []gameMeta `json:"games"`
		Computers []string   `json:"computers"`
		Langs     []string   `json:"langs"`
	}
	if code := e.anon().call("GET", "/api/meta", nil, &meta); code != http.StatusOK {
		t.Fatal(code)
	}
	var toy *gameMeta
	for i := range meta.Games {
		if meta.Games[i].ID == "toy" {
			toy = &meta.Games[i]
		}
	}
	if toy == nil || toy.Title == "" || len(toy.Sides) != 2 || toy.Scenarios[0] != "standard" {
		t.Fatalf("toy in meta: %+v", meta.Games)
	}
	if !strings.Contains(strings.Join(meta.Computers, ","), "testfirst") || len(meta.Langs) != 2 {
		t.Fatalf("meta: %+v", meta)
	}
}

// TestEveryChangeIsGuarded sends each state-changing endpoint the requests
// it must refuse: without a session, without the CSRF token, with
// malformed JSON, and for an unknown game.
func TestEveryChangeIsGuarded(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 1})
	endpoints := []struct {
		method, path, body string
		open               bool // needs no session (it makes one)
	}{
		{"POST", "/api/register", `{"name":"zed","password":"long enough"}`, true},
		{"POST", "/api/login", `{"name":"ann","password":"password-ann"}`, true},
		{"POST", "/api/guest", `{}`, true},
		{"PUT", "/api/me/notify", `{"email":"","webhook":""}`, false},
		{"POST", "/api/games", `{"game":"toy","mode":"hotseat"}`, false},
		{"POST", "/api/games/ID/actions", `{"side":"north","move":0,"action":"take 1"}`, false},
		{"POST", "/api/games/ID/undo", `{"side":"north","move":0}`, false},
		{"POST", "/api/games/ID/join", `{"side":"south","token":"x"}`, false},
		{"POST", "/api/games/ID/resign", `{"side":"north"}`, false},
		{"POST", "/api/games/ID/rematch", `{}`, false},
		{"POST", "/api/games/ID/chat", `{"text":"hi"}`, false},
		{"POST", "/api/logout", `{}`, false}, // last: a valid one would end ann's session
	}
	for _, ep := range endpoints {
		path := strings.Replace(ep.path, "ID", g.ID, 1)
		if !ep.open {
			if code, body := e.anon().raw(ep.method, path, []byte(ep.body), nil); code != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d %s", ep.method, path, code, body)
			}
			bad := *ann
			bad.csrf = "wrong"
			if code, body := bad.raw(ep.method, path, []byte(ep.body), nil); code != http.StatusForbidden {
				t.Errorf("%s %s with a wrong CSRF token: %d %s", ep.method, path, code, body)
			}
		}
		if code, body := ann.raw(ep.method, path, []byte(`{"x":`), nil); code != http.StatusBadRequest {
			t.Errorf("%s %s with malformed JSON: %d %s", ep.method, path, code, body)
		}
		if code, body := ann.raw(ep.method, path, []byte(ep.body), map[string]string{"Content-Type": "text/plain"}); code != http.StatusUnsupportedMediaType {
			t.Errorf("%s %s as text/plain: %d %s", ep.method, path, code, body)
		}
		if strings.Contains(ep.path, "ID") {
			unknown := strings.Replace(ep.path, "ID", "0123456789ab", 1)
			if code, body := ann.raw(ep.method, unknown, []byte(ep.body), nil); code != http.StatusNotFound {
				t.Errorf("%s %s: %d %s", ep.method, unknown, code, body)
			}
		}
	}
	for _, path := range []string{"/api/games/0123456789ab", "/api/games/0123456789ab/record", "/api/games/0123456789ab/replay", "/api/games/0123456789ab/events", "/api/games/0123456789ab/chat"} {
		if code, _ := ann.raw("GET", path, nil, nil); code != http.StatusNotFound {
			t.Errorf("GET %s: %d", path, code)
		}
	}
	if v := ann.view(g.ID, ""); v.Move != 0 || v.Over {
		t.Fatalf("refused requests changed the game: %+v", v)
	}
}
