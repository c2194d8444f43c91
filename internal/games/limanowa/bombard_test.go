package limanowa

import (
	"slices"
	"testing"
)

// 7.12 and the Example of Play's pulverizing bombardment (9.0): every
// British unit is IN its trench, so none is destroyed, all are dispersed,
// each rolls a die and none gets a 6.
func TestBombard(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse
	area := []string{"V09", "V10", "V11", "V12"}
	var hexes = d.Map.Hexes[:0:0]
	for _, id := range area {
		hexes = append(hexes, h(id))
	}
	p := &Position{}
	for _, id := range area {
		u := unit(t, d, "russian-coy", id)
		u.In = true
		p.Units = append(p.Units, u)
	}
	rolls := []int{3, 1, 5, 2}
	next := func() int { r := rolls[0]; rolls = rolls[1:]; return r }
	if gone := p.Bombard(&d.Map, hexes, Pulverizing, next); len(gone) != 0 {
		t.Errorf("eliminated %v", gone)
	}
	for _, u := range p.Units {
		if !u.Dispersed || u.Spent || u.Where != OnMap {
			t.Errorf("after the bombardment: %+v", u)
		}
	}
	// Out of cover: eliminated without a roll; in a village: dispersed and
	// rolls (a 6 eliminates); outside the area: untouched.
	q := &Position{Units: []Unit{unit(t, d, "russian-coy", "V11"), unit(t, d, "russian-coy", "V09"), unit(t, d, "russian-coy", "V08")}}
	rolls = []int{6}
	if gone := q.Bombard(&d.Map, hexes, Pulverizing, next); !slices.Equal(gone, []int{0, 1}) || q.Units[2].Dispersed {
		t.Errorf("eliminated %v, %+v", gone, q.Units)
	}
	// Paralyzing: 2 or more spends.
	r := &Position{Units: []Unit{unit(t, d, "russian-coy", "V09"), unit(t, d, "russian-coy", "V09")}}
	rolls = []int{1, 2}
	if gone := r.Bombard(&d.Map, hexes, Paralyzing, next); len(gone) != 0 || r.Units[0].Spent || !r.Units[1].Spent {
		t.Errorf("paralyzing: %v %+v", gone, r.Units)
	}
	if a, b := Pulverizing.Breaches(); a != 1 || b != 1 {
		t.Error("pulverizing breaches")
	}
	if a, b := Paralyzing.Breaches(); a != 0 || b != 3 {
		t.Error("paralyzing breaches")
	}
}
