package hexgrid

import (
	"math/rand/v2"
	"testing"
)

// units per movement point, as a game would scale WDF's 1/3 and 1/2 MP.
const mp = 6

func open(from, to Hex, _ Hexside) (int, bool) { return mp, false }

func TestReachOpenGround(t *testing.T) {
	box := Layout{MinCol: 1, MaxCol: 20, MinRow: 1, MaxRow: 20}
	s := NewSearch(box.Hexes())
	start := box.Hex(10, 10)
	got := s.Reach(start, 3*mp, open)
	want := Within(start, 3)
	if len(got) != len(want) {
		t.Fatalf("reached %d hexes, want %d", len(got), len(want))
	}
	if got[0] != (Reached{start, 0}) {
		t.Errorf("first reached %v, want the start", got[0])
	}
	for i, r := range got {
		if r.Cost != mp*Distance(start, r.Hex) {
			t.Errorf("%v cost %d, want %d", r.Hex, r.Cost, mp*Distance(start, r.Hex))
		}
		if i > 0 && r.Cost < got[i-1].Cost {
			t.Error("not in order of cost")
		}
		if p := s.PathTo(r.Hex); len(p) != Distance(start, r.Hex)+1 || p[0] != start || p[len(p)-1] != r.Hex {
			t.Errorf("PathTo(%v) = %v", r.Hex, p)
		}
	}
	if _, ok := s.Cost(box.Hex(10, 14)); ok {
		t.Error("hex 4 away reached within 3 MP")
	}
	// clipped by the box
	if n := len(s.Reach(box.Hex(1, 1), 1*mp, open)); n != 3 {
		t.Errorf("corner hex reaches %d hexes, want 3", n)
	}
	// WDF 8.3 example 1: a unit in 3617 is 3 MP from track hex 3819.
	ws := NewSearch(wdf.Hexes())
	if _, c, ok := ws.Path(wdf.MustParse("3617"), wdf.MustParse("3819"), 4*mp, open); !ok || c != 3*mp {
		t.Errorf("3617→3819 cost %d ok=%v, want %d", c, ok, 3*mp)
	}
}

// Hexside features: an escarpment line crossed only where a road crosses
// it (WDF 11.2); roads cost 1/3 MP between connected road hexes (11.1).
func TestPathHexsides(t *testing.T) {
	const (
		road = 1 << iota
		escarpment
	)
	sides := make(SideMap[uint8])
	// an escarpment between rows 10 and 11 from column 30 to 40 of WDF,
	// crossed by a road between 3510 and 3511
	for c := 30; c <= 40; c++ {
		h := wdf.Hex(c, 10)
		for _, n := range h.Neighbours() {
			if nc, nr := wdf.ColRow(n); nr == 11 && nc >= 30 && nc <= 40 {
				sides.Set(h, n, escarpment)
			}
		}
	}
	sides.Set(wdf.MustParse("3510"), wdf.MustParse("3511"), escarpment|road)
	step := func(from, to Hex, s Hexside) (int, bool) {
		f := sides[s]
		switch {
		case f&road != 0:
			return mp / 3, false
		case f&escarpment != 0:
			return -1, false
		}
		return mp, false
	}
	s := NewSearch(wdf.Hexes())
	path, cost, ok := s.Path(wdf.MustParse("3310"), wdf.MustParse("3311"), NoLimit, step)
	if !ok {
		t.Fatal("no path")
	}
	for i := 1; i < len(path); i++ {
		f := sides.At(path[i-1], path[i])
		if f == escarpment {
			t.Fatalf("path crosses the escarpment at %s-%s", wdf.Format(path[i-1]), wdf.Format(path[i]))
		}
	}
	// 3310-3410-3510, the road across, 3511-3411-3311: 4 MP and 1/3; the
	// way round the west end (8 hexes) costs more.
	if cost != 4*mp+mp/3 || len(path) != 6 || wdf.Format(path[2]) != "3510" || wdf.Format(path[3]) != "3511" {
		t.Errorf("path %v cost %d, want 3310 3410 3510 3511 3411 3311 cost %d", path, cost, 4*mp+mp/3)
	}
	if _, _, ok := s.Path(wdf.MustParse("3310"), wdf.MustParse("3311"), mp, step); ok {
		t.Error("path found within 1 MP across an escarpment")
	}
	if _, _, ok := s.Path(wdf.MustParse("3310"), Hex{500, 500}, NoLimit, step); ok {
		t.Error("path to a hex outside the box")
	}
}

// A hex entered with stop is reached but not passed through; the same hex
// entered without stop (here: from a friendly-occupied neighbour) can be.
func TestPathStop(t *testing.T) {
	box := Layout{MinCol: 1, MaxCol: 9, MinRow: 1, MaxRow: 9}
	s := NewSearch(box.Hexes())
	zoc := box.Hex(5, 5)
	step := func(from, to Hex, _ Hexside) (int, bool) { return mp, to == zoc }
	s.Reach(zoc.Add(Hex{-2, 0}), NoLimit, step)
	if c, ok := s.Cost(zoc); !ok || c != 2*mp {
		t.Errorf("ZOC hex cost %d %v", c, ok)
	}
	p := s.PathTo(zoc.Add(Hex{2, 0}))
	for _, h := range p[:len(p)-1] {
		if h == zoc {
			t.Fatalf("path %v passes through a stop hex", p)
		}
	}
	// starting in the stop hex, the mover may leave it
	if got := s.Reach(zoc, mp, step); len(got) != 7 {
		t.Errorf("leaving a stop hex reaches %d hexes, want 7", len(got))
	}
}

// Dijkstra agrees with exhaustive relaxation (Bellman-Ford over the same
// (hex, stopped) states) on random costs, stops and walls; and repeated
// searches give identical results.
func TestReachMatchesRelaxation(t *testing.T) {
	box := Layout{Pointy: true, Numbering: Skewed, MinCol: 1, MaxCol: 12, MinRow: 1, MaxRow: 10}
	hexes := box.Hexes()
	r := rand.New(rand.NewPCG(13, 14))
	for trial := 0; trial < 30; trial++ {
		enter := map[Hex]int{}
		stops := map[Hex]bool{}
		walls := map[Hexside]bool{}
		for _, h := range hexes {
			enter[h] = []int{-1, 2, 3, 6, 6, 6, 12}[r.IntN(7)]
			stops[h] = r.IntN(8) == 0
			if r.IntN(4) == 0 {
				walls[SideOf(h, Dir(r.IntN(6)))] = true
			}
		}
		step := func(from, to Hex, s Hexside) (int, bool) {
			if walls[s] {
				return -1, false
			}
			return enter[to], stops[to]
		}
		start := hexes[r.IntN(len(hexes))]
		budget := 10 + r.IntN(40)
		// relaxation
		const inf = 1 << 30
		type state struct {
			h    Hex
			stop bool
		}
		d := map[state]int{{start, false}: 0}
		for changed := true; changed; {
			changed = false
			for st, c := range d {
				if st.stop {
					continue
				}
				for _, n := range st.h.Neighbours() {
					if !box.OnMap(n) {
						continue
					}
					sc, stop := step(st.h, n, SideOf(st.h, mustDir(st.h, n)))
					if sc < 0 || c+sc > budget {
						continue
					}
					ns := state{n, stop}
					if old, ok := d[ns]; !ok || c+sc < old {
						d[ns] = c + sc
						changed = true
					}
				}
			}
		}
		want := map[Hex]int{}
		for st, c := range d {
			if old, ok := want[st.h]; !ok || c < old {
				want[st.h] = c
			}
		}
		s := NewSearch(hexes)
		got := s.Reach(start, budget, step)
		if len(got) != len(want) {
			t.Fatalf("trial %d: reached %d hexes, want %d", trial, len(got), len(want))
		}
		first := append([]Reached(nil), got...)
		for _, g := range got {
			if want[g.Hex] != g.Cost {
				t.Fatalf("trial %d: %v cost %d, want %d", trial, g.Hex, g.Cost, want[g.Hex])
			}
			// the path is legal and costs what was reported
			p := s.PathTo(g.Hex)
			sum := 0
			for i := 1; i < len(p); i++ {
				c, stop := step(p[i-1], p[i], SideOf(p[i-1], mustDir(p[i-1], p[i])))
				if c < 0 || stop && i < len(p)-1 {
					t.Fatalf("trial %d: illegal path %v", trial, p)
				}
				sum += c
			}
			if sum != g.Cost {
				t.Fatalf("trial %d: path to %v costs %d, reported %d", trial, g.Hex, sum, g.Cost)
			}
		}
		again := s.Reach(start, budget, step)
		for i := range again {
			if again[i] != first[i] {
				t.Fatalf("trial %d: second search differs at %d", trial, i)
			}
		}
		// ReachFor: each hex asked is reached exactly when Reach reaches
		// it, at the same cost, and the search stops at the last of them.
		for k := 1; k <= 4; k++ {
			var asked []Hex
			for range k {
				asked = append(asked, hexes[r.IntN(len(hexes))])
			}
			part := s.ReachFor(start, asked, budget, step)
			costs := map[Hex]int{}
			for _, p := range part {
				costs[p.Hex] = p.Cost
			}
			last, all := 0, true
			for _, h := range asked {
				c, ok := costs[h]
				if w, reached := want[h]; ok != reached || ok && c != w {
					t.Fatalf("trial %d: ReachFor %v: %v reached %v at %d, Reach: %v at %d", trial, asked, h, ok, c, reached, w)
				}
				last, all = max(last, c), all && ok
			}
			if all && part[len(part)-1].Cost != last {
				t.Fatalf("trial %d: ReachFor %v went on past %d to %d", trial, asked, last, part[len(part)-1].Cost)
			}
		}
	}
}

func mustDir(a, b Hex) Dir {
	d, ok := a.DirTo(b)
	if !ok {
		panic("not adjacent")
	}
	return d
}

func TestSearchAllocations(t *testing.T) {
	s := NewSearch(wdf.Hexes())
	start := wdf.MustParse("3609")
	s.Reach(start, 12*mp, open)
	if n := testing.AllocsPerRun(20, func() { s.Reach(start, 12*mp, open) }); n != 0 {
		t.Errorf("Reach allocates %v times per search", n)
	}
	var buf [128]Step
	if n := testing.AllocsPerRun(20, func() { AppendLine(buf[:0], Hex{}, Hex{13, -5}) }); n != 0 {
		t.Errorf("AppendLine allocates %v times", n)
	}
	m := terrain{}
	if n := testing.AllocsPerRun(20, func() { SeeHex(Hex{}, Hex{13, -5}, 0, 0, m.sight) }); n != 0 {
		t.Errorf("SeeHex allocates %v times", n)
	}
}

// wdfCost is a desert-ish cost: coast road hexes 1/3 MP between road
// hexes, every fifth column rough (2 MP), the rest clear.
func wdfCost() StepCost {
	// a dense table, as a game would keep its terrain
	var roads [72][28]bool
	isRoad := func(h Hex) bool {
		c, r := wdf.ColRow(h)
		return c >= 0 && c < 72 && r >= 0 && r < 28 && roads[c][r]
	}
	for _, h := range ids(wdf, "1019 1119 1218 1318 1417 1517 1616 1615 1614 1514 1513 1412 1512 1511 1610 1710 1709 1808 1908 2008 2108 2207 2307 2306 2406 2506 2606 2706 2806 2807 2808 2809 2909 3009 3109 3209 3309 3408 3509 3609 3709 3809 3909 4009 4110 4210 4310 4409 4510 4609 4710 4809 4909 5009 5109 5209 5310 5410 5510 5610 5710 5810 5910 6010 6110 6209 6309 6408 6508") {
		c, r := wdf.ColRow(h)
		roads[c][r] = true
	}
	return func(from, to Hex, _ Hexside) (int, bool) {
		if isRoad(from) && isRoad(to) {
			return mp / 3, false
		}
		if to.Q%5 == 0 {
			return 2 * mp, false
		}
		return mp, false
	}
}

func BenchmarkReach12MP(b *testing.B) {
	s := NewSearch(wdf.Hexes())
	start := wdf.MustParse("3609")
	step := wdfCost()
	b.ReportAllocs()
	n := 0
	for i := 0; i < b.N; i++ {
		n = len(s.Reach(start, 12*mp, step))
	}
	b.ReportMetric(float64(n), "hexes")
}

func BenchmarkPathAcrossMap(b *testing.B) {
	s := NewSearch(wdf.Hexes())
	from, to := wdf.MustParse("1019"), wdf.MustParse("6508")
	step := wdfCost()
	var buf []Hex
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Reach(from, NoLimit, step) // whole map
		buf = s.AppendPathTo(buf[:0], to)
	}
}
