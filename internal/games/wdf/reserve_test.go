package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

// TestReservesExample plays the 7.8 example on turn 6: a requirement of
// 12 against a Reserve Box worth 7 (five full-strength two-step units,
// three reduced two-step units and one one-step unit); the 1st South
// African Division's three units arrive; two more must come from the map,
// but with only seven units there one may go and the rest is ignored for
// 3 Axis VP.
func TestReservesExample(t *testing.T) {
	onMap := []string{"aus-16", "aus-17", "aus-19", "ind-5", "ind-11", "16-bde", "4-armd"}
	fix := "depot allied 5109\n"
	for _, id := range onMap {
		fix += "unit " + id + " 5109\n"
	}
	s := stateAt(t, fix, 6, Allied)
	full := []string{"7-armd", "7-sg", "3-armd", "2-sg", "aus-20"}
	reduced := []string{"aus-24", "aus-26", "ind-3-mot"}
	for _, id := range full {
		s.Pos.Units[unit(t, s.d, id)] = UnitState{Box: BoxReserve, Hex: NoHex}
	}
	for _, id := range reduced {
		s.Pos.Units[unit(t, s.d, id)] = UnitState{Box: BoxReserve, Hex: NoHex, Reduced: true}
	}
	s.Pos.Units[unit(t, s.d, "11-hussars")] = UnitState{Box: BoxReserve, Hex: NoHex}
	if got := s.reserveHeld(); got != 14 {
		t.Fatalf("reserve worth %s units, want 7", halfUnits(got))
	}
	// The 1st SA Division's brigades arrive on turn 6 (data.md P9).
	var sa []int
	for u, def := range s.d.Units {
		if def.Division == s.d.Units[unit(t, s.d, "sa-1")].Division && def.Arrives == 6 {
			sa = append(sa, u)
		}
	}
	if len(sa) != 3 {
		t.Fatalf("%d South African units arrive on turn 6, want 3", len(sa))
	}
	// The example's other units are elsewhere (off this test's board).
	for u, def := range s.d.Units {
		if def.Side == Allied && s.Pos.Units[u].Box == BoxNotArrived && def.Arrives <= 6 && def.Arrives != 0 && def.Division != s.d.Units[sa[0]].Division {
			s.Pos.Units[u].Box = BoxWithdrawn
		}
	}
	s.ReserveNeed = 12
	s.beginReserves()
	if has(legalAll(s, Allied), engine.Action{Op: opDone}) {
		t.Fatal("done allowed while the requirement can still be met")
	}
	for _, u := range sa {
		s.ApplyUnchecked(Allied, engine.Action{Op: opReserve, A: int16(u)})
	}
	mustApply(t, s, Allied, "reserve aus-16")
	if has(legalAll(s, Allied), engine.Action{Op: opReserve, A: int16(unit(t, s.d, "aus-17"))}) {
		t.Error("a withdrawal below six units on the map offered")
	}
	mustApply(t, s, Allied, "done")
	if s.ReserveVP != 3 {
		t.Errorf("Axis reserve VP %d, want 3", s.ReserveVP)
	}
	if n := s.onMap(Allied); n != 6 {
		t.Errorf("%d Allied units on the map, want 6", n)
	}
}

// TestReserveSurplus: surplus full-strength reserve units may go to the
// map; reduced ones may not (7.8).
func TestReserveSurplus(t *testing.T) {
	s := stateAt(t, "depot allied 5109", 6, Allied)
	s.Pos.Units[unit(t, s.d, "7-armd")] = UnitState{Box: BoxReserve, Hex: NoHex}
	s.Pos.Units[unit(t, s.d, "7-sg")] = UnitState{Box: BoxReserve, Hex: NoHex, Reduced: true}
	s.ReserveNeed = 0
	s.beginReserves()
	legal := legalAll(s, Allied)
	if !has(legal, engine.Action{Op: opRelease, A: int16(unit(t, s.d, "7-armd"))}) || has(legal, engine.Action{Op: opRelease, A: int16(unit(t, s.d, "7-sg"))}) {
		t.Error("release choices wrong")
	}
	s.ReserveNeed = 1
	if has(legalAll(s, Allied), engine.Action{Op: opRelease, A: int16(unit(t, s.d, "7-armd"))}) {
		t.Error("a unit the requirement needs may be released")
	}
}
