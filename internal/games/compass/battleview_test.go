package compass

import (
	"fmt"
	"testing"

	"sandtable/internal/engine"
)

// TestBattleViewTargetsAtRoll: once the dice are rolled, the battle
// panel's "hits on" of each die stays the number it was rolled against,
// and whether it hit stays what the hits were counted from, while the
// losses then taken lower the units' strength (the panel said 1 where the
// log said 2). Random games; every battle with dice is followed to its end.
func TestBattleViewTargetsAtRoll(t *testing.T) {
	battles, changed := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		s := newState(DefaultData(), seed, true)
		rolled := map[string]string{} // unit name: the CV its die was rolled against, from the log
		r := engine.NewRand(seed ^ 0xba77)
		var at map[[2]int]int // targets when the dice were first seen
		for n := 0; !s.Over() && n < 5000; n++ {
			if !s.Bat.On {
				at = nil
			} else if bv := s.battleView(); bv.Rolled {
				now := map[[2]int]int{}
				for i := range 2 {
					for k, f := range bv.Sides[i] {
						if f.Die > 0 {
							now[[2]int{i, k}] = f.Target
							if f.Hit != hitBy(f.Die, f.Target) {
								t.Fatalf("seed %d: die %d against %d told hit=%v", seed, f.Die, f.Target, f.Hit)
							}
						}
					}
				}
				if at == nil {
					at = now
					battles++
				}
				// The truth: the log's line of each die.
				for key, tg := range now {
					name := s.def(int(s.Bat.Front[key[0]][key[1]])).Name
					if rolled[name] != fmt.Sprint(tg) {
						t.Fatalf("seed %d: %s rolled against %s (log); the view says %d", seed, name, rolled[name], tg)
					}
				}
				for key, tg := range at {
					if now[key] != tg {
						t.Fatalf("seed %d: die %v was rolled against %d; the view now says %d", seed, key, tg, now[key])
					}
					if cv, _ := s.modifiedCV(key[0], key[1]); s.onMap(int(s.Bat.Front[key[0]][key[1]])) && cv != tg {
						changed++
					}
				}
			}
			side := s.Decider
			legal := s.Legal(side, nil)
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
			for _, e := range s.TakeLog() {
				if e.Key == "die" || e.Key == "reroll" {
					rolled[e.Args[0]] = e.Args[3]
				}
			}
		}
	}
	if battles < 20 || changed == 0 {
		t.Fatalf("%d battles, %d views where today's CV differs from the roll's: the test saw too little", battles, changed)
	}
}

// TestBlockedReasons: in random games' movement steps, every adjacent
// area a unit of the player may not enter has a reason ("why UNIT", asked
// of the state), and none that it may enter has one: "why can't I?"
// agrees with the rules. The other side is refused the question.
func TestBlockedReasons(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 10; seed++ {
		s := newState(DefaultData(), seed, false)
		r := engine.NewRand(seed ^ 0xb10c)
		for n := 0; !s.Over() && n < 3000; n++ {
			side := s.Decider
			legal := s.Legal(side, nil)
			if s.Step == stMove {
				may := map[[2]int16]bool{}
				for _, a := range legal {
					if a.Op == opMove || a.Op == opAttack {
						may[[2]int16{a.A, a.B}] = true
					}
				}
				for u, d := range s.d.Units {
					us := s.Units[u]
					if d.Side != side || us.Area < 0 {
						continue
					}
					a, err := s.Ask(side, "en", "why "+d.ID)
					if err != nil {
						t.Fatalf("seed %d: why %s: %v", seed, d.ID, err)
					}
					for _, other := range []engine.Side{1 - side, engine.Observer} {
						if _, err := s.Ask(other, "en", "why "+d.ID); err == nil {
							t.Fatalf("seed %d: side %d was told why %s may not move", seed, other, d.ID)
						}
					}
					blocked := a.(map[string]string)
					for _, l := range s.d.Areas[us.Area].Links {
						why := blocked[s.d.Areas[l.To].ID]
						if why == "" {
							why = blocked["*"]
						}
						if may[[2]int16{int16(u), int16(l.To)}] == (why != "") {
							t.Fatalf("seed %d: %s into %s: legal %v, reason %q", seed, d.Name, s.d.Areas[l.To].Name, may[[2]int16{int16(u), int16(l.To)}], why)
						}
						checked++
					}
				}
			}
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d unit-area pairs checked", checked)
	}
}
