// Package enginetest is the conformance suite every game package must pass:
// random playouts with invariant checks after every action, no dead ends,
// games that end, refused actions that change nothing, view redaction,
// record round trips, replay determinism and undo.
package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"sandtable/internal/engine"
)

// Checker is implemented by states that can verify their own invariants
// (no unit in two places, stacking at the moments the rules check it...).
type Checker interface {
	CheckInvariants() error
}

// Options tune the suite for a game.
type Options struct {
	Games      int // random games to play
	MaxActions int // a game longer than this is a failure (an endless game)
	Scenario   string
	Seed       uint64 // first seed; game i uses Seed+i
	// Deep is how many of the games also get the expensive checks after
	// every action (redaction, refused actions, undo); the rest check
	// invariants and dead ends only.
	Deep int
}

// Run plays the suite on g.
func Run(t *testing.T, g engine.Game, o Options) {
	t.Helper()
	if o.MaxActions == 0 {
		o.MaxActions = 100000
	}
	for i := range o.Games {
		seed := o.Seed + uint64(i)
		if err := playout(g, o, seed, i < o.Deep); err != nil {
			t.Fatalf("%s seed %d: %v", g.ID(), seed, err)
		}
	}
}

// playout plays one random game through a Session, checking after every
// action, then replays its record.
func playout(g engine.Game, o Options, seed uint64, deep bool) error {
	setup := engine.Setup{Scenario: o.Scenario, Seed: seed}
	sess, err := engine.NewSession(g, setup)
	if err != nil {
		return err
	}
	r := engine.NewRand(seed ^ 0x5eed)
	var legal []engine.Action
	for n := 0; !sess.State.Over(); n++ {
		if n > o.MaxActions {
			return fmt.Errorf("no end after %d actions", o.MaxActions)
		}
		st := sess.State
		active := st.Active().Sides()
		if len(active) == 0 {
			return fmt.Errorf("action %d: dead end: nobody may act and the game is not over", n)
		}
		// Every active side has an action, not only the one drawn to act:
		// in a simultaneous choice a side no player is asked for would
		// stall the game (the simulator and the search ask only the sides
		// still choosing, engine.Deciding).
		deadEnd := func(sd engine.Side) error {
			return fmt.Errorf("action %d: dead end: %s must act but has no legal action (%s)", n, sess.SideName(sd), st.Prompt(sd, "en"))
		}
		side := active[r.IntN(len(active))]
		for _, sd := range active {
			if sd != side && len(st.Legal(sd, legal[:0])) == 0 {
				return deadEnd(sd)
			}
		}
		// The drawn side's list is listed once and kept for its move.
		if legal = st.Legal(side, legal[:0]); len(legal) == 0 {
			return deadEnd(side)
		}
		if deep {
			advanced, err := checkDeep(g, sess, side, legal, &r)
			if err != nil {
				return fmt.Errorf("action %d: %w", n, err)
			}
			if advanced {
				continue
			}
		}
		a := legal[r.IntN(len(legal))]
		if err := sess.Apply(side, a); err != nil {
			return fmt.Errorf("action %d: legal action %q refused: %v", n, st.EncodeAction(a), err)
		}
		if c, ok := sess.State.(Checker); ok {
			if err := c.CheckInvariants(); err != nil {
				return fmt.Errorf("after action %d (%s %s): %v", n, sess.SideName(side), sess.Record.Actions[sess.Move()-1].Action, err)
			}
		}
	}
	if ret := sess.State.Returns(); len(ret) != len(g.SideNames()) {
		return fmt.Errorf("game over but Returns is %v", ret)
	}
	return checkRecord(sess)
}

// checkDeep checks, before an action: views are redacted, a refused action
// changes nothing, and undo returns exactly to the state before. It plays
// one action to try undo; it reports whether that action stayed played.
func checkDeep(g engine.Game, sess *engine.Session, side engine.Side, legal []engine.Action, r *engine.Rand) (bool, error) {
	st := sess.State
	// Redaction: a state the viewer cannot tell apart gives the same view.
	for v := engine.Side(-1); int(v) < len(g.SideNames()); v++ {
		for _, lang := range []string{[]string{"en", "it"}[r.IntN(2)]} {
			want, err := json.Marshal(st.View(v, lang))
			if err != nil {
				return false, fmt.Errorf("view of %d: %v", v, err)
			}
			viewer := v
			if v == engine.Observer {
				// What no side may see is hidden from observers too:
				// resample from either side's viewpoint and compare the
				// public view.
				viewer = engine.Side(r.IntN(len(g.SideNames())))
			}
			other := st.Determinize(viewer, r)
			got, _ := json.Marshal(other.View(v, lang))
			if !bytes.Equal(want, got) {
				return false, fmt.Errorf("view of side %d changes when hidden data it may not see is resampled:\n%s\n%s", v, want, got)
			}
		}
	}
	// A refused action changes nothing.
	before := engine.Hash(st)
	bogus := engine.Action{Op: 250, A: -7}
	if err := st.Apply(side, bogus); err == nil {
		return false, fmt.Errorf("nonsense action accepted")
	}
	for other := range engine.Side(len(g.SideNames())) {
		if !st.Active().Has(other) && len(legal) > 0 {
			if err := st.Apply(other, legal[0]); err == nil {
				return false, fmt.Errorf("%s acted out of turn", sess.SideName(other))
			}
		}
	}
	if engine.Hash(st) != before {
		return false, fmt.Errorf("a refused action changed the state")
	}
	// Text round trip of every legal action.
	for _, a := range legal {
		txt := st.EncodeAction(a)
		back, err := st.DecodeAction(txt)
		if err != nil || back != a {
			return false, fmt.Errorf("action %q does not round-trip: %v %v", txt, back, err)
		}
		if st.Describe(a, "en") == "" || st.Describe(a, "it") == "" {
			return false, fmt.Errorf("action %q has no description", txt)
		}
	}
	// Undo: apply an action and take it back where allowed.
	a := legal[r.IntN(len(legal))]
	moves := sess.Move()
	seen := func(v engine.Side) string {
		b, _ := json.Marshal(sess.State.View(v, "en"))
		out := string(b) + sess.State.Prompt(v, "en")
		if v != engine.Observer {
			for _, a := range sess.State.Legal(v, nil) {
				out += "|" + sess.State.EncodeAction(a)
			}
		}
		return out
	}
	others := map[engine.Side]string{}
	for v := engine.Side(-1); int(v) < len(g.SideNames()); v++ {
		if v != side {
			others[v] = seen(v)
		}
	}
	if err := sess.Apply(side, a); err != nil {
		return false, err
	}
	// A sealed action (engine.Session.Shown) changes nothing anyone else
	// sees or may do: its number and time are hidden on that ground, and
	// a computer player that decided before it need not think again.
	if sess.Sealed() {
		for v, was := range others {
			if seen(v) != was {
				return false, fmt.Errorf("%s's sealed action %q changed what %d sees", sess.SideName(side), st.EncodeAction(a), v)
			}
		}
	}
	if sess.CanUndo(side) {
		if err := sess.Undo(side); err != nil {
			return false, err
		}
		if engine.Hash(sess.State) != before || sess.Move() != moves {
			return false, fmt.Errorf("undo of %q did not restore the state", st.EncodeAction(a))
		}
	} else {
		// Could not undo (dice, reveal): replay from the record instead.
		rs, err := engine.ReplayGame(sess.Game, sess.Record)
		if err != nil {
			return false, err
		}
		*sess = *rs
		return true, nil
	}
	return false, nil
}

// checkRecord encodes the record, decodes it and replays it: every hash
// must match and the final state must be byte-identical.
func checkRecord(sess *engine.Session) error {
	data := sess.Record.Encode()
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		return err
	}
	again, err := engine.ReplayGame(sess.Game, rec)
	if err != nil {
		return fmt.Errorf("replay: %v", err)
	}
	if !bytes.Equal(again.State.Marshal(), sess.State.Marshal()) {
		return fmt.Errorf("replayed final state differs")
	}
	return nil
}
