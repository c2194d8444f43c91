package wdf

import (
	"testing"

	"sandtable/internal/engine"
)

// TestLastCombatView: after each combat of random games the view shows it
// as resolved: as many attacker dice as its final CS, the defender's too
// unless the attack overwhelmed, each die hit by its number, the hits the
// dice made, and every unit's CS the sum of its modifiers (or 0 where they
// sum below it: 10.12's floor), each modifier with a rule and in words in
// both languages.
func TestLastCombatView(t *testing.T) {
	combats := 0
	for seed := uint64(1); seed <= 4 && combats < 15; seed++ {
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		s := st.(*State)
		r := engine.NewRand(seed ^ 0xc0)
		var last *combatReport
		for n := 0; !s.Over() && n < 3000; n++ {
			side := s.Active().Sides()[0]
			legal := legalAll(s, side)
			a := legal[r.IntN(len(legal))]
			for _, x := range legal {
				if x.Op == opAttack || x.Op == opResolve {
					a = x // fight whenever offered
				}
			}
			s.ApplyUnchecked(side, a)
			s.TakeLog()
			if s.combat == nil || s.combat == last {
				continue
			}
			last = s.combat
			combats++
			for _, lang := range []string{"en", "it"} {
				c := s.view(side, lang).LastCombat
				if c == nil || len(c.Sides) != 2 || len(c.From) == 0 || len(c.Into) == 0 {
					t.Fatalf("seed %d: no last combat in the view: %+v", seed, c)
				}
				for i, sv := range c.Sides {
					if i == 1 && c.Overwhelming {
						continue
					}
					if len(sv.Dice) != sv.Final {
						t.Errorf("seed %d side %d: %d dice for a final CS of %d", seed, i, len(sv.Dice), sv.Final)
					}
					hits := 0
					for _, d := range sv.Dice {
						if d.Hit != (d.Roll >= d.On) || d.Roll < 1 || d.Roll > 6 {
							t.Errorf("seed %d: die %+v", seed, d)
						}
						if d.Hit {
							hits++
						}
					}
					if hits != c.Hits[i] {
						t.Errorf("seed %d side %d: the dice make %d hits, the view says %d", seed, i, hits, c.Hits[i])
					}
					for _, u := range sv.Units {
						sum := 0
						for _, m := range u.Mods {
							if m.Rule == "" || m.What == "" {
								t.Errorf("seed %d: a modifier without words or rule: %+v", seed, m)
							}
							if !m.Sets {
								sum += m.N
							}
						}
						if sum != u.CS && !(u.CS == 0 && sum < 0) {
							t.Errorf("seed %d %s: CS %d, its modifiers sum to %d: %+v", seed, u.Unit, u.CS, sum, u.Mods)
						}
					}
				}
			}
		}
	}
	if combats < 5 {
		t.Fatalf("only %d combats in the random games: the test saw too little", combats)
	}
}
