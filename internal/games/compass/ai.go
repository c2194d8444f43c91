package compass

import (
	"math"
	"sync"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// What the computer players know of Compass: an evaluation of a position,
// a rollout policy better than uniform, and an ordering of the choices.
func init() {
	ai.RegisterKnowledge(Game{}.ID(), ai.Knowledge{
		Evaluate: evaluate,
		Rollout:  rollout,
		Prior:    prior,
		Turn:     func(st engine.State) int { return st.(*State).GameTurn() },
	})
}

// GameTurn numbers the player turns: it changes when a new one begins.
func (s *State) GameTurn() int { return 2*int(s.Turn) + int(s.Phasing) }

// evaluate estimates side's chance of winning: the victory points as they
// stand (rule 2), plus the combat value each side keeps on the map and in
// supply, weighted by the turns left to use it, through a logistic curve.
func evaluate(st engine.State, side engine.Side) float64 {
	s := st.(*State)
	if s.Over() {
		return s.Returns()[side]
	}
	vp := s.victoryPoints()
	margin := float64(vp[Allied]) - float64(vp[Italian])
	var strength [2]float64
	for p := engine.Side(0); p < 2; p++ {
		net := s.supplyNet(p)
		for u := range s.nUnits() {
			if s.side(u) != p {
				continue
			}
			switch {
			case s.onMap(u) && s.inSupply(u, &net):
				strength[p] += float64(s.cv(u))
			case s.onMap(u):
				strength[p] += 0.6 * float64(s.cv(u))
			case s.Units[u].Area == boxTrack:
				strength[p] += 0.8 * float64(s.def(u).CV[0])
			case s.Units[u].Area == boxEliminated && s.Units[u].Flags&fLost == 0:
				strength[p] += 0.2 * float64(s.def(u).CV[0])
			}
		}
	}
	left := float64(len(s.d.Turns)-int(s.Turn)) + 0.5
	margin += 0.12 * left * (strength[Allied] - strength[Italian]) / 3
	margin += left / 12 * (s.pressure(Allied) - s.pressure(Italian))
	p := 1 / (1 + math.Exp(-margin/4))
	if side == Allied {
		return p
	}
	return 1 - p
}

// pressure rewards side's units for standing close to the victory areas
// the enemy holds and for guarding its own: a unit far from any of them
// contributes nothing; attack markers count as a step closer.
func (s *State) pressure(side engine.Side) float64 {
	dist := distances(s.d)
	p := 0.0
	for u := range s.nUnits() {
		a := int(s.Units[u].Area)
		if s.side(u) != side || a < 0 || s.def(u).MC == 0 {
			continue
		}
		best := 0.0
		for v, ar := range s.d.Areas {
			if ar.VP == 0 {
				continue
			}
			d := float64(dist[a][v])
			if s.Units[u].Target >= 0 {
				d--
			}
			w := float64(ar.VP) / (1 + max(d, 0))
			if s.Control[v] == int8(side) {
				w *= 0.4
			}
			best = max(best, w)
		}
		p += 0.15 * best * float64(s.cv(u))
	}
	return p
}

var distCache sync.Map // *Data -> *[maxAreas][maxAreas]int8

// distances is the number of area steps between every two areas of d,
// computed once per data set (a cache outside the state).
func distances(d *Data) *[maxAreas][maxAreas]int8 {
	if m, ok := distCache.Load(d); ok {
		return m.(*[maxAreas][maxAreas]int8)
	}
	var m [maxAreas][maxAreas]int8
	for from := range d.Areas {
		for i := range m[from] {
			m[from][i] = -1
		}
		m[from][from] = 0
		queue := []int{from}
		for len(queue) > 0 {
			a := queue[0]
			queue = queue[1:]
			for _, l := range d.Areas[a].Links {
				if m[from][l.To] < 0 {
					m[from][l.To] = m[from][a] + 1
					queue = append(queue, l.To)
				}
			}
		}
	}
	distCache.Store(d, &m)
	return &m
}

// actionScore is a cheap judgement of an action for the rollout policy and
// the search's ordering: attack where the odds look good, advance, press
// on towards the victory areas, and do not linger in phase steps.
func actionScore(s *State, side engine.Side, a engine.Action) float64 {
	switch a.Op {
	case opDone:
		if s.Step == stMove || s.Step == stCombat {
			return 0.5
		}
		return 1
	case opAttack:
		u, t := int(a.A), int(a.B)
		return 1 + float64(s.cv(u))/3 - float64(s.count(t, 1-side))/4
	case opBattle, opAdvance, opEnter:
		return 2.5
	case opMove:
		to := int(a.B)
		sc := 1.0
		if s.Control[to] != int8(side) {
			sc += 1 + float64(s.d.Areas[to].VP)/2
		}
		return sc
	case opPlay:
		return 1.5
	case opRetreat:
		return 1 + 0.1*float64(s.d.Areas[a.B].VP)
	}
	return 1
}

// rollout samples an action in proportion to its score.
func rollout(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
	s := st.(*State)
	if len(legal) == 1 {
		return legal[0]
	}
	var w [256]float64
	total := 0.0
	n := min(len(legal), len(w))
	for i := range n {
		w[i] = actionScore(s, side, legal[i])
		total += w[i]
	}
	x := float64(r.Uint64()>>11) / (1 << 53) * total
	for i := range n {
		x -= w[i]
		if x < 0 {
			return legal[i]
		}
	}
	return legal[n-1]
}

// prior orders the search's choices by the same judgement.
func prior(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
	s := st.(*State)
	for i, a := range legal {
		scores[i] = actionScore(s, side, a)
	}
}
