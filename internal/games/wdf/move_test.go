package wdf

import (
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// TestMA checks movement allowances (8.2, 9.4, 9.5, 9.6), in whole MP.
func TestMA(t *testing.T) {
	cases := []struct {
		name, fix, unit string
		kind            MoveKind
		supplied        bool
		want            int
	}{
		{"armor regular", "unit 4-armd 5109", "4-armd", RegularMove, true, 6},
		{"unsupplied halves", "unit 4-armd 5109", "4-armd", RegularMove, false, 3},
		{"unsupplied rounds up", "unit pavia 5109", "pavia", RegularMove, false, 2},
		{"strategic x3", "unit pavia 5109", "pavia", StrategicMove, true, 9},
		{"strategic needs supply", "unit pavia 5109", "pavia", StrategicMove, false, 0},
		{"exploit normal armor half up", "unit babini 2710", "babini", ExploitMove, true, 3},
		{"exploit normal infantry none", "unit pavia 2710", "pavia", ExploitMove, true, 0},
		{"exploit major armor full", "unit babini 2710\nmajor axis", "babini", ExploitMove, true, 5},
		{"exploit major infantry half", "unit pavia 2710\nmajor axis", "pavia", ExploitMove, true, 2},
		{"exploit major of the other side does not count", "unit pavia 2710\nmajor allied", "pavia", ExploitMove, true, 0},
		{"exploit unsupplied", "unit babini 2710\nmajor axis", "babini", ExploitMove, false, 3},
		{"poor -1", "unit babini 2710\nlevel poor", "babini", RegularMove, true, 4},
		{"bad -2", "unit babini 2710\nlevel bad", "babini", RegularMove, true, 3},
		{"none -2", "unit babini 2710\nlevel none", "babini", RegularMove, true, 3},
		{"level before unsupplied", "unit babini 2710\nlevel poor", "babini", RegularMove, false, 2},
		{"level spares infantry", "unit pavia 2710\nlevel none", "pavia", RegularMove, true, 3},
		{"level spares the Allies", "unit 4-armd 2710\nlevel none", "4-armd", RegularMove, true, 6},
		{"strategic at None x2", "unit babini 2710\nlevel none", "babini", StrategicMove, true, 6},
		{"strategic at Bad x3", "unit babini 2710\nlevel bad", "babini", StrategicMove, true, 9},
		{"strategic infantry at None x3", "unit pavia 2710\nlevel none", "pavia", StrategicMove, true, 9},
		{"German recon exploit normal", "unit 3-recon 2710", "3-recon", ExploitMove, true, 4},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		if got := NewBoard(d, p).MA(unit(t, d, c.unit), c.kind, c.supplied); got != c.want*MP {
			t.Errorf("%s: MA %d sixths, want %d", c.name, got, c.want*MP)
		}
	}
}

// dirTo returns the direction from hex a to adjacent hex b.
func dirTo(t *testing.T, d *Data, a, b int) int {
	t.Helper()
	for dir, n := range d.Hexes[a].Neighbours {
		if int(n) == b {
			return dir
		}
	}
	t.Fatalf("%s and %s are not adjacent", d.Hexes[a].ID, d.Hexes[b].ID)
	return -1
}

// find returns the first pair of adjacent hexes a, b that match.
func find(t *testing.T, d *Data, match func(a, dir, b int) bool) (int, int) {
	t.Helper()
	for a := range d.Hexes {
		for dir, n := range d.Hexes[a].Neighbours {
			if n >= 0 && match(a, dir, int(n)) {
				return a, int(n)
			}
		}
	}
	t.Fatal("no such hexes on the map")
	return -1, -1
}

// TestEnterCost checks terrain and hexside costs (11.1, 11.2) in sixths.
func TestEnterCost(t *testing.T) {
	d, p := fixture(t, "")
	b := NewBoard(d, p)
	plain := func(a, dir, n int) bool { return d.Hexes[a].Sides[dir] == 0 }
	terr := func(tr Terrain) func(a, dir, n int) bool {
		return func(a, dir, n int) bool {
			return plain(a, dir, n) && d.Hexes[n].Terrain == tr && d.Hexes[n].Place < 0
		}
	}
	side := func(f SideFlags, without SideFlags) func(a, dir, n int) bool {
		return func(a, dir, n int) bool {
			s := d.Hexes[a].Sides[dir]
			return s&f != 0 && s&without == 0 && d.Hexes[n].Terrain == Clear && d.Hexes[n].Place < 0
		}
	}
	type pair struct{ a, b int }
	ids := func(a, b string) pair { return pair{hx(t, d, a), hx(t, d, b)} }
	pairOf := func(a, b int) pair { return pair{a, b} }
	cases := []struct {
		name string
		p    pair
		t    UnitType
		want int
	}{
		{"clear", pairOf(find(t, d, terr(Clear))), Infantry, 6},
		{"road", ids("5109", "5209"), Infantry, 2},
		{"track", ids("2109", "2209"), Armor, 3},
		{"road across an escarpment", ids("4009", "4110"), Armor, 2},
		{"track across an escarpment", ids("3109", "3110"), Infantry, 3},
		{"escarpment", ids("3309", "3310"), Infantry, Prohibited},
		{"rough armor", pairOf(find(t, d, terr(Rough))), Armor, 12},
		{"rough infantry", pairOf(find(t, d, terr(Rough))), Infantry, 6},
		{"rough recon", pairOf(find(t, d, terr(Rough))), Recon, 6},
		{"mountain motorized", pairOf(find(t, d, terr(Mountain))), Motorized, 18},
		{"mountain infantry", pairOf(find(t, d, terr(Mountain))), Infantry, 12},
		{"salt marsh armor", pairOf(find(t, d, terr(SaltMarsh))), Armor, 18},
		{"Qattara armor", ids("5116", "5117"), Armor, Prohibited},
		{"Qattara infantry", ids("5116", "5117"), Infantry, Prohibited},
		{"Qattara recon", ids("5116", "5117"), Recon, 12},
		{"ridge armor", pairOf(find(t, d, side(RidgeSide, RoadSide|TrackSide))), Armor, 6 + 12},
		{"ridge infantry", pairOf(find(t, d, side(RidgeSide, RoadSide|TrackSide))), Infantry, 6 + 6},
		{"river", pairOf(find(t, d, side(RiverSide, RoadSide))), Armor, 6 + 6},
		{"fortress", ids("3309", "3408"), Infantry, 2},
	}
	for _, c := range cases {
		if got := b.enterCost(c.p.a, dirTo(t, d, c.p.a, c.p.b), c.p.b, c.t); got != c.want {
			t.Errorf("%s (%s to %s, %s): cost %d, want %d", c.name, d.Hexes[c.p.a].ID, d.Hexes[c.p.b].ID, c.t, got, c.want)
		}
	}
}

// roadFrom returns the coast road hexes n steps east (n > 0) or west of id.
func roadFrom(t *testing.T, d *Data, id string, n int) int {
	t.Helper()
	line := d.Roads[0].Hexes
	for i, h := range line {
		if d.Hexes[h].ID == id && i+n >= 0 && i+n < len(line) {
			return line[i+n]
		}
	}
	t.Fatalf("no road hex %d from %s", n, id)
	return -1
}

// TestReach checks legal destinations and their costs (9.0-9.4).
func TestReach(t *testing.T) {
	type want struct {
		hex  string // printed id, or "road+N" along the coast road from the unit's hex
		cost int    // sixths; -1 not reachable
	}
	cases := []struct {
		name, fix, unit string
		kind            MoveKind
		supplied        bool
		want            []want
	}{
		{"clear, infantry 4 MP", "unit aus-16 3617", "aus-16", RegularMove, true,
			[]want{{"3617", 0}, {"3618", 6}, {"3621", 24}, {"4117", -1}}},
		{"along the road, armor 6 MP = 18 road hexes", "unit 4-armd 5109", "4-armd", RegularMove, true,
			[]want{{"road+13", 26}, {"road-18", 36}, {"road-19", -1}}},
		{"along a track", "unit 4-armd 2710", "4-armd", RegularMove, true,
			[]want{{"1908", 7*3 + 2}}}, // 2008-1908 is road too (ruling W4)
		{"never into an enemy unit", "unit aus-16 3617\nunit sirte 3618", "aus-16", RegularMove, true,
			[]want{{"3618", -1}}},
		{"enemy leader alone does not block", "unit aus-16 3617\nleader rommel-cruwell 3618", "aus-16", RegularMove, true,
			[]want{{"3618", 6}}},
		{"infantry stops in an EZOC on the road", "unit aus-16 5109\nunit sirte 5311", "aus-16", RegularMove, true,
			[]want{{"5209", 2}, {"5310", 4}, {"5410", -1}, {"5510", -1}, {"5610", -1}}},
		{"armor pays one MP per EZOC hex and goes on", "unit 4-armd 5109\nunit sirte 5311", "4-armd", RegularMove, true,
			[]want{{"5310", 10}, {"5410", 18}, {"5510", 20}, {"5610", 22}}},
		{"a friendly unit negates the EZOC: no stop, no extra", "unit aus-16 5109\nunit sirte 5311\nunit aus-17 5310", "aus-16", RegularMove, true,
			[]want{{"5310", 4}, {"5410", -1}}},
		{"both EZOC hexes held: through", "unit aus-16 5109\nunit sirte 5311\nunit aus-17 5310\nunit aus-19 5410", "aus-16", RegularMove, true,
			[]want{{"5410", 6}, {"5510", 8}}},
		{"infantry from an EZOC not into another", "unit aus-16 5310\nunit sirte 5311", "aus-16", RegularMove, true,
			[]want{{"5410", -1}, {"5209", 2}, {"5210", 2 + 6}}}, // 5210 only by way of 5209, out of the EZOC
		{"German motorized EZOC to EZOC", "unit 104-mot 5310\nunit aus-16 5311", "104-mot", RegularMove, true,
			[]want{{"5410", 8}}},
		{"Italian motorized may not", "unit maletti 5310\nunit aus-16 5311", "maletti", RegularMove, true,
			[]want{{"5410", -1}}},
		{"strategic x3 along the road", "unit 4-armd 5109", "4-armd", StrategicMove, true,
			[]want{{"road+13", 26}, {"road-54", 108}, {"5110", -1}}},
		{"strategic never into an EZOC", "unit 4-armd 5109\nunit sirte 5311\nunit aus-17 5310", "4-armd", StrategicMove, true,
			[]want{{"5209", 2}, {"5310", -1}, {"5610", -1}}},
		{"strategic not from an EZOC", "unit 4-armd 5310\nunit sirte 5311", "4-armd", StrategicMove, true,
			[]want{{"5209", -1}}},
		{"strategic not off the road", "unit 4-armd 5110", "4-armd", StrategicMove, true,
			[]want{{"5109", -1}}},
		{"strategic not unsupplied", "unit 4-armd 5109", "4-armd", StrategicMove, false,
			[]want{{"5209", -1}}},
		{"exploit, no MA", "unit pavia 3617", "pavia", ExploitMove, true,
			[]want{{"3618", -1}}},
		{"unsupplied infantry", "unit aus-16 3617", "aus-16", RegularMove, false,
			[]want{{"3619", 12}, {"3620", -1}}},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		u := unit(t, d, c.unit)
		cost := NewBoard(d, p).Reach(u, c.kind, c.supplied)
		for _, w := range c.want {
			var h int
			if len(w.hex) > 4 && w.hex[:4] == "road" {
				n := 0
				for _, ch := range w.hex[5:] {
					n = n*10 + int(ch-'0')
				}
				if w.hex[4] == '-' {
					n = -n
				}
				h = roadFrom(t, d, d.Hexes[p.Units[u].Hex].ID, n)
			} else {
				h = hx(t, d, w.hex)
			}
			if cost[h] != w.cost {
				t.Errorf("%s: %s to %s costs %d, want %d", c.name, c.unit, d.Hexes[h].ID, cost[h], w.cost)
			}
		}
	}
}

// TestOneHex: a unit may always move one hex (9.0), here an Axis armor
// unit at Supply Level Bad, unsupplied (2 MP), into mountain (3 MP).
func TestOneHex(t *testing.T) {
	d, _ := fixture(t, "")
	a, m := find(t, d, func(a, dir, n int) bool {
		return d.Hexes[a].Sides[dir] == 0 && d.Hexes[a].Terrain == Clear && d.Hexes[n].Terrain == Mountain && d.Hexes[n].Place < 0
	})
	d, p := fixture(t, "unit babini "+d.Hexes[a].ID+"\nlevel bad")
	b := NewBoard(d, p)
	u := unit(t, d, "babini")
	if got := b.MA(u, RegularMove, false); got != 2*MP {
		t.Fatalf("MA %d, want %d", got, 2*MP)
	}
	if got := b.Reach(u, RegularMove, false)[m]; got != 18 {
		t.Errorf("one hex into mountain %s: cost %d, want 18", d.Hexes[m].ID, got)
	}
	// Not into prohibited terrain, even one hex.
	d, p = fixture(t, "unit pavia 5116")
	if got := NewBoard(d, p).Reach(unit(t, d, "pavia"), RegularMove, true)[hx(t, d, "5117")]; got != -1 {
		t.Errorf("infantry one hex into the Qattara: cost %d, want -1", got)
	}
}

// logKeys takes s's log and returns the keys of its entries.
func logKeys(s *State) map[string]bool {
	keys := map[string]bool{}
	for _, e := range s.TakeLog() {
		keys[e.Key] = true
	}
	return keys
}

// movingAt starts the Allied Regular Movement Phase on fix.
func movingAt(t *testing.T, fix string) *State {
	t.Helper()
	s := stateAt(t, fix, 5, Allied)
	s.Step = stMove
	return s
}

// TestEnteredInPassing: every rule about entering a hex applies to each
// hex a move enters, not only where it ends (ruling W36). Along the coast
// road 1218-1318-1417 the road is the cheapest way, so a move from 1218 to
// 1417 enters 1318.
func TestEnteredInPassing(t *testing.T) {
	// 7.14: the Axis depot at 1318 is captured in passing.
	s := movingAt(t, "unit aus-16 1218\ndepot axis 1318")
	s.AP[Axis] = 5
	mustApply(t, s, Allied, "move aus-16 1417")
	if s.Pos.Depot[Axis] != NoHex || s.AP[Axis] != 0 || s.AP[Allied] == 0 || !logKeys(s)["captured"] {
		t.Errorf("depot passed through: at %d, APs %v; want captured (7.14)", s.Pos.Depot[Axis], s.AP)
	}
	if got := s.Pos.Units[unit(t, s.d, "aus-16")].Hex; int(got) != hx(t, s.d, "1417") {
		t.Errorf("aus-16 at %s, want 1417: a depot does not stop a move (7.14)", s.hexID(int(got)))
	}

	// 13.4: entering a lone enemy leader's hex in passing makes his check.
	s = movingAt(t, "unit aus-16 1218\nleader rommel-cruwell 1318\nunit pavia 2710")
	mustApply(t, s, Allied, "move aus-16 1417")
	if keys := logKeys(s); !keys["leaderLost"] && !keys["leaderSafe"] {
		t.Error("no casualty check for Rommel, whose hex the move entered (13.4, 13.6)")
	}
}

// TestMoveInLegs: the moving player chooses the route (ruling W36): a unit
// may stop at a hex and go on with the MP it has left before another unit
// moves, so it can pass through a hex it would otherwise go round. Here
// aus-16 steps back onto the Axis depot at 1119 and then goes east.
func TestMoveInLegs(t *testing.T) {
	s := movingAt(t, "unit aus-16 1218\nunit aus-17 1218\ndepot axis 1119")
	mustApply(t, s, Allied, "move aus-16 1119")
	if s.Pos.Depot[Axis] != NoHex {
		t.Fatal("the depot is not captured by the unit that entered its hex (7.14)")
	}
	mustApply(t, s, Allied, "move aus-16 1417") // goes on: 2 + 3 road hexes
	if got := s.Pos.Units[unit(t, s.d, "aus-16")].Hex; int(got) != hx(t, s.d, "1417") {
		t.Fatalf("aus-16 at %s, want 1417", s.hexID(int(got)))
	}
	// Once another unit moves, aus-16's move is over (9.1: one at a time).
	mustApply(t, s, Allied, "move aus-17 1318")
	a, _ := s.DecodeAction("move aus-16 1517")
	if err := s.Apply(Allied, a); err == nil {
		t.Error("aus-16 went on moving after aus-17 moved")
	}
}

// TestDigAfterMoving: 12.2 prices entering an IP at one MP; a unit that
// moved one clear hex with MP left may enter the IP there (ruling W25).
func TestDigAfterMoving(t *testing.T) {
	s := movingAt(t, "unit aus-16 3617\nunit aus-17 3618 ip\nip 3618 1")
	mustApply(t, s, Allied, "move aus-16 3618")
	if !has(legalAll(s, Allied), engine.Action{Op: opDig, A: int16(unit(t, s.d, "aus-16"))}) {
		t.Fatalf("dig not offered after a one-hex move with MP left; legal %v", legalAll(s, Allied))
	}
	mustApply(t, s, Allied, "dig aus-16")
	if !s.Pos.Units[unit(t, s.d, "aus-16")].InIP {
		t.Error("aus-16 not in the IP")
	}
}

// TestMovePrompt: the prompt says which unit may go on, and with what.
func TestMovePrompt(t *testing.T) {
	s := movingAt(t, "unit aus-16 1218\nunit aus-17 1218")
	mustApply(t, s, Allied, "move aus-16 1119") // one road hex: 1/3 MP of 4
	if got := s.Prompt(Allied, "en"); !strings.Contains(got, "16th Australian Brigade may go on moving (3 2/3 MP left)") {
		t.Errorf("prompt %q", got)
	}
	if got := s.Prompt(Allied, "it"); !strings.Contains(got, "PM rimasti") {
		t.Errorf("prompt %q", got)
	}
	if v := s.view(Allied, "en"); v.Moving != "aus-16" || v.MPLeft != "3 2/3" {
		t.Errorf("view: moving %q with %q MP left, want aus-16 with 3 2/3", v.Moving, v.MPLeft)
	}
}

// TestLegsInExploitation: a unit that moved strategically in the Regular
// Movement Phase goes on with ordinary exploitation legs (9.4, 9.5).
func TestLegsInExploitation(t *testing.T) {
	s := movingAt(t, "unit 4-armd 1218\nmajor allied")
	s.Step = stExploit
	u := unit(t, s.d, "4-armd")
	s.Flags[u] |= fStrategic // moved strategically this turn
	mustApply(t, s, Allied, "move 4-armd 1119")
	if _, err := s.DecodeAction("move 4-armd 1218"); err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, Allied, "move 4-armd 1218")
}

// TestPickThenMove: a move is the choice of the unit, then the move
// (ruling W38); the choice changes nothing but itself; a move taken whole
// with nothing chosen (a record made before W38) gives the same state;
// with another unit chosen it is refused.
func TestPickThenMove(t *testing.T) {
	s := toFirstMovement(t)
	for _, a := range s.Legal(Allied, nil) {
		if a.Op == opMove || a.Op == opStrategic || a.Op == opLead {
			t.Fatalf("%s listed with no piece chosen", s.EncodeAction(a))
		}
	}
	whole := s.Clone().(*State)
	before := s.Marshal()
	mustApply(t, s, Allied, "pick ind-11")
	if string(s.Marshal()) == string(before) || string(s.Marshal()[:len(before)]) != string(before) {
		t.Fatal("the choice is not the core's bytes plus itself")
	}
	var mv engine.Action
	for _, a := range s.Legal(Allied, nil) {
		if a.Op == opMove {
			mv = a
			break
		}
	}
	if mv.A != int16(unit(t, s.d, "ind-11")) {
		t.Fatalf("the chosen unit's moves are not listed first: %v", mv)
	}
	if err := s.Apply(Allied, mv); err != nil {
		t.Fatal(err)
	}
	other := whole.Clone().(*State)
	if err := whole.Apply(Allied, mv); err != nil {
		t.Fatalf("a whole move with nothing chosen is refused: %v", err)
	}
	// The same core; the unit stays chosen after pick-then-move if it
	// may go on.
	if n := len(before); string(whole.Marshal()[:n]) != string(s.Marshal()[:n]) {
		t.Error("a whole move and pick-then-move give different states")
	}
	mustApply(t, other, Allied, "pick ind-5")
	if err := other.Apply(Allied, mv); err == nil {
		t.Error("a move of ind-11 accepted while ind-5 is chosen")
	}
}
