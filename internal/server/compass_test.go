package server

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"testing"

	"sandtable/internal/engine"
	_ "sandtable/internal/games/compass"
	_ "sandtable/internal/games/wdf"
)

// compassView is the part of a Compass view these tests read.
type compassView struct {
	Turn   int `json:"turn"`
	Events [2]struct {
		Hand      []string `json:"hand"`
		HandCount int      `json:"hand_count"`
	} `json:"events"`
}

func compassOf(t *testing.T, v any) compassView {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var cv compassView
	if err := json.Unmarshal(b, &cv); err != nil {
		t.Fatal(err)
	}
	return cv
}

// randomMove plays a random legal action for the side to decide of game
// id, as the player who holds it; it reports false when the game is over.
func randomMove(t *testing.T, r *rand.Rand, id string, players map[string]*client) bool {
	t.Helper()
	for _, c := range players {
		v := c.view(id, "")
		if v.Over {
			return false
		}
		side := v.Active[0]
		p := players[side]
		pv := p.view(id, "?side="+side)
		p.mustAct(id, side, pv.Move, pv.Actions[r.IntN(len(pv.Actions))].Action)
		return true
	}
	return false
}

// TestCompassHiddenInformation plays Compass between two accounts, each
// choosing random legal actions, and checks after every action what each
// side, another user and an anonymous visitor receive: a side sees the
// event markers in its own hand and only how many the opponent holds;
// the others see no hand; and the log holds every entry the viewer may
// read and none meant for another side only.
func TestCompassHiddenInformation(t *testing.T) {
	e := newEnv(t)
	ann, bob, carol, anon := e.user("ann"), e.user("bob"), e.user("carol"), e.anon()
	g := invited(ann, bob, "compass", [2]string{"allied", "italian"}, nil)
	players := map[string]*client{"allied": ann, "italian": bob}
	viewers := []struct {
		name string
		c    *client
		side engine.Side
	}{{"allied", ann, 0}, {"italian", bob, 1}, {"carol", carol, engine.Observer}, {"anonymous", anon, engine.Observer}}
	r := rand.New(rand.NewPCG(3, 5))
	handSeen, private := [2]bool{}, 0
	for step := 0; step < 100; step++ {
		rec, err := e.st.Record(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sess, err := engine.Replay(rec)
		if err != nil {
			t.Fatal(err)
		}
		for _, vw := range viewers {
			v := vw.c.view(g.ID, "")
			cv := compassOf(t, v.View)
			for o := range 2 {
				if engine.Side(o) != vw.side && cv.Events[o].Hand != nil {
					t.Fatalf("move %d: %s sees the %s event markers in hand: %v", v.Move, vw.name, sess.SideName(engine.Side(o)), cv.Events[o].Hand)
				}
				if engine.Side(o) == vw.side && len(cv.Events[o].Hand) > 0 {
					handSeen[o] = true
					if len(cv.Events[o].Hand) != cv.Events[o].HandCount {
						t.Fatalf("move %d: %s's hand %v, count %d", v.Move, vw.name, cv.Events[o].Hand, cv.Events[o].HandCount)
					}
				}
			}
			// The log: exactly the entries the viewer may read.
			may, got := map[string]bool{}, map[string]bool{}
			n := 0
			for _, l := range sess.Log {
				if l.VisibleTo(vw.side) {
					may[sess.State.RenderLog(l.LogEntry, "en")] = true
					n++
				}
			}
			for _, l := range v.Log {
				got[l.Text] = true
			}
			if len(v.Log) != n {
				t.Fatalf("move %d: %s received %d log entries, may read %d", v.Move, vw.name, len(v.Log), n)
			}
			for _, l := range sess.Log {
				if text := sess.State.RenderLog(l.LogEntry, "en"); !l.VisibleTo(vw.side) {
					private++
					if got[text] && !may[text] {
						t.Fatalf("move %d: %s received %q, meant for %s", v.Move, vw.name, text, sess.SideName(l.To))
					}
				}
			}
		}
		if !randomMove(t, r, g.ID, players) {
			break
		}
	}
	if !handSeen[0] || !handSeen[1] || private == 0 {
		t.Fatalf("the game never had secrets to keep: hands seen %v, private log entries %d", handSeen, private)
	}
}

// TestReplayJumpsToTurns asks the replay of a Compass game for its turn
// marks (turns=1), for a stored game and for its exported record, and
// checks that each mark opens the replay on that turn.
func TestReplayJumpsToTurns(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "compass", "mode": "hotseat", "seed": 9})
	players := map[string]*client{"allied": ann, "italian": ann}
	r := rand.New(rand.NewPCG(1, 2))
	for compassOf(t, ann.view(g.ID, "").View).Turn < 3 {
		if !randomMove(t, r, g.ID, players) {
			t.Fatal("the game ended before turn 3")
		}
	}
	var rv replayView
	if code := ann.call("GET", "/api/games/"+g.ID+"/replay?at=0&turns=1", nil, &rv); code != http.StatusOK {
		t.Fatalf("replay: %d", code)
	}
	if len(rv.Turns) < 4 || rv.Turns[0] != (turnMark{Turn: 1, Side: "allied", At: 0}) {
		t.Fatalf("turn marks: %+v", rv.Turns)
	}
	for i, m := range rv.Turns {
		if i > 0 && (m.At <= rv.Turns[i-1].At || m.At > rv.Moves) {
			t.Fatalf("turn marks out of order: %+v", rv.Turns)
		}
		var at replayView
		ann.call("GET", "/api/games/"+g.ID+"/replay?at="+strconv.Itoa(m.At), nil, &at)
		if tn := compassOf(t, at.View).Turn; tn != m.Turn || at.Turns != nil {
			t.Fatalf("replay at %d (mark %+v) shows turn %d, turn marks %v", m.At, m, tn, at.Turns)
		}
	}
	// The same marks for the record file opened in the viewer.
	code, file := ann.raw("GET", "/api/games/"+g.ID+"/record", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("record: %d", code)
	}
	var imp replayView
	code, body := ann.raw("POST", "/api/replay?at=0&turns=1", file, nil)
	if code != http.StatusOK || json.Unmarshal(body, &imp) != nil || len(imp.Turns) != len(rv.Turns) || imp.Turns[len(imp.Turns)-1] != rv.Turns[len(rv.Turns)-1] {
		t.Fatalf("imported record's turn marks: %d %+v, want %+v", code, imp.Turns, rv.Turns)
	}
	// A game without numbered turns has none.
	toy := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 1})
	var tv replayView
	if ann.call("GET", "/api/games/"+toy.ID+"/replay?turns=1", nil, &tv); tv.Turns != nil {
		t.Fatalf("toy turn marks: %+v", tv.Turns)
	}
}
