package sequence_test

import (
	"fmt"

	"sandtable/internal/engine"
	"sandtable/internal/kit/sequence"
)

type step uint8

const (
	stNone step = iota
	stMove
	stCombat
	stStack
	contCombat // after the stacking check: begin the combat phase
)

// The flat core of a game's state starts with its track and holds its
// result.
type core struct {
	sequence.Track[step]
	Units [4]int8
	sequence.Result
}

type State struct{ core }

func (s *State) Active() engine.SideSet { return s.Result.Active(s.Decider) }

// ret leaves a nested procedure and carries on where it was called from.
func (s *State) ret() { s.resume(s.Return()) }

func (s *State) resume(st step) {
	switch st {
	case contCombat:
		s.Step = stCombat
	}
}

// A phase ends with a stacking check, a nested procedure that returns to
// the beginning of the combat phase.
func Example() {
	s := &State{}
	s.Turn, s.Phasing, s.Step, s.Decider = 1, 0, stMove, 0
	s.Call(stStack, contCombat) // the movement phase ends: check stacking
	fmt.Println(s.Step == stStack, s.NRet)
	s.ret() // nothing over the limit
	fmt.Println(s.Step == stCombat, s.NRet, s.GameTurn())
	s.Result = sequence.Win(1)
	fmt.Println(s.Over(), s.Returns(), s.Active())
	// Output:
	// true 1
	// true 0 2
	// true [0 1] 0
}
