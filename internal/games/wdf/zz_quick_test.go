package wdf

import (
	"testing"
	"time"

	"sandtable/internal/engine"
)

func TestZZQuick(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		t0 := time.Now()
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		s := st.(*State)
		r := engine.NewRand(seed ^ 0x5eed)
		n := 0
		var legal []engine.Action
		var tl, ta time.Duration
		for ; !s.Over(); n++ {
			side := s.Active().Sides()[0]
			t1 := time.Now()
			legal = s.Legal(side, legal[:0])
			tl += time.Since(t1)
			a := legal[r.IntN(len(legal))]
			t1 = time.Now()
			if err := s.Apply(side, a); err != nil {
				t.Fatal(err)
			}
			ta += time.Since(t1)
		}
		t.Logf("seed %d: %d actions %v legal %v apply %v turn %d", seed, n, time.Since(t0), tl, ta, s.Turn)
	}
}
