package wdf

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// TestBoardFollows: a board derived from the one before (Board.follow)
// is the board read afresh, and the supply nets it keeps are the nets
// traced afresh, at every action of uniformly random games (which move
// units most).
func TestBoardFollows(t *testing.T) {
	games, most := 2, 30000
	if testing.Short() {
		games, most = 1, 3000
	}
	d := DefaultData()
	for seed := range uint64(games) {
		st, _ := Game{}.New(engine.Setup{Seed: seed + 1})
		s := st.(*State)
		s.SetLogging(false)
		r := engine.NewRand(seed)
		followed := 0
		for n := 0; n < most && !s.Over(); n++ {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			before := s.bd
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
			b := s.board()
			if b == before {
				continue
			}
			fresh := NewBoard(d, &s.Pos)
			if b.grid != fresh.grid {
				t.Fatalf("seed %d action %d: the derived board differs from the board read afresh", seed+1, n)
			}
			for p := range engine.Side(2) {
				net := b.net[p].Load()
				if net == nil {
					continue
				}
				followed++
				want := fresh.NewSupplyNet(p, d.SupplySource[p])
				if net.Source != want.Source || !slices.Equal(net.road, want.road) || !slices.Equal(net.track, want.track) {
					t.Fatalf("seed %d action %d: %s's kept supply net differs from the net traced afresh", seed+1, n, s.sideName(p))
				}
			}
		}
		if followed == 0 {
			t.Errorf("seed %d: no supply net was kept from one board to the next", seed+1)
		}
	}
}
