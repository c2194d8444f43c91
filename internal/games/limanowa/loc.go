package limanowa

import (
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// BeatenZone marks the hexes into which side's enemies exert a beaten zone
// (11.42): the six hexes around every enemy unit on the map that does not
// share its hex with one of side's units. Only the enemy's zones stop a
// side's line of communication (ruling L12).
func (p *Position) BeatenZone(side engine.Side) map[hexgrid.Hex]bool {
	bz := map[hexgrid.Hex]bool{}
	for i := range p.Units {
		u := &p.Units[i]
		if u.Where != OnMap || u.Side == side || p.enemyIn(u.Side, u.Hex) {
			continue
		}
		for _, n := range u.Hex.Neighbours() {
			bz[n] = true
		}
	}
	return bz
}

// LOC reports whether side can trace a line of communication from h to
// its friendly board edge (11.42): a path of in-play hexes of any length
// that, once it leaves h, enters no hex holding an enemy unit (even with
// friendly units there) and no beaten-zone hex. h itself may hold enemy
// units or lie in a beaten zone. bz is BeatenZone(side).
func (p *Position) LOC(m *Map, side engine.Side, h hexgrid.Hex, bz map[hexgrid.Hex]bool) bool {
	edge := m.Edges[side]
	if slices.Contains(edge, h) {
		return true
	}
	seen := map[hexgrid.Hex]bool{h: true}
	queue := []hexgrid.Hex{h}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range x.Neighbours() {
			if seen[n] || !m.InPlay(n) || bz[n] || p.enemyIn(side, n) {
				continue
			}
			if slices.Contains(edge, n) {
				return true
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	return false
}

// CanPlace reports whether side may place a reinforcement or recovery in
// h during the reinforcements and recoveries segment (11.12): no enemy
// unit in or next to h; a line of communication from h as if a unit of
// side were there; next to a unit of side already on the map that is not
// cavalry (13.0's edit: cavalry cannot anchor new arrivals).
func (p *Position) CanPlace(d *Data, side engine.Side, h hexgrid.Hex) bool {
	if !d.Map.InPlay(h) || !CanEnter(p.Units, side, h) {
		return false
	}
	anchored := false
	for i := range p.Units {
		u := &p.Units[i]
		if u.Where != OnMap {
			continue
		}
		near := u.Hex == h || hexgrid.Adjacent(u.Hex, h)
		if near && u.Side != side {
			return false
		}
		if u.Side == side && hexgrid.Adjacent(u.Hex, h) && !d.Counters[u.Counter].Is(Cavalry) {
			anchored = true
		}
	}
	return anchored && p.LOC(&d.Map, side, h, p.BeatenZone(side))
}
