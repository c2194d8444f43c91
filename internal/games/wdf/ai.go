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
		Narrow:   narrow,
		// the search refines greedy's best three (docs/ai.md); chosen when
		// an iteration cost 10-40 ms here, it costs about 0.7 ms now
		// (issue 28: BenchmarkSearch), so whether the cheap Prior does as
		// well is to be measured again
		RootByEvaluation: true,
	})
}

// evaluate estimates side's chance of winning: the victory points as they
// stand (17.2) with Tobruk's control, which decides who may win by points,
// an automatic victory in the making (17.1), the combat strength each side
// keeps on the map in supply, its Attack Points and depot, and the threat
// its units pose to Tobruk, Benghazi and the enemy's supply source, and
// its own supply source left without a guard (17.1), through a logistic
// curve.
func evaluate(st engine.State, side engine.Side) float64 {
	s := st.(*State)
	if p := s.chosenPiece(); p >= 0 && (s.Step == stMove || s.Step == stExploit) {
		return chosenValue(s, side, p)
	}
	var j judgement
	j.read(s)
	return j.value(side)
}

// judgement is evaluate's sums for a position, kept so that chosenValue
// can judge a unit's moves by what they change.
type judgement struct {
	s      *State
	b      *Board
	sup    [2]*SupplyReport
	margin float64    // the victory points and Tobruk's control
	score  [2]float64 // each side's strength, supply, threats
	guards [2]int     // each side's units standing on its own supply source
}

// read sums the position of s.
func (j *judgement) read(s *State) {
	vp := s.victoryPoints()
	j.s, j.b = s, s.board()
	j.margin = float64(vp[Allied] - vp[Axis])
	// 17.2: only the side holding Tobruk can win by points.
	if s.Pos.TobrukControl == Allied {
		j.margin += 6
	} else {
		j.margin -= 6
	}
	b := j.b
	for p := engine.Side(0); p < 2; p++ {
		// Supply as last traced (before the action being judged), if it
		// was (legal moves trace the mover's): tracing it afresh for every
		// candidate would cost more than all the rest. A unit that has
		// moved since is traced again from its new hex along the same net
		// (8.1, unitTerm).
		j.sup[p] = b.sup[p].Load()
		if j.sup[p] == nil {
			j.sup[p] = s.lastSup[p]
		}
		for u, def := range s.d.Units {
			us := &s.Pos.Units[u]
			if def.Side != p || us.Box != BoxMap {
				continue
			}
			h := int(us.Hex)
			j.score[p] += j.unitTerm(u, h)
			if h == s.d.SupplySource[p] {
				j.guards[p]++
			}
			if b.Units(h)[0] == u {
				// Once a hex, at its first unit.
				j.score[p] -= stackCost(b.StackPoints(h))
			}
		}
		j.score[p] -= unguarded(j.guards[p])
		j.score[p] += 0.8 * float64(s.AP[p])
		if s.Pos.Depot[p] >= 0 {
			j.score[p] += 2
		}
	}
}

// unitTerm is what unit u adds to its side's score standing at hex h: its
// combat strength, halved out of supply with the step attrition will take
// (8.2, 8.3), and its threat to Tobruk, Benghazi and the enemy's supply
// source, which decides the game if it stands there supplied (17.1).
func (j *judgement) unitTerm(u, h int) float64 {
	s, b := j.s, j.b
	p := s.d.Units[u].Side
	sup := j.sup[p]
	cs := float64(b.baseCS(u))
	supplied := true
	switch {
	case sup == nil:
	case int(sup.From[u]) != h:
		// Judged on its old supply, a move out of supply looked free,
		// and greedy Allies lost some fifty steps a game to attrition.
		supplied = b.Traces(p, h, b.supplyBudget(p, h), sup.Net)
	default:
		supplied = sup.Supplied[u]
	}
	var v float64
	if supplied {
		v = cs
	} else {
		// 8.2: half strength; 8.3: a step lost at the owner's next
		// Attrition Phase, which the enemy scores (17.2).
		v = 0.5*cs - 2*attritionCost(s.d.Units[u].Type)
	}
	enemySrc := s.d.SupplySource[1-p]
	for i, t := range [...]int{s.d.Tobruk, s.d.Benghazi, enemySrc} {
		dist := float64(hexDistance(s.d, h, t))
		w := [...]float64{0.6, 0.3, 1.0}[i]
		v += w * cs / (1 + dist)
	}
	if h == enemySrc && supplied {
		v += 50 // 17.1: the game ends at the turn's end
	}
	return v
}

// unguardedCost is what a side's own supply source left empty costs it:
// any enemy unit that ends a turn on it supplied wins the game (17.1), and
// along the coast road a motorized unit covers the whole map in one move
// (9.6). Seen in play: normal's Allies took every unit west, and a greedy
// Axis reconnaissance battalion drove thirty hexes to 3911 and won.
const unguardedCost = 16

func unguarded(guards int) float64 {
	if guards > 0 {
		return 0
	}
	return unguardedCost
}

// stackCost is what a hex with pts stacking points costs its side: 9.2,
// the enemy eliminates the excess at the end of the phase, and scores it
// (17.2). Seen in play: greedy Allies that gathered on the road to Tobruk
// lost sixty units a game this way.
func stackCost(pts int) float64 {
	return overstackCost * float64(max(pts-StackLimit, 0))
}

// value is the judgement's chance of winning for side, through a
// logistic curve.
func (j *judgement) value(side engine.Side) float64 {
	return logistic(j.margin+0.5*(j.score[Allied]-j.score[Axis]), side)
}

func logistic(margin float64, side engine.Side) float64 {
	pr := 1 / (1 + math.Exp(-margin/12))
	if side == Allied {
		return pr
	}
	return 1 - pr
}

// moved is value for side with unit u moved from its hex to hex h and
// all else as read: its own term and the stacking of the two hexes change.
// It leaves out what entering hexes sets off (State.entered): chosenValue
// plays such moves instead.
func (j *judgement) moved(side engine.Side, u, h int) float64 {
	b := j.b
	p := j.s.d.Units[u].Side
	from := int(j.s.Pos.Units[u].Hex)
	score := j.score
	score[p] += j.unitTerm(u, h) - j.unitTerm(u, from)
	if src := j.s.d.SupplySource[p]; from != h && (from == src || h == src) {
		g := j.guards[p]
		if h == src {
			g++
		} else {
			g--
		}
		score[p] += unguarded(j.guards[p]) - unguarded(g)
	}
	score[p] += stackCost(b.StackPoints(from)) - stackCost(b.stackPointsWith(from, u, -1))
	score[p] += stackCost(b.StackPoints(h)) - stackCost(b.stackPointsWith(h, -1, u))
	return logistic(j.margin+0.5*(score[Allied]-score[Axis]), side)
}

// chosenValue is the value of a movement phase's state with piece p
// chosen (ruling W38): that of the best of p's actions (of the dozen that
// look best, chosenLook) for the side that moves, the worst for the other, so that choosing a piece is judged by
// what it will do (greedy, and the search's ordering at its root, look one
// action ahead, and a choice changes nothing on the map). A piece with
// nothing to do leaves the position as it is. A unit's move is judged by
// what it changes in the position's judgement (judgement.moved), unless
// it may enter a hex whose entering sets something off (enteringActs), or
// it is another action: those are played on a copy and judged whole.
func chosenValue(s *State, side engine.Side, p int) float64 {
	acts := s.pieceActions(p, nil)
	if len(acts) == 0 {
		c := s.Clone().(*State)
		c.chosen = 0
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
	best := acts[0]
	if len(acts) > 1 {
		c := s.Clone().(*State)
		c.chosen = 0
		var j judgement
		j.read(c)
		bestV := math.Inf(-1)
		for _, a := range acts {
			var v float64
			if (a.Op == opMove || a.Op == opStrategic) && !s.mayEnterActing(int(a.A), int(a.B)) {
				v = j.moved(s.Phasing, int(a.A), int(a.B))
			} else {
				n := s.Clone().(*State)
				n.ApplyUnchecked(s.Phasing, a)
				n.chosen = 0 // a unit that may go on stays chosen: judge where it stands
				v = evaluate(n, s.Phasing)
			}
			if v > bestV {
				best, bestV = a, v
			}
		}
	}
	// The state is worth what the action that looks best makes of it,
	// judged as a player looking one action ahead judges that action:
	// played, and the result evaluated (a unit that goes on stays chosen,
	// and is judged again by its best continuation). So a choice of piece
	// is never worth more than one of that piece's actions is once it is
	// chosen, and greedy does not go from piece to piece without end, as
	// it did when a pick was worth its piece's estimate and the piece's
	// actions their judgement played (a game of 100,000 picks).
	n := s.Clone().(*State)
	n.ApplyUnchecked(s.Phasing, best)
	return evaluate(n, side)
}

// mayEnterActing reports whether unit u moving to hex h might enter, on
// its way or there, a hex whose entering sets something off
// (enteringActs): one no farther from u's hex than h is.
func (s *State) mayEnterActing(u, h int) bool {
	side := s.d.Units[u].Side
	from := int(s.Pos.Units[u].Hex)
	far := hexDistance(s.d, from, h)
	near := func(x int) bool { return x >= 0 && hexDistance(s.d, from, x) <= far }
	enemy := 1 - side
	if near(int(s.Pos.Depot[enemy])) {
		return true
	}
	if (s.Pos.TobrukControl != side && near(s.d.Tobruk)) || (s.Pos.BenghaziControl != side && near(s.d.Benghazi)) {
		return true
	}
	for l := range s.d.Leaders {
		if s.d.Leaders[l].Side == enemy && s.Pos.Leaders[l].Face >= 0 && near(int(s.Pos.Leaders[l].Hex)) {
			return true
		}
	}
	return false
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

// narrow is the rule the searching players keep in a movement phase
// (ruling W38): a piece they have chosen, before it has acted, is the
// piece that acts next; they choose neither another piece nor done. A
// choice changes nothing on the map, so choosing again only asks the
// search the question it has just answered, and its answer between its
// best two or three choices, often within its noise of each other, went
// back and forth: normal chose between two pieces up to 442 times in a
// row before moving one (docs/ai.md, "Normal's piece switching"). Once
// the piece has moved and may go on, choosing another ends its move, a
// real choice, and stays open.
func narrow(st engine.State, side engine.Side) func(engine.Action) bool {
	s := st.(*State)
	p := s.chosenPiece()
	if p < 0 || p == s.moving() || (s.Step != stMove && s.Step != stExploit) {
		return nil
	}
	return notThePiece
}

// notThePiece reports whether a is no action of the chosen piece: a choice
// of another, the end of the phase or the depot's move (narrow).
func notThePiece(a engine.Action) bool { return a.Op == opPick || a.Op == opDone || a.Op == opDepot }

// prior orders the choices by actionScore.
func prior(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
	s := st.(*State)
	for i, a := range legal {
		scores[i] = actionScore(s, side, a)
	}
}
