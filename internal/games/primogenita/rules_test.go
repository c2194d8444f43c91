package primogenita

import (
	"testing"

	"sandtable/internal/hexgrid"
)

// fixture is an empty position on the default data with helpers to place
// units by id on hexes by printed id.
type fixture struct {
	t *testing.T
	d *Data
	p *Position
}

func newFixture(t *testing.T) *fixture {
	d := DefaultData()
	return &fixture{t: t, d: d, p: NewPosition(d)}
}

func (f *fixture) hex(id string) int {
	f.t.Helper()
	h := f.d.HexIndex(id)
	if h < 0 {
		f.t.Fatalf("no hex %s", id)
	}
	return h
}

func (f *fixture) unit(id string) int {
	f.t.Helper()
	u := f.d.UnitIndex(id)
	if u < 0 {
		f.t.Fatalf("no unit %s", id)
	}
	return u
}

// place puts unit id on hex; it returns the unit's index.
func (f *fixture) place(id, hex string) int {
	f.t.Helper()
	u := f.unit(id)
	f.p.Units[u] = UnitState{Loc: OnMap, Hex: int16(f.hex(hex))}
	return u
}

func (f *fixture) cost(m Mover, from, to string) (int, bool, bool) {
	return f.d.EnterCost(f.p, m, f.hex(from), f.hex(to))
}

var foot = Mover{Side: Allied}
var mobile = Mover{Side: Allied, Mobile: true}

// 7.1: "10 versus 5 becomes an odds ratio of 2:1. But 9 versus 5 becomes 1:1."
func TestOdds71(t *testing.T) {
	for _, tc := range []struct{ att, def, want int }{
		{10, 5, Odds2to1}, {9, 5, Odds1to1}, {5, 5, Odds1to1}, {4, 5, Odds1to2}, {1, 9, Odds1to2},
		{25, 5, Odds5to1}, {30, 5, Odds5to1}, {14, 5, Odds2to1},
	} {
		if got := OddsColumn(tc.att, tc.def); got != tc.want {
			t.Errorf("%d vs %d: column %d, want %d", tc.att, tc.def, got, tc.want)
		}
	}
}

// 7.2's example: 18 against 3 with a Trench: 6:1 uses 5:1, one shift left
// makes it 4:1.
func TestOdds72Example(t *testing.T) {
	col := OddsColumn(18, 3)
	if col != Odds5to1 {
		t.Fatalf("18 vs 3 uses column %d, want 5:1", col)
	}
	if got := FinalColumn(col, Shifts{Trench: true}.Net()); got != Odds4to1 {
		t.Fatalf("with a Trench: column %d, want 4:1", got)
	}
}

// 7.2: shifts are netted first, then applied, and the result stays between
// 1:2 and 5:1; shifts that cancel change nothing.
func TestShifts72(t *testing.T) {
	tests := []struct {
		name string
		col  int
		s    Shifts
		want int
	}{
		{"cancel: trench and disrupted", Odds3to1, Shifts{Trench: true, Disrupted: true}, Odds3to1},
		{"cancel: uphill and two hexes", Odds2to1, Shifts{Uphill: true, TwoHexes: true}, Odds2to1},
		{"alpine two left", Odds3to1, Shifts{Terrain: -2}, Odds1to1},
		{"alpine, trench, uphill: floor 1:2", Odds2to1, Shifts{Terrain: -2, Trench: true, Uphill: true}, Odds1to2},
		{"only artillery and two hexes: cap 5:1", Odds4to1, Shifts{OnlyArtillery: true, TwoHexes: true}, Odds5to1},
		{"Order 42 two Air units", Odds2to1, Shifts{Orders: 2}, Odds4to1},
		{"Order 42 and Heroic Defense", Odds2to1, Shifts{Orders: 1 - 1}, Odds2to1},
	}
	for _, tc := range tests {
		if got := FinalColumn(tc.col, tc.s.Net()); got != tc.want {
			t.Errorf("%s: column %d, want %d", tc.name, got, tc.want)
		}
	}
}

// 6.1–6.3: the column is the largest not above the total, "9" above 9;
// Trench left, Extra Ammo right, both: nothing; never beyond 1 or 9; a
// Disr disrupts 1, 1, 1, 2, 3 units by column.
func TestBombardment6(t *testing.T) {
	tb := &DefaultData().Tables
	for _, tc := range []struct{ total, net, want int }{
		{1, 0, 0}, {2, 0, 1}, {3, 0, 2}, {4, 0, 2}, {5, 0, 2}, {6, 0, 3}, {8, 0, 3}, {9, 0, 4}, {14, 0, 4},
		{4, -1, 1}, {4, +1, 3}, {4, -1 + 1, 2}, {1, -1, 0}, {12, +1, 4},
	} {
		if got := tb.BombColumn(tc.total, tc.net); got != tc.want {
			t.Errorf("total %d shift %d: column %d, want %d", tc.total, tc.net, got, tc.want)
		}
	}
	if tb.BombDisrupt != [NumBombColumns]int{1, 1, 1, 2, 3} {
		t.Errorf("Disr counts %v, want 6.3's 1 1 1 2 3", tb.BombDisrupt)
	}
}

// 4.1: a cliff costs +1mp either way off road; a double cliff the same;
// Mobile units cross no cliff off road.
func TestCliffs41(t *testing.T) {
	f := newFixture(t)
	mt, rough, flat := f.d.Tables.TerrainMP[Mountain], f.d.Tables.TerrainMP[Rough], f.d.Tables.TerrainMP[Flat]
	cliff := f.d.Tables.CliffMP
	for _, tc := range []struct {
		from, to string
		want     int
	}{
		{"I-21", "J-21", mt + cliff},    // uphill
		{"J-21", "I-21", rough + cliff}, // downhill: same +1
		{"P-22", "Q-22", rough + cliff}, // double cliff at Adi Qualà
		{"Q-22", "P-22", flat + cliff},
	} {
		got, _, ok := f.cost(foot, tc.from, tc.to)
		if !ok || got != tc.want {
			t.Errorf("foot %s→%s: cost %d ok %v, want %d", tc.from, tc.to, got, ok, tc.want)
		}
		if _, _, ok := f.cost(mobile, tc.from, tc.to); ok {
			t.Errorf("mobile %s→%s crosses a cliff off road", tc.from, tc.to)
		}
	}
	// Along the road through the Dongolaas gorge, the cliff costs nothing
	// and Mobile units may cross.
	if got, _, ok := f.cost(mobile, "G-13", "G-14"); !ok || got != f.d.Tables.RoadMP {
		t.Errorf("road G-13→G-14: %d %v, want the road cost", got, ok)
	}
}

// 4.1: Mobile units enter or leave Mountain and Alpine only along a road
// or track; Foot units enter or leave Alpine off road only in a Tactical
// Move.
func TestRuggedTerrain41(t *testing.T) {
	f := newFixture(t)
	if _, _, ok := f.cost(mobile, "H-11", "H-12"); !ok {
		t.Error("mobile along the road into Mountain H-12 refused")
	}
	if _, _, ok := f.cost(mobile, "H-13", "H-12"); ok {
		t.Error("mobile off road into Mountain H-12 allowed")
	}
	if _, _, ok := f.cost(foot, "F-12", "F-13"); ok {
		t.Error("foot off road into Alpine F-13 allowed outside a Tactical Move")
	}
	if _, _, ok := f.cost(Mover{Side: Allied, Tactical: true}, "F-12", "F-13"); !ok {
		t.Error("foot in a Tactical Move refused into Alpine F-13")
	}
}

// 4.2: +1mp in total however many enemy ZoCs; a Weak ZoC from strength 2,
// Hard from 12 (stop); none into or out of Mountain or Alpine, across a
// cliff, or into an Entry hex.
func TestZoC42(t *testing.T) {
	f := newFixture(t)
	flat := f.d.Tables.TerrainMP[Flat]
	// J-5 is Flat with Flat neighbours J-4 and J-6 (no roads).
	f.place("cv-bn", "J-4")    // strength 2: Weak
	f.place("xcvii-bn", "J-6") // strength 2: Weak
	if got, stop, ok := f.cost(foot, "K-5", "J-5"); !ok || stop || got != flat+MP {
		t.Errorf("two Weak ZoCs: cost %d stop %v, want %d (+1mp in total), no stop", got, stop, flat+MP)
	}
	if z := f.d.ZoCInto(f.p, Allied, f.hex("J-5")); z != WeakZoC {
		t.Errorf("ZoC %d, want Weak", z)
	}
	f.place("12-col", "J-4") // J-4 now 2+5 = 7: still Weak
	f.place("2-col", "J-4")  // 12: Hard
	if got, stop, ok := f.cost(foot, "K-5", "J-5"); !ok || !stop || got != flat+MP {
		t.Errorf("Hard ZoC: cost %d stop %v, want %d and stop", got, stop, flat+MP)
	}
	// A stack of 1 exerts no ZoC.
	g := newFixture(t)
	g.place("6-cav", "J-4")
	if z := g.d.ZoCInto(g.p, Allied, g.hex("J-5")); z != NoZoC {
		t.Errorf("strength 1 exerts ZoC %d", z)
	}
	// No ZoC into Mountain (H-12) from Agordat, nor across a cliff.
	h := newFixture(t)
	h.place("12-col", "H-11")
	h.place("2-col", "H-11")
	if z := h.d.ZoCInto(h.p, Allied, h.hex("H-12")); z != NoZoC {
		t.Errorf("ZoC %d into Mountain", z)
	}
	c := newFixture(t)
	c.place("12-col", "J-21") // Mountain: no ZoC out of it either
	if z := c.d.ZoCInto(c.p, Allied, c.hex("I-21")); z != NoZoC {
		t.Errorf("ZoC %d out of Mountain across a cliff", z)
	}
	e := newFixture(t)
	e.place("12-col", "I-2")
	e.place("2-col", "I-2")
	if z := e.d.ZoCInto(e.p, Allied, e.hex("west-kassala")); z != NoZoC {
		t.Errorf("ZoC %d into an Entry hex", z)
	}
}

// 1.1, 4.1: an Entry hex is adjacent only across its arrow and only its
// side's units may occupy it.
func TestEntryHexes(t *testing.T) {
	f := newFixture(t)
	wk := f.hex("west-kassala")
	if n := f.d.Hexes[wk].Links; len(n) != 1 || n[0].To != f.hex("I-1") {
		t.Fatalf("West Kassala links %v, want only I-1", n)
	}
	if _, _, ok := f.cost(Mover{Side: Italian}, "I-1", "west-kassala"); ok {
		t.Error("Italian unit may enter West Kassala")
	}
	if _, _, ok := f.cost(foot, "J-1", "west-kassala"); ok {
		t.Error("West Kassala entered from J-1, not across its arrow")
	}
	if _, _, ok := f.cost(foot, "I-1", "west-kassala"); !ok {
		t.Error("Allied unit refused into West Kassala across its arrow")
	}
}

// 4.1: a Full Move reaches within the Movement Value; a Disrupted unit
// pays 1mp first; No Supply halves; a Tactical Move's Foot moves one hex.
func TestReach41(t *testing.T) {
	f := newFixture(t)
	u := f.place("11-ind", "I-1")
	reach := func() map[string]int {
		out := map[string]int{}
		for _, r := range f.d.Reach(f.p, u, FullMove, false) {
			out[f.d.Hexes[f.d.pos[r.Hex]-1].ID] = r.Cost
		}
		return out
	}
	full := reach()
	// Along the road Kassala–Sabderat–Keru: 11 road hexes, 5½ of the 6mp.
	if c, ok := full["I-10"]; !ok || c != 11*f.d.Tables.RoadMP {
		t.Errorf("I-10 (Biscia) at %d %v, want 11 road hexes", c, ok)
	}
	f.p.Units[u].Disrupted = true
	if _, ok := reach()["I-10"]; ok {
		t.Error("Disrupted unit still reaches Biscia with 1mp less")
	}
	f.p.Units[u].Disrupted, f.p.Units[u].Supply = false, NoSupply
	if b, _, _ := f.d.Allowance(f.p, u, FullMove, false); b != 3*MP {
		t.Errorf("No Supply allowance %d, want half of 6mp", b)
	}
	f.p.Units[u].Supply = Supplied
	tm := f.d.Reach(f.p, u, TacticalMove, false)
	if len(tm) != len(f.d.Hexes[f.hex("I-1")].Links) {
		t.Errorf("Tactical Move reaches %d hexes, want each of the %d adjacent", len(tm), len(f.d.Hexes[f.hex("I-1")].Links))
	}
	if b, _, _ := f.d.Allowance(f.p, u, TacticalMove, true); b != 0 {
		t.Errorf("Order 39 extended a Foot unit's Tactical Move")
	}
	if _, _, ok := f.d.Allowance(f.p, f.place("arb-1", "R-18"), FullMove, false); ok {
		t.Error("Arbegnoch move in the Allied Full Move (Order 36 excludes them)")
	}
}

// 5.1: a trace always reaches one hex; it never enters an enemy unit or an
// enemy town; a friendly-occupied hex in an enemy ZoC costs no +1mp.
func TestTrace51(t *testing.T) {
	f := newFixture(t)
	at := func(rs []hexgrid.Reached, id string) (int, bool) {
		for _, r := range rs {
			if f.d.pos[r.Hex]-1 == f.hex(id) {
				return r.Cost, true
			}
		}
		return 0, false
	}
	// A 1-mp range from an Alpine hex still reaches each neighbour.
	rs := f.d.Trace(f.p, Italian, f.hex("F-13"), 1)
	if _, ok := at(rs, "G-13"); !ok {
		t.Error("trace did not reach one hex regardless of cost")
	}
	// Agordat is an Italian town: no Allied trace enters it.
	rs = f.d.Trace(f.p, Allied, f.hex("west-kassala"), SupplyRange*MP)
	if _, ok := at(rs, "H-11"); ok {
		t.Error("Allied trace entered Italian Agordat")
	}
	if _, ok := at(rs, "I-10"); ok {
		t.Error("Allied trace entered Italian Biscia")
	}
	f.p.Flags[f.d.Hexes[f.hex("I-10")].Town] = BritishFlag
	f.p.Flags[f.d.Hexes[f.hex("H-11")].Town] = BritishFlag
	f.p.Flags[f.d.Hexes[f.hex("I-3")].Town] = BritishFlag
	f.p.Flags[f.d.Hexes[f.hex("G-5")].Town] = BritishFlag
	rs = f.d.Trace(f.p, Allied, f.hex("west-kassala"), SupplyRange*MP)
	if _, ok := at(rs, "H-11"); !ok {
		t.Error("West Kassala FS does not reach Allied Agordat within 8mp")
	}
	// Friendly unit in an enemy ZoC: no +1mp.
	g := newFixture(t)
	g.place("cv-bn", "J-4")
	plain, _ := at(g.d.Trace(g.p, Allied, g.hex("K-5"), SupplyRange*MP), "J-5")
	g.place("cih", "J-5")
	occupied, _ := at(g.d.Trace(g.p, Allied, g.hex("K-5"), SupplyRange*MP), "J-5")
	if plain != occupied+MP {
		t.Errorf("trace into the ZoC: empty %d, friendly-occupied %d; want +1mp only when empty", plain, occupied)
	}
	// An enemy-occupied source traces nothing.
	g.place("2-col", "K-5")
	if rs := g.d.Trace(g.p, Allied, g.hex("K-5"), SupplyRange*MP); rs != nil {
		t.Error("an enemy-occupied source traced")
	}
}
