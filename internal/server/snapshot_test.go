package server

import (
	"encoding/json"
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

// snapshotsOf are the snapshots a server keeps of rec, every every actions.
func snapshotsOf(t *testing.T, rec engine.Record, every int) []engine.Snapshot {
	game, _ := engine.Lookup(rec.Game)
	s, err := engine.NewSession(game, rec.Setup)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Snapshot
	from := -1
	for _, e := range rec.Actions {
		if err := applyEntry(s, e); err != nil {
			t.Fatal(err)
		}
		if s.Move()%every == 0 {
			out = append(out, s.Snapshot(from))
			from = s.Move()
		}
	}
	return out
}

// TestReplayFromSnapshots: the replay viewer of a stored game with
// snapshots replays nothing before its newest snapshot: every snapshot
// is a checkpoint, restored only when a step needs it, and every step,
// for every side, and the turn marks are those of a whole replay.
func TestReplayFromSnapshots(t *testing.T) {
	rec := playRandom(t, "limanowa", 3, 400)
	const every = 16
	snaps := snapshotsOf(t, rec, every)
	rp, err := newReplayCache().getStored("k", rec, func() []engine.Snapshot { return snaps })
	if err != nil {
		t.Fatal(err)
	}
	want, err := newReplayCache().get("w", rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(rp.cps) != 1+len(snaps) || rp.cps[1].st != nil || rp.marked {
		t.Fatalf("%d checkpoints (want %d), the first restored %v, turns found %v", len(rp.cps), 1+len(snaps), rp.cps[1].st != nil, rp.marked)
	}
	for at := 0; at <= len(rec.Actions); at++ {
		for _, side := range []engine.Side{engine.Observer, 0, 1} {
			got, err := rp.view(at, side, "en")
			if err != nil {
				t.Fatal(at, err)
			}
			if a := rp.applied.Load(); a >= every {
				t.Fatalf("at %d the step applied %d actions", at, a)
			}
			w, _ := want.view(at, side, "en")
			if g, w := mustJSON(got), mustJSON(w); g != w {
				t.Fatalf("at %d for side %d the step from snapshots differs:\n%s\nwant\n%s", at, side, g, w)
			}
		}
	}
	if got := rp.turnMarks(); len(got) < 2 || !reflect.DeepEqual(got, want.turns) {
		t.Fatalf("turn marks %v, want %v", got, want.turns)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
