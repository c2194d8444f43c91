package enginetest

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"sandtable/internal/engine"
)

// Restore checks g's engine.Restorer on o.Games random games of
// o.Scenario: the state restored from a snapshot taken every every actions
// marshals to the same bytes, has the same Epoch and legal actions, keeps
// no log, and plays on as the original did (every action up to the next
// snapshot gives the recorded hash, the first one the same log); and
// engine.Resume of the whole record from those snapshots gives the state,
// log and undo of a whole replay, also when the newest snapshot is
// tampered with (it is refused) and when it is missing.
func Restore(t *testing.T, g engine.Game, o Options, every int) {
	t.Helper()
	if o.MaxActions == 0 {
		o.MaxActions = 100000
	}
	for i := range o.Games {
		seed := o.Seed + uint64(i)
		if err := restoreGame(g, engine.Setup{Scenario: o.Scenario, Seed: seed}, o.MaxActions, every); err != nil {
			t.Fatalf("%s %s seed %d: %v", g.ID(), o.Scenario, seed, err)
		}
	}
}

func restoreGame(g engine.Game, setup engine.Setup, maxActions, every int) error {
	r, ok := g.(engine.Restorer)
	if !ok {
		return fmt.Errorf("not an engine.Restorer")
	}
	sess, err := engine.NewSession(g, setup)
	if err != nil {
		return err
	}
	rnd := engine.NewRand(setup.Seed ^ 0x5eed)
	var snaps []engine.Snapshot
	var restored []engine.State
	from := -1
	for n := 0; ; n++ {
		if n%every == 0 && n > 0 {
			sn := sess.Snapshot(from)
			from = n
			st, err := r.Unmarshal(setup, sn.State)
			if err != nil {
				return fmt.Errorf("move %d: %v", n, err)
			}
			if err := sameState(sess.State, st); err != nil {
				return fmt.Errorf("move %d: restored state: %v", n, err)
			}
			snaps, restored = append(snaps, sn), append(restored, st)
		}
		if sess.State.Over() || n >= maxActions {
			break
		}
		active := sess.State.Active().Sides()
		side := active[rnd.IntN(len(active))]
		legal := sess.State.Legal(side, nil)
		if err := sess.Apply(side, legal[rnd.IntN(len(legal))]); err != nil {
			return err
		}
	}
	rec := sess.Record
	// Each restored state plays the record on to the next snapshot.
	for k, st := range restored {
		at := snaps[k].Move
		st.SetLogging(true)
		for i := at; i < min(at+every, len(rec.Actions)); i++ {
			e := rec.Actions[i]
			side, _ := engine.SideByName(g, e.Side)
			a, err := st.DecodeAction(e.Action)
			if err == nil {
				err = st.Apply(side, a)
			}
			if err != nil {
				return fmt.Errorf("restored at %d, action %d (%s): %v", at, i+1, e.Action, err)
			}
			if h := engine.Hash(st); h != e.Hash {
				return fmt.Errorf("restored at %d, action %d (%s): hash %s, replay gave %s", at, i+1, e.Action, h, e.Hash)
			}
			if i == at {
				var want []engine.LogEntry
				for _, l := range sess.Log {
					if l.Move == i+1 {
						want = append(want, l.LogEntry)
					}
				}
				if got := st.TakeLog(); !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
					return fmt.Errorf("restored at %d: action %d logs %v, replay logged %v", at, i+1, got, want)
				}
			}
			st.SetLogging(false)
		}
	}
	if len(snaps) == 0 {
		return nil
	}
	whole, err := engine.ReplayGame(g, rec)
	if err != nil {
		return err
	}
	check := func(what string, snaps []engine.Snapshot, wantFrom, wantRefused int) error {
		s, res, err := engine.Resume(g, rec, snaps)
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		if res.From != wantFrom && wantFrom >= 0 || len(res.Refused) != wantRefused {
			return fmt.Errorf("%s: resumed from %d (want %d), refused %v", what, res.From, wantFrom, res.Refused)
		}
		if !bytes.Equal(s.State.Marshal(), whole.State.Marshal()) || s.Move() != whole.Move() {
			return fmt.Errorf("%s: resumed state differs from the replayed", what)
		}
		if !reflect.DeepEqual(s.Log, whole.Log) {
			return fmt.Errorf("%s: resumed log differs (%d entries, replay %d)", what, len(s.Log), len(whole.Log))
		}
		for sd := range engine.Side(len(g.SideNames())) {
			if s.CanUndo(sd) != whole.CanUndo(sd) {
				return fmt.Errorf("%s: undo of side %d: %v, after replay %v", what, sd, s.CanUndo(sd), whole.CanUndo(sd))
			}
		}
		return nil
	}
	// Resume takes the newest snapshot whose tail settles the undo; -1:
	// any snapshot will do.
	if err := check("resume", snaps, -1, 0); err != nil {
		return err
	}
	last := len(snaps) - 1
	bad := append([]engine.Snapshot(nil), snaps...)
	bad[last].State = bytes.Clone(bad[last].State)
	bad[last].State[len(bad[last].State)/2] ^= 1
	if err := check("tampered", bad, -1, 1); err != nil {
		return err
	}
	return check("missing", snaps[:last], -1, 0)
}

// sameState compares a restored state with the original.
func sameState(want, got engine.State) error {
	if !bytes.Equal(want.Marshal(), got.Marshal()) {
		return fmt.Errorf("Marshal differs")
	}
	if want.Epoch() != got.Epoch() || want.Active() != got.Active() || want.Over() != got.Over() {
		return fmt.Errorf("epoch %d/%d, active %v/%v, over %v/%v", want.Epoch(), got.Epoch(), want.Active(), got.Active(), want.Over(), got.Over())
	}
	if l := got.TakeLog(); len(l) > 0 {
		return fmt.Errorf("a log of %d entries", len(l))
	}
	for _, sd := range want.Active().Sides() {
		if !reflect.DeepEqual(want.Legal(sd, nil), got.Legal(sd, nil)) {
			return fmt.Errorf("legal actions of side %d differ", sd)
		}
	}
	return nil
}

// FuzzUnmarshal fuzzes g's engine.Restorer: no bytes make Unmarshal panic;
// bytes it accepts marshal back to themselves and give a state whose
// legal actions and views can be listed. The corpus is the state every
// 16 actions of a random game of each scenario named, the first 200
// actions.
//
//	func FuzzUnmarshal(f *testing.F) { enginetest.FuzzUnmarshal(f, Game{}, "", "campaign") }
func FuzzUnmarshal(f *testing.F, g engine.Game, scenarios ...string) {
	r := g.(engine.Restorer)
	for k, sc := range scenarios {
		setup := engine.Setup{Scenario: sc, Seed: 1}
		st, err := g.New(setup)
		if err != nil {
			f.Fatal(err)
		}
		rnd := engine.NewRand(7)
		for n := 0; n < 200 && !st.Over(); n++ {
			if n%16 == 0 {
				f.Add(k, st.Marshal())
			}
			side := st.Active().Sides()[0]
			legal := st.Legal(side, nil)
			if err := st.Apply(side, legal[rnd.IntN(len(legal))]); err != nil {
				f.Fatal(err)
			}
		}
	}
	f.Fuzz(func(t *testing.T, k int, data []byte) {
		if k < 0 || k >= len(scenarios) {
			return
		}
		st, err := r.Unmarshal(engine.Setup{Scenario: scenarios[k], Seed: 1}, data)
		if err != nil {
			return
		}
		if !bytes.Equal(st.Marshal(), data) {
			t.Fatalf("accepted bytes marshal to others")
		}
		for sd := range engine.Side(len(g.SideNames())) {
			st.Legal(sd, nil)
			st.View(sd, "en")
		}
	})
}
