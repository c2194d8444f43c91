package ai

import (
	"fmt"
	"time"

	"sandtable/internal/engine"
)

// GameResult is the outcome of one game between computer players.
type GameResult struct {
	Returns   []float64       // each side's result (State.Returns), 0.5 each when capped
	Scores    []float64       // each side's score when the state is a Scorer, else nil
	Actions   int             // actions applied
	Capped    bool            // stopped at the action limit before the end
	Decisions []int           // decisions taken per side
	Think     []time.Duration // thinking time per side
	// MaxThink is each side's longest single decision; MaxRun its longest
	// thinking over one game turn when the game tells its turn
	// (Knowledge.Turn or Turner), else over a run of consecutive decisions
	// with no other side deciding in between.
	MaxThink, MaxRun []time.Duration
}

// PlayGame plays a game of g from setup, players[i] taking side i, for at
// most maxActions actions (0: no limit). Where several sides decide at once
// each chooses on the same state before any choice is applied. A player
// returning an illegal action is an error.
func PlayGame(g engine.Game, setup engine.Setup, players []Player, maxActions int) (GameResult, error) {
	return playGame(g, setup, players, maxActions, nil)
}

// RecordGame is PlayGame that also keeps the game's record, every action
// with the hash of the state it produced, as `sandtable replay` reads it.
func RecordGame(g engine.Game, setup engine.Setup, players []Player, maxActions int) (GameResult, engine.Record, error) {
	rec := engine.Record{Game: g.ID(), Setup: setup, Actions: []engine.RecordEntry{}}
	res, err := playGame(g, setup, players, maxActions, &rec)
	return res, rec, err
}

// playGame plays the game, appending every action to rec unless it is nil.
func playGame(g engine.Game, setup engine.Setup, players []Player, maxActions int, rec *engine.Record) (GameResult, error) {
	st, err := g.New(setup)
	if err != nil {
		return GameResult{}, err
	}
	n := len(g.SideNames())
	if len(players) != n {
		return GameResult{}, fmt.Errorf("%s has %d sides, got %d players", g.ID(), n, len(players))
	}
	res := GameResult{Decisions: make([]int, n), Think: make([]time.Duration, n),
		MaxThink: make([]time.Duration, n), MaxRun: make([]time.Duration, n)}
	var choice [maxSides]engine.Action
	know := KnowledgeFor(g.ID())
	run := make([]time.Duration, n)
	runTurn := make([]int, n)
	last := engine.Observer
	choose := func(side engine.Side) engine.Action {
		if t, ok := turnOf(st, &know); ok {
			if t != runTurn[side] {
				runTurn[side], run[side] = t, 0
			}
		} else if side != last {
			run[side] = 0
		}
		last = side
		t := time.Now()
		a := players[side].Choose(st, side)
		d := time.Since(t)
		res.Think[side] += d
		res.MaxThink[side] = max(res.MaxThink[side], d)
		run[side] += d
		res.MaxRun[side] = max(res.MaxRun[side], run[side])
		res.Decisions[side]++
		return a
	}
	for !st.Over() {
		if maxActions > 0 && res.Actions >= maxActions {
			res.Capped = true
			break
		}
		set := engine.Deciding(st) // a side waiting on its completed choice is not asked
		if set == 0 {
			return res, fmt.Errorf("%s: no side to act but the game is not over", g.ID())
		}
		for rest := set; rest != 0; {
			var s engine.Side
			s, rest = nextSide(rest)
			choice[s] = choose(s)
		}
		for rest := set; rest != 0; {
			var s engine.Side
			s, rest = nextSide(rest)
			if !st.Active().Has(s) {
				continue
			}
			a := choice[s]
			if err := st.Apply(s, a); err != nil {
				// the other choices applied first may have changed what is open
				a = choose(s)
				if err := st.Apply(s, a); err != nil {
					return res, fmt.Errorf("%s side %d chose %s: %w", g.ID(), s, st.EncodeAction(a), err)
				}
			}
			if rec != nil {
				rec.Actions = append(rec.Actions, engine.RecordEntry{
					Side: g.SideNames()[s], Action: st.EncodeAction(a), Hash: engine.Hash(st)})
			}
			res.Actions++
		}
	}
	if res.Capped {
		res.Returns = make([]float64, n)
		for i := range res.Returns {
			res.Returns[i] = 0.5
		}
	} else {
		res.Returns = st.Returns()
	}
	if sc, ok := st.(Scorer); ok {
		res.Scores = sc.Scores()
	}
	return res, nil
}
