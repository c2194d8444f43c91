package limanowa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// 10.22: reinforcements placed in turn, the initiative side first; a
// force whose every hex holds the enemy never arrives. 10.2, 10.21: an
// entering one walks on by an edge hex of its area on its turn.
func TestReinforcements(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Scenario: "muhr-at-jabloniec", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.Step == stSetup {
		l := s.Legal(s.Decider, nil)
		if err := s.Apply(s.Decider, l[0]); err != nil {
			t.Fatal(err)
		}
	}
	at(t, s, stArrive, Central, "turn 1's arrivals")
	if s.Turn != 1 {
		t.Fatalf("turn %d", s.Turn)
	}
	for s.Step == stArrive {
		l := s.rulesLegal(s.Decider)
		if err := s.Apply(s.Decider, l[len(l)-1]); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for i := range s.pos.Units {
		if f := s.force(i); f != nil && f.Turn == 1 && s.pos.Units[i].Where == OnMap {
			n++
		}
	}
	if n != 8 {
		t.Errorf("%d of 8 hussars placed on turn 1", n)
	}
	// Entering: on turn 3 the Honvéd companies may be commanded off the map.
	s.Turn = 3
	s.Step, s.Decider, s.Phasing = stCommand, Central, Central
	i, _ := s.unitByID("honved-coy-1")
	if !slices.Contains(s.legalTexts(), "activate honved-coy-1") {
		t.Fatalf("the entering company cannot be commanded: %v", s.legalTexts())
	}
	play(t, s, "activate honved-coy-1", "move honved-coy-1")
	var steps []string
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "step ") {
			steps = append(steps, x)
			h := Layout.MustParse(strings.Fields(x)[2])
			if !s.d.Map.EdgeHex(h) || hexgrid.Distance(h, Layout.MustParse("A25")) > 6 {
				t.Errorf("%s is no entry hex of 10.2's area", x)
			}
		}
	}
	if len(steps) == 0 {
		t.Fatal("no entry hex")
	}
	play(t, s, steps[0])
	if u := &s.pos.Units[i]; u.Where != OnMap || int(u.MP) != u.Face(s.d).Move-1 {
		t.Errorf("after entering: %+v", u)
	}
	// 10.22: every hex of a force held by the enemy.
	s2 := begin(t, "muhr-at-jabloniec", Central, "")
	for i := range s2.pos.Units {
		if f := s2.force(i); f.Turn == 1 {
			s2.pos.Units[i].Where = Waiting
		}
	}
	for k, id := range []string{"V15", "W15", "X14", "Y15", "Z14", "AA14"} {
		u := &s2.pos.Units[k]
		u.Where, u.Hex = OnMap, Layout.MustParse(id)
		u.Side = Russian
	}
	s2.pos.Control.Update(s2.pos.Units)
	if i := s2.nextToArrive(Central); i >= 0 {
		t.Fatalf("%s may arrive", s2.unitID(i))
	}
	absent := 0
	for _, u := range s2.pos.Units {
		if u.Where == Absent {
			absent++
		}
	}
	if absent != 8 {
		t.Errorf("%d units absent, want the 8 hussars of turn 1", absent)
	}
}

// Each scenario starts as 13.0 and its reconstructed order of battle say:
// who sets up first, how long it lasts, its OMA groups, and the victory
// points at the start (the town's eight hexes Russian; scenario 2: the
// Austro-Hungarians hold the hills; scenario 3: control from the set-up
// areas, ruling L8).
func TestScenarioStarts(t *testing.T) {
	for _, tt := range []struct {
		id     string
		first  engine.Side
		turns  int
		groups []string
		points [2]float64
	}{
		{"probe", Russian, 6, nil, [2]float64{0, 8}},
		{"counter-attack", Central, 12, []string{"oma-central-1", "oma-central-2", "oma-russian-1", "oma-russian-2", "oma-russian-3"}, [2]float64{30, 0}},
		{"muhr-at-jabloniec", Russian, 6, []string{"oma-russian-1", "oma-central-1", "oma-central-2"}, [2]float64{1, 18}},
	} {
		st, err := Game{}.New(engine.Setup{Scenario: tt.id, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		var ids []string
		for _, g := range s.Artillery() {
			ids = append(ids, g.ID)
		}
		if s.sc.First != tt.first || s.sc.Turns != tt.turns || !slices.Equal(ids, tt.groups) {
			t.Errorf("%s: first %d, %d turns, groups %v", tt.id, s.sc.First, s.sc.Turns, ids)
		}
		if got := s.Scores(); got[0] != tt.points[0] || got[1] != tt.points[1] {
			t.Errorf("%s: scores at the start %v, want %v", tt.id, got, tt.points)
		}
	}
}

// 10.21: off the map up to 12 entering units count as adjacent - three
// identical companies form a mass; each after the first enters next to,
// or in, a hex another of the mass entered by.
func TestMassEnters(t *testing.T) {
	s := begin(t, "counter-attack", Central, "")
	for i := range s.pos.Units {
		if f := s.force(i); f.Enter {
			s.pos.Units[i].Where = Waiting
		}
	}
	s.Turn = 9
	play(t, s, "activate honved-coy-1", "add honved-coy-2", "add honved-coy-3", "move honved-coy-1")
	first := ""
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "step ") {
			first = strings.Fields(x)[2]
		}
	}
	play(t, s, "step honved-coy-1 "+first, "stop honved-coy-1", "move honved-coy-2")
	n := 0
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "step ") {
			n++
			h := Layout.MustParse(strings.Fields(x)[2])
			if d := hexgrid.Distance(h, Layout.MustParse(first)); d > 1 {
				t.Errorf("%s: %d hexes from %s, where the mass's first unit entered", x, d, first)
			}
		}
	}
	if n == 0 {
		t.Error("the second unit of the mass cannot enter")
	}
}

// L22: a unit walking on into an edge hex of woods off the road crosses a
// green hexside from its mirror image and checks for getting lost
// (6.661a); on a road it does not.
func TestEnterWoodsLost(t *testing.T) {
	s := begin(t, "counter-attack", Central, "")
	var woods, road hexgrid.Hex
	for _, h := range s.d.Map.Hexes {
		switch t := s.d.Map.Terrain(h); {
		case !s.d.Map.EdgeHex(h):
		case s.d.Map.OnRoad(h):
			road = h
		case t == Woods || t == DotWoods:
			woods = h
		}
	}
	sc := *s.sc
	sc.Forces = slices.Clone(sc.Forces)
	s.sc = &sc
	i, _ := s.unitByID("honved-coy-1")
	f := &sc.Forces[s.pos.Units[i].Force]
	f.Area = []hexgrid.Hex{woods, road}
	s.pos.Units[i].Where = Waiting
	s.Turn = int8(f.Turn)
	for _, tt := range []struct {
		h    hexgrid.Hex
		lost bool
	}{{woods, true}, {road, false}} {
		c := *s
		c.pos.Units = slices.Clone(s.pos.Units)
		var log string
		play(t, &c, "activate honved-coy-1", "move honved-coy-1", "step honved-coy-1 "+Layout.Format(tt.h))
		logHas(t, &c, &log, "enters the map in "+Layout.Format(tt.h))
		if got := strings.Contains(log, "(6.661)"); got != tt.lost {
			t.Errorf("%s: lost check %v, want %v\n%s", Layout.Format(tt.h), got, tt.lost, log)
		}
	}
}

// TestWalkOnLost: a unit walking on checks for getting lost as if it came
// from its entry hex's mirror image (10.21, 6.661, ruling L22).
func TestWalkOnLost(t *testing.T) {
	for _, c := range []struct {
		name                                string
		road, woods, in, enemyTrench, night bool
		want                                bool
	}{
		{"open, by day", false, false, false, false, false, false},
		{"woods off the road: a green hexside (a)", false, true, false, false, false, true},
		{"woods by the road", true, true, false, false, true, false},
		{"IN along an enemy trench (b)", false, false, true, true, false, true},
		{"IN along a friendly trench", false, false, true, false, false, false},
		{"open at night (c)", false, false, false, false, true, true},
		{"road at night", true, false, false, false, true, false},
		{"IN along a friendly trench at night", false, false, true, false, true, false},
		{"a friendly trench, not IN, at night", false, false, false, false, true, true},
	} {
		if got := walkOnLost(c.road, c.woods, c.in, c.enemyTrench, c.night); got != c.want {
			t.Errorf("%s: lost check %v, want %v", c.name, got, c.want)
		}
	}
}
