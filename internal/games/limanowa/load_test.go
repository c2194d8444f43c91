package limanowa

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"sandtable/internal/hexgrid"
)

var dataNames = []string{"map.json", "counters.json", "scenarios.json", "campaigns.json", "tables.json", "turns.json"}

// dataFiles returns a copy of the embedded data files.
func dataFiles(t testing.TB) fstest.MapFS {
	t.Helper()
	sub, err := fs.Sub(embeddedData, "data")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, name := range dataNames {
		b, err := fs.ReadFile(sub, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}

func hexes(t *testing.T, ids string) []hexgrid.Hex {
	t.Helper()
	var out []hexgrid.Hex
	for _, id := range strings.Fields(ids) {
		out = append(out, Layout.MustParse(id))
	}
	return out
}

func ids(hs []hexgrid.Hex) string {
	var s []string
	for _, h := range hs {
		s = append(s, Layout.Format(h))
	}
	return strings.Join(s, " ")
}

func TestDefaultDataLoads(t *testing.T) {
	d := DefaultData()
	if len(d.Map.Hexes) != 1078 || len(d.Counters) != 13 || len(d.Scenarios) != 3 || len(d.Campaigns) != 2 {
		t.Fatalf("loaded %d hexes, %d counters, %d scenarios, %d campaigns", len(d.Map.Hexes), len(d.Counters), len(d.Scenarios), len(d.Campaigns))
	}
	again, err := LoadData(dataFiles(t))
	if err != nil || len(again.Map.Hexes) != len(d.Map.Hexes) {
		t.Fatalf("LoadData of the embedded files: %v", err)
	}
}

// 2.2 and D2: the lower columns' row 25 has no visible centre dot.
func TestInPlay(t *testing.T) {
	m := &DefaultData().Map
	for c := 1; c <= 44; c++ {
		h := Layout.Hex(c, 25)
		if m.InPlay(h) != (c%2 == 1) {
			t.Errorf("%s in play: %v", Layout.Format(h), m.InPlay(h))
		}
	}
	for _, id := range []string{"A01", "AR01", "A25", "AI25", "AR24", "N17", "C23"} {
		if !m.InPlay(Layout.MustParse(id)) {
			t.Errorf("%s not in play", id)
		}
	}
}

// The hexes the rulebook names (13.0, the scenarios and campaigns).
func TestRulebookHexes(t *testing.T) {
	d := DefaultData()
	m := &d.Map
	// Scenario 1: Limanowa is every village hex contiguous to N17.
	n17 := Layout.MustParse("N17")
	town := cluster(n17, func(h hexgrid.Hex) bool { return m.Terrain(h) == VillageHex })
	v, ok := m.VillageOf(n17)
	if !ok || v.ID != "limanowa" || len(town) != len(v.Hexes) || len(town) < 2 {
		t.Fatalf("Limanowa = %v, the cluster of N17 = %s", v, ids(town))
	}
	// Campaigns: the whole village of Mordarka is exactly these hexes.
	mord, ok := m.VillageOf(Layout.MustParse("U10"))
	want := hexes(t, "U10 V09 W09 W08 X08")
	if !ok || len(mord.Hexes) != len(want) {
		t.Fatalf("Mordarka = %v", mord)
	}
	for _, h := range want {
		if !slices.Contains(mord.Hexes, h) {
			t.Errorf("Mordarka lacks %s", Layout.Format(h))
		}
	}
	// 13.0: Golkow within two hexes of AI25 (partly off the map, D2),
	// Jabloniec within two of AF13 (whole: 19 hexes).
	g, _ := m.Hill("golkow")
	if got := ids(g.Hexes); got != "AG24 AG25 AH23 AH24 AI23 AI24 AI25 AJ23 AJ24 AK24 AK25" {
		t.Errorf("Golkow = %s", got)
	}
	if j, _ := m.Hill("jabloniec"); len(j.Hexes) != 19 || j.Centre != Layout.MustParse("AF13") {
		t.Errorf("Jabloniec = %d hexes", len(j.Hexes))
	}
	// Scenario 3: the road runs along these hexes, in this order.
	road := m.Roads[slices.IndexFunc(m.Roads, func(r Route) bool { return r.ID == "kanina-road" })].Hexes
	at := -1
	for _, h := range hexes(t, "AO04 AJ07 AJ08 AC11 AA14 V15 Q19 O19 M18 K17 G19 D20 A20") {
		i := slices.Index(road, h)
		if i <= at {
			t.Errorf("the road does not pass %s after the previous waypoint", Layout.Format(h))
		}
		at = i
	}
	// Campaigns: the friendly edges are edge hexes within six of A25 and AR04.
	for side, c := range []string{"A25", "AR04"} {
		es := m.Edges[side]
		if !slices.Contains(es, Layout.MustParse(c)) {
			t.Errorf("%s not on its side's edge", c)
		}
		for _, h := range es {
			if hexgrid.Distance(h, Layout.MustParse(c)) > 6 || !m.EdgeHex(h) {
				t.Errorf("%s on the edge of %s", Layout.Format(h), c)
			}
		}
	}
	// Scenario 3's play area holds Jabloniec, the Golkow and both corners
	// but not Limanowa or Mordarka (D12).
	area := d.Scenarios[2].PlayArea
	for _, id := range []string{"AF13", "AI25", "A25", "AR04", "AO04", "A20", "V15"} {
		if !slices.Contains(area, Layout.MustParse(id)) {
			t.Errorf("%s outside scenario 3's play area", id)
		}
	}
	for _, id := range []string{"N17", "U10", "A01"} {
		if slices.Contains(area, Layout.MustParse(id)) {
			t.Errorf("%s inside scenario 3's play area", id)
		}
	}
}

// D4: a sector facing a lower neighbour is one level lower, so plateau
// edges are crest hexes and the rest of a plateau is not.
func TestContours(t *testing.T) {
	m := &DefaultData().Map
	crests := 0
	for _, h := range m.Hexes {
		for d := hexgrid.Dir(0); d < 6; d++ {
			n := h.Neighbour(d)
			want := m.Level(h)
			if Layout.OnMap(n) && m.Level(n) < want {
				want--
			}
			if got := m.SectorLevel(h, d); got != want {
				t.Fatalf("%s sector %d at %d, want %d", Layout.Format(h), d, got, want)
			}
			if Layout.OnMap(n) && m.Level(n) > m.Level(h)+1 {
				t.Errorf("%s and %s differ by more than a level (D3)", Layout.Format(h), Layout.Format(n))
			}
		}
		if m.Crest(h) {
			crests++
		}
	}
	if crests == 0 {
		t.Error("no crest hexes")
	}
}

// 13.0's notation: "6 Infantry Companies +1/2/8/3 0/2/7/1" means six
// infantry companies each with firepower +1, range 2, cohesion 8 and
// movement 3 formed, and 0, 2, 7 and 1 dispersed.
func TestNotation(t *testing.T) {
	l, err := ParseOOBLine("6 Infantry Companies +1/2/8/3 0/2/7/1")
	if err != nil {
		t.Fatal(err)
	}
	if l.Count != 6 || l.Name != "Infantry Companies" ||
		l.Formed != (Face{Fire: 1, Range: 2, Cohesion: 8, Move: 3}) ||
		l.Dispersed != (Face{Fire: 0, Range: 2, Cohesion: 7, Move: 1}) {
		t.Errorf("parsed %+v", l)
	}
	if l.Formed.String() != "+1/2/8/3" || l.Dispersed.String() != "+0/2/7/1" {
		t.Errorf("written %s %s", l.Formed, l.Dispersed)
	}
	for _, bad := range []string{"Infantry +1/2/8/3 0/2/7/1", "6 Infantry +1/2/8 0/2/7/1", "6 Infantry +1/+2/8/3 0/2/7/1",
		"0 Infantry +1/2/8/3 0/2/7/1", "6 Infantry +1/2/13/3 0/2/7/1", "6 Infantry x/2/8/3 0/2/7/1"} {
		if _, err := ParseOOBLine(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// Scenario 1's order of battle, as printed, is what the counters say.
	d := DefaultData()
	for _, tt := range []struct{ line, counter string }{
		{"3 Cossack Squadrons +0/1/7/9 0/2/7/1", "cossack-sqn"},
		{"4 Hussar Squadrons 0/1/8/9 +1/2/7/1", "hussar-sqn"},
	} {
		l, err := ParseOOBLine(tt.line)
		c, _ := d.Counter(tt.counter)
		if err != nil || c.Formed.String() != l.Formed.String() || c.Dispersed.String() != l.Dispersed.String() {
			t.Errorf("%s: %v; counter %+v", tt.line, err, c)
		}
		found := false
		for _, f := range d.Scenarios[0].Forces {
			found = found || d.Counters[f.Counter].ID == tt.counter && f.Count == l.Count
		}
		if !found {
			t.Errorf("scenario 1 lacks %q", tt.line)
		}
	}
}

// 13.0's hex notation: column letters, then a two-digit row.
func TestHexNotation(t *testing.T) {
	for id, cr := range map[string][2]int{"A25": {1, 25}, "C23": {3, 23}, "N17": {14, 17}, "AF13": {32, 13}, "AI25": {35, 25}, "AR04": {44, 4}} {
		h, err := Layout.Parse(id)
		if c, r := Layout.ColRow(h); err != nil || c != cr[0] || r != cr[1] || Layout.Format(h) != id {
			t.Errorf("%s: %v → %d,%d", id, err, c, r)
		}
	}
	for _, bad := range []string{"AS01", "A26", "A00", "17N"} {
		if _, err := Layout.Parse(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// Adjacency as the Mordarka chain shows it (D1).
	chain := hexes(t, "U10 V09 W09 W08 X08")
	for i := 1; i < len(chain); i++ {
		if !hexgrid.Adjacent(chain[i-1], chain[i]) {
			t.Errorf("%s and %s not adjacent", Layout.Format(chain[i-1]), Layout.Format(chain[i]))
		}
	}
}

// Every file is checked strictly: each broken copy must be refused with an
// error that names the file and the problem.
func TestLoadRefuses(t *testing.T) {
	tests := []struct {
		name, file, old, new, want string
	}{
		{"unknown field", "counters.json", `"noDig": true,`, `"noDig": true, "dig": false,`, `unknown field "dig"`},
		{"notice", "turns.json", `"RECONSTRUCTION:`, `"Reconstruction:`, "RECONSTRUCTION"},
		{"notice without the document", "tables.json", "See docs/limanowa/data.md", "See the docs", "docs/limanowa/data.md"},
		{"trailing data", "turns.json", "\n}\n", "\n}\n{}\n", "after the top-level value"},
		{"unknown counter", "scenarios.json", `"counter": "cossack-sqn"`, `"counter": "cossack"`, `counter "cossack" unknown`},
		{"counter of the other side", "scenarios.json", `"counter": "cossack-sqn"`, `"counter": "hussar-sqn"`, "other side"},
		{"bad hex id", "map.json", `"U10", "V09"`, `"U10", "V99"`, "V99"},
		{"village hex not in a village", "map.json", `"id": "sowliny", "name": "Sowliny", "hexes": ["G18", "H18"]`, `"id": "sowliny", "name": "Sowliny", "hexes": ["G18"]`, "H18 belongs to no village"},
		{"road break", "map.json", `"AR04", "AQ04", "AP04"`, `"AR04", "AP04"`, "not adjacent"},
		{"bridge off a stream", "map.json", `"bridges": [`, `"bridges": ["A01/A02", `, "not a stream hexside"},
		{"short row", "map.json", "\"11111111000000000001111111111111110001112222\"", "\"1111111100000000000111111111111111000111222\"", "row 01 has 43 columns"},
		{"terrain code", "map.json", "\".........................................WWW\"", "\"........................................xWWW\"", "terrain"},
		{"face", "counters.json", `"formed": "+0/1/7/9"`, `"formed": "+0/1/7"`, "firepower/range/cohesion/movement"},
		{"pair", "counters.json", `"pair": "hussar-sqn-dismounted"`, `"pair": "cossack-sqn"`, "pair"},
		{"too many counters", "scenarios.json", `"counter": "russian-coy", "count": 14`, `"counter": "russian-coy", "count": 41`, "the mix holds 40"},
		{"area", "scenarios.json", `"area": {"centre": "N17", "radius": 4}`, `"area": {"centre": "N17", "radius": 4, "village": "limanowa"}`, "exactly one"},
		{"vertex", "scenarios.json", `"AF12/AF13/AG13"`, `"AF12/AF13/AG12"`, "do not meet"},
		{"campaign day order", "campaigns.json", `"date": "1914-12-05"`, `"date": "1914-12-06"`, "the day after"},
		{"mode", "tables.json", `"mode": "flare"`, `"mode": "pigeon"`, "pigeon"},
		{"unknown modifier", "tables.json", `"id": "night"`, `"id": "dark"`, `modifier "night" missing`},
		{"destroy", "tables.json", `"destroy": 11`, `"destroy": 12`, "3.73"},
		{"days", "turns.json", `"1914-12-11"`, `"1914-12-12"`, "days"},
	}
	for _, tt := range tests {
		fsys := dataFiles(t)
		b := string(fsys[tt.file].Data)
		if !strings.Contains(b, tt.old) {
			t.Fatalf("%s: %q not in %s", tt.name, tt.old, tt.file)
		}
		fsys[tt.file] = &fstest.MapFile{Data: []byte(strings.Replace(b, tt.old, tt.new, 1))}
		_, err := LoadData(fsys)
		if err == nil || !strings.Contains(err.Error(), tt.file) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error naming %s and %q", tt.name, err, tt.file, tt.want)
		}
	}
}

func FuzzParseOOBLine(f *testing.F) {
	f.Add("6 Infantry Companies +1/2/8/3 0/2/7/1")
	f.Add("3 Cossack Squadrons +0/1/7/9 0/2/7/1")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseOOBLine(s)
		if err != nil {
			return
		}
		// What parses writes back and parses to the same faces.
		for _, fc := range []Face{l.Formed, l.Dispersed} {
			again, err := ParseFace(fc.String())
			if err != nil || again != fc {
				t.Fatalf("%q: %v round trip %v %v", s, fc, again, err)
			}
		}
	})
}

// The loader refuses whatever it cannot read and never panics.
func FuzzLoadData(f *testing.F) {
	files := dataFiles(f)
	for _, name := range dataNames {
		f.Add(name, string(files[name].Data))
	}
	f.Add("map.json", `{"notice": "RECONSTRUCTION docs/limanowa/data.md", "levels": ["1"], "terrain": []}`)
	f.Fuzz(func(t *testing.T, name, body string) {
		if !slices.Contains(dataNames, name) {
			return
		}
		fsys := dataFiles(t)
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
		d, err := LoadData(fsys)
		if err == nil && (d == nil || len(d.Map.Hexes) == 0) {
			t.Fatal("accepted data without a map")
		}
	})
}
