package primogenita

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// stateWith is a state after setup with an empty map, for placing units.
func stateWith(t *testing.T) (*State, *fixture) {
	t.Helper()
	s := NewState(DefaultData(), 1)
	s.Pos = *NewPosition(s.d)
	s.Step = stChoose
	return s, &fixture{t: t, d: s.d, p: &s.Pos}
}

// 1.4, 2.3: a brigade flips, then becomes its "5-6" remnant, which costs
// 1 VP when flipped and nothing when eliminated; a "4-6" remnant costs 1
// VP when eliminated.
func TestStepLosses(t *testing.T) {
	s, f := stateWith(t)
	u := f.place("11-ind", "I-1")
	r := f.unit("11-ind-r")
	vp := s.VP
	s.loseStep(u, "7.3")
	if !s.Pos.Units[u].Flipped || s.d.Strength(&s.Pos, u) != 6 {
		t.Fatal("first step: not flipped to 6")
	}
	s.loseStep(u, "7.3")
	if s.Pos.Units[u].Loc != Gone || !s.Pos.at(r, f.hex("I-1")) || s.Pos.Units[r].Flipped {
		t.Fatal("second step: not replaced by its remnant, front side up")
	}
	s.loseStep(r, "7.3")
	if s.VP != vp-1 {
		t.Fatalf("5-6 remnant flipped: VP %d, want %d", s.VP, vp-1)
	}
	s.loseStep(r, "7.3")
	if s.Pos.Units[r].Loc != Gone || s.VP != vp-1 {
		t.Fatalf("5-6 remnant eliminated: loc %d VP %d", s.Pos.Units[r].Loc, s.VP)
	}
	seven := f.place("7-ind", "I-1")
	s.loseStep(seven, "7.3")
	s.loseStep(seven, "7.3")
	s.loseStep(f.unit("7-ind-r"), "7.3")
	if s.VP != vp-2 {
		t.Fatalf("4-6 remnant eliminated: VP %d, want %d", s.VP, vp-2)
	}
	sd := f.place("sd-1", "I-1")
	s.loseStep(sd, "7.3")
	if s.Pos.Units[sd].Loc != OnMap {
		t.Error("an SD lost a step (1.4: it has none)")
	}
}

// 5.5, 5.6: an SD supports 2 units, an Italian town 4.
func TestSupportCapacity(t *testing.T) {
	s, f := stateWith(t)
	s.Markers = [5]uint8{} // no FS or LS at all
	f.place("sd-1", "K-6")
	units := []int{f.place("cih", "K-6"), f.place("skin", "K-7"), f.place("sdf", "K-5")}
	n := 0
	for _, ok := range s.supported(Allied, units, false) {
		if ok {
			n++
		}
	}
	if n != DumpUnits {
		t.Errorf("one SD supported %d units, want %d", n, DumpUnits)
	}
	// Italian: Om Ager as the only Town Supply source in reach.
	s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
	var it []int
	for _, id := range []string{"12-col", "2-col", "42-col", "4-col", "16-col"} {
		it = append(it, f.place(id, "R-6"))
	}
	n = 0
	for _, ok := range s.supported(Italian, it, false) {
		if ok {
			n++
		}
	}
	if n != TownUnits {
		t.Errorf("one town supported %d units, want %d", n, TownUnits)
	}
}

// 5.3's example: on GT8 the Asmara LS can be placed and then Agordat and
// Asmara both upgraded, all in the same Supply Source Segment.
func TestAsmaraLSOnGT8(t *testing.T) {
	s, f := stateWith(t)
	s.Turn = 8
	for _, id := range []string{"agordat", "cheren", "asmara", "keru", "sabderat", "biscia"} {
		s.Pos.Flags[s.d.town(id)] = BritishFlag
	}
	s.ItalianLost = [MaxSources]bool{true, true, true, false, false}
	s.Markers[srcAgordat] = MarkerLS
	f.place("11-ind", "H-11")
	f.place("9-ind", "J-19")
	for _, sd := range []string{"sd-1", "sd-2", "sd-3", "sd-4"} {
		f.place(sd, "I-2")
	}
	s.supplySourceSegment()
	if s.Markers[srcAsmara] != MarkerLS {
		t.Fatal("Asmara LS not placed though an Allied unit there traces from the Agordat LS")
	}
	if s.Step != stSource || !s.canUpgrade(srcAgordat) || s.canUpgrade(srcAsmara) {
		t.Fatalf("step %d: Agordat upgradable %v, Asmara %v; want Agordat only (Asmara needs the Agordat FS)",
			s.Step, s.canUpgrade(srcAgordat), s.canUpgrade(srcAsmara))
	}
	do(t, s, Allied, "upgrade agordat")
	do(t, s, Allied, "remove sd-1")
	do(t, s, Allied, "remove sd-2")
	if s.Markers[srcAgordat] != MarkerFS {
		t.Fatal("Agordat not upgraded")
	}
	do(t, s, Allied, "upgrade asmara")
	do(t, s, Allied, "remove sd-3")
	do(t, s, Allied, "remove sd-4")
	if s.Markers[srcAsmara] != MarkerFS || s.Step != stChoose {
		t.Fatalf("Asmara %d, step %d; want FS and the 1st ORDER Segment", s.Markers[srcAsmara], s.Step)
	}
}

// 1.7, Order 6: Italian F reinforcements are removed when their Setup Hex
// (Cheren) becomes Allied-controlled before they arrive; the town's VP is
// added (2.2) and its Italian supply source is gone for good (5.1).
func TestFReinforcementsLost(t *testing.T) {
	s, _ := stateWith(t)
	vp := s.VP
	s.setFlag(s.d.town("cheren"), Allied)
	if s.VP != vp+4 {
		t.Errorf("Cheren taken: VP %d, want %d", s.VP, vp+4)
	}
	for _, id := range []string{"6-col", "gran-1", "bersag", "xcvii-bn"} {
		if s.Pos.Units[s.d.UnitIndex(id)].Loc != Gone {
			t.Errorf("%s (F) not removed", id)
		}
	}
	if s.Pos.Units[s.d.UnitIndex("uork-amba")].Loc != InBox {
		t.Error("a D reinforcement was removed")
	}
	lost := false
	for i, src := range s.d.ItalianSupply {
		if src.Hex == s.d.HexIndex("F-14") {
			lost = s.ItalianLost[i]
		}
	}
	if !lost {
		t.Error("Cheren's supply source survived Allied control")
	}
	s.setFlag(s.d.town("cheren"), Italian)
	if s.VP != vp || s.Pos.Flags[s.d.town("cheren")] != ItalianFlag {
		t.Error("retaking Cheren did not subtract its VP or flip the flag")
	}
}

// 5.7: Resupply, then Attrition: Allied No Supply loses a step, Italian
// No Supply is removed, every Low/No unit is Disrupted; an Arbegnoch
// outside the Patriot zone loses a step.
func TestSupplyPhase57(t *testing.T) {
	s, f := stateWith(t)
	s.Markers = [5]uint8{}
	s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
	a := f.place("cih", "E-5")      // far from everything: no supply
	i := f.place("cv-bn", "B-4")    // no Italian town within 2mp
	ok := f.place("12-col", "H-11") // Agordat: town supply
	arb := f.place("arb-1", "M-10") // outside the Patriot zone
	s.resupply()
	if s.Pos.Units[a].Supply != LowSupply || s.Pos.Units[ok].Supply != Supplied {
		t.Fatalf("after resupply: %d %d", s.Pos.Units[a].Supply, s.Pos.Units[ok].Supply)
	}
	s.attrition()
	if !s.Pos.Units[a].Disrupted || s.Pos.Units[ok].Disrupted {
		t.Error("Low Supply unit not Disrupted, or supplied unit Disrupted")
	}
	if s.Pos.Units[arb].Loc != Gone {
		t.Error("Arbegnoch outside the Patriot zone kept its only step")
	}
	s.Pos.Units[i].Supply = LowSupply
	s.resupply()
	s.attrition()
	if s.Pos.Units[i].Loc != Gone {
		t.Error("Italian unit with No Supply not removed")
	}
}

// 5.7c: "Each Allied unit with a No Supply marker loses 1 step": one
// step, even when the step replaces the unit by its remnant (which takes
// over the No Supply marker and is Disrupted with it, but loses nothing
// more).
func TestAttritionOneStep57(t *testing.T) {
	for _, tc := range []struct {
		name, unit string
		flipped    bool
		now        string // the unit on the map afterwards
		nowFlipped bool
		vpLost     int
	}{
		{"full brigade flips", "11-ind", false, "11-ind", true, 0},
		{"flipped brigade becomes its remnant", "11-ind", true, "11-ind-r", false, 0},
		{"flipped 7 Ind becomes its 4-6 remnant", "7-ind", true, "7-ind-r", false, 0},
		{"5-6 remnant flips", "11-ind-r", false, "11-ind-r", true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := stateWith(t)
			s.Markers = [5]uint8{}
			u := f.place(tc.unit, "E-5")
			s.Pos.Units[u].Flipped, s.Pos.Units[u].Supply = tc.flipped, NoSupply
			vp := s.VP
			s.attrition()
			now := &s.Pos.Units[f.unit(tc.now)]
			if now.Loc != OnMap || now.Flipped != tc.nowFlipped || int(vp-s.VP) != tc.vpLost {
				t.Fatalf("%s: loc %d flipped %v, VP lost %d; want on the map, flipped %v, VP lost %d",
					tc.now, now.Loc, now.Flipped, vp-s.VP, tc.nowFlipped, tc.vpLost)
			}
			if !now.Disrupted || now.Supply != NoSupply {
				t.Errorf("%s: Disrupted %v, supply %d; want Disrupted with the No Supply marker", tc.now, now.Disrupted, now.Supply)
			}
		})
	}
}

// 2.2: Open City: possible with an Allied unit within 2 hexes; the Italian
// units in and next to Asmara surrender; Asmara is then worth 5 VP.
func TestOpenCity22(t *testing.T) {
	s, f := stateWith(t)
	in := f.place("11-ccnn", "J-19")
	next := f.place("iv-art", "I-18")
	far := f.place("cv-bn", "L-21")
	if s.openCityPossible() {
		t.Fatal("Open City possible with no Allied unit near")
	}
	f.place("cih", "L-20")
	if !s.openCityPossible() {
		t.Fatal("Open City refused with an Allied unit 2 hexes away")
	}
	s.declareOpenCity()
	if s.Pos.Units[in].Loc != Gone || s.Pos.Units[next].Loc != Gone || s.Pos.Units[far].Loc != OnMap {
		t.Fatal("wrong units surrendered")
	}
	vp := s.VP
	s.setFlag(s.d.town("asmara"), Allied)
	if s.VP != vp+5 {
		t.Fatalf("Open City Asmara gave %d VP, want 5", s.VP-vp)
	}
	if s.openCityPossible() {
		t.Error("Open City possible twice")
	}
}

// 1.6, 2.2, 5.5, ruling P19: an SD is a unit. Entering an Italian town it
// takes it (flag, VP), and the town's Town Supply ends for good (5.6);
// within 2 hexes of Asmara it lets Italy declare the Open City.
func TestSDIsAUnit(t *testing.T) {
	s, f := stateWith(t)
	sd := f.place("sd-1", "I-2")
	sab := s.d.town("sabderat")
	vp := s.VP
	executing(t, s, 36)
	do(t, s, Allied, "done") // no unit moves: the SD move
	do(t, s, Allied, "move sd-1 I-3")
	if s.Pos.Flags[sab] != BritishFlag || s.VP != vp+int8(s.d.Towns[sab].VP) {
		t.Errorf("an SD entered Sabderat: flag %d, VP %d→%d; want it taken", s.Pos.Flags[sab], vp, s.VP)
	}
	for _, src := range s.sources(Italian, false) {
		if src.town && src.hex == f.hex("I-3") {
			t.Fatal("Sabderat still gives Italian Town Supply")
		}
	}
	s.Pos.Units[sd].Hex = int16(f.hex("L-20"))
	if !s.openCityPossible() {
		t.Error("an SD two hexes from Asmara does not let Italy declare the Open City")
	}
}

// 2.2, ruling P20: only an Italian unit entering a hex adjacent to Asmara
// removes the Open City marker; an S Reinforcement placed in Asmara
// itself does not.
func TestOpenCityAdjacentOnly(t *testing.T) {
	s, f := stateWith(t)
	f.place("cih", "L-20")
	s.declareOpenCity()
	s.Turn = 5
	s.placeReinforcements(Italian, true) // 5.7a: XXII Art (3S) and CVI Col (5S) in Asmara
	if !s.Pos.at(f.unit("cvi-bn"), f.hex("J-19")) || s.OpenCity != OpenCityDeclared {
		t.Fatalf("CVI Col in Asmara: %v, Open City %d; want it placed and the marker kept", s.Pos.at(f.unit("cvi-bn"), f.hex("J-19")), s.OpenCity)
	}
	executing(t, s, 5)
	do(t, s, Italian, "move cvi-bn J-20")
	if s.OpenCity != OpenCityCancelled {
		t.Errorf("an Italian unit entered J-20, next to Asmara: Open City %d, want cancelled", s.OpenCity)
	}
}

// 5.7b: "It is your choice which units get to be Resupplied": one SD near
// three units, the player picks two; the third gets Low Supply.
func TestResupplyChoice57(t *testing.T) {
	s, f := stateWith(t)
	s.Markers, s.MarkerArrived = [5]uint8{}, [5]bool{true, true, true, true, true} // no FS or LS at all
	s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
	f.place("sd-1", "K-6")
	a, b, c := f.place("cih", "K-6"), f.place("skin", "K-7"), f.place("sdf", "K-5")
	s.Segment = 2
	s.draw() // the track is empty: the Supply Phase
	if s.Step != stResupply || s.Decider != Allied {
		t.Fatalf("step %d: the Allies should choose whom the SD resupplies", s.Step)
	}
	if got := legalTexts(s, Allied); len(got) != 3 {
		t.Fatalf("choices %v", got)
	}
	do(t, s, Allied, "choose skin")
	do(t, s, Allied, "choose sdf")
	if s.Step == stResupply && s.Decider == Allied {
		t.Fatal("a third unit could be chosen for a 2-unit SD")
	}
	if s.Pos.Units[b].Supply != Supplied || s.Pos.Units[c].Supply != Supplied || s.Pos.Units[a].Supply != LowSupply {
		t.Fatalf("supply %d %d %d", s.Pos.Units[a].Supply, s.Pos.Units[b].Supply, s.Pos.Units[c].Supply)
	}
}

// TestSupportedTracesWhatMatters: over random games, supported (which
// traces only the sources that can matter, netFor) says of every unit
// what the match on every source traced says (5.1, 5.2, 5.7b): of each
// unit alone, and of each side's units together.
func TestSupportedTracesWhatMatters(t *testing.T) {
	n := 0
	for _, s := range randomStates(t, 2) {
		for _, side := range []engine.Side{Allied, Italian} {
			units := s.resupplyUnits(side)
			for _, trucks := range []bool{false, true} {
				if got, want := s.supported(side, units, trucks), s.match(s.net(side, trucks), units); !slices.Equal(got, want) {
					t.Fatalf("GT%d side %d trucks %v: supported %v, match of the whole net %v", s.Turn, side, trucks, got, want)
				}
			}
			for _, u := range units {
				if got, want := s.supported(side, []int{u}, false)[0], s.match(s.net(side, false), []int{u})[0]; got != want {
					t.Fatalf("GT%d unit %s: supported %v, match of the whole net %v", s.Turn, s.d.Units[u].ID, got, want)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d checks", n)
	}
}

// 2.3, 7.6, ruling P10: a "4-6" remnant eliminated in a retreat costs 1
// VP however it goes: removed as Disrupted while trying to retreat, or
// with no hex to retreat into (here: no Allied source to trace from).
func TestRemnantEliminatedInRetreat23(t *testing.T) {
	for _, tc := range []struct {
		name      string
		disrupted bool
		noSources bool
	}{
		{"disrupted", true, false},
		{"no retreat hex", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := stateWith(t)
			r := f.place("7-ind-r", "E-5")
			s.Pos.Units[r].Disrupted = tc.disrupted
			if tc.noSources {
				s.Markers = [5]uint8{}
			}
			s.Attacker, s.Target = Italian, int16(f.hex("E-5"))
			vp := s.VP
			s.beginRetreat()
			if s.Pos.Units[r].Loc != Gone || s.VP != vp-1 {
				t.Fatalf("7-ind-r loc %d, VP %d → %d: want eliminated and 1 VP lost", s.Pos.Units[r].Loc, vp, s.VP)
			}
		})
	}
}

// 2.2, 4.3: a rail move from Massaua to Cheren passes J-20 and I-18, next
// to Asmara: re-entering a hex adjacent to Asmara cancels the Open City,
// though the unit stops far from it.
func TestRailPastAsmaraCancelsOpenCity22(t *testing.T) {
	s, f := stateWith(t)
	f.place("11-ccnn", "H-22")
	s.OpenCity = OpenCityDeclared
	s.Step, s.Decider = stRail, Italian
	do(t, s, Italian, "rail 11-ccnn F-14")
	if s.OpenCity != OpenCityCancelled {
		t.Fatalf("Open City state %d after a rail move past Asmara, want cancelled", s.OpenCity)
	}
}
