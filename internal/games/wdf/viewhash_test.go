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
const viewsHash = "051c47897360ec706e343b034c25b7ce7821cf492c021ee9390728c965ec67be"

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
