package server

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// TestNoHiddenInformationLeaks plays the vault test game, whose secrets
// are searchable strings, and checks every answer each side and observers
// get: none carries the other side's secret.
func TestNoHiddenInformationLeaks(t *testing.T) {
	e := newEnv(t)
	red, blue, carol, anon := e.user("ann"), e.user("bob"), e.user("carol"), e.anon()
	g := invited(red, blue, "vault", [2]string{"red", "blue"}, nil)
	rec, _ := e.st.Record(t.Context(), g.ID)
	sess, err := engine.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	st := sess.State.(*vaultState)
	secret := map[string]string{"red": st.Codes[0], "blue": st.Codes[1]}

	seen := map[string][]string{} // who -> bodies received
	get := func(who string, c *client, method, path string, body []byte) (int, string) {
		code, b := c.raw(method, path, body, nil)
		seen[who] = append(seen[who], string(b))
		return code, string(b)
	}
	players := map[string]*client{"red": red, "blue": blue}
	peeked := map[string]bool{}
	for move := 0; move < 20; move++ {
		for who, c := range map[string]*client{"red": red, "blue": blue, "carol": carol, "anon": anon} {
			get(who, c, "GET", "/api/games/"+g.ID, nil)
			get(who, c, "GET", "/api/games/"+g.ID+"?lang=it", nil)
			get(who, c, "GET", "/api/games/"+g.ID+"/replay?at=0", nil)
			get(who, c, "GET", "/api/games/"+g.ID+"/record", nil)
			get(who, c, "GET", "/api/games", nil)
		}
		v := red.view(g.ID, "")
		if v.Over {
			break
		}
		side := v.Active[0]
		action := "step"
		if move >= 2 && !peeked[side] { // each side peeks once: a private log entry
			action, peeked[side] = "peek", true
		}
		body := []byte(`{"side":"` + side + `","move":` + strconv.Itoa(v.Move) + `,"action":"` + action + `"}`)
		if code, b := get(side, players[side], "POST", "/api/games/"+g.ID+"/actions", body); code != http.StatusOK {
			t.Fatalf("%s %s: %d %s", side, action, code, b)
		}
		// A stale action answers with a view: it must be the actor's.
		if code, _ := get(side, players[side], "POST", "/api/games/"+g.ID+"/actions", body); code != http.StatusConflict {
			t.Fatalf("stale repeat: %d", code)
		}
	}
	if v := red.view(g.ID, ""); !v.Over {
		t.Fatal("the game did not end")
	}
	for who, bodies := range seen {
		all := strings.Join(bodies, "\n")
		for side, code := range secret {
			may := who == side
			if strings.Contains(all, code) != may {
				if may {
					t.Errorf("%s never saw its own secret", who)
				} else {
					t.Errorf("%s saw %s's secret %s", who, side, code)
				}
			}
		}
	}
	// Once over, the record (with the seed) is for everyone, and so the
	// secrets: checked apart from the answers above, which ran in play.
	if code, _ := carol.raw("GET", "/api/games/"+g.ID+"/record", nil, nil); code != http.StatusOK {
		t.Fatalf("record after the end: %d", code)
	}
}
