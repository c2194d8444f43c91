package primogenita

import (
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Trace returns the hexes a supply trace of side from source hex src
// reaches within rng half mp, with their cost (5.1). The source hex itself
// is reached at cost 0 (a trace starts there, not including its hex). A
// trace is like movement but may enter any terrain paying its cost; it
// always reaches one hex regardless of cost; it never enters an enemy unit
// or an enemy-controlled town; it pays +1mp to enter an empty hex in an
// enemy ZoC and stops there if the ZoC is Hard; through a hex in an enemy
// ZoC occupied by a friendly unit it passes freely. A source occupied by
// the enemy traces nothing.
func (d *Data) Trace(p *Position, side engine.Side, src, rng int) []hexgrid.Reached {
	return d.trace(d.snapshot(p), side, src, rng)
}

// trace is Trace on a snapshot of the position, which a supply net takes
// once for all its sources.
func (d *Data) trace(sn *snap, side engine.Side, src, rng int) []hexgrid.Reached {
	if sn.occ[Other(side)][src] {
		return nil
	}
	s := d.search()
	defer d.searches.Put(s)
	return append([]hexgrid.Reached(nil), s.Reach(d.Hexes[src].At, rng, d.traceStep(sn, side, src, rng))...)
}

// traceFor marks in reached the hexes of want that trace reaches (and
// perhaps others it does): the search stops once it has settled them.
func (d *Data) traceFor(sn *snap, side engine.Side, src, rng int, want []hexgrid.Hex, reached []bool) {
	if sn.occ[Other(side)][src] || len(want) == 0 {
		return
	}
	s := d.search()
	defer d.searches.Put(s)
	for _, r := range s.ReachFor(d.Hexes[src].At, want, rng, d.traceStep(sn, side, src, rng)) {
		reached[d.at(r.Hex)-1] = true
	}
}

// traceStep is the cost of a trace's step from source src (5.1).
func (d *Data) traceStep(sn *snap, side engine.Side, src, rng int) hexgrid.StepCost {
	start := d.Hexes[src].At
	return func(from, _ hexgrid.Hex, hs hexgrid.Hexside) (int, bool) {
		_, l := d.linkAcross(from, hs)
		if l == nil {
			return -1, false
		}
		cost, stop, ok := d.traceBy(sn, side, l)
		if !ok {
			return -1, false
		}
		if from == start && cost > rng {
			cost = rng // 5.1: a trace always reaches one hex
		}
		return cost, stop
	}
}

// traceBy is the cost for a trace of side to enter the hex across link
// l (5.1).
func (d *Data) traceBy(sn *snap, side engine.Side, l *Link) (cost int, stop, ok bool) {
	to := l.To
	if sn.occ[Other(side)][to] || d.EnemyTown(sn.p, side, to) {
		return 0, false, false
	}
	if e := d.Hexes[to].Entry; e >= 0 && d.Entries[e].Side != side {
		return 0, false, false // ruling P4: no trace into an enemy Entry hex
	}
	cost = d.crossCost(*l, to)
	if sn.occ[side][to] {
		return cost, false, true // 5.1: a friendly-occupied hex in a ZoC: no +1mp, no stop
	}
	extra, stop := d.zocCost(sn, side, to)
	return cost + extra, stop, true
}

// Reaches reports whether a trace of side from src within rng half mp
// reaches hex h.
func (d *Data) Reaches(p *Position, side engine.Side, src, rng, h int) bool {
	reached := make([]bool, len(d.Hexes))
	d.traceFor(d.snapshot(p), side, src, rng, []hexgrid.Hex{d.Hexes[h].At}, reached)
	return reached[h]
}
