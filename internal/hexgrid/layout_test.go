package hexgrid

import (
	"errors"
	"strings"
	"testing"
)

// The printed numbering of the three hex-map games (data dossiers §1).
var (
	// Western Desert Force: "3609" = column 36, row 09; flat-top columns,
	// even columns half a hex lower.
	wdf = Layout{Width: 2, MinCol: 1, MaxCol: 70, MinRow: 1, MaxRow: 26}
	// Red Poppies: Limanowa: "AR04" = column AR (44), row 04; flat-top,
	// B, D, … (even with A=1) half a hex lower.
	lim = Layout{ColLetters: true, Width: 2, MinCol: 1, MaxCol: 44, MinRow: 1, MaxRow: 25}
	// La Primogenita: "H-11" = row H, column 11; pointy-top rows, columns
	// tilted to the right.
	lp = Layout{Pointy: true, Numbering: Skewed, RowFirst: true, RowLetters: true, Sep: "-",
		MinCol: 1, MaxCol: 28, MinRow: 1, MaxRow: 18}
)

var layouts = []struct {
	name string
	l    Layout
}{{"wdf", wdf}, {"limanowa", lim}, {"primogenita", lp},
	{"flat-odd", Layout{Numbering: OddShifted, Sep: ".", MinCol: 0, MaxCol: 9, MinRow: 0, MaxRow: 7}},
	{"pointy-even", Layout{Pointy: true, Sep: ",", MinCol: 0, MaxCol: 9, MinRow: 0, MaxRow: 7}},
	{"pointy-odd", Layout{Pointy: true, Numbering: OddShifted, Sep: "/", MinCol: 0, MaxCol: 9, MinRow: 0, MaxRow: 7}},
	{"flat-skewed", Layout{Numbering: Skewed, Sep: "-", MinCol: 1, MaxCol: 9, MinRow: 1, MaxRow: 7}},
}

func TestParseFormat(t *testing.T) {
	tests := []struct {
		l        Layout
		id       string
		col, row int
		want     string
	}{
		{wdf, "3609", 36, 9, "3609"},
		{wdf, "0101", 1, 1, "0101"},
		{wdf, " 6508 ", 65, 8, "6508"},
		{lim, "N17", 14, 17, "N17"},
		{lim, "AR04", 44, 4, "AR04"},
		{lim, "ai25", 35, 25, "AI25"},
		{lim, "A01", 1, 1, "A01"},
		{lp, "H-11", 11, 8, "H-11"},
		{lp, "i-1", 1, 9, "I-1"},
		{lp, "R-28", 28, 18, "R-28"},
	}
	for _, tt := range tests {
		h, err := tt.l.Parse(tt.id)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.id, err)
			continue
		}
		if c, r := tt.l.ColRow(h); c != tt.col || r != tt.row {
			t.Errorf("Parse(%q) = col %d row %d, want %d %d", tt.id, c, r, tt.col, tt.row)
		}
		if got := tt.l.Format(h); got != tt.want {
			t.Errorf("Format(Parse(%q)) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		l    Layout
		id   string
		want string
	}{
		{wdf, "", "empty"},
		{wdf, "360", "want 4 characters"},
		{wdf, "36-09", "want 4 characters"},
		{wdf, "3x09", "not a number"},
		{wdf, "7109", "column 71 outside 01-70"},
		{wdf, "3627", "row 27 outside 01-26"},
		{wdf, "0009", "column 00 outside"},
		{lim, "17N", "missing letters"},
		{lim, "N", "missing number"},
		{lim, "AS04", "column AS outside A-AR"},
		{lim, "N1x", "not a number"},
		{lp, "H11", `separated by "-"`},
		{lp, "S-1", "row S outside A-R"},
		{lp, "H-x", "not a number"},
		{lp, "8-11", "not letters"},
		{lp, "H-29", "column 29 outside 1-28"},
	}
	for _, tt := range tests {
		_, err := tt.l.Parse(tt.id)
		if err == nil {
			t.Errorf("Parse(%q): no error, want %q", tt.id, tt.want)
			continue
		}
		if !errors.Is(err, ErrID) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), `"`+tt.id+`"`) {
			t.Errorf("Parse(%q) error %q, want ErrID mentioning the id and %q", tt.id, err, tt.want)
		}
	}
}

// Every printed hex round-trips through Hex/ColRow and Format/Parse.
func TestLayoutRoundTrip(t *testing.T) {
	for _, tc := range layouts {
		seen := map[Hex]bool{}
		hs := tc.l.Hexes()
		want := (tc.l.MaxCol - tc.l.MinCol + 1) * (tc.l.MaxRow - tc.l.MinRow + 1)
		if len(hs) != want {
			t.Errorf("%s: %d hexes, want %d", tc.name, len(hs), want)
		}
		for _, h := range hs {
			if seen[h] {
				t.Fatalf("%s: hex %v twice", tc.name, h)
			}
			seen[h] = true
			c, r := tc.l.ColRow(h)
			if tc.l.Hex(c, r) != h || !tc.l.OnMap(h) {
				t.Fatalf("%s: %v -> %d,%d does not round-trip", tc.name, h, c, r)
			}
			id := tc.l.Format(h)
			if g, err := tc.l.Parse(id); err != nil || g != h {
				t.Fatalf("%s: Parse(Format(%v)=%q) = %v, %v", tc.name, h, id, g, err)
			}
		}
	}
}

// The neighbour rules the dossiers derive from the rulebooks' examples,
// stated in printed numbers, agree with the grid for every printed hex.
func TestPrintedNeighbours(t *testing.T) {
	// WDF §1 and Limanowa §1: even columns lower.
	flatEven := func(c, r int) [][2]int {
		if c%2 != 0 {
			return [][2]int{{c - 1, r - 1}, {c - 1, r}, {c + 1, r - 1}, {c + 1, r}, {c, r - 1}, {c, r + 1}}
		}
		return [][2]int{{c - 1, r}, {c - 1, r + 1}, {c + 1, r}, {c + 1, r + 1}, {c, r - 1}, {c, r + 1}}
	}
	// La Primogenita §1: (r, c±1), (r−1, c), (r−1, c−1), (r+1, c), (r+1, c+1).
	skew := func(c, r int) [][2]int {
		return [][2]int{{c - 1, r}, {c + 1, r}, {c, r - 1}, {c - 1, r - 1}, {c, r + 1}, {c + 1, r + 1}}
	}
	for _, tc := range []struct {
		name string
		l    Layout
		rule func(c, r int) [][2]int
	}{{"wdf", wdf, flatEven}, {"limanowa", lim, flatEven}, {"primogenita", lp, skew}} {
		for _, h := range tc.l.Hexes() {
			want := map[Hex]bool{}
			c, r := tc.l.ColRow(h)
			for _, n := range tc.rule(c, r) {
				want[tc.l.Hex(n[0], n[1])] = true
			}
			for _, n := range h.Neighbours() {
				if !want[n] {
					c2, r2 := tc.l.ColRow(n)
					t.Fatalf("%s: %s has neighbour %d,%d not in the dossier rule", tc.name, tc.l.Format(h), c2, r2)
				}
			}
		}
	}
}

func ids(l Layout, s string) []Hex {
	var out []Hex
	for _, f := range strings.Fields(s) {
		out = append(out, l.MustParse(f))
	}
	return out
}

// Adjacencies, distances and contiguous chains fixed by the rulebooks or
// checked in the dossiers.
func TestGameFacts(t *testing.T) {
	adjacent := []struct {
		l     Layout
		pairs string
	}{
		// WDF 7.9, 7.12, 7.32, 8.3 ex. 3 (Tobruk 3408 projects ZOC into 3309 and 3409).
		{wdf, "4110 4009  3309 3409  3409 3510  3510 3609  3609 3709  3109 3209  3408 3309  3408 3409"},
		// Red Poppies 7.244: the vertices (N18, O19, N19) and (M19, N18, N19).
		{lim, "N18 O19  O19 N19  N18 N19  M19 N18  M19 N19"},
		{lp, "H-11 H-12  H-11 G-11  H-11 G-10  H-11 I-11  H-11 I-12  H-11 H-10"},
	}
	for _, tt := range adjacent {
		hs := ids(tt.l, tt.pairs)
		for i := 0; i < len(hs); i += 2 {
			if !Adjacent(hs[i], hs[i+1]) || Distance(hs[i], hs[i+1]) != 1 {
				t.Errorf("%s and %s should be adjacent", tt.l.Format(hs[i]), tt.l.Format(hs[i+1]))
			}
		}
	}
	if Adjacent(lp.MustParse("H-11"), lp.MustParse("G-12")) {
		t.Error("H-11 and G-12 must not be adjacent (columns tilt to the right)")
	}
	distances := []struct {
		l    Layout
		a, b string
		want int
	}{
		{wdf, "1908", "2710", 8}, // 8.3 ex. 3: eight track hexes Barce–Mechili
		{wdf, "2710", "3609", 9}, // then ten track hexes (a path may be longer than the distance)
		{wdf, "3819", "4110", 11},
		{wdf, "3617", "3819", 3}, // 8.3 ex. 1: 3 MP from 3819
		{wdf, "1019", "6508", 55},
		{lim, "N17", "N17", 0},
		{lim, "A25", "AR04", 43},
		{lim, "AF13", "AI25", 13},
		{lp, "H-11", "I-1", 11},
		{lp, "H-11", "A-14", 10}, // going north a column number stays or drops
	}
	for _, tt := range distances {
		a, b := tt.l.MustParse(tt.a), tt.l.MustParse(tt.b)
		if got := Distance(a, b); got != tt.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	chains := []struct {
		name string
		l    Layout
		hexs string
	}{
		{"WDF coast road", wdf, "1019 1119 1218 1318 1417 1517 1616 1615 1614 1514 1513 1412 1512 1511 1610 1710 1709 1808 1908 2008 2108 2207 2307 2306 2406 2506 2606 2706 2806 2807 2808 2809 2909 3009 3109 3209 3309 3408 3509 3609 3709 3809 3909 4009 4110 4210 4310 4409 4510 4609 4710 4809 4909 5009 5109 5209 5310 5410 5510 5610 5710 5810 5910 6010 6110 6209 6309 6408 6508"},
		{"WDF Tobruk bypass", wdf, "3309 3409 3510 3609"},
		{"WDF Mechili–Tobruk track", wdf, "2710 2810 2911 3011 3111 3211 3312 3412 3512 3611 3610 3609"},
		{"WDF frontier track", wdf, "3819 3818 3817 3917 3916 3915 3914 4013 4012 4011 4111 4110"},
		{"Limanowa road", lim, "AO04 AN04 AM05 AL05 AL06 AK07 AJ07 AJ08 AI09 AH09 AG10 AF09 AE10 AD10 AC11 AB11 AB12 AA13 AA14 Z14 Y15 X14 W15 V15 U16 T16 T17 S18 R18 Q19 P18 O19 N18 M18 L17 K17 J17 I18 H18 G19 F19 E20 D20 C20 B20 A20"},
		{"Mordarka", lim, "U10 V09 W09 W08 X08"},
		{"LP railway", lp, "H-22 H-21 I-21 I-20 J-20 J-19 I-18 H-17 G-16 F-15 F-14 G-14 G-13 G-12 H-12 H-11 H-10 I-10"},
		{"LP north road", lp, "I-1 I-2 I-3 H-3 H-4 G-4 G-5 G-6 H-7 H-8 H-9 I-10 I-11 H-11"},
		{"LP Aicota–Biscia track", lp, "L-7 K-7 J-7 I-7 I-8 I-9 I-10"},
	}
	for _, tt := range chains {
		hs := ids(tt.l, tt.hexs)
		for i := 1; i < len(hs); i++ {
			if !Adjacent(hs[i-1], hs[i]) {
				t.Errorf("%s: %s-%s not adjacent", tt.name, tt.l.Format(hs[i-1]), tt.l.Format(hs[i]))
			}
		}
	}
	// Red Poppies 13.0: Jabloniec is the hexes within 2 of AF13 (19 hexes).
	if n := len(Within(lim.MustParse("AF13"), 2)); n != 19 {
		t.Errorf("Within(AF13, 2) has %d hexes, want 19", n)
	}
}

// Pixel positions: centres of neighbours are sqrt(3)*size apart, corners
// at size, HexAt inverts Center, and the shifted columns/rows are where
// the rulebooks put them.
func TestPixels(t *testing.T) {
	const size = 10
	for _, tc := range layouts {
		for _, h := range tc.l.Hexes() {
			c := tc.l.Center(h, size)
			if g := tc.l.HexAt(c, size); g != h {
				t.Fatalf("%s: HexAt(Center(%v)) = %v", tc.name, h, g)
			}
			cs := tc.l.Corners(h, size)
			area := 0.0
			for i, p := range cs {
				if d := dist(p, c); !near(d, size) {
					t.Fatalf("%s: corner %d of %v at distance %v", tc.name, i, h, d)
				}
				if v := tc.l.VertexPoint(Corner(h, Dir(i)), size); !near(dist(v, p), 0) {
					t.Fatalf("%s: corner %d of %v at %v, its vertex at %v", tc.name, i, h, p, v)
				}
				// a point just inside the corner is still in h
				in := Point{c.X + 0.95*(p.X-c.X), c.Y + 0.95*(p.Y-c.Y)}
				if g := tc.l.HexAt(in, size); g != h {
					t.Fatalf("%s: point near corner %d of %v is in %v", tc.name, i, h, g)
				}
				q := cs[(i+1)%6]
				area += p.X*q.Y - q.X*p.Y
			}
			if area <= 0 {
				t.Fatalf("%s: corners of %v are not clockwise on screen", tc.name, h)
			}
			for _, n := range h.Neighbours() {
				if d := dist(tc.l.Center(n, size), c); !near(d, sqrt3*size) {
					t.Fatalf("%s: neighbour centre at %v", tc.name, d)
				}
			}
		}
		lo, hi := tc.l.Bounds(size)
		if !(lo.X < hi.X && lo.Y < hi.Y) {
			t.Errorf("%s: bad bounds %v %v", tc.name, lo, hi)
		}
	}
	y := func(l Layout, id string) float64 { return l.Center(l.MustParse(id), size).Y }
	if !(y(wdf, "3609") > y(wdf, "3509") && y(wdf, "3609") > y(wdf, "3709")) {
		t.Error("WDF: even column 36 should sit lower than 35 and 37")
	}
	if !(y(lim, "B05") > y(lim, "A05")) {
		t.Error("Limanowa: column B should sit lower than A")
	}
	x := func(l Layout, id string) float64 { return l.Center(l.MustParse(id), size).X }
	if !(x(lp, "I-11") < x(lp, "H-11") && x(lp, "I-12") > x(lp, "H-11")) {
		t.Error("La Primogenita: one row down, a column should sit half a hex further left")
	}
	// Direction names: flat-top 0=NE, 2=S; pointy-top 1=E.
	c := wdf.Center(Hex{}, size)
	if p := wdf.Center(Hex{}.Neighbour(2), size); !(near(p.X, c.X) && p.Y > c.Y) {
		t.Error("flat-top direction 2 should be S")
	}
	if p := lp.Center(Hex{}.Neighbour(1), size); !(near(p.Y, c.Y) && p.X > c.X) {
		t.Error("pointy-top direction 1 should be E")
	}
}

// Parse never panics; whatever it accepts formats back to an id that
// parses to the same hex.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"3609", "AR04", "H-11", "", "zz99", "A-", "-1", "AAAAAAAAAAAAAAA01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		for _, l := range []Layout{wdf, lim, lp} {
			h, err := l.Parse(id)
			if err != nil {
				continue
			}
			if g, err := l.Parse(l.Format(h)); err != nil || g != h {
				t.Fatalf("%q -> %v -> %q -> %v, %v", id, h, l.Format(h), g, err)
			}
		}
	})
}
