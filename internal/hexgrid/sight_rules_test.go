package hexgrid

import "testing"

// cell is one hex of a test board for the Red Poppies line-of-sight rules:
// the level of each sector, full-hex features and woods artwork.
type cell struct {
	levels  [6]int  // ground level per sector (index = direction)
	village bool    // full-hex obstacle (4.41, 8.1)
	unit    bool    // a friendly unit, for infantry and cavalry fire (4.6)
	trench  bool    // the unit is IN a trench (4.6: then it does not block)
	woods   Sectors // woods artwork
	dot     bool    // the woods have a green centre dot (obstacle, 8.9); else concealment
	conceal bool    // full-hex concealment (4.8: night, smoke, barrage, precipitation)
}

// top is the level of a unit in the hex (4.51: the highest level in it).
func (c *cell) top() int {
	return max(c.levels[0], c.levels[1], c.levels[2], c.levels[3], c.levels[4], c.levels[5])
}

// board is a test map; hexes not listed are level 0 open ground.
type board map[Hex]*cell

func flat(level int) *cell { return &cell{levels: [6]int{level, level, level, level, level, level}} }

func (b board) at(id string) *cell {
	h := lim.MustParse(id)
	if b[h] == nil {
		b[h] = flat(0)
	}
	return b[h]
}

func (b board) level(id string) int { return b.at(id).top() }

// sight answers the evaluator as a game would.
func (b board) sight(h Hex, across Sectors) Sight {
	c := b[h]
	if c == nil {
		return Sight{}
	}
	var s Sight
	art := -1
	for d := Dir(0); d < 6; d++ {
		if across.Has(d) {
			s.Level = max(s.Level, c.levels[d])
			if c.woods.Has(d) {
				art = max(art, c.levels[d])
			}
		}
	}
	s.Obstacle, s.ObstacleLevel = c.village || c.unit && !c.trench, c.top()
	if art >= 0 && c.dot {
		s.Art, s.ArtLevel = true, art
	} else if art >= 0 {
		s.ArtConceal, s.ArtConcealLevel = true, art
	}
	s.Conceal = c.conceal
	return s
}

func (b board) see(from, to string) View {
	return SeeHex(lim.MustParse(from), lim.MustParse(to), b.level(from), b.level(to), b.sight)
}

// Every line is also checked in reverse (4.1: LOS is reciprocal).
func (b board) check(t *testing.T, name, from, to string, visible bool, concealed int) {
	t.Helper()
	v := b.see(from, to)
	if v.Visible != visible || visible && v.Concealed != concealed {
		t.Errorf("%s: %s to %s = %+v, want visible %v concealed %d", name, from, to, v, visible, concealed)
	}
	if w := b.see(to, from); w.Visible != v.Visible || v.Visible && w.Concealed != v.Concealed {
		t.Errorf("%s: %s to %s not reciprocal: %+v and %+v", name, from, to, v, w)
	}
}

func TestRayCrosses(t *testing.T) {
	// Straight down a column: the line through the centre runs along the
	// spokes to the N and S sides' midpoints, crossing sectors N and S.
	r := rayTo(lim.MustParse("P19"), lim.MustParse("P23"))
	if got := r.Crosses(lim.MustParse("P21")); got != SideSector(5)|SideSector(2) {
		t.Errorf("straight line crosses %06b", got)
	}
	// Along a hex-grid diagonal the line runs along two spokes, touching
	// the four sectors beside them.
	r = rayTo(lim.MustParse("P21"), lim.MustParse("N24"))
	if got := r.Crosses(lim.MustParse("O23")); got != 0b101101 {
		t.Errorf("diagonal crosses %06b", got)
	}
	// Off-centre, the line crosses the sectors on the far side of the centre.
	r = rayTo(lim.MustParse("N19"), lim.MustParse("Q23"))
	if got := r.Crosses(lim.MustParse("P22")); got != SideSector(0)|SideSector(1)|SideSector(5) {
		t.Errorf("off-centre line crosses %06b", got)
	}
}

// 4.3, 4.51, 8.44: a hex is at the highest level in it; the example hexes
// of 4.3 (B12 0, C13 1, J17 2, N19 3) and I17 (centre dot on 1, a level 2
// contour in the hex: units there are at level 2).
func TestLevels43(t *testing.T) {
	b := board{}
	b.at("C13").levels = flat(1).levels
	b.at("J17").levels = flat(2).levels
	b.at("N19").levels = flat(3).levels
	b.at("I17").levels = [6]int{2, 1, 1, 1, 1, 2}
	for id, want := range map[string]int{"B12": 0, "C13": 1, "J17": 2, "N19": 3, "I17": 2} {
		if got := b.level(id); got != want {
			t.Errorf("%s at level %d, want %d", id, got, want)
		}
	}
}

// 4.43: same-level units see across any number of hexes at or below their
// level; a higher contour between them blocks.
func TestSameLevel443(t *testing.T) {
	b := board{}
	for _, id := range []string{"F10", "F11", "F12", "F13", "F14"} {
		b.at(id).levels = flat(1).levels
	}
	b.at("F12").levels = flat(0).levels
	b.check(t, "4.43 level 1 across levels 1 and 0", "F10", "F14", true, 0)
	b.at("F12").levels = [6]int{1, 1, 1, 1, 1, 2} // a level 2 contour in the N sector
	b.check(t, "4.43 level 2 contour crossed", "F10", "F14", false, 0)
	b.at("F12").levels = [6]int{2, 1, 1, 1, 1, 1} // only the NE sector: the line misses it
	b.check(t, "4.42 contour artwork not crossed", "F10", "F14", true, 0)
}

// 4.52: plateau - only a crest hex sees down; a contour equal to the higher
// level between them blocks.
func TestPlateau452(t *testing.T) {
	b := board{}
	for _, id := range []string{"K05", "K06"} {
		b.at(id).levels = flat(2).levels
	}
	b.at("K07").levels = [6]int{1, 1, 1, 1, 1, 2} // crest: level 2 on its north side
	b.at("K09").levels = flat(1).levels
	b.check(t, "4.52 crest hex sees down", "K07", "K09", true, 0)
	b.check(t, "4.52 plateau hex cannot see down", "K06", "K09", false, 0)
	b.check(t, "4.52 contour in own hex never blocks", "K07", "K08", true, 0)
}

// 4.53's example: an observer in a hex with a level 3 contour sees down to
// a level 1 target several hexes away unless a hex between holds an
// obstacle on level 2.
func TestDifferentLevels453(t *testing.T) {
	b := board{}
	b.at("F05").levels = [6]int{3, 2, 2, 2, 3, 3}
	for _, id := range []string{"F06", "F07"} {
		b.at(id).levels = flat(2).levels
	}
	b.at("F08").levels = flat(1).levels
	b.at("F10").levels = flat(1).levels
	b.check(t, "4.53 open", "F05", "F10", true, 0)
	b.at("F07").village = true
	b.check(t, "4.53 village on level 2", "F05", "F10", false, 0)
	b.at("F07").village = false
	b.at("F09").woods, b.at("F09").dot = AllSectors, true // on level 0, below both
	b.check(t, "4.53 woods below both levels", "F05", "F10", true, 0)
	b.at("F08").woods, b.at("F08").dot = AllSectors, true // on level 1, the target's
	b.check(t, "4.53 woods on the lower unit's level", "F05", "F10", false, 0)
	// 4.53 "within one level": from level 4 to level 0, level 2 is two from both.
	c := board{}
	c.at("F05").levels = [6]int{4, 3, 3, 3, 4, 4}
	for _, id := range []string{"F06", "F07", "F08"} {
		c.at(id).levels = flat(2).levels
	}
	c.at("F07").village = true
	c.check(t, "4.53 obstacle two levels from both", "F05", "F10", true, 0)
}

// 4.41: a village blocks a same-level line through any part of it, but not
// a line along its hexside unless the hex across also holds an obstacle.
func TestFullHex441(t *testing.T) {
	b := board{}
	b.at("P22").village = true // the line P21 to Q23 runs along Q22/P22
	b.check(t, "4.41 along one village", "P21", "Q23", true, 0)
	b.at("Q22").village = true
	b.check(t, "4.41 along two villages", "P21", "Q23", false, 0)
	b.at("Q22").village = false
	b.at("Q22").woods, b.at("Q22").dot = SideSector(3), true // woods touching the hexside
	b.check(t, "4.41 village and woods artwork across the hexside", "P21", "Q23", false, 0)
	c := board{}
	c.at("P22").village = true
	c.check(t, "8.1 village through a corner", "N19", "Q23", false, 0)
}

// 4.6: for infantry and cavalry fire a friendly unit blocks like a full-hex
// obstacle unless it is in a trench (or pillbox).
func TestFriendlyUnits46(t *testing.T) {
	b := board{}
	b.at("F07").unit = true
	b.check(t, "4.6 friendly unit between", "F05", "F10", false, 0)
	b.at("F07").trench = true
	b.check(t, "4.6 friendly unit in a trench", "F05", "F10", true, 0)
	b.at("F05").unit = true
	b.at("F10").unit = true
	b.check(t, "4.6 units in the firer's and target's hexes", "F05", "F10", true, 0)
	c := board{}
	c.at("P22").unit = true
	c.check(t, "4.6 unit beside a hexside line", "P21", "Q23", true, 0)
}

// 4.81, 4.82: one concealment hex is seen through (the target gets the
// modifier); the second blocks - at night every hex is concealment, so
// sight reaches two hexes.
func TestConcealment482(t *testing.T) {
	night := board{}
	for _, h := range Within(lim.MustParse("J10"), 6) {
		night[h] = &cell{conceal: true}
	}
	night.check(t, "4.82 night, adjacent", "J10", "J11", true, 0)
	night.check(t, "4.82 night, two hexes", "J10", "J12", true, 1)
	night.check(t, "4.82 night, three hexes", "J10", "J13", false, 0)
	// 4.8: full-hex concealment rises to every level; woods without a dot
	// conceal only where their artwork is crossed.
	b := board{}
	b.at("J11").woods = SideSector(0)
	b.check(t, "4.8 undotted woods artwork missed", "J10", "J13", true, 0)
	b.at("J11").woods = AllSectors
	b.check(t, "4.8 undotted woods crossed", "J10", "J13", true, 1)
	b.at("J12").conceal = true
	b.check(t, "4.82 second concealment hex", "J10", "J13", false, 0)
}

// exampleBoard is the Ypres illustration of 4.91 and 4.92 rebuilt on our
// exact grid (the picture is not in our copy; positions not given by the
// text were chosen so that every sentence holds): A on a level 3 crest in
// N19, B (N22), C (P21) and D (O23) on the level 2 hill, E (Q23) on level
// 1; Battle Wood, green-dot woods, fills O22 on level 2 and spills into
// P21 (woods without a dot there); a sliver of level 2 ground with
// green-dot woods runs along P22's north edge; Hill 60 (level 3) in Q21.
func exampleBoard() board {
	b := board{}
	for _, id := range []string{"N18", "N20", "N21", "N22", "O19", "O20", "O21", "O22", "O23", "P18", "P19", "P20", "P21", "Q20"} {
		b.at(id).levels = flat(2).levels
	}
	b.at("N19").levels = [6]int{3, 2, 2, 2, 3, 3}
	b.at("O22").woods, b.at("O22").dot = AllSectors, true
	b.at("P21").woods = SideSector(3) // the spill over the O22/P21 hexside
	b.at("P22").levels = [6]int{2, 1, 1, 1, 2, 2}
	b.at("P22").woods, b.at("P22").dot = SideSector(4)|SideSector(5)|SideSector(0), true
	b.at("Q22").levels = flat(1).levels
	b.at("Q23").levels = flat(1).levels
	b.at("Q21").levels = flat(3).levels
	return b
}

// 4.91: standard hex-centre to hex-centre lines of sight.
func TestExample491(t *testing.T) {
	b := exampleBoard()
	b.check(t, "A sees B", "N19", "N22", true, 0)
	b.check(t, "A sees C", "N19", "P21", true, 0)
	b.check(t, "A cannot see D: woods in O22 on level 2 (4.53)", "N19", "O23", false, 0)
	b.check(t, "A cannot see E: the woods sliver in P22", "N19", "Q23", false, 0)
	b.check(t, "B cannot see C: Battle Wood in O22 (4.42)", "N22", "P21", false, 0)
	b.check(t, "C cannot see E: woods in P22", "P21", "Q23", false, 0)
	b.check(t, "D cannot see C: along the O22/P22 hexside with woods (4.42)", "O23", "P21", false, 0)

	// The spill of O22's woods into P21 is not an obstacle (no green dot
	// in P21): without P22's woods A sees E, concealed once by the spill.
	c := exampleBoard()
	c.at("P22").woods = 0
	c.check(t, "A sees E without P22's woods", "N19", "Q23", true, 1)
	// C's second reason: without the woods the level 2 sliver in P22 still
	// blocks, because P21 is not a crest hex (4.52).
	c.check(t, "C cannot see E: the level 2 sliver", "P21", "Q23", false, 0)
	if v := c.see("N19", "Q23"); v.Blocker.Hex == lim.MustParse("P21") {
		t.Error("the spill blocked")
	}
}

// 4.92: lines of sight to a vertex, which counts as part of the hex around
// it furthest from the observer.
func TestExample492(t *testing.T) {
	b := exampleBoard()
	c := lim.MustParse("P21")
	see := func(v Vertex) View {
		return SeeVertex(c, v, b.level("P21"), b.at(lim.Format(VertexTarget(c, v))).top(), b.sight)
	}
	// Vertex 1, beyond Hill 60 (Q21).
	far := lim.MustParse("Q21").Neighbour(0)
	v1 := Corner(far, 0)
	var buf [32]Step
	crosses := false
	for _, st := range AppendLineToVertex(buf[:0], c, v1) {
		crosses = crosses || st.Hex == lim.MustParse("Q21")
	}
	if !crosses {
		t.Fatal("vertex 1's line misses Hill 60")
	}
	if v := see(v1); v.Visible {
		t.Errorf("vertex 1 seen over Hill 60: %+v", v)
	}
	// Vertex 2, north of C over level 2 ground: clear.
	if v := see(Corner(lim.MustParse("P19"), 5)); !v.Visible {
		t.Errorf("vertex 2 not seen: %+v", v)
	}
	// Vertex 3, the west corner of O22: Battle Wood in the nearer hex of
	// its cluster blocks.
	v3 := Corner(lim.MustParse("O22"), 3)
	if far := VertexTarget(c, v3); far == lim.MustParse("O22") {
		t.Fatal("O22 is the furthest hex of vertex 3")
	}
	if v := see(v3); v.Visible || v.Blocker.Hex != lim.MustParse("O22") {
		t.Errorf("vertex 3: %+v, want blocked by O22", v)
	}
}
