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
	in := sn.trace[side][l.To]
	if in == 0 {
		in = d.traceInto(sn, side, l.To)
		sn.trace[side][l.To] = in
	}
	switch in {
	case traceBarred:
		return 0, false, false
	case traceFree:
		return l.cross, false, true
	case traceWeak:
		return l.cross + MP, false, true
	}
	return l.cross + MP, true, true
}

// What a trace meets on entering a hex, whichever way it comes (traceBy,
// remembered in the snapshot: every source of a net asks again).
const (
	traceBarred int8 = 1 + iota // an enemy unit, town or Entry hex
	traceFree                   // no enemy ZoC, or a friendly unit there
	traceWeak                   // +1mp (4.2)
	traceHard                   // +1mp, and the trace stops there
)

// traceInto is what a trace of side meets on entering hex to (5.1).
func (d *Data) traceInto(sn *snap, side engine.Side, to int) int8 {
	if sn.occ[Other(side)][to] || d.EnemyTown(sn.p, side, to) {
		return traceBarred
	}
	if d.enemyEntry(side, to) {
		return traceBarred // ruling P4: no trace into an enemy Entry hex
	}
	if sn.occ[side][to] {
		return traceFree // 5.1: a friendly-occupied hex in a ZoC: no +1mp, no stop
	}
	switch extra, stop := d.zocCost(sn, side, to); {
	case stop:
		return traceHard
	case extra > 0:
		return traceWeak
	}
	return traceFree
}

// Reaches reports whether a trace of side from src within rng half mp
// reaches hex h.
func (d *Data) Reaches(p *Position, side engine.Side, src, rng, h int) bool {
	reached := make([]bool, len(d.Hexes))
	d.traceFor(d.snapshot(p), side, src, rng, []hexgrid.Hex{d.Hexes[h].At}, reached)
	return reached[h]
}
