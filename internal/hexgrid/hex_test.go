package hexgrid

import (
	"math"
	"math/rand/v2"
	"testing"
)

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
func near(a, b float64) bool  { return math.Abs(a-b) < 1e-9 }

func randHex(r *rand.Rand, n int) Hex { return Hex{r.IntN(2*n+1) - n, r.IntN(2*n+1) - n} }

func TestNeighboursAndDirections(t *testing.T) {
	h := Hex{3, -2}
	for d := Dir(0); d < 6; d++ {
		n := h.Neighbour(d)
		if n.Neighbour(d.Opposite()) != h {
			t.Errorf("neighbour of neighbour in dir %d is not h", d)
		}
		if got, ok := h.DirTo(n); !ok || got != d {
			t.Errorf("DirTo = %d,%v want %d", got, ok, d)
		}
		if Distance(h, n) != 1 {
			t.Errorf("distance to neighbour %d", Distance(h, n))
		}
		if d.Turn(6) != d || d.Turn(-1) != (d+5)%6 || d.Turn(3) != d.Opposite() {
			t.Errorf("Turn wrong for %d", d)
		}
	}
	if _, ok := h.DirTo(h); ok {
		t.Error("a hex is not its own neighbour")
	}
	if _, ok := h.DirTo(Hex{5, -2}); ok {
		t.Error("distance-2 hex reported adjacent")
	}
}

func TestDistanceProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		a, b, c := randHex(r, 40), randHex(r, 40), randHex(r, 40)
		dab := Distance(a, b)
		if dab != Distance(b, a) {
			t.Fatalf("distance not symmetric %v %v", a, b)
		}
		if (dab == 0) != (a == b) {
			t.Fatalf("distance zero iff equal: %v %v", a, b)
		}
		if Distance(a, c) > dab+Distance(b, c) {
			t.Fatalf("triangle inequality %v %v %v", a, b, c)
		}
		// one step toward b along some neighbour reduces the distance by one
		if dab > 0 {
			found := false
			for _, n := range a.Neighbours() {
				if Distance(n, b) == dab-1 {
					found = true
				}
			}
			if !found {
				t.Fatalf("no neighbour of %v is closer to %v", a, b)
			}
		}
	}
}

func TestRingsAndWithin(t *testing.T) {
	c := Hex{2, 5}
	for n := 0; n <= 6; n++ {
		ring := Ring(c, n)
		want := 6 * n
		if n == 0 {
			want = 1
		}
		if len(ring) != want {
			t.Fatalf("ring %d has %d hexes", n, len(ring))
		}
		seen := map[Hex]bool{}
		for i, h := range ring {
			if Distance(c, h) != n || seen[h] {
				t.Fatalf("ring %d: bad or repeated hex %v", n, h)
			}
			seen[h] = true
			if n > 0 && !Adjacent(h, ring[(i+1)%len(ring)]) {
				t.Fatalf("ring %d is not a closed walk at %d", n, i)
			}
		}
		w := Within(c, n)
		if len(w) != 1+3*n*(n+1) {
			t.Fatalf("within %d has %d hexes", n, len(w))
		}
	}
	if Within(c, -1) != nil || len(Ring(c, -1)) != 0 {
		t.Error("negative radius should be empty")
	}
}

func TestHexsides(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		h := randHex(r, 30)
		sides := map[Hexside]bool{}
		for d := Dir(0); d < 6; d++ {
			n := h.Neighbour(d)
			s := SideOf(h, d)
			if s != SideOf(n, d.Opposite()) {
				t.Fatalf("hexside of %v dir %d differs seen from %v", h, d, n)
			}
			if b, ok := Between(n, h); !ok || b != s {
				t.Fatalf("Between(%v,%v) = %v,%v want %v", n, h, b, ok, s)
			}
			if s.D > 2 {
				t.Fatalf("non-canonical %v", s)
			}
			x, y := s.Hexes()
			if !(x == h && y == n || x == n && y == h) || s.Other(h) != n || s.Other(n) != h {
				t.Fatalf("Hexes/Other of %v wrong", s)
			}
			if s.First(h) == s.First(n) {
				t.Fatal("exactly one hex is First")
			}
			// the two end vertices are the corners shared by h and n
			for _, v := range s.Ends() {
				vh := v.Hexes()
				if !contains(vh[:], h) || !contains(vh[:], n) {
					t.Fatalf("end %v of %v does not touch both hexes", v, s)
				}
			}
			sides[s] = true
		}
		if len(sides) != 6 {
			t.Fatal("six distinct hexsides expected")
		}
	}
	if _, ok := Between(Hex{}, Hex{2, 0}); ok {
		t.Error("Between non-adjacent hexes")
	}
	m := make(SideMap[uint8])
	m.Set(Hex{1, 1}, Hex{1, 2}, 5)
	m.Set(Hex{}, Hex{1, -1}, 9) // the zero Hexside is a real hexside
	if m.At(Hex{}, Hex{3, 3}) != 0 {
		t.Error("At of non-adjacent hexes should be zero")
	}
	delete(m, Hexside{})
	if m.At(Hex{1, 2}, Hex{1, 1}) != 5 || m.At(Hex{1, 1}, Hex{2, 1}) != 0 || len(m) != 1 {
		t.Error("SideMap lookup from the other side failed")
	}
	defer func() {
		if recover() == nil {
			t.Error("SideMap.Set of non-adjacent hexes should panic")
		}
	}()
	m.Set(Hex{}, Hex{5, 5}, 1)
}

func contains(hs []Hex, h Hex) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

func TestVertices(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 1000; i++ {
		h := randHex(r, 30)
		vs := map[Vertex]bool{}
		for c := Dir(0); c < 6; c++ {
			v := Corner(h, c)
			vs[v] = true
			hs := v.Hexes()
			want := [3]Hex{h, h.Neighbour(c), h.Neighbour(c.Turn(1))}
			for _, w := range want {
				if !contains(hs[:], w) {
					t.Fatalf("corner %d of %v: hexes %v miss %v", c, h, hs, w)
				}
			}
			// canonical from every hex around it and every order
			for _, p := range [][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
				if g, ok := VertexOf(hs[p[0]], hs[p[1]], hs[p[2]]); !ok || g != v {
					t.Fatalf("VertexOf %v = %v,%v want %v", hs, g, ok, v)
				}
			}
			for _, a := range v.Adjacent() {
				s, ok := v.Spine(a)
				if aa := a.Adjacent(); !ok || aa[0] != v && aa[1] != v && aa[2] != v {
					t.Fatalf("vertex adjacency of %v and %v not symmetric", v, a)
				}
				if e := s.Ends(); !(e[0] == v && e[1] == a || e[0] == a && e[1] == v) {
					t.Fatalf("spine %v ends %v, want %v and %v", s, e, v, a)
				}
			}
		}
		if len(vs) != 6 {
			t.Fatal("six distinct corners expected")
		}
	}
	if _, ok := VertexOf(Hex{}, Hex{1, 0}, Hex{2, 0}); ok {
		t.Error("collinear hexes have no common vertex")
	}
	if _, ok := Corner(Hex{}, 0).Spine(Corner(Hex{}, 3)); ok {
		t.Error("opposite corners are not one spine apart")
	}
}

// The spines leave a vertex in clockwise order on screen, for both hex
// orientations (Red Poppies 7.243 numbers them clockwise).
func TestVertexAdjacentClockwise(t *testing.T) {
	for _, l := range []Layout{wdf, lp} {
		for _, v := range []Vertex{{Hex{0, 0}, 0}, {Hex{0, 0}, 1}, {Hex{4, -7}, 1}} {
			p := l.VertexPoint(v, 1)
			adj := v.Adjacent()
			var ang [3]float64
			for i, a := range adj {
				q := l.VertexPoint(a, 1)
				if !near(dist(p, q), 1) {
					t.Fatalf("adjacent vertex at distance %v", dist(p, q))
				}
				ang[i] = math.Atan2(q.Y-p.Y, q.X-p.X)
			}
			// y grows down, so clockwise means increasing angle, cyclically
			turns := 0
			for i := 0; i < 3; i++ {
				d := ang[(i+1)%3] - ang[i]
				for d < 0 {
					d += 2 * math.Pi
				}
				if near(d, 2*math.Pi/3) {
					turns++
				}
			}
			if turns != 3 {
				t.Errorf("spines of %v not clockwise: %v", v, ang)
			}
		}
	}
}

// Red Poppies 7.244: from the vertex (N18, O19, N19) the spine pointing due
// west leads to the vertex (M19, N18, N19).
func TestRedPoppiesStray(t *testing.T) {
	v, ok := VertexOf(lim.MustParse("N18"), lim.MustParse("O19"), lim.MustParse("N19"))
	if !ok {
		t.Fatal("N18, O19, N19 do not meet")
	}
	want, ok := VertexOf(lim.MustParse("M19"), lim.MustParse("N18"), lim.MustParse("N19"))
	if !ok {
		t.Fatal("M19, N18, N19 do not meet")
	}
	p := lim.VertexPoint(v, 1)
	west := -1
	for i, a := range v.Adjacent() {
		q := lim.VertexPoint(a, 1)
		if q.X < p.X && near(q.Y, p.Y) {
			west = i
		}
	}
	if west < 0 || v.Adjacent()[west] != want {
		t.Fatalf("west spine leads to %v, want %v", v.Adjacent(), want)
	}
	// die 2 on the "1-2" spine: index (west + (2-1)/2) % 3
	if got := v.Adjacent()[(west+(2-1)/2)%3]; got != want {
		t.Errorf("stray = %v, want %v", got, want)
	}
}

func BenchmarkNeighbours(b *testing.B) {
	h := Hex{10, -3}
	var sink Hex
	for i := 0; i < b.N; i++ {
		ns := h.Neighbours()
		sink = ns[i%6]
	}
	_ = sink
}

var distSink int

func BenchmarkDistance(b *testing.B) {
	hs := wdf.Hexes()
	a := wdf.MustParse("1019")
	s := 0
	for i := 0; i < b.N; i++ {
		s += Distance(a, hs[i%len(hs)])
	}
	distSink = s
}

func TestCube(t *testing.T) {
	h := Hex{3, -7}
	q, r, s := h.Cube()
	if q+r+s != 0 || s != h.S() {
		t.Fatalf("Cube = %d %d %d", q, r, s)
	}
	if g, ok := FromCube(q, r, s); !ok || g != h {
		t.Errorf("FromCube = %v %v", g, ok)
	}
	if _, ok := FromCube(1, 1, 1); ok {
		t.Error("FromCube accepted q+r+s != 0")
	}
}
