package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	_ "sandtable/internal/games/primogenita"
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
