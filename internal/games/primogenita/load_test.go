package primogenita

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// dataFS returns the embedded data files, with edit applied to one of them.
func dataFS(t *testing.T, file string, edit func(string) string) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	for _, name := range []string{"map.json", "units.json", "orders.json", "tables.json", "turns.json"} {
		b, err := fs.ReadFile(embeddedData, "data/"+name)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if name == file {
			n := edit(s)
			if n == s {
				t.Fatalf("edit of %s changed nothing", file)
			}
			s = n
		}
		out[name] = &fstest.MapFile{Data: []byte(s)}
	}
	return out
}

func TestEmbeddedDataLoads(t *testing.T) {
	d := DefaultData()
	if len(d.Entries) != 5 || len(d.Units) == 0 || d.Orders[44].Name != "Stand Fast" {
		t.Fatalf("incomplete data: %d entries, %d units", len(d.Entries), len(d.Units))
	}
}

// Rule 1.1's worked example: "Agordat is in hex H-11".
func TestAgordatIsH11(t *testing.T) {
	d := DefaultData()
	h := Layout.MustParse("H-11")
	if c, r := Layout.ColRow(h); c != 11 || r != 8 {
		t.Fatalf("H-11 is column %d row %d, want column 11 of row H (8)", c, r)
	}
	i := d.At(h)
	if i < 0 || d.Hexes[i].Town < 0 || d.Towns[d.Hexes[i].Town].Name != "Agordat" {
		t.Fatalf("H-11 does not hold Agordat")
	}
	if d.Hexes[i].ID != "H-11" || d.HexIndex("H-11") != i {
		t.Fatalf("H-11 is written %q", d.Hexes[i].ID)
	}
}

// Facts the rulebook states about the map, checked on the data.
func TestMapFacts(t *testing.T) {
	d := DefaultData()
	hex := func(id string) *Hex {
		i := d.HexIndex(id)
		if i < 0 {
			t.Fatalf("no hex %s", id)
		}
		return &d.Hexes[i]
	}
	// 1.1: the five Entry hexes and their sides; joined only across arrows.
	for _, e := range d.Entries {
		h := &d.Hexes[e.Hex]
		if len(h.Links) != len(e.Arrows) {
			t.Errorf("%s has %d links, want its %d arrows", e.Name, len(h.Links), len(e.Arrows))
		}
		if d.Stacking(e.Hex) >= 0 {
			t.Errorf("%s has a stacking limit; 1.5 gives none", e.Name)
		}
	}
	// 1.3: a double cliff at Adi Qualà: uphill both ways.
	aq := d.HexIndex("P-22")
	n := 0
	for _, l := range d.Hexes[aq].Links {
		if l.Double {
			back, _ := d.Hexes[l.To].Link(aq)
			if !l.Uphill || !back.Uphill || !back.Double {
				t.Errorf("double cliff P-22/%s is not uphill both ways", d.Hexes[l.To].ID)
			}
			n++
		}
	}
	if n == 0 {
		t.Error("no double cliff at Adi Qualà")
	}
	// A one-sided cliff is uphill one way only.
	c := d.Cliffs[0]
	up, _ := d.Hexes[c.Low].Link(c.High)
	down, _ := d.Hexes[c.High].Link(c.Low)
	if !up.Uphill || down.Uphill || !up.Cliff || !down.Cliff {
		t.Errorf("cliff %s>%s: uphill %v/%v", d.Hexes[c.Low].ID, d.Hexes[c.High].ID, up.Uphill, down.Uphill)
	}
	// 4.3: the railway joins Massaua and Biscia.
	if !hex("H-22").Rail || !hex("I-10").Rail {
		t.Error("railway misses Massaua or Biscia")
	}
	// 1.6, 2.2.
	if hex("J-19").Town < 0 || d.Towns[hex("J-19").Town].VP != 7 {
		t.Error("Asmara is not 7 VP")
	}
	// The dossier's supply constraint: 8 mp from West Kassala must reach
	// Agordat along the road (the Agordat LS of 5.3 needs it), and 8 mp
	// from Agordat must reach Asmara (the Asmara LS).
	for _, tc := range []struct{ from, to string }{{"west-kassala", "H-11"}, {"H-11", "J-19"}} {
		if cost := roadCost(d, d.HexIndex(tc.from), d.HexIndex(tc.to)); cost < 0 || cost > SupplyRange*MP {
			t.Errorf("road from %s to %s costs %d half mp, more than %d mp", tc.from, tc.to, cost, SupplyRange)
		}
	}
	// Every Setup Letter of a unit has a hex; the Patriot zone holds P.
	if !d.Hexes[d.SetupHex(Allied, 'P')].Patriot {
		t.Error("P is outside the Patriot zone")
	}
}

// roadCost is the cheapest road-only cost from a to b (Dijkstra on roads).
func roadCost(d *Data, a, b int) int {
	dist := map[int]int{a: 0}
	done := map[int]bool{}
	for {
		cur, best := -1, 1<<30
		for h, c := range dist {
			if !done[h] && c < best {
				cur, best = h, c
			}
		}
		if cur < 0 {
			return -1
		}
		if cur == b {
			return best
		}
		done[cur] = true
		for _, l := range d.Hexes[cur].Links {
			if l.Road {
				if c, ok := dist[l.To]; !ok || best+d.Tables.RoadMP < c {
					dist[l.To] = best + d.Tables.RoadMP
				}
			}
		}
	}
}

// The loader refuses bad data with an error naming the problem.
func TestLoadRefuses(t *testing.T) {
	tests := []struct {
		name, file, old, new, want string
	}{
		{"unknown field", "units.json", `"id": "11-ind",`, `"id": "11-ind", "colour": "red",`, `unknown field "colour"`},
		{"no notice", "map.json", `"notice": "RECONSTRUCTION`, `"notice": "reconstruction`, "RECONSTRUCTION"},
		{"notice without doc", "turns.json", "see docs/primogenita/data.md", "see the docs", "docs/primogenita/data.md"},
		{"bad hex id", "map.json", `"hex": "H-11", "vp": 3`, `"hex": "H-31", "vp": 3`, "column 31"},
		{"sea hex", "map.json", `"name": "Arafali", "hex": "L-26"`, `"name": "Arafali", "hex": "L-28"`, "L-28 is sea"},
		{"Agordat moved", "map.json", `"hex": "H-11", "vp": 3`, `"hex": "H-10", "vp": 3`, "Agordat must be in H-11"},
		{"broken road", "map.json", `"H-11", "H-12", "G-12"`, `"H-11", "G-12"`, "not adjacent"},
		{"unknown terrain code", "map.json", `"R": "...`, `"R": "..?`, "unknown code"},
		{"short row", "map.json", `"R": "...`, `"R": "..`, "27 columns"},
		{"bad remnant ref", "units.json", `"remnant": "11-ind-r"`, `"remnant": "11-ind-x"`, `remnant "11-ind-x" is not a unit`},
		{"bad setup letter", "units.json", `"setup": "K"}`, `"setup": "Q"}`, `setup "Q"`},
		{"bad arrival", "units.json", `"arrives": "4C"`, `"arrives": "11C"`, "not an Arrival Code"},
		{"stacking value 3", "units.json", `"stack": 2, "remnant": "11-ind-r"`, `"stack": 3, "remnant": "11-ind-r"`, "0 or 2"},
		{"duplicate priority", "orders.json", `{"priority": 43,`, `{"priority": 44,`, "each once"},
		{"order renamed", "orders.json", `"Overrun"`, `"Overrunning"`, "section 9 says"},
		{"bomb columns", "tables.json", `"columns": [1, 2, 3, 6, 9]`, `"columns": [1, 2, 4, 6, 9]`, "rules 6.1, 6.3"},
		{"combat cell", "tables.json", `"1-Oc", "1-1"]`, `"1-X", "1-1"]`, "0, 1, 1+ or Oc"},
		{"deduction before GT6", "turns.json", `{"turn": 5, "dates": "20-27 Feb 1941"}`, `{"turn": 5, "dates": "20-27 Feb 1941", "vp_deduction": 1}`, "none before GT6"},
		{"cliff not adjacent", "map.json", `"G-13>G-14"`, `"G-13>G-16"`, "not adjacent"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadData(dataFS(t, tc.file, func(s string) string { return strings.Replace(s, tc.old, tc.new, 1) }))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.file) {
				t.Errorf("error %v does not name %s", err, tc.file)
			}
		})
	}
}
