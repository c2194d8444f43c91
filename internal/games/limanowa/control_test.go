package limanowa

import (
	"testing"

	"sandtable/internal/engine"
)

// 3.9: a side controls its set-up areas at the start, then every hex it
// alone occupies, and keeps it when it leaves.
func TestControl(t *testing.T) {
	d := DefaultData()
	s1 := &d.Scenarios[0]
	c := NewControl(d, s1.Forces, s1.Control)
	h := Layout.MustParse
	if c.Owner(h("N17")) != Russian || c.Owner(h("C23")) != Central || c.Owner(h("AF13")) != engine.Observer {
		t.Fatalf("at the start: N17 %d, C23 %d, AF13 %d", c.Owner(h("N17")), c.Owner(h("C23")), c.Owner(h("AF13")))
	}
	units := []Unit{unit(t, d, "hussar-sqn", "N17"), unit(t, d, "cossack-sqn", "M17"), unit(t, d, "hussar-sqn", "M17")}
	c.Update(units)
	if c.Owner(h("N17")) != Central || c.Owner(h("M17")) != Russian {
		t.Errorf("after moving in: N17 %d (sole occupant), M17 %d (shared)", c.Owner(h("N17")), c.Owner(h("M17")))
	}
	units[0].Hex = h("O17")
	c.Update(units)
	if c.Owner(h("N17")) != Central {
		t.Error("control lost by leaving")
	}
	// Campaign 1: the Russians control Limanowa "but nothing else".
	c1 := &d.Campaigns[0]
	cc := NewControl(d, nil, c1.Control)
	if cc.Owner(h("N17")) != Russian || cc.Owner(h("N21")) != engine.Observer {
		t.Error("campaign 1's control at the start")
	}
}

// Scenario 1: the side controlling more hexes of Limanowa wins; at the
// start that is the Russians, with all of it.
func TestVictoryScenario1(t *testing.T) {
	d := DefaultData()
	s1 := &d.Scenarios[0]
	c := NewControl(d, s1.Forces, s1.Control)
	if r := d.Judge(s1.Victory, c, nil); r.Winner != Russian || r.Points != [2]int{0, 8} {
		t.Errorf("at the start: %+v", r)
	}
	for _, id := range []string{"L16", "M16", "M17", "N16"} {
		c.Set(Layout.MustParse(id), Central)
	}
	if r := d.Judge(s1.Victory, c, nil); r.Winner != engine.Observer {
		t.Errorf("four hexes each: %+v, want a draw (L9)", r)
	}
}

// Scenario 3: the Austro-Hungarians win with two hill hexes, else lose.
func TestVictoryScenario3(t *testing.T) {
	d := DefaultData()
	s3 := &d.Scenarios[2]
	c := NewControl(d, nil, nil)
	c.Set(Layout.MustParse("AF13"), Central)
	if r := d.Judge(s3.Victory, c, s3.PlayArea); r.Winner != Russian {
		t.Errorf("one hex: %+v", r)
	}
	c.Set(Layout.MustParse("AI25"), Central)
	if r := d.Judge(s3.Victory, c, s3.PlayArea); r.Winner != Central || r.Points[Central] != 2 {
		t.Errorf("two hexes: %+v", r)
	}
}

// The campaigns' example: the whole village of Mordarka is U10, V09, W09,
// W08 and X08; one victory point needs every one of them.
func TestMordarkaWholeVillage(t *testing.T) {
	d := DefaultData()
	v := Victory{Kind: HillsAndVillages}
	c := NewControl(d, nil, nil)
	mordarka := []string{"U10", "V09", "W09", "W08", "X08"}
	for _, id := range mordarka[:4] {
		c.Set(Layout.MustParse(id), Central)
	}
	if r := d.Judge(v, c, nil); r.Points[Central] != 0 {
		t.Errorf("four of Mordarka's five hexes: %+v", r)
	}
	c.Set(Layout.MustParse("X08"), Central)
	if r := d.Judge(v, c, nil); r.Points[Central] != 1 || r.Winner != Central {
		t.Errorf("all of Mordarka: %+v", r)
	}
	// Hill hexes count one each; the campaign 2 start gives the
	// Austro-Hungarians every hill hex and every whole village.
	c2 := NewControl(d, nil, d.Campaigns[1].Control)
	want := len(d.hillHexes()) + len(d.Map.Villages)
	if r := d.Judge(v, c2, nil); r.Points != [2]int{want, 0} {
		t.Errorf("campaign 2 at the start: %+v, want %d", r, want)
	}
}
