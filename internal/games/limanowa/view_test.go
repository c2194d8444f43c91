package limanowa

import (
	"encoding/json"
	"testing"

	"sandtable/internal/engine"
)

// The board's map: every hex of the 44x25 sheet, the named features, and
// the same value for every view of a scenario.
func TestMapView(t *testing.T) {
	s := probe(t, Russian, `cossack-sqn-1 J20 formed`)
	m := s.View(Central, "en").(View).Map
	if len(m.Hexes) != 44*25 || len(m.Villages) == 0 || len(m.Roads) == 0 || len(m.Streams) == 0 || len(m.Bridges) == 0 {
		t.Fatalf("hexes %d, villages %d, roads %d, streams %d, bridges %d", len(m.Hexes), len(m.Villages), len(m.Roads), len(m.Streams), len(m.Bridges))
	}
	byID := map[string]HexView{}
	for _, h := range m.Hexes {
		byID[h.ID] = h
	}
	if h := byID["N17"]; h.Terrain != "village" || h.Out {
		t.Errorf("N17, in Limanowa: %+v", h)
	}
	if a, b := byID["A01"], byID["B01"]; b.Y <= a.Y || b.X <= a.X { // D1: even columns half a hex lower
		t.Errorf("A01 %+v, B01 %+v", a, b)
	}
	if m2 := s.View(Russian, "it").(View).Map; m2 != m {
		t.Error("the map view is built once a scenario")
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
