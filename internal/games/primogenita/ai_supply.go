package primogenita

import (
	"sync"

	"sandtable/internal/hexgrid"
)

// The computer players' supply foresight: where the Allied supply will
// reach at the next Support check (5.2) and Supply Phase (5.7), asked for
// every move the prior and the rollout weigh, so cheaply enough to be
// asked for each.

// Bits of a supplyField hex.
const (
	fieldFull = 1 << iota // an FS or LS reaches it: any number of units (5.1)
	fieldDump             // an SD reaches it: at most DumpUnits units (5.5)
)

// supplyField is, for each hex, which Allied sources reach it (fieldFull,
// fieldDump).
type supplyField [MaxHexes]uint8

// fieldCache keeps the supply fields computed for one Data, by key
// (fieldKey); each is a function of its key alone, so what the cache
// holds never changes an answer, only its cost. It is emptied when full.
type fieldCache struct {
	sync.Mutex
	m map[string]*supplyField
}

var fieldCaches sync.Map // *Data -> *fieldCache

const fieldCacheMax = 4096

// alliedField returns where the Allied sources reach now, traced as 5.1
// traces them but with the Allied combat units left out (their only
// effect on a trace is to let it through an enemy ZoC without stopping),
// so that it changes only when a source, an Italian unit or a town flag
// does: during an Allied Move Order it is the same at every step, and
// the cache answers.
func (s *State) alliedField(key []byte) *supplyField {
	v, ok := fieldCaches.Load(s.d)
	if !ok {
		v, _ = fieldCaches.LoadOrStore(s.d, &fieldCache{m: map[string]*supplyField{}})
	}
	cache := v.(*fieldCache)
	key = s.fieldKey(key[:0])
	cache.Lock()
	f := cache.m[string(key)]
	cache.Unlock()
	if f != nil {
		return f
	}
	f = s.traceField()
	cache.Lock()
	if len(cache.m) >= fieldCacheMax {
		clear(cache.m)
	}
	cache.m[string(key)] = f
	cache.Unlock()
	return f
}

// traceField is alliedField without the cache.
func (s *State) traceField() *supplyField {
	c := &State{d: s.d}
	c.Pos, c.Markers = s.Pos, s.Markers
	for u := range s.d.Units {
		if unit := &s.d.Units[u]; unit.Side == Allied && unit.Kind != SD && c.Pos.Units[u].Loc == OnMap {
			c.Pos.Units[u].Loc = InBox
		}
	}
	n := c.net(Allied, s.Trucks)
	f := new(supplyField)
	for i, src := range n.srcs {
		bit := uint8(fieldDump)
		if src.cap < 0 {
			bit = fieldFull
		}
		for h, ok := range n.reach[i] {
			if ok {
				f[h] |= bit
			}
		}
	}
	return f
}

// fieldKey appends to dst what alliedField depends on besides the data:
// the markers, Order 10's trucks, the town flags, every SD's hex and every
// Italian unit's hex and Strength Value (its ZoC, 4.2).
func (s *State) fieldKey(dst []byte) []byte {
	dst = append(dst, s.Markers[:]...)
	dst = append(dst, b2u(s.Trucks))
	dst = append(dst, s.Pos.Flags[:len(s.d.Towns)]...)
	for u := range s.d.Units {
		unit, st := &s.d.Units[u], &s.Pos.Units[u]
		if unit.Side == Allied && unit.Kind != SD {
			continue
		}
		if st.Loc != OnMap {
			dst = append(dst, 0xff, 0xff, 0)
			continue
		}
		dst = append(dst, byte(st.Hex>>8), byte(st.Hex), byte(s.d.Strength(&s.Pos, u)))
	}
	return dst
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// supplyScore is what the supply foresight adds to the score of moving
// Allied unit u from hex from into hex to (the prior's and the rollout's,
// ai.go): a combat unit leaving the reach of every FS and LS is weighed
// down (Support fails at its next Main Order, 5.2, and the Supply Phase
// marks it Low, then No Supply and a step, 5.7), the more the lower its
// supply already is, less when only a dump reaches it (an SD serves two
// units) or when it enters an Italian town (its VP are gained at once,
// 2.2); a unit out of supply coming back into it is preferred, and
// starting to move one in a Main Order (its Support fails, 5.2) weighed
// down as much as leaving supply: a unit that stays where it is loses
// nothing until the Supply Phase. An SD
// (5.5) is drawn towards the Allied units the FS and LS do not reach.
func (s *State) supplyScore(f *supplyField, u, from, to int) float64 {
	if s.d.Units[u].Kind == SD {
		return 0.5 * float64(s.uncovered(f, to)-s.uncovered(f, from))
	}
	at := func(h int) float64 {
		switch {
		case f[h]&fieldFull != 0:
			return 0
		case f[h]&fieldDump != 0:
			return 0.5
		}
		return 1
	}
	miss := at(to) - at(from) // -1 .. 1
	if miss > 0 && s.d.EnemyTown(&s.Pos, Allied, to) {
		miss /= 4
	}
	if int(s.Mover) != u && s.Current > 0 && s.d.Orders[s.Current].Category == Main {
		miss += at(from) // starting to move unsupported in a Main Order: Support fails (5.2)
	}
	// A supplied unit out of reach for one Supply Phase is only marked Low
	// and Disrupted (5.7b, c); one already Low loses a step there.
	weight := []float64{Supplied: 1.2, LowSupply: 4, NoSupply: 5}[s.Pos.Units[u].Supply]
	return -weight * miss
}

// uncovered counts the Allied combat units within DumpRange hexes of h
// that no FS or LS reaches: those an SD at h could serve (5.5).
func (s *State) uncovered(f *supplyField, h int) int {
	n := 0
	at := s.d.Hexes[h].At
	for _, v := range s.resupplyUnits(Allied) {
		uh := int(s.Pos.Units[v].Hex)
		if f[uh]&fieldFull == 0 && hexgrid.Distance(at, s.d.Hexes[uh].At) <= DumpRange {
			n++
		}
	}
	return min(n, DumpUnits)
}
