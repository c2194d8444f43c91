package primogenita

import (
	"testing"

	"sandtable/internal/engine"
)

// The picks and drops of 3.2's secret choice are sealed in a session
// (engine.Session.Shown): the move number shown leaves them out until the
// reveal, nobody may undo inside the choice (drop and uncommit take a pick
// or a commit back), and a commit is public. A game resumed from a
// snapshot taken inside the choice shows the same numbers as a whole
// replay.
func TestSecretChoiceIsSealed(t *testing.T) {
	sess, err := engine.NewSession(Game{}, engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for sess.State.Active() != engine.Only(Italian)|engine.Only(Allied) {
		side := sess.State.Active().Sides()[0]
		if err := sess.Apply(side, sess.State.Legal(side, nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	from := sess.Move()
	if sess.RoundFrom() != from || sess.Shown() != from {
		t.Fatalf("at the choice: round from %d, shown %d, move %d", sess.RoundFrom(), sess.Shown(), from)
	}
	type step struct {
		side   engine.Side
		action string
		sealed bool
		shown  int // the move shown after it
	}
	var snap engine.Snapshot
	for i, st := range []step{
		{Allied, "pick 36", true, from},
		{Italian, "pick 28", true, from},
		{Allied, "pick 31", true, from},
		{Allied, "drop 31", true, from},
		{Allied, "pick 27", true, from},
		{Allied, "pick 2", true, from},
		{Allied, "pick 43", true, from},
		{Allied, "commit", false, from + 1},
		{Allied, "uncommit", false, from + 2},
		{Allied, "commit", false, from + 3},
		{Italian, "pick 6", true, from + 3},
		{Italian, "pick 4", true, from + 3},
		{Italian, "pick 44", true, from + 3},
		// The reveal: every action of the choice is counted from now on.
		{Italian, "commit", false, from + 14},
	} {
		if err := sess.ApplyText(st.side, st.action); err != nil {
			t.Fatalf("%s: %v", st.action, err)
		}
		if sess.Sealed() != st.sealed || sess.Shown() != st.shown {
			t.Fatalf("%s: sealed %v, shown %d; want %v, %d", st.action, sess.Sealed(), sess.Shown(), st.sealed, st.shown)
		}
		if st.shown < sess.Move() && (sess.CanUndo(Italian) || sess.CanUndo(Allied)) {
			t.Fatalf("%s: an undo is offered inside the choice", st.action)
		}
		if i == 4 {
			snap = sess.Snapshot(-1)
		}
		if i == 12 && (sess.SealedBy(Allied) != 6 || sess.SealedBy(Italian) != 4) {
			t.Fatalf("sealed by the Allies %d, by Italy %d; want 6 and 4", sess.SealedBy(Allied), sess.SealedBy(Italian))
		}
	}
	if sess.RoundFrom() != sess.Move() || sess.ShownAt(from+3) != from+3 {
		t.Fatalf("after the reveal: round from %d, move %d", sess.RoundFrom(), sess.Move())
	}
	// A snapshot inside the choice is passed over: a resumed game must
	// know which actions before it are sealed.
	rec := sess.Record
	rec.Actions = rec.Actions[:snap.Move+2]
	whole, err := engine.ReplayGame(Game{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	resumed, res, err := engine.Resume(Game{}, rec, []engine.Snapshot{snap})
	if err != nil {
		t.Fatal(err)
	}
	if res.From != 0 || resumed.Shown() != whole.Shown() || whole.Shown() != from {
		t.Fatalf("resumed from %d shows move %d, a whole replay %d (want %d)", res.From, resumed.Shown(), whole.Shown(), from)
	}
}
