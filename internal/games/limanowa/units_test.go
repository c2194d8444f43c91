package limanowa

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// unit places a counter (by id) on the map.
func unit(t *testing.T, d *Data, id, hex string) Unit {
	t.Helper()
	i := slices.IndexFunc(d.Counters, func(c Counter) bool { return c.ID == id })
	if i < 0 {
		t.Fatalf("no counter %q", id)
	}
	return Unit{Counter: int16(i), Force: -1, Side: d.Counters[i].Side, Where: OnMap, Hex: Layout.MustParse(hex)}
}

// 3.2: a unit uses the values of the side facing up.
func TestFaceUp(t *testing.T) {
	d := DefaultData()
	u := unit(t, d, "hussar-sqn", "C23")
	if f := u.Face(d); f.String() != "+0/1/8/9" || f.Melee != 3 {
		t.Errorf("formed face %v", f)
	}
	u.Dispersed = true
	if f := u.Face(d); f.String() != "+1/2/7/1" {
		t.Errorf("dispersed face %v", f)
	}
}

// 3.4: at most two units of a side in a hex; the enemy's do not count.
func TestStacking(t *testing.T) {
	d := DefaultData()
	units := []Unit{unit(t, d, "cossack-sqn", "N17"), unit(t, d, "cossack-sqn", "N17"), unit(t, d, "hussar-sqn", "N17")}
	if CanEnter(units, Russian, Layout.MustParse("N17")) {
		t.Error("a third Russian unit may enter N17")
	}
	if !CanEnter(units, Central, Layout.MustParse("N17")) {
		t.Error("a second Austro-Hungarian unit may not enter N17")
	}
	units[1].Where = Destroyed
	if !CanEnter(units, Russian, Layout.MustParse("N17")) {
		t.Error("a destroyed unit still counts")
	}
}

// 3.5's example: only O19, P19 and Q19 qualify for the mass; N18 is
// dispersed, P18 another type, Q18 spent, and they break the links of
// M19 and R17.
func TestMassExample(t *testing.T) {
	d := DefaultData()
	units := []Unit{
		unit(t, d, "honved-coy", "O19"), unit(t, d, "honved-coy", "P19"), unit(t, d, "honved-coy", "Q19"),
		unit(t, d, "honved-coy", "N18"), unit(t, d, "ah-mg", "P18"), unit(t, d, "honved-coy", "Q18"),
		unit(t, d, "honved-coy", "M19"), unit(t, d, "honved-coy", "R17"),
	}
	units[3].Dispersed = true
	units[5].Spent = true
	if got := d.MassFrom(units, 0); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("mass from O19 = %v, want O19 P19 Q19", got)
	}
	if !d.IsMass(units, []int{0, 1, 2}) {
		t.Error("O19 P19 Q19 is not a mass")
	}
	for _, bad := range [][]int{{0, 1, 2, 3}, {0, 1, 2, 4}, {0, 1, 2, 5}, {0, 1, 2, 6}, {0, 1, 2, 7}, {0, 0}} {
		if d.IsMass(units, bad) {
			t.Errorf("%v is a mass", bad)
		}
	}
	if got := d.MassFrom(units, 6); !slices.Equal(got, []int{6}) {
		t.Errorf("M19 links to %v", got)
	}
	// Had the links been whole, one of M19 and R17 would still be left
	// out: a mass spans at most six hexes.
	units[3].Dispersed, units[5].Spent = false, false
	units[4] = unit(t, d, "honved-coy", "P18")
	all := d.MassFrom(units, 0)
	if len(all) != 8 || d.IsMass(units, all) {
		t.Errorf("linked chain %v is a mass of %d hexes", all, len(all))
	}
	if !d.IsMass(units, []int{0, 1, 2, 3, 5, 6}) {
		t.Error("six hexes are not a mass")
	}
	if d.IsMass(units, []int{0, 1, 2, 3, 5, 6, 7}) {
		t.Error("with both M19 and R17 the mass spans seven hexes")
	}
	// 12 units at most: two to a hex in six hexes.
	var twelve []Unit
	for _, h := range []string{"O19", "P19", "Q19", "O20", "P20", "Q20"} {
		twelve = append(twelve, unit(t, d, "honved-coy", h), unit(t, d, "honved-coy", h))
	}
	ids := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	if !d.IsMass(twelve, ids) {
		t.Error("twelve units in six hexes are not a mass")
	}
	twelve = append(twelve, unit(t, d, "honved-coy", "Q21"))
	if d.IsMass(twelve, append(ids, 12)) {
		t.Error("thirteen units are a mass")
	}
	// Identical means the same nation too (3.11).
	if d.IsMass([]Unit{unit(t, d, "honved-coy", "O19"), unit(t, d, "kuk-coy", "P19")}, []int{0, 1}) {
		t.Error("Honvéd and k.u.k. companies form a mass")
	}
}

// 3.6's example: P19 and Q19 join the blob; O19 is spent, P18 formed, O18
// dispersed and ready but adjacent to no other unit of the blob.
func TestBlobExample(t *testing.T) {
	d := DefaultData()
	units := []Unit{unit(t, d, "honved-coy", "P19"), unit(t, d, "ah-mg", "Q19"), unit(t, d, "honved-coy", "O19"),
		unit(t, d, "honved-coy", "P18"), unit(t, d, "honved-coy", "O18")}
	for i := range units {
		units[i].Dispersed = true
	}
	units[2].Spent = true
	units[3].Dispersed = false
	if !IsBlob(units, []int{0, 1}) {
		t.Error("P19 and Q19 are not a blob")
	}
	for _, bad := range [][]int{{0, 1, 2}, {0, 1, 3}, {0, 1, 4}} {
		if IsBlob(units, bad) {
			t.Errorf("%v is a blob", bad)
		}
	}
}

// 3.12: horse artillery checks cohesion entering a trench like cavalry and
// cannot dig, like cavalry; 13.0: Cossacks and Hussars never dig, mounted
// or dismounted.
func TestMultipleTypes(t *testing.T) {
	d := DefaultData()
	for id, want := range map[string][2]bool{ // can dig, bogs
		"ah-horse-gun": {false, true}, "russian-gun": {true, false}, "honved-coy": {true, false}, "ah-mg": {true, false},
		"cossack-sqn": {false, true}, "hussar-sqn": {false, true}, "hussar-sqn-dismounted": {false, false},
	} {
		c, _ := d.Counter(id)
		if c.CanDig() != want[0] || c.Bogs() != want[1] {
			t.Errorf("%s: dig %v bog %v, want %v", id, c.CanDig(), c.Bogs(), want)
		}
	}
}

// 3.72, 3.73 with the rolls of the Example of Play (9.0).
func TestCohesionCheck(t *testing.T) {
	tests := []struct {
		name  string
		c     Check
		want  Outcome
		final int
	}{
		{"MG reaction fire: 5 + 3 = 8, not above 8", Check{[2]int{2, 3}, 3, 8, ByFire}, Pass, 8},
		{"infantry fire: 7 + 3 = 10 disperses, does not kill", Check{[2]int{3, 4}, 3, 8, ByFire}, Fail, 10},
		{"8 + 3 = 11 destroys", Check{[2]int{4, 4}, 3, 8, ByFire}, Kill, 11},
		{"12 + 3 = 15 spells doom", Check{[2]int{6, 6}, 3, 8, ByFire}, Kill, 15},
		{"dispersed company: 8 + 1 = 9 fails", Check{[2]int{3, 5}, 1, 7, ByFire}, Fail, 9},
		{"entrenched: 8 + 2 - 3 = 7 no effect", Check{[2]int{2, 6}, -1, 7, ByFire}, Pass, 7},
		{"melee: 10 + 5 = 15 kills", Check{[2]int{5, 5}, 5, 7, ByMelee}, Kill, 15},
		{"melee: MG 4 + 3 = 7 harmless", Check{[2]int{1, 3}, 3, 7, ByMelee}, Pass, 7},
		{"3.73: a move-induced 12 never destroys", Check{[2]int{6, 6}, 0, 8, ByMovement}, Fail, 12},
		{"3.8: a failed rally costs nothing", Check{[2]int{6, 6}, 0, 7, ByRally}, Fail, 12},
	}
	for _, tt := range tests {
		if got := tt.c.Outcome(); got != tt.want || tt.c.Final() != tt.final {
			t.Errorf("%s: outcome %d final %d", tt.name, got, tt.c.Final())
		}
	}
	if !(Check{Dice: [2]int{4, 4}}).Doubles() || (Check{Dice: [2]int{4, 5}}).Doubles() {
		t.Error("doubles")
	}
}

// 3.72: failing disperses and spends (no more if already so); 3.73 removes;
// 3.8: a passed rally flips the unit formed and spends it.
func TestApplyCheck(t *testing.T) {
	d := DefaultData()
	u := unit(t, d, "honved-coy", "V09")
	u.In = true
	if u.Apply(Check{[2]int{3, 4}, 3, 8, ByFire}) != Fail || !u.Dispersed || !u.Spent || u.Where != OnMap {
		t.Errorf("after a failed check: %+v", u)
	}
	before := u
	if u.Apply(Check{[2]int{3, 4}, 3, 7, ByFire}) != Fail || u != before {
		t.Errorf("a second failure changed %+v to %+v", before, u)
	}
	if u.Apply(Check{[2]int{6, 6}, 0, 7, ByRally}) != Fail || u != before {
		t.Error("a failed rally changed the unit")
	}
	u.Spent = false
	if u.Apply(Check{[2]int{1, 2}, 0, 7, ByRally}) != Pass || u.Dispersed || !u.Spent {
		t.Errorf("after a passed rally: %+v", u)
	}
	if u.Apply(Check{[2]int{5, 6}, 0, 8, ByMelee}) != Kill || u.Where != Destroyed || u.In {
		t.Errorf("after 11 in melee: %+v", u)
	}
	// Dice come from the engine's generator.
	r := engine.NewRand(7)
	c := d.RollCheck(&r, &before, 2, ByFire)
	if c.Cohesion != 7 || c.Modifier != 2 || c.Dice[0] < 1 || c.Dice[0] > 6 || c.Dice[1] < 1 || c.Dice[1] > 6 {
		t.Errorf("rolled %+v", c)
	}
}
