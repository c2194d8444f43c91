package ai

// The coach: the computer's estimate of a position and its best choices
// there, for the replay viewer's graph and "what would the computer do
// here?" and for the hint button (docs/ai.md, "The coach"). It is the
// search of the computer players, run from what one side (the viewer)
// knows: every state it searches comes from State.Determinize(viewer, r).

import (
	"context"
	"sort"
	"sync/atomic"
	"time"

	"sandtable/internal/engine"
)

// CoachConfig sizes the analysis of one position.
type CoachConfig struct {
	// Iterations is the search's iterations for the position, split among
	// the samples; Budget caps its time (0: no cap, fully reproducible).
	Iterations int
	Budget     time.Duration
	// Samples is how many determinizations of the viewer's knowledge the
	// search is split over when the viewer is not the side deciding (the
	// deciding side's own search would otherwise read its secrets).
	Samples int
	// Workers is the parallel searches (0: 1).
	Workers int
	// Top is how many choices Analyze returns (0: 3).
	Top int
	// Judge orders the root by greedy's judgement where the game asks for
	// it (Knowledge.RootByEvaluation), as its computer players do: for
	// advice. The graph's many small searches leave it off.
	Judge bool
}

// Advice is the analysis of a position from one viewer's knowledge.
type Advice struct {
	// Side is the side whose decision was searched (the viewer's when it
	// decides, else the lowest deciding side); Observer when the game is
	// over or nobody decides.
	Side engine.Side
	// Chances is each side's estimated chance of winning, in [0, 1]: the
	// searched side's value of its best action (a finished game: Returns);
	// the rest is shared among the other sides.
	Chances []float64
	// Choices are Side's best actions, best first (most visits), with the
	// search's estimate of each for Side.
	Choices []ActionStat
	// Forced counts the single-choice decisions played through (in a
	// sample of the viewer's knowledge) before a real choice came.
	Forced     int
	Iterations int
}

// maxForced bounds the single-choice decisions Analyze plays through.
const maxForced = 64

// Analyze estimates st from viewer's knowledge and lists the deciding
// side's best choices. Every state it searches or plays through comes from
// st.Determinize(viewer, ...), so it reads nothing viewer may not see, and
// the real future dice never. With cfg.Budget 0 the same seed gives the
// same answer. It returns soon after ctx is done, with what it has.
func Analyze(ctx context.Context, g engine.Game, st engine.State, viewer engine.Side, cfg CoachConfig, seed uint64) Advice {
	n := len(g.SideNames())
	rng := engine.NewRand(seed)
	adv := Advice{Side: engine.Observer, Chances: make([]float64, n)}
	if st.Over() {
		copy(adv.Chances, st.Returns())
		return adv
	}
	// A sample of what viewer knows, with the forced decisions played on
	// it (a single choice tells nothing and Search does not search it).
	d := st.Determinize(viewer, &rng)
	side := decider(d, viewer)
	var first []engine.Action
	for side != engine.Observer && !d.Over() && adv.Forced < maxForced {
		legal := choices(d, side, nil)
		if len(legal) > 1 {
			break
		}
		if adv.Forced == 0 {
			first = legal
		}
		if len(legal) == 0 || apply(d, side, legal[0]) != nil {
			break
		}
		adv.Forced++
		side = decider(d, viewer)
	}
	if d.Over() || side == engine.Observer {
		adv.Chances = estimateLeaf(g, d, n)
		if len(first) == 1 {
			adv.Side = decider(st, viewer)
			adv.Choices = []ActionStat{{Action: first[0], Value: adv.Chances[adv.Side]}}
		}
		return adv
	}
	samples := 1
	if side != viewer && cfg.Samples > 1 {
		samples = cfg.Samples
	}
	var stop atomic.Bool
	stop.Store(ctx.Err() != nil) // AfterFunc calls later, from a goroutine of its own
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	merged := map[actionKey]*ActionStat{}
	var order []actionKey
	start := time.Now()
	for k := 0; k < samples && !stop.Load(); k++ {
		if k > 0 { // a fresh sample, forced decisions played again
			d = st.Determinize(viewer, &rng)
			for i := 0; i < adv.Forced && !d.Over(); i++ {
				sd := decider(d, viewer)
				legal := choices(d, sd, nil)
				if len(legal) != 1 || apply(d, sd, legal[0]) != nil {
					break
				}
			}
			if d.Over() || decider(d, viewer) != side {
				continue
			}
		}
		m := NewMCTS(g, coachSearch(cfg, samples), rng.Uint64())
		if !cfg.Judge {
			m.know.RootByEvaluation = false
		}
		if cfg.Budget > 0 {
			m.Config.Budget = (cfg.Budget - time.Since(start)) / time.Duration(samples-k)
			if m.Config.Budget <= 0 {
				break
			}
		}
		m.stop = &stop
		for _, s := range m.Search(d, side) {
			key := keyOf(s.Action)
			a := merged[key]
			if a == nil {
				a = &ActionStat{Action: s.Action}
				merged[key] = a
				order = append(order, key)
			}
			a.Value = (a.Value*float64(a.Visits) + s.Value*float64(s.Visits)) / float64(max(1, a.Visits+s.Visits))
			a.Visits += s.Visits
		}
		adv.Iterations += m.LastIterations
	}
	adv.Side = side
	for _, key := range order {
		adv.Choices = append(adv.Choices, *merged[key])
	}
	sort.SliceStable(adv.Choices, func(i, j int) bool {
		if adv.Choices[i].Visits != adv.Choices[j].Visits {
			return adv.Choices[i].Visits > adv.Choices[j].Visits
		}
		return adv.Choices[i].Value > adv.Choices[j].Value
	})
	if len(adv.Choices) == 0 || adv.Choices[0].Visits == 0 {
		adv.Chances = estimateLeaf(g, d, n)
	} else {
		adv.Chances = share(adv.Choices[0].Value, side, n)
	}
	top := cfg.Top
	if top <= 0 {
		top = 3
	}
	if len(adv.Choices) > top {
		adv.Choices = adv.Choices[:top]
	}
	if adv.Forced > 0 { // the choice asked of the real position was forced
		adv.Side = decider(st, viewer)
		adv.Choices = []ActionStat{{Action: first[0], Visits: adv.Iterations, Value: adv.Chances[adv.Side]}}
	}
	return adv
}

// coachSearch is the normal level's search sized by cfg, for one of
// samples searches.
func coachSearch(cfg CoachConfig, samples int) Config {
	c := NormalConfig
	c.Name = "coach"
	c.Iterations = max(1, cfg.Iterations/samples)
	c.Budget, c.TurnBudget, c.MinBudget = 0, 0, 0
	c.Workers = max(1, cfg.Workers)
	return c
}

// decider is the side whose decision is analysed: viewer when it decides,
// else the lowest deciding side, else Observer.
func decider(st engine.State, viewer engine.Side) engine.Side {
	set := engine.Deciding(st)
	if set == 0 {
		return engine.Observer
	}
	if viewer != engine.Observer && set.Has(viewer) {
		return viewer
	}
	s, _ := nextSide(set)
	return s
}

// estimateLeaf scores d (a determinized state) for every side with the
// game's evaluator: Returns when it is over, even chances without one.
func estimateLeaf(g engine.Game, d engine.State, n int) []float64 {
	out := make([]float64, n)
	if d.Over() {
		copy(out, d.Returns())
		return out
	}
	eval := EvaluatorFor(g.ID())
	for i := range out {
		out[i] = 1 / float64(n)
		if eval != nil {
			out[i] = eval(d, engine.Side(i))
		}
	}
	return out
}

// share gives side the chance v and the other sides equal parts of the rest.
func share(v float64, side engine.Side, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		if engine.Side(i) == side {
			out[i] = v
		} else if n > 1 {
			out[i] = (1 - v) / float64(n-1)
		}
	}
	return out
}

// Swings returns the indices i (i >= 1) of the points whose chance for
// side changed most from point i-1, at most k of them, the largest first,
// leaving out changes under min.
func Swings(chances [][]float64, side engine.Side, k int, min float64) []int {
	var out []int
	for i := 1; i < len(chances); i++ {
		if abs(chances[i][side]-chances[i-1][side]) >= min {
			out = append(out, i)
		}
	}
	delta := func(i int) float64 { return abs(chances[i][side] - chances[i-1][side]) }
	sort.SliceStable(out, func(a, b int) bool { return delta(out[a]) > delta(out[b]) })
	if len(out) > k {
		out = out[:k]
	}
	return out
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
