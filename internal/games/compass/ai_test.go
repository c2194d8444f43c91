package compass

import (
	"math"
	"slices"
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

// byPrior lists the legal actions in the order the search weighs them:
// best prior first, ties in Legal's order (with topk=3 it weighs the first
// three only).
func byPrior(s *State) []string {
	legal := s.Legal(s.Decider, nil)
	scores := make([]float64, len(legal))
	prior(s, s.Decider, legal, scores)
	idx := make([]int, len(legal))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return 0
	})
	out := make([]string, len(idx))
	for i, k := range idx {
		out[i] = s.EncodeAction(legal[k])
	}
	return out
}

// The choices within a battle are ordered by what they do to the dice and
// the losses, not by the units' numbers: six declared attackers in Legal's
// order (4th Armd CV 4, 7th Armd 3, 16th Bde 3, 7RTR 2*, WDF Artillery 1*,
// 11th Hussars 1*).
func TestPriorOrdersBattleChoices(t *testing.T) {
	s := fixture(t, battleAt+`unit 2-div-libica nibeiwa
unit raggr-maletti nibeiwa
hand allied air-support leader
begin movement allied`)
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7-armd-bde nibeiwa", "attack 16-bde nibeiwa",
		"attack 7rtr nibeiwa", "attack corps-arty nibeiwa", "attack 11-hussars nibeiwa",
		"done", "battle bir-enba nibeiwa")
	steps := []struct {
		what string
		top  []string // the first of byPrior, in order
		last string   // byPrior's last
		play string   // then played
	}{
		{"front line: the strongest first", []string{"front 4-armd-bde", "front 7-armd-bde", "front 16-bde"}, "", "front 4-armd-bde"},
		{"front line: the strongest left", []string{"front 7-armd-bde", "front 16-bde", "front 7rtr"}, "", "front 7-armd-bde"},
		{"front line", []string{"front 16-bde"}, "", "front 16-bde"},
		// 7RTR's 2 lifts the 3s to 5; behind the 4 it adds one pip only
		// 7RTR's 2 lifts a 3 to 5; behind the 4 it adds one pip only
		{"supports: where they add most", []string{"support 7rtr 7-armd-bde", "support 7rtr 16-bde"}, "done", "support 7rtr 7-armd-bde"},
		{"supports", []string{"support 11-hussars 4-armd-bde"}, "done", "support corps-arty 4-armd-bde"},
		{"supports", []string{"support 11-hussars 16-bde", "done"}, "", "support 11-hussars 16-bde"},
		// Air Support: +1 to 16th Bde (4 to 5) and nothing to the 5s
		{"events: only where the +1 counts", []string{"play air-support 16-bde", "done"}, "", "done"},
	}
	for _, st := range steps {
		got := byPrior(s)
		if !slices.Equal(got[:len(st.top)], st.top) {
			t.Fatalf("%s: order %v, want %v first", st.what, got, st.top)
		}
		if st.last != "" && got[len(got)-1] != st.last {
			t.Errorf("%s: order %v, want %s last", st.what, got, st.last)
		}
		do(t, s, st.play)
	}
}

// Leader re-rolls a die that missed, never one that hit (6.2.E.4); a hit
// flips a full-strength unit before it eliminates a one-step one (6.2.E.6).
func TestPriorOrdersDiceAndLosses(t *testing.T) {
	s := fixture(t, battleAt+`unit 2-div-libica nibeiwa
unit raggr-maletti nibeiwa
hand allied leader
begin movement allied`)
	do(t, s, "attack 7-armd-bde nibeiwa", "attack corps-arty nibeiwa", "attack 16-bde nibeiwa", "done",
		"battle bir-enba nibeiwa", "front 7-armd-bde", "front corps-arty", "front 16-bde")
	// The line is full; the attacker passes on events. 7th Armd rolls 2 (a
	// hit), WDF Artillery 3 and 16th Bde 4 (misses); Libica and Maletti 1
	// each: two hits on the attackers.
	s.Rng = dice(t, 2, 3, 4, 1, 1)
	do(t, s, "done")
	if s.Step != stAtkLeader {
		t.Fatalf("step %d, want the attacker's Leader", s.Step)
	}
	if got := byPrior(s); !slices.Equal(got, []string{"play leader 16-bde", "play leader corps-arty", "done", "play leader 7-armd-bde"}) {
		t.Errorf("Leader: order %v", got)
	}
	s.Rng = dice(t, 5)
	do(t, s, "play leader 16-bde")
	if s.Step != stAtkHits {
		t.Fatalf("step %d, want the attacker's hits", s.Step)
	}
	if got := byPrior(s); !slices.Equal(got, []string{"hit 7-armd-bde", "hit 16-bde", "hit corps-arty"}) {
		t.Errorf("hits: order %v, want the brigades (3 to 2) before WDF Artillery (eliminated)", got)
	}
}
