package primogenita

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// noSupply takes every supply source away from both sides: no Allied LS
// or FS, no Italian source, every Italian town flagged.
func noSupply(s *State) {
	s.Markers = [5]uint8{}
	s.ItalianLost = [MaxSources]bool{true, true, true, true, true}
	for t := range s.d.Towns {
		if !s.d.Towns[t].AlliedAtStart {
			s.Pos.Flags[t] = ItalianFlag
		}
	}
}

// supplyOf is the supply marker of each unit named.
func supplyOf(s *State, f *fixture, ids ...string) []uint8 {
	var out []uint8
	for _, id := range ids {
		out = append(out, s.Pos.Units[f.unit(id)].Supply)
	}
	return out
}

// stepTaken says what loseStep does (1.4): the prediction of a Support
// check's step loss (5.2) is the step loss it makes.
func TestStepTakenIsLoseStep(t *testing.T) {
	for _, tc := range []struct {
		unit    string
		flipped bool
	}{{"11-ind", false}, {"11-ind", true}, {"11-ind-r", false}, {"11-ind-r", true}, {"7-ind", true}, {"7-ind-r", false}, {"cih", false}, {"12-col", true}} {
		s, f := stateWith(t)
		u := f.place(tc.unit, "E-5")
		s.Pos.Units[u] = UnitState{Loc: OnMap, Hex: s.Pos.Units[u].Hex, Flipped: tc.flipped, Disrupted: true, Supply: NoSupply}
		v, want := s.d.stepTaken(u, s.Pos.Units[u])
		s.loseStep(u, "5.2")
		if v < 0 {
			if s.Pos.Units[u].Loc != Gone {
				t.Errorf("%s flipped %v: predicted eliminated, still on the map", tc.unit, tc.flipped)
			}
			continue
		}
		if got := s.Pos.Units[v]; got != want || v != u && s.Pos.Units[u].Loc != Gone {
			t.Errorf("%s flipped %v: predicted %s %+v, got %+v", tc.unit, tc.flipped, s.d.Units[v].ID, want, got)
		}
	}
}

// 5.5, ruling P18: one SD supports 2 units in a Main Order, the units it
// supported earlier in the Order counting against it; the count starts
// again with the next Main Order.
func TestSupportCapacityPerOrder(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	f.place("sd-1", "K-6")
	for _, id := range []string{"cih", "skin", "sdf"} {
		f.place(id, "K-6")
	}
	executing(t, s, 36)
	for _, m := range []string{"move cih K-7", "halt cih", "move skin K-5", "halt skin", "move sdf K-7", "halt sdf"} {
		do(t, s, Allied, m)
	}
	if got := supplyOf(s, f, "cih", "skin", "sdf"); !slices.Equal(got, []uint8{Supplied, Supplied, LowSupply}) {
		t.Fatalf("one SD, three units moving in one Full Move: supply %v, want the third unsupported", got)
	}
	do(t, s, Allied, "done") // the SD move
	do(t, s, Allied, "done")
	executing(t, s, 26)
	do(t, s, Allied, "move sdf K-6")
	if got := supplyOf(s, f, "sdf"); got[0] != LowSupply {
		t.Fatalf("sdf %d: supplied in the next Main Order, want Low Supply kept (5.2: only Resupply removes it)", got[0])
	}
	if !s.Checked[f.unit("sdf")] || s.ServedBy[f.unit("sdf")] == 0 || s.ServedBy[f.unit("cih")] != 0 {
		t.Fatal("the next Main Order's record: sdf not served by the SD, or cih still counted")
	}
}

// Ruling P18: a unit is supported if some assignment serves it and every
// unit already served: sd-1 reaches all three hexes, sd-2 only K-5, so
// the unit in K-5 moves over to sd-2 and all three are supported; then a
// fourth unit is supported in K-5 (sd-2's slot left), not in K-7.
func TestSupportCapacityMatching(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	f.place("sd-1", "K-6")
	f.place("sd-2", "K-3") // within 2mp of K-5 only, of the three hexes
	for _, m := range []struct{ id, hex string }{{"skin", "K-5"}, {"sdf", "K-7"}, {"cih", "K-6"}} {
		f.place(m.id, m.hex)
	}
	executing(t, s, 36)
	for _, id := range []string{"skin", "sdf", "cih"} {
		if _, ok := s.checkSupport(f.unit(id)); !ok {
			t.Fatalf("%s unsupported with two SD for three units", id)
		}
	}
	if ok, _ := s.supportFor(f.place("11-ind", "K-5")); !ok {
		t.Error("a fourth unit in K-5 unsupported with a slot left on sd-2")
	}
	if ok, _ := s.supportFor(f.place("11-ind", "K-7")); ok {
		t.Error("a fourth unit in K-7 supported: sd-1 serves three")
	}
}

// 5.6, ruling P18: an Italian town supports 4 units in an Assault Order,
// the defenders of every Assault of a Full Assault together.
func TestTownCapacityPerOrder(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	s.Pos.Flags[s.d.town("om-ager")] = NoFlag
	executing(t, s, 9)
	for k, id := range []string{"12-col", "2-col", "42-col", "4-col", "16-col"} {
		u := f.place(id, "R-6")
		s.checkDefender(u)
		want := uint8(Supplied)
		if k == 4 {
			want = LowSupply
		}
		if got := s.Pos.Units[u].Supply; got != want {
			t.Fatalf("defender %d (%s) supply %d, want %d: the town serves 4 units in the Order", k+1, id, got, want)
		}
	}
	s.checkDefender(f.unit("12-col")) // the same defender again: its own slot, not a fifth
	if s.Pos.Units[f.unit("12-col")].Supply != Supplied {
		t.Fatal("a defender checking again competed with itself")
	}
	s.Pos.Units[f.unit("12-col")].Hex = int16(f.hex("E-5")) // out of the town's reach
	s.checkDefender(f.unit("12-col"))
	s.Pos.Units[f.unit("16-col")].Supply = Supplied
	if s.checkDefender(f.unit("16-col")); s.Pos.Units[f.unit("16-col")].Supply != Supplied {
		t.Fatal("a defender no longer served kept its place in the town's 4")
	}
}

// 4.1, 5.2: the Support check is the first thing a unit does; the move
// allowance is the one it has after it. A Low Supply unit that fails its
// check moves as No Supply (halved); a Supplied one that fails it gets
// Low Supply and keeps its allowance; a unit the check leaves nothing to
// move with is not offered at all.
func TestAllowanceAfterSupport(t *testing.T) {
	for _, tc := range []struct {
		name   string
		order  int
		unit   string
		from   string
		to     string
		supply uint8
		disr   bool
		left   int // half mp left after the step; -1: the unit is not offered
	}{
		{"Full Move, Low to No Supply: 8mp halved", 36, "cih", "E-5", "E-6", LowSupply, false, 4 * MP},
		{"Full Move, Supplied to Low: 8mp", 36, "cih", "E-5", "E-6", Supplied, false, 8 * MP},
		{"Tactical Move, Low to No Supply: Mobile 1mp", 11, "cih", "E-5", "E-6", LowSupply, false, 1 * MP},
		{"Mobile Move, Disrupted Foot, Low to No Supply: nothing left", 29, "12-col", "E-5", "E-6", LowSupply, true, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := stateWith(t)
			noSupply(s)
			u := f.place(tc.unit, tc.from)
			s.Pos.Units[u].Supply, s.Pos.Units[u].Disrupted = tc.supply, tc.disr
			executing(t, s, tc.order)
			move := "move " + tc.unit + " " + tc.to
			if tc.left < 0 {
				if slices.Contains(legalTexts(s, s.Decider), move) || s.View(s.Decider, "en").(View).Reach[tc.unit] != nil {
					t.Fatalf("offered %q though its check leaves it nothing to move with", move)
				}
				return
			}
			if _, ok := s.View(s.Decider, "en").(View).Reach[tc.unit]; !ok {
				t.Fatal("no reach shown")
			}
			cost, _, _ := s.d.EnterCost(&s.Pos, s.moverOf(u), f.hex(tc.from), f.hex(tc.to))
			do(t, s, s.Decider, move)
			if want := tc.left - cost; int(s.MoverLeft) != max(want, 0) {
				t.Errorf("half mp left %d, want %d - %d", s.MoverLeft, tc.left, cost)
			}
		})
	}
}

// 5.2: a unit its Support check replaces by its remnant keeps its place
// in the Order: in a Move Order the remnant moves on (one check, one step,
// the remnant's allowance, halved for No Supply, and no second start).
func TestRemnantMovesOn(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	u := f.place("11-ind", "E-5")
	s.Pos.Units[u].Flipped, s.Pos.Units[u].Supply = true, NoSupply
	r := f.unit("11-ind-r")
	vp := s.VP
	executing(t, s, 36)
	do(t, s, Allied, "move 11-ind E-6")
	cost, _, _ := s.d.EnterCost(&s.Pos, s.moverOf(r), f.hex("E-5"), f.hex("E-6"))
	if st := s.Pos.Units[r]; int(s.Mover) != r || st.Hex != int16(f.hex("E-6")) || st.Flipped || s.VP != vp {
		t.Fatalf("remnant: mover %d, hex %d, flipped %v, VP %d→%d; want it moving in E-6, front side, no VP lost", s.Mover, st.Hex, st.Flipped, vp, s.VP)
	}
	if int(s.MoverLeft) != 6*MP/2-cost {
		t.Errorf("half mp left %d, want %d (the remnant's 6mp halved, less the step)", s.MoverLeft, 6*MP/2-cost)
	}
	do(t, s, Allied, "halt 11-ind-r")
	if slices.ContainsFunc(legalTexts(s, Allied), func(a string) bool { return strings.HasPrefix(a, "move 11-ind-r ") }) {
		t.Error("the remnant may start to move again")
	}
}

// 5.2: an attacker its Support check replaces by its remnant still
// assaults, and so does the Artillery of a Bombardment.
func TestRemnantStaysInAssault(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	u := f.place("11-ind", "I-1")
	s.Pos.Units[u].Flipped, s.Pos.Units[u].Supply = true, NoSupply
	f.place("9-ind", "I-1")
	f.place("12-col", "I-2")
	executing(t, s, 31)
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire 11-ind")
	do(t, s, Allied, "fire 9-ind")
	s.SetLogging(true)
	do(t, s, Allied, "resolve")
	for _, e := range s.TakeLog() {
		if e.Key == "assault" && e.Args[1] != "13" {
			t.Fatalf("assault strength %s, want 13 (11 Ind's remnant 5 and 9 Ind 8)", e.Args[1])
		}
	}
	if !slices.Contains(s.attackers(), f.unit("11-ind-r")) && s.Step != stAsTarget && s.Step != stChoose {
		t.Errorf("the remnant left the Assault: attackers %v", s.attackers())
	}
}

// Order 38, ruling P7: a raider checks Support once, when named; when it
// then moves, it does not check again. One its check eliminates does not
// roll.
func TestRaidSupportOnce(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	u := f.place("6-cav", "E-6")
	f.place("art", "E-5")
	s.Orders[38].Where = OrdBox
	executing(t, s, 5)
	do(t, s, Italian, "declare 38")
	do(t, s, Italian, "duel 6-cav art")
	if s.Pos.Units[u].Supply != LowSupply {
		t.Fatalf("raider supply %d after the Raid, want Low (checked when named)", s.Pos.Units[u].Supply)
	}
	do(t, s, Italian, "move 6-cav E-7")
	if s.Pos.Units[u].Supply != LowSupply {
		t.Fatalf("raider supply %d after moving, want Low (one check in the Order)", s.Pos.Units[u].Supply)
	}

	s, f = stateWith(t)
	noSupply(s)
	u = f.place("6-cav", "E-6")
	s.Pos.Units[u].Supply = NoSupply
	art := f.place("art", "E-5")
	s.Orders[38].Where = OrdBox
	executing(t, s, 5)
	do(t, s, Italian, "declare 38")
	epoch := s.Epoch()
	dieNext(t, s, 6)
	do(t, s, Italian, "duel 6-cav art")
	if s.Pos.Units[u].Loc != Gone || s.Epoch() != epoch || s.Pos.Units[art].Loc != OnMap {
		t.Fatalf("raider loc %d, epoch %d→%d, art loc %d: want the raider eliminated by its check and no roll", s.Pos.Units[u].Loc, epoch, s.Epoch(), s.Pos.Units[art].Loc)
	}
}

// Order 41: after an Overrun no Support check, on either side, for the
// Push onto another hex either.
func TestOverrunPushOnNoSupport41(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	f.place("11-ind", "I-1")
	f.place("6-cav", "I-2")
	v := f.place("12-col", "J-3")
	s.Markers[srcWestKassala] = MarkerFS // the attacker's FS: a Push needs it (7.4)
	s.Orders[41].Where = OrdBox
	executing(t, s, 36)
	do(t, s, Allied, "declare 41")
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire 11-ind")
	dieNext(t, s, 6)
	do(t, s, Allied, "resolve")
	do(t, s, Allied, "move 11-ind I-2")
	do(t, s, Allied, "done")
	if !slices.Contains(legalTexts(s, Allied), "target J-3") {
		t.Fatalf("no Push onto J-3 offered: step %d, %v", s.Step, legalTexts(s, s.Decider))
	}
	do(t, s, Allied, "target J-3")
	if s.Pos.Units[v].Supply != Supplied {
		t.Errorf("12 Col supply %d: the new defender checked Support after an Overrun", s.Pos.Units[v].Supply)
	}
}

// 7.1: when the attackers' Support checks leave no non-Artillery unit, the
// Assault ends with no roll, the hex counting as assaulted; 6.1: when they
// leave no Artillery, the Bombardment does not roll.
func TestNoRollAfterSupportLosses(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	c := f.place("cih", "I-1")
	s.Pos.Units[c].Supply = NoSupply
	f.place("art", "I-1")
	d := f.place("12-col", "I-2")
	executing(t, s, 31)
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire cih")
	do(t, s, Allied, "fire art")
	epoch := s.Epoch()
	s.SetLogging(true)
	do(t, s, Allied, "resolve")
	if s.Pos.Units[c].Loc != Gone || s.Epoch() != epoch || s.Pos.Units[d].Flipped || !s.Hit[f.hex("I-2")] {
		t.Fatalf("cih loc %d, epoch %d→%d, 12 Col flipped %v: want cih eliminated, no roll, I-2 assaulted", s.Pos.Units[c].Loc, epoch, s.Epoch(), s.Pos.Units[d].Flipped)
	}
	if !slices.ContainsFunc(s.TakeLog(), func(e engine.LogEntry) bool { return e.Key == "assault-off" }) {
		t.Error("no log entry for the Assault called off")
	}

	s, f = stateWith(t)
	noSupply(s)
	a := f.place("art", "I-1")
	s.Pos.Units[a].Supply = NoSupply
	f.place("12-col", "I-2")
	executing(t, s, 34)
	do(t, s, Allied, "target I-2")
	do(t, s, Allied, "fire art")
	epoch = s.Epoch()
	do(t, s, Allied, "resolve")
	if s.Pos.Units[a].Loc != Gone || s.Epoch() != epoch {
		t.Fatalf("art loc %d, epoch %d→%d: want it eliminated by its check and no roll", s.Pos.Units[a].Loc, epoch, s.Epoch())
	}
}

// Order 41: the unit that Overruns takes part in the Move Order, so the
// Order's own roster applies: an Arbegnoch Overruns under a Mobile Move
// (26 names it) but not under a Full Move (36: "but not Arbegnoch").
func TestOverrunRoster41(t *testing.T) {
	for _, tc := range []struct {
		order int
		want  bool
	}{{36, false}, {26, true}} {
		s, f := stateWith(t)
		f.place("arb-1", "E-5")
		f.place("6-cav", "E-6")
		s.Orders[41].Where = OrdBox
		executing(t, s, tc.order)
		if got := slices.Contains(legalTexts(s, Allied), "declare 41"); got != tc.want {
			t.Errorf("Order %d: Overrun by an Arbegnoch offered %v, want %v", tc.order, got, tc.want)
		}
	}
}

// Ruling P18, 5.5, 5.6: a unit an SD or a town supported counts against it
// until the Order ends, by the sources that reached it then, whatever has
// since happened to the trace from its old hex; each case ends with a unit
// asking for a place no assignment leaves.
func TestSupportClaimOutlastsItsTrace(t *testing.T) {
	for _, tc := range []struct {
		name string
		// claim fills the SD or town, changes the position, and returns
		// the unit asking next.
		claim func(t *testing.T, s *State, f *fixture) int
	}{
		{"unit leaves an enemy ZoC", func(t *testing.T, s *State, f *fixture) int {
			// E-7, next to 2 Col, is traced into free only while cih is in it (5.1).
			f.place("sd-1", "E-5")
			f.place("2-col", "E-8")
			f.place("cih", "E-7")
			f.place("skin", "E-5")
			executing(t, s, 36)
			for _, m := range []string{"move cih E-6", "halt cih", "move skin E-4", "halt skin"} {
				do(t, s, Allied, m)
			}
			return f.place("sdf", "E-5")
		}},
		{"Allies advance into the town's defenders' hex", func(t *testing.T, s *State, f *fixture) int {
			s.Pos.Flags[s.d.town("om-ager")] = NoFlag
			executing(t, s, 9)
			for _, id := range []string{"12-col", "2-col", "42-col", "4-col"} {
				s.checkDefender(f.place(id, "R-6"))
				s.Pos.Units[f.unit(id)].Hex = int16(f.hex("E-5")) // retreated or gone
			}
			f.place("cih", "R-6")
			return f.place("16-col", "Q-6")
		}},
		{"SD moves", func(t *testing.T, s *State, f *fixture) int {
			sd := f.place("sd-1", "K-6")
			f.place("cih", "K-6")
			f.place("skin", "K-6")
			executing(t, s, 36)
			for _, m := range []string{"move cih K-7", "halt cih", "move skin K-5", "halt skin"} {
				do(t, s, Allied, m)
			}
			s.Pos.Units[sd].Hex = int16(f.hex("E-5")) // the SD move, before an Overrun after it
			return f.place("sdf", "E-6")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := stateWith(t)
			noSupply(s)
			u := tc.claim(t, s, f)
			if ok, _ := s.supportFor(u); ok {
				t.Errorf("%s supported: an SD or town served more than its 2 or 4 in one Main Order", s.d.Units[u].ID)
			}
		})
	}
}

// Ruling P18: a claim whose SD has gone no longer counts; one whose SD
// is still on the map keeps its place from the sources that reached it.
func TestSupportClaimOfAGoneSD(t *testing.T) {
	s, f := stateWith(t)
	noSupply(s)
	sd1 := f.place("sd-1", "K-6")
	f.place("cih", "K-6")
	f.place("skin", "K-6")
	executing(t, s, 36)
	for _, id := range []string{"cih", "skin"} {
		if _, ok := s.checkSupport(f.unit(id)); !ok {
			t.Fatalf("%s unsupported by sd-1", id)
		}
	}
	f.place("sd-2", "K-6")
	u := f.place("sdf", "K-6")
	if ok, _ := s.supportFor(u); !ok {
		t.Fatal("sdf unsupported with sd-2's two places free")
	}
	s.Pos.Units[sd1] = UnitState{Loc: Gone}
	if _, ok := s.checkSupport(u); !ok {
		t.Fatal("sdf unsupported: the claims on a gone SD took sd-2's places")
	}
	if ok, _ := s.supportFor(f.place("11-ind", "K-6")); !ok {
		t.Fatal("a fourth unit unsupported with one place left on sd-2")
	}
}
