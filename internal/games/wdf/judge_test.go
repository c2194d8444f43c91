package wdf

import (
	"math"
	"testing"

	"sandtable/internal/engine"
)

// TestMovedJudgement: judging a unit's move by what it changes
// (judgement.moved, chosenValue) gives what playing it on a copy and
// judging the whole position gives, on moves from random games.
func TestMovedJudgement(t *testing.T) {
	checked, off := 0, 0
	worst := 0.0
	eachChosen(3, 23, func(s *State, side engine.Side, p int, legal []engine.Action, _ uint64, _ int) {
		if p >= MaxUnits {
			return
		}
		c := s.Clone().(*State)
		c.chosen = 0
		var j judgement
		j.read(c)
		for _, a := range legal {
			if (a.Op != opMove && a.Op != opStrategic) || s.mayEnterActing(int(a.A), int(a.B)) {
				continue
			}
			m := s.Clone().(*State)
			m.ApplyUnchecked(side, a)
			m.chosen = 0
			whole, part := evaluate(m, side), j.moved(side, int(a.A), int(a.B))
			d := math.Abs(whole - part)
			worst = max(worst, d)
			checked++
			if d > 1e-9 {
				off++
			}
		}
	})
	t.Logf("%d moves, %d differ, worst by %.4f", checked, off, worst)
	if checked < 1000 || off > checked/200 || worst > 0.15 {
		t.Errorf("%d moves judged, %d differ from the whole judgement, the worst by %.4f", checked, off, worst)
	}
}

// TestChosenIsAnAction: a movement phase's state with a piece chosen is
// judged as one of that piece's actions played and judged (chosenValue),
// so a choice of piece is never worth more to a player looking one action
// ahead than the piece's own actions once it is chosen: such a player
// cannot go from piece to piece without end (it did, 100,000 picks).
func TestChosenIsAnAction(t *testing.T) {
	checked := 0
	eachChosen(5, 7, func(s *State, side engine.Side, p int, _ []engine.Action, seed uint64, n int) {
		v := evaluate(s, side)
		acts := s.pieceActions(p, nil)
		c := s.Clone().(*State)
		c.chosen = 0 // a unit that stopped with MP it cannot use stays chosen with nothing to do
		found := len(acts) == 0 && math.Abs(evaluate(c, side)-v) < 1e-12
		for _, a := range acts {
			m := s.Clone().(*State)
			m.ApplyUnchecked(side, a)
			if math.Abs(evaluate(m, side)-v) < 1e-12 {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("seed %d action %d: %s chosen is judged %.4f, which none of its actions played gives", seed, n, s.EncodeAction(engine.Action{Op: opPick, A: int16(p)}), v)
		}
		checked++
	})
	if checked < 100 {
		t.Errorf("only %d states with a piece chosen checked", checked)
	}
}

// eachChosen plays two random games (seeds 1 and 2, at most 3,000 actions
// each, choices drawn from seed r) and calls f at every every-th action
// where a piece is chosen, before the random action is played.
func eachChosen(r uint64, every int, f func(s *State, side engine.Side, p int, legal []engine.Action, seed uint64, n int)) {
	rng := engine.NewRand(r)
	for seed := uint64(1); seed <= 2; seed++ {
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		s := st.(*State)
		s.SetLogging(false)
		for n := 0; !s.Over() && n < 3000; n++ {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			if p := s.chosenPiece(); p >= 0 && n%every == 0 {
				f(s, side, p, legal, seed, n)
			}
			s.ApplyUnchecked(side, legal[rng.IntN(len(legal))])
		}
	}
}
