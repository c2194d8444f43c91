package limanowa

import (
	"slices"
	"testing"

	"sandtable/internal/hexgrid"
)

// 7.21's table and its notes; 11.522 at night.
func TestModeOfTransmission(t *testing.T) {
	tb := &DefaultData().Tables
	trench := Conditions{TrenchOnMap: true}
	tests := []struct {
		mode   Mode
		c      Conditions
		ss, rd int
	}{
		{Aircraft, trench, 7, 1}, {Aircraft, Conditions{PBFired: true}, 6, 1},
		{Flare, trench, 7, 0}, {Flare, Conditions{PBFired: true}, 5, 0},
		{Runner, trench, 6, 3}, {Runner, Conditions{PBFired: true}, 4, 6},
		{Telephone, trench, 9, 1}, {Telephone, Conditions{}, 7, 1}, {Telephone, Conditions{PBFired: true}, 0, 1},
		{TrenchSet, trench, 8, 1}, {TrenchSet, Conditions{PBFired: true}, 8, 1},
		{Aircraft, Conditions{Night: true}, 7, 1}, // 11.522: as telephone, no trench on the map
	}
	for _, tt := range tests {
		if ss, rd := tb.SignalSuccess(tt.mode, tt.c), tb.RelayDelay(tt.mode, tt.c); ss != tt.ss || rd != tt.rd {
			t.Errorf("%s %+v: SS %d RD %d, want %d %d", tt.mode, tt.c, ss, rd, tt.ss, tt.rd)
		}
	}
	for _, tt := range []struct {
		dice, ss int
		cancel   bool
		want     Signal
	}{{7, 7, false, Signalled}, {8, 7, false, NoSignal}, {12, 7, false, NoSignal}, {10, 9, true, NoSignal}, {11, 9, true, Accidental}, {5, 9, true, Signalled}} {
		if got := SignalRoll(tt.dice, tt.ss, tt.cancel); got != tt.want {
			t.Errorf("SS roll %d against %d (cancel %v) = %d", tt.dice, tt.ss, tt.cancel, got)
		}
	}
}

// 7.244 and 7.246: the FFE aimed at the vertex (N18, O19, N19) rolls 3 for
// accuracy and strays; the spine due west is "1-2", the error die 2 puts
// it on (M19, N18, N19), whose blast hits N18, N19 and M19 - not O19.
func TestStrayExample(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	v, _ := hexgrid.VertexOf(h("N18"), h("O19"), h("N19"))
	if d.Tables.Accurate(3, false, false) {
		t.Fatal("an accuracy roll of 3 hits")
	}
	if !d.Tables.Accurate(3, true, false) || !d.Tables.Accurate(4, true, true) || d.Tables.Accurate(5, true, true) {
		t.Error("7.242's modifiers")
	}
	west := -1
	p := Layout.VertexPoint(v, 1)
	for i, a := range v.Adjacent() {
		if q := Layout.VertexPoint(a, 1); q.X < p.X-0.5 {
			west = i
		}
	}
	got := Stray(v, west, 2)
	want, _ := hexgrid.VertexOf(h("M19"), h("N18"), h("N19"))
	if got != want {
		t.Fatalf("strayed to %v, want %v", got, want)
	}
	blast := Blast(got)
	for _, id := range []string{"N18", "N19", "M19"} {
		if !slices.Contains(blast[:], h(id)) {
			t.Errorf("%s not in the blast", id)
		}
	}
	if slices.Contains(blast[:], h("O19")) {
		t.Error("O19 in the strayed blast")
	}
	if b := Blast(v); !slices.Contains(b[:], h("O19")) || slices.Contains(b[:], h("M19")) {
		t.Error("the accurate blast")
	}
}

// 11.32: a cross hair placed on turn 9 of the attack scenario with a relay
// delay of 6 is primed on turn 3 of the counter attack.
func TestCarriedOver(t *testing.T) {
	tr := &DefaultData().Turns
	if got := tr.CarriedOver(9, 6); got != 3 {
		t.Errorf("primed on counter-attack turn %d, want 3", got)
	}
	if got := tr.CarriedOver(5, 3); got != 0 {
		t.Errorf("primed within the attack: %d", got)
	}
}
