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
	})
}

// evaluate estimates side's chance of winning. It projects the final
// victory margin (rule 2) from the points as they stand, the combat value
// each side keeps on the map and in supply weighted by the turns left to
// use it, and how close each side's units stand to the victory areas the
// enemy holds; then it compares the projection with par, the projection
// of the opening position shrinking linearly to an even margin at the end
// of turn 12. The Italians start far ahead on points and the Allies must
// take them back turn by turn: without par every position of the first
// turns would score near zero for the Allies and the search could not
// tell a good attack from waiting.
func evaluate(st engine.State, side engine.Side) float64 {
	s := st.(*State)
	left := s.turnsLeft()
	x := (s.projection(left) - opening(s.d)*left/s.turnsTotal()) / 3
	p := 1 / (1 + math.Exp(-x))
	if side == Allied {
		return p
	}
	return 1 - p
}

// turnsLeft counts the game turns still to be played, the current one
// whole until its Italian player turn begins, then half.
func (s *State) turnsLeft() float64 {
	left := float64(len(s.d.Turns) - int(s.Turn) + 1)
	if s.Phasing == Italian {
		left -= 0.5
	}
	return left
}

func (s *State) turnsTotal() float64 { return float64(len(s.d.Turns)) }

// projection is the Allied victory margin the position promises: the
// points now (rule 2), counted so that what the enemy can undo in its
// next player turn counts less (an empty victory area next to enemy units,
// Italian units cut off from supply that a move may reconnect), plus
// strength and pressure worth more the more turns are left to use them
// (pressure never less than half while a movement phase is left).
func (s *State) projection(left float64) float64 {
	occ := s.tally()
	var reach [2][maxAreas]int8
	reach[Allied] = s.reach(Allied, &occ)
	reach[Italian] = s.reach(Italian, &occ)
	margin := 0.0
	for a, ar := range s.d.Areas {
		v := float64(ar.VP)
		if ar.Logistic != engine.Observer {
			v += logisticWorth * logisticLeft(left)
		}
		if v == 0 {
			continue
		}
		owner := engine.Side(s.Control[a])
		if occ[a][owner] == 0 {
			switch {
			case reach[1-owner][a] >= 0:
				// an enemy unit can walk in during its next movement
				// phase (6.2.D) and take the area (3.5)
				v *= 0.25
			case s.enemyNear(a, owner, &occ):
				v *= 0.6
			}
		}
		if owner == Allied {
			margin += v
		} else {
			margin -= v
		}
	}
	var strength [2]float64
	italianCV := 0.0
	for p := engine.Side(0); p < 2; p++ {
		net := s.supplyNet(p)
		for u := range s.nUnits() {
			if s.side(u) != p {
				continue
			}
			switch {
			case s.onMap(u) && s.inSupply(u, &net):
				strength[p] += float64(s.cv(u))
				if p == Italian {
					italianCV += float64(s.cv(u))
				}
			case s.onMap(u):
				strength[p] += 0.6 * float64(s.cv(u))
				if p == Italian {
					italianCV += 0.5 * float64(s.cv(u))
				}
			case s.Units[u].Area == boxTrack:
				strength[p] += 0.8 * float64(s.def(u).CV[0])
			case s.Units[u].Area == boxEliminated && s.Units[u].Flags&fLost == 0:
				strength[p] += 0.2 * float64(s.def(u).CV[0])
			}
		}
	}
	margin -= italianCV / 3
	margin += 0.12 * left * (allyWorth*strength[Allied] - strength[Italian]) / 3
	margin += pressureLeft(left, Allied)*s.pressure(Allied) - pressureLeft(left, Italian)*s.pressure(Italian)
	return margin
}

// pressureLeft is what a point of side's pressure counts for with left game
// turns to play (turnsLeft): a twelfth a turn early in the game, never less
// than half while side still has a movement phase (6.2.D) to close on the
// victory areas in, nothing once it has none (the Allies from the end of
// their last player turn). Fitted on 1,291 recorded games of normal as the
// Allies (matches and probes), the final margin kept depending on the
// pressure at about that weight to the last turns (more than on the combat value or the areas held then),
// where a twelfth a turn let it fade away; seen in play: Allied armies of
// nine to eleven units that ended the game around Tobruch, Bengasi and
// Agedabia two or three areas away and never taken.
func pressureLeft(left float64, side engine.Side) float64 {
	if side == Allied && left < 1 {
		return 0
	}
	return max(left/12, 0.5)
}

// reach is, for every area, the most movement (in half points) a unit of
// side could have left on entering it in side's next movement phase (6.2.D:
// full MC, ½ MP along a road, 1 MP otherwise, never into an area the enemy
// occupies), or -1 where none of its units can get. Garrisons and units
// with no MC do not move. It does not count Motor Convoy.
func (s *State) reach(side engine.Side, occ *[maxAreas][2]int8) [maxAreas]int8 {
	left := s.reachStart(side)
	// a worklist of the areas whose value rose, each at most once: the
	// fixpoint is the same in any order, as every step costs movement
	var work [maxAreas]int8
	var listed [maxAreas]bool
	n := 0
	for a := range s.d.Areas {
		if left[a] > 0 {
			work[n], listed[a] = int8(a), true
			n++
		}
	}
	for n > 0 {
		n--
		a := int(work[n])
		listed[a] = false
		for _, l := range s.d.Areas[a].Links {
			if occ[l.To][1-side] > 0 {
				continue
			}
			if r := left[a] - entryCost(l.Kind); r > left[l.To] {
				left[l.To] = r
				if r > 0 && !listed[l.To] {
					work[n], listed[l.To] = int8(l.To), true
					n++
				}
			}
		}
	}
	return left
}

// reachStart is where reach begins: in every area, the most movement (in
// half points) a unit of side standing there has, or -1.
func (s *State) reachStart(side engine.Side) [maxAreas]int8 {
	var left [maxAreas]int8
	for a := range left {
		left[a] = -1
	}
	for u := range s.nUnits() {
		a := s.Units[u].Area
		if s.side(u) == side && a >= 0 && s.def(u).MC > 0 {
			left[a] = max(left[a], int8(2*s.def(u).MC))
		}
	}
	return left
}

// logisticWorth is what holding a logistic area counts for in the
// projection, as if it were a victory area: every supply line ends there
// (3.2, 3.9) and reinforcements enter there (3.11), so losing it puts a
// whole army out of supply (seen in play: searches that left Piccadilly
// Circus empty lost it to random Italian moves, and the game with it).
const logisticWorth = 3

// logisticLeft is how much of logisticWorth a logistic area keeps with left
// game turns to play (turnsLeft): all of it until the last two, none from
// the end of the last Allied player turn on (left 0.5). Rule 2 counts only
// the five victory areas at the end, and what holding the enemy's logistic area does to the supply
// at the end (3.9) is counted already in the Italian combat value in
// supply; at full worth to the last turn it lured units out of the
// victory areas they held to take the enemy's logistic area (seen in play:
// in the last Allied player turns, the only unit in Agedabia or Bengasi
// set off for El Agheila and random Italian units walked in behind it).
func logisticLeft(left float64) float64 {
	return min(max((left-0.5)/2, 0), 1)
}

// enemyNear tells whether units of owner's enemy stand in an area next to a.
func (s *State) enemyNear(a int, owner engine.Side, occ *[maxAreas][2]int8) bool {
	for _, l := range s.d.Areas[a].Links {
		if occ[l.To][1-owner] > 0 {
			return true
		}
	}
	return false
}

// allyWorth is how much more a point of Allied combat value weighs than an
// Italian one: the Allies have fewer units, few replacements, and only
// they can take the victory areas back, so a trade of equal losses is a
// bad bargain for them (seen in play: a search that valued them equally
// attacked until it had nothing left to attack with; at 2.6 the games it
// still lost against random play were lost the same way, the Allies
// giving about a point of combat value for every 1.3 they took, mostly in
// their own attacks, and ending with too few units to take Tobruch,
// Bengasi or Agedabia).
var allyWorth = 3.5

var openingCache sync.Map // *Data -> float64

// opening is the projection of d's opening position, computed once per
// data set.
func opening(d *Data) float64 {
	if v, ok := openingCache.Load(d); ok {
		return v.(float64)
	}
	s := newState(d, 0, false)
	v := s.projection(s.turnsTotal())
	openingCache.Store(d, v)
	return v
}

// pressure rewards side's units for standing close to the victory areas
// the enemy holds and for guarding its own: a unit far from any of them
// contributes nothing; attack markers count as a step closer.
func (s *State) pressure(side engine.Side) float64 {
	f := facts(s.d)
	p := 0.0
	for u := range s.nUnits() {
		a := int(s.Units[u].Area)
		if s.side(u) != side || a < 0 || s.def(u).MC == 0 {
			continue
		}
		best := 0.0
		for _, v := range f.victory {
			d := float64(f.dist[a][v])
			if s.Units[u].Target >= 0 {
				d--
			}
			w := float64(s.d.Areas[v].VP) / (1 + max(d, 0))
			if s.Control[v] == int8(side) {
				w *= 0.4
			}
			best = max(best, w)
		}
		p += 0.15 * best * float64(s.cv(u))
	}
	return p
}

// mapFacts is what the players look up about a map many times a move.
type mapFacts struct {
	dist    [maxAreas][maxAreas]int8 // area steps between two areas, -1 if none
	victory []int                    // the victory areas (rule 2)
}

var factsCache sync.Map // *Data -> *mapFacts

// facts returns d's mapFacts, computed once per data set (a cache outside
// the state).
func facts(d *Data) *mapFacts {
	if f, ok := factsCache.Load(d); ok {
		return f.(*mapFacts)
	}
	f := &mapFacts{}
	m := &f.dist
	for from, ar := range d.Areas {
		if ar.VP > 0 {
			f.victory = append(f.victory, from)
		}
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
	factsCache.Store(d, f)
	return f
}

// actionScore is a cheap judgement of an action for the rollout policy and
// the search's ordering: attack where the odds look good, advance, press
// on towards the victory areas, and do not linger in phase steps.
func actionScore(s *State, side engine.Side, a engine.Action) float64 {
	switch a.Op {
	case opDone:
		switch s.Step {
		case stMove:
			return 0.5
		case stCombat:
			return 1
		}
		return 1
	case opAttack:
		u, t := int(a.A), int(a.B)
		return odds(1 + 2*s.battleEdge(int(s.Units[u].Area), t, side, u))
	case opBattle:
		return odds(1.5 + 2*s.battleEdge(int(a.A), int(a.B), side, -1))
	case opAdvance, opEnter:
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

// odds keeps a battle's score positive and bounded.
func odds(x float64) float64 { return min(max(x, 0.05), 4) }

// battleEdge is the expected hits side's attack from area from on area t
// would score less those it would take (6.2.E.5: a die hits on or under the
// CV, a 1 always, a 6 never): the three best of the units attacking (the
// declared ones; with a unit about to declare, u >= 0, also every unit in
// from still free to declare) against the three best defenders.
func (s *State) battleEdge(from, t int, side engine.Side, u int) float64 {
	var att, def [3]int
	for v := range s.nUnits() {
		us := &s.Units[v]
		switch {
		case int(us.Area) == t && s.side(v) != side:
			best3(&def, s.cv(v))
		case int(us.Area) != from || s.side(v) != side || s.def(v).DefenceOnly || s.def(v).Garrison:
		case us.Flags&fDeclared != 0 && int(us.Target) == t && us.Flags&fAttacked == 0,
			u >= 0 && (v == u || us.Target < 0 && us.Flags&fAttacked == 0):
			cv := s.cv(v)
			if s.outOfSupply(v) {
				cv-- // 3.9: -1 CV in attack out of supply
			}
			best3(&att, cv)
		}
	}
	return hitChance(att) - hitChance(def)
}

// best3 keeps the three highest values in top.
func best3(top *[3]int, v int) {
	for i := range top {
		if v > top[i] {
			top[i], v = v, top[i]
		}
	}
}

func hitChance(cvs [3]int) float64 {
	h := 0.0
	for _, cv := range cvs {
		if cv > 0 {
			h += float64(min(max(cv, 1), 5)) / 6
		}
	}
	return h
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
