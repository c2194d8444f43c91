package limanowa

import (
	"math"
	"slices"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// TestKnowledge plays random games of every scenario and checks at every
// decision, on the actions the players weigh (asides left out), that the
// prior scores every action, that the rollout policy returns one of them,
// and that the evaluation stays a chance, never a certainty.
func TestKnowledge(t *testing.T) {
	know := ai.KnowledgeFor(Game{}.ID())
	for _, sc := range []string{"probe", "counter-attack", "muhr-at-jabloniec"} {
		t.Run(sc, func(t *testing.T) {
			st, err := Game{}.New(engine.Setup{Scenario: sc, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRand(7)
			for n := 0; n < 400 && !s.Over(); n++ {
				side := engine.Deciding(s).Sides()[0]
				legal := s.rulesLegal(side)
				scores := make([]float64, len(legal))
				know.Prior(s, side, legal, scores)
				for i, v := range scores {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("action %d: prior %v for %s", n, v, s.EncodeAction(legal[i]))
					}
				}
				a := know.Rollout(s, side, legal, &r)
				if !slices.Contains(legal, a) {
					t.Fatalf("action %d: the rollout chose %s, not legal", n, s.EncodeAction(a))
				}
				for _, sd := range []engine.Side{Central, Russian} {
					if v := know.Evaluate(s, sd); !(v > 0 && v < 1) {
						t.Fatalf("action %d: evaluation %v", n, v)
					}
				}
				if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestGoalDistances checks the distance tables the prior and the
// evaluation read: zero on the hexes the victory counts, one next to
// them, the hex distance elsewhere.
func TestGoalDistances(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		hex      string
		want     float64
	}{
		{"probe", "N17", 0},
		{"probe", "L16", 0},
		{"probe", "L15", 1},
		{"probe", "C23", float64(hexgrid.Distance(Layout.MustParse("C23"), Layout.MustParse("L16")))},
		{"gods-playground", "AF13", 0},
		{"gods-playground", "AI25", 0},
		{"gods-playground", "AF12", 1},
	} {
		st, err := Game{}.New(engine.Setup{Scenario: tc.scenario, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.(*State).goal().at(Layout.MustParse(tc.hex)); got != tc.want {
			t.Errorf("%s %s: distance %v, want %v", tc.scenario, tc.hex, got, tc.want)
		}
	}
}

// TestEvaluationSeparates: at the start of every scenario, one hex of the
// victory taken from the side that holds it, or taken by the side that
// needs it, moves the evaluation by more than a hundredth: an evaluation
// that saturates (scenario 2's Russians once stood at one chance in 8,000
// whatever they did) leaves the search nothing to choose by.
func TestEvaluationSeparates(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		taker    engine.Side // the side that must take hexes
	}{{"probe", Central}, {"counter-attack", Russian}, {"muhr-at-jabloniec", Central}} {
		t.Run(tc.scenario, func(t *testing.T) {
			st, err := Game{}.New(engine.Setup{Scenario: tc.scenario, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			before := evaluate(s, tc.taker)
			var h hexgrid.Hex
			found := false
			for _, g := range s.objective() {
				if s.pos.Control.Owner(g) != tc.taker {
					h, found = g, true
					break
				}
			}
			if !found {
				t.Fatal("the taker already holds every hex of the victory")
			}
			s.pos.Control.Set(h, tc.taker)
			after := evaluate(s, tc.taker)
			if after-before < 0.01 {
				t.Errorf("a hex of the victory taken moves side %d's chance from %.5f to %.5f", tc.taker, before, after)
			}
		})
	}
}

// TestPriorCallsOnDefendedHill: with its artillery ready and three
// defenders of the Jabloniec in the three hexes of a vertex its companies
// see (AF12/AG12/AG13), the Russians' prior ranks a call of shell there
// above a pass, above an activation, above smoke, above a call on a lone
// unit and above a call that would hit its own company too; once another
// group aims there, a second call there scores as little as a pass.
func TestPriorCallsOnDefendedHill(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AJ12 formed
		russian-coy-2 AH13 formed
		hussar-sqn-dismounted-1 AF13 formed
		hussar-sqn-dismounted-2 AG13 formed
		hussar-sqn-dismounted-3 AG12 formed
		hussar-sqn-dismounted-4 AG14 formed
		landsturm-coy-1 AF12 dispersed
		landsturm-coy-2 AH14 formed
	`)
	score := func(text string) float64 {
		t.Helper()
		a, err := s.DecodeAction(text)
		if err != nil {
			t.Fatal(err)
		}
		legal := s.rulesLegal(Russian)
		if !slices.Contains(legal, a) {
			t.Fatalf("%s is not legal: %v", text, s.legalTexts())
		}
		scores := make([]float64, len(legal))
		prior(s, Russian, legal, scores)
		return scores[slices.Index(legal, a)]
	}
	hill := score("call oma-russian-1 AF12/AG12/AG13 shell")
	for _, worse := range []string{
		"pass",
		"activate russian-coy-1",
		"call oma-russian-1 AF12/AG12/AG13 smoke",
		"call oma-russian-2 AH14/AI15/AH15 shell", // one unit
		"call oma-russian-2 AG13/AH13/AG14 shell", // two, and russian-coy-2 in AH13
	} {
		if v := score(worse); v >= hill {
			t.Errorf("%s scores %.2f, the call on the defended hill %.2f", worse, v, hill)
		}
	}
	// a second group called onto the vertex the first aims at
	g, _ := s.groupByID("oma-russian-2")
	a, _ := s.DecodeAction("call oma-russian-1 AF12/AG12/AG13 shell")
	s.Groups[g].Cross = a.B
	if v := score("call oma-russian-1 AF12/AG12/AG13 shell"); v >= score("pass")+0.5 {
		t.Errorf("a call onto the vertex another group aims at scores %.2f", v)
	}
}

// TestPriorCallsOnMachineGun: a lone machine gun whose range reaches the
// Russian companies (reaction fire does not spend it, 6.75) draws a call
// that the prior ranks above an activation, where a lone company there
// does not; out of range of every Russian unit, the gun is a lone unit
// like any other.
func TestPriorCallsOnMachineGun(t *testing.T) {
	const call = "call oma-russian-1 AH12/AI12/AI13 shell"
	for _, c := range []struct {
		name, setup string
		above       bool
	}{
		{"gun in range", "russian-coy-1 AK11 formed\nrussian-coy-3 AK11 formed\nah-mg-2 AH12 dispersed", true},
		{"company in range", "russian-coy-1 AK11 formed\nrussian-coy-3 AK11 formed\nlandsturm-coy-4 AH12 formed", false},
		{"gun out of range", "russian-coy-1 AR05 formed\nrussian-coy-3 AR05 formed\nah-mg-2 AH12 dispersed", false},
	} {
		s := begin(t, "counter-attack", Russian, c.setup)
		legal := s.rulesLegal(Russian)
		scores := make([]float64, len(legal))
		prior(s, Russian, legal, scores)
		score := func(text string) float64 {
			a, err := s.DecodeAction(text)
			if err != nil || !slices.Contains(legal, a) {
				t.Fatalf("%s: %s is not legal (%v): %v", c.name, text, err, s.legalTexts())
			}
			return scores[slices.Index(legal, a)]
		}
		if got := score(call) > score("activate russian-coy-1"); got != c.above {
			t.Errorf("%s: the call scores %.2f, an activation %.2f", c.name, score(call), score("activate russian-coy-1"))
		}
	}
}

// TestShellsDue: a cross hair of shell counts the units in its three
// hexes against their side (a formed unit shellWeight, a dispersed one
// half), whoever called it; smoke counts nothing.
func TestShellsDue(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AJ12 formed
		hussar-sqn-dismounted-1 AF13 formed
		landsturm-coy-1 AF12 dispersed
		russian-coy-2 AG13 formed
	`)
	before := evaluate(s, Russian)
	g, _ := s.groupByID("oma-russian-1")
	s.Groups[g].Cross = vertexCode(*s.spec1(g).Preregistered) // AF12/AF13/AG13
	if got, want := s.shellsDue(), -shellWeight-shellWeight/2+shellWeight; math.Abs(got-want) > 1e-9 {
		t.Errorf("shellsDue %v, want %v", got, want)
	}
	if after := evaluate(s, Russian); after <= before {
		t.Errorf("the Russians' chance %.4f with their shells due on two defenders and one company, %.4f before", after, before)
	}
	s.Groups[g].Smoke = true
	if got := s.shellsDue(); got != 0 {
		t.Errorf("smoke: shellsDue %v, want 0", got)
	}
}

// TestNarrowGathersTheMass: once a command activates a Russian company,
// the search players' rule offers only the join of the next company that
// may join (3.5, 6.01c), until none may; a defender on a hill hex its
// side holds is never made to join.
func TestNarrowGathersTheMass(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AL10 formed
		russian-coy-2 AL10 formed
		russian-coy-3 AL11 formed
		russian-coy-4 AK11 formed
		russian-mg-1 AL11 formed
		hussar-sqn-dismounted-1 AF13 formed
		hussar-sqn-dismounted-2 AF12 formed
	`)
	play(t, s, "activate russian-coy-1")
	for range 3 {
		drop := narrow(s, Russian)
		if drop == nil {
			t.Fatalf("no rule with %d units activated: %v", s.NGroup, s.legalTexts())
		}
		var kept []engine.Action
		for _, a := range s.rulesLegal(Russian) {
			if !drop(a) {
				kept = append(kept, a)
			}
		}
		if len(kept) != 1 || kept[0].Op != opAdd {
			t.Fatalf("the rule keeps %d actions, want one join", len(kept))
		}
		play(t, s, s.EncodeAction(kept[0]))
	}
	if s.NGroup != 4 || narrow(s, Russian) != nil {
		t.Errorf("%d units activated, rule %v: want the four companies, then no rule", s.NGroup, narrow(s, Russian) != nil)
	}

	d := begin(t, "counter-attack", Central, `
		hussar-sqn-dismounted-1 AF13 formed
		hussar-sqn-dismounted-2 AF12 formed
		russian-coy-1 AL10 formed
	`)
	play(t, d, "activate hussar-sqn-dismounted-1")
	if narrow(d, Central) != nil {
		t.Error("a defender on a hill hex is made to join")
	}
}

// TestStepsForwardOrStop: a mover's prior goes forward to the hexes it
// does not hold, stops rather than walk back, and keeps out of a fire for
// effect (7.247).
func TestStepsForwardOrStop(t *testing.T) {
	s := begin(t, "counter-attack", Russian, `
		russian-coy-1 AJ12 formed
		hussar-sqn-dismounted-1 AD14 formed
	`)
	play(t, s, "activate russian-coy-1", "move russian-coy-1")
	m := s.aimOf(Russian, nil)
	score := func(text string) float64 {
		t.Helper()
		a, err := s.DecodeAction(text)
		if err != nil {
			t.Fatal(err)
		}
		return s.actionScore(Russian, a, &m)
	}
	forward, stop, back := score("step russian-coy-1 AI12"), score("stop russian-coy-1"), score("step russian-coy-1 AK12")
	if !(forward > stop && stop > back) {
		t.Errorf("forward %.2f, stop %.2f, back %.2f", forward, stop, back)
	}
	g, _ := s.groupByID("oma-central-1")
	s.Groups[g].FFE = vertexCode(hexgrid.Corner(Layout.MustParse("AI12"), 0))
	if v := score("step russian-coy-1 AI12"); v >= stop {
		t.Errorf("a step into a fire for effect scores %.2f, a stop %.2f", v, stop)
	}
}

// TestScriptedAttackTakesTheHills plays scenario 2 with the Russians
// following the rollout policy's best action every time (State.best: a
// simple scripted attack) against defenders who play at random, and asks
// it to win at least 8 of 20 games and take 12 of the 30 hill hexes on
// average: the task the text sets the Russians can be done (ruling D17),
// and the attack the search's playouts follow does it. (It won 12 of 20
// before a call onto a machine gun in range counted mgWorth units; the
// script, which never weighs what a call costs in commands, now calls
// before it moves and wins 9, 27 of 60 seeds against 34, with as many
// hexes taken: 13.9 on average against 14.1.)
func TestScriptedAttackTakesTheHills(t *testing.T) {
	if testing.Short() {
		t.Skip("20 games")
	}
	const games = 20
	wins, hexes := 0, 0
	for seed := uint64(1); seed <= games; seed++ {
		st, err := Game{}.New(engine.Setup{Scenario: "counter-attack", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := engine.NewRand(seed)
		for n := 0; !s.Over(); n++ {
			if n > 20000 {
				t.Fatal("no end after 20,000 actions")
			}
			side := engine.Deciding(s).Sides()[0]
			legal := s.rulesLegal(side)
			a := legal[r.IntN(len(legal))]
			if side == Russian {
				a = s.best(side, legal, &r)
			}
			if err := s.Apply(side, a); err != nil {
				t.Fatal(err)
			}
		}
		res := s.d.Judge(s.sc.Victory, &s.pos.Control, nil)
		hexes += res.Points[Russian]
		if res.Winner == Russian {
			wins++
		}
	}
	t.Logf("the scripted Russians won %d of %d, taking %.1f hill hexes on average", wins, games, float64(hexes)/games)
	if wins < 8 || hexes < 12*games {
		t.Errorf("the scripted Russians won %d of %d games, taking %.1f hexes on average", wins, games, float64(hexes)/games)
	}
}

// TestAim: at the start of scenario 2 the Russians, who hold none of the
// hill hexes, head for the nearest one they lack and, once they hold one,
// for the next; the Central Powers, who would win as things stand, head
// for the hill hexes and stay on them: an activated defender's move
// scores below the end of its command.
func TestAim(t *testing.T) {
	s := begin(t, "counter-attack", Central, `
		hussar-sqn-dismounted-1 AF13 formed
		russian-coy-1 AJ12 formed
	`)
	r, c := s.aimOf(Russian, nil), s.aimOf(Central, nil)
	if len(r.open) != 30 || len(c.open) != 0 {
		t.Fatalf("open hexes: Russian %d, Central %d; want 30 and 0", len(r.open), len(c.open))
	}
	ah12 := Layout.MustParse("AH12")
	if got := r.at(ah12); got != 0 {
		t.Errorf("AH12 lies %v from the Russians' aim, want 0", got)
	}
	s.pos.Control.Set(ah12, Russian)
	if r = s.aimOf(Russian, nil); r.at(ah12) != 1 {
		t.Errorf("AH12 held: it lies %v from the Russians' aim, want 1", r.at(ah12))
	}
	play(t, s, "activate hussar-sqn-dismounted-1")
	i, _ := s.unitByID("hussar-sqn-dismounted-1")
	move, end := s.actionScore(Central, engine.Action{Op: opMove, A: int16(i)}, &c), s.actionScore(Central, engine.Action{Op: opEnd}, &c)
	if move >= end {
		t.Errorf("a defender's move on its hill hex scores %.2f, the end of the command %.2f", move, end)
	}
}
