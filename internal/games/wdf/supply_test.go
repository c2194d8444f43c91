package wdf

import "testing"

// TestSupplyExamples plays the three worked examples of 8.3.
func TestSupplyExamples(t *testing.T) {
	// Example 1: 3617 traces three MP to track hex 3819, ten track hexes
	// to road hex 4110, then the road to Alexandria.
	d, p := fixture(t, "unit aus-16 3617")
	b := NewBoard(d, p)
	if !b.Supply(Allied).Supplied[unit(t, d, "aus-16")] {
		t.Error("ex. 1: unit in 3617 unsupplied, want supplied")
	}
	n := b.NewSupplyNet(Allied, d.SupplySource[Allied])
	if got := n.TrackSteps(hx(t, d, "3819")); got != 10 {
		t.Errorf("ex. 1: 3819 is %d track hexes from the road net, want 10", got)
	}
	if n.RoadSteps(hx(t, d, "4110")) < 0 {
		t.Error("ex. 1: 4110 not on the road net")
	}

	// Example 2: an Axis unit in 3117 is more than four MP from any road,
	// track or source; stacked with Rommel (range 6) it is supplied.
	d, p = fixture(t, "unit babini 3117")
	if NewBoard(d, p).Supply(Axis).Supplied[unit(t, d, "babini")] {
		t.Error("ex. 2: unit in 3117 supplied, want unsupplied")
	}
	d, p = fixture(t, "unit babini 3117\nleader rommel-cruwell 3117")
	if !NewBoard(d, p).Supply(Axis).Supplied[unit(t, d, "babini")] {
		t.Error("ex. 2: unit in 3117 with Rommel unsupplied, want supplied")
	}
	// Crüwell's range is 5: 3117 is five MP from the nearest track (data.md M10).
	d, p = fixture(t, "unit babini 3117\nleader rommel-cruwell 3117 secondary")
	if !NewBoard(d, p).Supply(Axis).Supplied[unit(t, d, "babini")] {
		t.Error("ex. 2: unit in 3117 with Crüwell unsupplied, want supplied")
	}

	// Example 3: the Axis hold a bypassed Tobruk, whose ZOC reaches road
	// hexes 3309 and 3409. An Allied unit in 1709 may not go road to
	// Gazala, eight track hexes to 3609 and back to the road; from Barce
	// 1908 it traces eight track hexes (four MP) to 2710, ten track hexes
	// to 3609 and the road.
	d, p = fixture(t, "unit sirte 3408\nunit aus-16 1709\nunit aus-17 1908\ntobruk axis")
	b = NewBoard(d, p)
	for _, id := range []string{"3309", "3409"} {
		if !b.OpenEZOC(Allied, hx(t, d, id)) {
			t.Errorf("ex. 3: %s not in the Axis ZOC from Tobruk", id)
		}
	}
	r := b.Supply(Allied)
	if r.Supplied[unit(t, d, "aus-16")] {
		t.Error("ex. 3: unit in 1709 supplied, want unsupplied (road-track-road)")
	}
	if !r.Supplied[unit(t, d, "aus-17")] {
		t.Error("ex. 3: unit in Barce 1908 unsupplied, want supplied")
	}
	// An Allied unit in 3409 negates the ZOC: the road is open again.
	d, p = fixture(t, "unit sirte 3408\nunit aus-16 1709\nunit aus-18 3409\nunit aus-19 3309\ntobruk axis")
	if !NewBoard(d, p).Supply(Allied).Supplied[unit(t, d, "aus-16")] {
		t.Error("ex. 3: with 3309 and 3409 held, unit in 1709 unsupplied, want supplied")
	}
}

// TestSupplyCases are table-driven supply checks of 8.1 and 8.4.
func TestSupplyCases(t *testing.T) {
	const seven = "unit 4-armd 3408\nunit 7-armd 3408\nunit 7-sg 3408\nunit ind-5 3408\nunit ind-11 3408\nunit 16-bde 3408\nunit aus-16 3408\n"
	const five = "unit sirte 3408\nunit pavia 3408\nunit bologna 3408\nunit savona 3408\nunit brescia 3408\n"
	cases := []struct {
		name, fix string
		side      string // "allied" or "axis": the side whose units are counted
		want      int    // supplied units of side
		tobruk    int    // of which via Tobruk
	}{
		{"on the coast road", "unit aus-16 5109", "allied", 1, 0},
		{"enemy unit on the road cuts it", "unit aus-16 5109\nunit sirte 5910", "allied", 0, 0},
		{"enemy source closed", "unit aus-16 5109\nunit sirte 6508", "allied", 0, 0},
		{"the unit's own hex may be in an EZOC", "unit aus-16 3617\nunit sirte 3517", "allied", 1, 0},
		{"EZOC on the road cuts it", "unit aus-16 5109\nunit sirte 5311", "allied", 0, 0},
		{"friendly unit negates the EZOC on the road", "unit aus-16 5109\nunit sirte 5311\nunit aus-17 5310\nunit aus-19 5410", "allied", 3, 0},
		{"solitary enemy leader has no effect", "unit sirte 2306\nleader oconnor-ritchie 2307", "axis", 1, 0},
		{"enemy depot has no effect", "unit sirte 2306\ndepot allied 2307", "axis", 1, 0},
		{"no way out of the Qattara Depression for motor transport", "unit 11-hussars 5119", "allied", 0, 0},
		{"Allied Tobruk: six units at most", seven + "unit sirte 6508\ntobruk allied", "allied", 6, 6},
		{"Tobruk feeds only its controller", seven + "unit sirte 6508\ntobruk axis", "allied", 0, 0},
		{"Axis Tobruk: four units", five + "unit aus-16 1019", "axis", 4, 4},
		{"Axis Tobruk under Allied Naval Support: two", five + "unit aus-16 1019\nnaval", "axis", 2, 2},
		{"Tobruk is not needed when the road is open", five, "axis", 5, 0},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		side := Allied
		if c.side == "axis" {
			side = Axis
		}
		r := NewBoard(d, p).Supply(side)
		n, nt := 0, 0
		for u := range d.Units {
			if r.Supplied[u] {
				n++
			}
			if r.ViaTobruk[u] {
				nt++
			}
		}
		if n != c.want || nt != c.tobruk {
			t.Errorf("%s: %d supplied (%d via Tobruk), want %d (%d)", c.name, n, nt, c.want, c.tobruk)
		}
	}
}

// TestLeaderSupply: leaders use Tobruk without counting against the limit
// (8.4).
func TestLeaderSupply(t *testing.T) {
	d, p := fixture(t, "unit sirte 6508\nleader oconnor-ritchie 3408\ntobruk allied")
	b := NewBoard(d, p)
	l, _ := d.Leader("oconnor-ritchie")
	if !b.LeaderSupplied(l) {
		t.Error("leader in Allied Tobruk unsupplied")
	}
	p.TobrukControl = Axis
	if NewBoard(d, p).LeaderSupplied(l) {
		t.Error("leader in Axis-controlled Tobruk with Alexandria lost is supplied")
	}
}

// TestRecoverable: an eliminated unit goes to the Permanent box unless a
// path of any length reaches its source, Tobruk excluded (8.3, 10.21).
func TestRecoverable(t *testing.T) {
	cases := []struct {
		fix, hex string
		want     bool
	}{
		{"", "3117", true},
		{"unit sirte 6508", "5109", false},
		{"unit sirte 6508\ntobruk allied", "3408", false},
		{"", "5119", false}, // deep in the Qattara: no motorized path out
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		if got := NewBoard(d, p).Recoverable(Allied, hx(t, d, c.hex)); got != c.want {
			t.Errorf("%q from %s: recoverable %v, want %v", c.fix, c.hex, got, c.want)
		}
	}
}
