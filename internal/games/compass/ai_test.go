package compass

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// randomStates plays a few seeded random games and returns a state from
// every tenth action, for the properties of the players' knowledge.
func randomStates(t *testing.T) []*State {
	t.Helper()
	var out []*State
	for seed := uint64(1); seed <= 4; seed++ {
		s := newState(DefaultData(), seed, false)
		r := engine.NewRand(seed + 100)
		for i := 0; !s.Over(); i++ {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if i%10 == 0 {
				out = append(out, s.Clone().(*State))
			}
		}
	}
	return out
}

// reachBySweeps is reach as first written, sweeping every area until
// nothing changes: the reference the worklist must agree with.
func reachBySweeps(s *State, side engine.Side, occ *[maxAreas][2]int8) [maxAreas]int8 {
	left := s.reachStart(side)
	for changed := true; changed; {
		changed = false
		for a := range s.d.Areas {
			if left[a] <= 0 {
				continue
			}
			for _, l := range s.d.Areas[a].Links {
				if occ[l.To][1-side] > 0 {
					continue
				}
				if r := left[a] - entryCost(l.Kind); r > left[l.To] {
					left[l.To] = r
					changed = true
				}
			}
		}
	}
	return left
}

func TestReachAgreesWithSweeps(t *testing.T) {
	for i, s := range randomStates(t) {
		occ := s.tally()
		for p := engine.Side(0); p < 2; p++ {
			if got, want := s.reach(p, &occ), reachBySweeps(s, p, &occ); got != want {
				t.Fatalf("state %d, side %d: reach %v, sweeps %v", i, p, got, want)
			}
		}
	}
}

func TestReachStopsAtEnemyUnits(t *testing.T) {
	s := fixture(t, `
unit 7rtr sidi-barrani
unit div-cirene buq-buq
begin movement allied`)
	occ := s.tally()
	left := s.reach(Allied, &occ)
	if left[mustArea(t, s, "sidi-barrani")] <= 0 {
		t.Errorf("no movement left where 7 RTR stands: %v", left)
	}
	if got := left[mustArea(t, s, "buq-buq")]; got != -1 {
		t.Errorf("reach into Buq Buq, which the Italians occupy, = %d, want -1", got)
	}
}

func TestMapFacts(t *testing.T) {
	d := DefaultData()
	f := facts(d)
	var names []string
	for _, v := range f.victory {
		names = append(names, d.Areas[v].ID)
	}
	slices.Sort(names)
	// rule 2: the five areas worth victory points
	if want := []string{"agedabia", "bardia", "bengasi", "giarabub", "tobruch"}; !slices.Equal(names, want) {
		t.Errorf("victory areas %v, want %v", names, want)
	}
	for a := range d.Areas {
		if f.dist[a][a] != 0 {
			t.Errorf("%s: distance to itself %d", d.Areas[a].ID, f.dist[a][a])
		}
		for _, l := range d.Areas[a].Links {
			if f.dist[a][l.To] != 1 {
				t.Errorf("%s-%s: adjacent areas %d steps apart", d.Areas[a].ID, d.Areas[l.To].ID, f.dist[a][l.To])
			}
		}
		for b := range d.Areas {
			if f.dist[a][b] != f.dist[b][a] || f.dist[a][b] < 0 {
				t.Errorf("%s-%s: distances %d and %d", d.Areas[a].ID, d.Areas[b].ID, f.dist[a][b], f.dist[b][a])
			}
		}
	}
}

func TestEvaluateIsAChanceBothSidesShare(t *testing.T) {
	evaluate := ai.EvaluatorFor(Game{}.ID()) // as registered: a finished game scores its result
	for i, s := range randomStates(t) {
		a, b := evaluate(s, Allied), evaluate(s, Italian)
		if a < 0 || a > 1 || math.Abs(a+b-1) > 1e-9 {
			t.Fatalf("state %d: Allied %v, Italian %v", i, a, b)
		}
		if s.Over() && a != s.Returns()[Allied] {
			t.Fatalf("finished state %d: evaluation %v, result %v", i, a, s.Returns())
		}
	}
}

func TestBattleEdgeFavoursTheStrongerSide(t *testing.T) {
	s := fixture(t, `
unit 7rtr sidi-barrani
unit 4-armd-bde sidi-barrani
unit div-cirene buq-buq
begin movement allied`)
	from, to := mustArea(t, s, "sidi-barrani"), mustArea(t, s, "buq-buq")
	both := s.battleEdge(from, to, Allied, mustUnit(t, s, "7rtr"))
	if both <= 0 {
		t.Errorf("two Allied units on one Italian division: edge %v, want > 0", both)
	}
	if back := s.battleEdge(to, from, Italian, mustUnit(t, s, "div-cirene")); back >= 0 {
		t.Errorf("the division attacking them: edge %v, want < 0", back)
	}
}

// alliedMovement plays a seeded random game on to the first Allied
// movement phase in which the Allies have moves to choose among.
func alliedMovement(t *testing.T, seed uint64) *State {
	t.Helper()
	s := newState(DefaultData(), seed, false)
	r := engine.NewRand(seed)
	for !s.Over() {
		side := s.Active().Sides()[0]
		legal := s.Legal(side, nil)
		if s.Step == stMove && side == Allied && len(legal) > 3 {
			return s
		}
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no Allied movement phase")
	return nil
}

// The search's tree reuse (ai.Config.Reuse) in the movement phase, where
// one side decides move after move: the tree is kept, the choices do not
// depend on what the Allies cannot see (two states they cannot tell apart:
// other Italian event markers in hand, other dice to come), and a state
// that is not the one the kept tree was for starts afresh.
func TestSearchReusesItsTreeOverAMovementPhase(t *testing.T) {
	cfg := ai.FixedConfig
	cfg.Iterations, cfg.Reuse = 200, true
	s := alliedMovement(t, 3)
	var runs [2][]engine.Action
	var kept [2][]int
	for i := range runs {
		r := engine.NewRand(uint64(50 + i))
		v := s.Determinize(Allied, &r).(*State)
		p := ai.NewMCTS(Game{}, cfg, 9)
		for n := 0; n < 6 && v.Decider == Allied && v.Step == stMove; n++ {
			a := p.Choose(v, Allied)
			runs[i] = append(runs[i], a)
			kept[i] = append(kept[i], p.LastReused)
			if err := v.Apply(Allied, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !slices.Equal(runs[0], runs[1]) || !slices.Equal(kept[0], kept[1]) {
		t.Fatalf("the search depends on hidden information:\n%v %v\n%v %v", runs[0], kept[0], runs[1], kept[1])
	}
	if len(kept[0]) < 2 || slices.Max(kept[0][1:]) == 0 {
		t.Fatalf("no tree kept over the moves %v (visits kept %v)", runs[0], kept[0])
	}

	// another action than the one chosen: the kept tree is not for it
	p := ai.NewMCTS(Game{}, cfg, 9)
	v := s.Clone().(*State)
	a := p.Choose(v, Allied)
	legal := v.Legal(Allied, nil)
	other := legal[0]
	if other == a {
		other = legal[1]
	}
	if err := v.Apply(Allied, other); err != nil {
		t.Fatal(err)
	}
	if v.Decider != Allied {
		t.Fatalf("the Allies no longer decide after %v", other)
	}
	p.Choose(v, Allied)
	if p.LastReused != 0 {
		t.Fatalf("%d visits kept after %v was played instead of %v", p.LastReused, other, a)
	}
}

// In the last turns the enemy's logistic area is no prize in itself (rule 2
// counts the five victory areas): with one unit left to hold Agedabia, the
// evaluator must not prefer it in El Agheila while an Italian unit can walk
// into Agedabia behind it. Earlier in the game, taking the Italians'
// logistic area is still worth the risk.
func TestLogisticAreaIsNoPrizeAtTheEnd(t *testing.T) {
	position := func(turn int, at string) *State {
		return fixture(t, fmt.Sprintf(`
turn %d
unit 19-aus-bde %s
unit raggr-piana ben-gania
control allied agedabia %s
begin movement italian`, turn, at, at))
	}
	for _, tc := range []struct {
		turn     int
		wantStay bool
	}{
		{12, true},
		{4, false},
	} {
		stay := evaluate(position(tc.turn, "agedabia"), Allied)
		raid := evaluate(position(tc.turn, "el-agheila"), Allied)
		if (stay > raid) != tc.wantStay {
			t.Errorf("turn %d: Agedabia held %.4f, El Agheila taken %.4f; want holding better: %v",
				tc.turn, stay, raid, tc.wantStay)
		}
	}
}

func TestLogisticLeft(t *testing.T) {
	for _, tc := range []struct{ left, want float64 }{
		{0, 0}, {0.5, 0}, {1, 0.25}, {1.5, 0.5}, {2.5, 1}, {12, 1},
	} {
		if got := logisticLeft(tc.left); got != tc.want {
			t.Errorf("logisticLeft(%v) = %v, want %v", tc.left, got, tc.want)
		}
	}
}

// A unit that closes on a victory area the enemy holds must still count in
// the last turns, while its side has a movement phase left to take it in;
// after its side's last movement phase it counts for nothing (what is left
// of the gain is the supply the two areas differ in).
func TestPressureLastsWhileThereAreMovesLeft(t *testing.T) {
	gain := func(turn int) float64 {
		at := func(area string) float64 {
			s := fixture(t, fmt.Sprintf(`
turn %d
unit 7-armd-bde %s
unit div-sirte bengasi
unit raggr-piana agedabia
unit presidio-tobruch tobruch
unit presidio-bardia bardia
unit presidio-giarabub giarabub
control allied sceleidima derna
begin movement italian`, turn, area))
			return s.projection(s.turnsLeft())
		}
		return at("sceleidima") - at("derna")
	}
	early, late, last := gain(2), gain(10), gain(12)
	if early <= 0 || late < early/2 {
		t.Errorf("closing on Bengasi gains %.3f in turn 2 and %.3f in turn 10; want the late gain at least half the early one", early, late)
	}
	if last > 0 {
		t.Errorf("closing on Bengasi after the last Allied movement phase gains %.3f; want nothing", last)
	}
}

func TestPressureLeft(t *testing.T) {
	for _, tc := range []struct {
		left float64
		side engine.Side
		want float64
	}{
		{12, Allied, 1}, {9, Italian, 0.75}, {6, Allied, 0.5}, {2.5, Allied, 0.5},
		{1, Allied, 0.5}, {0.5, Allied, 0}, {0.5, Italian, 0.5},
	} {
		if got := pressureLeft(tc.left, tc.side); got != tc.want {
			t.Errorf("pressureLeft(%v, %v) = %v, want %v", tc.left, tc.side, got, tc.want)
		}
	}
}
