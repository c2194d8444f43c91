package limanowa

import (
	"sync"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// The search's judgement of single actions: the prior that orders the
// choices it tries first (and, with its top-K cut, the only ones it
// tries), and the rollout policy its playouts follow. Both read one
// thing of the position besides the action: how far each hex lies from
// the hexes the victory counts (13.0), so that moves, set-ups and stops
// go towards the objective, and a unit's fire, melee and rally come
// before waiting. (A change of the standing reaction order is an aside,
// State.Aside: the players never weigh one.)

// goalDist is each hex's distance to the nearest hex of a victory goal.
type goalDist [46][27]int8

// at is h's distance, or farGoal off the map.
func (g *goalDist) at(h hexgrid.Hex) float64 {
	if !Layout.OnMap(h) {
		return farGoal
	}
	c, r := Layout.ColRow(h)
	return float64(g[c][r])
}

// farGoal is the distance counted for a unit not on the map.
const farGoal = 30

// goalDists caches the distance tables by goal: a scenario's id, or
// "campaign" for the two hills both campaigns count.
var goalDists sync.Map

// goal returns the distance table of s's victory goal.
func (s *State) goal() *goalDist {
	key := "campaign"
	if s.cp == nil {
		key = s.sc.ID
	}
	if g, ok := goalDists.Load(key); ok {
		return g.(*goalDist)
	}
	hexes := campaignHills
	if s.cp == nil {
		hexes = s.objective()
	}
	g := &goalDist{}
	for c := range g {
		for r := range g[c] {
			g[c][r] = farGoal
			h := Layout.Hex(c, r)
			if !Layout.OnMap(h) {
				continue
			}
			for _, o := range hexes {
				g[c][r] = min(g[c][r], int8(hexgrid.Distance(h, o)))
			}
		}
	}
	v, _ := goalDists.LoadOrStore(key, g)
	return v.(*goalDist)
}

// prior scores every legal action by actionScore.
func prior(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
	s := st.(*State)
	g := s.goal()
	for i, a := range legal {
		scores[i] = s.actionScore(side, a, g)
	}
}

// rollout plays the best action by actionScore three times in four
// (ties broken at random) and otherwise any action, so that playouts
// advance on the objective, fire and melee as a player would, yet still
// try the rest.
func rollout(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
	s := st.(*State)
	if r.IntN(4) == 0 {
		return legal[r.IntN(len(legal))]
	}
	g := s.goal()
	best, bestScore, ties := 0, 0.0, 0
	for i, a := range legal {
		v := s.actionScore(side, a, g)
		switch {
		case ties == 0 || v > bestScore:
			best, bestScore, ties = i, v, 1
		case v == bestScore:
			if ties++; r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return legal[best]
}

// actionScore is how promising a looks for side, higher better: see
// the comment at the top of the file.
func (s *State) actionScore(side engine.Side, a engine.Action, g *goalDist) float64 {
	unit := func() *Unit { return &s.pos.Units[a.A] }
	switch a.Op {
	case opPass, opCancel:
		return 0
	case opEnd:
		return 0.3
	case opActivate:
		// a unit far from the goal has the more to gain from a command
		return 1 + 0.02*g.at(unit().Hex)
	case opAdd:
		return 1.5
	case opMove:
		if a.B > 0 {
			return 3 // the stack moves together
		}
		return 2.5
	case opFire, opReact, opReturn:
		return 2
	case opRally:
		return 3
	case opNoRally, opHold, opAttack, opPickUp:
		return 1
	case opDeploy:
		if unit().Dispersed {
			return 1.5 // back to the formed face
		}
		return 0.2
	case opDig:
		return 0.5
	case opStep:
		from := float64(farGoal)
		if u := unit(); u.Where == OnMap {
			from = g.at(u.Hex)
		}
		to := codeHex(a.B)
		v := 2 + (from - g.at(to))
		if g.at(to) == 0 && s.pos.Control.Owner(to) != side {
			v += 2 // taking a hex the victory counts
		}
		return v
	case opMelee:
		v := 3.0
		if g.at(unit().Hex) == 0 {
			v += 2
		}
		return v
	case opStop:
		u := unit()
		if g.at(u.Hex) == 0 || u.MP <= 0 {
			return 2
		}
		return 0.5
	case opExit:
		return -1
	case opPlace, opArrive:
		v := -0.3 * g.at(codeHex(a.B))
		if a.C == 0 {
			v += 0.5 // formed
		}
		return v
	}
	return 0.5
}
