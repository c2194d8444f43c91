package wdf

import (
	"encoding/json"
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
		"ap", "asp", "major", "supply_level", "naval", "tobruk", "fortress", "vp", "map", "units", "leaders", "depots", "ips"} {
		if _, ok := m[k]; !ok {
			t.Errorf("view has no %q", k)
		}
	}
	if m["game"] != "wdf" || m["turns"] != float64(23) || m["date"] != "December 1940" {
		t.Errorf("game %v turns %v date %v", m["game"], m["turns"], m["date"])
	}
	if n := m["notice"].(string); !strings.Contains(n, "docs/wdf/data.md") || !strings.Contains(n, "docs/wdf/rulings.md") {
		t.Errorf("notice %q", n)
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
			if len(u.SupplyPath) == 0 || u.SupplyPath[0] != u.Hex {
				t.Errorf("%s at %s: supply path %v", u.ID, u.Hex, u.SupplyPath)
				continue
			}
			last := u.SupplyPath[len(u.SupplyPath)-1]
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
				if u.Supplied != (len(u.SupplyPath) > 0) {
					t.Fatalf("move %d: %s at %s supplied %v, path %v", n, u.ID, u.Hex, u.Supplied, u.SupplyPath)
				}
				if u.Supplied && u.SupplyPath[0] != u.Hex {
					t.Fatalf("move %d: %s at %s: path %v", n, u.ID, u.Hex, u.SupplyPath)
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
