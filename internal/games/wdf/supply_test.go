package wdf

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

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

// TestSupplyPath: the path shown for a supplied unit is a path of the
// rules (8.1, ruling W7): an overland leg of at most the budget in
// motorized MP, then at most ten track hexes and the road hex or source
// they end on, then road to the source. 8.3 example 1's unit in 3617
// reaches the Giarabub-Sollum track and goes by road from 4110.
func TestSupplyPath(t *testing.T) {
	check := func(d *Data, b *Board, path []int, budget int, src int) {
		t.Helper()
		if len(path) < 2 || path[len(path)-1] != src {
			t.Fatalf("path %v does not end at the source %s", ids(d, path), d.Hexes[src].ID)
		}
		side := func(i int) (SideFlags, int) { // hexside and cost of step i-1 -> i
			for dir, nb := range d.Hexes[path[i-1]].Neighbours {
				if int(nb) == path[i] {
					return d.Hexes[path[i-1]].Sides[dir], b.enterCost(path[i-1], dir, path[i], Motorized)
				}
			}
			t.Fatalf("path %v: %s and %s not adjacent", ids(d, path), d.Hexes[path[i-1]].ID, d.Hexes[path[i]].ID)
			return 0, 0
		}
		r := len(path) - 1 // the road leg starts at path[r]
		for r > 0 {
			if f, _ := side(r); f&RoadSide == 0 {
				break
			}
			r--
		}
		j := r // the track leg starts at path[j]
		for j > 0 {
			if f, _ := side(j); f&TrackSide == 0 {
				break
			}
			j--
		}
		// Track steps beyond ten hexes and the road hex belong to the
		// overland leg (8.3 example 3: "eight track hexes (its four
		// movement points)").
		j = max(j, r-(SupplyTrackHexes+1))
		cost := 0
		for i := 1; i <= j; i++ {
			_, c := side(i)
			cost += c
		}
		if cost > budget {
			t.Errorf("path %v: overland leg %d sixths, want at most %d", ids(d, path), cost, budget)
		}
		for _, h := range path[1:] {
			if !b.pathOpen(Allied, h) && !b.pathOpen(Axis, h) {
				t.Errorf("path %v enters blocked hex %s", ids(d, path), d.Hexes[h].ID)
			}
		}
	}
	d, p := fixture(t, "unit aus-16 3617")
	b := NewBoard(d, p)
	n := b.NewSupplyNet(Allied, d.SupplySource[Allied])
	path := b.SupplyPath(Allied, hx(t, d, "3617"), SupplyMP*MP, n)
	if len(path) == 0 || path[0] != hx(t, d, "3617") {
		t.Fatalf("path %v does not start at 3617", ids(d, path))
	}
	check(d, b, path, SupplyMP*MP, d.SupplySource[Allied])
	if !slices.Contains(path, hx(t, d, "4110")) {
		t.Errorf("path %v does not take the road at 4110", ids(d, path))
	}
	// Example 2's unit in 3117 traces with Rommel's six MP only.
	d, p = fixture(t, "unit babini 3117")
	b = NewBoard(d, p)
	n = b.NewSupplyNet(Axis, d.SupplySource[Axis])
	if got := b.SupplyPath(Axis, hx(t, d, "3117"), SupplyMP*MP, n); got != nil {
		t.Errorf("3117 with four MP: path %v, want none", ids(d, got))
	}
	got := b.SupplyPath(Axis, hx(t, d, "3117"), 6*MP, n)
	check(d, b, got, 6*MP, d.SupplySource[Axis])
	// Example 3: from Barce 1908 eight track hexes (overland, four MP) to
	// 2710, ten more to 3609, then the road: never road, track, road.
	d, p = fixture(t, "unit sirte 3408\nunit aus-17 1908\ntobruk axis")
	b = NewBoard(d, p)
	n = b.NewSupplyNet(Allied, d.SupplySource[Allied])
	got = b.SupplyPath(Allied, hx(t, d, "1908"), SupplyMP*MP, n)
	check(d, b, got, SupplyMP*MP, d.SupplySource[Allied])
	if !slices.Contains(got, hx(t, d, "2710")) || !slices.Contains(got, hx(t, d, "3609")) {
		t.Errorf("Barce: path %v, want one through 2710 and 3609", ids(d, got))
	}
}

func ids(d *Data, hs []int) []string {
	var out []string
	for _, h := range hs {
		out = append(out, d.Hexes[h].ID)
	}
	return out
}

// TestSupplyPathEverywhere: from every hex a lone unit could stand in, the
// path shown exists exactly when the unit traces supply, starts at its hex
// and ends at the source (a prohibited hexside once made the walk back
// along least costs loop).
func TestSupplyPathEverywhere(t *testing.T) {
	d, p := fixture(t, "unit sirte 3408\nunit aus-17 5109\ntobruk axis")
	b := NewBoard(d, p)
	for _, side := range []int{int(Allied), int(Axis)} {
		n := b.NewSupplyNet(engine.Side(side), d.SupplySource[side])
		for h := range d.Hexes {
			if b.occ[h][1-side] > 0 {
				continue
			}
			for _, budget := range []int{SupplyMP * MP, 6 * MP} {
				path := b.SupplyPath(engine.Side(side), h, budget, n)
				if (path != nil) != b.Traces(engine.Side(side), h, budget, n) {
					t.Fatalf("%s from %s: path %v, traces %v", Game{}.SideNames()[side], d.Hexes[h].ID, ids(d, path), !(path != nil))
				}
				if path != nil && (path[0] != h || path[len(path)-1] != d.SupplySource[side] || len(path) > len(d.Hexes)) {
					t.Fatalf("%s from %s: path %v", Game{}.SideNames()[side], d.Hexes[h].ID, ids(d, path))
				}
			}
		}
	}
}

// TestOverlandLegMixes: inside the overland leg of a supply path the
// terrain may change kind and change back (ruling W41): with the coast
// road cut by an Axis unit in 4809, a unit in 4711 is supplied by a leg
// of a clear hexside, a track hexside, a clear hexside again, which
// reaches the nets at 5010 (8.1's no-return rule is between the legs,
// W7). No code changed with W41: this pins the reading.
func TestOverlandLegMixes(t *testing.T) {
	d, p := fixture(t, "unit sirte 4809\nunit aus-16 4711")
	b := NewBoard(d, p)
	if !b.Supply(Allied).Supplied[unit(t, d, "aus-16")] {
		t.Fatal("aus-16 in 4711 unsupplied")
	}
	n := b.NewSupplyNet(Allied, d.SupplySource[Allied])
	path := b.SupplyPath(Allied, hx(t, d, "4711"), SupplyMP*MP, n)
	want := []string{"4711", "4811", "4911", "5010"}
	if len(path) < len(want) || !slices.Equal(ids(d, path[:len(want)]), want) {
		t.Fatalf("path %v, want it to begin %v", ids(d, path), want)
	}
	var kinds []string
	for i := 1; i < len(want); i++ {
		k := "clear"
		for dir, nb := range d.Hexes[path[i-1]].Neighbours {
			if int(nb) == path[i] {
				switch f := d.Hexes[path[i-1]].Sides[dir]; {
				case f&RoadSide != 0:
					k = "road"
				case f&TrackSide != 0:
					k = "track"
				}
			}
		}
		kinds = append(kinds, k)
	}
	if !slices.Equal(kinds, []string{"clear", "track", "clear"}) || !n.Feeds(path[3]) {
		t.Errorf("overland leg %v by %v, want clear, track, clear onto the nets", want, kinds)
	}
}
