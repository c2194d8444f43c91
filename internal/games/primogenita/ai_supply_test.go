package primogenita

import (
	"testing"

	"sandtable/internal/engine"
)

// The cache of supply fields never changes an answer: on states of
// random games, the cached field is the one traced afresh, also after the
// cache is emptied; and an FS or LS reaches its own hex.
func TestAlliedFieldCache(t *testing.T) {
	states := randomStates(t, 1)
	var buf [512]byte
	check := func(pass string) {
		for i, s := range states {
			if *s.alliedField(buf[:0]) != *s.traceField() {
				t.Fatalf("%s: state %d: the cached field differs from the traced one", pass, i)
			}
		}
	}
	check("first")
	check("cached")
	v, _ := fieldCaches.Load(states[0].d)
	c := v.(*fieldCache)
	c.Lock()
	clear(c.m)
	c.Unlock()
	check("emptied")
	s := afterSetup(t)
	f := s.alliedField(buf[:0])
	for i, src := range s.d.AlliedSupply {
		if s.Markers[i] != MarkerAbsent && f[src.Hex]&fieldFull == 0 {
			t.Errorf("source %s does not reach its own hex", src.ID)
		}
	}
}

// The supply foresight of the prior and the rollout (supplyScore): an
// Allied brigade placed on each hex at the edge of the FS and LS reach
// after setup, and each pair of hexes next to it, one they reach and one
// no source reaches: moving into the first scores higher; the penalty
// grows with the unit's supply marker; out of supply, moving back into
// it scores above zero, and starting to move there costs in a Main Order
// (Support fails, 5.2) and not in a Minor one. And an SD is drawn towards a unit no FS or LS
// reaches.
func TestSupplyScore(t *testing.T) {
	start := afterSetup(t)
	fx := &fixture{t: t, d: start.d, p: &start.Pos}
	u := fx.unit("11-ind")
	var buf [512]byte
	f := start.alliedField(buf[:0])
	pairs := 0
	for from := range start.d.Hexes {
		if f[from]&fieldFull == 0 || start.d.Hexes[from].Entry >= 0 {
			continue
		}
		var in, out []int
		for _, n := range start.d.neighbours(from) {
			switch {
			case f[n]&fieldFull != 0:
				in = append(in, n)
			case f[n] == 0 && !start.d.EnemyTown(&start.Pos, Allied, n):
				out = append(out, n)
			}
		}
		s := start.clone()
		s.Pos.Units[u].Hex = int16(from)
		for _, a := range in {
			for _, b := range out {
				pairs++
				if s.supplyScore(f, u, from, a) <= s.supplyScore(f, u, from, b) {
					t.Fatalf("from %s: into %s (supplied) %.2f, into %s (no source) %.2f", s.d.Hexes[from].ID,
						s.d.Hexes[a].ID, s.supplyScore(f, u, from, a), s.d.Hexes[b].ID, s.supplyScore(f, u, from, b))
				}
				c := s.clone()
				c.Pos.Units[u].Supply = LowSupply
				if c.supplyScore(f, u, from, b) >= s.supplyScore(f, u, from, b) {
					t.Fatalf("from %s: leaving supply on Low Supply costs no more than when supplied", s.d.Hexes[from].ID)
				}
				c.Pos.Units[u].Hex, c.Mover = int16(b), int16(u)
				if v := c.supplyScore(f, u, b, a); v <= 0 {
					t.Fatalf("from %s: coming back into supply scores %.2f", s.d.Hexes[b].ID, v)
				}
				c.Mover = -1
				for _, o := range []struct {
					cat Category
					neg bool
				}{{Main, true}, {Minor, false}} {
					c.Current = int8(orderOf(c.d, Allied, o.cat))
					if v := c.supplyScore(f, u, b, b); v < 0 != o.neg {
						t.Fatalf("starting to move from %s (no source) in a %v Order scores %.2f", s.d.Hexes[b].ID, o.cat, v)
					}
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no hex at the edge of supply: the test shows nothing")
	}

	c := start.clone()
	c.Pos.Units[u].Hex = int16(fx.hex("P-20"))
	f = c.alliedField(buf[:0])
	if f[fx.hex("P-20")]&fieldFull != 0 {
		t.Fatal("P-20 is in reach of an FS or LS: the test shows nothing")
	}
	sd := -1
	for v := range c.d.Units {
		if c.d.Units[v].Kind == SD && c.d.Units[v].Side == Allied {
			sd = v
			break
		}
	}
	c.Pos.Units[sd].Loc = OnMap
	if v := c.supplyScore(f, sd, fx.hex("P-24"), fx.hex("P-21")); v <= 0 {
		t.Errorf("an SD moving from P-24 to P-21, next to the cut-off 11 Ind: %.2f", v)
	}
}

// orderOf is the first of side's Orders of category cat.
func orderOf(d *Data, side engine.Side, cat Category) int {
	for p := 1; p <= NumOrders; p++ {
		if d.Orders[p].Side == side && d.Orders[p].Category == cat {
			return p
		}
	}
	return 0
}

// The Orders that mend supply and disruption are worth more when there is
// something to mend: Trucks & Mules (10) with an Allied brigade out of FS
// and LS range, the Reorganisation Orders with Disrupted units.
func TestOrderWorthsFollowNeeds(t *testing.T) {
	start := afterSetup(t)
	fx := &fixture{t: t, d: start.d, p: &start.Pos}
	cases := []struct {
		name   string
		side   engine.Side
		orders []int
		change func(s *State)
	}{
		{"an Allied brigade cut off", Allied, []int{10}, func(s *State) {
			s.Pos.Units[fx.unit("11-ind")].Hex = int16(fx.hex("P-20"))
		}},
		{"two Allied units Disrupted", Allied, []int{2, 32}, func(s *State) {
			for _, u := range s.resupplyUnits(Allied)[:2] {
				s.Pos.Units[u].Disrupted = true
			}
		}},
		{"two Italian units Disrupted", Italian, []int{4, 21}, func(s *State) {
			for _, u := range s.resupplyUnits(Italian)[:2] {
				s.Pos.Units[u].Disrupted = true
			}
		}},
	}
	for _, c := range cases {
		s := start.clone()
		before := *s.orderWorths(c.side)
		c.change(s)
		after := s.orderWorths(c.side)
		for _, p := range c.orders {
			if after[p] <= before[p] {
				t.Errorf("%s: Order %d worth %.2f, before %.2f", c.name, p, after[p], before[p])
			}
		}
	}
}

// The last Allied unit leaving a town the Allies took weighs the town's
// VP against the move when an Italian unit stands within two hexes
// (unguarded): not with another Allied unit there, not with the Italians
// far, not for an SD.
func TestUnguarded(t *testing.T) {
	start := afterSetup(t)
	for u := range start.Pos.Units[:len(start.d.Units)] {
		start.Pos.Units[u].Loc = InBox
	}
	agordat := start.d.town("agordat")
	start.setFlag(agordat, Allied)
	fx := &fixture{t: t, d: start.d, p: &start.Pos}
	put := func(s *State, id, hex string) int {
		u := fx.unit(id)
		s.Pos.Units[u].Loc, s.Pos.Units[u].Hex = OnMap, int16(fx.hex(hex))
		return u
	}
	sdID := ""
	for _, unit := range start.d.Units {
		if unit.Kind == SD && unit.Side == Allied {
			sdID = unit.ID
			break
		}
	}
	cases := []struct {
		name    string
		mover   string
		place   [][2]string
		guarded bool
	}{
		{"alone, an Italian unit two hexes away", "11-ind", [][2]string{{"12-col", "H-13"}}, false},
		{"another Allied unit stays", "11-ind", [][2]string{{"12-col", "H-13"}, {"5-ind", "H-11"}}, true},
		{"the Italians four hexes away", "11-ind", [][2]string{{"12-col", "H-15"}}, true},
		{"an SD leaving", sdID, [][2]string{{"12-col", "H-13"}}, true},
	}
	for _, c := range cases {
		s := start.clone()
		u := put(s, c.mover, "H-11")
		for _, p := range c.place {
			put(s, p[0], p[1])
		}
		if v := s.unguarded(u, fx.hex("H-11")); (v == 0) != c.guarded {
			t.Errorf("%s: unguarded %.2f", c.name, v)
		}
	}
}
