package compass

import (
	"math"
	"slices"
	"strings"
	"testing"

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

// An attack declared and not yet fought costs each side the expected hits
// of the other's best units (6.2.E.5), each hit a step (6.2.E.6); fought,
// it costs nothing more.
func TestPendingLossesCountDeclaredAttacks(t *testing.T) {
	s := fixture(t, `
unit 4-armd-bde sidi-barrani
unit 7rtr sidi-barrani
unit div-cirene buq-buq
begin movement allied`)
	if got := s.pendingLosses(); got != [2]float64{} {
		t.Fatalf("no attack declared: losses %v", got)
	}
	armd, buq := mustUnit(t, s, "4-armd-bde"), mustArea(t, s, "buq-buq")
	if err := s.Apply(Allied, engine.Action{Op: opAttack, A: int16(armd), B: int16(buq)}); err != nil {
		t.Fatal(err)
	}
	// 4th Armd Bde (CV 4, reduced 2) against the Cirene division (CV 2,
	// reduced 1): the Allies take 2/6 of a hit costing 2, the Italians
	// 4/6 of one costing 1.
	want := [2]float64{2.0 / 6 * 2, 4.0 / 6 * 1}
	if got := s.pendingLosses(); math.Abs(got[0]-want[0]) > 1e-9 || math.Abs(got[1]-want[1]) > 1e-9 {
		t.Errorf("4th Armd Bde declared: losses %v, want %v", got, want)
	}
	s.Units[armd].Flags |= fAttacked
	if got := s.pendingLosses(); got != [2]float64{} {
		t.Errorf("the attack fought: losses %v, want none", got)
	}
}

// In the Allied movement phase of the last turn, the one unit in a victory
// area an Italian unit could walk into is ranked between ending movement
// and every other move, unless it can still take an Italian victory area
// this phase; a unit that would join it ranks above a plain move. In any
// earlier turn, or with no Italian unit in reach, the ordering is the
// usual one.
func TestHoldingTheLastTurn(t *testing.T) {
	const position = `
control allied agedabia tobruch bardia giarabub
unit 16-bde bengasi
unit 7-armd-bde barce
unit col-bignami sceleidima
begin movement allied`
	score := func(s *State, unit, to string) float64 {
		t.Helper()
		u, a := mustUnit(t, s, unit), mustArea(t, s, to)
		return actionScore(s, Allied, engine.Action{Op: opMove, A: int16(u), B: int16(a)}, s.holding(Allied))
	}
	last := fixture(t, "turn 12"+position)
	done := actionScore(last, Allied, engine.Action{Op: opDone}, nil)
	if got := score(last, "16-bde", "ghemines"); got <= done || got >= score(last, "7-armd-bde", "maraua") {
		t.Errorf("turn 12: the lone unit leaving Bengasi scores %v, want between ending movement (%v) and every other move", got, done)
	}
	if got := score(last, "7-armd-bde", "bengasi"); got <= score(last, "7-armd-bde", "maraua") {
		t.Errorf("turn 12: joining the lone unit in Bengasi scores %v, want above a plain move", got)
	}
	prize := fixture(t, "turn 12"+strings.Replace(position, "agedabia ", "", 1))
	if got := score(prize, "16-bde", "ghemines"); got <= done+1 {
		t.Errorf("turn 12, Agedabia Italian and empty two roads on: leaving Bengasi for it scores %v, want the usual score", got)
	}
	if got := score(prize, "16-bde", "barce"); got >= 1 {
		t.Errorf("turn 12: leaving Bengasi away from Agedabia scores %v, want below a move within the own lines (1)", got)
	}
	early := fixture(t, "turn 11"+position)
	if got := score(early, "16-bde", "ghemines"); got <= done+1 {
		t.Errorf("turn 11: leaving Bengasi scores %v, want the usual score", got)
	}
	safe := fixture(t, "turn 12"+strings.Replace(position, "unit col-bignami sceleidima", "", 1))
	if got := score(safe, "16-bde", "ghemines"); got <= done+1 {
		t.Errorf("turn 12, no Italian unit in reach: leaving Bengasi scores %v, want the usual score", got)
	}
}
