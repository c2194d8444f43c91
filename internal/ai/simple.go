package ai

import (
	"math"
	"math/bits"

	"sandtable/internal/engine"
)

func init() {
	RegisterPlayer("random", func(g engine.Game, seed uint64) Player { return NewRandom(seed) })
	RegisterPlayer("greedy", func(g engine.Game, seed uint64) Player { return NewGreedy(g, seed) })
	RegisterPlayer("easy", func(g engine.Game, seed uint64) Player { return NewGreedy(g, seed) })
}

// Random picks uniformly among the legal actions.
type Random struct {
	rng engine.Rand
	buf []engine.Action
}

// NewRandom returns a random player seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: engine.NewRand(seed)} }

// Choose picks one of side's legal actions at random. It reads only
// side's own legal actions.
func (p *Random) Choose(st engine.State, side engine.Side) engine.Action {
	p.buf = choices(st, side, p.buf[:0])
	if len(p.buf) == 0 {
		return engine.Action{}
	}
	return p.buf[p.rng.IntN(len(p.buf))]
}

// Greedy plays the action whose result its game's Evaluator likes best,
// looking one action ahead in a determinized copy of the state.
type Greedy struct {
	game engine.Game
	know Knowledge
	rng  engine.Rand
	buf  []engine.Action
	// Samples is how many determinizations an action that rolls dice or
	// reveals something (it changes the Epoch) is averaged over.
	Samples int
}

// NewGreedy returns a greedy player for g seeded with seed.
func NewGreedy(g engine.Game, seed uint64) *Greedy {
	return &Greedy{game: g, know: KnowledgeFor(g.ID()), rng: engine.NewRand(seed), Samples: 6}
}

// Choose scores every legal action after applying it to a determinized copy
// and returns the best, ties broken at random. Without an evaluator only
// finished games score (by Returns); every other result scores 0.5.
func (p *Greedy) Choose(st engine.State, side engine.Side) engine.Action {
	p.buf = choices(st, side, p.buf[:0])
	switch len(p.buf) {
	case 0:
		return engine.Action{}
	case 1:
		return p.buf[0]
	}
	det := st.Determinize(side, &p.rng)
	best, bestScore, ties := 0, -1.0, 0
	for i, a := range p.buf {
		score := p.judge(st, det, side, a)
		switch {
		case score > bestScore+1e-12:
			best, bestScore, ties = i, score, 1
		case score >= bestScore-1e-12:
			ties++
			if p.rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return p.buf[best]
}

// judge is greedy's score of side's action a on det, a determinization of
// st: averaged over Samples determinizations of st when a rolls dice or
// reveals something.
func (p *Greedy) judge(st, det engine.State, side engine.Side, a engine.Action) float64 {
	score, chance := p.score(det, side, a)
	if chance && p.Samples > 1 {
		for k := 1; k < p.Samples; k++ {
			v, _ := p.score(st.Determinize(side, &p.rng), side, a)
			score += v
		}
		score /= float64(p.Samples)
	}
	return score
}

// score applies a to a copy of det and evaluates the result for side; it
// also reports whether a rolled dice or revealed something.
func (p *Greedy) score(det engine.State, side engine.Side, a engine.Action) (float64, bool) {
	c := det.Clone()
	e := c.Epoch()
	if err := c.Apply(side, a); err != nil { // a comes from the real state's Legal
		return -1, false
	}
	return value(c, side, evaluatorOf(&p.know, c)), c.Epoch() != e
}

// value is a state's worth for side: its return once over, else the
// evaluation, else 0.5.
func value(st engine.State, side engine.Side, eval Evaluator) float64 {
	if st.Over() {
		r := st.Returns()
		if int(side) < len(r) {
			return r[side]
		}
		return 0.5
	}
	if eval != nil {
		return eval(st, side)
	}
	return 0.5
}

// ScoreEvaluator returns an evaluator for states that are Scorers: a
// logistic of side's lead over the best other side, scale score points
// making e ≈ 2.7 times the odds. The players use it, with scale 2, for a
// game that registers no Evaluate but whose states have Scores.
func ScoreEvaluator(scale float64) Evaluator {
	return func(st engine.State, side engine.Side) float64 {
		sc, ok := st.(Scorer)
		if !ok {
			return 0.5
		}
		return 1 / (1 + math.Exp(-lead(sc.Scores(), side)/scale))
	}
}

var scoreEval = ScoreEvaluator(2)

// lead is side's score less the best other side's score.
func lead(sc []float64, side engine.Side) float64 {
	best := math.Inf(-1)
	for i, x := range sc {
		if i != int(side) && x > best {
			best = x
		}
	}
	if int(side) >= len(sc) || math.IsInf(best, -1) {
		return 0
	}
	return sc[side] - best
}

// evaluatorOf is k's evaluator, else the score evaluator when st is a
// Scorer, else nil.
func evaluatorOf(k *Knowledge, st engine.State) Evaluator {
	if k.Evaluate != nil {
		return k.Evaluate
	}
	if _, ok := st.(Scorer); ok {
		return scoreEval
	}
	return nil
}

// relativeScoreEvaluator is the search's evaluator for a game with Scores
// but no Evaluate: a logistic of how much each side's lead has grown since
// base, a sample of the searched position. Unlike the absolute lead it
// does not saturate when one side starts far ahead on points.
func relativeScoreEvaluator(base engine.State, scale float64) Evaluator {
	sc := base.(Scorer).Scores()
	b := make([]float64, len(sc))
	for i := range b {
		b[i] = lead(sc, engine.Side(i))
	}
	return func(st engine.State, side engine.Side) float64 {
		if int(side) >= len(b) {
			return 0.5
		}
		return 1 / (1 + math.Exp(-(lead(st.(Scorer).Scores(), side)-b[side])/scale))
	}
}

// apply plays a, unchecked when the state offers it. Callers take a from
// Legal(side) on the same state.
func apply(st engine.State, side engine.Side, a engine.Action) error {
	if u, ok := st.(UncheckedApplier); ok {
		u.ApplyUnchecked(side, a)
		return nil
	}
	return st.Apply(side, a)
}

// turnOf returns st's game turn by k.Turn or the Turner interface, and
// whether it is known.
func turnOf(st engine.State, k *Knowledge) (int, bool) {
	if k.Turn != nil {
		return k.Turn(st), true
	}
	if t, ok := st.(Turner); ok {
		return t.GameTurn(), true
	}
	return 0, false
}

// nextSide returns the lowest side in ss and ss without it.
func nextSide(ss engine.SideSet) (engine.Side, engine.SideSet) {
	s := bits.TrailingZeros8(uint8(ss))
	return engine.Side(s), ss &^ (1 << uint(s))
}
