package limanowa

import (
	"math"
	"sync"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// What the computer players know of Limanowa: an evaluation of the
// scenarios (and campaign_ai.go's of the campaigns), a prior and a
// rollout policy that head for the hexes the victory counts, and the
// search's rule that a command gathers its mass first (ai_policy.go).
// The knowledge is registered with the players here.
func init() {
	ai.RegisterKnowledge(Game{}.ID(), ai.Knowledge{Evaluate: evaluate, Prior: prior, Rollout: rollout, Narrow: narrow})
}

// evaluate estimates side's chance of winning a scenario: the margin of
// the hexes its victory counts each side controls (13.0), the units each
// keeps (formed counting more), how close each side's units stand to
// those hexes and the shells due on them (shellsDue), through a logistic
// curve.
func evaluate(st engine.State, side engine.Side) float64 {
	s := st.(*State)
	if s.cp != nil {
		return evaluateCampaign(s, side)
	}
	margin, scale := s.victoryMargin()
	x := 0.6*margin + s.unitBalance(s.goal(), farGoal, 0.08) + s.shellsDue()
	return chance(side, x, scale)
}

// shellsDue is what the cross hairs of shell on the map promise, in the
// Central Powers' favour: a fire for effect attacks every unit in the
// three hexes of its vertex (7.245) and breaks or destroys most of them,
// so each unit there, of either side, counts shellWeight of its worth (a
// formed unit 1, a dispersed one 1/2) against its side - the signal, the accuracy die and
// the units' moves before it lands stand for the rest. Without it a call
// is worth nothing until it fires, turns later, beyond every playout.
func (s *State) shellsDue() float64 {
	x := 0.0
	for g := range s.groups() {
		gr := &s.Groups[g]
		if gr.Cross == 0 || gr.Smoke || s.ser.Gas&(1<<g) != 0 {
			continue
		}
		for _, h := range Blast(codeVertex(gr.Cross)) {
			for i := range s.pos.Units {
				u := &s.pos.Units[i]
				if u.Where != OnMap || u.Hex != h {
					continue
				}
				v := shellWeight
				if u.Dispersed {
					v /= 2
				}
				if u.Side == Central {
					v = -v
				}
				x += v
			}
		}
	}
	return x
}

// shellWeight is the worth of a unit under a cross hair of shell that the
// evaluation counts as already lost.
const shellWeight = 0.4

// victoryMargin is how far the Central Powers stand from the victory
// (13.0), in hexes that change hands counted twice, and the width of the
// curve that turns it into a chance. Scenarios 1 and 2: the hexes each
// side controls, the width a quarter of the hexes at stake (2 for
// Limanowa's eight; 7.5 for the 30 hill hexes of scenario 2, where a width
// of 2 put the Russians, who start with none, at one chance in 8,000
// whatever they did, and the search could tell no move from another).
// Scenario 3: the listed side's hexes against the count it needs, width 2.
func (s *State) victoryMargin() (margin, scale float64) {
	goal := s.objective()
	if v := s.sc.Victory; v.Kind == HillHexesAtLeast {
		m := 2 * (float64(s.pos.Control.Count(v.Side, goal)-v.Count) + 0.5)
		if v.Side != Central {
			m = -m
		}
		return m, 2
	}
	return float64(s.pos.Control.Count(Central, goal) - s.pos.Control.Count(Russian, goal)), max(2, float64(len(goal))/4)
}

// objective is the hexes the scenario's victory counts (13.0): the town of
// Limanowa in scenario 1, the Golkow and Jabloniec hexes that exist in
// scenarios 2 and 3.
// The list is built once a scenario (the players ask for it at every
// action of a playout) and must not be modified.
func (s *State) objective() []hexgrid.Hex {
	if s.sc.Victory.Kind == MoreLimanowaHexes {
		town, _ := s.d.Map.VillageOf(Layout.MustParse("N17"))
		return town.Hexes
	}
	if o, ok := objectives.Load(s.sc); ok {
		return o.([]hexgrid.Hex)
	}
	var out []hexgrid.Hex
	for _, h := range s.d.hillHexes() {
		if s.inPlayArea(h) {
			out = append(out, h)
		}
	}
	o, _ := objectives.LoadOrStore(s.sc, out)
	return o.([]hexgrid.Hex)
}

// objectives caches the hill hexes of objective by scenario.
var objectives sync.Map

// chance turns a balance x in the Central Powers' favour into side's
// chance of winning, a logistic of width scale.
func chance(side engine.Side, x, scale float64) float64 {
	p := 1 / (1 + math.Exp(-x/scale))
	if side == Central {
		return p
	}
	return 1 - p
}

// unitBalance sums the units on the map, the Central Powers' against the
// Russians': a formed unit counts 1, a dispersed one 1/2, and each
// gains pull for every hex it stands closer than reach to the nearest
// hex of the goal (its distance table).
func (s *State) unitBalance(goal *goalDist, reach, pull float64) float64 {
	x := 0.0
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Where != OnMap {
			continue
		}
		v := 0.5
		if !u.Dispersed {
			v = 1
		}
		v += pull * (reach - math.Min(reach, goal.at(u.Hex)))
		if u.Side == Russian {
			v = -v
		}
		x += v
	}
	return x
}
