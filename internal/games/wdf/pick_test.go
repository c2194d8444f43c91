package wdf

import (
	"fmt"
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// TestEveryPickHasAnAction: ruling W38 offers a piece only if it has an
// action, leaders included; along random games every offered pick, once
// taken, lists at least one action of that piece, and an idle leader is
// offered exactly when he has a move.
func TestEveryPickHasAnAction(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		st, err := Game{}.New(engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		s.SetLogging(false)
		r := engine.NewRand(seed)
		for n := 0; !s.Over() && n < 20000; n++ {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			for _, a := range legal {
				if a.Op != opPick {
					continue
				}
				c := s.Clone().(*State)
				if err := c.Apply(side, a); err != nil {
					t.Fatalf("seed %d: %s refused: %v", seed, s.EncodeAction(a), err)
				}
				if !hasPieceAction(c, side, int(a.A)) {
					t.Fatalf("seed %d, action %d: %s offered, but the piece then has no action (step %d)", seed, n, s.EncodeAction(a), s.Step)
				}
			}
			if s.Step == stMove || s.Step == stExploit {
				b := s.board()
				for l := range s.d.Leaders {
					if p := MaxUnits + l; s.idleLeader(p) && s.pickable(b, p) != (len(s.leaderMoves(l, nil)) > 0) {
						t.Fatalf("seed %d, action %d: leader %s pickable %v, %d moves", seed, n, s.d.Leaders[l].ID, s.pickable(b, p), len(s.leaderMoves(l, nil)))
					}
				}
			}
			a := legal[len(legal)-1]
			if r.IntN(2) == 0 {
				a = legal[r.IntN(len(legal))]
			}
			s.ApplyUnchecked(side, a)
		}
	}
}

// hasPieceAction reports whether s lists an action of piece p (a unit, or
// MaxUnits plus a leader) other than picks and the end of the step.
func hasPieceAction(s *State, side engine.Side, p int) bool {
	for _, a := range s.Legal(side, nil) {
		switch {
		case a.Op == opPick || a.Op == opDone:
		case p >= MaxUnits && a.Op == opLead && int(a.A) == p-MaxUnits:
			return true
		case p < MaxUnits && a.Op != opLead && int(a.A) == p:
			return true
		}
	}
	return false
}

// TestIdleLeaderPickStillReplays: a leader whose every neighbouring hex
// holds an enemy unit has no move (13.4), so he is not offered (W38; he
// was until 2026-11-28, seen in besieged Tobruk); a record made before may
// still choose him, and the choice is accepted.
func TestIdleLeaderPickStillReplays(t *testing.T) {
	d := movingAt(t, "unit 4-armd 1218").d
	h := hx(t, d, "3510")
	fix := "unit 4-armd 1218\nleader oconnor-ritchie 3510"
	next := 0
	for _, nb := range d.Hexes[h].Neighbours {
		if nb < 0 {
			continue
		}
		for d.Units[next].Side != Axis {
			next++
		}
		fix += fmt.Sprintf("\nunit %s %s", d.Units[next].ID, d.Hexes[nb].ID)
		next++
	}
	s := movingAt(t, fix)
	l, _ := s.d.Leader("oconnor-ritchie")
	p := MaxUnits + l
	if !s.idleLeader(p) {
		t.Fatal("the leader is not idle in the fixture")
	}
	if len(s.leaderMoves(l, nil)) != 0 {
		t.Fatal("the encircled leader has a move: the fixture does not test the case")
	}
	a := engine.Action{Op: opPick, A: int16(p)}
	if slices.Contains(s.Legal(Allied, nil), a) {
		t.Errorf("%s offered with no move", s.EncodeAction(a))
	}
	if err := s.Apply(Allied, a); err != nil {
		t.Errorf("%s, accepted in records before the fix, refused: %v", s.EncodeAction(a), err)
	}
}
