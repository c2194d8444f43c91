package wdf

import (
	"cmp"
	"math"
	"slices"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// What the computer players know of Western Desert Force: an evaluation
// of a position, a rollout policy better than uniform and an ordering of
// the choices.
func init() {
	ai.RegisterKnowledge(Game{}.ID(), ai.Knowledge{
		Evaluate: evaluate,
		Rollout:  rollout,
		Prior:    prior,
		// a search iteration costs 10-40 ms here, so normal sees a few
		// dozen a decision: it refines greedy's best three (docs/ai.md)
		RootByEvaluation: true,
	})
}

// evaluate estimates side's chance of winning: the victory points as they
// stand (17.2) with Tobruk's control, which decides who may win by points,
// an automatic victory in the making (17.1), the combat strength each side
// keeps on the map in supply, its Attack Points and depot, and the threat
// its units pose to Tobruk, Benghazi and the enemy's supply source,
// through a logistic curve.
func evaluate(st engine.State, side engine.Side) float64 {
	s := st.(*State)
	if p := s.chosenPiece(); p >= 0 && (s.Step == stMove || s.Step == stExploit) {
		return chosenValue(s, side, p)
	}
	vp := s.victoryPoints()
	margin := float64(vp[Allied] - vp[Axis])
	// 17.2: only the side holding Tobruk can win by points.
	if s.Pos.TobrukControl == Allied {
		margin += 6
	} else {
		margin -= 6
	}
	b := s.board()
	var score [2]float64
	for p := engine.Side(0); p < 2; p++ {
		// Supply as last traced (before the action being judged), if it
		// was (legal moves trace the mover's): tracing it afresh for every
		// candidate would cost more than all the rest. A unit that has
		// moved since is traced again from its new hex along the same net
		// (8.1): judged on its old supply, a move out of supply looked
		// free, and greedy Allies lost some fifty steps a game to
		// attrition (8.3).
		sup := b.sup[p].Load()
		if sup == nil {
			sup = s.lastSup[p]
		}
		enemySrc := s.d.SupplySource[1-p]
		targets := [...]int{s.d.Tobruk, s.d.Benghazi, enemySrc}
		for u, def := range s.d.Units {
			us := &s.Pos.Units[u]
			if def.Side != p || us.Box != BoxMap {
				continue
			}
			cs := float64(b.baseCS(u))
			h := int(us.Hex)
			supplied := true
			switch {
			case sup == nil:
			case int(sup.From[u]) != h:
				supplied = b.Traces(p, h, b.supplyBudget(p, h), sup.Net)
			default:
				supplied = sup.Supplied[u]
			}
			if supplied {
				score[p] += cs
			} else {
				// 8.2: half strength; 8.3: a step lost at the owner's next
				// Attrition Phase, which the enemy scores (17.2).
				score[p] += 0.5*cs - 2*attritionCost(def.Type)
			}
			if b.Units(h)[0] == u {
				// Once a hex, at its first unit. 9.2: the enemy eliminates
				// the excess at the end of the phase, and scores it (17.2).
				// Seen in play: greedy Allies that gathered on the road to
				// Tobruk lost sixty units a game this way.
				if over := b.StackPoints(h) - StackLimit; over > 0 {
					score[p] -= overstackCost * float64(over)
				}
			}
			for i, t := range targets {
				dist := float64(hexDistance(s.d, h, t))
				w := [...]float64{0.6, 0.3, 1.0}[i]
				score[p] += w * cs / (1 + dist)
			}
			if h == enemySrc && supplied {
				score[p] += 50 // 17.1: the game ends at the turn's end
			}
		}
		score[p] += 0.8 * float64(s.AP[p])
		if s.Pos.Depot[p] >= 0 {
			score[p] += 2
		}
	}
	margin += 0.5 * (score[Allied] - score[Axis])
	pr := 1 / (1 + math.Exp(-margin/12))
	if side == Allied {
		return pr
	}
	return 1 - pr
}

// chosenValue is the value of a movement phase's state with piece p
// chosen (ruling W38): that of the best of p's actions (of the dozen that
// look best, chosenLook) for the side that moves, the worst for the other, so that choosing a piece is judged by
// what it will do (greedy, and the search's ordering at its root, look one
// action ahead, and a choice changes nothing on the map). A piece with
// nothing to do leaves the position as it is.
func chosenValue(s *State, side engine.Side, p int) float64 {
	acts := s.pieceActions(p, nil)
	c := s.Clone().(*State)
	c.chosen = 0
	if len(acts) == 0 {
		return evaluate(c, side)
	}
	// The few that look best (actionScore): a search's playouts end in
	// such states, and a judgement must stay cheap.
	if len(acts) > chosenLook {
		slices.SortStableFunc(acts, func(a, b engine.Action) int {
			return cmp.Compare(actionScore(s, s.Phasing, b), actionScore(s, s.Phasing, a))
		})
		acts = acts[:chosenLook]
	}
	best := -1.0
	for _, a := range acts {
		n := s.Clone().(*State)
		n.ApplyUnchecked(s.Phasing, a)
		n.chosen = 0 // a unit that may go on stays chosen: judge where it stands
		v := evaluate(n, s.Phasing)
		best = max(best, v)
	}
	if side != s.Phasing {
		return 1 - best
	}
	return best
}

// chosenLook is how many of a chosen piece's actions chosenValue tries.
const chosenLook = 12

// attritionCost is the victory points the enemy scores when attrition
// takes a step from a unit (8.3, 17.2): one for a non-armour unit (full to
// reduced, or reduced, 1, to eliminated, 2), four for armour.
func attritionCost(t UnitType) float64 {
	if t == Armor {
		return 4
	}
	return 1
}

// overstackCost is what a stacking point over the limit costs in the
// score: about the strength of the unit the enemy will eliminate and the
// points it will score for it (two for a non-armour unit, 17.2).
const overstackCost = 10

// actionScore is a cheap judgement of an action for the rollout policy
// and the search's ordering: attack and resolve, advance, move towards
// the enemy, and do not linger in phase steps.
func actionScore(s *State, side engine.Side, a engine.Action) float64 {
	switch a.Op {
	case opDone:
		if s.Step == stMove || s.Step == stExploit || s.Step == stCombat || s.Step == stExploitC {
			return 0.6
		}
		return 1
	case opAttack:
		return 1.5
	case opResolve:
		if a.A == 1 {
			return 2.5
		}
		return 1.5
	case opAdvance:
		return 2
	case opMove:
		to := int(a.B)
		from := int(s.Pos.Units[a.A].Hex)
		src := s.d.SupplySource[1-side]
		gain := hexDistance(s.d, from, src) - hexDistance(s.d, to, src)
		return 1 + 0.1*float64(gain)
	case opStrategic:
		return 0.8
	case opPick:
		// Choose a piece (ruling W38), but once one is chosen, prefer
		// its moves to choosing another.
		if s.chosen != 0 {
			return 0.9
		}
		return 1
	case opMajor:
		if s.AP[side] >= 6 {
			return 1.5
		}
		return 0.5
	case opReplace, opRefit, opTobruk:
		return 2
	case opEntrench, opDig:
		return 0.7
	}
	return 1
}

// rollout picks a playout action in proportion to its score.
func rollout(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
	s := st.(*State)
	if len(legal) == 1 {
		return legal[0]
	}
	// Sample a few candidates and keep the best: cheap and not greedy.
	best, bestScore := legal[0], -1.0
	for range 4 {
		a := legal[r.IntN(len(legal))]
		if sc := actionScore(s, side, a) * (0.5 + float64(r.Uint64()>>11)/(1<<53)); sc > bestScore {
			best, bestScore = a, sc
		}
	}
	return best
}

// prior orders the choices by actionScore.
func prior(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
	s := st.(*State)
	for i, a := range legal {
		scores[i] = actionScore(s, side, a)
	}
}
