package limanowa

import "sandtable/internal/hexgrid"

// Green reports whether the hexside between a and b is a green bar
// (interior woods, 6.661a, 8.9): on the reconstructed map, every hexside
// between two woods hexes (rulings-data D16).
func (m *Map) Green(a, b hexgrid.Hex) bool {
	woods := func(h hexgrid.Hex) bool { t := m.Terrain(h); return t == Woods || t == DotWoods }
	return hexgrid.Adjacent(a, b) && woods(a) && woods(b)
}

// Road reports whether a unit crossing from a to b follows a road (8.6):
// the hexside is crossed by the road's artwork.
func (m *Map) Road(a, b hexgrid.Hex) bool { return m.Sides.At(a, b)&RoadSide != 0 }

// Step is one hex entered by a moving unit, as 6.661 needs it.
type Step struct {
	From, To       hexgrid.Hex
	Night          bool
	FriendlyTrench bool // it moves along a connecting friendly trench (6.661c, 6.662)
	EnemyTrench    bool // it goes IN an enemy trench hex from IN an adjacent, connecting enemy trench (6.661b)
}

// MustCheckLost reports whether the step makes the unit check cohesion to
// avoid getting lost (6.661): never along a road; crossing a green bar
// hexside, going IN along an enemy trench, or entering a hex at night
// other than by a road or friendly trench. 6.663's once a turn is the
// caller's to keep.
func (m *Map) MustCheckLost(s Step) bool {
	if m.Road(s.From, s.To) {
		return false
	}
	return m.Green(s.From, s.To) || s.EnemyTrench || s.Night && !s.FriendlyTrench
}

// RallyCandidates are the units that may rally when units[mover], formed,
// enters its hex (3.8): its side's ready, dispersed units there.
func RallyCandidates(units []Unit, mover int) []int {
	m := &units[mover]
	if m.Dispersed || m.Where != OnMap {
		return nil
	}
	var out []int
	for i := range units {
		u := &units[i]
		if i != mover && u.Side == m.Side && u.Hex == m.Hex && u.Ready() && u.Dispersed {
			out = append(out, i)
		}
	}
	return out
}
