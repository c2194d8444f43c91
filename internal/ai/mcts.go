package ai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sandtable/internal/engine"
	"sandtable/internal/kit/cputime"
)

// maxSides is the most sides a game may have for the search.
const maxSides = 8

// Config is a named configuration of the search player.
type Config struct {
	Name string
	// Iterations > 0 is the deterministic mode: exactly this many
	// iterations per decision, split evenly among the workers, so the same
	// seed gives the same choice on any machine. 0 searches for Budget.
	Iterations int
	// Budget is the thinking time per decision when Iterations is 0. With
	// Iterations > 0 it is a cap: the search stops at whichever comes
	// first, so it stays deterministic on a machine fast enough never to
	// reach the cap (LastElapsed tells); TurnBudget then caps too.
	Budget time.Duration
	// TurnBudget caps the thinking time of one side's whole game turn (it
	// needs Knowledge.Turn or Turner): what is left of it is shared among
	// the decisions the turn is expected to still need (by the pace of the
	// earlier turns), never less than MinBudget each. 0: no cap.
	TurnBudget time.Duration
	// MinBudget is the least thinking time a decision gets in time mode.
	MinBudget time.Duration
	// Workers is the number of independent trees searched in parallel
	// (root parallelisation) and merged at the end. 0 means 2.
	Workers int
	// C is the UCT exploration constant (rewards are in [0, 1]).
	C float64
	// RolloutDepth is how many actions a playout runs before it is scored
	// by the evaluator. Without an evaluator playouts run to the end.
	RolloutDepth int
	// StopAtTurn also ends a playout when the game turn changes.
	StopAtTurn bool
	// TopK, with a Knowledge.Prior, considers only the K actions with the
	// best prior at each decision (0: all).
	TopK int
	// Widen, with a Knowledge.Prior, is progressive widening: a decision
	// visited n times considers only its 1+Widen*sqrt(n) best actions by
	// prior (0: off).
	Widen float64
	// Eval chooses the playout scoring: "" or "game" the game's
	// Evaluate, "score" the change of lead in Scores (see
	// ScoreEvaluator), "none" playouts to the end of the game.
	Eval string
	// Normalize rescales each decision's mean rewards to [0, 1] among its
	// actions before UCT, for an evaluator whose values crowd near 0 or 1.
	// Off by default: with Compass's evaluator it made play worse.
	Normalize bool
	// StopEarly, in the deterministic mode, ends a worker's search once
	// its most visited root action cannot be overtaken in the iterations
	// it has left (time mode always stops so, judging by the pace).
	StopEarly bool
	// Reuse keeps each worker's subtree below the action played for the
	// side's next decision, when that decision comes straight after it (a
	// unit moving on, the next unit): the new iterations add to the visits
	// kept. It is kept only when the side's own view of the new state is
	// the view of a sample of the old one with the action applied, so a
	// die rolled, something revealed or another side's action in between
	// starts a fresh tree. A game whose root is ordered by greedy's
	// judgement (Knowledge.RootByEvaluation) starts every decision afresh:
	// its decisions see few iterations, and the judgement is what orders
	// its root.
	Reuse bool
}

// ParseOptions sets fields from text like "iter=2000:c=0.5:depth=20".
// Keys: iter, budget, cap (a time cap on iter), turnbudget, workers, c, depth, turn (0/1), topk,
// widen, eval, norm, stop, reuse.
func (c *Config) ParseOptions(text string) error {
	for _, kv := range strings.Split(text, ":") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("option %q is not key=value", kv)
		}
		var err error
		switch k {
		case "iter":
			c.Iterations, err = strconv.Atoi(v)
		case "budget":
			c.Budget, err = time.ParseDuration(v)
			c.Iterations = 0
		case "cap":
			c.Budget, err = time.ParseDuration(v)
		case "turnbudget":
			c.TurnBudget, err = time.ParseDuration(v)
		case "workers":
			c.Workers, err = strconv.Atoi(v)
		case "c":
			c.C, err = strconv.ParseFloat(v, 64)
		case "depth":
			c.RolloutDepth, err = strconv.Atoi(v)
		case "turn":
			c.StopAtTurn, err = strconv.ParseBool(v)
		case "topk":
			c.TopK, err = strconv.Atoi(v)
		case "widen":
			c.Widen, err = strconv.ParseFloat(v, 64)
		case "norm":
			c.Normalize, err = strconv.ParseBool(v)
		case "stop":
			c.StopEarly, err = strconv.ParseBool(v)
		case "reuse":
			c.Reuse, err = strconv.ParseBool(v)
		case "eval":
			if v != "game" && v != "score" && v != "none" {
				err = fmt.Errorf("%q is not game, score or none", v)
			}
			c.Eval = v
		default:
			return fmt.Errorf("unknown option %q (iter, budget, cap, turnbudget, workers, c, depth, turn, topk, widen, eval, norm, stop, reuse)", k)
		}
		if err != nil {
			return fmt.Errorf("option %s: %w", k, err)
		}
	}
	return nil
}

// The levels. Normal searches 1000 iterations, never longer than 0.9 s a
// decision nor 10 s a player turn (at Compass the iterations take about
// 30 ms, so it is reproducible there); hard searches four times as many,
// stopping once its choice cannot change, never longer than 4 s a
// decision nor 45 s a player turn, with normal's playouts (hard's
// playouts of 32 actions lost the Allied games to normal by about nine
// points where normal's 24 lost by one: docs/ai.md, "Hard against normal
// at Compass"); "mcts" is the deterministic configuration used by tests
// and reproducible tournaments.
var (
	NormalConfig = Config{Name: "normal", Iterations: 1000, Budget: 900 * time.Millisecond, TurnBudget: 10 * time.Second,
		MinBudget: 50 * time.Millisecond, C: 0.2, RolloutDepth: 24, StopAtTurn: true, Widen: 2, TopK: 3}
	HardConfig = Config{Name: "hard", Iterations: 4000, StopEarly: true, Budget: 4 * time.Second, TurnBudget: 45 * time.Second,
		MinBudget: 200 * time.Millisecond, C: 0.2, RolloutDepth: 24, StopAtTurn: true, Widen: 2, TopK: 3}
	FixedConfig = Config{Name: "mcts", Iterations: 1000, C: 0.2, RolloutDepth: 24, StopAtTurn: true, Widen: 2, TopK: 3}
)

func init() {
	for _, c := range []Config{NormalConfig, HardConfig, FixedConfig} {
		c := c
		RegisterPlayer(c.Name, func(g engine.Game, seed uint64) Player { return NewMCTS(g, c, seed) })
	}
}

// MCTS is an information-set Monte Carlo tree search player. Every
// iteration samples a state its side cannot tell from the real one
// (State.Determinize), walks the tree of action histories with UCT
// (decoupled: each side keeps its own statistics where several sides choose
// at once), adds one node, plays out with the game's rollout policy and
// scores the end with its evaluator.
type MCTS struct {
	Config Config

	game   engine.Game
	know   Knowledge
	rng    engine.Rand
	nsides int

	turnSide  engine.Side
	turn      int
	turnSpent time.Duration
	turnDecs  int // decisions searched in this turn so far
	turns     int // turns finished, and their decisions, for the pace
	turnsDecs int

	kept     []keptTree // each worker's subtree below the last action chosen (Config.Reuse)
	keptSide engine.Side
	keptView []byte // keptSide's view of a sample with that action applied

	// LastIterations and LastElapsed describe the latest decision;
	// LastReused counts the root visits it kept from the decision before.
	LastIterations int
	LastReused     int
	LastElapsed    time.Duration
	// LastJudged is the part of LastElapsed spent judging the root
	// (Knowledge.RootByEvaluation), by the same clock.
	LastJudged time.Duration

	stop *atomic.Bool // set while ChooseContext's context is done: the search ends

	cpuClock bool // the time caps count the search threads' CPU time (UseCPUClock)
}

// keptTree is a worker's subtree kept for the next decision, with the
// selection stamp its edges were marked with (a fresh count would mistake
// old marks for new ones).
type keptTree struct {
	root  *node
	stamp uint32
}

// NewMCTS returns a search player for g with configuration c.
func NewMCTS(g engine.Game, c Config, seed uint64) *MCTS {
	return &MCTS{Config: c, game: g, know: KnowledgeFor(g.ID()), rng: engine.NewRand(seed),
		nsides: len(g.SideNames()), turn: math.MinInt}
}

// SetTimeBudget makes the player think for d per decision (time mode).
func (p *MCTS) SetTimeBudget(d time.Duration) {
	p.Config.Budget = d
	p.Config.Iterations = 0
}

// UseCPUClock makes the player's time caps (Budget, TurnBudget) count the
// CPU time of its own threads instead of the wall clock: on a machine busy
// with other work it then searches as much as on a quiet one, so that a
// long match measures the level rather than the machine's load (sim
// --cpu-clock). A person waits by the wall clock: the server never uses it.
func (p *MCTS) UseCPUClock() { p.cpuClock = true }

// stopwatch measures a decision's thinking: by the wall clock from the
// decision's start, or (cpu) by the CPU time of the thread that reads it,
// which must stay locked to its goroutine, plus what was spent before.
type stopwatch struct {
	cpu   bool
	start time.Time     // the decision's start, wall clock
	pre   time.Duration // with cpu: CPU spent before this thread's share
}

// begin starts a thread's reading: the returned function tells the
// decision's thinking so far. With cpu the goroutine is locked to its
// thread until the caller unlocks it.
func (w stopwatch) begin() func() time.Duration {
	if !w.cpu {
		return func() time.Duration { return time.Since(w.start) }
	}
	runtime.LockOSThread()
	t0 := cputime.Thread()
	return func() time.Duration { return w.pre + cputime.Thread() - t0 }
}

// ActionStat is the merged root statistics of one action.
type ActionStat struct {
	Action engine.Action
	Visits int
	Value  float64 // mean reward for the searching side
}

// Choose searches and returns the action with the most visits.
func (p *MCTS) Choose(st engine.State, side engine.Side) engine.Action {
	stats := p.Search(st, side)
	if len(stats) == 0 {
		return engine.Action{}
	}
	return stats[0].Action
}

// ChooseContext is Choose that ends its search as soon as ctx is done (the
// game ended, the server is shutting down). What it returns then is the
// best action found so far, which the caller will usually discard.
func (p *MCTS) ChooseContext(ctx context.Context, st engine.State, side engine.Side) engine.Action {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	p.stop = &stop
	defer func() { p.stop = nil }()
	return p.Choose(st, side)
}

// stopped reports whether ChooseContext's context is done.
func (p *MCTS) stopped() bool { return p.stop != nil && p.stop.Load() }

// Search runs one decision's search and returns the statistics of the
// actions side weighs (its legal actions but the asides, engine.Asider,
// narrowed by Knowledge.Narrow), best first (most visits, then best value,
// then the order of Legal). With a single such action it does not search.
func (p *MCTS) Search(st engine.State, side engine.Side) []ActionStat {
	legal := weighed(&p.know, st, side, nil)
	p.LastIterations, p.LastReused, p.LastElapsed, p.LastJudged = 0, 0, 0, 0
	kept := p.reusable(st, side)
	if len(legal) <= 1 {
		out := make([]ActionStat, len(legal))
		for i, a := range legal {
			out[i] = ActionStat{Action: a}
		}
		return out
	}
	watch := stopwatch{cpu: p.cpuClock, start: time.Now()}
	elapsed := watch.begin()
	if watch.cpu {
		defer runtime.UnlockOSThread()
	}
	workers := p.Config.Workers
	if workers <= 0 {
		workers = 2
	}
	var limit time.Duration // the decision's thinking time, 0: none
	iters := 0
	if p.Config.Iterations > 0 {
		iters = (p.Config.Iterations + workers - 1) / workers
		if p.Config.Budget > 0 {
			limit = p.budget(st, side)
		}
	} else {
		limit = p.budget(st, side)
	}
	var root []float64
	if p.know.RootByEvaluation && p.know.Prior != nil && p.know.Evaluate != nil {
		watch.pre = elapsed()
		root, p.LastJudged = p.judgeRoot(st, side, legal, workers, watch, limit)
	}
	if len(kept) != workers {
		kept = nil
	}
	ss := make([]*searcher, workers)
	for i := range ss {
		ss[i] = p.newSearcher(st.Clone(), side, p.rng.Uint64())
		if kept != nil && kept[i].root != nil {
			ss[i].root, ss[i].stamp = kept[i].root, kept[i].stamp
			p.LastReused += int(ss[i].root.sides[side].visits)
		} else if root != nil {
			ss[i].seedRoot(legal, root)
		}
	}
	before := elapsed()
	watch.pre = before
	if watch.cpu { // the judgement's threads, not this one, did its work
		watch.pre += p.LastJudged
	}
	spent := watch.inParallel(len(ss), func(i int, el func() time.Duration) {
		ss[i].run(iters, limit, el)
	})

	out := make([]ActionStat, len(legal))
	for i, a := range legal {
		out[i].Action = a
		var w float64
		for _, s := range ss {
			rs := s.root.sides[side]
			if rs == nil {
				continue
			}
			if j, ok := rs.index[keyOf(a)]; ok {
				out[i].Visits += int(rs.edges[j].n)
				w += rs.edges[j].w
			}
		}
		if out[i].Visits > 0 {
			out[i].Value = w / float64(out[i].Visits)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Visits != out[j].Visits {
			return out[i].Visits > out[j].Visits
		}
		return out[i].Value > out[j].Value
	})
	for _, s := range ss {
		p.LastIterations += s.iterations
	}
	if p.Config.Reuse && !p.know.RootByEvaluation {
		p.keep(st, side, ss, out[0].Action)
	}
	p.LastElapsed = time.Since(watch.start)
	if watch.cpu {
		// the workers ran side by side: the decision took as long as the
		// longest of them after what was spent before them, and after them
		p.LastElapsed = slices.Max(spent) + elapsed() - before
	}
	p.turnSpent += p.LastElapsed
	return out
}

// keep saves, for Config.Reuse, each worker's subtree below a (the action
// about to be played) when side decides again straight after it, with
// side's view of a sample of st with a applied to recognise the next state.
func (p *MCTS) keep(st engine.State, side engine.Side, ss []*searcher, a engine.Action) {
	d := st.Determinize(side, &p.rng)
	if apply(d, side, a) != nil || d.Over() || d.Active() != engine.Only(side) {
		return
	}
	view, err := json.Marshal(d.View(side, "en"))
	if err != nil {
		return
	}
	key := jointKey{set: engine.Only(side)}
	key.acts[side] = keyOf(a)
	kept := make([]keptTree, len(ss))
	for i, s := range ss {
		if child := s.root.kids[key]; child != nil && child.sides[side] != nil {
			kept[i] = keptTree{root: child, stamp: s.stamp}
		}
	}
	p.kept, p.keptSide, p.keptView = kept, side, view
}

// reusable returns the subtrees kept by the last decision if st is the
// state they were kept for (side's own view of it is the one expected),
// else nil; either way they are then let go.
func (p *MCTS) reusable(st engine.State, side engine.Side) []keptTree {
	kept := p.kept
	p.kept = nil
	if kept == nil || side != p.keptSide {
		return nil
	}
	view, err := json.Marshal(st.View(side, "en"))
	if err != nil || !bytes.Equal(view, p.keptView) {
		return nil
	}
	return kept
}

// judgeRoot scores side's legal actions as greedy would
// (Knowledge.RootByEvaluation): each applied to a determinized copy of st
// and evaluated, averaged over a few samples when it rolls dice. The
// workers share the actions out, each with its own copy of st, sample and
// generator, so the scores do not depend on the scheduling; they judge
// the actions in the order of the game's Prior and stop once the
// decision's thinking reaches limit (a long movement phase's decision
// lists hundreds of moves, each judged by playing it, which took a fifth
// of a second of a core): an action left unjudged scores below every
// judged one (unjudged). It also returns the time the judgement took by
// watch's clock (with the CPU clock, the busiest thread's).
func (p *MCTS) judgeRoot(st engine.State, side engine.Side, legal []engine.Action, workers int, watch stopwatch, limit time.Duration) ([]float64, time.Duration) {
	out := make([]float64, len(legal))
	order := make([]int, len(legal))
	for i := range order {
		order[i] = i
	}
	r := engine.NewRand(p.rng.Uint64())
	p.know.Prior(st.Determinize(side, &r), side, legal, out)
	sort.SliceStable(order, func(a, b int) bool { return out[order[a]] > out[order[b]] })
	for i := range out {
		out[i] = unjudged
	}
	// each worker's own greedy judge, copy and sample, drawn in order
	gs, reals, dets := make([]*Greedy, workers), make([]engine.State, workers), make([]engine.State, workers)
	for w := range workers {
		gs[w] = &Greedy{game: p.game, know: p.know, rng: engine.NewRand(p.rng.Uint64()), Samples: 6}
		reals[w] = st.Clone()
		dets[w] = reals[w].Determinize(side, &gs[w].rng)
	}
	spent := watch.inParallel(workers, func(w int, el func() time.Duration) {
		for k := w; k < len(order); k += workers {
			if p.stopped() || limit > 0 && el() >= limit {
				break
			}
			out[order[k]] = gs[w].judge(reals[w], dets[w], side, legal[order[k]])
		}
	})
	return out, slices.Max(spent) - watch.pre
}

// inParallel runs work(i, elapsed) for i in [0, n) on n goroutines, each
// reading the decision's thinking by w's clock (with the CPU clock, its own
// thread's), and returns what each had read when its work ended.
func (w stopwatch) inParallel(n int, work func(i int, elapsed func() time.Duration)) []time.Duration {
	spent := make([]time.Duration, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			el := w.begin()
			if w.cpu {
				defer runtime.UnlockOSThread()
			}
			work(i, el)
			spent[i] = el()
		}()
	}
	wg.Wait()
	return spent
}

// unjudged is the root score of an action judgeRoot had no time for: below
// greedy's scores, which lie in [0, 1] (-1 for an action that fails).
const unjudged = -2

// seedRoot gives the root's actions the priors of judgeRoot, best first,
// before the first iteration (an action that only some determinizations
// allow still gets the game's Prior when first seen).
func (s *searcher) seedRoot(legal []engine.Action, prior []float64) {
	ss := &sideStats{index: make(map[actionKey]int32, len(legal))}
	for i, a := range legal {
		ss.edges = append(ss.edges, edge{a: a, prior: prior[i]})
	}
	ss.sortByPrior()
	s.root.sides[s.side] = ss
}

// budget is this decision's thinking time: Budget, less when the side's
// game turn has used up most of TurnBudget.
func (p *MCTS) budget(st engine.State, side engine.Side) time.Duration {
	b := p.Config.Budget
	if p.Config.TurnBudget <= 0 {
		return b
	}
	t, ok := turnOf(st, &p.know)
	if !ok {
		return b
	}
	if t != p.turn || side != p.turnSide {
		if p.turnDecs > 0 {
			p.turns++
			p.turnsDecs += p.turnDecs
		}
		p.turn, p.turnSide, p.turnSpent, p.turnDecs = t, side, 0, 0
	}
	// Spread what is left of the turn's budget over the decisions still
	// expected: the game's estimate (Knowledge.DecisionsLeft), else
	// judging by the turns played so far (20 before any).
	expect := 20
	if p.turns > 0 {
		expect = (p.turnsDecs + p.turns - 1) / p.turns
	}
	p.turnDecs++
	n := expect - p.turnDecs + 1
	if p.know.DecisionsLeft != nil {
		n = p.know.DecisionsLeft(st, side)
	}
	left := p.Config.TurnBudget - p.turnSpent
	if share := left / time.Duration(max(2, n)); share < b {
		b = max(share, p.Config.MinBudget)
	}
	return b
}

// edge is one action's statistics at a node for one side.
type edge struct {
	a     engine.Action
	n     uint32  // visits
	avail uint32  // iterations in which the action was legal here
	stamp uint32  // the selection that last saw it legal
	w     float64 // total reward
	prior float64
}

// sideStats is one side's statistics at a node (decoupled UCT: each
// active side selects by its own).
type sideStats struct {
	edges  []edge              // sorted by prior, best first, when the game has a Prior
	index  map[actionKey]int32 // edges' positions by packed action
	visits uint32
}

// node is an information set of the searching side: the actions taken so
// far (chance outcomes and hidden state differ between iterations).
type node struct {
	sides [maxSides]*sideStats
	kids  map[jointKey]*node
}

// actionKey is an action packed into one word: maps keyed by it hash
// faster than by the struct, whose padding makes Go hash it field by field.
type actionKey uint64

func keyOf(a engine.Action) actionKey {
	return actionKey(a.Op)<<48 | actionKey(uint16(a.A))<<32 | actionKey(uint16(a.B))<<16 | actionKey(uint16(a.C))
}

// jointKey is what every active side chose at a node.
type jointKey struct {
	set  engine.SideSet
	acts [maxSides]actionKey
}

type step struct {
	n     *node
	set   engine.SideSet
	picks [maxSides]int32
}

// searcher is one worker's tree and buffers.
type searcher struct {
	cfg    *Config
	know   *Knowledge
	eval   Evaluator    // know.Evaluate, or the score evaluator
	real   engine.State // the worker's own copy of the real state: only Determinize is called on it
	side   engine.Side
	nsides int
	rng    engine.Rand
	root   *node

	bufs       [maxSides][]engine.Action
	rbuf       []engine.Action
	scores     []float64
	cand       []int32
	vals       []float64
	path       []step
	stamp      uint32
	iterations int
	stop       *atomic.Bool // MCTS.stop
}

func (p *MCTS) newSearcher(real engine.State, side engine.Side, seed uint64) *searcher {
	s := &searcher{cfg: &p.Config, know: &p.know, eval: p.know.Evaluate, real: real, side: side, nsides: p.nsides,
		rng: engine.NewRand(seed), root: &node{}, vals: make([]float64, p.nsides), stop: p.stop}
	_, scorer := real.(Scorer)
	switch {
	case p.Config.Eval == "none":
		s.eval = nil
	case scorer && (s.eval == nil || p.Config.Eval == "score"):
		s.eval = relativeScoreEvaluator(real.Determinize(side, &s.rng), 2)
	}
	return s
}

// run iterates until iters are done (0: no count) or the decision's
// thinking, as elapsed tells it, reaches limit (0: no limit).
func (s *searcher) run(iters int, limit time.Duration, elapsed func() time.Duration) {
	start := elapsed()
	for i := 0; ; i++ {
		if s.stop != nil && s.stop.Load() {
			return
		}
		if iters > 0 {
			// the cap is checked before every iteration: at Western Desert
			// Force one takes 10-40 ms, and a check every 64 iterations let
			// a decision run to 7 s and a player turn to 2 minutes
			if i >= iters || i > 0 && limit > 0 && elapsed() >= limit {
				return
			}
			if s.cfg.StopEarly && s.settled(i, float64(iters-i)) {
				return
			}
		} else if i > 0 {
			now := elapsed()
			if now >= limit {
				return
			}
			// Stop early once the most visited action cannot be caught
			// in the time left at the pace so far.
			if s.settled(i, float64(i)*float64(limit-now)/float64(now-start)) {
				return
			}
		}
		s.iterate()
		s.iterations++
	}
}

// settled reports, every 64 iterations from the 256th, whether the most
// visited root action leads the second by more than the left iterations.
func (s *searcher) settled(i int, left float64) bool {
	if i%64 != 0 || i < 256 {
		return false
	}
	first, second := s.rootLead()
	return float64(first-second) > left
}

// rootLead returns the visits of the two most visited actions at the root.
func (s *searcher) rootLead() (first, second uint32) {
	rs := s.root.sides[s.side]
	if rs == nil {
		return 0, 0
	}
	for i := range rs.edges {
		switch n := rs.edges[i].n; {
		case n > first:
			first, second = n, first
		case n > second:
			second = n
		}
	}
	return first, second
}

// iterate is one iteration: sample, select and expand, play out, back up.
func (s *searcher) iterate() {
	d := s.real.Determinize(s.side, &s.rng)
	n := s.root
	s.path = s.path[:0]
	for !d.Over() {
		set := engine.Deciding(d)
		if set == 0 {
			break
		}
		st := step{n: n, set: set}
		key := jointKey{set: set}
		var acts [maxSides]engine.Action
		for rest := set; rest != 0; {
			var sd engine.Side
			sd, rest = nextSide(rest)
			st.picks[sd] = -1
			legal := weighed(s.know, d, sd, s.bufs[sd][:0])
			s.bufs[sd] = legal
			if len(legal) == 0 {
				continue
			}
			ss := n.sides[sd]
			if ss == nil {
				ss = &sideStats{index: make(map[actionKey]int32, len(legal))}
				n.sides[sd] = ss
			}
			i := s.selectEdge(ss, d, sd, legal)
			st.picks[sd] = int32(i)
			acts[sd] = ss.edges[i].a
			key.acts[sd] = keyOf(acts[sd])
		}
		for rest := set; rest != 0; {
			var sd engine.Side
			sd, rest = nextSide(rest)
			if st.picks[sd] >= 0 && engine.Deciding(d).Has(sd) {
				_ = apply(d, sd, acts[sd])
			}
		}
		s.path = append(s.path, st)
		child := n.kids[key]
		if child == nil {
			if n.kids == nil {
				n.kids = make(map[jointKey]*node, 4)
			}
			child = &node{}
			n.kids[key] = child
			n = child
			break
		}
		n = child
	}
	s.playout(d)
	for _, st := range s.path {
		for rest := st.set; rest != 0; {
			var sd engine.Side
			sd, rest = nextSide(rest)
			if i := st.picks[sd]; i >= 0 {
				ss := st.n.sides[sd]
				e := &ss.edges[i]
				e.n++
				e.w += s.vals[sd]
				ss.visits++
			}
		}
	}
}

// selectEdge picks side's action at a node among legal (the actions open
// in this iteration's state) and returns its index in ss.edges.
func (s *searcher) selectEdge(ss *sideStats, d engine.State, side engine.Side, legal []engine.Action) int {
	s.stamp++
	stamp := s.stamp
	fresh := false
	for _, a := range legal {
		k := keyOf(a)
		i, ok := ss.index[k]
		if !ok {
			i = int32(len(ss.edges))
			ss.edges = append(ss.edges, edge{a: a, prior: math.Inf(-1)})
			ss.index[k] = i
			fresh = true
		}
		e := &ss.edges[i]
		e.avail++
		e.stamp = stamp
	}
	prior := s.know.Prior != nil
	if fresh && prior {
		s.priors(ss, d, side, legal)
	}
	limit := len(legal)
	if prior {
		if s.cfg.TopK > 0 && s.cfg.TopK < limit {
			limit = s.cfg.TopK
		}
		if s.cfg.Widen > 0 {
			if w := 1 + int(s.cfg.Widen*math.Sqrt(float64(ss.visits))); w < limit {
				limit = w
			}
		}
	}
	best, unvisited, seen := -1, 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	s.cand = s.cand[:0]
	for i := range ss.edges {
		e := &ss.edges[i]
		if e.stamp != stamp {
			continue
		}
		if seen++; seen > limit {
			break
		}
		if e.n == 0 {
			if prior { // the untried action with the best prior
				if unvisited == 0 {
					best, unvisited = i, 1
				}
				continue
			}
			if unvisited++; s.rng.IntN(unvisited) == 0 {
				best = i
			}
			continue
		}
		m := e.w / float64(e.n)
		lo, hi = min(lo, m), max(hi, m)
		s.cand = append(s.cand, int32(i))
	}
	if unvisited > 0 {
		return best
	}
	// UCT, with Normalize the means rescaled to [0, 1] among the
	// candidates, so that an evaluator whose values all sit near 0 or 1
	// still separates the actions.
	scale, shift := 1.0, 0.0
	if s.cfg.Normalize && hi > lo {
		scale, shift = 1/(hi-lo), lo
	}
	bestQ := math.Inf(-1)
	for _, i := range s.cand {
		e := &ss.edges[i]
		q := (e.w/float64(e.n)-shift)*scale + s.cfg.C*math.Sqrt(math.Log(float64(e.avail))/float64(e.n))
		if q > bestQ {
			best, bestQ = int(i), q
		}
	}
	return best
}

// priors scores the actions of legal that have none yet and keeps the
// edges sorted by prior, best first.
func (s *searcher) priors(ss *sideStats, d engine.State, side engine.Side, legal []engine.Action) {
	if cap(s.scores) < len(legal) {
		s.scores = make([]float64, len(legal))
	}
	sc := s.scores[:len(legal)]
	clear(sc)
	s.know.Prior(d, side, legal, sc)
	for i, a := range legal {
		if e := &ss.edges[ss.index[keyOf(a)]]; math.IsInf(e.prior, -1) {
			e.prior = sc[i]
		}
	}
	ss.sortByPrior()
}

// sortByPrior puts the edges in order of prior, best first, and reindexes them.
func (ss *sideStats) sortByPrior() {
	sort.SliceStable(ss.edges, func(i, j int) bool { return ss.edges[i].prior > ss.edges[j].prior })
	for i, e := range ss.edges {
		ss.index[keyOf(e.a)] = int32(i)
	}
}

// maxPlayout bounds a playout without an evaluator.
const maxPlayout = 100000

// playout plays d on with the rollout policy and leaves each side's reward
// in s.vals.
func (s *searcher) playout(d engine.State) {
	eval := s.eval
	limit := maxPlayout
	if eval != nil {
		limit = s.cfg.RolloutDepth
	}
	turn, turnKnown := 0, false
	if eval != nil && s.cfg.StopAtTurn {
		turn, turnKnown = turnOf(d, s.know)
	}
	for k := 0; k < limit && !d.Over(); k++ {
		set := engine.Deciding(d)
		if set == 0 {
			break
		}
		for rest := set; rest != 0; {
			var sd engine.Side
			sd, rest = nextSide(rest)
			if !engine.Deciding(d).Has(sd) { // an earlier side's action ended its decision
				continue
			}
			legal := weighed(s.know, d, sd, s.rbuf[:0])
			s.rbuf = legal
			if len(legal) == 0 {
				continue
			}
			var a engine.Action
			if s.know.Rollout != nil {
				a = s.know.Rollout(d, sd, legal, &s.rng)
			} else {
				a = legal[s.rng.IntN(len(legal))]
			}
			if apply(d, sd, a) != nil {
				_ = d.Apply(sd, legal[s.rng.IntN(len(legal))])
			}
		}
		if turnKnown {
			if t, _ := turnOf(d, s.know); t != turn {
				break
			}
		}
	}
	if d.Over() {
		r := d.Returns()
		for i := range s.vals {
			s.vals[i] = 0.5
			if i < len(r) {
				s.vals[i] = r[i]
			}
		}
		return
	}
	for i := range s.vals {
		s.vals[i] = 0.5
		if eval != nil {
			s.vals[i] = eval(d, engine.Side(i))
		}
	}
}
