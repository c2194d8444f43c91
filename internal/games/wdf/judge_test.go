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
	r := engine.NewRand(3)
	checked, off := 0, 0
	worst := 0.0
	for seed := uint64(1); seed <= 2; seed++ {
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		s := st.(*State)
		s.SetLogging(false)
		for n := 0; !s.Over() && n < 3000; n++ {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			if p := s.chosenPiece(); p >= 0 && p < MaxUnits && n%23 == 0 {
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
			}
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
		}
	}
	t.Logf("%d moves, %d differ, worst by %.4f", checked, off, worst)
	if checked < 1000 || off > checked/200 || worst > 0.15 {
		t.Errorf("%d moves judged, %d differ from the whole judgement, the worst by %.4f", checked, off, worst)
	}
}
