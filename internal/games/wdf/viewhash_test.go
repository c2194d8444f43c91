package wdf

import (
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// viewsHash is the hash of TestViewsUnchanged's views: a change that
// makes views cheaper must leave them byte for byte as they were; a change
// meant to alter them rewrites it, saying why.
//
// 2026-11-29: the chosen unit's reasons ("blocked") left the view for the
// "why" question (State.Ask), then the units' supply paths for the
// "supply" question; each time the hash is that of the views before, with
// what left them left out, built from the code before (38ba90a, 0724d8c).
//
// Later that day a unit's side left the views for the sheet
// (CounterView), and its reduced flag, hex and IP level are encoded only
// when set: the hash of the views before with those fields so tagged and
// nothing else changed (609f66e).
const viewsHash = "933095321afb908c9fc7223793065ad5b115c6cb33413c9084f709b04352beb6"

// TestViewsUnchanged: the views of every side along random games, hashed,
// are the ones recorded (viewsHash), supply through Tobruk included.
func TestViewsUnchanged(t *testing.T) {
	h := enginetest.NewViewHash()
	// Seed 3's game is viewed from action 440, once units of both sides
	// draw supply through Tobruk (8.4).
	for _, g := range []struct {
		seed     uint64
		from, to int
	}{{1, 0, 400}, {2, 0, 400}, {3, 440, 840}} {
		st, _ := Game{}.New(engine.Setup{Seed: g.seed})
		s := st.(*State)
		r := engine.NewRand(g.seed)
		for i := 0; i < g.to && !s.Over(); i++ {
			for side := engine.Observer; side <= Axis && i >= g.from; side++ {
				h.Add(t, s.View(side, "en"))
			}
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
		}
	}
	h.Check(t, viewsHash)
}
