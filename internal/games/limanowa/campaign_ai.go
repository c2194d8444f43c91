package limanowa

import (
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// campaignHills are the two hills the campaigns' victory counts (13.0).
var campaignHills = []hexgrid.Hex{Layout.MustParse("AI25"), Layout.MustParse("AF13")}

// evaluateCampaign estimates side's chance of winning a campaign: the
// margin of its victory points (hill hexes and whole villages, 13.0), the
// units each keeps (formed counting more) and how close each stands to
// the two hills, through a logistic curve.
func evaluateCampaign(s *State, side engine.Side) float64 {
	r := s.d.Judge(s.sc.Victory, &s.pos.Control, nil)
	x := 0.5 * float64(r.Points[Central]-r.Points[Russian])
	x += s.unitBalance(s.goal(), 15, 0.05)
	return chance(side, x, 4)
}
