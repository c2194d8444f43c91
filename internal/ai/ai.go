// Package ai holds the computer players. They see a game only through the
// engine's interfaces and never read what their side may not see: they
// search states sampled with State.Determinize.
package ai

import (
	"fmt"
	"sort"

	"sandtable/internal/engine"
)

// Player chooses an action for side in st. st is the real state; a player
// must use only st.View(side) or st.Determinize(side, ...) to decide.
type Player interface {
	Choose(st engine.State, side engine.Side) engine.Action
}

// Evaluator scores a state from side's point of view, in [0, 1] (1 = a sure
// win). Games register one to give the computer players their knowledge.
type Evaluator func(st engine.State, side engine.Side) float64

var evaluators = map[string]Evaluator{}

// RegisterEvaluator sets the evaluation used for game id.
func RegisterEvaluator(id string, e Evaluator) { evaluators[id] = e }

// EvaluatorFor returns the evaluation registered for game id, or nil.
func EvaluatorFor(id string) Evaluator { return evaluators[id] }

// Factory makes a player for a game, seeded for reproducibility.
type Factory func(game engine.Game, seed uint64) Player

var factories = map[string]Factory{}

// RegisterPlayer makes a player kind available by name ("random", "greedy").
func RegisterPlayer(name string, f Factory) { factories[name] = f }

// New returns a player of the named kind.
func New(name string, game engine.Game, seed uint64) (Player, error) {
	f, ok := factories[name]
	if !ok {
		return nil, fmt.Errorf("unknown computer player %q (known: %v)", name, Names())
	}
	return f(game, seed), nil
}

// Names lists the player kinds.
func Names() []string {
	var out []string
	for n := range factories {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
