package primogenita

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// executing returns a state executing Order p for its side.
func executing(t *testing.T, s *State, p int) {
	t.Helper()
	s.Orders[p].Where = OrdExecuting
	s.Step, s.Decider, s.Current = stExecute, s.d.Orders[p].Side, int8(p)
	do(t, s, s.Decider, "execute "+strconv.Itoa(p))
}

// 4.1, 2.2: a Full Move goes hex by hex within the Movement Value; an
// Allied unit entering an Italian town takes it (VP); SD move last (5.5);
// the Order is flipped at the end.
func TestFullMove(t *testing.T) {
	s, f := stateWith(t)
	u := f.place("cih", "I-1") // Mobile, 8mp
	sd := f.place("sd-1", "west-kassala")
	vp := s.VP
	executing(t, s, 36)
	if s.Step != stMove {
		t.Fatalf("step %d, want stMove", s.Step)
	}
	if slices.Contains(legalTexts(s, Allied), "move sd-1 I-1") {
		t.Error("an SD may move before the other units (5.5: SD move last)")
	}
	for _, h := range []string{"I-2", "I-3"} {
		do(t, s, Allied, "move cih "+h)
	}
	if s.Pos.Flags[s.d.town("sabderat")] != BritishFlag || s.VP != vp+1 {
		t.Fatalf("Sabderat not taken on the way (VP %d)", s.VP)
	}
	if int(s.MoverLeft) != 8*MP-2*s.d.Tables.RoadMP {
		t.Errorf("mp left %d, want %d", s.MoverLeft, 8*MP-2*s.d.Tables.RoadMP)
	}
	do(t, s, Allied, "halt cih")
	if slices.Contains(legalTexts(s, Allied), "move cih I-2") {
		t.Error("a unit moves twice in one Order")
	}
	do(t, s, Allied, "done")
	do(t, s, Allied, "move sd-1 I-1")
	do(t, s, Allied, "halt sd-1")
	do(t, s, Allied, "done")
	if !s.Orders[36].Flipped || s.Orders[36].Where != OrdSheet || int(s.Pos.Units[sd].Hex) != f.hex("I-1") || int(s.Pos.Units[u].Hex) != f.hex("I-3") {
		t.Fatal("Full Move not finished as played")
	}
}

// 4.2: a unit stops after entering a Hard ZoC; 5.2: a unit that cannot
// trace Support gets a Low Supply marker when it moves in a Main Order.
func TestMoveStopsInHardZoC(t *testing.T) {
	s, f := stateWith(t)
	s.Markers = [5]uint8{} // no Allied source: the mover is unsupported
	f.place("cih", "K-6")
	f.place("12-col", "J-4")
	f.place("2-col", "J-4") // 10
	f.place("m11", "J-4")   // 12: Hard ZoC into J-5
	executing(t, s, 36)
	do(t, s, Allied, "move cih J-5")
	if s.MoverLeft != 0 {
		t.Errorf("mp left %d after entering a Hard ZoC, want 0", s.MoverLeft)
	}
	if s.Pos.Units[f.unit("cih")].Supply != LowSupply {
		t.Error("unsupported mover did not get Low Supply (5.2)")
	}
}

// Order 39: declared before any unit moves, every unit gets 1mp more.
func TestAdvance39(t *testing.T) {
	s, f := stateWith(t)
	f.place("11-ind", "E-5") // Foot, 6mp, Flat around
	s.Orders[39].Where = OrdBox
	executing(t, s, 26) // Mobile Move: March capable Foot 4mp
	do(t, s, Allied, "declare 39")
	do(t, s, Allied, "move 11-ind E-6")
	if int(s.MoverLeft) != 5*MP-s.d.Tables.TerrainMP[s.d.Hexes[f.hex("E-6")].Terrain] {
		t.Errorf("mp left %d, want 4mp+1mp less the step", s.MoverLeft)
	}
	if s.Orders[39].Where != OrdSheet || !s.Orders[39].Flipped {
		t.Error("declared Combination Order not flipped back to the sheet")
	}
}

// Orders 30, 7, 2.2: a Trench its unit left goes back to the sheet at the
// end of the Move Main Order, also when Italy is then asked about the
// Open City.
func TestTrenchReturnedAfterOpenCityChoice(t *testing.T) {
	s, f := stateWith(t)
	u := f.place("11-ccnn", "L-21")
	f.place("cih", "L-20") // an Allied unit 2 hexes from Asmara
	s.dig(Italian, f.hex("L-21"))
	executing(t, s, 5)
	for _, a := range legalTexts(s, Italian) {
		if strings.HasPrefix(a, "move 11-ccnn ") {
			do(t, s, Italian, a)
			break
		}
	}
	if s.Pos.at(u, f.hex("L-21")) {
		t.Fatal("11 CCNN did not move")
	}
	do(t, s, Italian, "halt 11-ccnn")
	do(t, s, Italian, "done")
	if s.Step != stOpenCity {
		t.Fatalf("step %d: Italy should be asked about the Open City", s.Step)
	}
	do(t, s, Italian, "pass")
	if s.Pos.HasTrench(f.hex("L-21")) {
		t.Fatal("the empty Trench stayed on the map after the Order")
	}
}
