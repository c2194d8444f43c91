package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

// stateAt builds a State on a fixture position, at turn turn, with side
// phasing; the sequence is not entered.
func stateAt(t *testing.T, fix string, turn int, side engine.Side) *State {
	t.Helper()
	d, p := fixture(t, fix)
	s := &State{d: d}
	s.SetLogging(true)
	s.Pos, s.Turn, s.Phasing, s.Decider = *p, int8(turn), side, side
	s.Rng = engine.NewRand(1)
	return s
}

// TestDepotRemoval: a depot cut off at the start of the Organization
// Phase is removed and its APs lost (7.13); it returns Moved side up
// (7.15).
func TestDepotRemoval(t *testing.T) {
	s := stateAt(t, "depot allied 5109\nunit sirte 5910", 5, Allied)
	s.AP[Allied] = 7
	s.beginPlayerTurn(Allied)
	if s.Pos.Depot[Allied] != NoHex || s.AP[Allied] != 0 {
		t.Fatalf("cut-off depot: at %d with %d APs, want removed with 0", s.Pos.Depot[Allied], s.AP[Allied])
	}
	if s.Step != stDepot {
		t.Fatalf("step %d, want depot placement", s.Step)
	}
	for _, a := range s.Legal(Allied, nil) {
		if a.Op == opDone {
			t.Fatal("a removed depot may be left off the map")
		}
	}
	s.ApplyUnchecked(Allied, engine.Action{Op: opDepot, A: int16(hx(t, s.d, "6408"))})
	if !s.Pos.DepotMoved[Allied] {
		t.Error("returning depot not on its Moved side (7.15)")
	}
	// A connected depot stays.
	s = stateAt(t, "depot allied 5109", 5, Allied)
	s.AP[Allied] = 7
	s.beginPlayerTurn(Allied)
	if s.Pos.Depot[Allied] != int16(hx(t, s.d, "5109")) || s.AP[Allied] != 7 {
		t.Error("connected depot removed")
	}
}

// TestDepotMovedSide: a depot moved two or more zones shows its Moved side
// (7.12); one zone does not.
func TestDepotMovedSide(t *testing.T) {
	for _, c := range []struct {
		to    string
		moved bool
	}{{"5209", false}, {"6508", false}, {"4009", false}, {"2306", true}, {"1019", true}} {
		s := stateAt(t, "depot allied 5109", 5, Allied) // 5109 is Allied zone B
		s.placeDepot(Allied, hx(t, s.d, c.to))
		if s.Pos.DepotMoved[Allied] != c.moved {
			t.Errorf("depot 5109 (B) → %s (%s): moved %v, want %v", c.to, s.d.ZoneOf(Allied, hx(t, s.d, c.to)).Letter(), s.Pos.DepotMoved[Allied], c.moved)
		}
	}
}

// TestCapture: entering the enemy depot's hex captures it (7.14).
func TestCapture(t *testing.T) {
	s := stateAt(t, "depot axis 5209\nunit 4-armd 5109", 5, Allied)
	s.AP = [2]int8{3, 9}
	s.Step = stMove
	s.moveUnit(unit(t, s.d, "4-armd"), hx(t, s.d, "5209"), false, -1)
	if s.Pos.Depot[Axis] != NoHex || s.AP[Axis] != 0 || s.AP[Allied] < 4 || s.AP[Allied] > 9 || s.Epoch() != 1 {
		t.Errorf("after capture: depot %d, AP %v, epoch %d", s.Pos.Depot[Axis], s.AP, s.Epoch())
	}
}

// TestAttrition: unsupplied units of the active side lose a step (8.3);
// reduced ones are eliminated, permanently when cut off from the source.
func TestAttrition(t *testing.T) {
	s := stateAt(t, "unit aus-16 5109\nunit aus-17 3617 reduced\nunit 11-hussars 5119\nunit sirte 6508\nunit pavia 1019", 5, Allied)
	s.attrition()
	u := func(id string) UnitState { return s.Pos.Units[unit(t, s.d, id)] }
	if !u("aus-16").Reduced || u("aus-16").Box != BoxMap {
		t.Errorf("aus-16: %+v, want reduced on the map", u("aus-16"))
	}
	if u("aus-17").Box != BoxPermanent {
		t.Errorf("aus-17: %+v, want permanently eliminated (Alexandria held by the enemy)", u("aus-17"))
	}
	if u("11-hussars").Box != BoxPermanent {
		t.Errorf("11-hussars: %+v, want permanently eliminated", u("11-hussars"))
	}
	if u("pavia").Reduced {
		t.Error("the inactive side suffered attrition")
	}
	// A supplied unit suffers nothing; a recoverable elimination.
	s = stateAt(t, "unit aus-16 5109\nunit aus-17 3117 reduced\nunit pavia 1019", 5, Allied)
	s.Pos.Units[unit(t, s.d, "aus-17")].Reduced = true
	s.attrition()
	if u("aus-16").Reduced {
		t.Error("supplied unit reduced")
	}
	if u("aus-17").Box != BoxRecoverable {
		t.Errorf("aus-17 in 3117: %+v, want in the Recoverable box", u("aus-17"))
	}
}

// TestStackingCheck: at the end of a movement phase the opposing player
// eliminates units over the limit (9.2).
func TestStackingCheck(t *testing.T) {
	s := stateAt(t, "unit cirene 4009\nunit pavia 4009\nunit maletti 4009\nunit aus-16 5109", 5, Axis)
	s.Step = stMove
	s.ApplyUnchecked(Axis, engine.Action{Op: opDone})
	if s.Step != stStack || s.Decider != Allied {
		t.Fatalf("step %d decider %d, want the Allied player eliminating", s.Step, s.Decider)
	}
	legal := s.Legal(Allied, nil)
	if len(legal) != 3 {
		t.Fatalf("%d choices, want the 3 units in the hex", len(legal))
	}
	if err := s.Apply(Allied, engine.Action{Op: opEliminate, A: int16(unit(t, s.d, "maletti"))}); err != nil {
		t.Fatal(err)
	}
	if s.Step != stCombat || s.Decider != Axis {
		t.Errorf("after the check: step %d decider %d, want the Axis combat phase", s.Step, s.Decider)
	}
	if s.Pos.Units[unit(t, s.d, "maletti")].Box != BoxRecoverable {
		t.Error("maletti not in the Recoverable box")
	}
}

// TestVictory checks automatic victory (17.1) and victory points (17.2).
func TestVictory(t *testing.T) {
	s := stateAt(t, "unit 4-armd 1019", 5, Axis)
	if w := s.automaticVictory(); w != Allied {
		t.Errorf("supplied Allied unit on 1019: winner %d, want Allied", w)
	}
	s = stateAt(t, "unit 4-armd 1019\nunit sirte 1119\nunit pavia 1120", 5, Axis)
	if w := s.automaticVictory(); w != -1 {
		t.Errorf("cut-off Allied unit on 1019: winner %d, want none", w)
	}
	s = stateAt(t, "unit 4-armd 3408", 5, Axis)
	if w := s.automaticVictory(); w != -1 {
		t.Errorf("Tobruk is no automatic victory: winner %d", w)
	}
	// 17.2: reduced armor 4, eliminated armor 8, reduced other 1,
	// eliminated other 2, leader 3, Axis reserve points.
	s = stateAt(t, "unit 4-armd 5109 reduced\nunit aus-16 5109 reduced\nunit babini 2710", 23, Axis)
	s.Pos.Units[unit(t, s.d, "7-armd")] = UnitState{Box: BoxRecoverable, Hex: NoHex}
	s.Pos.Units[unit(t, s.d, "cirene")] = UnitState{Box: BoxPermanent, Hex: NoHex}
	s.Pos.Leaders[0].Face = 1
	s.ReserveVP = 3
	if vp := s.victoryPoints(); vp != [2]int{2, 4 + 1 + 8 + 3 + 3} {
		t.Errorf("victory points %v, want [2 19]", vp)
	}
	s.Pos.TobrukControl = Axis
	s.endGame()
	if s.Result != 2 {
		t.Errorf("result %d, want Axis win", s.Result)
	}
	s.Pos.TobrukControl = Allied
	s.endGame()
	if s.Result != 3 {
		t.Errorf("more points without Tobruk: result %d, want draw (ruling W21)", s.Result)
	}
}

// TestAirSupport replays the rolls of 6.1 from the same generator.
func TestAirSupport(t *testing.T) {
	for seed := range uint64(30) {
		s := stateAt(t, "depot allied 5109\ndepot axis 2306", 6, Allied)
		s.Rng = engine.NewRand(seed)
		r := s.Rng
		dice := [2]int{r.D6(), r.D6()}
		s.airSupport()
		var score [2]int
		for side := range 2 {
			hex := [2]string{"5109", "2306"}[side]
			z := s.d.ZoneOf(engine.Side(side), hx(t, s.d, hex))
			m := min(max(dice[side]+s.d.Tables.Air.ZoneMod[side][z-1], 1), 6)
			score[side] = RowFor(s.d.Tables.Air.Rows, 6).Value[m-1][side]
		}
		want := [2]int8{int8(max(score[0]-score[1], 0)), int8(max(score[1]-score[0], 0))}
		if s.ASP != want || s.Pos.Naval != (want[0] > 0 && dice[0] == 6) {
			t.Errorf("seed %d: dice %v scores %v: ASP %v naval %v", seed, dice, score, s.ASP, s.Pos.Naval)
		}
	}
}

// TestOrganize: the ASPs spent come off the die and off the spender (7.2,
// 7.31); the Axis Supply Level comes from the same modified die (7.5).
func TestOrganize(t *testing.T) {
	s := stateAt(t, "depot axis 2306\nunit aus-16 5109", 13, Axis)
	s.ASP[Allied] = 3
	s.afterDepot()
	if s.Step != stASP || s.Decider != Allied {
		t.Fatalf("step %d decider %d, want the Allied ASP decision", s.Step, s.Decider)
	}
	if n := len(s.Legal(Allied, nil)); n != 4 {
		t.Fatalf("%d choices, want spend 0-3", n)
	}
	r := s.Rng
	die := r.D6()
	b := s.board()
	want := b.NewAP(Axis, die, 2)
	s.ApplyUnchecked(Allied, engine.Action{Op: opSpend, A: 2})
	if s.ASP[Allied] != 1 || int(s.AP[Axis]) != want {
		t.Errorf("ASP %v AP %v, want 1 left and %d APs", s.ASP, s.AP, want)
	}
	if lv := RowFor(s.d.Tables.Supply, 13).Value[min(max(die-2, 1), 6)-1]; s.Pos.Level != lv {
		t.Errorf("supply level %s, want %s", s.Pos.Level, lv)
	}
}

// TestMajorLasts: a Major Offensive ends with the player turn it was
// declared in (7.91): the Axis player turn does not see an Allied one.
func TestMajorLasts(t *testing.T) {
	s := stateAt(t, "unit aus-16 5109\ndepot allied 5109\ndepot axis 1019\nmajor allied", 5, Allied)
	s.Surprise[Allied] = true
	s.attrition()
	if s.Phasing != Axis || s.Pos.Major[Allied] || s.Surprise[Allied] {
		t.Errorf("phasing %d, Allied major %v surprise %v; want the Axis turn with neither", s.Phasing, s.Pos.Major[Allied], s.Surprise[Allied])
	}
}
