package compass

import (
	"encoding/json"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"sandtable/internal/engine"
)

func TestDefaultDataMatchesRulebook(t *testing.T) {
	d := DefaultData()
	if len(d.Areas) != 42 {
		t.Errorf("%d areas, rule 1.1 says 42", len(d.Areas))
	}
	if len(d.Turns) != 12 {
		t.Errorf("%d turns, rule 5 says 12", len(d.Turns))
	}
	var units [2]int
	for _, u := range d.Units {
		units[u.Side]++
	}
	if units != [2]int{Allied: 17, Italian: 25} {
		t.Errorf("units per side %v, rule 1 says 17 Allied and 25 Italian", units)
	}
	for side, want := range [2]int{Allied: 15, Italian: 10} {
		got := 0
		for _, n := range d.Mix[side] {
			got += n
		}
		if got != want {
			t.Errorf("side %d has %d event markers, rule 1 says %d", side, got, want)
		}
	}

	// Rule 2: the victory areas.
	vp := map[string]int{}
	for _, a := range d.Areas {
		if a.VP != 0 {
			vp[a.Name] = a.VP
		}
	}
	wantVP := map[string]int{"Agedabia": 3, "Bardia": 2, "Bengasi": 3, "Giarabub": 1, "Tobruch": 3}
	if !reflect.DeepEqual(vp, wantVP) {
		t.Errorf("victory areas %v, rule 2 says %v", vp, wantVP)
	}

	// Rule 3.2: the logistic areas.
	for side, name := range [2]string{Allied: "Piccadilly Circus", Italian: "El Agheila"} {
		if a := d.Areas[logisticAreaOf(t, d, engine.Side(side))]; a.Name != name {
			t.Errorf("side %d logistic area %q, rule 3.2 says %q", side, a.Name, name)
		}
	}

	// Rule 3.7: two garrisons, in Bardia and Tobruch.
	var garrisons []string
	for _, u := range d.Units {
		if u.Garrison {
			garrisons = append(garrisons, d.Areas[u.Start].Name)
			if u.Side != Italian || !u.DefenceOnly || u.MC != 0 {
				t.Errorf("garrison %q: want an Italian defence-only unit with MC 0", u.ID)
			}
		}
	}
	if !slices.Equal(garrisons, []string{"Bardia", "Tobruch"}) {
		t.Errorf("garrisons in %v, rule 3.7 says Bardia and Tobruch", garrisons)
	}

	// Rule 3.9: the Giarabub unit; rule 7: Matilda wears down 7RTR.
	for _, u := range d.Units {
		if u.SuppliedIn >= 0 && (u.Name != "Giarabub" || d.Areas[u.SuppliedIn].ID != "giarabub") {
			t.Errorf("unit %q always supplied in %q: only the unit Giarabub in Giarabub (rule 3.9)", u.ID, d.Areas[u.SuppliedIn].ID)
		}
		if u.Matilda != (u.ID == "7rtr") {
			t.Errorf("unit %q: matilda %v", u.ID, u.Matilda)
		}
	}
}

func logisticAreaOf(t *testing.T, d *Data, side engine.Side) int {
	t.Helper()
	for i, a := range d.Areas {
		if a.Logistic == side {
			return i
		}
	}
	t.Fatalf("no logistic area for side %d", side)
	return -1
}

func TestDefaultDataMap(t *testing.T) {
	d := DefaultData()
	kinds := map[LinkKind]int{}
	tobruch := -1
	for i, a := range d.Areas {
		if a.ID == "tobruch" {
			tobruch = i
		}
		if !slices.IsSortedFunc(a.Links, func(x, y Link) int { return x.To - y.To }) {
			t.Errorf("area %q: links not sorted by area number", a.ID)
		}
		for _, l := range a.Links {
			back := slices.IndexFunc(d.Areas[l.To].Links, func(m Link) bool { return m.To == i })
			if back < 0 || d.Areas[l.To].Links[back].Kind != l.Kind {
				t.Errorf("link %s-%s is not symmetric", a.ID, d.Areas[l.To].ID)
			}
			if l.To > i {
				kinds[l.Kind]++
			}
		}
	}
	// The dossier's table: 89 adjacencies, 24 road, 46 track, 19 desert.
	if want := map[LinkKind]int{Road: 24, Track: 46, Desert: 19}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("links by kind %v, want %v", kinds, want)
	}
	// Rule 7: Naval Support from the east edge of the map to Tobruch
	// inclusive, i.e. the coastal areas at Tobruch's longitude or east.
	for _, a := range d.Areas {
		want := a.Coastal && a.Lon >= d.Areas[tobruch].Lon
		if a.NavalSupport != want {
			t.Errorf("area %q: naval_support %v, want %v", a.ID, a.NavalSupport, want)
		}
	}
}

// Rule 3.9 traces supply along roads and tracks: every area must be able to
// reach both logistic areas that way, or some areas could never be supplied.
func TestEveryAreaReachesBothLogisticAreasByRoadOrTrack(t *testing.T) {
	d := DefaultData()
	supply := func(l Link) bool { return l.Kind == Road || l.Kind == Track }
	for _, side := range []engine.Side{Allied, Italian} {
		// Links are symmetric, so what the logistic area reaches reaches it.
		if cut := unreachableAreas(d.Areas, logisticAreaOf(t, d, side), supply); len(cut) > 0 {
			t.Errorf("no road or track from %v to the %s logistic area", cut, jsonSides[side])
		}
	}
}

func TestLoadDataFromDirectoryEqualsDefault(t *testing.T) {
	d, err := LoadData(os.DirFS("data"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, DefaultData()) {
		t.Error("LoadData(data/) differs from DefaultData()")
	}
}

func TestNoticesPresent(t *testing.T) {
	for _, name := range []string{"map.json", "units.json", "track.json"} {
		b, err := fs.ReadFile(embeddedData, "data/"+name)
		if err != nil {
			t.Fatal(err)
		}
		var f struct{ Notice string }
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(f.Notice, "RECONSTRUCTION") || !strings.Contains(f.Notice, "docs/compass/data.md") {
			t.Errorf("%s: notice %q must say RECONSTRUCTION and point to docs/compass/data.md", name, f.Notice)
		}
		if !strings.HasPrefix(strings.TrimSpace(string(b)), "{\n  \"notice\"") {
			t.Errorf("%s: the notice must be the first field", name)
		}
	}
}

// jsonDoc is a data file decoded generically so a test can break it.
type jsonDoc = map[string]any

func jsonList(d jsonDoc, key string) []any { return d[key].([]any) }

// entry returns the element of d[key] whose id is id.
func jsonEntry(t *testing.T, d jsonDoc, key, id string) jsonDoc {
	t.Helper()
	for _, e := range jsonList(d, key) {
		if e.(jsonDoc)["id"] == id {
			return e.(jsonDoc)
		}
	}
	t.Fatalf("no %s entry %q", key, id)
	return nil
}

// dropJSONLinks removes every link that touches area id.
func dropJSONLinks(d jsonDoc, id string) {
	var keep []any
	for _, l := range jsonList(d, "links") {
		if l.(jsonDoc)["a"] != id && l.(jsonDoc)["b"] != id {
			keep = append(keep, l)
		}
	}
	d["links"] = keep
}

func TestLoadDataReportsFileAndEntry(t *testing.T) {
	tests := []struct {
		name string
		file string
		edit func(t *testing.T, d jsonDoc) // nil: use raw instead
		raw  func(s string) string
		want string
	}{
		// map.json
		{"link to unknown area", "map.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "links")[0].(jsonDoc)["b"] = "nowhere"
		}, nil, `map.json: link 1 (el-agheila-nowhere): unknown area "nowhere"`},
		{"link listed twice", "map.json", func(t *testing.T, d jsonDoc) {
			d["links"] = append(jsonList(d, "links"), jsonDoc{"a": "mersa-brega", "b": "el-agheila", "kind": "road"})
		}, nil, `map.json: link 90 (mersa-brega-el-agheila): listed twice (also link 1)`},
		{"link to itself", "map.json", func(t *testing.T, d jsonDoc) {
			d["links"] = append(jsonList(d, "links"), jsonDoc{"a": "bardia", "b": "bardia", "kind": "road"})
		}, nil, `map.json: link 90 (bardia-bardia): links an area to itself`},
		{"unknown link kind", "map.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "links")[0].(jsonDoc)["kind"] = "sea"
		}, nil, `map.json: link 1 (el-agheila-mersa-brega): unknown kind "sea"`},
		{"duplicate area", "map.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "areas")[2].(jsonDoc)["id"] = "el-agheila"
		}, nil, `map.json: area "el-agheila": duplicate id`},
		{"area id not kebab", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "msus")["id"] = "Msus"
		}, nil, `map.json: area 10: id "Msus" is not lower-case kebab`},
		{"naval support inland", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "msus")["naval_support"] = true
		}, nil, `map.json: area "msus": naval_support on an area that is not coastal`},
		{"unknown logistic side", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "msus")["logistic"] = "german"
		}, nil, `map.json: area "msus": unknown logistic side "german"`},
		{"two Italian logistic areas", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "bengasi")["logistic"] = "italian"
		}, nil, `map.json: 2 italian logistic areas ["el-agheila" "bengasi"]`},
		{"no Allied logistic area", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "piccadilly-circus")["logistic"] = ""
		}, nil, `map.json: 0 allied logistic areas`},
		{"vp out of range", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "bardia")["vp"] = -2
		}, nil, `map.json: area "bardia": vp -2 out of range`},
		{"vp of rule 2 changed", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "bardia")["vp"] = 3
		}, nil, `map.json: area "bardia": vp 3, rule 2 gives it 2`},
		{"vp on an area rule 2 does not name", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "derna")["vp"] = 1
		}, nil, `map.json: area "derna": vp 1, but rule 2 awards VP only for agedabia, bardia, bengasi, giarabub, tobruch`},
		{"logistic area moved", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "el-agheila")["logistic"] = ""
			jsonEntry(t, d, "areas", "mersa-brega")["logistic"] = "italian"
		}, nil, `map.json: area "mersa-brega" is the italian logistic area, but rule 3.2 makes it "el-agheila"`},
		{"area named by the rules renamed", "map.json", nil, func(s string) string {
			return strings.ReplaceAll(s, `"tobruch"`, `"tobruk"`)
		}, `map.json: no area "tobruch": the rulebook names it`},
		{"bad position", "map.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "areas", "bardia")["lat"] = 131.7
		}, nil, `map.json: area "bardia": position 131.7,25.09`},
		{"map not connected", "map.json", func(t *testing.T, d jsonDoc) {
			dropJSONLinks(d, "siwa")
		}, nil, `map.json: the map is not connected: no links lead from "el-agheila" to ["siwa"]`},
		{"41 areas", "map.json", func(t *testing.T, d jsonDoc) {
			d["areas"] = jsonList(d, "areas")[:41]
			dropJSONLinks(d, "piccadilly-circus")
		}, nil, `map.json: 41 areas, the rulebook's map has 42`},
		{"unknown field in an area", "map.json", nil, func(s string) string {
			return strings.Replace(s, `"id": "bardia",`, `"id": "bardia", "coast": true,`, 1)
		}, `map.json: area "bardia": json: unknown field "coast"`},
		{"unknown field in a link", "map.json", nil, func(s string) string {
			return strings.Replace(s, `"kind": "road"}`, `"kind": "road", "cost": 1}`, 1)
		}, `map.json: link 1: json: unknown field "cost"`},
		{"unknown top-level field", "map.json", nil, func(s string) string {
			return strings.Replace(s, `"areas":`, `"areaz": [], "areas":`, 1)
		}, `map.json: json: unknown field "areaz"`},
		{"missing notice", "map.json", func(t *testing.T, d jsonDoc) {
			delete(d, "notice")
		}, nil, `map.json: "notice" must start with RECONSTRUCTION and point to docs/compass/data.md`},
		{"trailing data", "map.json", nil, func(s string) string { return s + "{}" },
			`map.json: unexpected data after the top-level value`},
		{"not JSON", "track.json", nil, func(s string) string { return "turns: 12" },
			`track.json: line 1: invalid character`},
		{"syntax error on a later line", "track.json", nil, func(s string) string {
			return strings.Replace(s, `"turn": 3,`, `"turn": 3,,`, 1)
		}, `track.json: line 6: invalid character ','`},

		// units.json
		{"unknown start area", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "7rtr")["start"] = "sidi-baranni"
		}, nil, `units.json: unit "7rtr": unknown start area "sidi-baranni"`},
		{"duplicate unit", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "cih")["id"] = "7rtr"
		}, nil, `units.json: unit "7rtr": duplicate id`},
		{"unit id not kebab", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "cih")["id"] = "CIH"
		}, nil, `units.json: unit 32: id "CIH" is not lower-case kebab`},
		{"unknown side", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "free-french")["side"] = "french"
		}, nil, `units.json: unit "free-french": unknown side "french"`},
		{"cv out of range", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "4-armd-bde")["cv"] = []int{10, 2}
		}, nil, `units.json: unit "4-armd-bde": cv 10 out of range 0-9`},
		{"reduced above full", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "4-armd-bde")["cv"] = []int{2, 3}
		}, nil, `units.json: unit "4-armd-bde": reduced cv 3 is more than full cv 2`},
		{"reduced with one step", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "kdg")["cv"] = []int{1, 1}
		}, nil, `units.json: unit "kdg": cv [1 1]: give [full] for a unit with 1 step`},
		{"no reduced with two steps", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "4-armd-bde")["cv"] = []int{4}
		}, nil, `units.json: unit "4-armd-bde": cv [4]: give [full] for a unit with 1 step, [full, reduced] for one with 2`},
		{"steps out of range", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "4-armd-bde")["steps"] = 3
		}, nil, `units.json: unit "4-armd-bde": steps 3`},
		{"mc out of range", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "kdg")["mc"] = 12
		}, nil, `units.json: unit "kdg": mc 12 out of range 0-9`},
		{"garrison that attacks", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "presidio-bardia")["defence_only"] = false
		}, nil, `units.json: unit "presidio-bardia": a garrison must be defence_only with mc 0`},
		{"garrison that moves", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "presidio-tobruch")["mc"] = 1
		}, nil, `units.json: unit "presidio-tobruch": a garrison must be defence_only with mc 0`},
		{"arrives after the last turn", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "kdg")["arrives"] = 13
		}, nil, `units.json: unit "kdg": arrives 13 out of range 0-12`},
		{"removed after the last turn", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "cih")["removed"] = 13
		}, nil, `units.json: unit "cih": removed 13 out of range 0-12`},
		{"removed on arrival", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "16-aus-bde")["removed"] = 2
		}, nil, `units.json: unit "16-aus-bde": removed on turn 2, not after its arrival on turn 2`},
		{"at start without an area", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "4-armd-bde")["start"] = ""
		}, nil, `units.json: unit "4-armd-bde": on the map at start (arrives 0) but has no start area`},
		{"reinforcement with an area", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "div-sabratha")["start"] = "bengasi"
		}, nil, `units.json: unit "div-sabratha": a reinforcement (arrives 2) must have start ""`},
		{"unknown supplied_in", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "presidio-giarabub")["supplied_in"] = "jarabub"
		}, nil, `units.json: unit "presidio-giarabub": unknown supplied_in area "jarabub"`},
		{"two matildas", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "4-armd-bde")["matilda"] = true
		}, nil, `units.json: 2 units marked matilda ["4-armd-bde" "7rtr"]`},
		{"Italian matilda", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "div-sirte")["matilda"] = true
		}, nil, `units.json: unit "div-sirte": matilda marks the Allied 7RTR`},
		{"unit counts", "units.json", func(t *testing.T, d jsonDoc) {
			jsonEntry(t, d, "units", "free-french")["side"] = "italian"
		}, nil, `units.json: 16 allied units, the rulebook has 17`},
		{"overstacked at start", "units.json", func(t *testing.T, d jsonDoc) {
			for _, id := range []string{"div-sirte", "2-raggr-carri", "art-xxii-corpo", "div-23-marzo", "art-xxiii-corpo"} {
				jsonEntry(t, d, "units", id)["start"] = "capuzzo"
			}
		}, nil, `units.json: area "capuzzo": 7 units at start, more than 6 (rule 3.1)`},
		{"unknown field in a unit", "units.json", nil, func(s string) string {
			return strings.Replace(s, `"id": "kdg",`, `"id": "kdg", "cv_full": 1,`, 1)
		}, `units.json: unit "kdg": json: unknown field "cv_full"`},
		{"missing file", "units.json", nil, nil, `units.json: open units.json: file does not exist`},

		// track.json
		{"eleven turns", "track.json", func(t *testing.T, d jsonDoc) {
			d["turns"] = jsonList(d, "turns")[:11]
		}, nil, `track.json: 11 turns, the game has 12`},
		{"turns out of order", "track.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "turns")[3].(jsonDoc)["turn"] = 5
		}, nil, `track.json: turn 4: numbered 5`},
		{"unknown side drawing", "track.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "turns")[1].(jsonDoc)["events"].(jsonDoc)["alied"] = 1
		}, nil, `track.json: turn 2: events: unknown side "alied"`},
		{"too many events drawn", "track.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "turns")[1].(jsonDoc)["events"].(jsonDoc)["italian"] = 11
		}, nil, `track.json: turn 2: events: italian 11 out of range 0-10`},
		{"negative replacements", "track.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "turns")[2].(jsonDoc)["replacements"].(jsonDoc)["allied"] = -1
		}, nil, `track.json: turn 3: replacements: allied -1 out of range 0-9`},
		{"turn 1 Allied events not three", "track.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "turns")[0].(jsonDoc)["events"].(jsonDoc)["allied"] = 2
		}, nil, `track.json: turn 1: events: allied 2, but on turn 1 the Allied player takes 3 events of his choice (rule 6.1.A)`},
		{"missing dates", "track.json", func(t *testing.T, d jsonDoc) {
			jsonList(d, "turns")[2].(jsonDoc)["dates"] = ""
		}, nil, `track.json: turn 3: missing dates`},
		{"unknown event", "track.json", func(t *testing.T, d jsonDoc) {
			d["mix"].(jsonDoc)["allied"].(jsonDoc)["artillery"] = 0
		}, nil, `track.json: mix: allied: unknown event "artillery"`},
		{"unknown mix side", "track.json", func(t *testing.T, d jsonDoc) {
			d["mix"].(jsonDoc)["free-french"] = jsonDoc{}
		}, nil, `track.json: mix: unknown side "free-french"`},
		{"event counts", "track.json", func(t *testing.T, d jsonDoc) {
			d["mix"].(jsonDoc)["italian"].(jsonDoc)["leader"] = 2
		}, nil, `track.json: mix: 11 italian event markers, the rulebook has 10`},
		{"negative event count", "track.json", func(t *testing.T, d jsonDoc) {
			d["mix"].(jsonDoc)["allied"].(jsonDoc)["leader"] = -1
		}, nil, `track.json: mix: allied: leader -1 is negative`},
		{"unknown field in a turn", "track.json", nil, func(s string) string {
			return strings.Replace(s, `"turn": 7,`, `"turn": 7, "weather": "sandstorm",`, 1)
		}, `track.json: turn 7: json: unknown field "weather"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, name := range []string{"map.json", "units.json", "track.json"} {
				b, err := fs.ReadFile(embeddedData, "data/"+name)
				if err != nil {
					t.Fatal(err)
				}
				fsys[name] = &fstest.MapFile{Data: b}
			}
			switch {
			case tc.edit != nil:
				var d jsonDoc
				if err := json.Unmarshal(fsys[tc.file].Data, &d); err != nil {
					t.Fatal(err)
				}
				tc.edit(t, d)
				b, err := json.Marshal(d)
				if err != nil {
					t.Fatal(err)
				}
				fsys[tc.file].Data = b
			case tc.raw != nil:
				before := string(fsys[tc.file].Data)
				after := tc.raw(before)
				if after == before {
					t.Fatal("the raw edit changed nothing")
				}
				fsys[tc.file].Data = []byte(after)
			default:
				delete(fsys, tc.file)
			}
			d, err := LoadData(fsys)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if d != nil {
				t.Error("data returned with an error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n%v\nwant it to contain\n%s", err, tc.want)
			}
		})
	}
}
