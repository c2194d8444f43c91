package primogenita

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// comboAssault: three Indian brigades (24) at Kassala against the 12th
// Colonial Brigade (5) at I-2, Air units on the base, the Orders given in
// their boxes; the Limited Assault is declared and the units chosen.
func comboAssault(t *testing.T, die int, box ...int) (*State, *fixture) {
	s, f := stateWith(t)
	f.place("12-col", "I-2")
	s.Pos.Units[f.unit("air-2")].Loc = OnBase
	for _, p := range box {
		s.Orders[p].Where = OrdBox
	}
	indiansAssault(t, s, f, 31, "I-2")
	dieNext(t, s, die)
	do(t, s, Allied, "resolve")
	return s, f
}

// Order 42 with two Air units: two columns right in one Assault; Heroic
// Defense (17) takes one back; 7.2: shifts are netted.
func TestAirstrike42TwoShifts(t *testing.T) {
	s, _ := comboAssault(t, 1, 42, 17)
	if got := legalTexts(s, Allied); !slices.Equal(got, []string{"declare 42", "declare 42 split", "pass"}) {
		t.Fatalf("Allied window: %v", got)
	}
	do(t, s, Allied, "declare 42")
	if s.OrderShift != 2 {
		t.Fatalf("two Air units gave %d shifts, want 2", s.OrderShift)
	}
	do(t, s, Italian, "declare 17")
	if s.OrderShift != 1 {
		t.Fatalf("Heroic Defense: net %d, want 1", s.OrderShift)
	}
}

// 3.3: a Combination Order still on the Order Track cannot be declared.
func TestComboOnTrackUnusable(t *testing.T) {
	s, f := stateWith(t)
	_ = f
	s.Orders[42].Where = OrdTrack
	if got := s.windowOrders(winAllied); len(got) != 0 {
		t.Fatalf("declarable from the track: %v", got)
	}
}

// Order 18: every defender retreats, Artillery and Disrupted units too;
// no Support, no die; the Allies may advance.
func TestRetreat18(t *testing.T) {
	s, f := stateWith(t)
	for _, id := range []string{"11-ind", "9-ind"} {
		f.place(id, "I-1")
	}
	f.place("12-col", "I-2")
	art := f.place("i-art", "I-2")
	s.Pos.Units[art].Disrupted = true
	s.Orders[18].Where = OrdBox
	executing(t, s, 31)
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire 11-ind")
	epoch := s.Epoch()
	do(t, s, Allied, "resolve")
	do(t, s, Italian, "declare 18")
	for s.Step == stAsRetreat {
		l := s.Legal(Italian, nil)
		do(t, s, Italian, s.EncodeAction(l[0]))
	}
	if s.Pos.Units[art].Loc != OnMap || int(s.Pos.Units[art].Hex) == f.hex("I-2") || s.Epoch() != epoch {
		t.Fatal("the Artillery did not retreat, or a die was rolled")
	}
	if !slices.Contains(legalTexts(s, Allied), "move 11-ind I-2") {
		t.Fatal("no advance after Order 18")
	}
}

// Order 14: with the Matildas in the Assault, a Push regardless of the
// result. Order 44: after the initial losses, a Trench in the hex.
func TestMatildasAndStandFast(t *testing.T) {
	s, f := stateWith(t)
	for _, id := range []string{"11-ind", "matilda"} {
		f.place(id, "I-1")
	}
	f.place("12-col", "I-2")
	f.place("2-col", "I-2")
	s.Orders[14].Where = OrdBox
	s.Orders[44].Where = OrdBox
	executing(t, s, 31)
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire 11-ind")
	do(t, s, Allied, "fire matilda")
	dieNext(t, s, 1) // 11 vs 10: 1:1, a 1: 1-0, no Push
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "declare 14")
	for s.Step == stAsLoss {
		do(t, s, s.Decider, s.EncodeAction(s.Legal(s.Decider, nil)[0]))
	}
	if s.Step != stAsPush {
		t.Fatalf("step %d: Matildas should give the Push option", s.Step)
	}
	do(t, s, Allied, "push")
	do(t, s, Italian, "declare 44")
	if !s.Pos.HasTrench(f.hex("I-2")) || s.Step != stAsStay {
		t.Fatal("Stand Fast placed no Trench, or the defender was not asked to stay")
	}
}

// Order 13: when the Allies get a Push, the Italians counterattack at 3:1
// instead.
func TestCounterattack13(t *testing.T) {
	s, _ := comboAssault(t, 3, 13) // 24 vs 5: 4:1, a 3: 0-1 push
	for s.Step == stAsLoss {
		do(t, s, s.Decider, s.EncodeAction(s.Legal(s.Decider, nil)[0]))
	}
	if !slices.Contains(legalTexts(s, Italian), "declare 13") {
		t.Fatalf("Order 13 not offered: step %d %v", s.Step, legalTexts(s, s.Decider))
	}
	do(t, s, Italian, "declare 13")
	dieNext(t, s, 6) // 3:1, a 6: 0-1+
	do(t, s, Italian, "counter I-1")
	if s.Step == stAsPush {
		t.Fatal("the Push survived the Counterattack")
	}
}

// Order 41: before the move, a single stack assaults; neither side checks
// Support for the combat, but the unit that Overruns takes part in the
// Move Order and checks for it when named (ruling P7), once: it may still
// move afterwards, without a second check.
func TestOverrun41(t *testing.T) {
	s, f := stateWith(t)
	s.Markers = [5]uint8{} // no Allied supply: a Support check marks the unit
	s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
	u := f.place("cih", "E-5")
	d := f.place("6-cav", "E-6")
	s.Orders[41].Where = OrdBox
	executing(t, s, 36)
	do(t, s, Allied, "declare 41")
	do(t, s, Allied, "target E-6")
	do(t, s, Allied, "fire cih")
	dieNext(t, s, 6) // 2 vs 1: 2:1, a 6: 0-1 push
	do(t, s, Allied, "resolve")
	if s.Pos.Units[u].Supply != LowSupply {
		t.Error("the unit that Overruns did not check Support for the Move Order (Order 41, ruling P7)")
	}
	if s.Pos.Units[d].Supply != Supplied {
		t.Error("the Italian defender checked Support (Order 41: neither side checks for the Overrun combat)")
	}
	for s.Step != stMove {
		l := s.Legal(s.Decider, nil)
		do(t, s, s.Decider, s.EncodeAction(l[len(l)-1]))
	}
	i := slices.IndexFunc(legalTexts(s, Allied), func(a string) bool { return len(a) > 9 && a[:9] == "move cih " })
	if i < 0 {
		t.Fatalf("the overrunning unit may not move afterwards: %v", legalTexts(s, Allied))
	}
	do(t, s, Allied, legalTexts(s, Allied)[i])
	if s.Pos.Units[u].Supply != LowSupply {
		t.Error("the unit that Overran checked Support again when it moved (one check in the Order)")
	}
}

// Order 41 after the move: a unit that Overruns without having moved
// checks when named; one that moved has checked already.
func TestOverrunAfterMove41(t *testing.T) {
	for _, moved := range []bool{false, true} {
		s, f := stateWith(t)
		s.Markers = [5]uint8{}
		s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
		u := f.place("cih", "E-4")
		f.place("6-cav", "E-6")
		s.Orders[41].Where = OrdBox
		executing(t, s, 36)
		if moved {
			do(t, s, Allied, "move cih E-5")
			do(t, s, Allied, "halt cih")
		} else {
			s.Pos.Units[u].Hex = int16(f.hex("E-5"))
		}
		do(t, s, Allied, "done") // the units
		do(t, s, Allied, "done") // the SD
		do(t, s, Allied, "declare 41")
		do(t, s, Allied, "target E-6")
		do(t, s, Allied, "fire cih")
		dieNext(t, s, 6)
		do(t, s, Allied, "resolve")
		if s.Pos.Units[u].Supply != LowSupply {
			t.Errorf("moved %v: supply %d, want Low (one check in the Move Order)", moved, s.Pos.Units[u].Supply)
		}
	}
}

// 3.3's example: a Full Assault Order permits several Assaults, but a
// Combination Order gives its bonus to one of them only.
func TestFullAssaultComboOnce33(t *testing.T) {
	s := twoAssaults(t, 17)
	if !slices.Contains(legalTexts(s, Italian), "declare 17") {
		t.Fatal("Heroic Defense not offered in the first Assault")
	}
	do(t, s, Italian, "declare 17")
	secondAssault(t, s)
	if s.Step == stAsWin {
		t.Fatalf("a Combination Order offered again in the second Assault: %v", legalTexts(s, s.Decider))
	}
}

// Order 42 with two Air units may give one shift in each of two Assaults
// of a Full Assault (ruling P16).
func TestAirstrike42Split(t *testing.T) {
	s := twoAssaults(t, 42)
	do(t, s, Allied, "declare 42 split")
	if s.OrderShift != 1 || s.AirHeld != 1 {
		t.Fatalf("split: shift %d held %d", s.OrderShift, s.AirHeld)
	}
	secondAssault(t, s)
	do(t, s, Allied, "declare 42 held")
	if s.OrderShift != 1 || s.AirHeld != 0 {
		t.Fatalf("held: shift %d held %d", s.OrderShift, s.AirHeld)
	}
}

// twoAssaults: a Full Assault (9) with two Italian hexes to assault, the
// Combination Order given in its box and both Air units on the base; the
// first Assault (11 Ind on I-2) is resolved up to its first window.
func twoAssaults(t *testing.T, box int) *State {
	s, f := stateWith(t)
	for _, id := range []string{"11-ind", "9-ind"} {
		f.place(id, "I-1")
	}
	f.place("10-ind", "K-3")
	f.place("12-col", "I-2")
	f.place("2-col", "J-3")
	s.Pos.Units[f.unit("air-2")].Loc = OnBase
	s.Orders[box].Where = OrdBox
	executing(t, s, 9)
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire 11-ind")
	do(t, s, Allied, "resolve")
	return s
}

// secondAssault plays the first Assault out and starts the second (10 Ind
// on J-3).
func secondAssault(t *testing.T, s *State) {
	for s.Step != stAsTarget {
		l := s.Legal(s.Decider, nil)
		do(t, s, s.Decider, s.EncodeAction(l[len(l)-1]))
	}
	do(t, s, Allied, "target J-3")
	do(t, s, Allied, "fire 10-ind")
	do(t, s, Allied, "resolve")
}

// Order 41: a single unit or stack assaults, and Artillery only with a
// non-Artillery unit (7.1): Artillery standing alone next to the target is
// not offered, for choosing it would leave the Assault with no way on (a
// dead end met in a computer game: "side 0 chose op0: illegal action").
// Artillery stacked with a unit that may assault is offered.
func TestOverrunArtilleryAlone41(t *testing.T) {
	s, f := stateWith(t)
	f.place("art", "E-7")
	f.place("cih", "E-5")
	f.place("4-ra-1", "E-5")
	f.place("6-cav", "E-6")
	s.Orders[41].Where = OrdBox
	executing(t, s, 36)
	do(t, s, Allied, "declare 41")
	do(t, s, Allied, "target E-6")
	if got := legalTexts(s, Allied); !slices.Equal(got, []string{"fire cih", "fire 4-ra-1"}) && !slices.Equal(got, []string{"fire 4-ra-1", "fire cih"}) {
		t.Fatalf("units offered for the Overrun: %v, want cih and the artillery stacked with it", got)
	}
	do(t, s, Allied, "fire 4-ra-1")
	if got := legalTexts(s, Allied); !slices.Equal(got, []string{"fire cih"}) {
		t.Fatalf("after the stacked artillery: %v, want only cih", got)
	}
}

// Orders 41, 7.4: a unit left out of the Push of an Overrun declared
// before the move may still move afterwards.
func TestOverrunPushHaltedMayMove41(t *testing.T) {
	s, f := stateWith(t)
	for _, id := range []string{"11-ind", "9-ind"} {
		f.place(id, "I-1")
	}
	f.place("12-col", "I-2")
	s.Orders[41].Where = OrdBox
	executing(t, s, 36)
	do(t, s, Allied, "declare 41")
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire 11-ind")
	do(t, s, Allied, "fire 9-ind")
	dieNext(t, s, 4) // 16 vs 5: 3:1, a 4: 0-1 push
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "push")
	do(t, s, Italian, "stay")
	do(t, s, Allied, "halt 9-ind")
	dieNext(t, s, 1)
	do(t, s, Allied, "resolve")
	for s.Step != stMove {
		l := s.Legal(s.Decider, nil)
		do(t, s, s.Decider, s.EncodeAction(l[len(l)-1]))
	}
	if !slices.ContainsFunc(legalTexts(s, Allied), func(a string) bool { return strings.HasPrefix(a, "move 9-ind ") }) {
		t.Fatalf("9 Ind, left out of the Push, may not move afterwards: %v", legalTexts(s, Allied))
	}
}

// 7.1 with Order 14: "An Artillery unit may only Assault if a non-Artillery
// unit participates": when the "1" of a 1-1 removes the Matilda, the
// Artillery left may not Push; a Matilda that is only flipped still may.
func TestMatildasPushNeedsNonArtillery(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		s, f := stateWith(t)
		m := f.place("matilda", "I-1")
		s.Pos.Units[m].Flipped = flipped
		f.place("4-ra-1", "I-1")
		f.place("4-ra-2", "I-1")
		f.place("12-col", "I-2")
		s.Orders[14].Where = OrdBox
		s.SetLogging(true)
		executing(t, s, 31)
		for _, a := range []string{"target I-2", "fire matilda", "fire 4-ra-1", "fire 4-ra-2"} {
			do(t, s, Allied, a)
		}
		dieNext(t, s, 5) // 7 or 6 against 5: 1:1, a 5: 1-1
		do(t, s, Allied, "resolve")
		do(t, s, Allied, "declare 14")
		gone := s.Pos.Units[m].Loc == Gone
		if gone != flipped {
			t.Fatalf("matilda flipped %v: eliminated %v by the 1-1", flipped, gone)
		}
		offered := s.Step == stAsPush
		off := slices.ContainsFunc(s.TakeLog(), func(e engine.LogEntry) bool { return e.Key == "push-off" && e.Rule == "7.1" })
		if offered == gone || off != gone {
			t.Errorf("matilda eliminated %v: Push offered %v, logged off %v; want a Push only with a non-Artillery unit left (7.1)", gone, offered, off)
		}
	}
}
