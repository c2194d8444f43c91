package compass

import (
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// viewsHash is the SHA-256 of every view TestViewsUnchanged builds, as
// main's view.go built them at 7728fe5 (before its allocations were cut):
// the cheaper view must say exactly the same. A change of what a view
// says is a new hash: print it with -v and say why in the commit.
//
// 2026-11-29: what the map prints of each area (name, place, coast, naval
// support, VP, logistic side, links) left the views for the map sheet
// (Game.Sheet); the hash is that of the views before with those fields
// left out, built from main's code at that hour.
//
// 2026-11-29, later: what a unit's counter prints (name, side, steps,
// support, defence only, garrison, MC, turns of arrival and removal) left
// the views for the map sheet too, and a unit's reduced and out-of-supply
// flags are encoded only when set; the hash is that of the views before
// with those fields so tagged and nothing else changed (main at 609f66e).
//
// Then the movement step's reasons why a unit may not enter an area
// ("blocked") left the phasing player's view for the "why UNIT" question
// (State.Ask), asked when he clicks such an area: the views before with
// that field left out (8a2ac86).
const viewsHash = "63edc44c4ea47eab7c6a5f539f32f9dcecae82402e0ef62189ad7f99803c0539"

// TestMapSheet: the sheet holds every area of the map as the data prints
// it, links included, and every unit's counter; a view names it and
// carries each area's control.
func TestMapSheet(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	id, sheet, err := engine.SheetOf(Game{}, s, "it")
	if err != nil || id != "map" {
		t.Fatalf("sheet %q: %v", id, err)
	}
	m := sheet.(MapSheet)
	if len(m.Areas) != len(s.d.Areas) {
		t.Fatalf("%d areas in the sheet, %d on the map", len(m.Areas), len(s.d.Areas))
	}
	for _, ar := range s.d.Areas {
		a, ok := m.Areas[ar.ID]
		if !ok || a.Name != ar.Name || a.VP != ar.VP || a.Lat != ar.Lat || len(a.Links) != len(ar.Links) {
			t.Errorf("%s in the sheet: %+v", ar.ID, a)
		}
		for i, l := range ar.Links {
			if a.Links[i].To != s.d.Areas[l.To].ID {
				t.Errorf("%s: link %d to %s, want %s", ar.ID, i, a.Links[i].To, s.d.Areas[l.To].ID)
			}
		}
	}
	if len(m.Units) != len(s.d.Units) {
		t.Fatalf("%d units in the sheet, %d in the game", len(m.Units), len(s.d.Units))
	}
	for _, d := range s.d.Units {
		u, ok := m.Units[d.ID]
		if !ok || u.Name != d.Name || u.Side != (Game{}).SideNames()[d.Side] || u.Steps != d.Steps || u.MC != d.MC ||
			u.Support != d.Support || u.DefenceOnly != d.DefenceOnly || u.Garrison != d.Garrison || u.Arrives != d.Arrives || u.Removed != d.Removed {
			t.Errorf("%s in the sheet: %+v", d.ID, u)
		}
	}
	for _, a := range s.view(Allied, "en").Areas {
		if a.Control != "allied" && a.Control != "italian" {
			t.Errorf("%s: control %q", a.ID, a.Control)
		}
	}
	if _, err := (Game{}).Sheet("other", "en"); err == nil {
		t.Error("a sheet for an unknown id")
	}
}

// TestViewsUnchanged: the JSON of both sides' views, in English and in
// Italian, after every action of random games, is byte for byte the
// views recorded in viewsHash.
func TestViewsUnchanged(t *testing.T) {
	h := enginetest.NewViewHash()
	for seed := uint64(1); seed <= 3; seed++ {
		st := newState(DefaultData(), seed, false)
		r := engine.NewRand(seed)
		for !st.Over() {
			for side := engine.Side(0); side < 2; side++ {
				for _, lang := range []string{"en", "it"} {
					h.Add(t, st.view(side, lang))
				}
			}
			legal := st.Legal(st.Decider, nil)
			st.ApplyUnchecked(st.Decider, legal[r.IntN(len(legal))])
		}
	}
	h.Check(t, viewsHash)
}
