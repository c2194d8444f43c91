package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	_ "sandtable/internal/games/primogenita"
	"sandtable/internal/store"
)

// TestComputerWaitsAfterItsSecretChoice: in La Primogenita's Order choice
// a side that has committed stays active (it may take its choice back)
// but waits (engine.Deciding). The computer must commit once and then
// leave the choice to the person: asked again it would only take its
// commit back and choose anew, for ever.
func TestComputerWaitsAfterItsSecretChoice(t *testing.T) {
	e := newEnv(t)
	g := e.guest()
	v := g.create(map[string]any{"game": "primogenita", "mode": "computer", "side": "allied", "computer": "random"})
	settle := func() {
		done := make(chan struct{})
		go func() { e.srv.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("the computer did not stop playing within 20 s")
		}
	}
	for step := 0; ; step++ {
		settle()
		pv := g.view(v.ID, "?side=allied")
		if pv.Over || step > 2000 {
			t.Fatalf("no Order choice reached in %d actions", step)
		}
		var prim struct {
			Choice *struct {
				Committed      bool `json:"committed"`
				OtherCommitted bool `json:"other_committed"`
			} `json:"choice"`
		}
		b, _ := json.Marshal(pv.View)
		if err := json.Unmarshal(b, &prim); err != nil {
			t.Fatal(err)
		}
		if c := prim.Choice; c != nil && !c.Committed {
			if !c.OtherCommitted {
				t.Fatalf("the computer has not made its choice while the Allies choose (move %d)", pv.Move)
			}
			// The computer waits: nothing moves while the person thinks.
			time.Sleep(200 * time.Millisecond)
			settle()
			if again := g.view(v.ID, "?side=allied"); again.Move != pv.Move {
				t.Fatalf("the computer went on playing after its commit: move %d, then %d", pv.Move, again.Move)
			}
			var list []listEntry
			g.call("GET", "/api/games", nil, &list)
			if len(list) != 1 || !list[0].YourTurn {
				t.Fatalf("the Allies' pending choice is not their turn in the game list: %+v", list)
			}
			return
		}
		if len(pv.Actions) == 0 {
			continue
		}
		act := pv.Actions[0].Action
		for _, a := range pv.Actions {
			if a.Action == "commit" || strings.HasPrefix(a.Action, "pick ") && act != "commit" {
				act = a.Action
			}
		}
		g.mustAct(v.ID, "allied", pv.Move, act)
	}
}

// TestSecretPicksTellNobody: while La Primogenita's sides choose their
// Orders, one side's picks and drops are sealed (engine.Session.Shown):
// the other side and an observer see nothing change, neither their view
// (move number, log, what they may undo, the version) nor the list of
// games, the replay, the clock or the live updates. The commit is public.
func TestSecretPicksTellNobody(t *testing.T) {
	e := newEnv(t)
	ann, bob, anon := e.user("ann"), e.user("bob"), e.anon()
	g := invited(ann, bob, "primogenita", [2]string{"italian", "allied"}, map[string]any{"pace": "fast"})
	players := map[string]*client{"italian": ann, "allied": bob}
	var v *gameView
	for step := 0; ; step++ {
		e.srv.Wait()
		v = ann.view(g.ID, "?side=italian")
		if len(v.Active) == 2 {
			break
		}
		if v.Over || step > 500 {
			t.Fatalf("no Order choice in %d actions", step)
		}
		side := v.Active[0]
		pv := players[side].view(g.ID, "?side="+side)
		players[side].mustAct(g.ID, side, pv.Move, pv.Actions[0].Action)
	}
	e.srv.Wait()
	seen := func() map[string]string {
		out := map[string]string{}
		for _, q := range []struct{ who, path string }{
			{"allied view", "/api/games/" + g.ID + "?side=allied"},
			{"allied list", "/api/games"},
			{"allied replay", "/api/games/" + g.ID + "/replay?side=allied"},
		} {
			_, b := bob.raw("GET", q.path, nil, nil)
			out[q.who] = unclocked(t, b)
		}
		_, b := anon.raw("GET", "/api/games/"+g.ID, nil, nil)
		out["observer view"] = unclocked(t, b)
		sg, err := e.st.Game(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		out["clock"] = fmt.Sprint(sg.Clock)
		return out
	}
	// Bob's live updates, and Ann's on another page.
	stream := func(c *client) chan string {
		req, _ := http.NewRequestWithContext(t.Context(), "GET", e.http.URL+"/api/games/"+g.ID+"/events", nil)
		resp, err := c.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		events := make(chan string, 64)
		go func() {
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "data: ") {
					events <- sc.Text()
				}
			}
		}()
		<-events // the stream's first event
		return events
	}
	events, own := stream(bob), stream(ann)
	// told waits for an update on ch that says want.
	told := func(ch chan string, want string) bool {
		for deadline := time.After(5 * time.Second); ; {
			select {
			case ev := <-ch:
				if strings.Contains(ev, want) {
					return true
				}
			case <-deadline:
				return false
			}
		}
	}
	seen()
	before := seen()
	shown := v.Move
	find := func(v *gameView, prefix string) string {
		for _, a := range v.Actions {
			if strings.HasPrefix(a.Action, prefix) {
				return a.Action
			}
		}
		return ""
	}
	picked := 0
	for find(v, "commit") == "" || picked < 2 {
		a := find(v, "pick ")
		if picked == 1 {
			// A drop, and the same Order picked again, are sealed too.
			d := ann.mustAct(g.ID, "italian", v.Move, "drop"+strings.TrimPrefix(find(v, "drop "), "drop"))
			a = "pick" + strings.TrimPrefix(find(v, "drop "), "drop")
			v = d
		}
		if a == "" {
			t.Fatalf("no Order to pick: %v", v.Actions)
		}
		v = ann.mustAct(g.ID, "italian", v.Move, a)
		picked++
		if v.Move != shown || !v.Quiet {
			t.Fatalf("a pick moved the shown move from %d to %d (quiet %v)", shown, v.Move, v.Quiet)
		}
		// Ann's other page follows her secret choice (a drop, then this
		// pick: the latest update counts both).
		if !told(own, fmt.Sprintf(`"sealed":%d`, v.Sealed)) {
			t.Fatalf("Ann's other page was not told of her pick (her view counts %d)", v.Sealed)
		}
	}
	e.srv.Wait()
	// The Allies' view, asked for twice before the picks (seen), is still
	// kept: one built afresh would take longer, and tell.
	e.srv.mu.Lock()
	lv := e.srv.live[g.ID]
	e.srv.mu.Unlock()
	lv.mu.Lock()
	kept, allied := 0, engine.Side(0) // primogenita's first side
	for k, b := range lv.pages.bodies {
		if k.side == allied && b != nil {
			kept++
		}
	}
	lv.mu.Unlock()
	if kept == 0 {
		t.Error("Italy's secret picks dropped the Allies' kept view")
	}
	for k, was := range seen() {
		if was != before[k] {
			t.Errorf("Italy's secret picks changed the %s:\n%.2000s\n%.2000s", k, before[k], was)
		}
	}
	select {
	case ev := <-events:
		t.Fatalf("the Allies were told of Italy's secret picks: %s", ev)
	case <-time.After(200 * time.Millisecond):
	}
	// The commit is public: the Allies see the move and are told. Its
	// one action left, uncommit, is an aside: no page plays it as forced.
	if cv := ann.mustAct(g.ID, "italian", v.Move, "commit"); len(cv.Actions) != 1 || !cv.Actions[0].Aside {
		t.Fatalf("after the commit Italy may %+v, want only uncommit as an aside", cv.Actions)
	}
	select {
	case ev := <-events:
		if !strings.Contains(ev, fmt.Sprintf(`"move":%d`, shown+1)) {
			t.Fatalf("the commit's update: %s", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the Allies were not told of Italy's commit")
	}
	bv := bob.view(g.ID, "?side=allied")
	if bv.Move != shown+1 {
		t.Fatalf("after the commit the Allies see move %d, want %d", bv.Move, shown+1)
	}
	// Italy's commit leaves the Allies' choice going on: a pick made on the
	// page they had before it is not stale.
	if code, _ := bob.act(g.ID, "allied", shown, find(bv, "pick ")); code != http.StatusOK {
		t.Fatalf("an Allied pick made before Italy's commit: %d, want 200", code)
	}
	if code, _ := bob.act(g.ID, "allied", shown-1, find(bv, "pick ")); code != http.StatusConflict {
		t.Fatalf("an Allied pick made before the choice began: %d, want 409", code)
	}
	// A page behind its own side's commit, or its own secret picks, is stale.
	if code, _ := ann.act(g.ID, "italian", shown, "uncommit"); code != http.StatusConflict {
		t.Fatalf("Italy's uncommit from a page that did not show its commit: %d, want 409", code)
	}
	bv = bob.view(g.ID, "?side=allied")
	stale := map[string]any{"side": "allied", "move": bv.Move, "sealed": bv.Sealed - 1, "action": find(bv, "pick ")}
	if code := bob.call("POST", "/api/games/"+g.ID+"/actions", stale, nil); code != http.StatusConflict {
		t.Fatalf("an Allied pick from a page behind their own picks: %d, want 409", code)
	}
	stale["sealed"] = bv.Sealed
	if code := bob.call("POST", "/api/games/"+g.ID+"/actions", stale, nil); code != http.StatusOK {
		t.Fatalf("an Allied pick from a page that shows their picks: %d, want 200", code)
	}
}

// unclocked is a view or list without its clock, whose time left is
// reckoned to the moment of the request (the stored clock is compared).
func unclocked(t *testing.T, b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v: %.200s", err, b)
	}
	if m, ok := v.(map[string]any); ok {
		delete(m, "clock")
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// TestQuietChangeFromAnotherProcess: a sealed action made by another
// process sharing the database (store.Change.Quiet) drops the copy in
// memory but tells no open page, and the copy loaded again keeps the
// version the pages know; a public change tells them.
func TestQuietChangeFromAnotherProcess(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 2})
	ann.mustAct(g.ID, "north", 0, "take 1")
	e.srv.Wait()
	was := ann.view(g.ID, "").Version
	sb, err := e.srv.hub.subscribe(g.ID, 0, "client")
	if err != nil {
		t.Fatal(err)
	}
	e.srv.Changed(store.Change{Game: g.ID, Move: 1, Status: store.StatusActive, Quiet: true})
	if v := ann.view(g.ID, ""); v.Version != was || was == 0 {
		t.Fatalf("after another process's sealed action the version is %d, was %d", v.Version, was)
	}
	select {
	case b := <-sb.ch:
		t.Fatalf("a page was told of another process's sealed action: %s", b)
	default:
	}
	e.srv.Changed(store.Change{Game: g.ID, Move: 4, Status: store.StatusActive})
	select {
	case b := <-sb.ch:
		if !strings.Contains(string(b), `"move":4`) {
			t.Fatalf("the public change's event: %s", b)
		}
	default:
		t.Fatal("a page was not told of another process's public change")
	}
}

// TestComputerCommitIsHeld: in La Primogenita's Order choice a searching
// computer's commit waits until five decisions' thinking time since it
// began the choice, however many Orders it picked; its picks, a player
// that does not search by the clock, and a choice without a secret action
// of its own are not held.
func TestComputerCommitIsHeld(t *testing.T) {
	g, _ := engine.Lookup("primogenita")
	sess, err := engine.NewSession(g, engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for len(sess.State.Active().Sides()) < 2 {
		side := sess.State.Active().Sides()[0]
		if err := sess.Apply(side, sess.State.Legal(side, nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	allied, _ := engine.SideByName(g, "allied")
	normal, err := DefaultComputerLimits.player("normal", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	random, _ := DefaultComputerLimits.player("random", g, 1)
	budget := normal.(*ai.MCTS).Config.Budget
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	lv := &live{sess: sess, choiceFrom: sess.RoundFrom(), choiceAt: t0}
	for _, p := range []string{"pick 36", "pick 31"} {
		a, _ := sess.State.DecodeAction(p)
		if hold := lv.secretHold(allied, a, normal, t0); hold != 0 {
			t.Fatalf("%s held %v", p, hold)
		}
		if err := sess.Apply(allied, a); err != nil {
			t.Fatal(err)
		}
	}
	commit, _ := sess.State.DecodeAction("commit")
	if hold := lv.secretHold(allied, commit, normal, t0.Add(time.Second)); hold != 5*budget-time.Second {
		t.Fatalf("commit held %v, want %v", hold, 5*budget-time.Second)
	}
	if hold := lv.secretHold(allied, commit, random, t0); hold != 0 {
		t.Fatalf("the random player's commit held %v", hold)
	}
	italian, _ := engine.SideByName(g, "italian")
	if hold := lv.secretHold(italian, commit, normal, t0); hold != 0 {
		t.Fatalf("a commit after no secret action held %v", hold)
	}
}
