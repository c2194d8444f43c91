package server

import (
	"reflect"
	"testing"

	"sandtable/internal/engine"
)

// TestSnapshotsOpenGames: a game that restores states keeps a snapshot
// every Config.SnapshotEvery actions, in the chain Resume reads; an undo
// drops the snapshot past it and play writes it anew; a game dropped from
// memory opens from its snapshots with the state, log and undo of a whole
// replay of its record.
func TestSnapshotsOpenGames(t *testing.T) {
	e := newEnv(t)
	e.srv.cfg.SnapshotEvery = 2
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 1})
	sides := []string{"north", "south"}
	for m := range 6 {
		ann.mustAct(g.ID, sides[m%2], m, "take 1")
	}
	// South takes back its move 6, whose snapshot goes with it.
	var v gameView
	if code := ann.call("POST", "/api/games/"+g.ID+"/undo", map[string]any{"side": "south", "move": 6}, &v); code != 200 {
		t.Fatalf("undo: %d", code)
	}
	moves := func() (out [][2]int) {
		snaps, err := e.st.Snapshots(t.Context(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sn := range snaps {
			out = append(out, [2]int{sn.From, sn.Move})
		}
		return out
	}
	if got := moves(); !reflect.DeepEqual(got, [][2]int{{-1, 2}, {2, 4}}) {
		t.Fatalf("snapshots after the undo (from, move): %v", got)
	}
	ann.mustAct(g.ID, "south", 5, "take 2")
	ann.mustAct(g.ID, "north", 6, "take 1")
	if got := moves(); !reflect.DeepEqual(got, [][2]int{{-1, 2}, {2, 4}, {4, 6}}) {
		t.Fatalf("snapshots (from, move): %v", got)
	}
	lv, err := e.srv.game(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	lv.mu.Lock()
	e.srv.forget(lv)
	lv.mu.Unlock()
	lv, err = e.srv.game(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	lv.mu.Lock()
	defer lv.mu.Unlock()
	whole, err := engine.Replay(lv.sess.Record)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(lv.snaps, []int{2, 4, 6}) || engine.Hash(lv.sess.State) != engine.Hash(whole.State) ||
		!reflect.DeepEqual(lv.sess.Log, whole.Log) || lv.sess.CanUndo(0) != whole.CanUndo(0) {
		t.Fatalf("the game opened from its snapshots %v differs from its replay", lv.snaps)
	}
}
