package wdf

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"sandtable/internal/hexgrid"
)

// dataFiles returns a copy of the embedded data files.
func dataFiles(t *testing.T) fstest.MapFS {
	t.Helper()
	sub, err := fs.Sub(embeddedData, "data")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, name := range []string{"map.json", "units.json", "turns.json", "tables.json"} {
		b, err := fs.ReadFile(sub, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}

func TestDefaultDataLoads(t *testing.T) {
	d := DefaultData()
	if len(d.Hexes) == 0 || len(d.Units) == 0 || len(d.Turns) != NumTurns {
		t.Fatalf("loaded %d hexes, %d units, %d turns", len(d.Hexes), len(d.Units), len(d.Turns))
	}
	again, err := LoadData(dataFiles(t))
	if err != nil || len(again.Hexes) != len(d.Hexes) {
		t.Fatalf("LoadData of the embedded files: %v", err)
	}
}

// edit is one change to a data file: replace the first Old by New.
type edit struct{ file, old, new string }

func TestLoadRejectsBadData(t *testing.T) {
	tests := []struct {
		name  string
		edits []edit
		want  []string // every one must appear in the error
	}{
		{"malformed hex id in a road", []edit{{"map.json", `["3309", "3409", "3510", "3609"]`, `["3309", "34x9", "3510", "3609"]`}},
			[]string{`map.json: road 2 (Tobruk bypass (Axis road)): hex 2:`, `not a number`}},
		{"road through the sea", []edit{{"map.json", `["3309", "3409", "3510", "3609"]`, `["3309", "3407", "3510", "3609"]`}},
			[]string{`map.json: road 2 (Tobruk bypass (Axis road)): hex 2: hex 3407 is not in play`}},
		{"hex off the printed map", []edit{{"map.json", `["3309", "3409", "3510", "3609"]`, `["3309", "3409", "3510", "7109"]`}},
			[]string{`map.json: road 2 (Tobruk bypass (Axis road)): hex 4:`, `column 71 outside 01-70`}},
		{"road hexes not adjacent", []edit{{"map.json", `["3309", "3409", "3510", "3609"]`, `["3309", "3409", "3512", "3609"]`}},
			[]string{`map.json: road 2 (Tobruk bypass (Axis road)): 3409 and 3512 are not adjacent`}},
		{"road hexside listed twice", []edit{{"map.json", `["3309", "3409", "3510", "3609"]`, `["3209", "3309", "3409", "3510", "3609"]`}},
			[]string{`map.json: road 2 (Tobruk bypass (Axis road)): the road 3209-3309 is also in road 1`}},
		{"escarpment hexside not adjacent", []edit{{"map.json", `"3109/3110"`, `"3109/3112"`}},
			[]string{`map.json: escarpment 1 (Coastal escarpment Gazala - Tobruk - Bardia): hexside "3109/3112": the hexes are not adjacent`}},
		{"ridge hexside listed twice", []edit{{"map.json", `"5910/5911", "5911/5912"`, `"5910/5911", "5911/5910"`}},
			[]string{`map.json: ridge 1 (Miteiriya and Ruweisat ridges (El Alamein)): hexside 5911/5910 is also in ridge 1`}},
		{"malformed hexside", []edit{{"map.json", `"6112/6113"`, `"6112-6113"`}},
			[]string{`map.json: ridge 2 (Alam Halfa ridge): hexside "6112-6113": want two hex ids`}},
		{"unknown terrain code", []edit{{"map.json", `mmmmmmm`, `mmmmmmZ`}},
			[]string{`map.json: terrain row 07 column 27: unknown code 'Z'`}},
		{"short terrain row", []edit{{"map.json", `"~~~~~~~~~~~~~~~~~~~~~.......~`, `"~~~~~~~~~~~~~~~~~~~~.......~`}},
			[]string{`map.json: terrain row 06: 69 characters, want 70`}},
		{"road hex in no zone", []edit{{"map.json", `"3409", "3510"],`, `"3409"],`}},
			[]string{`map.json: road_zones allied: road hex 3510 is in no zone (7.12)`}},
		{"zone hex twice", []edit{{"map.json", `"3409", "3510"],`, `"3409", "3510", "4009"],`}},
			[]string{`map.json: road_zones allied C: 4009 is already in zone C`}},
		{"zone hex not a road", []edit{{"map.json", `"3409", "3510"],`, `"3409", "3510", "3511"],`}},
			[]string{`map.json: road_zones allied C: 3511 is not a road hex`}},
		{"unknown place kind", []edit{{"map.json", `"name": "Sollum", "kind": "town"`, `"name": "Sollum", "kind": "village"`}},
			[]string{`map.json: place 10 (4110 Sollum): unknown kind "village"`}},
		{"unknown field in a unit", []edit{{"units.json", `{"id": "kdg", `, `{"id": "kdg", "colour": "red", `}},
			[]string{`units.json: unit "kdg": json: unknown field "colour"`}},
		{"duplicate unit id", []edit{{"units.json", `"id": "7-armd"`, `"id": "4-armd"`}},
			[]string{`units.json: unit "4-armd": duplicate id`}},
		{"unit set up in the sea", []edit{{"units.json", `"setup": "4711"`, `"setup": "0101"`}},
			[]string{`units.json: unit "4-armd": setup: hex 0101 is not in play`}},
		{"unit set up on a malformed hex", []edit{{"units.json", `"setup": "4711"`, `"setup": "47-11"`}},
			[]string{`units.json: unit "4-armd": setup:`, `want 4 characters`}},
		{"reinforcement after the last turn", []edit{{"units.json", `"arrives": 22}`, `"arrives": 24}`}},
			[]string{`units.json: unit "24-armd": arrives on turn 24, outside 1-23`}},
		{"both setup and arrival", []edit{{"units.json", `"ma": 8, "setup": "4711"}`, `"ma": 8, "setup": "4711", "arrives": 2}`}},
			[]string{`units.json: unit "11-hussars": give exactly one of setup`}},
		{"combat strength out of range", []edit{{"units.json", `"cs": [5, 3]`, `"cs": [12, 3]`}},
			[]string{`units.json: unit "4-armd": cs 12 out of range 0-9`}},
		{"values do not match steps", []edit{{"units.json", `"steps": 2, "cs": [5, 3]`, `"steps": 1, "cs": [5, 3]`}},
			[]string{`units.json: unit "4-armd": cs [5 3]: give 1 value(s)`}},
		{"nationality on the wrong side", []edit{{"units.json", `"side": "allied", "nationality": "british"`, `"side": "axis", "nationality": "british"`}},
			[]string{`units.json: unit "4-armd": nationality british does not fight for the axis side`}},
		{"overstacked setup", []edit{{"units.json", `"setup": "5109"`, `"setup": "4711"`}, {"units.json", `"setup": "5109"`, `"setup": "4711"`}},
			[]string{`units.json: setup hex 4711: 5 stacking points`}},
		{"two depots for one side", []edit{{"units.json", `{"id": "axis-depot", "kind": "depot", "side": "axis"`, `{"id": "axis-depot", "kind": "depot", "side": "allied"`}},
			[]string{`units.json: markers: 2 allied depots, want 1`, `units.json: markers: 0 axis depots, want 1`}},
		{"leader range out of range", []edit{{"units.json", `"name": "Rommel", "attack": 2, "defense": 1, "range": 6`, `"name": "Rommel", "attack": 2, "defense": 1, "range": 16`}},
			[]string{`units.json: leader "rommel-cruwell" front: range 16 out of range 1-9`}},
		{"turn out of order", []edit{{"turns.json", `{"turn": 5,`, `{"turn": 6,`}},
			[]string{`turns.json: turn entry 5: numbered 6`}},
		{"month skipped", []edit{{"turns.json", `"month": "1941-06"`, `"month": "1941-07"`}},
			[]string{`turns.json: turn 7: month 1941-07 does not follow`}},
		{"missing notice", []edit{{"turns.json", `"notice": "RECONSTRUCTION`, `"notice": "reconstruction`}},
			[]string{`turns.json: "notice" must start with RECONSTRUCTION`}},
		{"random event roll missing", []edit{{"tables.json", `"55": "no-event", `, ``}},
			[]string{`tables.json: random events: no result for roll 55 (the table has a gap)`}},
		{"random event roll twice", []edit{{"tables.json", `"22-23": "no-event"`, `"22-24": "no-event"`}},
			[]string{`tables.json: random event result "24": roll 24 is covered twice`}},
		{"random event roll with a 7", []edit{{"tables.json", `"11": "rommel-assassination"`, `"17": "rommel-assassination"`}},
			[]string{`tables.json: random event result "17": want a roll like`, `no result for roll 11`}},
		{"air table gap", []edit{{"tables.json", `"axis": {"1-2": 0, "3-4": 1, "5": 2, "6": 3}`, `"axis": {"1-2": 0, "3-4": 1, "6": 3}`}},
			[]string{`tables.json: air_superiority row 1-3 axis: no column for die 5`}},
		{"air table turns gap", []edit{{"tables.json", `{"turns": "9-13", "axis"`, `{"turns": "9-12", "axis"`}},
			[]string{`tables.json: air_superiority: no row for turn 13`}},
		{"attack point zone twice", []edit{{"tables.json", `{"zone": "F"`, `{"zone": "E"`}},
			[]string{`tables.json: attack_points zone E: listed twice`, `tables.json: attack_points: no row for zone F`}},
		{"major offensive cost", []edit{{"tables.json", `"major_offensive": {"allied": 2, "axis": 2}`, `"major_offensive": {"allied": 5, "axis": 2}`}},
			[]string{`tables.json: attack_points zone A: major_offensive allied missing or not 2, 3 or 4`}},
		{"reserve table turn gap", []edit{{"tables.json", `{"turns": "9-12", "units"`, `{"turns": "9-11", "units"`}},
			[]string{`tables.json: allied_reserves: no row for turn 12`}},
		{"unknown supply level", []edit{{"tables.json", `"6": "excellent"`, `"6": "superb"`}},
			[]string{`tables.json: axis_supply row 1-2: unknown level "superb"`}},
		{"terrain cost not in sixths", []edit{{"tables.json", `"move": {"armor": 12, "motorized": 12, "recon": 6, "infantry": 6}`, `"move": {"armor": 120, "motorized": 12, "recon": 6, "infantry": 6}`}},
			[]string{`tables.json: terrain_effects rough: move armor missing or not -1 (prohibited) or 1-36 sixths`}},
		{"every error at once", []edit{{"map.json", `"3109/3110"`, `"3109/3112"`}, {"units.json", `"id": "7-armd"`, `"id": "4-armd"`}, {"tables.json", `"55": "no-event", `, ``}},
			[]string{`map.json: escarpment 1`, `units.json: unit "4-armd": duplicate id`, `tables.json: random events: no result for roll 55`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := dataFiles(t)
			for _, e := range tc.edits {
				s := string(files[e.file].Data)
				if !strings.Contains(s, e.old) {
					t.Fatalf("%s does not contain %q", e.file, e.old)
				}
				files[e.file] = &fstest.MapFile{Data: []byte(strings.Replace(s, e.old, e.new, 1))}
			}
			_, err := LoadData(files)
			if err == nil {
				t.Fatal("LoadData accepted bad data")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestDenseIndex(t *testing.T) {
	d := DefaultData()
	for i, h := range d.Hexes {
		if j, ok := d.Lookup(h.ID); !ok || j != i {
			t.Fatalf("Lookup(%s) = %d, %v; want %d", h.ID, j, ok, i)
		}
		if c, r := Layout.ColRow(h.Hex); c != h.Col || r != h.Row {
			t.Fatalf("hex %s: col/row %d/%d, layout says %d/%d", h.ID, h.Col, h.Row, c, r)
		}
		for dir, n := range h.Neighbours {
			if n >= 0 && !hexgrid.Adjacent(h.Hex, d.Hexes[n].Hex) {
				t.Fatalf("hex %s: neighbour %d (%s) not adjacent", h.ID, dir, d.Hexes[n].ID)
			}
		}
	}
	if _, ok := d.Lookup("0101"); ok {
		t.Error("0101 (sea) is in play")
	}
	if err := d.checkSymmetry(); err != nil {
		t.Error(err)
	}
	// A link seen from one hex only is reported with both hexes.
	c := *d
	c.Hexes = append([]Hex(nil), d.Hexes...)
	i := hexOf(t, &c, "3609")
	c.Hexes[i].Sides[0] ^= RoadSide
	n := c.Hexes[c.Hexes[i].Neighbours[0]].ID
	if err := c.checkSymmetry(); err == nil || !strings.Contains(err.Error(), "3609 and "+n+": asymmetric link") {
		t.Errorf("asymmetric link not reported: %v", err)
	}
}

// hexOf looks up a printed id the rulebook names.
func hexOf(t *testing.T, d *Data, id string) int {
	t.Helper()
	i, ok := d.Lookup(id)
	if !ok {
		t.Fatalf("hex %s is not in play", id)
	}
	return i
}

// offRoadCost is the motorized cost to enter hex to from from, ignoring
// roads and tracks (a supply path's first leg, 8.1), in sixths.
func offRoadCost(d *Data) hexgrid.StepCost {
	return func(from, to hexgrid.Hex, side hexgrid.Hexside) (int, bool) {
		a, okA := d.Index(from)
		b, okB := d.Index(to)
		if !okA || !okB {
			return -1, false
		}
		fl := d.sideFlags(a, b)
		if fl&EscarpmentSide != 0 && fl&(RoadSide|TrackSide) == 0 {
			return -1, false
		}
		c := d.Tables.TEC[d.TECRow(b, false)].Move[Motorized]
		if fl&RidgeSide != 0 {
			c += d.Tables.Hexside[Ridge].MoveExtra[Motorized]
		}
		return c, false
	}
}

// routeSteps is the number of steps of the shortest path from a to b
// along hexsides carrying flag, or -1.
func routeSteps(d *Data, a, b int, flag SideFlags) int {
	dist := map[int]int{a: 0}
	queue := []int{a}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if h == b {
			return dist[h]
		}
		for dir, n := range d.Hexes[h].Neighbours {
			if _, seen := dist[int(n)]; n >= 0 && !seen && d.Hexes[h].Sides[dir]&flag != 0 {
				dist[int(n)] = dist[h] + 1
				queue = append(queue, int(n))
			}
		}
	}
	return -1
}

func allHexes(d *Data) []hexgrid.Hex {
	out := make([]hexgrid.Hex, len(d.Hexes))
	for i, h := range d.Hexes {
		out[i] = h.Hex
	}
	return out
}

// TestRulebookMap checks every hex, road and zone fact the rulebook and its
// worked examples state.
func TestRulebookMap(t *testing.T) {
	d := DefaultData()
	road := func(id string) int {
		t.Helper()
		i := hexOf(t, d, id)
		if !d.Hexes[i].Road {
			t.Errorf("%s is not a road hex", id)
		}
		return i
	}
	zone := func(side string, id string, want string) {
		t.Helper()
		s := Allied
		if side == "axis" {
			s = Axis
		}
		if got := d.ZoneOf(s, road(id)).Letter(); got != want {
			t.Errorf("%s zone of %s = %s, want %s", side, id, got, want)
		}
	}
	// 7.11, 8.4: supply sources; 7.7 reinforcement hexes.
	if d.SupplySource[Allied] != hexOf(t, d, "6508") || d.Alexandria != hexOf(t, d, "6508") || d.SupplySource[Axis] != hexOf(t, d, "1019") {
		t.Error("supply sources are not Alexandria 6508 and 1019 (7.11)")
	}
	if d.EntryHex[Allied] != d.Alexandria || d.EntryHex[Axis] != hexOf(t, d, "1019") {
		t.Error("reinforcement hexes are not Alexandria and 1019 (7.7)")
	}
	if cut := d.unreachable(d.SupplySource[Allied], RoadSide); len(cut) == len(d.Hexes) || routeSteps(d, d.SupplySource[Allied], d.SupplySource[Axis], RoadSide) < 0 {
		t.Error("no road from Alexandria to 1019")
	}
	// Every road and track hex joins the road/track network.
	for i, h := range d.Hexes {
		if (h.Road || h.Track) && routeSteps(d, i, d.Alexandria, RoadSide|TrackSide) < 0 {
			t.Errorf("road/track hex %s is cut off from the network", h.ID)
		}
	}
	// 16.0: fortresses; 11.1 cities.
	for _, c := range []struct {
		id, name string
		kind     PlaceKind
		levels   int
	}{{"4009", "Bardia", Fortress, 2}, {"1511", "Benghazi", City, 0}, {"6508", "Alexandria", City, 0}} {
		p := d.Hexes[hexOf(t, d, c.id)].Place
		if p < 0 || d.Places[p].Name != c.name || d.Places[p].Kind != c.kind || d.Places[p].FortressLevels != c.levels {
			t.Errorf("%s is not %s (%s, %d levels)", c.id, c.name, c.kind, c.levels)
		}
	}
	tob := d.Places[d.Hexes[d.Tobruk].Place]
	if tob.Kind != Fortress || tob.FortressLevels != 3 || tob.LostAs != City || !d.Hexes[d.Tobruk].Road || !d.Hexes[d.Tobruk].Coastal {
		t.Errorf("Tobruk %+v: want a coastal road-hex fortress with 3 levels, lost as a city (16.1)", tob)
	}
	if d.Places[d.Hexes[d.Bardia].Place].LostAs != Town || d.TECRow(d.Bardia, true) != TECClear || d.TECRow(d.Tobruk, true) != TECCity || d.TECRow(d.Tobruk, false) != TECFortress {
		t.Error("Bardia is not lost as a town or Tobruk as a city (16.1)")
	}
	// 7.9 ex. 1: Sollum 4110 in Allied zone B, adjacent Bardia 4009 in zone C.
	zone("allied", "4110", "B")
	zone("allied", "4009", "C")
	if !d.Connected(hexOf(t, d, "4009"), hexOf(t, d, "4110"), RoadSide) {
		t.Error("4009 and 4110 are not adjacent along the road")
	}
	// 7.12 example: Axis C = road hexes 2306..3209; Allied C = 4009..2809
	// including 3409, 3510 and 3609.
	for _, id := range []string{"2306", "2406", "2806", "2809", "3109", "3209"} {
		zone("axis", id, "C")
	}
	zone("axis", "2307", "B")
	zone("axis", "3309", "D")
	for _, id := range []string{"4009", "3709", "3609", "3510", "3409", "3408", "3309", "3109", "2809"} {
		zone("allied", id, "C")
	}
	zone("allied", "2808", "D")
	for _, id := range []string{"3309", "3409", "3510", "3609"} {
		road(id)
	}
	// 7.32 example: Gazala 3109 and 3709 both Allied zone C, road-connected
	// to Alexandria through Tobruk.
	zone("allied", "3709", "C")
	if d.Places[d.Hexes[hexOf(t, d, "3109")].Place].Name != "Gazala" {
		t.Error("3109 is not Gazala")
	}
	// Rulings-data: 3609 is in Axis zone D (7.12 over 7.9 example 2).
	zone("axis", "3609", "D")
	// 8.3 ex. 1: 3617 is 3 MP from track hex 3819; 10 track hexes lead on
	// to road hex 4110, which has a road to Alexandria.
	s := hexgrid.NewSearch(allHexes(d))
	if _, c, ok := s.Path(d.Hexes[hexOf(t, d, "3617")].Hex, d.Hexes[hexOf(t, d, "3819")].Hex, hexgrid.NoLimit, offRoadCost(d)); !ok || c != 3*MP {
		t.Errorf("3617 to 3819 costs %d sixths, want %d (8.3 ex. 1)", c, 3*MP)
	}
	if !d.Hexes[hexOf(t, d, "3819")].Track {
		t.Error("3819 is not a track hex")
	}
	if n := routeSteps(d, hexOf(t, d, "3819"), road("4110"), TrackSide); n != 11 {
		t.Errorf("3819 to 4110 along tracks: %d steps, want 11 (10 track hexes, then the road hex)", n)
	}
	// 8.3 ex. 2: 3117 is more than 4 MP from any road, track or supply hex,
	// but within Rommel's 6.
	s.Reach(d.Hexes[hexOf(t, d, "3117")].Hex, hexgrid.NoLimit, offRoadCost(d))
	nearest := hexgrid.NoLimit
	for _, h := range d.Hexes {
		if c, ok := s.Cost(h.Hex); ok && (h.Road || h.Track) && c < nearest {
			nearest = c
		}
	}
	rommel, _ := d.Leader("rommel-cruwell")
	if nearest <= 4*MP || nearest > d.Leaders[rommel].Faces[0].Range*MP {
		t.Errorf("3117 is %d sixths from a road or track, want more than %d and at most Rommel's %d (8.3 ex. 2)", nearest, 4*MP, d.Leaders[rommel].Faces[0].Range*MP)
	}
	// 8.3 ex. 3: Tobruk projects its ZOC into road hexes 3309 and 3409
	// (adjacent, no escarpment between); Tocra 1709 is on the road to
	// Gazala; eight track hexes from 3109 to 3609; from Barce 1908 eight
	// track hexes to 2710 and ten more to 3609.
	for _, id := range []string{"3309", "3409"} {
		f := d.sideFlags(d.Tobruk, road(id))
		if !hexgrid.Adjacent(d.Hexes[d.Tobruk].Hex, d.Hexes[hexOf(t, d, id)].Hex) || f&EscarpmentSide != 0 {
			t.Errorf("Tobruk's ZOC does not reach %s", id)
		}
	}
	if routeSteps(d, road("1709"), road("3109"), RoadSide) < 0 {
		t.Error("no road from 1709 to 3109")
	}
	for _, c := range []struct {
		from, to string
		steps    int
	}{{"3109", "3609", 9}, {"1908", "2710", 8}, {"2710", "3609", 11}} {
		if n := routeSteps(d, hexOf(t, d, c.from), hexOf(t, d, c.to), TrackSide); n != c.steps {
			t.Errorf("%s to %s along tracks: %d steps, want %d (8.3 ex. 3)", c.from, c.to, n, c.steps)
		}
	}
	road("1908")
	// 11.0 example: mountain hexes exist.
	found := false
	for _, h := range d.Hexes {
		found = found || h.Terrain == Mountain
	}
	if !found {
		t.Error("no mountain hex (11.0 example)")
	}
	// Setup units stand on hexes they may enter.
	for _, u := range d.Units {
		if u.Setup >= 0 && d.Tables.TEC[d.TECRow(u.Setup, false)].Move[u.Type] == Prohibited {
			t.Errorf("unit %s sets up on %s, which it may not enter", u.ID, d.Hexes[u.Setup].ID)
		}
	}
}

// TestRulebookTables checks the tables against the worked examples.
func TestRulebookTables(t *testing.T) {
	d := DefaultData()
	tb := &d.Tables
	zi := func(z byte) int { return int(z - 'A') }
	air := func(side int, turn, die int, z byte) int {
		m := die + tb.Air.ZoneMod[side][zi(z)]
		m = min(max(m, 1), 6)
		return RowFor(tb.Air.Rows, turn).Value[m-1][side]
	}
	// 6.2 ex. 1: turn 6, Axis 5 in zone B scores 5; Allied 3 in zone C scores 2.
	if a, b := air(int(Axis), 6, 5, 'B'), air(int(Allied), 6, 3, 'C'); a != 5 || b != 2 {
		t.Errorf("6.2 ex. 1: Axis %d, Allied %d; want 5 and 2", a, b)
	}
	// 6.2 ex. 2: turn 14, Allied 6 in zone E scores 4; Axis 3 in zone B scores 3.
	if a, b := air(int(Allied), 14, 6, 'E'), air(int(Axis), 14, 3, 'B'); a != 4 || b != 3 {
		t.Errorf("6.2 ex. 2: Allied %d, Axis %d; want 4 and 3", a, b)
	}
	// 7.32: Allied depot in zone C, Tobruk raises it to row B; 6-1 = 5 gives 4 APs.
	if got := tb.AP[zi('B')].AP[Allied][5-1]; got != 4 {
		t.Errorf("7.32: Allied zone B die 5 gives %d APs, want 4", got)
	}
	// 7.9 ex. 1: Allied MO costs 2 in zone B, 3 in zone C.
	if b, c := tb.AP[zi('B')].MajorOffensive[Allied], tb.AP[zi('C')].MajorOffensive[Allied]; b != 2 || c != 3 {
		t.Errorf("7.9 ex. 1: Allied MO costs B %d, C %d; want 2 and 3", b, c)
	}
	// 7.9 ex. 2: Axis depot at 3609 costs 3; with Tobruk one row up, 2.
	z := int(d.ZoneOf(Axis, hexOf(t, d, "3609"))) - 1
	if a, b := tb.AP[z].MajorOffensive[Axis], tb.AP[z-1].MajorOffensive[Axis]; a != 3 || b != 2 {
		t.Errorf("7.9 ex. 2: Axis MO at 3609 costs %d, with Tobruk %d; want 3 and 2", a, b)
	}
	// 7.5: turn 13, modified 4 is Normal; Axis replacements 2 that turn.
	if got := RowFor(tb.Supply, 13).Value[4-1]; got != SupplyNormal || d.Turns[12].Replacements[Axis] != 2 {
		t.Errorf("7.5: turn 13 die 4 gives %s with %d replacements, want normal and 2", got, d.Turns[12].Replacements[Axis])
	}
	// 7.62: Allied 2 replacements on turn 8.
	if got := d.Turns[7].Replacements[Allied]; got != 2 {
		t.Errorf("7.62: turn 8 Allied replacements %d, want 2", got)
	}
	// 7.8: turn 6 (5/41), modified 1 requires 12 reserve units; 1st SA Div
	// (three full-strength two-step units) arrives.
	if got := RowFor(tb.Reserves, 6).Value[0]; got != 12 || d.Turns[5].Month != "1941-05" {
		t.Errorf("7.8: turn 6 die 1 requires %d (month %s), want 12 (1941-05)", got, d.Turns[5].Month)
	}
	sa := 0
	for _, i := range d.Turns[5].Arrivals[Allied] {
		if u := d.Units[i]; u.Division == "1-sa" && u.Steps == 2 {
			sa++
		}
	}
	if sa != 3 {
		t.Errorf("7.8: %d 1st South African two-step units arrive on turn 6, want 3", sa)
	}
	// 4.0, 13.7, 17.0: turn 1 = 12/40, 21 = 8/42, 23 = 10/42.
	for turn, m := range map[int]string{1: "1940-12", 21: "1942-08", 23: "1942-10"} {
		if d.Turns[turn-1].Month != m {
			t.Errorf("turn %d is %s, want %s", turn, d.Turns[turn-1].Month, m)
		}
	}
	// 3.1, 3.2.
	if t1 := d.TurnOne; t1.AlliedAP != 4 || t1.AlliedASP != 4 || !t1.AlliedNavalSupport || t1.AxisAP != 2 || t1.ItalianNoRetreatTurns != 2 {
		t.Errorf("3.1 turn one conditions %+v", t1)
	}
	// 5.0: the named events, their turn limits and the once-per-game flag.
	ev := map[string]Event{}
	for _, e := range tb.Events.Events {
		ev[e.Name] = e
	}
	if e, ok := ev["Special Allied Convoy"]; !ok || e.EarliestTurn != 7 {
		t.Errorf("5.0: Special Allied Convoy %+v, want earliest turn 7", e)
	}
	if e, ok := ev["Tobruk Reconstruction"]; !ok || e.EarliestTurn != 1 {
		t.Errorf("5.0: Tobruk Reconstruction %+v, want any turn", e)
	}
	if _, ok := ev["Rommel Assassination"]; !ok {
		t.Error("5.0: no Rommel Assassination event")
	}
	// 14.2 example: the Axis can hold five ASPs (a score difference of 5
	// on some turn row).
	five := false
	for _, r := range tb.Air.Rows {
		five = five || r.Value[5][Axis]+tb.Air.ZoneMod[Axis][0]-r.Value[0][Allied] >= 5
	}
	if !five {
		t.Error("14.2: no turn row lets the Axis win five ASPs")
	}
	// 11.1: costs in sixths of an MP.
	if tb.RoadCost != 2 || tb.TrackCost != 3 || tb.TEC[TECClear].Move[Infantry] != MP {
		t.Errorf("11.1: road %d, track %d, clear %d sixths; want 2, 3, 6", tb.RoadCost, tb.TrackCost, tb.TEC[TECClear].Move[Infantry])
	}
	for _, c := range []struct {
		row       TECRow
		armor, in int
	}{{TECRough, 12, 6}, {TECSaltMarsh, 18, 12}, {TECMountain, 18, 12}, {TECQattara, Prohibited, Prohibited}} {
		if m := tb.TEC[c.row].Move; m[Armor] != c.armor || m[Motorized] != c.armor || m[Infantry] != c.in {
			t.Errorf("11.1 %s: move %v, want armor/motorized %d, infantry %d", c.row, m, c.armor, c.in)
		}
	}
	if tb.TEC[TECQattara].Move[Recon] != 2*MP || tb.TEC[TECMountain].DefendUnit != 1 || tb.TEC[TECRough].DefendStack != 1 {
		t.Error("11.1: Qattara recon cost, mountain or rough defence wrong")
	}
	if h := tb.Hexside[Escarpment]; h.MoveExtra[Infantry] != Prohibited || !h.AttackProhibited || !h.BlocksZOC || h.NegatedBy != RoadSide|TrackSide || h.AttackUnit != -1 {
		t.Errorf("11.2 escarpment %+v", h)
	}
	// 10.21: attacking German armor, defending German motorized and
	// infantry hit on 5.
	ty := tb.Types
	if ty[Armor][GermanGroup].HitAttack != 5 || ty[Motorized][GermanGroup].HitDefend != 5 || ty[Infantry][GermanGroup].HitDefend != 5 || ty[Armor][OtherGroup].HitAttack != 6 {
		t.Error("10.21 hit numbers wrong")
	}
	// 9.5: armor, motorized and recon exploit at half MA, full in a Major
	// Offensive; the others only in a Major Offensive, at half. 10.21: all
	// hit on 5 in a Major Offensive. 9.6: the supply level slows only the
	// mobile types.
	for typ := range NumUnitTypes {
		for g := range 2 {
			c := ty[typ][g]
			mobile := typ != Infantry
			if c.Exploit() != mobile || c.SupplyLevelPenalty != mobile || c.HitMajor != 5 ||
				(mobile && (c.ExploitNormal != HalfMA || c.ExploitMajor != FullMA)) || (!mobile && c.ExploitMajor != HalfMA) {
				t.Errorf("%s/%d capabilities %+v", typ, g, c)
			}
		}
	}
	// 9.31: all armor, German motorized and recon move EZOC to EZOC.
	if !ty[Armor][OtherGroup].EZOCMove || !ty[Recon][GermanGroup].EZOCMove || ty[Motorized][OtherGroup].EZOCMove || ty[Infantry][GermanGroup].EZOCMove {
		t.Error("9.31 EZOC movement wrong")
	}
}

// TestRulebookPieces checks the pieces the rulebook describes.
func TestRulebookPieces(t *testing.T) {
	d := DefaultData()
	div := map[string]int{}
	for _, u := range d.Units {
		div[u.Division]++
	}
	// 3.0: 21st Panzer has five units.
	if div["21-pz"] != 5 {
		t.Errorf("3.0: 21st Panzer has %d units, want 5", div["21-pz"])
	}
	// 10.13 example: Italian units of CS 2 and 3; a British armored
	// division (two armor brigades and a British motorized brigade, 10.51)
	// of CS 12.
	var it2, it3 bool
	for _, u := range d.Units {
		it2 = it2 || u.Nationality == Italian && u.CS[0] == 2
		it3 = it3 || u.Nationality == Italian && u.CS[0] == 3
	}
	cs := 0
	for _, id := range []string{"4-armd", "7-armd", "7-sg"} {
		i, ok := d.Unit(id)
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		u := d.Units[i]
		if u.Nationality != British || u.Division != "" || (u.Type != Armor && u.Type != Motorized) {
			t.Errorf("%s is not a British armor or motorized brigade without a division (10.51)", id)
		}
		cs += u.CS[0]
	}
	if !it2 || !it3 || cs != 12 {
		t.Errorf("10.13 example: Italian CS 2 %v, CS 3 %v, British armoured division CS %d (want 12)", it2, it3, cs)
	}
	// 9.2: Italian divisions stack for 2.
	for _, u := range d.Units {
		if want := 1 + b2i(u.Nationality == Italian && u.Size == Division); u.StackPoints() != want {
			t.Errorf("%s stacks for %d", u.ID, u.StackPoints())
		}
	}
	// 13.1, 13.7: leader pieces.
	for id, names := range map[string][2]string{"oconnor-ritchie": {"O'Connor", "Ritchie"}, "montgomery-lumsden": {"Montgomery", "Lumsden"}, "rommel-cruwell": {"Rommel", "Crüwell"}} {
		i, ok := d.Leader(id)
		if !ok || d.Leaders[i].Faces[0].Name != names[0] || d.Leaders[i].Faces[1].Name != names[1] {
			t.Errorf("leader %s is not %v", id, names)
		}
	}
	if i, _ := d.Leader("montgomery-lumsden"); d.Leaders[i].Arrives != 21 {
		t.Error("13.7: Montgomery does not arrive on turn 21")
	}
	// 7.63: a two-step Italian infantry unit and a two-step German armor unit.
	var itInf, deArm bool
	for _, u := range d.Units {
		itInf = itInf || u.Nationality == Italian && u.Type == Infantry && u.Steps == 2
		deArm = deArm || u.Nationality == German && u.Type == Armor && u.Steps == 2
	}
	if !itInf || !deArm {
		t.Error("7.63 example units missing")
	}
	// Every turn's arrivals enter on the side's entry hex: nothing arrives
	// before the game starts or after it ends (checked by the loader), and
	// the schedule lists each reinforcement once.
	n := 0
	for _, tu := range d.Turns {
		n += len(tu.Arrivals[Allied]) + len(tu.Arrivals[Axis])
	}
	want := 0
	for _, u := range d.Units {
		want += b2i(u.Arrives > 0)
	}
	if n != want {
		t.Errorf("schedule lists %d arrivals, units say %d", n, want)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
