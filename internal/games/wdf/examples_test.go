package wdf

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// The rulebook's worked examples played through the game's own procedures
// (6.2, 7.32, 7.5, 7.8's die, 10.23 example 2, 10.24, 10.25, 14.2), with
// a generator whose next dice are the example's where dice decide. The
// others are tested where their rule is: 7.62/7.63 replace_test.go, 7.8
// reserve_test.go, 7.9 depot_test.go, 8.3 supply_test.go, 10.13 and 11.0
// combat_test.go (TestEvaluate), 10.23 and 10.25's arithmetic
// combat_test.go (TestLosses), 10.24's thresholds combat_test.go
// (TestOverwhelming).

// TestAirExamples plays the two examples of 6.2 through the Air/Naval
// Support Phase (6.1, 6.2): the Allied die is rolled first, then the Axis.
func TestAirExamples(t *testing.T) {
	cases := []struct {
		name         string
		turn         int
		alliedZone   byte // road zone of the Allied depot
		axisZone     byte
		alliedDie    string
		axisDie      string
		asp          [2]int8
		navalSupport bool
	}{
		// Example 1: turn 6, Axis 5 in zone B (+1) scores 5; Allied 3 in
		// zone C scores 2; the Axis get 3 ASPs.
		{"6.2 example 1", 6, 'C', 'B', "3", "5", [2]int8{0, 3}, false},
		// Example 2: turn 14, Allied 6 in zone E (-1) scores 4; Axis 3 in
		// zone B (+1) scores 3; the Allies get 1 ASP and Naval Support for
		// the unmodified 6.
		{"6.2 example 2", 14, 'E', 'B', "6", "3", [2]int8{1, 0}, true},
	}
	for _, c := range cases {
		s := stateAt(t, "", c.turn, Allied)
		s.Event = -1
		s.Pos.Depot[Allied] = int16(s.d.Zones[Allied][c.alliedZone-'A'][0])
		s.Pos.Depot[Axis] = int16(s.d.Zones[Axis][c.axisZone-'A'][0])
		s.Rng = enginetest.Dice(t, c.alliedDie, c.axisDie)
		s.airSupport()
		if s.ASP != c.asp || s.Pos.Naval != c.navalSupport {
			t.Errorf("%s: ASPs %v naval %v, want %v and %v", c.name, s.ASP, s.Pos.Naval, c.asp, c.navalSupport)
		}
	}
}

// TestOrganizationExamples plays the Organization Phase examples: 7.32
// (the depot stays in zone C and is not Moved, Tobruk raises the row to
// B, one Axis ASP takes a 6 to 5: four new APs and eight in all), 7.5
// (turn 13, a 6 less two Allied ASPs is 4: Normal, so two replacement
// points and the extra non-armor one) and the die of the 7.8 example
// (turn 6, a 3 less two Axis ASPs is 1: twelve reserve units). One die
// serves both the APs and the reserves or supply level (7.0, 7.31).
func TestOrganizationExamples(t *testing.T) {
	t.Run("7.32", func(t *testing.T) {
		s := stateAt(t, "depot allied 3109\ntobruk allied\nunit aus-16 3408", 8, Allied)
		s.Event = -1
		s.AP[Allied], s.ASP[Axis] = 4, 3
		s.beginPlayerTurn(Allied)
		mustApply(t, s, Allied, "depot 3709")
		if s.Pos.DepotMoved[Allied] {
			t.Error("depot moved within zone C shows its Moved side (7.12)")
		}
		if s.Step != stASP || s.Decider != Axis {
			t.Fatalf("step %d decider %d, want the Axis ASP choice (7.2)", s.Step, s.Decider)
		}
		s.Rng = enginetest.Dice(t, "6")
		mustApply(t, s, Axis, "spend 1")
		if s.AP[Allied] != 8 || s.ASP[Axis] != 2 || s.Epoch() != 1 {
			t.Errorf("Allied AP %d, Axis ASP %d, %d dice; want 8, 2 and 1", s.AP[Allied], s.ASP[Axis], s.Epoch())
		}
	})
	t.Run("7.5", func(t *testing.T) {
		s := stateAt(t, "depot axis 2306", 13, Axis)
		s.Event = -1
		s.ASP[Allied] = 2
		s.Pos.Units[unit(t, s.d, "pavia")] = UnitState{Box: BoxRecoverable, Hex: NoHex}
		s.beginPlayerTurn(Axis)
		mustApply(t, s, Axis, "done")
		s.Rng = enginetest.Dice(t, "6")
		mustApply(t, s, Allied, "spend 2")
		if s.Pos.Level != SupplyNormal || s.Step != stRepl || s.Repl != 3 || s.Epoch() != 1 {
			t.Errorf("level %s, step %d, %d points, %d dice; want normal, the Replacements Segment, 3 and 1", s.Pos.Level, s.Step, s.Repl, s.Epoch())
		}
	})
	t.Run("7.8 die", func(t *testing.T) {
		s := stateAt(t, "depot allied 5109\nunit aus-16 5109", 6, Allied)
		s.Event = -1
		s.ASP[Axis] = 2
		s.beginPlayerTurn(Allied)
		mustApply(t, s, Allied, "done")
		s.Rng = enginetest.Dice(t, "3")
		mustApply(t, s, Axis, "spend 2")
		if s.ReserveNeed != 12 || s.Epoch() != 1 {
			t.Errorf("reserve requirement %d after %d dice, want 12 after 1", s.ReserveNeed, s.Epoch())
		}
	})
}

// TestOverwhelmingExample plays 10.24's example on the 10.13 position:
// 13 British dice against the Italians' final CS 7. Eleven 6s eliminate
// both Italian units at once, the defender rolls no dice and the AP is
// refunded; ten 6s are a normal result.
func TestOverwhelmingExample(t *testing.T) {
	const fix = "unit 4-armd 3617\nunit 7-armd 3617\nunit 7-sg 3617\nunit 1-libyan 3618 ip\nunit cirene 3618 ip\nip 3618 1\ndepot allied 3617"
	cases := []struct {
		seed  uint64 // found by search: the first 13 dice hold sixes 6s
		sixes int
		over  bool
		dice  uint64
		ap    int8
	}{
		{23487898, 11, true, 13, 3},
		{37350, 10, false, 13 + 7, 2},
	}
	for _, c := range cases {
		r := engine.NewRand(c.seed)
		n := 0
		for range 13 {
			if r.D6() == 6 {
				n++
			}
		}
		if n != c.sixes {
			t.Fatalf("seed %d rolls %d sixes in 13 dice, want %d (engine.Rand changed?)", c.seed, n, c.sixes)
		}
		s := combatAt(t, fix, 5, Allied)
		s.AP[Allied] = 3
		s.Rng = engine.NewRand(c.seed)
		mustApply(t, s, Allied, "attack 3617 3618")
		mustApply(t, s, Allied, "resolve ap")
		gone := 0
		for _, id := range []string{"cirene", "1-libyan"} {
			if s.Pos.Units[unit(t, s.d, id)].Box != BoxMap {
				gone++
			}
		}
		if (gone == 2) != c.over || s.Epoch() != c.dice || s.AP[Allied] != c.ap {
			t.Errorf("%d sixes: %d Italian units eliminated, %d dice, %d AP; want overwhelming %v, %d dice, %d AP",
				c.sixes, gone, s.Epoch(), s.AP[Allied], c.over, c.dice, c.ap)
		}
		if c.over && s.Step == stLoss {
			t.Errorf("%d sixes: losses asked after an overwhelming attack", c.sixes)
		}
	}
}

// TestRetreatExample plays 10.25's example: two full-strength Italian
// units take four hits (the attacker retreated, ruling W17). Each of the
// example's four ways is open: the Axis player picks the split, then the
// units that lose steps (a unit may take both its steps first, 10.21),
// and the survivors retreat the remaining hexes.
func TestRetreatExample(t *testing.T) {
	cases := []struct {
		name     string
		actions  []string
		cirene   string // "full", "reduced" or "eliminated"
		libyan   string
		retreats int8
	}{
		{"reduce one, retreat three", []string{"take 1 3", "hit cirene"}, "reduced", "full", 3},
		{"reduce both, retreat two", []string{"take 2 2", "hit cirene", "hit 1-libyan"}, "reduced", "reduced", 2},
		{"eliminate one, retreat the other two", []string{"take 2 2", "hit cirene", "hit cirene"}, "eliminated", "full", 2},
		// The third step falls on the only unit left without a choice.
		{"eliminate one, reduce the other, retreat one", []string{"take 3 1", "hit cirene", "hit cirene"}, "eliminated", "reduced", 1},
	}
	state := func(s *State, u int) string {
		switch us := s.Pos.Units[u]; {
		case us.Box != BoxMap:
			return "eliminated"
		case us.Reduced:
			return "reduced"
		}
		return "full"
	}
	for _, c := range cases {
		s := combatAt(t, "unit aus-16 3617\nunit cirene 3618\nunit 1-libyan 3618", 5, Allied)
		cir, lib := unit(t, s.d, "cirene"), unit(t, s.d, "1-libyan")
		for _, u := range []int{cir, lib} {
			s.Flags[u] |= fDef
			s.Orig[u] = int16(hx(t, s.d, "3618"))
		}
		s.Bat = battle{Phase: stCombat, Hits: [2]int8{0, 4}, AtkRetreated: true}
		s.toLoss(1)
		if s.Step != stLoss || s.Decider != Axis {
			t.Fatalf("%s: step %d decider %d, want the Axis loss choice", c.name, s.Step, s.Decider)
		}
		for _, a := range c.actions {
			mustApply(t, s, Axis, a)
		}
		if got := [2]string{state(s, cir), state(s, lib)}; got != [2]string{c.cirene, c.libyan} {
			t.Errorf("%s: cirene %s, 1-libyan %s; want %s and %s", c.name, got[0], got[1], c.cirene, c.libyan)
		}
		if s.Step != stRetreat {
			t.Fatalf("%s: step %d, want the retreat", c.name, s.Step)
		}
		for _, u := range []int{cir, lib} {
			if s.Pos.Units[u].Box == BoxMap && s.RetLeft[u] != c.retreats {
				t.Errorf("%s: %s retreats %d hexes, want %d", c.name, s.d.Units[u].ID, s.RetLeft[u], c.retreats)
			}
		}
	}
}

// TestBombardmentExample plays 14.2's example: of five Axis ASPs three
// bombard an Allied full-strength unit in an IP-2 and roll a 2 and two
// 6s, one hit and a step loss; the other two support an attack on the
// reduced unit whose ground dice show only 3s and 4s, but one ASP die is
// a 6 and the unit is eliminated.
func TestBombardmentExample(t *testing.T) {
	s := combatAt(t, "unit cirene 3617\nunit aus-16 3618 ip\nip 3618 2\ndepot axis 3617", 5, Axis)
	s.ASP[Axis], s.AP[Axis] = 5, 1
	aus := unit(t, s.d, "aus-16")
	s.Rng = enginetest.Dice(t, "2", "6", "6")
	mustApply(t, s, Axis, "bombard 3618 3")
	if us := s.Pos.Units[aus]; us.Box != BoxMap || !us.Reduced || s.ASP[Axis] != 2 || s.Step != stCombat {
		t.Fatalf("after the bombardment: %+v, %d ASPs, step %d; want reduced on the map, 2 ASPs, the combat phase", us, s.ASP[Axis], s.Step)
	}
	mustApply(t, s, Axis, "attack 3617 3618")
	mustApply(t, s, Axis, "support 1")
	mustApply(t, s, Axis, "support 2")
	// Cirene's three dice, then the two ASP dice (ground support hits on 6,
	// 14.1), then the defender's three (CS 2 + 1 for the IP, 12.3), which
	// miss here.
	s.Rng = enginetest.Dice(t, "34", "34", "34", "6", "12345", "1234", "1234", "1234")
	mustApply(t, s, Axis, "resolve ap")
	if us := s.Pos.Units[aus]; us.Box == BoxMap || s.ASP[Axis] != 0 || s.Epoch() != 3+5+3 {
		t.Errorf("after the attack: aus-16 %+v, %d ASPs, %d dice; want eliminated, 0 and 11", us, s.ASP[Axis], s.Epoch())
	}
}

// TestDefenderHitsExample plays 10.23's example 2 through the combat: the
// attacker takes four hits, the defender three. The attacker retreats one
// hex and takes three step losses; then the defender may take three steps,
// one step and two hexes, or two steps and one hex. Had the attacker taken
// all four as steps, the defender would need two steps to retreat at all
// (ruling W17).
func TestDefenderHitsExample(t *testing.T) {
	cases := []struct {
		attacker string // the attacker's choice
		want     string // the defender's choices
	}{
		{"take 3 1", "take 1 2|take 2 1|take 3 0"},
		{"take 4 0", "take 2 1|take 3 0"},
	}
	for _, c := range cases {
		s := combatAt(t, "unit aus-16 3617\nunit aus-17 3617\nunit cirene 3618\nunit 1-libyan 3618", 5, Allied)
		for _, id := range []string{"aus-16", "aus-17"} {
			u := unit(t, s.d, id)
			s.Flags[u] |= fAtk | fAttacked
			s.Orig[u] = int16(hx(t, s.d, "3617"))
		}
		for _, id := range []string{"cirene", "1-libyan"} {
			u := unit(t, s.d, id)
			s.Flags[u] |= fDef
			s.Orig[u] = int16(hx(t, s.d, "3618"))
		}
		s.Bat = battle{Phase: stCombat, Hits: [2]int8{4, 3}, NAtt: 1, NDef: 1}
		s.Bat.Att[0], s.Bat.Def[0] = int16(hx(t, s.d, "3617")), int16(hx(t, s.d, "3618"))
		s.toLoss(0)
		var got []string
		for _, a := range legalAll(s, Allied) {
			got = append(got, s.EncodeAction(a))
		}
		slices.Sort(got)
		if strings.Join(got, "|") != "take 3 1|take 4 0" {
			t.Fatalf("attacker's choices %v, want take 3 1 and take 4 0 (10.22)", got)
		}
		mustApply(t, s, Allied, c.attacker)
		// The attacker's steps, then its retreat, first choice each time.
		for n := 0; s.Decider == Allied && s.Step != stCombat; n++ {
			if n > 20 {
				t.Fatalf("%s: the attacker's losses do not end", c.attacker)
			}
			s.ApplyUnchecked(Allied, s.Legal(Allied, nil)[0])
		}
		if s.Step != stLoss || s.Decider != Axis {
			t.Fatalf("%s: step %d decider %d, want the defender's choice", c.attacker, s.Step, s.Decider)
		}
		got = got[:0]
		for _, a := range legalAll(s, Axis) {
			got = append(got, s.EncodeAction(a))
		}
		slices.Sort(got)
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("attacker %s: defender's choices %s, want %s", c.attacker, g, c.want)
		}
	}
}
