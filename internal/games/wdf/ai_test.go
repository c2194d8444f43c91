package wdf

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// TestNarrowKeepsTheChosenPiece: the searching players' rule (narrow):
// with a piece chosen that has not yet acted they weigh exactly its
// actions; with the unit part way through its move chosen, everything
// open (choosing another piece ends its move).
func TestNarrowKeepsTheChosenPiece(t *testing.T) {
	fresh, moving := 0, 0
	eachChosen(7, 3, func(s *State, side engine.Side, p int, legal []engine.Action, seed uint64, n int) {
		got := slices.Clone(legal)
		if drop := narrow(s, side); drop != nil {
			got = slices.DeleteFunc(got, drop)
		}
		want := legal
		if p != s.moving() {
			want = s.pieceActions(p, nil)
			fresh++
		} else {
			moving++
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d action %d, %s chosen (moving %d): narrowed to %d actions, want %d", seed, n,
				s.EncodeAction(engine.Action{Op: opPick, A: int16(p)}), s.moving(), len(got), len(want))
		}
	})
	if fresh < 50 || moving < 10 {
		t.Errorf("%d states with a piece just chosen, %d with the moving unit chosen: too few", fresh, moving)
	}
}
