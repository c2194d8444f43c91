// Package hexgrid is the hex-map geometry shared by the hex-map games
// (Western Desert Force, La Primogenita, Red Poppies Campaigns: Limanowa):
// printed hex ids, neighbours, distance, hexsides and vertices, least-cost
// paths, lines of sight and pixel positions for drawing.
//
// Hexes are held in axial coordinates (Q, R; the third cube coordinate is
// S = -Q-R). A Layout converts between them and the ids printed on a map.
// All geometry except pixels and ids is independent of the Layout.
package hexgrid

// Hex is a hex in axial coordinates. The zero Hex is the axial origin, a
// valid hex; use Layout to get the hex of a printed id.
type Hex struct{ Q, R int }

// S is the third cube coordinate (Q+R+S = 0).
func (h Hex) S() int { return -h.Q - h.R }

// Cube returns h's cube coordinates (q, r, s with q+r+s = 0).
func (h Hex) Cube() (q, r, s int) { return h.Q, h.R, h.S() }

// FromCube returns the hex with cube coordinates q, r, s; ok is false
// unless q+r+s = 0.
func FromCube(q, r, s int) (h Hex, ok bool) { return Hex{q, r}, q+r+s == 0 }

// Add returns h moved by the axial vector v.
func (h Hex) Add(v Hex) Hex { return Hex{h.Q + v.Q, h.R + v.R} }

// Sub returns the axial vector from v to h.
func (h Hex) Sub(v Hex) Hex { return Hex{h.Q - v.Q, h.R - v.R} }

// Scale multiplies an axial vector by k.
func (h Hex) Scale(k int) Hex { return Hex{h.Q * k, h.R * k} }

// Dir is one of the six directions from a hex to a neighbour, numbered
// clockwise as seen on the map (y grows downwards). Direction 0 points to
// the upper right: NE for both flat-top and pointy-top layouts.
//
//	Dir:        0   1   2   3   4   5
//	flat-top:   NE  SE  S   SW  NW  N
//	pointy-top: NE  E   SE  SW  W   NW
type Dir int

// dirs are the axial unit vectors of the six directions.
var dirs = [6]Hex{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}

// Opposite returns the reverse direction.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// Turn returns d rotated by n sixths clockwise (n may be negative).
func (d Dir) Turn(n int) Dir { return Dir(((int(d)+n)%6 + 6) % 6) }

// Vector returns the axial unit vector of direction d.
func (d Dir) Vector() Hex { return dirs[d] }

// Neighbour returns the hex adjacent to h in direction d.
func (h Hex) Neighbour(d Dir) Hex { return h.Add(dirs[d]) }

// Neighbours returns the six adjacent hexes in direction order.
func (h Hex) Neighbours() [6]Hex {
	var n [6]Hex
	for d, v := range dirs {
		n[d] = h.Add(v)
	}
	return n
}

// DirTo returns the direction from h to the adjacent hex n; ok is false
// if n is not adjacent to h.
func (h Hex) DirTo(n Hex) (d Dir, ok bool) {
	v := n.Sub(h)
	for i, w := range dirs {
		if v == w {
			return Dir(i), true
		}
	}
	return 0, false
}

// Adjacent reports whether a and b share a hexside.
func Adjacent(a, b Hex) bool {
	_, ok := a.DirTo(b)
	return ok
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Distance is the number of hex steps from a to b (a hex is at distance
// 0 from itself, its neighbours at 1). Counting "within N hexes" therefore
// counts the target but not the start hex.
func Distance(a, b Hex) int {
	v := a.Sub(b)
	return (abs(v.Q) + abs(v.R) + abs(v.Q+v.R)) / 2
}

// AppendRing appends the hexes at exactly distance n from c, clockwise,
// starting with the hex n steps from c in direction 0. Ring 0 is c itself.
func AppendRing(dst []Hex, c Hex, n int) []Hex {
	if n < 0 {
		return dst
	}
	if n == 0 {
		return append(dst, c)
	}
	h := c.Add(dirs[0].Scale(n))
	for side := 0; side < 6; side++ {
		step := dirs[(side+2)%6]
		for i := 0; i < n; i++ {
			dst = append(dst, h)
			h = h.Add(step)
		}
	}
	return dst
}

// Ring returns the hexes at exactly distance n from c (see AppendRing).
func Ring(c Hex, n int) []Hex {
	if n <= 0 {
		return AppendRing(nil, c, n)
	}
	return AppendRing(make([]Hex, 0, 6*n), c, n)
}

// AppendWithin appends every hex at distance 0..n from c, ring by ring.
func AppendWithin(dst []Hex, c Hex, n int) []Hex {
	for k := 0; k <= n; k++ {
		dst = AppendRing(dst, c, k)
	}
	return dst
}

// Within returns every hex at distance 0..n from c, ring by ring
// (1 + 3n(n+1) hexes).
func Within(c Hex, n int) []Hex {
	if n < 0 {
		return nil
	}
	return AppendWithin(make([]Hex, 0, 1+3*n*(n+1)), c, n)
}
