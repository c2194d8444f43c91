package limanowa

import (
	"math"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// evaluateCampaign estimates side's chance of winning a campaign: the
// margin of its victory points (hill hexes and whole villages, 13.0), the
// units each keeps (formed counting more) and how close each stands to
// the two hills, through a logistic curve.
func evaluateCampaign(s *State, side engine.Side) float64 {
	r := s.d.Judge(s.sc.Victory, &s.pos.Control, nil)
	x := 0.5 * float64(r.Points[Central]-r.Points[Russian])
	hills := [2]hexgrid.Hex{Layout.MustParse("AI25"), Layout.MustParse("AF13")}
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Where != OnMap {
			continue
		}
		v := 0.5
		if !u.Dispersed {
			v = 1
		}
		near := math.Min(float64(hexgrid.Distance(u.Hex, hills[0])), float64(hexgrid.Distance(u.Hex, hills[1])))
		v += 0.05 * math.Max(0, 15-near)
		if u.Side == Russian {
			v = -v
		}
		x += v
	}
	return chance(side, x, 4)
}
