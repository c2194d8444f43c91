package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

// combatAt is stateAt entered at side's Regular Combat Phase.
func combatAt(t *testing.T, fix string, turn int, side engine.Side) *State {
	t.Helper()
	s := stateAt(t, fix, turn, side)
	s.Step = stCombat
	return s
}

func mustApply(t *testing.T, s *State, side engine.Side, text string) {
	t.Helper()
	a, err := s.DecodeAction(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(side, a); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// TestCombatFlow plays the 10.13 example through the combat phase with
// many seeds: the AP is spent, the dice are the example's (13 and 7), and
// every outcome leaves a consistent position.
func TestCombatFlow(t *testing.T) {
	for seed := range uint64(40) {
		s := combatAt(t, "unit 4-armd 3617\nunit 7-armd 3617\nunit 7-sg 3617\nunit 1-libyan 3618 ip\nunit cirene 3618 ip\nip 3618 1\ndepot allied 3617", 5, Allied)
		s.AP[Allied] = 3
		s.Rng = engine.NewRand(seed)
		mustApply(t, s, Allied, "attack 3617 3618")
		mustApply(t, s, Allied, "resolve ap")
		dice := s.Epoch()
		over := s.Pos.Units[unit(t, s.d, "cirene")].Box != BoxMap && s.Pos.Units[unit(t, s.d, "1-libyan")].Box != BoxMap && s.AP[Allied] == 3
		switch {
		case over && dice != 13:
			t.Errorf("seed %d: overwhelming after %d dice, want 13 (the defender does not roll)", seed, dice)
		case !over && dice != 13+7:
			t.Errorf("seed %d: %d dice rolled, want 20", seed, dice)
		case !over && s.AP[Allied] != 2:
			t.Errorf("seed %d: AP %d, want 2", seed, s.AP[Allied])
		}
		// Play the combat out with the first legal choice each time.
		for n := 0; s.Step != stCombat; n++ {
			if n > 100 {
				t.Fatalf("seed %d: combat does not end", seed)
			}
			side := s.Active().Sides()[0]
			s.ApplyUnchecked(side, s.Legal(side, nil)[0])
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if !s.defended(hx(t, s.d, "3618")) {
			t.Errorf("seed %d: 3618 not recorded as attacked", seed)
		}
		for _, a := range legalAll(s, Allied) {
			if a.Op == opAttack {
				t.Errorf("seed %d: a second attack offered: %s", seed, s.EncodeAction(a))
			}
		}
	}
}

// TestMustAttack: a unit that attacks obliges the side to attack every
// enemy hex adjacent to it (10.0, 10.1), unless the offensive is a
// surprise (7.92).
func TestMustAttack(t *testing.T) {
	fix := "unit aus-16 3617\nunit aus-17 3616\nunit cirene 3618\nunit pavia 3517\ndepot allied 3617"
	s := combatAt(t, fix, 5, Allied)
	if !has(legalAll(s, Allied), engine.Action{Op: opDone}) {
		t.Fatal("no attack made yet, but done refused")
	}
	mustApply(t, s, Allied, "attack 3617 3618")
	mustApply(t, s, Allied, "resolve no-ap")
	for s.Step != stCombat {
		side := s.Active().Sides()[0]
		s.ApplyUnchecked(side, s.Legal(side, nil)[0])
	}
	if s.board().Occupied(Axis, hx(t, s.d, "3517")) && has(legalAll(s, Allied), engine.Action{Op: opDone}) {
		t.Error("3517 is adjacent to the attacker and aus-17 can still attack it, but done is allowed")
	}
	s = combatAt(t, fix, 5, Allied)
	s.Surprise[Allied] = true
	mustApply(t, s, Allied, "attack 3617 3618")
	mustApply(t, s, Allied, "resolve no-ap")
	for s.Step != stCombat {
		side := s.Active().Sides()[0]
		s.ApplyUnchecked(side, s.Legal(side, nil)[0])
	}
	if !has(legalAll(s, Allied), engine.Action{Op: opDone}) {
		t.Error("surprise offensive still obliged to attack 3517 (7.92)")
	}
}

// TestBuild: joining and targeting need adjacency to every defender and
// attacker (10.1); ground support at most two ASPs (14.1); resolve with an
// AP only when one is held and an attacker is in range (10.31).
func TestBuild(t *testing.T) {
	s := combatAt(t, "unit aus-16 3617\nunit aus-17 3718\nunit aus-19 3616\nunit cirene 3618\nunit pavia 3717", 5, Allied)
	s.ASP[Allied] = 3
	mustApply(t, s, Allied, "attack 3617 3618")
	legal := legalAll(s, Allied)
	for _, c := range []struct {
		text string
		want bool
	}{
		{"join 3718", true}, {"join 3616", false}, {"target 3717", true},
		{"support 1", true}, {"support 2", false}, {"resolve ap", false}, {"resolve no-ap", true},
	} {
		a, _ := s.DecodeAction(c.text)
		if has(legal, a) != c.want {
			t.Errorf("%s offered %v, want %v", c.text, !c.want, c.want)
		}
	}
	mustApply(t, s, Allied, "support 1")
	mustApply(t, s, Allied, "support 2")
	if a, _ := s.DecodeAction("support 3"); has(legalAll(s, Allied), a) {
		t.Error("a third ASP of ground support offered")
	}
}

// TestItalianNoRetreat: on turns 1 and 2 Italian units take every hit as a
// step loss (3.2).
func TestItalianNoRetreat(t *testing.T) {
	for _, c := range []struct {
		turn int
		n    int
	}{{2, 1}, {3, 4}} {
		s := stateAt(t, "unit cirene 3618\nunit aus-16 3617", c.turn, Allied)
		s.Step = stCombat
		s.Flags[unit(t, s.d, "cirene")] |= fDef
		s.Bat = battle{Phase: stCombat, Hits: [2]int8{0, 4}, AtkRetreated: true}
		if got := len(s.lossOptions(1)); got != c.n {
			t.Errorf("turn %d: %d ways to take four hits, want %d", c.turn, got, c.n)
		}
	}
}

// TestRetreatHexes checks 10.26: away from the hex attacked, not into
// enemy units or unnegated EZOCs, toward the supply source if possible.
func TestRetreatHexes(t *testing.T) {
	s := stateAt(t, "unit cirene 3618\nunit aus-16 3617", 5, Allied)
	u := unit(t, s.d, "cirene")
	s.Flags[u] |= fDef
	s.Orig[u] = int16(hx(t, s.d, "3618"))
	b := s.board()
	got := s.retreatHexes(b, u)
	if len(got) == 0 {
		t.Fatal("no retreat")
	}
	for _, h := range got {
		if hexDistance(s.d, h, hx(t, s.d, "3618")) != 1 || b.OpenEZOC(Axis, h) {
			t.Errorf("retreat to %s", s.hexID(h))
		}
		if hexDistance(s.d, h, s.d.SupplySource[Axis]) >= hexDistance(s.d, hx(t, s.d, "3618"), s.d.SupplySource[Axis]) {
			t.Errorf("retreat to %s is not toward 1019", s.hexID(h))
		}
	}
	// Surrounded: enemy ZOC all round.
	s = stateAt(t, "unit cirene 3618\nunit aus-16 3617\nunit aus-17 3619\nunit aus-19 3518\nunit ind-5 3718", 5, Allied)
	s.Flags[u] |= fDef
	s.Orig[u] = int16(hx(t, s.d, "3618"))
	if got := s.retreatHexes(s.board(), u); len(got) != 0 {
		t.Errorf("surrounded unit may retreat to %v", got)
	}
}

// TestExploitationAttackers: in the Exploitation Combat Phase only
// exploitation-capable units attack (10.0); units that moved
// strategically never do (9.4).
func TestExploitationAttackers(t *testing.T) {
	s := stateAt(t, "unit aus-16 3617\nunit 4-armd 3617\nunit cirene 3618", 5, Allied)
	s.Step = stExploitC
	if s.canAttack(unit(t, s.d, "aus-16")) || !s.canAttack(unit(t, s.d, "4-armd")) {
		t.Error("exploitation attackers wrong in a Normal Offensive")
	}
	s.Pos.Major[Allied] = true
	if !s.canAttack(unit(t, s.d, "aus-16")) {
		t.Error("infantry may attack in a Major Offensive's exploitation")
	}
	s.Step = stCombat
	s.Flags[unit(t, s.d, "4-armd")] |= fStrategic
	if s.canAttack(unit(t, s.d, "4-armd")) {
		t.Error("a unit that moved strategically may attack")
	}
	// 9.4: "It cannot attack in the Combat Phase but is eligible for
	// Exploitation Movement and Combat."
	s.Step = stExploitC
	if !s.canAttack(unit(t, s.d, "4-armd")) {
		t.Error("a unit that moved strategically may not attack in the Exploitation Combat Phase")
	}
}

// TestRetreatTakesControl: a unit that retreats into Tobruk takes control
// of it (8.4: the last to occupy), like any unit that enters it.
func TestRetreatTakesControl(t *testing.T) {
	s := stateAt(t, "unit aus-16 3309", 5, Axis)
	u := unit(t, s.d, "aus-16")
	s.RetLeft[u] = 1
	s.retreatUnit(u, s.d.Tobruk)
	if s.Pos.TobrukControl != Allied || s.RetLeft[u] != 0 {
		t.Errorf("Tobruk control %d, retreat left %d", s.Pos.TobrukControl, s.RetLeft[u])
	}
}

// TestAttackDiagrams plays the diagrams of 10.1 and 7.92: A (3617) is
// adjacent to the enemy hexes 1 (3618), 2 (3718) and 3 (3517), B (3719)
// to 1 and 2 only. A combat may leave out an adjacent enemy hex only if
// another unit can still attack it (10.0, 10.1; ruling W35); with a
// surprise Major Offensive it may leave out any (7.92).
func TestAttackDiagrams(t *testing.T) {
	const fix = "unit aus-16 3617\nunit aus-17 3719\nunit cirene 3618\nunit pavia 3718\nunit 1-libyan 3517"
	d := DefaultData()
	for _, c := range []struct {
		a, t string
		adj  bool
	}{{"3617", "3618", true}, {"3617", "3718", true}, {"3617", "3517", true}, {"3719", "3618", true}, {"3719", "3718", true}, {"3719", "3517", false}} {
		if NewBoard(d, &Position{}).Attackable(hx(t, d, c.a), hx(t, d, c.t)) != c.adj {
			t.Fatalf("diagram hexes: %s attacks %s = %v, want %v", c.a, c.t, !c.adj, c.adj)
		}
	}
	offered := func(s *State, text string) bool {
		a, err := s.DecodeAction(text)
		if err != nil {
			t.Fatal(err)
		}
		return has(legalAll(s, s.Decider), a)
	}
	playOut := func(s *State) {
		for n := 0; s.Step != stCombat; n++ {
			if n > 100 {
				t.Fatal("combat does not end")
			}
			side := s.Active().Sides()[0]
			s.ApplyUnchecked(side, s.Legal(side, nil)[0])
		}
	}

	// "If A attacks alone then it must attack 1, 2 and 3 as one attack":
	// A on 1 alone leaves 3, which only A can attack.
	s := combatAt(t, fix, 5, Allied)
	mustApply(t, s, Allied, "attack 3617 3618")
	for text, want := range map[string]bool{"resolve no-ap": false, "join 3719": false, "target 3517": true, "target 3718": true} {
		if offered(s, text) != want {
			t.Errorf("A on 1: %s offered %v, want %v", text, !want, want)
		}
	}
	// With 3 added, 2 is left for B.
	mustApply(t, s, Allied, "target 3517")
	if !offered(s, "resolve no-ap") {
		t.Error("A on 1 and 3, B left for 2: resolve refused")
	}

	// "B cannot be part of an attack that includes 3", and A and B
	// together on 1 and 2 would leave 3 unattacked.
	s = combatAt(t, fix, 5, Allied)
	mustApply(t, s, Allied, "attack 3719 3618")
	if offered(s, "join 3617") {
		t.Error("B on 1: A may join, leaving 3 to no one")
	}
	if offered(s, "target 3517") {
		t.Error("B may attack 3")
	}
	// "B attacking unit 1 and A attacking 2 and 3": B first, then A must
	// still attack 2 and 3 before the phase may end.
	mustApply(t, s, Allied, "resolve no-ap")
	playOut(s)
	if offered(s, "done") {
		t.Error("after B's attack on 1, done allowed while A can attack 2 and 3")
	}
	mustApply(t, s, Allied, "attack 3617 3718")
	if offered(s, "resolve no-ap") {
		t.Error("A on 2 without 3: resolve offered, but no one else can attack 3")
	}
	mustApply(t, s, Allied, "target 3517")
	mustApply(t, s, Allied, "resolve no-ap")
	playOut(s)
	if !offered(s, "done") {
		t.Error("every adjacent hex attacked, but done refused")
	}

	// 7.92: with surprise, A and B may both attack 2 and ignore 1 and 3.
	s = combatAt(t, fix, 5, Allied)
	s.Pos.Major[Allied], s.Surprise[Allied] = true, true
	mustApply(t, s, Allied, "attack 3617 3718")
	mustApply(t, s, Allied, "join 3719")
	mustApply(t, s, Allied, "resolve no-ap")
	playOut(s)
	if !offered(s, "done") {
		t.Error("surprise Major Offensive: done refused with 1 and 3 unattacked")
	}
}

// TestAxisLeaderChoice: two Axis leaders in a combat: "only one leader's
// values are used (player's choice) and that leader is subject to casualty
// checks" (13.2); "only one leader contributes his combat value" (13.3).
// The Axis player chooses (ruling W37).
func TestAxisLeaderChoice(t *testing.T) {
	// Attacking: Rommel (attack 2) and Bergonzoli (attack 1) stacked.
	const atk = "unit pavia 3617\nleader rommel-cruwell 3617\nleader bergonzoli-gambara 3617\nunit aus-16 3618\ndepot axis 3617"
	s := combatAt(t, atk, 5, Axis)
	s.AP[Axis] = 3
	mustApply(t, s, Axis, "attack 3617 3618")
	legal := legalAll(s, Axis)
	for _, id := range []string{"rommel-cruwell", "bergonzoli-gambara"} {
		a, err := s.DecodeAction("leader " + id)
		if err != nil || !has(legal, a) {
			t.Fatalf("leader %s not offered (%v); legal %v", id, err, legal)
		}
	}
	if has(legal, engine.Action{Op: opResolve, A: 1}) {
		t.Fatal("resolve offered before the Axis player chose whose values the stack uses")
	}
	if a, _ := s.DecodeAction("leader bergonzoli-gambara"); s.EncodeAction(a) != "leader bergonzoli-gambara" {
		t.Errorf("record text %q", s.EncodeAction(a))
	}
	if _, err := s.DecodeAction("leader nobody"); err == nil {
		t.Error("an unknown leader decoded")
	}
	mustApply(t, s, Axis, "leader bergonzoli-gambara")
	mustApply(t, s, Axis, "resolve ap")
	var dice string
	for _, e := range s.TakeLog() {
		if e.Key == "combat" {
			dice = e.Args[1]
		}
	}
	if dice != "4" { // Pavia 3, Bergonzoli 1
		t.Errorf("attack CS %s with Bergonzoli's values, want 4 (3 + 1)", dice)
	}

	// Defending: the Allies attack; the Axis player chooses after the
	// attacker has committed.
	const dfn = "unit aus-16 3617\nunit pavia 3618\nleader rommel-cruwell 3618\nleader bergonzoli-gambara 3618\ndepot allied 3617"
	s = combatAt(t, dfn, 5, Allied)
	s.AP[Allied] = 3
	mustApply(t, s, Allied, "attack 3617 3618")
	mustApply(t, s, Allied, "resolve ap")
	if s.Step != stLeader || s.Decider != Axis {
		t.Fatalf("step %d decider %d: the Axis player must choose his leader", s.Step, s.Decider)
	}
	mustApply(t, s, Axis, "leader rommel-cruwell")
	if s.Step == stLeader || s.Epoch() == 0 {
		t.Fatal("the combat is not fought after the choice")
	}

	// One leader: nothing to choose.
	s = combatAt(t, "unit aus-16 3617\nunit pavia 3618\nleader rommel-cruwell 3618\ndepot allied 3617", 5, Allied)
	s.AP[Allied] = 3
	mustApply(t, s, Allied, "attack 3617 3618")
	mustApply(t, s, Allied, "resolve ap")
	if s.Step == stLeader {
		t.Fatal("a choice asked with one leader")
	}
}
