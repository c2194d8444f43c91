package limanowa

import (
	"slices"

	"sandtable/internal/hexgrid"
)

// Bombardment is a preliminary bombardment's type (7.11).
type Bombardment uint8

const (
	Pulverizing Bombardment = iota
	Paralyzing
)

// Breaches is how many wire breaches a bombardment places, by the
// targeted and by the firing player (7.12: pulverizing one each, the
// targeted player's mandatory; paralyzing three by the firing player).
func (b Bombardment) Breaches() (targeted, firing int) {
	if b == Pulverizing {
		return 1, 1
	}
	return 0, 3
}

// Bombard resolves steps 1-3 of a preliminary bombardment on the units in
// area (7.12): units not in a village hex nor IN a blockhouse or trench
// are eliminated; the rest are dispersed, then each rolls a die -
// pulverizing: a 6 eliminates it; paralyzing: 2 or more spends it. die
// rolls one die. It returns the units eliminated, in order. The breaches
// and 7.13's scrapes are the players' placements.
func (p *Position) Bombard(m *Map, area []hexgrid.Hex, kind Bombardment, die func() int) []int {
	var gone []int
	for i := range p.Units {
		u := &p.Units[i]
		if u.Where != OnMap || !slices.Contains(area, u.Hex) {
			continue
		}
		if m.Terrain(u.Hex) != VillageHex && !u.In {
			u.Where, u.In = Destroyed, false
			gone = append(gone, i)
			continue
		}
		u.Dispersed = true
		switch r := die(); {
		case kind == Pulverizing && r == 6:
			u.Where, u.In = Destroyed, false
			gone = append(gone, i)
		case kind == Paralyzing && r >= 2:
			u.Spent = true
		}
	}
	return gone
}
