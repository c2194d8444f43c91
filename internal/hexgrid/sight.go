package hexgrid

// Red Poppies Campaigns line of sight (rules 4.0-4.9, 8.1-8.9): a
// "wedding cake" of flat elevation levels, full-hex obstacles (villages,
// friendly units) and obstacles and concealment drawn as artwork that a
// line blocks on only where it crosses the drawing (4.42). A map cannot
// give the exact artwork, so a hex describes it by Sectors: the six
// triangles from its centre to its sides. The evaluator works out which
// sectors of each hex between observer and target the line crosses and
// asks the game what the line meets there.

// Sectors is a set of a hex's six sectors: bit d is the triangle from the
// centre to the side toward direction d (between corners d-1 and d).
type Sectors uint8

// AllSectors is the whole hex.
const AllSectors Sectors = 1<<6 - 1

// SideSector is the sector on the side toward d.
func SideSector(d Dir) Sectors { return 1 << d }

// Has reports whether the sector toward d is in s.
func (s Sectors) Has(d Dir) bool { return s&(1<<d) != 0 }

// Sight is what one hex between observer and target shows a line of sight
// crossing the given sectors of it, in the terms of the Red Poppies rules.
// The game's callback fills it; it decides which obstacles exist for the
// fire being traced (4.6 friendly units, 8.8 wheat only between same-level
// units).
type Sight struct {
	// Level is the highest elevation level of the ground in the sectors
	// crossed (4.42: a contour line is artwork; 8.44).
	Level int
	// Obstacle: a full-hex obstacle (4.41): a village (8.1), or for
	// infantry and cavalry fire a friendly unit not in a trench or
	// pillbox (4.6). ObstacleLevel is the level it stands on (4.53).
	Obstacle      bool
	ObstacleLevel int
	// Art: the line crosses obstacle artwork (4.42): woods with a green
	// centre dot (8.9). ArtLevel is the level it stands on.
	Art      bool
	ArtLevel int
	// Conceal: full-hex concealment (4.8): creeping barrage, night,
	// precipitation, smoke; it rises to every level.
	Conceal bool
	// ArtConceal: the line crosses concealment artwork (4.8): woods
	// without a green dot (8.9), wheat (8.8). ArtConcealLevel is the level
	// it stands on; like an obstacle it only conceals a line at its level
	// (ruling L5).
	ArtConceal      bool
	ArtConcealLevel int
}

// View is the result of a line of sight check.
type View struct {
	Visible   bool
	Concealed int  // concealment hexes crossed: 1 gives the target the concealment modifier (4.81)
	Blocker   Step // the step that blocked the line, when not Visible
}

// Ray is a straight line of sight from a hex centre to a hex centre or a
// vertex, in axial coordinates scaled by 3 so that corners are whole.
type Ray struct {
	from, dir [2]int
	corner    [6]int // cross(dir, offset of corner i from a centre)
}

// newRay returns the ray from the point from to the point to (axial
// coordinates scaled by 3).
func newRay(from, to [2]int) Ray {
	r := Ray{from: from, dir: [2]int{to[0] - from[0], to[1] - from[1]}}
	for i := range r.corner {
		d := dirs[i].Add(dirs[(i+1)%6])
		r.corner[i] = r.cross(d.Q, d.R)
	}
	return r
}

// rayTo returns the ray from a's centre to b's centre.
func rayTo(a, b Hex) Ray { return newRay([2]int{3 * a.Q, 3 * a.R}, [2]int{3 * b.Q, 3 * b.R}) }

// cross is the cross product of the ray's direction with (q, r). Axial
// coordinates are an affine image of the plane, so its sign tells the
// side of the line consistently.
func (r *Ray) cross(q, r2 int) int { return r.dir[0]*r2 - r.dir[1]*q }

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Crosses returns the sectors of h that the ray's line passes through or
// runs along (a line along the edge of a sector touches its artwork; a
// line touching only a point of it does not). h must be a hex the line
// crosses.
func (r *Ray) Crosses(h Hex) Sectors {
	base := r.cross(3*h.Q-r.from[0], 3*h.R-r.from[1])
	c := sign(base)
	var k [6]int
	for i := range k {
		k[i] = sign(base + r.corner[i])
	}
	var s Sectors
	for d := range 6 {
		a, b := k[(d+5)%6], k[d]
		lo, hi := min(c, a, b), max(c, a, b)
		zeros := 0
		if c == 0 {
			zeros++
		}
		if a == 0 {
			zeros++
		}
		if b == 0 {
			zeros++
		}
		if lo < 0 && hi > 0 || zeros >= 2 {
			s |= 1 << d
		}
	}
	return s
}

// See evaluates a line of sight along the ray over the steps strictly
// between observer and target (obstacles in their own hexes never block,
// 4.2), for an observer and a target at the given elevation levels (each
// the highest level of its hex, 4.51). The Red Poppies rules applied:
//
//   - same level L (4.4, 8.41): blocked by ground above L (4.43) or by an
//     obstacle standing on level L or higher (4.41, 4.42); obstacles down
//     in a lower valley do not block (ruling L1).
//   - different levels lo < hi (4.5): blocked by ground at hi or above
//     (4.52: so only crest hexes see down, 8.42), or by an obstacle on a
//     level from lo to hi within one level of lo or of hi (4.53; ruling L2
//     on 8.41).
//   - a second concealment hex blocks (4.82); one is counted in Concealed.
//     Full-hex concealment counts at every level (4.8); concealment
//     artwork only where an obstacle there would block (ruling L5).
//   - a line along a hexside (Along step): a full-hex obstacle or
//     concealment counts only if the hex on the other side also has one
//     (4.41); ground, obstacle artwork and concealment artwork touching the
//     hexside count from either side (4.42, 4.91 D to C; ruling L3).
func (r *Ray) See(between []Step, observer, target int, sight func(Hex, Sectors) Sight) View {
	lo, hi := observer, target
	if lo > hi {
		lo, hi = hi, lo
	}
	v := View{Visible: true}
	for _, st := range between {
		var block, conceal bool
		if st.Along {
			d, _ := st.Hex.DirTo(st.Other)
			a, b := sight(st.Hex, SideSector(d)), sight(st.Other, SideSector(d.Opposite()))
			block = levelBlocks(max(a.Level, b.Level), lo, hi) ||
				a.Art && onLevel(a.ArtLevel, lo, hi) || b.Art && onLevel(b.ArtLevel, lo, hi) ||
				a.Obstacle && onLevel(a.ObstacleLevel, lo, hi) && b.Obstacle && onLevel(b.ObstacleLevel, lo, hi)
			conceal = a.Conceal && b.Conceal ||
				a.ArtConceal && onLevel(a.ArtConcealLevel, lo, hi) || b.ArtConceal && onLevel(b.ArtConcealLevel, lo, hi)
		} else {
			s := sight(st.Hex, r.Crosses(st.Hex))
			block = levelBlocks(s.Level, lo, hi) ||
				s.Obstacle && onLevel(s.ObstacleLevel, lo, hi) || s.Art && onLevel(s.ArtLevel, lo, hi)
			conceal = s.Conceal || s.ArtConceal && onLevel(s.ArtConcealLevel, lo, hi)
		}
		if conceal && !block {
			v.Concealed++
			block = v.Concealed >= 2
		}
		if block {
			return View{Visible: false, Concealed: v.Concealed, Blocker: st}
		}
	}
	return v
}

// levelBlocks applies 4.43 (same level: ground higher than both) and 4.52
// (different levels: ground higher than both or equal to the higher).
func levelBlocks(ground, lo, hi int) bool {
	if lo == hi {
		return ground > hi
	}
	return ground >= hi
}

// onLevel reports whether an obstacle standing on level ol is in the way
// of a line between levels lo and hi: 8.41 for the same level, 4.53 for
// different levels.
func onLevel(ol, lo, hi int) bool {
	if lo == hi {
		return ol >= hi
	}
	return ol >= lo && ol <= hi && (ol <= lo+1 || ol >= hi-1)
}

// SeeHex traces the line of sight from the centre of a to the centre of b
// (Red Poppies 4.1) and evaluates it with See. It does not allocate for
// lines up to 60 hexes.
func SeeHex(a, b Hex, observer, target int, sight func(Hex, Sectors) Sight) View {
	var buf [128]Step
	line := AppendLine(buf[:0], a, b)
	if len(line) < 2 {
		return View{Visible: true}
	}
	ray := rayTo(a, b)
	return ray.See(line[1:len(line)-1], observer, target, sight)
}

// VertexTarget returns the hex that a vertex counts as part of for a line
// of sight from a: the hex around v furthest from a (Red Poppies 4.92);
// ties go to the first in v.Hexes() order.
func VertexTarget(a Hex, v Vertex) Hex {
	hs := v.Hexes()
	best := hs[0]
	for _, h := range hs[1:] {
		if Distance(a, h) > Distance(a, best) {
			best = h
		}
	}
	return best
}

// SeeVertex traces the line of sight from the centre of a to vertex v and
// evaluates it with See (Red Poppies 4.92: off-map artillery observers).
// The vertex counts as part of the hex around it furthest from a, so the
// nearer hexes of its cluster that the line crosses can block; the
// furthest hex (every one at the greatest distance, if tied) is the target
// and never blocks. target is the level of that hex.
func SeeVertex(a Hex, v Vertex, observer, target int, sight func(Hex, Sectors) Sight) View {
	var buf [128]Step
	line := AppendLineToVertex(buf[:0], a, v)
	far := Distance(a, VertexTarget(a, v))
	isTarget := func(h Hex) bool {
		if Distance(a, h) != far {
			return false
		}
		for _, x := range v.Hexes() {
			if x == h {
				return true
			}
		}
		return false
	}
	between := line[:0]
	for _, st := range line[1:] {
		if isTarget(st.Hex) || st.Along && isTarget(st.Other) {
			continue // a target hex never blocks, so neither does a pair with it (4.41)
		}
		between = append(between, st)
	}
	x, y, _ := v.cube3()
	ray := newRay([2]int{3 * a.Q, 3 * a.R}, [2]int{x, y})
	return ray.See(between, observer, target, sight)
}
