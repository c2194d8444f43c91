package hexgrid

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// bruteLine finds the hexes the segment (s3 → e3)/k crosses by clipping it
// against every nearby hex cell independently of walk: a hex is on the
// line if the segment spends a positive length inside it; it is "along" if
// that whole stretch lies on one of its sides.
func bruteLine(a Hex, s3, e3 [3]int, k, radius int) []Step {
	d3 := [3]int{e3[0] - s3[0], e3[1] - s3[1], e3[2] - s3[2]}
	type hit struct {
		h      Hex
		lo, hi float64
		along  bool
	}
	var hits []hit
	for _, c := range Within(a, radius) {
		cc := cube(c)
		rel := [3]int{s3[0] - k*cc[0], s3[1] - k*cc[1], s3[2] - k*cc[2]}
		lo, hi, along, empty := 0.0, 1.0, false, false
		for _, dv := range cdirs {
			den, num := dot(d3, dv), k-dot(rel, dv)
			switch {
			case den > 0:
				hi = min(hi, float64(num)/float64(den))
			case den < 0:
				lo = max(lo, float64(num)/float64(den))
			case num < 0:
				empty = true
			case num == 0:
				along = true
			}
		}
		if !empty && hi-lo > 1e-9 {
			hits = append(hits, hit{c, lo, hi, along})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].lo+hits[i].hi < hits[j].lo+hits[j].hi })
	var out []Step
	for i := 0; i < len(hits); i++ {
		if hits[i].along && i+1 < len(hits) && hits[i+1].along {
			out = append(out, Step{Hex: hits[i].h, Other: hits[i+1].h, Along: true})
			i++
			continue
		}
		out = append(out, Step{Hex: hits[i].h})
	}
	return out
}

func sameStep(a, b Step) bool {
	if a.Along != b.Along {
		return false
	}
	if !a.Along {
		return a.Hex == b.Hex
	}
	return a.Hex == b.Hex && a.Other == b.Other || a.Hex == b.Other && a.Other == b.Hex
}

func sameSteps(a, b []Step) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameStep(a[i], b[i]) {
			return false
		}
	}
	return true
}

func TestLineMatchesGeometry(t *testing.T) {
	check := func(a, b Hex) {
		got := Line(a, b)
		want := bruteLine(a, cube(a), cube(b), 1, Distance(a, b)+1)
		if !sameSteps(got, want) {
			t.Fatalf("Line(%v,%v) = %v, want %v", a, b, got, want)
		}
		// reversible: the same steps backwards
		back := Line(b, a)
		for i := range back {
			if !sameStep(back[i], got[len(got)-1-i]) {
				t.Fatalf("Line(%v,%v) is not Line(%v,%v) reversed", b, a, a, b)
			}
		}
	}
	for _, b := range Within(Hex{}, 9) {
		check(Hex{}, b)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 500; i++ {
		check(randHex(r, 15), randHex(r, 15))
	}
}

func TestLineCases(t *testing.T) {
	tests := []struct {
		name string
		a, b Hex
		want []Step
	}{
		{"same hex", Hex{2, 2}, Hex{2, 2}, []Step{{Hex: Hex{2, 2}}}},
		{"adjacent", Hex{}, Hex{0, 1}, []Step{{Hex: Hex{}}, {Hex: Hex{0, 1}}}},
		{"straight", Hex{}, Hex{3, 0}, []Step{{Hex: Hex{}}, {Hex: Hex{1, 0}}, {Hex: Hex{2, 0}}, {Hex: Hex{3, 0}}}},
		{"along a hexside", Hex{}, Hex{2, -1}, []Step{{Hex: Hex{}}, {Hex: Hex{1, -1}, Other: Hex{1, 0}, Along: true}, {Hex: Hex{2, -1}}}},
		{"two hexsides", Hex{}, Hex{-2, 4}, []Step{{Hex: Hex{}}, {Hex: Hex{0, 1}, Other: Hex{-1, 1}, Along: true}, {Hex: Hex{-1, 2}}, {Hex: Hex{-2, 3}, Other: Hex{-1, 3}, Along: true}, {Hex: Hex{-2, 4}}}},
	}
	for _, tt := range tests {
		if got := Line(tt.a, tt.b); !sameSteps(got, tt.want) {
			t.Errorf("%s: Line = %v, want %v", tt.name, got, tt.want)
		}
	}
	// Non-diagonal lines cross exactly distance+1 hexes.
	if n := len(Line(wdf.MustParse("3109"), wdf.MustParse("4110"))); n != 11 {
		t.Errorf("3109-4110 crosses %d hexes, want 11", n)
	}
}

func TestLineToVertexMatchesGeometry(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	check := func(a Hex, v Vertex) {
		x, y, z := v.cube3()
		c := cube(a)
		s3 := [3]int{3 * c[0], 3 * c[1], 3 * c[2]}
		want := bruteLine(a, s3, [3]int{x, y, z}, 3, Distance(a, v.H)+2)
		got := AppendLineToVertex(nil, a, v)
		if !sameSteps(got, want) {
			t.Fatalf("LineToVertex(%v,%v) = %v, want %v", a, v, got, want)
		}
		last := got[len(got)-1]
		hs := v.Hexes()
		if !contains(hs[:], last.Hex) {
			t.Fatalf("LineToVertex(%v,%v) ends in %v, not next to the vertex", a, v, last)
		}
	}
	for _, h := range Within(Hex{}, 6) {
		check(Hex{}, Vertex{h, 0})
		check(Hex{}, Vertex{h, 1})
	}
	for i := 0; i < 500; i++ {
		check(randHex(r, 12), Vertex{randHex(r, 20), uint8(r.IntN(2))})
	}
}

func BenchmarkLine(b *testing.B) {
	a, c := lim.MustParse("N19"), lim.MustParse("AD12") // 16 hexes: field-gun range
	buf := make([]Step, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = AppendLine(buf[:0], a, c)
	}
}
