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

// What entering a hex means (6.61-6.63, 6.661, 6.662, 8.323, 8.341, 8.7).
func TestEnter(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	p := &Position{Units: []Unit{unit(t, d, "honved-coy", "K17"), unit(t, d, "hussar-sqn", "T18"), unit(t, d, "russian-coy", "T20")}}
	// The Sowlina runs between J17 and K17 under the road's bridge, and
	// between K17 and K18 without one.
	if e := p.Enter(d, 0, h("J17"), false, nil); !e.Allowed || !e.Road || e.Stream {
		t.Errorf("over the bridge: %+v", e)
	}
	if e := p.Enter(d, 0, h("K18"), false, nil); !e.Allowed || e.Road || !e.Stream {
		t.Errorf("across the stream: %+v", e)
	}
	if e := p.Enter(d, 0, h("J17"), true, nil); e.Lost {
		t.Error("6.661: lost along a road at night")
	}
	if e := p.Enter(d, 0, h("K18"), true, nil); !e.Lost {
		t.Error("6.661c: not lost off the road at night")
	}
	// 8.323: cavalry entering a trench hex; 8.341: wire.
	p.Mark(h("T19"), TrenchMark, true)
	p.MarkSide(h("T18"), h("T19"), WireMark, true)
	if e := p.Enter(d, 1, h("T19"), false, nil); !e.Bog || !e.Wire {
		t.Errorf("cavalry into a wired trench hex: %+v", e)
	}
	// 6.63: no leaving a hex with the enemy; 3.4: no third unit.
	p.Units[2].Hex = h("T18")
	if e := p.Enter(d, 1, h("S18"), false, nil); e.Allowed || e.Rule != "6.63" {
		t.Errorf("left a hex holding the enemy: %+v", e)
	}
	q := &Position{Units: []Unit{unit(t, d, "honved-coy", "K17"), unit(t, d, "honved-coy", "J17"), unit(t, d, "honved-coy", "J17")}}
	if e := q.Enter(d, 0, h("J17"), false, nil); e.Allowed || e.Rule != "3.4" {
		t.Errorf("a third unit: %+v", e)
	}
	if e := q.Enter(d, 0, h("J17"), false, d.Scenarios[2].PlayArea); e.Allowed {
		t.Error("scenario 3: entered a hex beyond the road")
	}
	// 6.661b, 6.662: IN along the enemy's trench (it could set up there).
	r := &Position{Units: []Unit{unit(t, d, "honved-coy", "T17")}}
	r.Units[0].In = true
	r.SetupArea[Russian] = hexes(t, "T17 T18")
	r.Mark(h("T17"), TrenchMark, true)
	r.Mark(h("T18"), TrenchMark, true)
	if e := r.Enter(d, 0, h("T18"), false, nil); !e.Lost {
		t.Error("6.661b: along an enemy trench without a lost check")
	}
	r.SetupArea[Russian] = nil
	if e := r.Enter(d, 0, h("T18"), true, nil); e.Lost {
		t.Error("6.661c: along a friendly trench at night")
	}
}

// 6.64, 8.6: the road bonus needs a start on the road and a road hexside
// at every step.
func TestRoadBonus(t *testing.T) {
	m := &DefaultData().Map
	if !m.RoadBonus(hexes(t, "N18 M18 L17 K17")) {
		t.Error("along the Kanina road")
	}
	if m.RoadBonus(hexes(t, "N18 M18 M19")) || m.RoadBonus(hexes(t, "M19 M18 L17")) {
		t.Error("off the road, or starting off it")
	}
}

// 11.55: a gun redeploys through up to eight friendly hexes, never next to
// the enemy.
func TestRedeploy(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	p := &Position{Units: []Unit{unit(t, d, "ah-mg", "K17"), unit(t, d, "russian-coy", "O17"), unit(t, d, "honved-coy", "J17")}}
	c := NewControl(d, nil, nil)
	for _, x := range d.Map.Hexes {
		if x.Q <= h("O17").Q {
			c.Set(x, Central)
		}
	}
	p.Control = *c
	reach := p.RedeployReach(d, 0)
	in := func(id string) bool { return slices.Contains(reach, h(id)) }
	if !in("K09") || in("K08") || in("N17") || in("P17") || in("K17") {
		t.Errorf("redeploy reach: K09 %v (8 hexes), K08 %v (9), N17 %v (next to the enemy), P17 %v (not friendly)", in("K09"), in("K08"), in("N17"), in("P17"))
	}
	if p.RedeployReach(d, 2) != nil {
		t.Error("infantry redeployed")
	}
}
