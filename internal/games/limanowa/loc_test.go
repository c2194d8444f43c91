package limanowa

import "testing"

// 11.42: lines of communication and beaten zones.
func TestLOC(t *testing.T) {
	d := DefaultData()
	m := &d.Map
	h := Layout.MustParse
	p := &Position{Units: []Unit{unit(t, d, "honved-coy", "E20")}}
	bz := p.BeatenZone(Central)
	if !p.LOC(m, Central, h("E20"), bz) {
		t.Fatal("an open map cuts E20 off from the north-west corner")
	}
	empty := &Position{}
	if !empty.LOC(m, Russian, h("E20"), empty.BeatenZone(Russian)) {
		t.Error("a Russian in E20 cannot reach AR04's corner across an open map")
	}
	// Ring E20 with Russians two hexes out: their beaten zones close it.
	ring := []Unit{p.Units[0]}
	for _, x := range []string{"E18", "F18", "G19", "G20", "G21", "F22", "E22", "D22", "C21", "C20", "C19", "D18"} {
		ring = append(ring, unit(t, d, "russian-coy", x))
	}
	p = &Position{Units: ring}
	if p.LOC(m, Central, h("E20"), p.BeatenZone(Central)) {
		t.Error("traced through a ring of beaten zones")
	}
	// A unit sharing its hex with the enemy exerts no zone.
	alone := &Position{Units: []Unit{unit(t, d, "russian-coy", "M10")}}
	if bz := alone.BeatenZone(Central); len(bz) != 6 || !bz[h("M11")] || bz[h("M10")] {
		t.Errorf("a lone unit's beaten zone: %v", bz)
	}
	alone.Units = append(alone.Units, unit(t, d, "honved-coy", "M10"))
	if bz := alone.BeatenZone(Central); len(bz) != 0 {
		t.Errorf("a unit sharing its hex with the enemy exerts a beaten zone: %v", bz)
	}
	if bz := alone.BeatenZone(Russian); len(bz) != 0 {
		t.Errorf("nor does the enemy it shares with: %v", bz)
	}
	// A unit in a beaten zone, or sharing its hex with the enemy, may trace
	// out of its own hex.
	q := &Position{Units: []Unit{unit(t, d, "honved-coy", "E20"), unit(t, d, "russian-coy", "E21")}}
	if !q.LOC(m, Central, h("E20"), q.BeatenZone(Central)) {
		t.Error("a unit next to the enemy cannot trace out of its own hex")
	}
	q.Units[1].Hex = h("E20")
	if !q.LOC(m, Central, h("E20"), q.BeatenZone(Central)) {
		t.Error("a unit sharing its hex with the enemy cannot trace out of it")
	}
}

// 11.12 with 13.0's edit: a placement hex next to a friendly non-cavalry
// unit, with no enemy in or next to it, and a line of communication.
func TestCanPlace(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	p := &Position{Units: []Unit{unit(t, d, "hussar-sqn", "E20"), unit(t, d, "honved-coy", "H18")}}
	if p.CanPlace(d, Central, h("E21")) {
		t.Error("cavalry anchored an arrival")
	}
	if !p.CanPlace(d, Central, h("H19")) {
		t.Error("no placement next to the infantry in H18")
	}
	p.Units = append(p.Units, unit(t, d, "cossack-sqn", "I20"))
	if p.CanPlace(d, Central, h("H19")) {
		t.Error("placed next to an enemy unit")
	}
}
