package limanowa

import (
	"slices"
	"testing"
)

// 6.661: when a move makes a unit check for getting lost.
func TestLost(t *testing.T) {
	m := &DefaultData().Map
	h := Layout.MustParse
	// Two woods hexes side by side on the Łysa Góra mass, and a road.
	if !m.Green(h("L07"), h("L08")) || m.Green(h("L07"), h("L10")) || m.Green(h("N17"), h("N18")) {
		t.Fatal("green hexsides")
	}
	tests := []struct {
		name string
		s    Step
		want bool
	}{
		{"a) into interior woods", Step{From: h("L07"), To: h("L08")}, true},
		{"open ground by day", Step{From: h("T17"), To: h("T18")}, false},
		{"c) at night", Step{From: h("T18"), To: h("T19"), Night: true}, true},
		{"c) at night along a road", Step{From: h("T17"), To: h("S18"), Night: true}, false},
		{"c) at night along a friendly trench", Step{From: h("T18"), To: h("T19"), Night: true, FriendlyTrench: true}, false},
		{"b) IN along an enemy trench", Step{From: h("T18"), To: h("T19"), EnemyTrench: true}, true},
	}
	for _, tt := range tests {
		if got := m.MustCheckLost(tt.s); got != tt.want {
			t.Errorf("%s: %v", tt.name, got)
		}
	}
}

// 3.8: a formed unit entering a hex lets its side's ready, dispersed units
// there rally; not spent ones, not the enemy's.
func TestRallyCandidates(t *testing.T) {
	d := DefaultData()
	units := []Unit{unit(t, d, "honved-coy", "V09"), unit(t, d, "honved-coy", "V09"), unit(t, d, "honved-coy", "V09"),
		unit(t, d, "russian-coy", "V09"), unit(t, d, "honved-coy", "V10")}
	units[1].Dispersed = true
	units[2].Dispersed, units[2].Spent = true, true
	units[3].Dispersed = true
	units[4].Dispersed = true
	if got := RallyCandidates(units, 0); !slices.Equal(got, []int{1}) {
		t.Errorf("rally candidates %v", got)
	}
	units[0].Dispersed = true
	if got := RallyCandidates(units, 0); got != nil {
		t.Errorf("a dispersed mover lets %v rally", got)
	}
}
