package wdf

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// TestView: the view carries the fields the web client reads, under their
// exact names, and a supplied unit's supply path runs from its hex to its
// source.
func TestView(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	raw, err := json.Marshal(s.View(Allied, "en"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "notice", "viewer", "turn", "turns", "date", "phasing", "decider", "phase", "prompt",
		"ap", "asp", "major", "supply_level", "naval", "tobruk", "fortress", "vp", "units", "leaders", "depots", "ips"} {
		if _, ok := m[k]; !ok {
			t.Errorf("view has no %q", k)
		}
	}
	if _, ok := m["map"]; ok {
		t.Error("the view carries the map, which is the sheet's")
	}
	if m["game"] != "wdf" || m["turns"] != float64(23) || m["date"] != "December 1940" {
		t.Errorf("game %v turns %v date %v", m["game"], m["turns"], m["date"])
	}
	if n := m["notice"].(string); !strings.Contains(n, "docs/wdf/data.md") || !strings.Contains(n, "docs/wdf/rulings.md") {
		t.Errorf("notice %q", n)
	}
	id, sheet, err := engine.SheetOf(Game{}, s, "it")
	if err != nil || id != "campaign" {
		t.Fatalf("sheet %q: %v", id, err)
	}
	raw, _ = json.Marshal(sheet)
	if !strings.HasPrefix(string(raw), `{"hexes":[{"id":`) {
		t.Errorf("sheet %.40s", raw)
	}
	// A unit's printed values are the sheet's, its state the view's.
	u0 := m["units"].([]any)[0].(map[string]any)
	_, named := u0["name"]
	if _, sided := u0["side"]; named || sided || u0["id"] == nil || u0["cs"] == nil {
		t.Errorf("a unit in the view: %v", u0)
	}
	if c := sheet.(MapView).Units[u0["id"].(string)]; c.Name == "" || c.Type == "" || c.MA == 0 || c.Side != "allied" && c.Side != "axis" {
		t.Errorf("%s in the sheet: %+v", u0["id"], c)
	}
	if _, err := (Game{}).Sheet("other", "en"); err == nil {
		t.Error("a sheet for an unknown id")
	}
	v := s.view(Allied, "en")
	if len(v.Map.Hexes) != len(s.d.Hexes) || len(v.Map.Sides) == 0 {
		t.Fatalf("map: %d hexes, %d sides", len(v.Map.Hexes), len(v.Map.Sides))
	}
	sources := 0
	for _, h := range v.Map.Hexes {
		if h.Source != "" {
			sources++
		}
	}
	if sources != 2 {
		t.Errorf("%d supply source hexes, want 2", sources)
	}
	paths := 0
	for _, u := range v.Units {
		if u.Where == "map" && u.Supplied {
			ans, err := s.Ask(Axis, "en", "supply "+u.ID)
			path, _ := ans.([]string)
			if err != nil || len(path) == 0 || path[0] != u.Hex {
				t.Errorf("%s at %s: supply path %v (%v)", u.ID, u.Hex, path, err)
				continue
			}
			last := path[len(path)-1]
			if last != s.hexID(s.d.SupplySource[s.d.Units[unit(t, s.d, u.ID)].Side]) && last != s.hexID(s.d.Tobruk) {
				t.Errorf("%s: supply path ends at %s", u.ID, last)
			}
			paths++
		}
		if u.HitsOn != "6" && u.HitsOn != "5-6" {
			t.Errorf("%s hits on %q", u.ID, u.HitsOn)
		}
	}
	if paths == 0 {
		t.Error("no supplied unit on the map at setup")
	}
	if b := s.Board(Allied, "en"); !strings.Contains(b, "Turn 1/23") {
		t.Errorf("board:\n%s", b)
	}
}

// TestViewSupplyPaths: along a random game, every supplied unit on the
// map is shown a supply path from its hex to its source or Tobruk (8.1,
// 8.4), and no unsupplied unit one.
func TestViewSupplyPaths(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(7)
	for n := 0; n < 1500 && !s.Over(); n++ {
		if n%100 == 0 {
			for _, u := range s.view(Allied, "en").Units {
				if u.Where != "map" {
					continue
				}
				ans, err := s.Ask(Allied, "en", "supply "+u.ID)
				path, _ := ans.([]string)
				if err != nil || u.Supplied != (len(path) > 0) {
					t.Fatalf("move %d: %s at %s supplied %v, path %v (%v)", n, u.ID, u.Hex, u.Supplied, path, err)
				}
				if u.Supplied && path[0] != u.Hex {
					t.Fatalf("move %d: %s at %s: path %v", n, u.ID, u.Hex, path)
				}
			}
		}
		side := s.Active().Sides()[0]
		legal := s.Legal(side, nil)
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestViewHitsOnDefense: the view's defence hit number follows the unit's
// type and nationality (10.21), a level-2 IP the unit is under (12.3) and
// a fortress not destroyed (16.2); the IP level is given only to a unit
// beneath the marker (12.2).
func TestViewHitsOnDefense(t *testing.T) {
	for _, c := range []struct {
		name, fix, unit, attack, defend string
		ip                              int
	}{
		{"italian infantry in the open", "unit cirene 4311", "cirene", "6", "6", 0},
		{"german infantry in the open (10.21)", "unit 125-inf 4311", "125-inf", "6", "5-6", 0},
		{"german armour", "unit 5-pz-1 4311", "5-pz-1", "5-6", "6", 0},
		{"under an IP-2 (12.3)", "unit cirene 4311 ip\nip 4311 2", "cirene", "6", "5-6", 2},
		{"beside an IP-2 it is not under", "unit cirene 4311\nip 4311 2", "cirene", "6", "6", 0},
		{"under an IP-1", "unit cirene 4311 ip\nip 4311 1", "cirene", "6", "6", 1},
		{"in Tobruk intact (16.2)", "unit sirte 3408", "sirte", "6", "5-6", 0},
		{"in Tobruk destroyed (16.1)", "unit sirte 3408\nlost tobruk 3", "sirte", "6", "6", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := stateAt(t, c.fix, 5, Allied)
			for _, u := range s.view(Allied, "en").Units {
				if u.ID == c.unit {
					if u.HitsOn != c.attack || u.HitsOnDef != c.defend {
						t.Errorf("hits on %s attacking, %s defending; want %s, %s", u.HitsOn, u.HitsOnDef, c.attack, c.defend)
					}
					if int(u.IP) != c.ip {
						t.Errorf("IP %d, want %d", u.IP, c.ip)
					}
					return
				}
			}
			t.Fatalf("%s not in the view", c.unit)
		})
	}
}

// viewStates are states along a random game (seed 5), every 40th
// decision, with their logs off: the states a server builds views of.
func viewStates(tb testing.TB) []*State {
	tb.Helper()
	st, _ := Game{}.New(engine.Setup{Seed: 5})
	s := st.(*State)
	s.SetLogging(false)
	r := engine.NewRand(5)
	var out []*State
	for i := 0; !s.Over() && len(out) < 40; i++ {
		if i%40 == 0 {
			out = append(out, s.Clone().(*State))
		}
		side := s.Active().Sides()[0]
		legal := s.Legal(side, nil)
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkViewEncoded builds and encodes as JSON, as the server does once
// per state, the views of both sides and the observer of a state along a
// random game, new to the views (its board and supply not yet traced):
// the time per state (three views) and the bytes of a view.
func BenchmarkViewEncoded(b *testing.B) {
	states := viewStates(b)
	n, bytes := 0, 0
	for b.Loop() {
		s := states[n%len(states)].Clone().(*State)
		s.bd = nil
		for side := engine.Observer; side <= Axis; side++ {
			raw, err := json.Marshal(s.View(side, "en"))
			if err != nil {
				b.Fatal(err)
			}
			bytes += len(raw)
		}
		n++
	}
	b.ReportMetric(float64(bytes)/float64(3*n), "bytes/view")
}

// TestWhyCacheIsExact: along random games, the chosen unit's "why not"
// with those of earlier states kept (whyShown) is the one worked out with
// nothing kept, in both languages.
func TestWhyCacheIsExact(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		s := st.(*State)
		r := engine.NewRand(seed)
		chosen := 0
		for i := 0; i < 300 && !s.Over(); i++ {
			if u := s.chosenPiece(); u >= 0 && u < len(s.d.Units) { // a unit, not a leader
				chosen++
				for _, lang := range []string{"en", "it"} {
					q := "why " + s.d.Units[u].ID
					kept, err := s.Ask(Allied, lang, q)
					whyShown = newViewCache[blockedKey, map[string]string]()
					fresh, err2 := s.Ask(Allied, lang, q)
					if err != nil || err2 != nil || !reflect.DeepEqual(kept, fresh) {
						t.Fatalf("seed %d action %d, %s: what was kept differs (%v, %v)", seed, i, lang, err, err2)
					}
				}
			}
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if chosen == 0 {
			t.Errorf("seed %d: no unit chosen", seed)
		}
	}
}
