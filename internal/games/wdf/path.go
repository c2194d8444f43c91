package wdf

import (
	"slices"
	"sync"
)

// searcher is the scratch of a least-cost search, reused through a pool
// so that a search allocates nothing: a hex's cost is valid when its mark
// is the current generation.
type searcher struct {
	gen  uint32
	mark [MaxHexes]uint32
	cost [MaxHexes]int32
	head []int32 // each bucket's latest entry, -1 if none
	ents []qentry
	// pathSearch's: each bucket's last entry, each hex's best way in and
	// its count of hexes to avoid, and the hexes whose count is final.
	tail  []int32
	queue []int      // flood's
	moves []memoMove // findMoves'
	seeds []int      // NewSupplyNet's
	prev  [MaxHexes]int32
	count [MaxHexes]int32
	done  [MaxHexes]uint32
}

type qentry struct{ hex, next int32 }

var searchers = sync.Pool{New: func() any { return new(searcher) }}

// next begins a search: a new generation, the marks cleared when the
// counter wraps.
func (q *searcher) next() {
	q.gen++
	if q.gen == 0 {
		clear(q.mark[:])
		clear(q.done[:])
		q.gen = 1
	}
}

// at is hex h's least cost found by the last search, -1 if unreached.
func (q *searcher) at(h int) int {
	if q.mark[h] != q.gen {
		return -1
	}
	return int(q.cost[h])
}

// set records cost c for hex h.
func (q *searcher) set(h, c int) { q.mark[h], q.cost[h] = q.gen, int32(c) }

// search is a Dijkstra search from hex start over at most budget sixths
// by the rules m (moveRules: a move's, or the overland leg of a supply
// path; called directly, not through function values, for the step is the
// innermost loop of every move and supply search). Hexes where m stops
// are reached but not left (a unit that must stop, 9.31). visit, if not
// nil, is told each hex as its least cost becomes final, in order of
// cost; it returns false to end the search. Costs are small integers, so
// a bucket queue keeps it simple and deterministic: each bucket a list
// threaded through one array of entries (the least costs do not depend on
// the order within a bucket).
func search(q *searcher, start, budget int, d *Data, st *moveRules, visit func(h, c int) bool) {
	q.next()
	if budget < 0 {
		return
	}
	q.head = slices.Grow(q.head[:0], budget+1)[:budget+1]
	for c := range q.head {
		q.head[c] = -1
	}
	q.ents = q.ents[:0]
	push := func(c, h int) {
		q.ents = append(q.ents, qentry{int32(h), q.head[c]})
		q.head[c] = int32(len(q.ents) - 1)
	}
	q.set(start, 0)
	push(0, start)
	for c := 0; c <= budget; c++ {
		for q.head[c] >= 0 {
			e := q.ents[q.head[c]]
			q.head[c] = e.next
			h := int(e.hex)
			if q.at(h) != c {
				continue
			}
			if visit != nil && !visit(h, c) {
				return
			}
			if h != start && st.stop(h) {
				continue
			}
			for dir, nb := range d.Hexes[h].Neighbours {
				if nb < 0 {
					continue
				}
				to := int(nb)
				sc := st.cost(h, dir, to)
				if sc == Prohibited || c+sc > budget {
					continue
				}
				if old := q.at(to); old < 0 || c+sc < old {
					q.set(to, c+sc)
					push(c+sc, to)
				}
			}
		}
	}
}

// out copies the last search's costs into a new slice, -1 where unreached.
func (q *searcher) out(d *Data) []int {
	cost := make([]int, len(d.Hexes))
	for i := range cost {
		cost[i] = q.at(i)
	}
	return cost
}

// pathSearch is search that also keeps, for each hex, the hex it is best
// entered from: the least cost first and, among equal costs, the fewest
// hexes entered on the way for which avoid reports true. Every step costs
// at least one sixth, so when a hex's bucket comes up every way into it at
// that cost has been seen and its count is final. Ties keep the first way
// found (each bucket is taken in the order it was filled), so the path is
// the same on every run. The results are in q (at, and prev) until q's
// next search.
func pathSearch(q *searcher, d *Data, start, budget int, st *moveRules, avoid func(int) bool) {
	q.next()
	q.head = slices.Grow(q.head[:0], budget+1)[:budget+1]
	q.tail = slices.Grow(q.tail[:0], budget+1)[:budget+1]
	for c := range q.head {
		q.head[c], q.tail[c] = -1, -1
	}
	q.ents = q.ents[:0]
	push := func(c, h int) { // at the bucket's end
		q.ents = append(q.ents, qentry{int32(h), -1})
		i := int32(len(q.ents) - 1)
		if q.tail[c] >= 0 {
			q.ents[q.tail[c]].next = i
		} else {
			q.head[c] = i
		}
		q.tail[c] = i
	}
	q.set(start, 0)
	q.prev[start], q.count[start] = -1, 0
	push(0, start)
	for c := 0; c <= budget; c++ {
		for i := q.head[c]; i >= 0; i = q.ents[i].next {
			h := int(q.ents[i].hex)
			if q.done[h] == q.gen || q.at(h) != c {
				continue
			}
			q.done[h] = q.gen
			if h != start && st.stop(h) {
				continue
			}
			n := q.count[h]
			if h != start && avoid(h) {
				n++
			}
			for dir, nb := range d.Hexes[h].Neighbours {
				if nb < 0 {
					continue
				}
				to := int(nb)
				sc := st.cost(h, dir, to)
				if sc == Prohibited || c+sc > budget || q.done[to] == q.gen {
					continue
				}
				if old := q.at(to); old < 0 || c+sc < old || (c+sc == old && n < q.count[to]) {
					q.set(to, c+sc)
					q.prev[to], q.count[to] = int32(h), n
					push(c+sc, to)
				}
			}
		}
	}
}

// flood returns the hexes reachable from the seeds through steps that
// pass ok(h, dir, to), with the number of steps taken (-1 unreached); at
// most maxSteps steps when maxSteps >= 0.
func flood(d *Data, seeds []int, maxSteps int, ok func(h, dir, to int) bool) []int {
	return floodInto(make([]int, len(d.Hexes)), d, seeds, maxSteps, ok)
}

// floodInto is flood writing into dist (len(d.Hexes)), its queue from
// the searchers' pool; a supply net keeps its steps in int16s (a net is
// found for every position a search reaches).
func floodInto[T int | int16](dist []T, d *Data, seeds []int, maxSteps int, ok func(h, dir, to int) bool) []T {
	for i := range dist {
		dist[i] = -1
	}
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	queue := q.queue[:0]
	defer func() { q.queue = queue }()
	for _, s := range seeds {
		if dist[s] < 0 {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for head := 0; head < len(queue); head++ {
		h := queue[head]
		if maxSteps >= 0 && int(dist[h]) >= maxSteps {
			continue
		}
		for dir, nb := range d.Hexes[h].Neighbours {
			if nb < 0 || dist[nb] >= 0 || !ok(h, dir, int(nb)) {
				continue
			}
			dist[nb] = dist[h] + 1
			queue = append(queue, int(nb))
		}
	}
	return dist
}
