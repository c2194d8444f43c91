package hexgrid

import "math"

// Point is a position in drawing units (SVG user units: x right, y down).
type Point struct{ X, Y float64 }

var sqrt3 = math.Sqrt(3)

// point maps fractional axial coordinates to drawing units for hexes of
// the given size (centre-to-corner distance). The axial origin is at 0,0.
func (l Layout) point(q, r, size float64) Point {
	if l.Pointy {
		return Point{size * sqrt3 * (q + r/2), size * 1.5 * r}
	}
	return Point{size * 1.5 * q, size * sqrt3 * (r + q/2)}
}

// Center returns the centre of h for hexes of the given size (distance
// from centre to corner; flat-top hexes are 2*size wide, pointy-top hexes
// 2*size tall).
func (l Layout) Center(h Hex, size float64) Point {
	return l.point(float64(h.Q), float64(h.R), size)
}

// Corners returns the six corners of h, corner i lying between directions
// i and i+1, clockwise - ready for an SVG polygon.
func (l Layout) Corners(h Hex, size float64) [6]Point {
	var out [6]Point
	for i := range out {
		d := dirs[i].Add(dirs[(i+1)%6])
		out[i] = l.point(float64(h.Q)+float64(d.Q)/3, float64(h.R)+float64(d.R)/3, size)
	}
	return out
}

// VertexPoint returns the position of v.
func (l Layout) VertexPoint(v Vertex, size float64) Point {
	var q, r int
	for _, h := range v.Hexes() {
		q, r = q+h.Q, r+h.R
	}
	return l.point(float64(q)/3, float64(r)/3, size)
}

// HexAt returns the hex containing point p (for mouse clicks).
func (l Layout) HexAt(p Point, size float64) Hex {
	var q, r float64
	if l.Pointy {
		q, r = (sqrt3/3*p.X-p.Y/3)/size, 2.0/3*p.Y/size
	} else {
		q, r = 2.0/3*p.X/size, (-p.X/3+sqrt3/3*p.Y)/size
	}
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{int(rq), int(rr)}
}

// Bounds returns the smallest box holding every hex of the printed extent,
// for an SVG viewBox.
func (l Layout) Bounds(size float64) (lo, hi Point) {
	hs := l.Hexes()
	if len(hs) == 0 {
		return
	}
	lo = Point{math.Inf(1), math.Inf(1)}
	hi = Point{math.Inf(-1), math.Inf(-1)}
	for _, h := range hs {
		for _, p := range l.Corners(h, size) {
			lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
			hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
		}
	}
	return lo, hi
}
