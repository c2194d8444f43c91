package engine_test

import (
	"reflect"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/engine/enginetest/toy"
)

// TestRestoreToy runs the Restorer checks on the toy game, snapshots
// every second and every third action.
func TestRestoreToy(t *testing.T) {
	for _, every := range []int{1, 2, 3} {
		enginetest.Restore(t, toy.Game{}, enginetest.Options{Games: 40, Seed: 1}, every)
	}
}

// TestResumeChain: Resume uses only a chain of snapshots whose logs join
// up from the setup, and never one past the record's end; a game that is
// not a Restorer is replayed whole.
func TestResumeChain(t *testing.T) {
	rec := toyRecord(3, 12)
	whole, err := engine.ReplayGame(toy.Game{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	// Snapshots at 2, 4 and 6 of a session replaying the record.
	s, _ := engine.NewSession(toy.Game{}, rec.Setup)
	var snaps []engine.Snapshot
	from := -1
	for i, e := range rec.Actions {
		side, _ := engine.SideByName(toy.Game{}, e.Side)
		if err := s.ApplyText(side, e.Action); err != nil {
			t.Fatal(err)
		}
		if (i+1)%2 == 0 && i+1 <= 6 {
			snaps = append(snaps, s.Snapshot(from))
			from = i + 1
		}
	}
	if len(rec.Actions) < 7 {
		t.Fatalf("a record of %d actions", len(rec.Actions))
	}
	gap := []engine.Snapshot{snaps[0], snaps[2]} // 4 is missing: 6 does not join
	misfit := append([]engine.Snapshot(nil), snaps...)
	misfit[1].Log = append([]engine.Logged{{Move: 9}}, misfit[1].Log...) // a log entry of a later action
	short := rec
	short.Actions = rec.Actions[:5] // 6 is past the end
	for _, c := range []struct {
		name  string
		game  engine.Game
		rec   engine.Record
		snaps []engine.Snapshot
		most  int // the newest move it may resume from
	}{
		{"all", toy.Game{}, rec, snaps, 6},
		{"gap", toy.Game{}, rec, gap, 2},
		{"a log that does not fit", toy.Game{}, rec, misfit, 2},
		{"past the end", toy.Game{}, short, snaps, 4},
		{"not a restorer", plain{toy.Game{}}, rec, snaps, 0},
	} {
		got, res, err := engine.Resume(c.game, c.rec, c.snaps)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.From > c.most {
			t.Errorf("%s: resumed from %d, at most %d", c.name, res.From, c.most)
		}
		want := whole
		if len(c.rec.Actions) != len(rec.Actions) {
			want, _ = engine.ReplayGame(toy.Game{}, c.rec)
		}
		if engine.Hash(got.State) != engine.Hash(want.State) || len(got.Log) != len(want.Log) {
			t.Errorf("%s: resumed game differs from the replayed", c.name)
		}
	}
}

// plain is a game that does not restore states.
type plain struct{ toy.Game }

func (p plain) Unmarshal() {}

func FuzzUnmarshalToy(f *testing.F) { enginetest.FuzzUnmarshal(f, toy.Game{}, "") }

// FuzzLog: no bytes make UnmarshalLog panic; a log it accepts encodes to
// bytes that decode to it again; every log of a toy game round-trips.
func FuzzLog(f *testing.F) {
	for seed := uint64(1); seed <= 4; seed++ {
		s, _ := engine.ReplayGame(toy.Game{}, toyRecord(seed, 20))
		if back, err := engine.UnmarshalLog(engine.MarshalLog(s.Log)); err != nil || !reflect.DeepEqual(back, s.Log) {
			f.Fatalf("seed %d: the log does not round-trip: %v", seed, err)
		}
		f.Add(engine.MarshalLog(s.Log))
	}
	f.Add(engine.MarshalLog([]engine.Logged{{Move: 3, LogEntry: engine.LogEntry{Rule: "6.2", To: 1, Key: "k", Args: []string{"", "x"}}}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		log, err := engine.UnmarshalLog(data)
		if err != nil {
			return
		}
		if back, err := engine.UnmarshalLog(engine.MarshalLog(log)); err != nil || !reflect.DeepEqual(back, log) && len(log) > 0 {
			t.Fatalf("accepted %x as %v: encoded again, %v, %v", data, log, back, err)
		}
	})
}
