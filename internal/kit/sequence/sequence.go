// Package sequence holds where a two-sided game's sequence of play stands
// and how the game ended, as fixed-size values a game embeds in the flat
// core of its state (so that Clone stays a copy and Marshal a binary
// encoding of the core).
//
// A game's sequence of play is a state machine over its own step type S:
// the current Step is the decision point, Decider the side that decides
// it. A nested procedure (a combat inside a phase, a stacking check after
// one) is entered with Call, which keeps on a small return stack the step
// the game resumes at; Return gives that step back when the procedure
// ends, and the game's own resume function carries on from it.
package sequence

import "sandtable/internal/engine"

// Depth is how many nested procedures a Track can hold at once.
const Depth = 4

// Track is where the sequence of play stands: the game turn, the side
// whose player turn it is, the decision point, the side deciding it and
// the return stack. Its fields are all fixed-size, in this order.
type Track[S ~uint8] struct {
	Turn    int8
	Phasing engine.Side
	Step    S
	Decider engine.Side
	Ret     [Depth]S // the steps nested procedures return to, Ret[NRet-1] the innermost
	NRet    int8
}

// Call enters a nested procedure at step st; Return will give back back.
// More than Depth nested calls is a bug of the game: it panics.
func (t *Track[S]) Call(st, back S) {
	t.Ret[t.NRet] = back
	t.NRet++
	t.Step = st
}

// Return leaves the innermost nested procedure and gives the step it was
// to return to; its slot is cleared (the zero step), so that equal
// positions encode equally.
func (t *Track[S]) Return() S {
	t.NRet--
	back := t.Ret[t.NRet]
	var none S
	t.Ret[t.NRet] = none
	return back
}

// GameTurn numbers the player turns of a two-sided game in which each
// side has one player turn per game turn: it changes when a new player
// turn begins. The computer players use it (ai.Turner).
func (t *Track[S]) GameTurn() int { return 2*int(t.Turn) + int(t.Phasing) }

// Result is how a two-sided game stands: playing, won by one side, or
// drawn.
type Result int8

// The results.
const (
	Playing Result = iota
	FirstWins
	SecondWins
	Draw
)

// Win is the result of side s winning.
func Win(s engine.Side) Result { return FirstWins + Result(s) }

// Over reports whether the game has ended.
func (r Result) Over() bool { return r != Playing }

// Returns gives 1 to the winner and 0 to the loser, ½ each for a draw,
// nothing while the game is being played (engine.State.Returns).
func (r Result) Returns() []float64 {
	switch r {
	case FirstWins:
		return []float64{1, 0}
	case SecondWins:
		return []float64{0, 1}
	case Draw:
		return []float64{0.5, 0.5}
	}
	return nil
}

// Active is the set of sides that must decide (engine.State.Active): the
// decider while the game is played, nobody once it is over.
func (r Result) Active(decider engine.Side) engine.SideSet {
	if r.Over() {
		return 0
	}
	return engine.Only(decider)
}
