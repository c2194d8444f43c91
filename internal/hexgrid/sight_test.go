package hexgrid

import (
	"math/rand/v2"
	"testing"
)

// terrain is a test map for the Red Poppies LOS rules: hexes not listed
// are level 0 open ground.
type terrain map[Hex]Sight

func (m terrain) sight(h Hex, _ Sectors) Sight { return m[h] }

func village(level int) Sight { return Sight{Level: level, Obstacle: true, ObstacleLevel: level} }

func TestSeeRedPoppies(t *testing.T) {
	// Observer at (0,0), target at (5,0); the line crosses (1,0)…(4,0).
	a, b := Hex{}, Hex{5, 0}
	tests := []struct {
		name     string
		m        terrain
		obs, tgt int
		visible  bool
		conceal  int
		blocker  Hex
	}{
		{"open ground", terrain{}, 0, 0, true, 0, Hex{}},
		{"4.41 village between", terrain{{2, 0}: village(0)}, 0, 0, false, 0, Hex{2, 0}},
		{"4.2 obstacles in own hexes never block", terrain{a: village(0), b: village(0)}, 0, 0, true, 0, Hex{}},
		{"4.43 higher contour between", terrain{{3, 0}: {Level: 2}}, 1, 1, false, 0, Hex{3, 0}},
		{"4.43 lower or equal contours never block", terrain{{1, 0}: {Level: 1}, {2, 0}: {Level: 0}, {3, 0}: {Level: 1}}, 1, 1, true, 0, Hex{}},
		{"8.41 village down in a valley between two hills", terrain{{2, 0}: village(0)}, 2, 2, true, 0, Hex{}},
		{"8.41 woods at the same level", terrain{{2, 0}: {Level: 2, Obstacle: true, ObstacleLevel: 2}}, 2, 2, false, 0, Hex{2, 0}},
		{"4.52 plateau: not a crest hex, cannot see down", terrain{a: {Level: 3}, {1, 0}: {Level: 3}}, 3, 1, false, 0, Hex{1, 0}},
		{"4.52 crest hex sees down", terrain{a: {Level: 3}, {1, 0}: {Level: 2}, {2, 0}: {Level: 1}}, 3, 1, true, 0, Hex{}},
		{"4.52 higher ridge between", terrain{{2, 0}: {Level: 3}}, 2, 0, false, 0, Hex{2, 0}},
		{"4.53 rule example: obstacle on level 2 between 3 and 1", terrain{{1, 0}: {Level: 2}, {2, 0}: village(2)}, 3, 1, false, 0, Hex{2, 0}},
		{"4.53 obstacle at the lower unit's level", terrain{{3, 0}: village(1)}, 3, 1, false, 0, Hex{3, 0}},
		{"4.53 obstacle more than one level from both", terrain{{1, 0}: {Level: 3}, {2, 0}: village(2)}, 4, 0, true, 0, Hex{}},
		{"4.53 obstacle below both", terrain{{2, 0}: village(0)}, 3, 1, true, 0, Hex{}},
		{"4.81 one concealment hex", terrain{{2, 0}: {Conceal: true}}, 0, 0, true, 1, Hex{}},
		{"4.82 second concealment hex blocks", terrain{{1, 0}: {Conceal: true}, {3, 0}: {Conceal: true}}, 0, 0, false, 2, Hex{3, 0}},
	}
	for _, tt := range tests {
		v := SeeHex(a, b, tt.obs, tt.tgt, tt.m.sight)
		if v.Visible != tt.visible || v.Concealed != tt.conceal || !v.Visible && v.Blocker.Hex != tt.blocker {
			t.Errorf("%s: got %+v, want visible=%v concealed=%d blocker=%v", tt.name, v, tt.visible, tt.conceal, tt.blocker)
		}
		// 4.1: line of sight is reciprocal
		if w := SeeHex(b, a, tt.tgt, tt.obs, tt.m.sight); w.Visible != v.Visible {
			t.Errorf("%s: not reciprocal", tt.name)
		}
	}
}

// 4.41: a line along the hexside of a full-hex obstacle is blocked only if
// the hex on the other side also blocks.
func TestSeeAlongHexside(t *testing.T) {
	a, b := Hex{}, Hex{2, -1} // passes between (1,-1) and (1,0)
	tests := []struct {
		name    string
		m       terrain
		visible bool
		conceal int
	}{
		{"village on one side", terrain{{1, -1}: village(0)}, true, 0},
		{"villages on both sides", terrain{{1, -1}: village(0), {1, 0}: village(0)}, false, 0},
		{"concealment on one side", terrain{{1, 0}: {Conceal: true}}, true, 0},
		{"concealment on both sides", terrain{{1, 0}: {Conceal: true}, {1, -1}: {Conceal: true}}, true, 1},
	}
	for _, tt := range tests {
		if v := SeeHex(a, b, 0, 0, tt.m.sight); v.Visible != tt.visible || v.Concealed != tt.conceal {
			t.Errorf("%s: got %+v", tt.name, v)
		}
	}
}

// 4.92: the vertex counts as part of the furthest hex around it; nearer
// hexes of the cluster can block.
func TestSeeVertex(t *testing.T) {
	a := Hex{}
	v := Corner(Hex{3, 0}, 3) // (3,0), (2,1) at distance 3; (2,0) at 2
	if far := VertexTarget(a, v); Distance(a, far) != 3 {
		t.Fatalf("VertexTarget = %v", far)
	}
	tests := []struct {
		name    string
		m       terrain
		visible bool
	}{
		{"clear", terrain{}, true},
		{"obstacle in the nearer cluster hex", terrain{{2, 0}: village(0)}, false},
		{"obstacles in the furthest hexes", terrain{{3, 0}: village(0), {2, 1}: village(0)}, true},
		{"obstacle in the observer's hex", terrain{a: village(0)}, true},
	}
	for _, tt := range tests {
		if got := SeeVertex(a, v, 0, 0, tt.m.sight); got.Visible != tt.visible {
			t.Errorf("%s: got %+v", tt.name, got)
		}
	}
}

// Reciprocity (4.1) over random terrain, including hexside lines.
func TestSeeReciprocal(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	m := terrain{}
	for _, h := range Within(Hex{}, 10) {
		s := Sight{Level: r.IntN(3)}
		if r.IntN(5) == 0 {
			s.Obstacle, s.ObstacleLevel = true, s.Level
		}
		s.Conceal = r.IntN(6) == 0
		m[h] = s
	}
	for i := 0; i < 3000; i++ {
		a, b := randHex(r, 7), randHex(r, 7)
		la, lb := m[a].Level, m[b].Level
		v, w := SeeHex(a, b, la, lb, m.sight), SeeHex(b, a, lb, la, m.sight)
		if v.Visible != w.Visible {
			t.Fatalf("%v→%v: %+v but back %+v", a, b, v, w)
		}
	}
}

func BenchmarkSeeHex(b *testing.B) {
	a, c := lim.MustParse("N19"), lim.MustParse("AD12")
	m := terrain{}
	sight := m.sight
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		SeeHex(a, c, 1, 1, sight)
	}
}

func BenchmarkSeeVertex(b *testing.B) {
	a := lim.MustParse("N19")
	v := Corner(lim.MustParse("AD12"), 4)
	m := terrain{}
	sight := m.sight
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		SeeVertex(a, v, 1, 1, sight)
	}
}
