package limanowa

import "testing"

// 6.42: a bomb stop cannot be removed when it points at a hexside of a
// hex holding an enemy unit; with the sides straddling it, neither can.
func TestBombStop(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	p := &Position{Units: []Unit{unit(t, d, "honved-coy", "T17"), unit(t, d, "russian-coy", "T18")}}
	p.Mark(h("T17"), TrenchMark, true)
	p.Mark(h("T18"), TrenchMark, true)
	if !p.TrenchConnected(h("T17"), h("T18")) {
		t.Fatal("adjacent trench counters do not connect (8.322)")
	}
	p.MarkSide(h("T17"), h("T18"), BombStopMark, true)
	if p.TrenchConnected(h("T18"), h("T17")) {
		t.Error("a bomb stop leaves the trenches connected (8.33)")
	}
	if p.CanRemoveBombStop(Central, h("T17"), h("T18")) || p.CanRemoveBombStop(Russian, h("T17"), h("T18")) {
		t.Error("a straddled bomb stop can be removed")
	}
	p.Units[1].Hex = h("T19")
	if !p.CanRemoveBombStop(Central, h("T17"), h("T18")) || p.CanRemoveBombStop(Central, h("T17"), h("T16")) {
		t.Error("bomb stop removal once the enemy has gone")
	}
}

// 8.341: a non-AFV unit crossing wire is dispersed and spent at once;
// moving along the wire, or across a breach, does nothing.
func TestWire(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	p := &Position{}
	p.MarkSide(h("T17"), h("T18"), WireMark, true)
	u := unit(t, d, "honved-coy", "T17")
	if p.CrossWire(d, &u, h("T17"), h("T16")) || u.Dispersed {
		t.Error("moving parallel to the wire")
	}
	if !p.CrossWire(d, &u, h("T17"), h("T18")) || !u.Dispersed || !u.Spent {
		t.Errorf("after crossing the wire: %+v", u)
	}
	p.MarkSide(h("T18"), h("T17"), BreachMark, true)
	v := unit(t, d, "honved-coy", "T18")
	if p.CrossWire(d, &v, h("T18"), h("T17")) || v.Dispersed {
		t.Error("a breach does not negate the wire (8.342)")
	}
}

// 8.02, 8.1, 8.2, 8.9: the cover in a hex.
func TestCover(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	p := &Position{}
	if !p.Cover(&d.Map, h("N17")) || !p.Cover(&d.Map, h("L07")) || p.Cover(&d.Map, h("T17")) || p.Cover(&d.Map, h("I06")) {
		t.Error("village and dotted woods give cover, open ground and undotted woods none")
	}
	p.Mark(h("T17"), ScrapeMark, true)
	p.Mark(h("T18"), TrenchMark, true)
	if !p.Cover(&d.Map, h("T17")) || p.Cover(&d.Map, h("T18")) {
		t.Error("a scrape covers everyone in its hex, a trench only those IN it")
	}
}

// Scenario 1's position before set-up: three Cossacks within four hexes
// of N17, four Hussars on or next to C23, two to a hex.
func TestNewPosition(t *testing.T) {
	d := DefaultData()
	s := &d.Scenarios[0]
	p := d.NewPosition(s)
	if len(p.Units) != 7 || p.Control.Owner(Layout.MustParse("N17")) != Russian {
		t.Fatalf("%d units", len(p.Units))
	}
	h := Layout.MustParse
	cossack := 0
	hussar := 3
	if d.Counters[p.Units[cossack].Counter].ID != "cossack-sqn" || d.Counters[p.Units[hussar].Counter].ID != "hussar-sqn" {
		t.Fatal("order of the units")
	}
	for _, tt := range []struct {
		unit int
		hex  string
		want bool
	}{{cossack, "N17", true}, {cossack, "N22", false}, {hussar, "C23", true}, {hussar, "D23", true}, {hussar, "C25", false}, {hussar, "N17", false}} {
		if got := p.CanSetUp(s, tt.unit, h(tt.hex)); got != tt.want {
			t.Errorf("unit %d in %s: %v", tt.unit, tt.hex, got)
		}
	}
	for _, i := range []int{3, 4} {
		p.Units[i].Where, p.Units[i].Hex = OnMap, h("C23")
	}
	if p.CanSetUp(s, 5, h("C23")) {
		t.Error("a third Hussar in C23 (3.4)")
	}
}
