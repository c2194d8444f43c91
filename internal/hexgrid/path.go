package hexgrid

import "math"

// StepCost gives the cost of moving from a hex into the adjacent hex to
// across side: a non-negative cost, or a negative cost if the move is
// impossible. stop reports that the mover must stop after entering to
// (e.g. entering an enemy zone of control: Western Desert Force 9.31, La
// Primogenita 4.2 hard ZoC and 5.0 traces); a hex entered with stop is
// reached but not left, while the same hex reached without stop can be.
//
// Costs are integers: scale movement points so that every fraction is
// whole. Western Desert Force pays 1/3 MP along roads and 1/2 along tracks,
// so with 6 units per MP a road hex costs 2, a track hex 3, clear 6.
type StepCost func(from, to Hex, side Hexside) (cost int, stop bool)

// NoLimit is a budget that never runs out.
const NoLimit = math.MaxInt32

// Reached is a hex found by a search and its least cost.
type Reached struct {
	Hex  Hex
	Cost int
}

// Search finds least-cost paths (Dijkstra) over a fixed box of hexes. It
// keeps its buffers between searches, so repeated searches do not
// allocate. Results are deterministic: ties are broken by a fixed order of
// hexes, never by map iteration. A Search is not safe for concurrent use.
type Search struct {
	lo     Hex
	w, h   int
	gen    uint32
	seen   []uint32 // per state: gen when cost/prev were set
	closed []uint32 // per state: gen when finalized
	cost   []int32
	prev   []int32
	in     []bool   // per cell: the hex is one the search may use
	done   []uint32 // per cell: gen when first finalized
	want   []uint32 // per cell: gen when the search stops once it is reached
	left   int      // hexes of want not yet reached; the search stops at 0 (-1: never)
	best   []int32  // per cell: state finalized first (least cost)
	heap   []uint64 // cost<<32 | state
	out    []Reached
}

// NewSearch returns a Search over the given hexes (typically
// layout.Hexes(), or only the hexes in play, plus any off-map hexes a game
// uses, such as entry boxes). Other hexes are never entered. Memory is
// proportional to the bounding box of the hexes in axial coordinates.
func NewSearch(hexes []Hex) *Search {
	s := &Search{}
	if len(hexes) == 0 {
		return s
	}
	lo, hi := hexes[0], hexes[0]
	for _, h := range hexes {
		lo.Q, lo.R = min(lo.Q, h.Q), min(lo.R, h.R)
		hi.Q, hi.R = max(hi.Q, h.Q), max(hi.R, h.R)
	}
	s.lo, s.w, s.h = lo, hi.Q-lo.Q+1, hi.R-lo.R+1
	n := s.w * s.h
	s.seen, s.closed = make([]uint32, 2*n), make([]uint32, 2*n)
	s.cost, s.prev = make([]int32, 2*n), make([]int32, 2*n)
	s.done, s.best, s.in, s.want = make([]uint32, n), make([]int32, n), make([]bool, n), make([]uint32, n)
	for _, h := range hexes {
		s.in[s.cell(h)] = true
	}
	return s
}

func (s *Search) cell(h Hex) int {
	q, r := h.Q-s.lo.Q, h.R-s.lo.R
	if q < 0 || r < 0 || q >= s.w || r >= s.h {
		return -1
	}
	return r*s.w + q
}

// use returns the cell of h, or -1 if the search may not use h.
func (s *Search) use(h Hex) int {
	c := s.cell(h)
	if c < 0 || !s.in[c] {
		return -1
	}
	return c
}

func (s *Search) hexOf(cell int) Hex { return Hex{s.lo.Q + cell%s.w, s.lo.R + cell/s.w} }

// Reach returns every hex reachable from start within budget, start
// first, in order of increasing cost (ties in a fixed hex order). The
// slice belongs to s and is valid until its next search; afterwards Cost
// and PathTo answer for any hex reached.
func (s *Search) Reach(start Hex, budget int, step StepCost) []Reached {
	s.begin()
	s.left = -1
	s.run(start, budget, step)
	return s.out
}

// ReachFor is Reach that stops once every hex of want is reached: each
// hex of want is in the result exactly when Reach would list it, at the
// same cost, and of the other hexes only those no dearer than the last of
// want reached are (a search that settles a few hexes near start, not
// the whole budget's area).
func (s *Search) ReachFor(start Hex, want []Hex, budget int, step StepCost) []Reached {
	s.begin()
	s.left = 0
	for _, h := range want {
		if c := s.use(h); c >= 0 && s.want[c] != s.gen {
			s.want[c] = s.gen
			s.left++
		}
	}
	if s.left > 0 {
		s.run(start, budget, step)
	}
	return s.out
}

// Path returns a least-cost path from a to b within budget (a and b
// included) and its cost; ok is false if b cannot be reached. The search
// stops at b, so afterwards Cost and PathTo know only hexes no dearer
// than b.
func (s *Search) Path(a, b Hex, budget int, step StepCost) (path []Hex, cost int, ok bool) {
	if s.use(b) < 0 {
		return nil, 0, false
	}
	s.ReachFor(a, []Hex{b}, budget, step)
	cost, ok = s.Cost(b)
	if !ok {
		return nil, 0, false
	}
	return s.AppendPathTo(nil, b), cost, true
}

// Cost returns the least cost of h found by the last search.
func (s *Search) Cost(h Hex) (int, bool) {
	c := s.cell(h)
	if c < 0 || s.done[c] != s.gen {
		return 0, false
	}
	return int(s.cost[s.best[c]]), true
}

// PathTo returns the least-cost path from the last search's start to h, or
// nil if h was not reached.
func (s *Search) PathTo(h Hex) []Hex { return s.AppendPathTo(nil, h) }

// AppendPathTo appends the path of PathTo to dst.
func (s *Search) AppendPathTo(dst []Hex, h Hex) []Hex {
	c := s.cell(h)
	if c < 0 || s.done[c] != s.gen {
		return dst
	}
	n0 := len(dst)
	for st := s.best[c]; st >= 0; st = s.prev[st] {
		dst = append(dst, s.hexOf(int(st)/2))
	}
	for i, j := n0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

// begin starts a search: a new generation of marks.
func (s *Search) begin() {
	s.out, s.heap = s.out[:0], s.heap[:0]
	s.gen++
	if s.gen == 0 { // wrapped: old marks could collide
		clear(s.seen)
		clear(s.closed)
		clear(s.done)
		clear(s.want)
		s.gen = 1
	}
}

// run is Dijkstra over states (cell, stopped): a hex entered with stop is
// a separate state that is not expanded. It stops when the last hex of
// want is reached (left falls to 0).
func (s *Search) run(start Hex, budget int, step StepCost) {
	c0 := s.use(start)
	if c0 < 0 || budget < 0 {
		return
	}
	budget = min(budget, NoLimit)
	s.set(int32(2*c0), 0, -1)
	for len(s.heap) > 0 {
		top := s.pop()
		st, cost := int32(top), int(top>>32)
		if s.closed[st] == s.gen {
			continue
		}
		s.closed[st] = s.gen
		cell := int(st) / 2
		h := s.hexOf(cell)
		if s.done[cell] != s.gen {
			s.done[cell], s.best[cell] = s.gen, st
			s.out = append(s.out, Reached{h, cost})
			if s.want[cell] == s.gen {
				if s.left--; s.left == 0 {
					return
				}
			}
		}
		if st&1 == 1 {
			continue // stopped here
		}
		for d := Dir(0); d < 6; d++ {
			n := h.Add(dirs[d])
			nc := s.use(n)
			if nc < 0 {
				continue
			}
			c, stop := step(h, n, SideOf(h, d))
			if c < 0 || c > budget-cost {
				continue
			}
			ns := int32(2 * nc)
			if stop {
				ns++
			}
			if s.closed[ns] == s.gen || s.seen[ns] == s.gen && int(s.cost[ns]) <= cost+c {
				continue
			}
			s.set(ns, int32(cost+c), st)
		}
	}
}

func (s *Search) set(st, cost, prev int32) {
	s.seen[st], s.cost[st], s.prev[st] = s.gen, cost, prev
	s.push(uint64(cost)<<32 | uint64(uint32(st)))
}

func (s *Search) push(x uint64) {
	s.heap = append(s.heap, x)
	i := len(s.heap) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s.heap[p] <= x {
			break
		}
		s.heap[i] = s.heap[p]
		i = p
	}
	s.heap[i] = x
}

func (s *Search) pop() uint64 {
	h := s.heap
	top := h[0]
	x := h[len(h)-1]
	h = h[:len(h)-1]
	i, n := 0, len(h)
	for n > 0 {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1] < h[c] {
			c++
		}
		if x <= h[c] {
			break
		}
		h[i] = h[c]
		i = c
	}
	if n > 0 {
		h[i] = x
	}
	s.heap = h
	return top
}
