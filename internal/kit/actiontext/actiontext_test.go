package actiontext

import (
	"slices"
	"testing"
)

var ops = Ops{"", "done", "move"}

func TestWordAndSplit(t *testing.T) {
	for op, want := range map[uint8]string{1: "done", 2: "move", 0: "op0", 9: "op9"} {
		if got := ops.Word(op); got != want {
			t.Errorf("Word(%d) = %q, want %q", op, got, want)
		}
	}
	for _, c := range []struct {
		text string
		op   uint8
		args []string
		err  string
	}{
		{"move 7rtr  bir-enba ", 2, []string{"7rtr", "bir-enba"}, ""},
		{"done", 1, []string{}, ""},
		{"  ", 0, nil, "toy: empty action"},
		{"fly 7rtr", 0, nil, `toy: unknown action "fly" (actions: done, move)`},
		{"", 0, nil, "toy: empty action"},
	} {
		op, args, err := ops.Split("toy", c.text)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Split(%q): error %v, want %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil || op != c.op || !slices.Equal(args, c.args) {
			t.Errorf("Split(%q) = %d %q %v", c.text, op, args, err)
		}
	}
}

func TestWantAndID(t *testing.T) {
	if err := Want("toy", "move", []string{"a"}, 2, "a unit and an area"); err == nil || err.Error() != `toy: "move" takes a unit and an area` {
		t.Errorf("Want: %v", err)
	}
	if err := Want("toy", "move", []string{"a", "b"}, 2, "x"); err != nil {
		t.Errorf("Want with the right count: %v", err)
	}
	ids := []string{"a", "b"}
	id := func(i int) string { return ids[i] }
	for i, want := range map[int16]string{0: "a", 1: "b", 2: "unit2", -1: "unit-1"} {
		if got := ID(i, len(ids), "unit", id); got != want {
			t.Errorf("ID(%d) = %q, want %q", i, got, want)
		}
	}
}
