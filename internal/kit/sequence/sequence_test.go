package sequence

import (
	"encoding/binary"
	"slices"
	"testing"

	"sandtable/internal/engine"
)

type step uint8

func TestCallReturnNests(t *testing.T) {
	var tr Track[step]
	tr.Step = 1
	tr.Call(5, 2) // a procedure at 5 that returns to 2
	tr.Call(7, 6) // nested in it, returns to 6
	if tr.Step != 7 || tr.NRet != 2 {
		t.Fatalf("after two calls: step %d, depth %d", tr.Step, tr.NRet)
	}
	if back := tr.Return(); back != 6 {
		t.Errorf("inner return to %d, want 6", back)
	}
	if back := tr.Return(); back != 2 {
		t.Errorf("outer return to %d, want 2", back)
	}
	if tr.NRet != 0 || tr.Ret != [Depth]step{} {
		t.Errorf("the stack is not empty and clear after returning: %v, %d", tr.Ret, tr.NRet)
	}
}

// The Track is laid out as the fields it replaced in the games' cores, so
// that their encoding, and so every recorded game's hashes, stay the same.
func TestTrackEncodesAsItsFields(t *testing.T) {
	tr := Track[step]{Turn: 3, Phasing: 1, Step: 4, Decider: 0, Ret: [Depth]step{9, 8}, NRet: 2}
	got, err := binary.Append(nil, binary.LittleEndian, &tr)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{3, 1, 4, 0, 9, 8, 0, 0, 2}
	if !slices.Equal(got, want) {
		t.Errorf("encoding %v, want %v", got, want)
	}
	if tr.GameTurn() != 7 {
		t.Errorf("GameTurn %d, want 2*3+1", tr.GameTurn())
	}
}

func TestResult(t *testing.T) {
	for _, c := range []struct {
		r       Result
		over    bool
		returns []float64
		active  engine.SideSet
	}{
		{Playing, false, nil, engine.Only(1)},
		{Win(0), true, []float64{1, 0}, 0},
		{Win(1), true, []float64{0, 1}, 0},
		{Draw, true, []float64{0.5, 0.5}, 0},
	} {
		if c.r.Over() != c.over || !slices.Equal(c.r.Returns(), c.returns) || c.r.Active(1) != c.active {
			t.Errorf("result %d: over %v returns %v active %v", c.r, c.r.Over(), c.r.Returns(), c.r.Active(1))
		}
	}
	if Win(0) != FirstWins || Win(1) != SecondWins {
		t.Error("Win does not number the sides from 0")
	}
}
