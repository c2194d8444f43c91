package hexgrid

import "fmt"

// Hexside is the edge shared by two adjacent hexes, in a canonical form:
// the same value whichever of the two hexes it is seen from, so it can key
// a map. Fields are exported for compact tables; build values with SideOf
// or Between.
type Hexside struct {
	H Hex // the hex on one side
	D Dir // 0, 1 or 2: the side of H in that direction
}

// SideOf returns the hexside of h in direction d.
func SideOf(h Hex, d Dir) Hexside {
	if d >= 3 {
		return Hexside{h.Add(dirs[d]), d - 3}
	}
	return Hexside{h, d}
}

// Between returns the hexside shared by a and b; ok is false if they are
// not adjacent.
func Between(a, b Hex) (s Hexside, ok bool) {
	d, ok := a.DirTo(b)
	if !ok {
		return Hexside{}, false
	}
	return SideOf(a, d), true
}

// Hexes returns the two hexes that share s, canonical one first.
func (s Hexside) Hexes() (Hex, Hex) { return s.H, s.H.Add(dirs[s.D]) }

// Other returns the hex across s from h (h must be one of s's hexes).
func (s Hexside) Other(h Hex) Hex {
	a, b := s.Hexes()
	if h == a {
		return b
	}
	return a
}

// First reports whether h is the canonical (first) hex of s. Games that
// draw a feature along one side of a hexside (La Primogenita 1.3: a cliff
// line on one side of the hexside makes crossing from that side downhill)
// keep one flag for each side and pick it with First.
func (s Hexside) First(h Hex) bool { return h == s.H }

// Ends returns the two vertices at the ends of s.
func (s Hexside) Ends() [2]Vertex {
	return [2]Vertex{Corner(s.H, s.D.Turn(-1)), Corner(s.H, s.D)}
}

// SideMap attaches a game's features (usually bit flags: road, track,
// river, escarpment, cliff, ridge, stream, wire…) to hexsides. Its zero
// value is unusable; make one with make(SideMap[T]).
type SideMap[T any] map[Hexside]T

// At returns the features of the hexside between a and b (the zero T if
// none are set or the hexes are not adjacent).
func (m SideMap[T]) At(a, b Hex) T {
	s, ok := Between(a, b)
	if !ok {
		var zero T
		return zero
	}
	return m[s]
}

// Set stores the features of the hexside between a and b. It panics if
// the hexes are not adjacent: map data must be checked when it is built.
func (m SideMap[T]) Set(a, b Hex, v T) {
	s, ok := Between(a, b)
	if !ok {
		panic(fmt.Sprintf("hexgrid: SideMap.Set: %v and %v are not adjacent", a, b))
	}
	m[s] = v
}

// Vertex is a hex corner, where three hexes meet (Red Poppies 4.92 and
// 7.24: OMA cross hairs sit on vertices; an FFE strays along the spines to
// the next vertex and hits the three hexes around it). Canonical form: K=0
// is the corner of H between directions 0 and 1, K=1 the corner between
// directions 1 and 2. Build values with Corner or VertexOf.
type Vertex struct {
	H Hex
	K uint8
}

// cornerAt maps corner i of a hex (between directions i and i+1) to the
// canonical vertex: offset from the hex and K.
var cornerAt = [6]Vertex{
	{Hex{0, 0}, 0}, {Hex{0, 0}, 1}, {Hex{-1, 1}, 0},
	{Hex{-1, 0}, 1}, {Hex{-1, 0}, 0}, {Hex{0, -1}, 1},
}

// Corner returns corner i of h, the vertex between directions i and i+1.
// Corners run clockwise like directions.
func Corner(h Hex, i Dir) Vertex {
	c := cornerAt[i]
	return Vertex{h.Add(c.H), c.K}
}

// Hexes returns the three hexes that meet at v.
func (v Vertex) Hexes() [3]Hex {
	if v.K == 0 {
		return [3]Hex{v.H, v.H.Add(dirs[0]), v.H.Add(dirs[1])}
	}
	return [3]Hex{v.H, v.H.Add(dirs[1]), v.H.Add(dirs[2])}
}

// VertexOf returns the vertex where a, b and c meet (in any order); ok is
// false unless the three hexes are mutually adjacent.
func VertexOf(a, b, c Hex) (v Vertex, ok bool) {
	for i := Dir(0); i < 6; i++ {
		x, y := a.Add(dirs[i]), a.Add(dirs[(i+1)%6])
		if b == x && c == y || b == y && c == x {
			return Corner(a, i), true
		}
	}
	return Vertex{}, false
}

// adjacentAt lists, for each K, the three vertices one spine away, in
// clockwise order on the map (checked by TestVertexAdjacentClockwise).
var adjacentAt = [2][3]Vertex{
	{{Hex{0, -1}, 1}, {Hex{1, -1}, 1}, {Hex{0, 0}, 1}},
	{{Hex{0, 0}, 0}, {Hex{0, 1}, 0}, {Hex{-1, 1}, 0}},
}

// Adjacent returns the three vertices at the far ends of the three spines
// (hexsides) that meet at v, in clockwise order. Red Poppies 7.243: the
// player names one spine "1-2"; the next clockwise is "3-4", the last
// "5-6" - index (start + (die-1)/2) % 3.
func (v Vertex) Adjacent() [3]Vertex {
	var out [3]Vertex
	for i, a := range adjacentAt[v.K] {
		out[i] = Vertex{v.H.Add(a.H), a.K}
	}
	return out
}

// Spine returns the hexside running from v to the adjacent vertex w;
// ok is false if w is not one spine away.
func (v Vertex) Spine(w Vertex) (s Hexside, ok bool) {
	a, b := v.Hexes(), w.Hexes()
	var common [2]Hex
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x == y && n < 2 {
				common[n] = x
				n++
			}
		}
	}
	if n != 2 || v == w {
		return Hexside{}, false
	}
	return Between(common[0], common[1])
}

// cube3 returns the vertex position in cube coordinates scaled by 3.
func (v Vertex) cube3() (x, y, z int) {
	for _, h := range v.Hexes() {
		x += h.Q
		y += h.R
		z += h.S()
	}
	return
}
