package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"testing"
	"time"

	"sandtable/internal/engine"
)

// finish plays the first legal action of the side to move until the game
// ends (a hot-seat game of c's).
func finish(t *testing.T, c *client, id string) *gameView {
	t.Helper()
	v := c.view(id, "")
	for i := 0; !v.Over && i < 10000; i++ {
		v = c.view(id, "?side="+v.Active[0])
		v = c.mustAct(id, v.Side, v.Move, v.Actions[0].Action)
	}
	if !v.Over {
		t.Fatal("the game did not end")
	}
	return v
}

// TestCoachOnlyWithoutAPersonOpposing: the computer's advice is refused,
// with a clear reason, to both players of a game between two people and
// to its observers while it goes on; given in hot seat and against the
// computer; given to anyone once the game is over (issue 28).
func TestCoachOnlyWithoutAPersonOpposing(t *testing.T) {
	e := newEnv(t)
	ann, bob, eve := e.user("ann"), e.user("bob"), e.user("eve")
	duel := invited(ann, bob, "toy", [2]string{"north", "south"}, nil)
	for _, c := range []*client{ann, bob, eve, e.anon()} {
		for _, path := range []string{"/coach", "/coach?side=north", "/coach?at=0", "/coach/graph"} {
			code, msg := c.errOf("GET", "/api/games/"+duel.ID+path, nil)
			if code != http.StatusForbidden && !(path == "/coach/graph" && code == http.StatusConflict) || msg == "" {
				t.Errorf("%s asks %s of a game between people: %d %q", c.name, path, code, msg)
			}
		}
	}
	// An open seat: a person may still take it.
	open := ann.create(map[string]any{"game": "toy", "mode": "invite", "side": "north"})
	if code, msg := ann.errOf("GET", "/api/games/"+open.ID+"/coach", nil); code != http.StatusForbidden {
		t.Errorf("a game awaiting a person: %d %q", code, msg)
	}

	vsComputer := ann.create(map[string]any{"game": "toy", "mode": "computer", "side": "north", "computer": "testfirst", "seed": 4})
	hot := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 5})
	for _, g := range []*gameView{vsComputer, hot} {
		var adv adviceJSON
		if code := ann.call("GET", "/api/games/"+g.ID+"/coach?side=north&lang=it", nil, &adv); code != http.StatusOK {
			t.Fatalf("advice in %s: %d", g.ID, code)
		}
		checkAdvice(t, adv, "north")
		if code, msg := eve.errOf("GET", "/api/games/"+g.ID+"/coach", nil); code != http.StatusForbidden {
			t.Errorf("an observer of %s: %d %q", g.ID, code, msg)
		}
		if code, msg := ann.errOf("GET", "/api/games/"+g.ID+"/coach?side=south", nil); g == vsComputer && code != http.StatusForbidden {
			t.Errorf("advice from the computer's side: %d %q", code, msg)
		}
		// An observer's advice is searched from the side deciding: against
		// the computer that may be the computer's, with its secrets.
		if code, msg := ann.errOf("GET", "/api/games/"+g.ID+"/coach?side=observer", nil); g == vsComputer && code != http.StatusForbidden {
			t.Errorf("advice as an observer against the computer: %d %q", code, msg)
		}
	}

	// Over: the record is public, and so is the coach.
	over := finish(t, ann, hot.ID)
	for _, c := range []*client{eve, e.anon()} {
		var adv adviceJSON
		if code := c.call("GET", "/api/games/"+hot.ID+"/coach?at=1", nil, &adv); code != http.StatusOK {
			t.Fatalf("advice in a finished game: %d", code)
		}
		checkAdvice(t, adv, "")
		var g graphJSON
		if code := c.call("GET", "/api/games/"+hot.ID+"/coach/graph", nil, &g); code != http.StatusOK {
			t.Fatalf("graph of a finished game: %d", code)
		}
		if g.Moves != over.Move || len(g.Points) < 2 || g.Points[0].At != 0 || g.Points[len(g.Points)-1].At != over.Move {
			t.Fatalf("graph %+v of a game of %d moves", g, over.Move)
		}
	}
	if code, msg := eve.errOf("GET", "/api/games/"+hot.ID+"/coach?at=100000", nil); code != http.StatusBadRequest {
		t.Errorf("a move past the end: %d %q", code, msg)
	}
	if code, msg := eve.errOf("GET", "/api/games/"+hot.ID+"/coach?side=nobody", nil); code != http.StatusBadRequest {
		t.Errorf("an unknown side: %d %q", code, msg)
	}
}

// TestCoachOnRecordFile: a record file opened in the replay viewer gets
// the coach too (its holder has it all), from any side; a file that is
// not a record is refused and changes nothing.
func TestCoachOnRecordFile(t *testing.T) {
	e := newEnv(t)
	ann, eve := e.user("ann"), e.user("eve")
	hot := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 8})
	finish(t, ann, hot.ID)
	code, rec := ann.raw("GET", "/api/games/"+hot.ID+"/record", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("record: %d", code)
	}
	code, body := eve.raw("POST", "/api/replay/coach?at=2&side=south&lang=it", rec, nil)
	var adv adviceJSON
	if err := json.Unmarshal(body, &adv); code != http.StatusOK || err != nil {
		t.Fatalf("advice on a record file: %d %s", code, body)
	}
	checkAdvice(t, adv, "")
	if adv.Viewer != "south" || adv.At != 2 {
		t.Fatalf("advice %+v", adv)
	}
	code, body = eve.raw("POST", "/api/replay/coach/graph", rec, nil)
	var g graphJSON
	if err := json.Unmarshal(body, &g); code != http.StatusOK || err != nil || len(g.Points) < 2 {
		t.Fatalf("graph of a record file: %d %s", code, body)
	}
	for _, bad := range []string{`{}`, `{"game":"nosuch"}`, `not json`} {
		if code, body := eve.raw("POST", "/api/replay/coach", []byte(bad), nil); code != http.StatusBadRequest {
			t.Errorf("file %s: %d %s", bad, code, body)
		}
	}
}

// checkAdvice checks an answer's shape: side's choices (when side is
// given) with labels, and chances that add up to one.
func checkAdvice(t *testing.T, adv adviceJSON, side string) {
	t.Helper()
	if side != "" && (adv.Side != side || adv.Viewer != side) {
		t.Fatalf("advice for %q from %q, want %q", adv.Side, adv.Viewer, side)
	}
	if len(adv.Choices) == 0 || len(adv.Choices) > coachTop {
		t.Fatalf("%d choices: %+v", len(adv.Choices), adv)
	}
	for _, c := range adv.Choices {
		if c.Label == "" || c.Action == "" || c.Chance < 0 || c.Chance > 1 {
			t.Fatalf("choice %+v", c)
		}
	}
	sum := 0.0
	for _, c := range adv.Chances {
		sum += c
	}
	if len(adv.Chances) != len(adv.Sides) || math.Abs(sum-1) > 1e-9 {
		t.Fatalf("chances %v of %v", adv.Chances, adv.Sides)
	}
}

// TestCoachBounds: a user's analyses are counted (429 past the allowance,
// every game alike), and a finished game's graph is made once and kept.
func TestCoachBounds(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.user("ann"), e.user("bob")
	hot := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 6})
	finish(t, ann, hot.ID)
	var first, again graphJSON
	if code := ann.call("GET", "/api/games/"+hot.ID+"/coach/graph", nil, &first); code != http.StatusOK {
		t.Fatalf("graph: %d", code)
	}
	for i := 0; i < 3; i++ {
		if code := bob.call("GET", "/api/games/"+hot.ID+"/coach/graph", nil, &again); code != http.StatusOK {
			t.Fatalf("graph again: %d", code)
		}
	}
	if e.srv.graphs.size() != 1 || fmt.Sprint(first) != fmt.Sprint(again) {
		t.Fatalf("%d graphs kept; %+v then %+v", e.srv.graphs.size(), first, again)
	}
	// ann made the graph (1), bob was served the kept one (0).
	for i := 1; i < coachPerPeriod; i++ {
		if code, msg := ann.errOf("GET", fmt.Sprintf("/api/games/%s/coach?at=%d", hot.ID, i%3), nil); code != http.StatusOK {
			t.Fatalf("analysis %d: %d %q", i+1, code, msg)
		}
	}
	code, msg := ann.errOf("GET", "/api/games/"+hot.ID+"/coach", nil)
	if code != http.StatusTooManyRequests || msg == "" {
		t.Fatalf("analysis past the allowance: %d %q", code, msg)
	}
	if code := bob.call("GET", "/api/games/"+hot.ID+"/coach", nil, nil); code != http.StatusOK {
		t.Fatalf("another user's analysis: %d", code)
	}
	e.clock.add(loginPeriod)
	if code := ann.call("GET", "/api/games/"+hot.ID+"/coach", nil, nil); code != http.StatusOK {
		t.Fatalf("analysis after the period: %d", code)
	}
}

// TestCoachWaitsForAComputerSlot: an analysis runs in the computer
// players' slots; while every slot is taken it waits.
func TestCoachWaitsForAComputerSlot(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	hot := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 7})
	if err := e.srv.think.enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	done := make(chan int, 1)
	go func() { done <- ann.call("GET", "/api/games/"+hot.ID+"/coach", nil, nil) }()
	select {
	case code := <-done:
		t.Fatalf("answered %d while every computer slot was taken", code)
	case <-time.After(300 * time.Millisecond):
	}
	e.srv.think.leave()
	if code := <-done; code != http.StatusOK {
		t.Fatalf("after the slot was freed: %d", code)
	}
}

func TestGraphAts(t *testing.T) {
	rec := func(sides string) engine.Record {
		var r engine.Record
		for _, c := range sides {
			r.Actions = append(r.Actions, engine.RecordEntry{Side: string(c)})
		}
		return r
	}
	long := make([]byte, 1000)
	for i := range long {
		long[i] = "ab"[i%2]
	}
	for _, tc := range []struct {
		name  string
		rec   engine.Record
		turns []turnMark
		valid int
		want  []int
	}{
		{"empty", rec(""), nil, 0, []int{0}},
		{"hand-overs", rec("aabbba"), nil, 6, []int{0, 2, 5, 6}},
		{"valid part", rec("aabbba"), nil, 4, []int{0, 2, 4}},
		{"turn marks", rec("aabbba"), []turnMark{{At: 0}, {At: 3}, {At: 6}}, 6, []int{0, 3, 6}},
	} {
		if got := graphAts(tc.rec, tc.turns, tc.valid); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	got := graphAts(rec(string(long)), nil, 1000)
	if len(got) != graphPoints || got[0] != 0 || got[len(got)-1] != 1000 || !slices.IsSorted(got) {
		t.Errorf("a long game: %d points %v", len(got), got)
	}
}
