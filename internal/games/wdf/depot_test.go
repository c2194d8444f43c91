package wdf

import "testing"

// TestDepotExamples plays the examples of 7.32 and 7.9.
func TestDepotExamples(t *testing.T) {
	// 7.32: the Allied depot at 3709 (Allied zone C), Tobruk Allied with a
	// clear line to Alexandria; die 6 less one Axis ASP = 5 on row B: 4 AP.
	d, p := fixture(t, "depot allied 3709\ntobruk allied\nunit aus-16 3408")
	b := NewBoard(d, p)
	if !b.CanPlaceDepot(Allied, hx(t, d, "3709")) {
		t.Error("7.32: depot may not be placed at 3709")
	}
	if row, mod, _ := b.APRow(Allied); row != 1 || mod != 0 {
		t.Errorf("7.32: row %c mod %d, want B and 0", 'A'+row, mod)
	}
	if got := b.NewAP(Allied, 6, 1); got != 4 {
		t.Errorf("7.32: %d new APs, want 4", got)
	}
	// 7.9 ex. 1: Allied depot at Sollum 4110 (zone B) costs 2; at Bardia
	// 4009 (zone C) 3.
	for _, c := range []struct {
		hex  string
		cost int
	}{{"4110", 2}, {"4009", 3}} {
		d, p := fixture(t, "depot allied "+c.hex)
		if got, _ := NewBoard(d, p).MajorOffensiveCost(Allied); got != c.cost {
			t.Errorf("7.9 ex. 1: depot at %s costs %d, want %d", c.hex, got, c.cost)
		}
	}
	// 7.9 ex. 2: Axis depot at 3609 with Tobruk costs 2 instead of 3.
	d, p = fixture(t, "depot axis 3609\ntobruk axis")
	if got, _ := NewBoard(d, p).MajorOffensiveCost(Axis); got != 2 {
		t.Errorf("7.9 ex. 2: cost %d, want 2", got)
	}
	d, p = fixture(t, "depot axis 3609\ntobruk allied")
	if got, _ := NewBoard(d, p).MajorOffensiveCost(Axis); got != 3 {
		t.Errorf("7.9 ex. 2 without Tobruk: cost %d, want 3", got)
	}
}

// TestDepotRoute checks depot placement and the road path (7.11, 7.13,
// 7.32).
func TestDepotRoute(t *testing.T) {
	cases := []struct {
		name, fix     string
		side          string
		hex           string
		place         bool
		conn, tob, bg bool
	}{
		{"open road", "", "allied", "5109", true, true, false, false},
		{"off the road", "", "allied", "5110", false, false, false, false},
		{"enemy unit on the road", "unit sirte 5910", "allied", "5109", false, false, false, false},
		{"EZOC on the road", "unit sirte 5311", "allied", "5109", false, false, false, false},
		{"EZOC negated by friendly units", "unit sirte 5311\nunit aus-16 5310\nunit aus-17 5410", "allied", "5109", true, true, false, false},
		{"enemy leader alone on the road blocks", "leader rommel-cruwell 5910", "allied", "5109", false, false, false, false},
		{"enemy depot on the road blocks", "depot axis 5910", "allied", "5109", false, false, false, false},
		{"adjacent to an enemy leader", "leader rommel-cruwell 5110", "allied", "5109", false, true, false, false},
		{"Tobruk: path through Tobruk or the bypass", "", "allied", "3109", true, true, true, false},
		{"Tobruk held by the enemy: the bypass is cut by its ZOC", "unit sirte 3408", "allied", "3109", false, false, false, false},
		{"Axis west of Benghazi", "", "axis", "1512", true, true, false, false},
		{"Axis east of Benghazi", "", "axis", "2306", true, true, false, true},
		{"Axis beyond Tobruk", "", "axis", "4009", true, true, true, true},
		{"Allied east of Tobruk: not on the path", "", "allied", "3709", true, true, false, false},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		side := Allied
		if c.side == "axis" {
			side = Axis
		}
		b := NewBoard(d, p)
		h := hx(t, d, c.hex)
		r := b.DepotRoute(side, h)
		if got := b.CanPlaceDepot(side, h); got != c.place {
			t.Errorf("%s: place %v, want %v", c.name, got, c.place)
		}
		if r.Connected != c.conn || r.ViaTobruk != c.tob || r.ViaBenghazi != c.bg {
			t.Errorf("%s: route %+v, want connected %v Tobruk %v Benghazi %v", c.name, r, c.conn, c.tob, c.bg)
		}
	}
}

// TestAPRow checks the row and die modifiers of 7.32.
func TestAPRow(t *testing.T) {
	d, p := fixture(t, "depot axis 2306")
	// 7.32 as the example reads it (ruling W19): the Axis hold Tobruk, which
	// has a clear line to 1019, so zone C is raised to B.
	if row, _, _ := NewBoard(d, p).APRow(Axis); row != 1 {
		t.Errorf("Axis at 2306 holding Tobruk: row %d, want B (1)", row)
	}
	p.TobrukControl = Allied
	b := NewBoard(d, p)
	row, mod, _ := b.APRow(Axis)
	if row != 2 || mod != 1 {
		t.Errorf("Axis at 2306 holding Benghazi: row %d mod %d, want C (2) and +1", row, mod)
	}
	p.DepotMoved[Axis] = true
	if row, _, _ := NewBoard(d, p).APRow(Axis); row != 3 {
		t.Errorf("moved depot: row %d, want D (3)", row)
	}
	p.BenghaziControl = Allied
	if _, mod, _ := NewBoard(d, p).APRow(Axis); mod != 0 {
		t.Errorf("Benghazi lost: mod %d, want 0", mod)
	}
	// Die results are held between 1 and 6.
	if got, want := NewBoard(d, p).NewAP(Axis, 1, 3), d.Tables.AP[3].AP[Axis][0]; got != want {
		t.Errorf("die below 1: %d APs, want %d", got, want)
	}
}
