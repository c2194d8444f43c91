package server

import (
	"net/http"
	"strings"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/store"
)

func TestRegisterLoginLogout(t *testing.T) {
	e := newEnv(t)
	a := e.anon()
	cases := []struct {
		name, password string
		want           int
	}{
		{"x", "long enough", http.StatusBadRequest},
		{"bad name!", "long enough", http.StatusBadRequest},
		{"guest-ann", "long enough", http.StatusBadRequest},
		{"ann", "short", http.StatusBadRequest},
		{"ann", "long enough", http.StatusCreated},
		{"ann", "another one", http.StatusConflict},
	}
	for _, c := range cases {
		if code, msg := a.errOf("POST", "/api/register", map[string]string{"name": c.name, "password": c.password}); code != c.want {
			t.Errorf("register %q/%q: %d %q, want %d", c.name, c.password, code, msg, c.want)
		}
	}
	var me meJSON
	a.call("GET", "/api/me", nil, &me)
	if !me.LoggedIn || me.Name != "ann" || me.CSRF == "" {
		t.Fatalf("me after register: %+v", me)
	}
	a.csrf = me.CSRF
	if code := a.call("POST", "/api/logout", map[string]any{}, nil); code != http.StatusOK {
		t.Fatalf("logout: %d", code)
	}
	a.call("GET", "/api/me", nil, &me)
	if me.LoggedIn {
		t.Fatalf("still logged in after logout: %+v", me)
	}
	b := e.anon()
	if code, _ := b.errOf("POST", "/api/login", map[string]string{"name": "ann", "password": "wrong password"}); code != http.StatusUnauthorized {
		t.Fatalf("wrong password: %d", code)
	}
	if code, _ := b.errOf("POST", "/api/login", map[string]string{"name": "nobody", "password": "long enough"}); code != http.StatusUnauthorized {
		t.Fatalf("unknown user: %d", code)
	}
	if code := b.call("POST", "/api/login", map[string]string{"name": "ann", "password": "long enough"}, &me); code != http.StatusOK || me.Name != "ann" {
		t.Fatalf("login: %d %+v", code, me)
	}
}

func TestSessionCookieFlags(t *testing.T) {
	e := newEnv(t)
	code, _ := e.anon().raw("POST", "/api/guest", []byte(`{}`), nil)
	if code != http.StatusCreated {
		t.Fatal(code)
	}
	req, _ := http.NewRequest("POST", e.http.URL+"/api/guest", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cookies := resp.Cookies()
	if len(cookies) != 1 || !cookies[0].HttpOnly || cookies[0].SameSite != http.SameSiteLaxMode || cookies[0].Name != cookieName {
		t.Fatalf("session cookie: %+v", cookies)
	}
}

func TestLoginRateLimit(t *testing.T) {
	e := newEnv(t)
	e.user("ann")
	b := e.anon()
	for i := 0; i < loginPerName; i++ {
		if code, _ := b.errOf("POST", "/api/login", map[string]string{"name": "ann", "password": "wrong password"}); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i, code)
		}
	}
	// Even the right password is refused until the window ends.
	if code, msg := b.errOf("POST", "/api/login", map[string]string{"name": "ann", "password": "password-ann"}); code != http.StatusTooManyRequests || !strings.Contains(msg, "try again") {
		t.Fatalf("over the limit: %d %q", code, msg)
	}
	e.clock.add(loginPeriod)
	if code, _ := b.errOf("POST", "/api/login", map[string]string{"name": "ann", "password": "password-ann"}); code != http.StatusOK {
		t.Fatalf("after the window: %d", code)
	}
}

func TestCSRFAndOrigin(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	body := []byte(`{"game":"toy","mode":"hotseat"}`)
	cases := []struct {
		name   string
		header map[string]string
		csrf   string
		want   int
	}{
		{"no token", nil, "-", http.StatusForbidden},
		{"wrong token", nil, "nope", http.StatusForbidden},
		{"form post", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, "", http.StatusUnsupportedMediaType},
		{"other origin", map[string]string{"Origin": "https://evil.example"}, "", http.StatusForbidden},
		{"malformed origin", map[string]string{"Origin": "x"}, "", http.StatusForbidden},
		{"origin without host", map[string]string{"Origin": "https://"}, "", http.StatusForbidden},
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site"}, "", http.StatusForbidden},
		{"good", map[string]string{"Origin": e.http.URL}, "", http.StatusCreated},
	}
	for _, c := range cases {
		cl := *ann
		switch c.csrf {
		case "-":
			cl.csrf = ""
		case "":
		default:
			cl.csrf = c.csrf
		}
		if code, resp := cl.raw("POST", "/api/games", body, c.header); code != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, code, resp, c.want)
		}
	}
	var list []listEntry
	ann.call("GET", "/api/games", nil, &list)
	if len(list) != 1 {
		t.Fatalf("refused requests created games: %d games", len(list))
	}
}

func TestBadRequests(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 1})
	path := "/api/games/" + g.ID + "/actions"
	cases := []struct {
		name   string
		method string
		path   string
		body   string
		want   int
		reason string
	}{
		{"malformed JSON", "POST", path, `{"side":`, 400, "malformed JSON"},
		{"unknown field", "POST", path, `{"side":"north","move":0,"action":"take 1","x":1}`, 400, "unknown field"},
		{"two objects", "POST", path, `{"side":"north","move":0,"action":"take 1"}{}`, 400, "after the object"},
		{"no move number", "POST", path, `{"side":"north","action":"take 1"}`, 400, "move number"},
		{"unknown side", "POST", path, `{"side":"east","move":0,"action":"take 1"}`, 400, "no side"},
		{"unknown game", "POST", "/api/games/nope/actions", `{"side":"north","move":0,"action":"take 1"}`, 404, "no game"},
		{"unreadable action", "POST", path, `{"side":"north","move":0,"action":"jump"}`, 422, "cannot read"},
		{"illegal action", "POST", path, `{"side":"north","move":0,"action":"take 9"}`, 422, "cannot read"},
		{"out of turn", "POST", path, `{"side":"south","move":0,"action":"take 1"}`, 422, "not south's turn"},
		{"bad language", "POST", path, `{"side":"north","move":0,"action":"take 1","lang":"fr"}`, 400, "language"},
		{"unknown endpoint", "GET", "/api/nothing", ``, 404, "no such API"},
		{"unknown game view", "GET", "/api/games/nope", ``, 404, "no game"},
		{"bad create game", "POST", "/api/games", `{"game":"chess","mode":"hotseat"}`, 400, "unknown game"},
		{"bad create mode", "POST", "/api/games", `{"game":"toy","mode":"solo"}`, 400, "mode"},
		{"bad create side", "POST", "/api/games", `{"game":"toy","mode":"computer","side":"east","computer":"testfirst"}`, 400, "no side"},
		{"bad create computer", "POST", "/api/games", `{"game":"toy","mode":"computer","side":"north","computer":"deep-blue"}`, 400, "unknown computer"},
		{"bad scenario", "POST", "/api/games", `{"game":"toy","mode":"hotseat","scenario":"huge"}`, 400, "scenario"},
		{"undo with nothing", "POST", "/api/games/" + g.ID + "/undo", `{"side":"north","move":0}`, 422, "cannot undo"},
		{"replay outside", "GET", "/api/games/" + g.ID + "/replay?at=5", ``, 400, "outside"},
		{"record too early", "GET", "/api/games/nope/record", ``, 404, "no game"},
	}
	for _, c := range cases {
		var b []byte
		if c.method == "POST" {
			b = []byte(c.body)
		}
		code, resp := ann.raw(c.method, c.path, b, nil)
		if code != c.want || !strings.Contains(string(resp), c.reason) {
			t.Errorf("%s: %d %s, want %d with %q", c.name, code, resp, c.want, c.reason)
		}
	}
	if v := ann.view(g.ID, ""); v.Move != 0 || len(v.Log) != 0 {
		t.Fatalf("bad requests changed the game: move %d", v.Move)
	}
}

func TestHotseatPlayStaleAndUndo(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 3})
	if g.Side != "north" || len(g.Actions) == 0 || g.Prompt == "" || len(g.YourSides) != 2 || !g.Record {
		t.Fatalf("new hot-seat game: %+v", g)
	}
	v := ann.mustAct(g.ID, "north", 0, "take 1")
	if v.Move != 1 || len(v.Log) != 1 || v.Log[0].Rule != "1" || !v.CanUndo || len(v.UndoSides) != 1 || v.UndoSides[0] != "north" {
		t.Fatalf("after take 1: %+v", v)
	}
	// The same action sent again (a double click) is stale: 409 with the view.
	var stale struct {
		Error string    `json:"error"`
		View  *gameView `json:"view"`
	}
	code := ann.call("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": "north", "move": 0, "action": "take 1"}, &stale)
	if code != http.StatusConflict || stale.View == nil || stale.View.Move != 1 || !strings.Contains(stale.Error, "moved on") {
		t.Fatalf("stale action: %d %+v", code, stale)
	}
	// North's action can be taken back only by north, and only before south moves.
	if code, _ := ann.errOf("POST", "/api/games/"+g.ID+"/undo", map[string]any{"side": "south", "move": 1}); code != http.StatusUnprocessableEntity {
		t.Fatalf("south undoing north's action: %d", code)
	}
	var u gameView
	if code := ann.call("POST", "/api/games/"+g.ID+"/undo", map[string]any{"side": "north", "move": 1}, &u); code != http.StatusOK || u.Move != 0 || len(u.Log) != 0 {
		t.Fatalf("undo: %d %+v", code, u)
	}
	rec, _ := e.st.Record(t.Context(), g.ID)
	if len(rec.Actions) != 0 {
		t.Fatalf("undo left %d stored actions", len(rec.Actions))
	}
	// Play to the end, each side in turn.
	for move := 0; ; move++ {
		cur := ann.view(g.ID, "")
		if cur.Over {
			if cur.Result == "" || len(cur.Actions) != 0 || len(cur.Active) != 0 {
				t.Fatalf("finished game: %+v", cur)
			}
			break
		}
		ann.mustAct(g.ID, cur.Side, cur.Move, cur.Actions[0].Action)
		if move > 50 {
			t.Fatal("game does not end")
		}
	}
	// Once over, a stranger may replay it from either side.
	var rv replayView
	if code := e.user("zed").call("GET", "/api/games/"+g.ID+"/replay?at=1&side=south", nil, &rv); code != http.StatusOK || rv.Side != "south" || len(rv.Sides) != 2 {
		t.Fatalf("replay of a finished game from south: %d %+v", code, rv)
	}
	code, body := ann.raw("GET", "/api/games/"+g.ID+"/record", nil, nil)
	if code != http.StatusOK || !strings.Contains(string(body), `"game": "toy"`) {
		t.Fatalf("record: %d %s", code, body)
	}
	if code, _ := ann.errOf("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": "north", "move": ann.view(g.ID, "").Move, "action": "take 1"}); code != http.StatusConflict {
		t.Fatalf("action after the end: %d", code)
	}
}

func TestInvitationAndAuthorization(t *testing.T) {
	e := newEnv(t)
	ann, bob, carol := e.user("ann"), e.user("bob"), e.user("carol")
	guest := e.guest()
	if code, msg := guest.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "invite", "side": "north"}); code != http.StatusForbidden {
		t.Fatalf("guest inviting: %d %s", code, msg)
	}
	g := ann.create(map[string]any{"game": "toy", "mode": "invite", "side": "north"})
	if len(g.Invites) != 1 || g.Invites[0].Side != "south" {
		t.Fatalf("invites: %+v", g.Invites)
	}
	token := inviteToken(g)
	if v := bob.view(g.ID, ""); len(v.Invites) != 0 || v.Side != "observer" {
		t.Fatalf("a stranger sees the invitation or a side: %+v", v)
	}
	// Nobody moves before the invited player joins.
	if code, msg := ann.errOf("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": "north", "move": 0, "action": "take 1"}); code != http.StatusConflict || !strings.Contains(msg, "joined") {
		t.Fatalf("action before the game is full: %d %s", code, msg)
	}
	if v := ann.view(g.ID, ""); len(v.Actions) != 0 || len(v.WaitingFor) != 1 || v.WaitingFor[0] != "south" {
		t.Fatalf("view before the game is full: %+v", v)
	}
	join := "/api/games/" + g.ID + "/join"
	for _, c := range []struct {
		who  *client
		body map[string]any
		want int
	}{
		{bob, map[string]any{"side": "south", "token": "wrong"}, http.StatusForbidden},
		{bob, map[string]any{"side": "north", "token": token}, http.StatusConflict},
		{guest, map[string]any{"side": "south", "token": token}, http.StatusForbidden},
		{ann, map[string]any{"side": "south", "token": token}, http.StatusConflict},
		{bob, map[string]any{"side": "south", "token": token}, http.StatusOK},
		{carol, map[string]any{"side": "south", "token": token}, http.StatusConflict},
	} {
		if code, msg := c.who.errOf("POST", join, c.body); code != c.want {
			t.Errorf("%s joins with %v: %d %s, want %d", c.who.name, c.body, code, msg, c.want)
		}
	}
	// Each acts only for his side; an observer not at all.
	if code, _ := bob.act(g.ID, "north", 0, "take 1"); code != http.StatusForbidden {
		t.Fatalf("bob acting for north: %d", code)
	}
	if code, _ := carol.act(g.ID, "north", 0, "take 1"); code != http.StatusForbidden {
		t.Fatalf("carol acting for north: %d", code)
	}
	if code, _ := e.anon().act(g.ID, "north", 0, "take 1"); code != http.StatusUnauthorized {
		t.Fatalf("anonymous acting: %d", code)
	}
	if code, _ := bob.errOf("GET", "/api/games/"+g.ID+"?side=north", nil); code != http.StatusForbidden {
		t.Fatalf("bob asking north's view: %d", code)
	}
	ann.mustAct(g.ID, "north", 0, "take 2")
	if v := bob.view(g.ID, ""); v.Side != "south" || v.Move != 1 || len(v.Actions) == 0 {
		t.Fatalf("bob's view: %+v", v)
	}
	if v := ann.view(g.ID, ""); len(v.Actions) != 0 || v.Side != "north" {
		t.Fatalf("ann's view out of turn offers actions: %+v", v)
	}
	if code, msg := bob.errOf("GET", "/api/games/"+g.ID+"/record", nil); code != http.StatusForbidden {
		t.Fatalf("record of a game in progress: %d %s", code, msg)
	}
	var list []listEntry
	bob.call("GET", "/api/games", nil, &list)
	if len(list) != 1 || !list[0].YourTurn || list[0].Active[0] != "south" {
		t.Fatalf("bob's list: %+v", list)
	}
	ann.call("GET", "/api/games", nil, &list)
	if len(list) != 1 || list[0].YourTurn {
		t.Fatalf("ann's list: %+v", list)
	}
	if code := e.anon().call("GET", "/api/games", nil, nil); code != http.StatusUnauthorized {
		t.Fatalf("anonymous list: %d", code)
	}
}

func TestResignAndRematch(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.user("ann"), e.user("bob")
	g := invited(ann, bob, "toy", [2]string{"north", "south"}, nil)
	if code, _ := ann.errOf("POST", "/api/games/"+g.ID+"/rematch", map[string]any{}); code != http.StatusConflict {
		t.Fatalf("rematch before the end: %d", code)
	}
	if code, _ := bob.errOf("POST", "/api/games/"+g.ID+"/resign", map[string]any{"side": "north"}); code != http.StatusForbidden {
		t.Fatalf("bob resigning for ann: %d", code)
	}
	var v gameView
	if code := bob.call("POST", "/api/games/"+g.ID+"/resign", map[string]any{"side": "south"}, &v); code != http.StatusOK || !v.Over || v.Result != "south resigned" {
		t.Fatalf("resign: %d %+v", code, v)
	}
	if code, _ := ann.act(g.ID, "north", 0, "take 1"); code != http.StatusConflict {
		t.Fatalf("action after resignation: %d", code)
	}
	if code := e.user("carol").call("POST", "/api/games/"+g.ID+"/rematch", map[string]any{}, nil); code != http.StatusForbidden {
		t.Fatalf("stranger's rematch: %d", code)
	}
	var r1, r2 gameView
	if code := ann.call("POST", "/api/games/"+g.ID+"/rematch", map[string]any{}, &r1); code != http.StatusCreated {
		t.Fatalf("rematch: %d", code)
	}
	if code := bob.call("POST", "/api/games/"+g.ID+"/rematch", map[string]any{}, &r2); code != http.StatusOK || r2.ID != r1.ID {
		t.Fatalf("second rematch request: %d %s vs %s", code, r2.ID, r1.ID)
	}
	if r1.RematchOf != g.ID || r1.Seats[0].Player != "bob" || r1.Seats[1].Player != "ann" || r2.Side != "north" {
		t.Fatalf("rematch seats: %+v (bob sees %s)", r1.Seats, r2.Side)
	}
}

func TestComputerOpponent(t *testing.T) {
	e := newEnv(t)
	g := e.guest()
	// The computer plays north and so moves first, on the server.
	v := g.create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": "testfirst", "seed": 9})
	e.srv.Wait()
	for i := 0; ; i++ {
		cur := g.view(v.ID, "")
		if cur.Over {
			break
		}
		if cur.Move%2 != 1 && cur.Active[0] != "south" {
			t.Fatalf("it is not the guest's turn after the computer moved: %+v", cur)
		}
		g.mustAct(v.ID, "south", cur.Move, cur.Actions[len(cur.Actions)-1].Action)
		e.srv.Wait()
		if i > 50 {
			t.Fatal("game does not end")
		}
	}
	if code, _ := g.act(v.ID, "north", 0, "take 1"); code != http.StatusForbidden {
		t.Fatalf("acting for the computer's side: %d", code)
	}
	var bad int
	if n, err := Verify(t.Context(), e.st, new(strings.Builder)); err != nil || n != 0 {
		t.Fatalf("verify: %d mismatches, %v (%d)", n, err, bad)
	}
}

func TestReplayEndpoints(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 4})
	ann.mustAct(g.ID, "north", 0, "take 1")
	ann.mustAct(g.ID, "south", 1, "take 2")
	var rv replayView
	if code := ann.call("GET", "/api/games/"+g.ID+"/replay?at=1&side=south", nil, &rv); code != http.StatusOK || rv.At != 1 || rv.Moves != 2 || rv.Move != 1 || len(rv.Log) != 1 {
		t.Fatalf("replay at 1: %d %+v", code, rv)
	}
	_, rec := ann.raw("GET", "/api/games/"+g.ID+"/record", nil, nil)
	code, body := e.anon().raw("POST", "/api/replay?at=2&side=north", rec, nil)
	if code != http.StatusOK || !strings.Contains(string(body), `"moves":2`) {
		t.Fatalf("import: %d %s", code, body)
	}
	for i := 1; i < replayPerIP; i++ {
		e.anon().raw("POST", "/api/replay?at=0", rec, nil)
	}
	if code, _ := e.anon().raw("POST", "/api/replay?at=0", rec, nil); code != http.StatusTooManyRequests {
		t.Fatalf("replay flood: %d", code)
	}
	e.clock.add(loginPeriod)
	tampered := strings.Replace(string(rec), `"take 2"`, `"take 3"`, 1)
	if code, body := e.anon().raw("POST", "/api/replay?at=2", []byte(tampered), nil); code != http.StatusUnprocessableEntity || !strings.Contains(string(body), "hash") {
		t.Fatalf("tampered record: %d %s", code, body)
	}
}

func TestNotifyAbsentPlayers(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.user("ann"), e.user("bob")
	for _, c := range []struct {
		body map[string]any
		want int
	}{
		{map[string]any{"email": "not an address", "webhook": ""}, http.StatusBadRequest},
		{map[string]any{"email": "", "webhook": "ftp://x"}, http.StatusBadRequest},
		{map[string]any{"email": "bob@example.org", "webhook": "https://hooks.example.org/x"}, http.StatusOK},
	} {
		if code, msg := bob.errOf("PUT", "/api/me/notify", c.body); code != c.want {
			t.Errorf("notify %v: %d %s", c.body, code, msg)
		}
	}
	g := invited(ann, bob, "toy", [2]string{"north", "south"}, nil)
	ann.mustAct(g.ID, "north", 0, "take 1")
	e.srv.Wait()
	sent := e.sent.list()
	if len(sent) != 1 || sent[0].User.Name != "bob" || sent[0].Side != "south" || !strings.Contains(sent[0].URL, "/play/"+g.ID) {
		t.Fatalf("notices: %+v", sent)
	}
	// Ann has no address set, so her turn sends nothing.
	bob.mustAct(g.ID, "south", 1, "take 1")
	e.srv.Wait()
	if n := len(e.sent.list()); n != 1 {
		t.Fatalf("%d notices after ann's turn began", n)
	}
	// Ann resigns: bob, away, is told the game is over.
	ann.call("POST", "/api/games/"+g.ID+"/resign", map[string]any{"side": "north"}, nil)
	e.srv.Wait()
	sent = e.sent.list()
	if len(sent) != 2 || sent[1].Event != EventFinished || sent[1].Result != "north resigned" || sent[1].User.Name != "bob" {
		t.Fatalf("notices after the resignation: %+v", sent)
	}
}

// TestJoinTellsTheOwner: when the invited player joins, the owner, away,
// is told it is his turn (the game has started).
func TestJoinTellsTheOwner(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.user("ann"), e.user("bob")
	ann.call("PUT", "/api/me/notify", map[string]any{"email": "", "webhook": "https://hooks.example.org/ann"}, nil)
	g := ann.create(map[string]any{"game": "toy", "mode": "invite", "side": "north"})
	e.srv.Wait()
	if n := len(e.sent.list()); n != 0 {
		t.Fatalf("%d notices before anyone joined", n)
	}
	token := inviteToken(g)
	bob.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "south", "token": token}, nil)
	e.srv.Wait()
	sent := e.sent.list()
	if len(sent) != 1 || sent[0].User.Name != "ann" || sent[0].Event != EventYourTurn || sent[0].Side != "north" {
		t.Fatalf("notices after bob joined: %+v", sent)
	}
}

func TestEventStream(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 2})
	// The creation's own announcement (move 0) is published in the
	// background: let it go out before the stream opens, so that the
	// update read below is the action's.
	e.srv.Wait()
	req, _ := http.NewRequest("GET", e.http.URL+"/api/games/"+g.ID+"/events", nil)
	resp, err := ann.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := make(chan string)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			if n > 0 {
				lines <- string(buf[:n])
			}
			if err != nil {
				close(lines)
				return
			}
		}
	}()
	next := func() string {
		var got string
		for !strings.Contains(got, "\n\n") {
			s, ok := <-lines
			if !ok {
				t.Fatal("stream closed")
			}
			got += s
		}
		return got
	}
	if first := next(); !strings.Contains(first, `"move":0`) {
		t.Fatalf("first event: %q", first)
	}
	// The stream subscribed before it sent the first event.
	if !e.srv.hub.connected(g.ID, ann.view(g.ID, "").Seats[0].userID(e)) {
		t.Fatal("ann's open stream is not counted as connected")
	}
	ann.mustAct(g.ID, "north", 0, "take 1")
	if ev := next(); !strings.Contains(ev, "event: update") || !strings.Contains(ev, `"move":1`) {
		t.Fatalf("update event: %q", ev)
	}
}

// userID finds the seat's user by name.
func (s seatJSON) userID(e *env) int64 {
	u, err := e.st.UserByName(e.t.Context(), s.Player)
	if err != nil {
		e.t.Fatal(err)
	}
	return u.ID
}

// TestFrozenGame: a stored record that no longer replays (the rules
// changed under it) is shown up to the mismatch, frozen, and refuses moves.
func TestFrozenGame(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 3})
	ann.mustAct(g.ID, "north", 0, "take 1")
	ann.mustAct(g.ID, "south", 1, "take 1")
	// Give the second action a hash the rules do not produce, as a change
	// of rules would, and forget the game so that it is replayed.
	ctx := t.Context()
	if err := e.st.Truncate(ctx, g.ID, 2, 1, store.Progress{Active: 2}); err != nil {
		t.Fatal(err)
	}
	if err := e.st.AppendAction(ctx, g.ID, 1, engine.RecordEntry{Side: "south", Action: "take 1", Hash: "0000"}, store.Progress{Active: 1}); err != nil {
		t.Fatal(err)
	}
	e.srv.drop(g.ID, false)
	v := ann.view(g.ID, "")
	if v.Frozen == "" || !strings.Contains(v.Frozen, "hash") || len(v.Actions) != 0 || v.Move != 2 {
		t.Fatalf("frozen game: move %d, frozen %q, %d actions", v.Move, v.Frozen, len(v.Actions))
	}
	if code, msg := ann.errOf("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": "north", "move": 2, "action": "take 1"}); code != http.StatusConflict || !strings.Contains(msg, "frozen") {
		t.Fatalf("action on a frozen game: %d %s", code, msg)
	}
	var report strings.Builder
	if n, _ := Verify(ctx, e.st, &report); n != 1 || !strings.Contains(report.String(), "MISMATCH "+g.ID) {
		t.Fatalf("verify: %d\n%s", n, report.String())
	}
	// Rehash writes the record again with the hashes the rules give now.
	report.Reset()
	if fixed, failed, err := Rehash(ctx, e.st, &report); err != nil || fixed != 1 || failed != 0 {
		t.Fatalf("rehash: %d fixed, %d failed, %v\n%s", fixed, failed, err, report.String())
	}
	if n, _ := Verify(ctx, e.st, &report); n != 0 {
		t.Fatalf("verify after rehash: %d mismatches", n)
	}
	// An action the rules no longer allow cannot be rehashed.
	if err := e.st.AppendAction(ctx, g.ID, 2, engine.RecordEntry{Side: "south", Action: "take 3"}, store.Progress{}); err != nil {
		t.Fatal(err)
	}
	if _, failed, _ := Rehash(ctx, e.st, &report); failed != 1 {
		t.Fatalf("rehash of an illegal action: %d failed", failed)
	}
}

// badPlayer is a computer player that breaks: it panics or plays an
// action that is not legal.
type badPlayer struct{ panics bool }

func (p badPlayer) Choose(st engine.State, side engine.Side) engine.Action {
	if p.panics {
		panic("lost in the desert")
	}
	return engine.Action{Op: 99}
}

func TestComputerFailureIsShown(t *testing.T) {
	ai.RegisterPlayer("testpanic", func(engine.Game, uint64) ai.Player { return badPlayer{panics: true} })
	ai.RegisterPlayer("testillegal", func(engine.Game, uint64) ai.Player { return badPlayer{} })
	e := newEnv(t)
	g := e.guest()
	for name, want := range map[string]string{"testpanic": "lost in the desert", "testillegal": "refuse"} {
		v := g.create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": name, "seed": 1})
		e.srv.Wait()
		got := g.view(v.ID, "")
		if got.Move != 0 || !strings.Contains(got.ComputerFailed, want) {
			t.Errorf("%s: move %d, computer_failed %q", name, got.Move, got.ComputerFailed)
		}
	}
}

// TestOpenGame: a game offered in the lobby is listed for everyone and the
// first player to take the seat starts it; nobody else can.
func TestOpenGame(t *testing.T) {
	e := newEnv(t)
	ann, bob, carol := e.user("ann"), e.user("bob"), e.user("carol")
	if code, _ := e.guest().errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "open", "side": "north"}); code != http.StatusForbidden {
		t.Fatalf("guest offering a game: %d", code)
	}
	g := ann.create(map[string]any{"game": "toy", "mode": "open", "side": "north", "pace": "slow"})
	if len(g.Invites) != 0 || len(g.WaitingFor) != 1 || !g.Seats[1].Public {
		t.Fatalf("open game: invites %v, waiting %v, seats %+v", g.Invites, g.WaitingFor, g.Seats)
	}
	var open []listEntry
	if code := e.anon().call("GET", "/api/games/open", nil, &open); code != http.StatusOK || len(open) != 1 || open[0].ID != g.ID || !open[0].Seats[1].Public || open[0].Seats[1].You {
		t.Fatalf("open games: %d %+v", code, open)
	}
	var v gameView
	if code := bob.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "south", "token": ""}, &v); code != http.StatusOK || v.Side != "south" || len(v.WaitingFor) != 0 {
		t.Fatalf("bob takes the seat: %d %+v", code, v)
	}
	if code, _ := carol.errOf("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "south", "token": ""}); code != http.StatusConflict {
		t.Fatalf("carol takes the taken seat: %d", code)
	}
	if e.anon().call("GET", "/api/games/open", nil, &open); len(open) != 0 {
		t.Fatalf("a full game is still open: %+v", open)
	}
	if v := ann.view(g.ID, ""); v.Clock == nil || len(v.Clock.Running) != 1 {
		t.Fatalf("the clock did not start: %+v", v.Clock)
	}
	ann.mustAct(g.ID, "north", 0, "take 1")
}
