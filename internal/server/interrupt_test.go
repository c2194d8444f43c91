package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"sandtable/internal/engine"
	_ "sandtable/internal/games/limanowa"
)

// sentry is a test game of interrupts (engine.Interrupter): each turn of
// four decisions is the mover's, an interrupt of the other side's, the
// mover's again and another interrupt; north moves in turns 0 and 2,
// south in 1 and 3; "go" is the only action that advances it, "wait" an
// aside (engine.Asider) that leaves the same side deciding.
type sentry struct{}

func init() { engine.Register(sentry{}) }

func (sentry) ID() string          { return "sentry" }
func (sentry) Title() string       { return "Sentry (test game)" }
func (sentry) SideNames() []string { return []string{"north", "south"} }
func (sentry) Scenarios() []string { return []string{"standard"} }
func (sentry) New(engine.Setup) (engine.State, error) {
	return &sentryState{}, nil
}

type sentryState struct{ N int }

func (s *sentryState) mover() engine.Side { return engine.Side(s.N / 4 % 2) }
func (s *sentryState) Interrupt() bool    { return !s.Over() && s.N%2 == 1 }
func (s *sentryState) Active() engine.SideSet {
	if s.Over() {
		return 0
	}
	if s.Interrupt() {
		return engine.Only(1 - s.mover())
	}
	return engine.Only(s.mover())
}
func (s *sentryState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if s.Active().Has(side) {
		dst = append(dst, engine.Action{Op: 1}, engine.Action{Op: 2})
	}
	return dst
}
func (s *sentryState) Apply(side engine.Side, a engine.Action) error {
	if !engine.IsLegal(s, side, a) {
		return engine.Illegal("not now")
	}
	if a.Op == 1 {
		s.N++
	}
	return nil
}
func (s *sentryState) Aside(a engine.Action) bool { return a.Op == 2 }
func (s *sentryState) Clone() engine.State        { c := *s; return &c }
func (s *sentryState) Over() bool                 { return s.N >= 16 }
func (s *sentryState) Returns() []float64         { return []float64{0.5, 0.5} }
func (s *sentryState) Epoch() uint64              { return 0 }
func (s *sentryState) Marshal() []byte            { return []byte(fmt.Sprint(s.N)) }
func (s *sentryState) EncodeAction(a engine.Action) string {
	return [...]string{"", "go", "wait"}[a.Op]
}
func (s *sentryState) Describe(engine.Action, string) string              { return "go" }
func (s *sentryState) Prompt(engine.Side, string) string                  { return "go" }
func (s *sentryState) View(engine.Side, string) any                       { return s.N }
func (s *sentryState) SetLogging(bool)                                    {}
func (s *sentryState) TakeLog() []engine.LogEntry                         { return nil }
func (s *sentryState) RenderLog(engine.LogEntry, string) string           { return "" }
func (s *sentryState) Determinize(engine.Side, *engine.Rand) engine.State { return s.Clone() }
func (s *sentryState) DecodeAction(t string) (engine.Action, error) {
	switch t {
	case "go":
		return engine.Action{Op: 1}, nil
	case "wait":
		return engine.Action{Op: 2}, nil
	}
	return engine.Action{}, fmt.Errorf("sentry: %q", t)
}

// TestInterruptsAreNotTurns: a reaction window (engine.Interrupter) in
// north's turn tells south, away, once in that turn, not at every window;
// play coming back to north after it does not tell north again; south's
// own turn is told as usual. Answering an interrupt earns no time on the
// clock, nor does an aside in the player's own turn, and the view says
// the decision is an interrupt.
func TestInterruptsAreNotTurns(t *testing.T) {
	e := newEnv(t)
	clock := &fakeClock{t: time.Now()}
	e.srv.cfg.Now = clock.now
	ann, bob := e.user("ann"), e.user("bob")
	for _, c := range []*client{ann, bob} {
		c.call("PUT", "/api/me/notify", map[string]any{"email": "", "webhook": "https://hooks.example.org/" + c.name}, nil)
	}
	g := invited(ann, bob, "sentry", [2]string{"north", "south"}, map[string]any{"pace": "live"})
	e.srv.Wait()
	count := func(who string) int {
		n := 0
		for _, x := range e.sent.list() {
			if x.User.Name == who && x.Event == EventYourTurn {
				n++
			}
		}
		return n
	}
	base := count("ann") // ann was told her turn began when bob joined
	h := time.Hour.Milliseconds()
	// Turn 0, north's: go, south's window, go, south's window.
	for move := 0; move < 4; move++ {
		who, side := ann, "north"
		if move%2 == 1 {
			who, side = bob, "south"
			v := bob.view(g.ID, "")
			if !v.Interrupt || len(v.Actions) != 2 {
				t.Fatalf("move %d: south's window is an interrupt: %+v", move, v)
			}
			before := v.Clock.Left["south"]
			clock.add(time.Hour)
			who.mustAct(g.ID, side, move, "go")
			if after := bob.view(g.ID, "").Clock.Left["south"]; after != before-h {
				t.Fatalf("move %d: south's clock %d h before, %d h after an hour's answer to an interrupt (no credit)", move, before/h, after/h)
			}
		} else {
			who.mustAct(g.ID, side, move, "go")
		}
		e.srv.Wait()
	}
	if n := count("bob"); n != 1 {
		t.Fatalf("south was told %d times in north's turn of two windows, want once", n)
	}
	if n := count("ann") - base; n != 0 {
		t.Fatalf("north was told %d times of her own turn coming back after a window", n)
	}
	// Turn 1, south's: north is told at the first window only; south,
	// the actor, not at all.
	for move := 4; move < 8; move++ {
		who, side := bob, "south"
		if move%2 == 1 {
			who, side = ann, "north"
		}
		who.mustAct(g.ID, side, move, "go")
		e.srv.Wait()
	}
	if n := count("ann") - base; n != 1 {
		t.Fatalf("north was told %d times in south's turn of two windows, want once", n)
	}
	if v := ann.view(g.ID, ""); v.Interrupt {
		t.Fatal("north's own turn shown as an interrupt")
	}
	// An action in the mover's own turn is credited as before; an aside
	// is not, and tells nobody.
	before := ann.view(g.ID, "").Clock.Left["north"]
	ann.mustAct(g.ID, "north", 8, "go")
	if after := ann.view(g.ID, "").Clock.Left["north"]; after <= before {
		t.Fatalf("north's own action not credited: %d then %d", before, after)
	}
	bob.mustAct(g.ID, "south", 9, "go")
	e.srv.Wait()
	told := count("ann")
	before = ann.view(g.ID, "").Clock.Left["north"]
	clock.add(time.Hour)
	ann.mustAct(g.ID, "north", 10, "wait")
	e.srv.Wait()
	if v := ann.view(g.ID, ""); v.Interrupt || v.Clock.Left["north"] != before-h {
		t.Fatalf("north's clock %d h before, %d h after an hour's aside in her own turn (no credit)", before/h, v.Clock.Left["north"]/h)
	}
	if n := count("ann"); n != told {
		t.Fatalf("north was told of her turn after her own aside")
	}
}

// TestAsk: a board's question about the position (engine.Asker), here
// Limanowa's line of sight; a game without questions, a question it does
// not understand and an overlong one are refused.
func TestAsk(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "limanowa", "mode": "hotseat"})
	var ans struct {
		From    string `json:"from"`
		Visible bool   `json:"visible"`
		Line    []any  `json:"line"`
	}
	if code := ann.call("GET", "/api/games/"+g.ID+"/ask?q=sight+N17+N18", nil, &ans); code != 200 || ans.From != "N17" || !ans.Visible || len(ans.Line) != 2 {
		t.Fatalf("sight N17 N18: %d %+v", code, ans)
	}
	for q, want := range map[string]int{"sight+N17+ZZ99": 422, "": 400, "sight+" + strings.Repeat("N17+", 60): 400} {
		if code, msg := ann.errOf("GET", "/api/games/"+g.ID+"/ask?q="+q, nil); code != want {
			t.Errorf("%q: %d %s", q, code, msg)
		}
	}
	toy := ann.create(map[string]any{"game": "toy", "mode": "hotseat"})
	if code, msg := ann.errOf("GET", "/api/games/"+toy.ID+"/ask?q=sight+N17+N18", nil); code != 404 {
		t.Errorf("toy: %d %s", code, msg)
	}
}

// TestReplayAsk: the replay viewer asks a board's question about the game
// as it was at a move (WDF's supply path of a unit), of a stored game and
// of a record file, and gets the answer the live game gave at that move;
// a game without questions and a question not understood are refused.
func TestReplayAsk(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "wdf", "mode": "hotseat", "seed": 4})
	rng := rand.New(rand.NewPCG(4, 1))
	asked := map[int][]string{} // move -> the live answer
	const unit = "7-sg"
	for step := 0; step < 40; step++ {
		v := ann.view(g.ID, "")
		var path []string
		if code := ann.call("GET", "/api/games/"+g.ID+"/ask?q=supply+"+unit, nil, &path); code != 200 {
			t.Fatalf("move %d: supply %s: %d", v.Move, unit, code)
		}
		asked[v.Move] = path
		sv := ann.view(g.ID, "?side="+v.Active[0])
		ann.mustAct(g.ID, v.Active[0], sv.Move, sv.Actions[rng.IntN(len(sv.Actions))].Action)
		e.srv.Wait()
	}
	if len(asked[0]) < 2 {
		t.Fatalf("%s has no supply path at setup: %v", unit, asked[0])
	}
	code, file := ann.raw("GET", "/api/games/"+g.ID+"/record", nil, nil)
	if code != 200 {
		t.Fatalf("record: %d", code)
	}
	for at, want := range asked {
		var got, fromFile []string
		if code := ann.call("GET", fmt.Sprintf("/api/games/%s/replay?at=%d&q=supply+%s", g.ID, at, unit), nil, &got); code != 200 || !slices.Equal(got, want) {
			t.Fatalf("replay at %d: %d %v, live %v", at, code, got, want)
		}
		code, body := ann.raw("POST", fmt.Sprintf("/api/replay?at=%d&q=supply+%s", at, unit), file, nil)
		if json.Unmarshal(body, &fromFile); code != 200 || !slices.Equal(fromFile, want) {
			t.Fatalf("record file at %d: %d %s", at, code, body)
		}
	}
	if code, msg := ann.errOf("GET", "/api/games/"+g.ID+"/replay?at=3&q=supply+nobody", nil); code != 422 {
		t.Errorf("an unknown unit: %d %s", code, msg)
	}
	toy := ann.create(map[string]any{"game": "toy", "mode": "hotseat"})
	if code, msg := ann.errOf("GET", "/api/games/"+toy.ID+"/replay?at=0&q=supply+x", nil); code != 404 {
		t.Errorf("toy: %d %s", code, msg)
	}
}
