package primogenita

import (
	"slices"
	"testing"
)

// indiansAssault has 11, 9 and 10 Ind, placed in I-1, assault target
// under Order p (7.1): the opening of many tests below, once the
// defenders are placed.
func indiansAssault(t *testing.T, s *State, f *fixture, p int, target string) {
	t.Helper()
	for _, id := range []string{"11-ind", "9-ind", "10-ind"} {
		f.place(id, "I-1")
	}
	executing(t, s, p)
	do(t, s, Allied, "target "+target)
	for _, id := range []string{"11-ind", "9-ind", "10-ind"} {
		do(t, s, Allied, "fire "+id)
	}
}

// pushOnI3 has 11, 9 and 10 Ind in I-1 assault 6th Cavalry in I-2 under
// Order p, eliminate it on a Push result, advance 11 Ind into I-2 and Push
// on against 12 Col in I-3 (7.4: "advance and then do a Push against
// another hex instead").
func pushOnI3(t *testing.T, s *State, f *fixture, p int) {
	t.Helper()
	f.place("6-cav", "I-2")
	f.place("12-col", "I-3")
	indiansAssault(t, s, f, p, "I-2")
	dieNext(t, s, 2) // 24 vs 1: 5:1, a 2: 0-1 push; the cavalry is gone
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "move 11-ind I-2")
	do(t, s, Allied, "done")
	do(t, s, Allied, "target I-3")
}

// 7.1–7.3, 7.5: two brigades from two hexes (16) against 5 in the open:
// 3:1, one right for two hexes: 4:1; a 1 gives 1-Oc; the attacker chooses
// its loss; the defender counterattacks into an Entry hex (7.5 allows it)
// at plain odds.
func TestAssaultOcCounterattackIntoEntry(t *testing.T) {
	s, f := twoBrigadesOnI1(t)
	if sh := s.assaultShifts(); !sh.TwoHexes || FinalColumn(OddsColumn(16, 5), sh.Net()) != Odds4to1 {
		t.Fatalf("shifts %+v: want 3:1 and one right to 4:1", sh)
	}
	dieNext(t, s, 1)
	do(t, s, Allied, "resolve")
	if s.Step != stAsLoss || s.Decider != Allied {
		t.Fatalf("step %d: the attacker should choose its loss", s.Step)
	}
	do(t, s, Allied, "step 9-ind")
	if s.Step != stAsOc || s.Decider != Italian {
		t.Fatalf("step %d: the defender should answer the Oc", s.Step)
	}
	got := legalTexts(s, Italian)
	for _, want := range []string{"loss", "retreat", "counter west-kassala", "counter J-1"} {
		if !slices.Contains(got, want) {
			t.Errorf("Oc choices %v lack %q", got, want)
		}
	}
	dieNext(t, s, 6) // 5 vs 8: 1:2, a 6: 1-1
	do(t, s, Italian, "counter west-kassala")
	if !s.Pos.Units[f.unit("11-ind")].Flipped || !s.Pos.Units[f.unit("12-col")].Flipped {
		t.Fatal("the Counterattack's 1-1 did not take a step from each side")
	}
	if !s.Pos.Units[f.unit("9-ind")].Flipped {
		t.Error("the initial loss was not kept")
	}
	if s.Step != stChoose && s.Step != stRail && s.Orders[31].Where != OrdSheet {
		t.Errorf("the Limited Assault did not end (step %d)", s.Step)
	}
}

// twoBrigadesOnI1 is 7.1's case of two brigades from two hexes (11 Ind
// from West Kassala, 9 Ind from J-1: 16) assaulting 12 Col (5) in I-1 in
// a Limited Assault, ready to roll.
func twoBrigadesOnI1(t *testing.T) (*State, *fixture) {
	t.Helper()
	s, f := stateWith(t)
	f.place("11-ind", "west-kassala")
	f.place("9-ind", "J-1")
	f.place("12-col", "I-1")
	executing(t, s, 31)
	do(t, s, Allied, "target I-1")
	do(t, s, Allied, "fire 11-ind")
	do(t, s, Allied, "fire 9-ind")
	return s, f
}

// 5.2, 7.7: a defender eliminated by its own Support check leaves the hex
// vacant; the attacker may advance into it without a die roll.
func TestAdvanceIntoHexVacatedBySupportLoss(t *testing.T) {
	s, f := stateWith(t)
	s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
	f.place("cih", "B-4")
	d := f.place("6-cav", "B-3")
	s.Pos.Units[d].Supply = NoSupply
	executing(t, s, 31)
	do(t, s, Allied, "target B-3")
	do(t, s, Allied, "fire cih")
	epoch := s.Epoch()
	do(t, s, Allied, "resolve")
	if s.Pos.Units[d].Loc != Gone || s.Epoch() != epoch {
		t.Fatal("the defender was not eliminated by No Supply, or a die was rolled")
	}
	if !slices.Contains(legalTexts(s, Allied), "move cih B-3") {
		t.Fatalf("no advance offered: %v", legalTexts(s, Allied))
	}
	do(t, s, Allied, "move cih B-3")
	do(t, s, Allied, "done")
}

// 7.4, 7.6: a Push result within range of an FS: the attacker Pushes;
// the defender may stay (a second roll, no further Push) or retreat.
func TestPush74(t *testing.T) {
	s, f := stateWith(t)
	col := f.place("12-col", "I-2")
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, 3) // 24 vs 5: 4:1, a 3: 0-1 in the Push area
	do(t, s, Allied, "resolve")
	if !s.Pos.Units[col].Flipped || s.Step != stAsPush {
		t.Fatalf("step %d: want the defender's loss and the Push offered", s.Step)
	}
	do(t, s, Allied, "push")
	if got := legalTexts(s, Italian); !slices.Equal(got, []string{"stay", "retreat"}) {
		t.Fatalf("defender's answers %v", got)
	}
	do(t, s, Italian, "retreat")
	if got := legalTexts(s, Italian); !slices.Contains(got, "move 12-col I-3") || slices.Contains(got, "move 12-col I-1") {
		t.Fatalf("retreat hexes %v: want Sabderat, never the attackers' hex", got)
	}
	do(t, s, Italian, "move 12-col I-3")
	do(t, s, Allied, "move 11-ind I-2")
	do(t, s, Allied, "done")
	if int(s.Pos.Units[f.unit("11-ind")].Hex) != f.hex("I-2") {
		t.Fatal("no advance after the retreat")
	}

	// Staying: the Push is rolled; a Push cannot give another Push.
	g, gf := stateWith(t)
	gcol := gf.place("12-col", "I-2")
	indiansAssault(t, g, gf, 31, "I-2")
	dieNext(t, g, 3)
	do(t, g, Allied, "resolve")
	do(t, g, Allied, "push")
	dieNext(t, g, 3) // 24 vs 3: 5:1, a 3: 0-1 (gray, ignored in a Push)
	do(t, g, Italian, "stay")
	do(t, g, Allied, "halt 10-ind") // 7.4: some or all of the units
	do(t, g, Allied, "resolve")
	if g.Pos.Units[gcol].Loc != Gone || g.Pos.Units[gf.unit("12-col-r")].Loc != OnMap {
		t.Fatal("the Push's loss did not bring on the remnant")
	}
	if g.Step == stAsPush {
		t.Fatal("a Push was offered after a Push")
	}
}

// 7.6: retreating removes Artillery, Disrupted and No Supply units.
func TestRetreatRemovesArtilleryAndDisrupted(t *testing.T) {
	s, f := stateWith(t)
	f.place("12-col", "I-2")
	art := f.place("i-art", "I-2")
	dis := f.place("bande", "I-2")
	s.Pos.Units[dis].Disrupted = true
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, 4) // 24 vs 8: 3:1, one right (disrupted) to 4:1, a 4: 0-1 push
	do(t, s, Allied, "resolve")
	if s.Step == stAsLoss {
		do(t, s, Italian, "step 12-col")
	}
	do(t, s, Allied, "push")
	do(t, s, Italian, "retreat")
	if s.Pos.Units[art].Loc != Gone || s.Pos.Units[dis].Loc != Gone {
		t.Fatal("Artillery or Disrupted unit survived the retreat")
	}
}

// 7.4: a Push result after which the defender is gone: the attacker
// advances and Pushes another hex with the units that advanced.
func TestPushOnAfterElimination(t *testing.T) {
	s, f := stateWith(t)
	f.place("6-cav", "I-2")
	next := f.place("12-col", "I-3")
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, 2) // 24 vs 1: 5:1, a 2: 0-1 push; the cavalry is gone
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "move 11-ind I-2")
	do(t, s, Allied, "done")
	if got := legalTexts(s, Allied); !slices.Equal(got, []string{"target I-3", "pass"}) {
		t.Fatalf("after the advance: %v, want a Push on I-3 or settling", got)
	}
	do(t, s, Allied, "target I-3")
	do(t, s, Italian, "stay")
	if got := legalTexts(s, Allied); slices.Contains(got, "halt 9-ind") {
		t.Fatal("a unit that did not advance takes part in the Push")
	}
	dieNext(t, s, 6)
	do(t, s, Allied, "resolve") // 8 vs 5: 1:1, a 6: 0-1 (no further Push)
	if !s.Pos.Units[next].Flipped {
		t.Fatal("the Push on I-3 was not rolled with the unit that advanced")
	}
}

// 7.2 "Only consists of Artillery" (1 right): not a hex that also holds
// an SD, which is a unit (1.4) and not Artillery.
func TestOnlyArtilleryShift72(t *testing.T) {
	for _, tc := range []struct {
		name  string
		units []string
		want  bool
	}{
		{"artillery alone", []string{"art"}, true},
		{"artillery and SD", []string{"art", "sd-1"}, false},
		{"artillery and a brigade", []string{"art", "11-ind"}, false},
	} {
		s, f := stateWith(t)
		for _, id := range tc.units {
			f.place(id, "E-6")
		}
		s.Attacker = Italian
		if got := s.shiftsAt(f.hex("E-6"), nil).OnlyArtillery; got != tc.want {
			t.Errorf("%s: only-Artillery shift %v, want %v", tc.name, got, tc.want)
		}
	}
}

// 7.3 "1+" for the attacker (1:2, a 1: 1+-0): after the "1" on CIH, a
// step from the participating Artillery in its own hex, or, ruling P21,
// the attacker's Trench in a hex it assaulted from, the attacker choosing.
func TestAttackerOnePlus73(t *testing.T) {
	for _, tc := range []struct {
		name   string
		trench bool
	}{
		{"artillery only", false},
		{"artillery or trench", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := stateWith(t)
			art := f.place("art", "I-1")
			f.place("cih", "I-1")
			f.place("12-col", "I-2")
			if tc.trench {
				s.dig(Allied, f.hex("I-1"))
			}
			executing(t, s, 31)
			do(t, s, Allied, "target I-2")
			do(t, s, Allied, "fire cih")
			do(t, s, Allied, "fire art")
			dieNext(t, s, 1) // 3 vs 5: 1:2, a 1: 1+-0
			do(t, s, Allied, "resolve")
			if !tc.trench {
				if s.Pos.Units[art].Loc != Gone {
					t.Fatal("the attacker's Artillery kept its step on a 1+")
				}
				return
			}
			if got := legalTexts(s, Allied); s.Step != stAsPlus || !slices.Equal(got, []string{"step art", "trench I-1"}) {
				t.Fatalf("step %d, choices %v: want the Artillery step or the Trench in I-1", s.Step, got)
			}
			do(t, s, Allied, "trench I-1")
			if s.Pos.HasTrench(f.hex("I-1")) || s.Pos.Units[art].Loc != OnMap {
				t.Fatal("the Trench was not removed instead of the Artillery step")
			}
		})
	}
}

// ocToCounter: 11 Ind (West Kassala) and 9 Ind (J-1) against 12 Col in
// I-1 with the given other defenders (Disrupted if disrupted): a 1-Oc;
// the attacker takes its loss and the defender is to answer the Oc.
func ocToCounter(t *testing.T, disrupted bool, others ...string) (*State, *fixture) {
	t.Helper()
	s, f := stateWith(t)
	f.place("11-ind", "west-kassala")
	f.place("9-ind", "J-1")
	f.place("12-col", "I-1")
	for _, id := range others {
		s.Pos.Units[f.place(id, "I-1")].Disrupted = disrupted
	}
	executing(t, s, 31)
	do(t, s, Allied, "target I-1")
	do(t, s, Allied, "fire 11-ind")
	do(t, s, Allied, "fire 9-ind")
	if len(others) == 0 {
		dieNext(t, s, 1) // 16 vs 5: 3:1, two hexes: 4:1, a 1: 1-Oc
	} else {
		dieNext(t, s, 2) // 16 vs 10: 1:1, two hexes and Disrupted: 3:1, a 2: 1-Oc
	}
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "step 9-ind")
	if s.Step != stAsOc {
		t.Fatalf("step %d: want the defender's Oc", s.Step)
	}
	return s, f
}

// 7.5, 7.3: a Counterattack's loss falls only on the units that made it:
// not on the Disrupted 2 Col of the counterattacking hex.
func TestCounterLossNotOnDisrupted75(t *testing.T) {
	s, f := ocToCounter(t, true, "2-col")
	dieNext(t, s, 6) // 5 vs 8: 1:2, a 6: 1-1
	do(t, s, Italian, "counter west-kassala")
	if s.Step == stAsLoss && slices.Contains(legalTexts(s, Italian), "step 2-col") {
		t.Fatal("the Disrupted 2 Col may take the Counterattack's loss")
	}
	if !s.Pos.Units[f.unit("12-col")].Flipped || s.Pos.Units[f.unit("2-col")].Flipped {
		t.Fatal("the loss did not fall on 12 Col, which counterattacked")
	}
}

// 7.5 in a Push: the Counterattack counts "all non-Artillery units in the
// opponent's hex that participated in the initial Assault": 9 and 10 Ind,
// left out of the Push, too (22, not 6).
func TestCounterInPushCountsInitialUnits75(t *testing.T) {
	s, f := stateWith(t)
	f.place("12-col", "I-2")
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, 3) // 24 vs 5: 4:1, a 3: 0-1 push
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "push")
	do(t, s, Italian, "stay")
	do(t, s, Allied, "halt 9-ind")
	do(t, s, Allied, "halt 10-ind")
	dieNext(t, s, 2) // 8 vs 3: 2:1, a 2: 1-Oc
	do(t, s, Allied, "resolve")
	if s.Step != stAsOc {
		t.Fatalf("step %d: want the defender's Oc in the Push", s.Step)
	}
	s.SetLogging(true)
	do(t, s, Italian, "counter I-1")
	var their string
	for _, e := range s.TakeLog() {
		if e.Key == "counterattack" {
			their = e.Args[2]
		}
	}
	if their != "22" {
		t.Fatalf("the Counterattack counted %s of the Allied strength, want 22 (6 + 8 + 8)", their)
	}
}

// Order 44 after the initial result is answered by a Counterattack (an
// Oc, or Order 13): once its losses are applied, Stand Fast may still put
// a Trench in the defending hex (ruling P22).
func TestStandFastAfterCounterattack44(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T) (*State, string)
	}{
		{"Oc", func(t *testing.T) (*State, string) {
			s, _ := ocToCounter(t, false)
			s.Orders[44].Where = OrdBox
			dieNext(t, s, 1) // 5 vs 8: 1:2, a 1: 1+-0
			do(t, s, Italian, "counter west-kassala")
			return s, "I-1"
		}},
		{"Order 13", func(t *testing.T) (*State, string) {
			s, _ := comboAssault(t, 3, 13, 44) // 24 vs 5: 4:1, a 3: 0-1 push
			do(t, s, Italian, "declare 13")
			dieNext(t, s, 1) // 3:1, a 1: 1-0
			do(t, s, Italian, "counter I-1")
			return s, "I-2"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, hex := tc.setup(t)
			if got := legalTexts(s, Italian); !slices.Contains(got, "declare 44") {
				t.Fatalf("step %d: Stand Fast not offered after the Counterattack: %v", s.Step, got)
			}
			do(t, s, Italian, "declare 44")
			if !s.Pos.HasTrench(s.d.HexIndex(hex)) || s.Step == stAsWin {
				t.Fatal("no Trench in the defending hex, or the window stayed open")
			}
		})
	}
}

// Order 13 may be declared on the initial Push result even when the
// Allies could not Push (no FS or loaded SD in range) (ruling P24).
func TestCounterattack13WithoutPushSupply(t *testing.T) {
	s, f := stateWith(t)
	s.Markers = [5]uint8{} // no Allied FS
	f.place("12-col", "I-2")
	s.Orders[13].Where = OrdBox
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, 3) // 24 vs 5: 4:1, a 3: 0-1 push
	do(t, s, Allied, "resolve")
	if got := legalTexts(s, Italian); !slices.Contains(got, "declare 13") {
		t.Fatalf("step %d: Order 13 not offered on a Push result: %v", s.Step, got)
	}
	do(t, s, Italian, "pass")
	if s.Step == stAsPush {
		t.Fatal("a Push offered with no FS or loaded SD in range")
	}
}

// Order 44 concerns the defending hex of the initial combat: a Push on
// another hex after the advance offers no Stand Fast there (ruling P23).
func TestNoStandFastOnPushOn44(t *testing.T) {
	s, f := stateWith(t)
	s.Orders[44].Where = OrdBox
	pushOnI3(t, s, f, 31)
	if got := legalTexts(s, Italian); !slices.Equal(got, []string{"stay", "retreat"}) {
		t.Fatalf("after a Push on another hex: %v, want only stay or retreat", got)
	}
}

// 7.4: with no FS in range and two loaded SD, the attacker chooses which
// one its Push depletes.
func TestPushChoosesSD74(t *testing.T) {
	s, f := stateWith(t)
	s.Markers = [5]uint8{} // no Allied FS
	one, two := f.place("sd-1", "J-1"), f.place("sd-2", "J-1")
	f.place("12-col", "I-2")
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, 3) // 24 vs 5: 4:1, a 3: 0-1 push
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "push")
	if got := legalTexts(s, Allied); !slices.Equal(got, []string{"deplete sd-1", "deplete sd-2"}) {
		t.Fatalf("step %d: %v, want the choice of the SD to deplete", s.Step, got)
	}
	do(t, s, Allied, "deplete sd-2")
	if !s.Pos.Units[two].Flipped || s.Pos.Units[one].Flipped || s.Step != stAsStay {
		t.Fatal("the wrong SD depleted, or the defender not asked to stay")
	}
}

// 7.1: units of the initial Assault that stay behind when the others
// advance and Push on have assaulted in this Order: a Full Assault does
// not let them assault again.
func TestPushOnLeavesOthersAssaulted71(t *testing.T) {
	s, f := stateWith(t)
	f.place("2-col", "J-1")
	pushOnI3(t, s, f, 9)
	do(t, s, Italian, "stay")
	dieNext(t, s, 1) // 8 vs 5: 1:1, a 1: 1-0
	do(t, s, Allied, "resolve")
	if s.Step != stAsTarget {
		t.Fatalf("step %d: want the next Assault of the Full Assault", s.Step)
	}
	if got := legalTexts(s, Allied); slices.Contains(got, "target J-1") {
		t.Fatalf("9 and 10 Ind may assault a second time: %v", got)
	}
}

// 5.5: after an Assault on a hex of SD only, the SD left go to "any
// adjacent hex they are allowed to enter": by movement's test, so into
// Sabderat, an Italian town 7.6 would close to a retreat, which the SD
// takes as any Allied unit entering it (1.6, 2.2; rulings P19, P27);
// with no such hex the SD is eliminated (ruling P27: R-28's only other
// way for a Mobile unit is the attacker's hex).
func TestSDOnlyHexSurvivors55(t *testing.T) {
	for _, tc := range []struct {
		name, sds, attacker, to string
		town                    string // the Italian town the SD takes, or ""
	}{
		{"into an Italian town", "I-2", "J-2", "I-3", "sabderat"},
		{"nowhere to go", "R-28", "Q-27", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := stateWith(t)
			f.place("sd-1", tc.sds)
			two := f.place("sd-2", tc.sds)
			f.place("12-col", tc.attacker)
			executing(t, s, 19)
			do(t, s, Italian, "target "+tc.sds)
			do(t, s, Italian, "fire 12-col")
			do(t, s, Italian, "resolve")
			do(t, s, Allied, "step sd-1")
			if tc.to == "" {
				if s.Pos.Units[two].Loc != Gone {
					t.Fatal("the SD with no hex to enter stayed")
				}
				return
			}
			if got := legalTexts(s, Allied); !slices.Contains(got, "move sd-2 "+tc.to) {
				t.Fatalf("where sd-2 may go: %v, want %s among them", got, tc.to)
			}
			vp := s.VP
			do(t, s, Allied, "move sd-2 "+tc.to)
			if !s.Pos.at(two, f.hex(tc.to)) || !s.Pos.Units[two].Flipped {
				t.Fatal("sd-2 did not move, depleted")
			}
			if tc.town != "" {
				town := s.d.town(tc.town)
				if s.Pos.Flags[town] != BritishFlag || s.VP != vp+int8(s.d.Towns[town].VP) {
					t.Errorf("%s flag %d, VP %d -> %d: the SD entering it did not take it (1.6, 2.2, ruling P27)", tc.town, s.Pos.Flags[town], vp, s.VP)
				}
			}
		})
	}
}

// 1.4, 7.5: a remnant that replaces an attacker in the initial result's
// loss is still a unit that assaulted: 9 Ind, already flipped, becomes
// 9 Ind remnant in J-1 on the "1" of a 1-Oc, and Italy may counterattack
// J-1, where the loss falls on the remnant.
func TestRemnantStillAssaulted75(t *testing.T) {
	s, f := twoBrigadesOnI1(t)
	s.Pos.Units[f.unit("9-ind")].Flipped = true
	dieNext(t, s, 2) // 14 vs 5: 2:1, one right for two hexes: 3:1, a 2: 1-Oc
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "step 9-ind")
	rem := f.unit("9-ind-r")
	if s.Pos.Units[rem].Loc != OnMap || !s.Firing[rem] {
		t.Fatal("the remnant does not stand for 9 Ind in the Assault")
	}
	if !slices.Contains(legalTexts(s, Italian), "counter J-1") {
		t.Fatalf("Oc choices %v: J-1 holds the remnant of a unit that assaulted", legalTexts(s, Italian))
	}
}
