package limanowa

import (
	"math/rand/v2"
	"testing"

	"sandtable/internal/hexgrid"
)

// 4.1: line of sight is reciprocal on the whole reconstructed map, by day
// and for infantry fire past friendly units.
func TestSeeReciprocal(t *testing.T) {
	m := &DefaultData().Map
	r := rand.New(rand.NewPCG(3, 12))
	units := map[hexgrid.Hex]bool{}
	for range 60 {
		units[m.Hexes[r.IntN(len(m.Hexes))]] = true
	}
	for _, o := range []Sightline{{}, {Blocker: func(h hexgrid.Hex) bool { return units[h] }}} {
		seen := 0
		for range 4000 {
			a, b := m.Hexes[r.IntN(len(m.Hexes))], m.Hexes[r.IntN(len(m.Hexes))]
			v, w := m.See(a, b, o), m.See(b, a, o)
			if v.Visible != w.Visible || v.Visible && v.Concealed != w.Concealed {
				t.Fatalf("%s to %s: %+v, back %+v", Layout.Format(a), Layout.Format(b), v, w)
			}
			if v.Visible {
				seen++
			}
		}
		if seen == 0 || seen == 4000 {
			t.Errorf("%d of 4000 lines visible: the map has no relief", seen)
		}
	}
}

// Facts of the reconstructed map, checked against the rules: a village
// between same-level units blocks (4.41); from the Jabloniec crest a unit
// sees down into the valley (4.52, 8.42); the Łysa Góra woods block.
func TestSeeMap(t *testing.T) {
	m := &DefaultData().Map
	h := Layout.MustParse
	tests := []struct {
		name     string
		a, b     string
		o        Sightline
		visible  bool
		conceals int
	}{
		{"4.41 Limanowa between two valley hexes", "L18", "P16", Sightline{}, false, 0},
		{"open valley along the road", "T17", "Q19", Sightline{}, true, 0},
		{"4.7 aircraft see through Limanowa", "L18", "P16", Sightline{Aircraft: true}, true, 0},
		{"4.82 night: two hexes", "T17", "R18", Sightline{Night: true}, true, 1},
		{"4.82 night: three hexes", "T17", "Q19", Sightline{Night: true}, false, 0},
		{"4.6 a friendly unit between", "T17", "Q19", Sightline{Blocker: func(x hexgrid.Hex) bool { return x == h("R18") || x == h("S18") }}, false, 0},
		// Ruling L71: 6.51's friendly unit is 4.6's full-hex obstacle, so
		// one in a valley below two units on a level 2 hill is not in the
		// way (L1, 8.41).
		{"L71 a friendly unit in a valley below both", "F06", "H05", Sightline{Blocker: func(x hexgrid.Hex) bool { return x == h("G06") }}, true, 0},
	}
	for _, tt := range tests {
		v := m.See(h(tt.a), h(tt.b), tt.o)
		if v.Visible != tt.visible || v.Visible && v.Concealed != tt.conceals {
			t.Errorf("%s: %s to %s = %+v (levels %d, %d)", tt.name, tt.a, tt.b, v, m.Level(h(tt.a)), m.Level(h(tt.b)))
		}
	}
	// 4.92 on the map: a vertex on the far side of Limanowa from L18 is
	// part of the hex beyond it, so the village hex of its cluster blocks.
	v := hexgrid.Corner(h("O17"), 0)
	if far := hexgrid.VertexTarget(h("L18"), v); m.Terrain(far) == VillageHex {
		t.Fatalf("the target hex %s is a village", Layout.Format(far))
	}
	if got := m.SeeVertex(h("L18"), v, Sightline{}); got.Visible || m.Terrain(got.Blocker.Hex) != VillageHex {
		t.Errorf("vertex beyond Limanowa: %+v", got)
	}
	if got := m.SeeVertex(h("L18"), v, Sightline{Aircraft: true}); !got.Visible {
		t.Error("7.21: aircraft observers see every vertex")
	}
}

func BenchmarkSee(b *testing.B) {
	m := &DefaultData().Map
	a, c := Layout.MustParse("N17"), Layout.MustParse("AF13")
	b.ReportAllocs()
	for b.Loop() {
		m.See(a, c, Sightline{})
	}
}

func BenchmarkSeeVertex(b *testing.B) {
	m := &DefaultData().Map
	a, v := Layout.MustParse("N17"), hexgrid.Corner(Layout.MustParse("AF13"), 2)
	b.ReportAllocs()
	for b.Loop() {
		m.SeeVertex(a, v, Sightline{})
	}
}
