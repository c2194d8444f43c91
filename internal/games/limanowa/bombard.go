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
// area (7.12), unit by unit (BombardUnit). die rolls one die. It returns
// the units eliminated, in order. The breaches and 7.13's craters are the
// players' placements (series.go).
func (p *Position) Bombard(m *Map, area []hexgrid.Hex, kind Bombardment, die func() int) []int {
	var gone []int
	for i := range p.Units {
		if u := &p.Units[i]; u.Where == OnMap && slices.Contains(area, u.Hex) {
			if g, _ := p.BombardUnit(m, i, kind, die); g {
				gone = append(gone, i)
			}
		}
	}
	return gone
}

// BombardUnit resolves a preliminary bombardment on units[i] (7.12): a
// unit neither in a village hex nor IN a blockhouse or trench is
// eliminated without a roll (roll 0); any other is dispersed, then rolls a
// die - pulverizing: a 6 eliminates it; paralyzing: 2 or more spends it.
func (p *Position) BombardUnit(m *Map, i int, kind Bombardment, die func() int) (gone bool, roll int) {
	u := &p.Units[i]
	if m.Terrain(u.Hex) != VillageHex && !u.In {
		u.Where, u.In = Destroyed, false
		return true, 0
	}
	u.Dispersed = true
	switch r := die(); {
	case kind == Pulverizing && r == 6:
		u.Where, u.In = Destroyed, false
		return true, r
	case kind == Paralyzing && r >= 2:
		u.Spent = true
		return false, r
	default:
		return false, r
	}
}
