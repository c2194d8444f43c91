package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestClocks plays an invite game at the "live" pace on a fake clock: the
// clocks stand still until the invited player joins, charge the side to
// decide, credit each action up to the cap, and end the game when a side's
// time runs out.
func TestClocks(t *testing.T) {
	e := newEnv(t)
	clock := &fakeClock{t: time.Now()}
	e.srv.cfg.Now = clock.now
	ann, bob := e.user("ann"), e.user("bob")
	if code, msg := ann.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat", "pace": "live"}); code != http.StatusBadRequest {
		t.Fatalf("pace in a hot-seat game: %d %s", code, msg)
	}
	if code, msg := ann.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "invite", "side": "north", "pace": "blitz"}); code != http.StatusBadRequest {
		t.Fatalf("unknown pace: %d %s", code, msg)
	}
	g := ann.create(map[string]any{"game": "toy", "mode": "invite", "side": "north", "pace": "live"})
	h := time.Hour.Milliseconds()
	left := func(who *client, side string) int64 {
		t.Helper()
		v := who.view(g.ID, "")
		if v.Clock == nil {
			t.Fatal("no clock in the view")
		}
		return v.Clock.Left[side]
	}
	clock.add(48 * time.Hour) // nobody has joined: no clock runs
	if l := left(ann, "north"); l != 24*h {
		t.Fatalf("north's time before the game is full: %d h", l/h)
	}
	token := inviteToken(g)
	bob.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "south", "token": token}, nil)
	clock.add(10 * time.Hour)
	if l := left(bob, "north"); l != 14*h {
		t.Fatalf("north's time after 10 h: %d h", l/h)
	}
	ann.mustAct(g.ID, "north", 0, "take 1") // 14 h + 4 h
	clock.add(5 * time.Hour)
	if n, s := left(ann, "north"), left(ann, "south"); n != 18*h || s != 19*h {
		t.Fatalf("after north's action and 5 h: north %d h, south %d h", n/h, s/h)
	}
	if v := ann.view(g.ID, ""); len(v.Clock.Running) != 1 || v.Clock.Running[0] != "south" {
		t.Fatalf("running clocks: %v", v.Clock.Running)
	}
	// South sleeps past his time: the sweep ends the game.
	clock.add(20 * time.Hour)
	if err := e.srv.SweepClocks(t.Context()); err != nil {
		t.Fatal(err)
	}
	v := bob.view(g.ID, "")
	if !v.Over || v.Result != "south ran out of time" || v.Clock.Left["south"] != 0 || len(v.Clock.Running) != 0 {
		t.Fatalf("after the timeout: %+v %+v", v, v.Clock)
	}
	if code, msg := bob.errOf("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": "south", "move": 1, "action": "take 1"}); code != http.StatusConflict {
		t.Fatalf("action after the timeout: %d %s", code, msg)
	}
}

// TestClockRunsOutOnAction: a side that acts after its time ran out, before
// any sweep, loses instead of moving.
func TestClockRunsOutOnAction(t *testing.T) {
	e := newEnv(t)
	clock := &fakeClock{t: time.Now()}
	e.srv.cfg.Now = clock.now
	ann, bob := e.user("ann"), e.user("bob")
	g := invited(ann, bob, "toy", [2]string{"north", "south"}, map[string]any{"pace": "fast"})
	clock.add(73 * time.Hour)
	code, msg := ann.errOf("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": "north", "move": 0, "action": "take 1"})
	if code != http.StatusConflict || !strings.Contains(msg, "north ran out of time") {
		t.Fatalf("late action: %d %s", code, msg)
	}
	rec, _ := e.st.Record(t.Context(), g.ID)
	if len(rec.Actions) != 0 {
		t.Fatal("the late action was recorded")
	}
	// A rematch keeps the pace and, both players being seated, starts at once.
	var r gameView
	if code := bob.call("POST", "/api/games/"+g.ID+"/rematch", map[string]any{}, &r); code != http.StatusCreated || r.Clock == nil || r.Clock.Pace != "fast" || len(r.Clock.Running) != 1 {
		t.Fatalf("rematch: %d %+v", code, r.Clock)
	}
}

// TestClockCreditsARunOnce: a side's actions in a row earn its time once,
// at the first: WDF's choice of a piece may be taken again and again, and
// crediting each would refill the clock to its cap at will.
func TestClockCreditsARunOnce(t *testing.T) {
	e := newEnv(t)
	clock := &fakeClock{t: time.Now()}
	e.srv.cfg.Now = clock.now // never advanced: nothing is charged
	ann, bob := e.user("ann"), e.user("bob")
	g := ann.create(map[string]any{"game": "wdf", "mode": "invite", "side": "allied", "pace": "live"})
	bob.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "axis", "token": inviteToken(g)}, nil)
	h := time.Hour.Milliseconds()
	players := map[string]*client{"allied": ann, "axis": bob}
	last, run, move := "", 0, 0
	for ; move < 400 && run < 4; move++ {
		v := ann.view(g.ID, "")
		if v.Over || len(v.Active) != 1 {
			t.Fatalf("at %d: over %v, active %v", move, v.Over, v.Active)
		}
		side := v.Active[0]
		if side != last {
			last, run = side, 0
		}
		before := v.Clock.Left[side]
		p := players[side]
		pv := p.view(g.ID, "")
		if len(pv.Actions) == 0 {
			t.Fatalf("at %d: %s has no action", move, side)
		}
		after := p.mustAct(g.ID, side, move, pv.Actions[0].Action).Clock.Left[side]
		want := before
		if run == 0 {
			want = min(before+4*h, 72*h)
		}
		if after != want {
			t.Fatalf("action %d, the %d. of %s's run: clock %d h, want %d h", move, run+1, side, after/h, want/h)
		}
		run++
	}
	if run < 4 {
		t.Fatalf("no run of four actions by one side in %d actions", move)
	}
}
