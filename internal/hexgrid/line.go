package hexgrid

// Step is one place along a straight line across the map: a single hex,
// or, where the line runs exactly along a hexside, the two hexes on either
// side of it (Along), so that a rule can decide whether the pair blocks
// when both or when either blocks.
type Step struct {
	Hex   Hex
	Other Hex  // the second hex when Along
	Along bool // the line runs along the hexside between Hex and Other
}

// Line returns the hexes that the straight line from the centre of a to the
// centre of b passes through, in order, from a to b inclusive (see
// AppendLine).
func Line(a, b Hex) []Step {
	return AppendLine(make([]Step, 0, Distance(a, b)+1), a, b)
}

// AppendLine appends the steps of the line from the centre of a to the
// centre of b, starting with a and ending with b. A hex the line only
// touches at a corner is not included. Computed exactly in integers: a
// line along a hexside (only possible when the direction is a hex-grid
// diagonal) yields Along pairs, alternating with the single hexes whose
// centres it crosses.
func AppendLine(dst []Step, a, b Hex) []Step {
	return walk(dst, a, cube(a), cube(b), 1)
}

// AppendLineToVertex appends the steps of the line from the centre of a to
// the vertex v (Red Poppies 4.1, 4.92: LOS for off-map artillery is traced
// to a vertex), starting with a and ending with the last step before the
// line reaches v. The hexes around v that the line only touches at v are
// not included.
func AppendLineToVertex(dst []Step, a Hex, v Vertex) []Step {
	x, y, z := v.cube3()
	c := cube(a)
	return walk(dst, a, [3]int{3 * c[0], 3 * c[1], 3 * c[2]}, [3]int{x, y, z}, 3)
}

// cube returns h's cube coordinates.
func cube(h Hex) [3]int { return [3]int{h.Q, h.R, h.S()} }

// cdirs are the direction vectors in cube coordinates.
var cdirs = func() (c [6][3]int) {
	for i, d := range dirs {
		c[i] = cube(d)
	}
	return
}()

func dot(a, b [3]int) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// walk appends the hexes crossed by the segment from s3/k to e3/k (cube
// coordinates scaled by k), starting in hex a, which must contain s3/k in
// its interior. A point p is inside hex c when (p-c)·d <= 1 for every cube
// direction d; so the segment p(t) = (s3 + t(e3-s3))/k leaves c through the
// side toward d at t = (k - (s3-kc)·d) / ((e3-s3)·d), for directions with a
// positive denominator.
func walk(dst []Step, a Hex, s3, e3 [3]int, k int) []Step {
	d3 := [3]int{e3[0] - s3[0], e3[1] - s3[1], e3[2] - s3[2]}
	// Only directions with a positive denominator can be exits (at most
	// three); precompute their denominators and s3·d.
	var exits [3]struct{ i, den, sd int }
	nexits := 0
	for i, dv := range cdirs {
		if den := dot(d3, dv); den > 0 {
			exits[nexits] = struct{ i, den, sd int }{i, den, dot(s3, dv)}
			nexits++
		}
	}
	c := a
	dst = append(dst, Step{Hex: c})
	// A line crosses at most about two steps per unit of length.
	for guard := 2*(abs(d3[0])+abs(d3[1])+abs(d3[2]))/k + 8; guard > 0; guard-- {
		cc := cube(c)
		var best [2]int // directions achieving the minimum exit parameter
		nbest := 0
		bnum, bden := 0, 0
		for _, e := range exits[:nexits] {
			dv := cdirs[e.i]
			num := k - e.sd + k*dot(cc, dv)
			switch {
			case nbest == 0 || num*bden < bnum*e.den:
				best[0], nbest, bnum, bden = e.i, 1, num, e.den
			case num*bden == bnum*e.den && nbest < 2:
				best[1], nbest = e.i, 2
			}
		}
		if nbest == 0 || bnum >= bden {
			return dst // the segment ends inside c or on its boundary
		}
		if nbest == 1 {
			c = c.Add(dirs[best[0]])
			dst = append(dst, Step{Hex: c})
			continue
		}
		// Exit through the corner between two adjacent sides.
		i, j := best[0], best[1]
		if (i+1)%6 != j {
			i, j = j, i
		}
		x, y := c.Add(dirs[i]), c.Add(dirs[j])
		di, dj := cdirs[i], cdirs[j]
		switch side := dot(d3, [3]int{dj[0] - di[0], dj[1] - di[1], dj[2] - di[2]}); {
		case side > 0:
			c = y
			dst = append(dst, Step{Hex: c})
			continue
		case side < 0:
			c = x
			dst = append(dst, Step{Hex: c})
			continue
		}
		// The line runs along the hexside between x and y to the far
		// vertex, where it enters w (or ends).
		dst = append(dst, Step{Hex: x, Other: y, Along: true})
		w := x.Add(dirs[j])
		xc, yc, wc := cube(x), cube(y), cube(w)
		var far [3]int
		for n := range far {
			far[n] = k*(xc[n]+yc[n]+wc[n]) - 3*s3[n]
		}
		if dot(far, d3) >= 3*dot(d3, d3) {
			return dst
		}
		c = w
		dst = append(dst, Step{Hex: c})
	}
	return dst
}
