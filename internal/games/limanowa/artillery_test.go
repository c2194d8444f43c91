package limanowa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/hexgrid"
)

// logHas fails unless the English log of s so far (taken into *all)
// contains each text.
func logHas(t *testing.T, s *State, all *string, texts ...string) {
	t.Helper()
	*all += logText(s)
	for _, x := range texts {
		if !strings.Contains(*all, x) {
			t.Errorf("no log line with %q in\n%s", x, *all)
		}
	}
}

// 7.244 and 7.246 in play: a Russian group's cross hair on the vertex
// (N18, O19, N19) is primed; the next Russian command rolls signal
// success (4+3 against telephone's 7: success, 6.02, 7.23), the accuracy
// die 3 strays (7.242), the player names the spine due west "1-2", the
// error die 2 takes the FFE to (M19, N18, N19): the units in N18, N19 and
// M19 check cohesion with the group's +4 and their deployment and cover
// (7.241: formed +1, N18's village -1), the one in O19 does not; then the
// command goes on. A unit entering M19 later that turn is attacked too (7.247).
func TestFFEStrayExample(t *testing.T) {
	h := Layout.MustParse
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AL05 formed
		landsturm-coy-1 N18 formed
		landsturm-coy-2 N19 dispersed
		landsturm-coy-3 M19 formed
		ah-mg-1 O19 formed
		landsturm-coy-4 M20 formed
	`)
	g, _ := s.groupByID("oma-russian-2")
	v, _ := hexgrid.VertexOf(h("N18"), h("O19"), h("N19"))
	s.Groups[g].Cross, s.Groups[g].Glass = vertexCode(v), 1
	west := Stray(v, 0, 1)
	for _, a := range v.Adjacent() {
		if Layout.VertexPoint(a, 1).X < Layout.VertexPoint(v, 1).X-0.5 {
			west = a
		}
	}
	//         signal  accuracy
	s.Rng = enginetest.Dice(t, "4", "3", "3")
	play(t, s, "activate russian-coy-1")
	at(t, s, stSpine, Russian, "the stray")
	s.Rng = enginetest.Dice(t, "2", "1", "1", "1", "1", "1", "1")
	play(t, s, "spine oma-russian-2 "+formatVertex(west))
	want, _ := hexgrid.VertexOf(h("M19"), h("N18"), h("N19"))
	if got := codeVertex(s.Groups[g].FFE); got != want {
		t.Fatalf("the FFE is on %s, want %s", formatVertex(got), formatVertex(want))
	}
	at(t, s, stGroup, Russian, "the command goes on")
	var log string
	logHas(t, s, &log, "signal success 4+3 against 7: success (7.23)", "accuracy die 3, modifier +0: 3, it strays (7.242)",
		"error die 2: the fire lands on "+formatVertex(want), "k.k. Landsturm company 1 cohesion check 1+1+4",
		"k.k. Landsturm company 2 cohesion check 1+1+4", "k.k. Landsturm company 3 cohesion check 1+1+5")
	if strings.Contains(log, "machine-gun section 1 cohesion") {
		t.Error("the unit in O19 was attacked")
	}
	// 7.247: the Austro-Hungarian unit in M20 walks into M19.
	play(t, s, "end")
	at(t, s, stCommand, Central, "the other half")
	s.Rng = enginetest.Dice(t, "6", "6")
	play(t, s, "activate landsturm-coy-4", "move landsturm-coy-4", "step landsturm-coy-4 M19")
	logHas(t, s, &log, "attacks the units entering M19 (7.247)")
	if u := s.unit(t, "landsturm-coy-4"); u.Where != Destroyed {
		t.Errorf("6+6 and the group's +4 leave the entering unit %v", u.Where)
	}
}

// 6.1, 7.221, 7.222: a call places the cross hair where an infantry unit
// sees it and spends the group; telephone's hourglass primes it the next
// turn; flares are primed at once. 6.2: a cancellation of 11 or more
// fires by accident; one in between leaves the group primed and ready.
func TestCallAndCancel(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AG14 formed
		hussar-sqn-dismounted-1 AF13 formed
	`)
	g, _ := s.groupByID("oma-russian-1")
	pre := formatVertex(*s.spec1(g).Preregistered)
	legal := s.legalTexts()
	if !slices.Contains(legal, "call oma-russian-1 "+pre+" shell") || !slices.Contains(legal, "call oma-russian-1 "+pre+" smoke") {
		t.Fatalf("the preregistered vertex is not offered: %v", legal)
	}
	play(t, s, "call oma-russian-1 "+pre+" shell")
	if gr := s.Groups[g]; gr.Cross == 0 || gr.Glass != 2 || !gr.Spent || s.primed(g) {
		t.Fatalf("after the call: %+v", gr)
	}
	s.Turn = 2
	if !s.primed(g) {
		t.Fatal("not primed on turn 2")
	}
	s.Groups[g].Spent = false
	s.Decider, s.Phasing, s.Step = Russian, Russian, stCommand
	s.Rng = enginetest.Dice(t, "5", "4") // 9 against 7: no signal, no accident
	play(t, s, "cancel oma-russian-1")
	if !s.primed(g) || s.Groups[g].Spent {
		t.Fatal("a failed cancellation below 11 changed the group")
	}
	var log string
	logHas(t, s, &log, "cancellation 5+4 against 7: no signal")
	s.Decider, s.Phasing, s.Step = Russian, Russian, stCommand
	//                            cancel   accuracy: 1-1 on target
	s.Rng = enginetest.Dice(t, "6", "5", "1", "1", "1")
	play(t, s, "cancel oma-russian-1")
	logHas(t, s, &log, "failed with 11 or more", "fires for effect on "+pre)
	if gr := s.Groups[g]; !gr.Spent || gr.FFE == 0 || gr.Cross != 0 {
		t.Errorf("after the accident: %+v", gr)
	}
}

// 6.02: calling another group is a command, so a primed group rolls
// first; a pass is no command and rolls nothing.
func TestSignalRollsOnCommands(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AG14 formed
		hussar-sqn-dismounted-1 AF13 formed
	`)
	g, _ := s.groupByID("oma-russian-2")
	r1, _ := s.groupByID("oma-russian-1")
	v := *s.spec1(r1).Preregistered
	s.Groups[g].Cross, s.Groups[g].Glass = vertexCode(hexgrid.Corner(Layout.MustParse("AF13"), 0)), 1
	epoch := s.Epoch()
	play(t, s, "pass")
	if s.Epoch() != epoch {
		t.Error("a pass rolled dice")
	}
	play(t, s, "pass") // the Austro-Hungarian half
	s.Rng = enginetest.Dice(t, "6", "6")
	var log string
	play(t, s, "call oma-russian-1 "+formatVertex(v)+" shell")
	logHas(t, s, &log, "Russian artillery group 2 signal success 6+6 against 7", "Russian artillery group 1 called onto")
	if s.Groups[g].Cross == 0 || s.Groups[r1].Cross == 0 {
		t.Error("the cross hairs")
	}
}

// The memo of daylight lines to vertices answers as SeeVertex does, the
// first time and from the table.
func TestSeePlainVertexMemo(t *testing.T) {
	m := &DefaultData().Map
	r := engine.NewRand(9)
	for range 400 {
		a := m.Hexes[r.IntN(len(m.Hexes))]
		v := hexgrid.Corner(m.Hexes[r.IntN(len(m.Hexes))], hexgrid.Dir(r.IntN(6)))
		want := m.SeeVertex(a, v, Sightline{}).Visible
		if m.SeePlainVertex(a, v) != want || m.SeePlainVertex(a, v) != want {
			t.Fatalf("%s to %s: the memo differs from SeeVertex (%v)", Layout.Format(a), formatVertex(v), want)
		}
	}
}

// 7.242's height: K07 is at the map's top level, but east of scenario 3's
// road it does not exist there (13.0); controlling it helps only in
// scenario 2.
func TestAccuracyHeight(t *testing.T) {
	for _, tt := range []struct {
		scenario string
		want     bool
	}{{"counter-attack", true}, {"muhr-at-jabloniec", false}} {
		s := begin(t, tt.scenario, Russian, "")
		for _, h := range s.d.Map.Hexes {
			s.pos.Control.Set(h, engine.Observer)
		}
		s.pos.Control.Set(Layout.MustParse("K07"), Russian)
		if got := s.highest(Russian); got != tt.want {
			t.Errorf("%s: highest %v, want %v", tt.scenario, got, tt.want)
		}
	}
}

// L27: at a corner of the map where one spine only leads onto the map, a
// stray names it without asking.
func TestStrayAtCorner(t *testing.T) {
	s := begin(t, "counter-attack", Russian, "russian-coy-1 AL05 formed")
	var v hexgrid.Vertex
	for _, h := range s.d.Map.Hexes {
		for d := hexgrid.Dir(0); d < 6; d++ {
			if c := hexgrid.Corner(h, d); s.validVertex(vertexCode(c)) && len(s.spines(c)) == 1 {
				v = c
			}
		}
	}
	g, _ := s.groupByID("oma-russian-2")
	s.Groups[g].Cross, s.Groups[g].Glass = vertexCode(v), 1
	s.Rng = enginetest.Dice(t, "1", "1", "6", "1")
	play(t, s, "activate russian-coy-1")
	at(t, s, stGroup, Russian, "the command goes on")
	if s.Groups[g].FFE == 0 {
		t.Error("no FFE")
	}
}

// Apply judges a call by itself (allowed): the same answer as looking it
// up in Legal, for every vertex of the map, at the commands of random
// games of scenarios 2 and 3.
func TestCallAllowedMatchesLegal(t *testing.T) {
	for _, sc := range []string{"counter-attack", "muhr-at-jabloniec"} {
		st, _ := Game{}.New(engine.Setup{Scenario: sc, Seed: 4})
		s := st.(*State)
		r := engine.NewRand(4)
		checked := 0
		for !s.Over() && checked < 6 {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			if s.Step == stCommand && int(s.Turn)%2 == 1 {
				checked++
				for g := range s.groups() {
					for _, h := range s.d.Map.Hexes {
						for d := hexgrid.Dir(0); d < 2; d++ {
							for c := range 2 {
								a := engine.Action{Op: opCall, A: int16(g), B: vertexCode(hexgrid.Corner(h, d)), C: int16(c)}
								if s.allowed(side, a) != slices.Contains(legal, a) {
									t.Fatalf("%s: %s allowed %v, in Legal %v", sc, s.EncodeAction(a), s.allowed(side, a), !s.allowed(side, a))
								}
							}
						}
					}
				}
			}
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
		}
	}
}
