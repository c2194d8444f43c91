// Package ai holds the computer players. They see a game only through the
// engine's interfaces and never read what their side may not see: they
// search states sampled with State.Determinize.
//
// A game gives the players its knowledge by registering a Knowledge (or
// just an Evaluator) under its id from its own package, usually in a file
// named ai.go. Everything in a Knowledge is optional; without it the
// players still work, only weaker and slower. See docs/ai.md.
package ai

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"sandtable/internal/engine"
)

// Player chooses an action for side in st. st is the real state; a player
// must use only st.View(side) or st.Determinize(side, ...) to decide.
type Player interface {
	Choose(st engine.State, side engine.Side) engine.Action
}

// ContextPlayer is a Player that can stop thinking early: ChooseContext
// returns soon after ctx is done, with whatever it has found by then.
type ContextPlayer interface {
	Player
	ChooseContext(ctx context.Context, st engine.State, side engine.Side) engine.Action
}

// ChooseContext asks p for side's action, stopping a ContextPlayer's
// search when ctx is done; other players (random, greedy) decide in one
// pass and are simply asked.
func ChooseContext(ctx context.Context, p Player, st engine.State, side engine.Side) engine.Action {
	if cp, ok := p.(ContextPlayer); ok {
		return cp.ChooseContext(ctx, st, side)
	}
	return p.Choose(st, side)
}

// Evaluator scores a state from side's point of view, in [0, 1] (1 = a sure
// win). Games register one to give the computer players their knowledge.
// It is only ever called on determinized states or on copies of them, so it
// may read the whole state. It must be safe to call from several goroutines
// on different states at once.
type Evaluator func(st engine.State, side engine.Side) float64

// Knowledge is what a game tells the computer players about itself. Every
// field may be nil. All functions receive determinized states (never the
// real one), must not modify them, must be deterministic given their
// arguments (randomness only from r) and safe for concurrent use on
// different states.
type Knowledge struct {
	// Evaluate scores a position for side in [0, 1]. Search cuts its
	// playouts short and scores them with it; greedy plays by it. Without
	// it playouts run to the end of the game. Registered, it is never
	// asked about a finished game: that scores its Returns.
	Evaluate Evaluator
	// Rollout picks side's action in a playout from legal (never empty; it
	// must return one of its elements). Without it playouts pick uniformly.
	// It is called once per playout action, so it must be cheap.
	Rollout func(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action
	// Prior fills scores[i] (len(scores) == len(legal), zeroed) with how
	// promising legal[i] looks for side, any scale, higher is better.
	// Search tries actions in that order and, with progressive widening or
	// a top-K limit, only the best of them. Called once per search node per
	// newly seen action set, so it may cost more than Rollout.
	Prior func(st engine.State, side engine.Side, legal []engine.Action, scores []float64)
	// RootByEvaluation, with Prior, orders the actions at the root of
	// every search by greedy's judgement instead (each applied to a
	// determinized copy and scored by Evaluate), so that the search
	// refines greedy's best few. For a game whose iterations are so costly
	// that a decision sees only a few dozen: there the cheap Prior's first
	// three were worse than greedy's one look at every action.
	RootByEvaluation bool
	// Narrow, for the search players, tells which of side's legal actions
	// (the asides already left out) the player leaves out in st, nil for
	// none: a rule the player sets itself where the game leaves a choice
	// open that it gains nothing by taking (Western Desert Force: a piece it
	// has just chosen is the piece it moves). Should it leave out every
	// action, none is (weighed). It is asked at every decision of the tree
	// and the playouts, so it must be cheap.
	Narrow func(st engine.State, side engine.Side) func(engine.Action) bool
	// Turn returns the game turn of st (any number that changes when a new
	// game turn, or player turn, begins). Playouts stop at a change of it
	// and the players use it to spread a per-turn time budget. Without it
	// the players use st's GameTurn method if it has one (see Turner).
	Turn func(st engine.State) int
	// DecisionsLeft estimates side's decisions left in the game turn of st
	// (Turn), this one included, from what side may know. The players
	// spread what is left of a turn's time budget over it instead of the
	// pace of the turns before, for a game whose turns ask very different
	// numbers of decisions.
	DecisionsLeft func(st engine.State, side engine.Side) int
}

// Turner is an optional interface of engine.State: GameTurn is the number
// of the current game turn, as Knowledge.Turn.
type Turner interface{ GameTurn() int }

// UncheckedApplier is an optional interface of engine.State: ApplyUnchecked
// plays an action known to come from Legal(side) on this very state,
// skipping validation. Search uses it when present.
type UncheckedApplier interface {
	ApplyUnchecked(side engine.Side, a engine.Action)
}

// choices lists side's legal actions in st into buf, without the asides
// (engine.Asider: a standing setting such as Limanowa's reaction order)
// unless nothing else is left: a computer player answers every question
// itself, so a setting gains it nothing, and searching one only asks the
// same question again.
func choices(st engine.State, side engine.Side, buf []engine.Action) []engine.Action {
	buf = st.Legal(side, buf)
	if x, ok := st.(engine.Asider); ok {
		buf = without(buf, x.Aside)
	}
	return buf
}

// weighed is choices narrowed by k.Narrow: the actions a search player
// weighs.
func weighed(k *Knowledge, st engine.State, side engine.Side, buf []engine.Action) []engine.Action {
	buf = choices(st, side, buf)
	if k.Narrow != nil && len(buf) > 1 {
		if drop := k.Narrow(st, side); drop != nil {
			buf = without(buf, drop)
		}
	}
	return buf
}

// without removes from buf the actions drop reports, unless that would
// leave none: then buf is kept whole.
func without(buf []engine.Action, drop func(engine.Action) bool) []engine.Action {
	if !slices.ContainsFunc(buf, func(a engine.Action) bool { return !drop(a) }) {
		return buf
	}
	return slices.DeleteFunc(buf, drop)
}

// Scorer is an optional interface of engine.State: each side's score
// (victory points, say), which the simulator averages.
type Scorer interface{ Scores() []float64 }

var knowledge = map[string]Knowledge{}

// RegisterKnowledge sets the knowledge used for game id. Game packages call
// it from init. A game's Evaluate is asked only about games being played:
// a finished one is scored by its Returns.
func RegisterKnowledge(id string, k Knowledge) {
	k.Evaluate = finished(k.Evaluate)
	knowledge[id] = k
}

// finished makes e score a finished game by its result.
func finished(e Evaluator) Evaluator {
	if e == nil {
		return nil
	}
	return func(st engine.State, side engine.Side) float64 {
		if st.Over() {
			return st.Returns()[side]
		}
		return e(st, side)
	}
}

// KnowledgeFor returns the knowledge registered for game id (all nil when
// none is).
func KnowledgeFor(id string) Knowledge { return knowledge[id] }

// RegisterEvaluator sets the evaluation used for game id, keeping the rest
// of its Knowledge.
func RegisterEvaluator(id string, e Evaluator) {
	k := knowledge[id]
	k.Evaluate = finished(e)
	knowledge[id] = k
}

// EvaluatorFor returns the evaluation registered for game id, or nil.
func EvaluatorFor(id string) Evaluator { return knowledge[id].Evaluate }

// Factory makes a player for a game, seeded for reproducibility.
type Factory func(game engine.Game, seed uint64) Player

var factories = map[string]Factory{}

// RegisterPlayer makes a player kind available by name ("random", "greedy").
func RegisterPlayer(name string, f Factory) { factories[name] = f }

// New returns a player of the named kind. A search player's name may carry
// options after colons, as "normal:iter=2000:c=0.5" (see ParseOptions).
func New(name string, game engine.Game, seed uint64) (Player, error) {
	base, opts, _ := strings.Cut(name, ":")
	f, ok := factories[base]
	if !ok {
		return nil, fmt.Errorf("unknown computer player %q (known: %v)", base, Names())
	}
	p := f(game, seed)
	if opts == "" {
		return p, nil
	}
	m, ok := p.(*MCTS)
	if !ok {
		return nil, fmt.Errorf("computer player %q takes no options", base)
	}
	if err := m.Config.ParseOptions(opts); err != nil {
		return nil, fmt.Errorf("computer player %q: %w", name, err)
	}
	return m, nil
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
