package limanowa

import (
	"encoding/json"
	"slices"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// The board's map: every hex of the 44x25 sheet in rows of characters,
// the named features, and the same value for every view of a scenario.
func TestMapView(t *testing.T) {
	s := probe(t, Russian, `cossack-sqn-1 J20 formed`)
	m := s.View(Central, "en").(View).Map
	if len(m.Levels) != 25 || len(m.Terrain) != 25 || len(m.Villages) == 0 || len(m.Roads) == 0 || len(m.Streams) == 0 || len(m.Bridges) == 0 {
		t.Fatalf("rows %d/%d, villages %d, roads %d, streams %d, bridges %d", len(m.Levels), len(m.Terrain), len(m.Villages), len(m.Roads), len(m.Streams), len(m.Bridges))
	}
	for r := range 25 {
		if len(m.Levels[r]) != 44 || len(m.Terrain[r]) != 44 {
			t.Fatalf("row %d: %q %q", r+1, m.Levels[r], m.Terrain[r])
		}
		for c := range 44 {
			h := Layout.Hex(c+1, r+1)
			want := byte('-')
			if s.d.Map.InPlay(h) {
				want = terrainChars[s.d.Map.Terrain(h)]
			}
			if m.Terrain[r][c] != want || int(m.Levels[r][c]-'0') != s.d.Map.Level(h) {
				t.Fatalf("%s: level %c terrain %c", Layout.Format(h), m.Levels[r][c], m.Terrain[r][c])
			}
		}
	}
	if m.Terrain[16][13] != 'v' { // N17, in Limanowa
		t.Errorf("N17: %c", m.Terrain[16][13])
	}
	if m2 := s.View(Russian, "it").(View).Map; m2 != m {
		t.Error("the map view is built once a scenario")
	}
	// Markers in hexes and on hexsides, each hexside once.
	s.pos.Mark(Layout.MustParse("J20"), TrenchMark|ScrapeMark, true)
	s.pos.MarkSide(Layout.MustParse("K20"), Layout.MustParse("K21"), WireMark, true)
	got := map[string]bool{}
	for _, mk := range s.View(Central, "en").(View).Marks {
		got[mk.Kind+" "+mk.Hex+" "+mk.Other] = true
	}
	if len(got) != 3 || !got["trench J20 "] || !got["scrape J20 "] || !got["wire K20 K21"] && !got["wire K21 K20"] {
		t.Errorf("marks %v", got)
	}
}

// The prompt in place and the interrupt (engine.Interrupter): the
// Hungarian reaction window in the Russian command is an interrupt; the
// Russian move is not. The view names the step and the activated unit.
func TestInterruptAndView(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 J20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1")
	if v := s.View(Russian, "en").(View); v.Step != "group" || len(v.Group) != 1 || v.Group[0] != "cossack-sqn-1" {
		t.Fatalf("group view: step %q group %v", v.Step, v.Group)
	}
	play(t, s, "move cossack-sqn-1", "step cossack-sqn-1 I20", "step cossack-sqn-1 J20")
	if engine.Interrupting(s) {
		t.Fatal("the mover's own decision is no interrupt")
	}
	play(t, s, "step cossack-sqn-1 K20")
	at(t, s, stReact, Central, "the reaction window")
	if !engine.Interrupting(s) {
		t.Fatal("a reaction window is an interrupt")
	}
	v := s.View(Central, "en").(View)
	if v.Step != "react" || v.Reaction == nil || v.Reaction.Movers[0] != "cossack-sqn-1" {
		t.Fatalf("view: step %q reaction %+v", v.Step, v.Reaction)
	}
	play(t, s, "hold")
	if engine.Interrupting(s) {
		t.Fatal("back to the mover: no interrupt")
	}
}

// The line-of-sight tool's answers (engine.Asker over Map.See): a line
// across open ground is seen; the hexes of the line start and end at the
// two hexes; a blocked line names its blocker; bad questions are refused.
func TestAskSight(t *testing.T) {
	s := probe(t, Russian, `cossack-sqn-1 J20 formed`)
	for _, q := range []string{"", "sight", "sight N17", "sight N17 ZZ99", "look N17 N18", "sight N17 N18 N19"} {
		if _, err := s.Ask(Central, "en", q); err == nil {
			t.Errorf("%q: answered", q)
		}
	}
	seen, blocked := 0, 0
	for _, pair := range [][2]string{{"N17", "N18"}, {"N17", "AF13"}, {"A20", "AR04"}, {"J20", "L20"}, {"U10", "AF13"}} {
		a, err := s.Ask(Russian, "en", "sight "+pair[0]+" "+pair[1])
		if err != nil {
			t.Fatal(err)
		}
		ans := a.(SightAnswer)
		want := s.d.Map.See(Layout.MustParse(pair[0]), Layout.MustParse(pair[1]), Sightline{})
		if ans.Visible != want.Visible || ans.Line[0].Hex != pair[0] || ans.Line[len(ans.Line)-1].Hex != pair[1] {
			t.Errorf("%v: %+v", pair, ans)
		}
		if ans.Visible {
			seen++
			if ans.Blocker != nil {
				t.Errorf("%v: seen with a blocker", pair)
			}
		} else {
			blocked++
			if ans.Blocker == nil || ans.Why == "" {
				t.Errorf("%v: blocked without a blocker: %+v", pair, ans)
			}
		}
		if _, err := json.Marshal(ans); err != nil {
			t.Fatal(err)
		}
	}
	if seen == 0 || blocked == 0 {
		t.Errorf("the pairs should include seen and blocked lines: %d seen, %d blocked", seen, blocked)
	}
}

// The moving side's view at a reaction window (the board's, with the map
// cached and the markers listed), and the line of sight the board's tool
// asks for across the map.
func BenchmarkView(b *testing.B) {
	s := probe(&testing.T{}, Russian, `
		cossack-sqn-1 J20 formed
		hussar-sqn-1 L20 formed`)
	for _, x := range []string{"activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 I20", "step cossack-sqn-1 J20", "step cossack-sqn-1 K20"} {
		a, _ := s.DecodeAction(x)
		if err := s.Apply(s.Decider, a); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.View(Central, "en")
	}
}

func BenchmarkAskSight(b *testing.B) {
	s := probe(&testing.T{}, Russian, `cossack-sqn-1 J20 formed`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Ask(Central, "en", "sight N17 AF13"); err != nil {
			b.Fatal(err)
		}
	}
}

// The view as the server sends it: built and encoded.
func BenchmarkViewJSON(b *testing.B) {
	s := probe(&testing.T{}, Russian, `cossack-sqn-1 J20 formed`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(s.View(Central, "en")); err != nil {
			b.Fatal(err)
		}
	}
}

// Scenario 2's off-map artillery in the view: every group, its side, and
// a cross hair once one is called, at its vertex.
func TestArtilleryView(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Scenario: "counter-attack", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	v := s.View(Central, "en").(View)
	if len(v.Artillery) != s.groups() || len(v.Artillery) == 0 {
		t.Fatalf("%d groups in the view, %d in the scenario", len(v.Artillery), s.groups())
	}
	s.Groups[0].Cross, s.Groups[0].Glass = vertexCode(hexgridVertex(t, "N18", "O19", "N19")), 3
	a := s.View(Russian, "en").(View).Artillery[0]
	want := Layout.VertexPoint(hexgridVertex(t, "N18", "O19", "N19"), 1)
	if a.Cross == nil || a.Glass != 3 || a.Cross.Kind != "crosshair" || a.Cross.X != round2(want.X) || a.Cross.Y != round2(want.Y) {
		t.Fatalf("cross hair %+v", a)
	}
}

func hexgridVertex(t *testing.T, a, b, c string) hexgrid.Vertex {
	t.Helper()
	v, ok := hexgrid.VertexOf(Layout.MustParse(a), Layout.MustParse(b), Layout.MustParse(c))
	if !ok {
		t.Fatalf("%s/%s/%s is no vertex", a, b, c)
	}
	return v
}

// The board's lines of communication (11.4): a campaign's view names each
// side's friendly edge and exactly the units the isolation segment would
// capture of the side checked first (Position.Isolate); a Russian unit
// ringed by six Austro-Hungarian ones traces none. A scenario has none.
func TestLinesView(t *testing.T) {
	if v := probe(t, Central, "cossack-sqn-1 J20 formed").View(Central, "en").(View); v.Lines != nil {
		t.Fatal("a scenario shows lines of communication")
	}
	s := campaignAt(t, "high-water-mark", 1, func(s *State) bool { return s.Step == stCommand && s.camp.Seg == segAttack })
	ring := func() {
		var r, cs []int
		for i := range s.pos.Units {
			switch u := &s.pos.Units[i]; {
			case u.Side == Russian && u.Where == OnMap && len(r) == 0:
				r = append(r, i)
			case u.Side == Central && len(cs) < 6:
				cs = append(cs, i)
			}
		}
		h := s.pos.Units[r[0]].Hex
		for k, n := range h.Neighbours() {
			if !s.d.Map.InPlay(n) {
				t.Skipf("%s is on the map's edge", Layout.Format(h))
			}
			s.pos.Units[cs[k]].Where, s.pos.Units[cs[k]].Hex = OnMap, n
		}
	}
	for round := range 2 {
		if round == 1 {
			ring()
		}
		v := s.View(Russian, "en").(View)
		if v.Lines == nil || len(v.Lines.Edges[Central]) == 0 || len(v.Lines.Edges[Russian]) == 0 {
			t.Fatalf("no edges: %+v", v.Lines)
		}
		for _, side := range []engine.Side{Central, Russian} {
			p := s.pos
			p.Units = slices.Clone(s.pos.Units)
			var want []string
			for _, i := range p.Isolate(s.d, side) {
				if p.Units[i].Side == side {
					want = append(want, s.unitID(i))
				}
			}
			if !slices.Equal(v.Lines.Cut[side], want) {
				t.Errorf("round %d, side %d: cut %v, isolation would capture %v", round, side, v.Lines.Cut[side], want)
			}
		}
		if round == 1 && len(v.Lines.Cut[Russian]) == 0 {
			t.Error("the ringed Russian unit traces a line")
		}
	}
}
