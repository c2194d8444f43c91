package limanowa

import (
	"sync/atomic"

	"sandtable/internal/hexgrid"
)

// Sightline is what, besides the map, can stand in the way of a line of
// sight at a moment of play. The zero value is a daylight line with no
// units in the way.
type Sightline struct {
	// Aircraft: the observer flies (an OMA group in aircraft mode, 7.21);
	// airplanes and balloons never check LOS (4.7, ruling L7).
	Aircraft bool
	// Night: darkness is full-hex concealment in every hex (4.8).
	Night bool
	// Blocker reports a hex holding a friendly unit not in a trench or
	// pillbox, for infantry and cavalry fire (4.6, 6.51); nil for other
	// lines. It is a full-hex obstacle on its hex's level (ruling L71).
	Blocker func(hexgrid.Hex) bool
	// Concealed reports a hex of full-hex concealment: creeping barrage,
	// smoke, precipitation (4.8); nil for none.
	Concealed func(hexgrid.Hex) bool
}

// sight answers hexgrid's evaluator for the hexes between observer and
// target: the ground and woods of the sectors crossed (rulings L4, D4,
// D5), villages, units in the way and concealment.
func (m *Map) sight(o *Sightline) func(hexgrid.Hex, hexgrid.Sectors) hexgrid.Sight {
	return func(h hexgrid.Hex, across hexgrid.Sectors) hexgrid.Sight {
		var s hexgrid.Sight
		for d := hexgrid.Dir(0); d < 6; d++ {
			if across.Has(d) {
				s.Level = max(s.Level, m.SectorLevel(h, d))
			}
		}
		switch m.Terrain(h) {
		case VillageHex:
			s.Obstacle, s.ObstacleLevel = true, m.Level(h)
		case DotWoods: // woods fill their hex (D5): they stand on the ground crossed
			s.Art, s.ArtLevel = true, s.Level
		case Woods:
			s.ArtConceal, s.ArtConcealLevel = true, s.Level
		}
		if o.Blocker != nil && o.Blocker(h) {
			s.Obstacle, s.ObstacleLevel = true, max(s.ObstacleLevel, m.Level(h))
		}
		s.Conceal = o.Night || o.Concealed != nil && o.Concealed(h)
		return s
	}
}

// See traces the line of sight from the centre of a to the centre of b
// (4.1-4.8): the observer and the target stand on their hexes' levels
// (4.51).
func (m *Map) See(a, b hexgrid.Hex, o Sightline) hexgrid.View {
	if o.Aircraft {
		return hexgrid.View{Visible: true}
	}
	return hexgrid.SeeHex(a, b, m.Level(a), m.Level(b), m.sight(&o))
}

// SeeVertex traces the line of sight from the centre of a to the vertex v
// for off-map artillery (4.92, 6.1): the vertex is part of the hex around
// it furthest from a; when two are equally far the target is on the
// higher of their levels (ruling L6).
func (m *Map) SeeVertex(a hexgrid.Hex, v hexgrid.Vertex, o Sightline) hexgrid.View {
	if o.Aircraft {
		return hexgrid.View{Visible: true}
	}
	far := hexgrid.Distance(a, hexgrid.VertexTarget(a, v))
	target := 0
	for _, h := range v.Hexes() {
		if hexgrid.Distance(a, h) == far {
			target = max(target, m.Level(h))
		}
	}
	return hexgrid.SeeVertex(a, v, m.Level(a), target, m.sight(&o))
}

// vertexMemo remembers lines of sight from hex centres to vertices in
// plain daylight (no night, no units in the way, no concealment markers):
// a pure function of the map, so every game sharing the map fills and
// reads one table - two bits a pair, known and visible - that off-map
// artillery's observers ask again and again (6.1, 4.92). It is filled
// lazily with atomic operations, safe for games on many goroutines.
type vertexMemo struct {
	bits atomic.Pointer[[]atomic.Uint32]
}

const (
	memoHexes    = 46 * 27
	memoVertices = 46 * 32 * 2 // vertexCode's range
)

// SeePlainVertex is SeeVertex(a, v, Sightline{}).Visible, memoized.
func (m *Map) SeePlainVertex(a hexgrid.Hex, v hexgrid.Vertex) bool {
	c, r, ok := m.cell(a)
	k := int(vertexCode(v))
	if m.lines == nil || !ok || k < 0 || k >= memoVertices {
		return m.SeeVertex(a, v, Sightline{}).Visible
	}
	words := m.lines.bits.Load()
	if words == nil {
		w := make([]atomic.Uint32, memoHexes*memoVertices*2/32)
		m.lines.bits.CompareAndSwap(nil, &w)
		words = m.lines.bits.Load()
	}
	i := ((c*27+r)*memoVertices + k) * 2
	word, bit := &(*words)[i/32], uint(i%32)
	if got := word.Load() >> bit; got&1 != 0 {
		return got&2 != 0
	}
	known := uint32(1)
	if m.SeeVertex(a, v, Sightline{}).Visible {
		known |= 2
	}
	word.Or(known << bit)
	return known&2 != 0
}
