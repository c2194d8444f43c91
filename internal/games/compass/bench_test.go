package compass

import (
	"path/filepath"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/kit/words/wordstest"
)

// randomGame plays one full game with uniformly random legal actions on the
// bare state (no session, no log) and returns the number of decisions.
func randomGame(seed uint64, legal []engine.Action) int {
	st := newState(DefaultData(), seed, false)
	r := engine.NewRand(seed ^ 0x5eed)
	n := 0
	for !st.Over() {
		side := st.Decider
		legal = st.Legal(side, legal[:0])
		st.ApplyUnchecked(side, legal[r.IntN(len(legal))])
		n++
	}
	return n
}

// BenchmarkRandomGame: random full games of Compass on one core.
func BenchmarkRandomGame(b *testing.B) {
	legal := make([]engine.Action, 0, 256)
	decisions := 0
	for i := 0; b.Loop(); i++ {
		decisions += randomGame(uint64(i), legal)
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkLegal: the cost of listing the legal actions, over the states of
// a random game.
func BenchmarkLegalApply(b *testing.B) {
	legal := make([]engine.Action, 0, 256)
	st := newState(DefaultData(), 1, false)
	r := engine.NewRand(7)
	for b.Loop() {
		if st.Over() {
			st = newState(DefaultData(), r.Uint64(), false)
		}
		legal = st.Legal(st.Decider, legal[:0])
		st.ApplyUnchecked(st.Decider, legal[r.IntN(len(legal))])
	}
}

// BenchmarkMarshal measures the state's canonical encoding, which the
// session hashes after every action.
func BenchmarkMarshal(b *testing.B) {
	s := newState(DefaultData(), 1, false)
	for b.Loop() {
		s.Marshal()
	}
}

// BenchmarkRenderLog: rendering one log line of a recorded game, in
// English and Italian alternately (a view renders the log it shows).
func BenchmarkRenderLog(b *testing.B) {
	s := enginetest.ReplayFile(b, filepath.Join("testdata", "playthrough-1.json"))
	wordstest.BenchRenderLog(b, s)
}

// BenchmarkViewAttacker: the deciding attacker's view (what the web client
// fetches after each action) at the movement and combat decisions of
// random games, where it carries the prospect of every attack.
func BenchmarkViewAttacker(b *testing.B) {
	var states []*State
	for seed := uint64(1); seed <= 3; seed++ {
		st := newState(DefaultData(), seed, false)
		r := engine.NewRand(seed)
		for !st.Over() {
			if st.Step == stMove || st.Step == stCombat || st.Step == stAtkFront {
				states = append(states, st.Clone().(*State))
			}
			legal := st.Legal(st.Decider, nil)
			st.ApplyUnchecked(st.Decider, legal[r.IntN(len(legal))])
		}
	}
	for i := 0; b.Loop(); i++ {
		st := states[i%len(states)]
		st.view(st.Decider, "en")
	}
}
