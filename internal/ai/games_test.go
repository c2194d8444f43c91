package ai_test

import (
	"encoding/json"
	"fmt"
	"sync/atomic"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest/toy"
)

// spyGame is the toy game whose real states report every read of what the
// viewer may not see: the search must touch the real state only through
// Active, its own side's Legal, Clone and Determinize.
type spyGame struct{}

const spyID = "toy-spy"

var leaks atomic.Int64

func init() {
	engine.Register(spyGame{})
	ai.RegisterKnowledge(spyID, ai.Knowledge{
		Evaluate: func(st engine.State, side engine.Side) float64 {
			checkSample(st)
			t := st.(*spyState).State
			return 0.4 + 0.1*float64(t.Bonus[side]-t.Bonus[1-side])
		},
		Rollout: func(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
			checkSample(st)
			return legal[r.IntN(len(legal))]
		},
		Prior: func(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
			checkSample(st)
			for i, a := range legal {
				scores[i] = float64(a.A)
			}
		},
		Turn: func(st engine.State) int { return int(st.(*spyState).Turn) },
	})
}

func checkSample(st engine.State) {
	if st.(*spyState).real {
		leaks.Add(1)
	}
}

func (spyGame) ID() string          { return spyID }
func (spyGame) Title() string       { return "toy with a spy" }
func (spyGame) SideNames() []string { return []string{"north", "south"} }
func (spyGame) Scenarios() []string { return []string{"standard"} }
func (spyGame) New(s engine.Setup) (engine.State, error) {
	st, err := toy.Game{}.New(s)
	if err != nil {
		return nil, err
	}
	return &spyState{State: st.(*toy.State), real: true, viewer: engine.Observer}, nil
}

// spyState wraps a toy state. A real one (as the players receive it)
// counts a leak on any read of hidden information; its Determinize gives a
// sample that may be read freely.
type spyState struct {
	*toy.State
	real   bool
	viewer engine.Side // the side the real state is handed to, Observer: any
}

func (s *spyState) leak() {
	if s.real {
		leaks.Add(1)
	}
}

func (s *spyState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if s.viewer != engine.Observer && side != s.viewer {
		s.leak()
	}
	return s.State.Legal(side, dst)
}
func (s *spyState) Apply(side engine.Side, a engine.Action) error {
	s.leak()
	return s.State.Apply(side, a)
}
func (s *spyState) Clone() engine.State {
	return &spyState{State: s.State.Clone().(*toy.State), real: s.real, viewer: s.viewer}
}
func (s *spyState) Returns() []float64 { s.leak(); return s.State.Returns() }
func (s *spyState) Marshal() []byte    { s.leak(); return s.State.Marshal() }
func (s *spyState) View(side engine.Side, lang string) any {
	if side != s.viewer {
		s.leak()
	}
	return s.State.View(side, lang)
}
func (s *spyState) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	if s.viewer != engine.Observer && viewer != s.viewer {
		s.leak()
	}
	return &spyState{State: s.State.Determinize(viewer, r).(*toy.State), viewer: engine.Observer}
}

// duelGame has simultaneous secret choices: for three rounds both sides
// pick 1, 2 or 3 at once; the higher pick scores a point. Picking 3 is
// always best. A pick made and not yet revealed is hidden from the other
// side.
type duelGame struct{}

const duelID = "duel"

func init() { engine.Register(duelGame{}) }

func (duelGame) ID() string          { return duelID }
func (duelGame) Title() string       { return "simultaneous duel" }
func (duelGame) SideNames() []string { return []string{"east", "west"} }
func (duelGame) Scenarios() []string { return []string{"standard"} }
func (duelGame) New(s engine.Setup) (engine.State, error) {
	return &duelState{Rng: engine.NewRand(s.Seed)}, nil
}

type duelState struct {
	Round int
	Pick  [2]int16 // 0: not chosen yet this round
	Score [2]int
	Rng   engine.Rand
	Epo   uint64
}

func (s *duelState) Active() engine.SideSet {
	var ss engine.SideSet
	if s.Over() {
		return 0
	}
	for i := range s.Pick {
		if s.Pick[i] == 0 {
			ss |= engine.Only(engine.Side(i))
		}
	}
	return ss
}
func (s *duelState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if !s.Active().Has(side) {
		return dst
	}
	for n := int16(1); n <= 3; n++ {
		dst = append(dst, engine.Action{Op: 1, A: n})
	}
	return dst
}
func (s *duelState) Apply(side engine.Side, a engine.Action) error {
	if !engine.IsLegal(s, side, a) {
		return engine.Illegal("no")
	}
	s.Pick[side] = a.A
	if s.Pick[0] != 0 && s.Pick[1] != 0 {
		switch {
		case s.Pick[0] > s.Pick[1]:
			s.Score[0]++
		case s.Pick[1] > s.Pick[0]:
			s.Score[1]++
		}
		s.Pick = [2]int16{}
		s.Round++
		s.Epo++
	}
	return nil
}
func (s *duelState) Clone() engine.State { c := *s; return &c }
func (s *duelState) Over() bool          { return s.Round >= 3 }
func (s *duelState) Returns() []float64 {
	switch {
	case s.Score[0] > s.Score[1]:
		return []float64{1, 0}
	case s.Score[1] > s.Score[0]:
		return []float64{0, 1}
	}
	return []float64{0.5, 0.5}
}
func (s *duelState) Scores() []float64 { return []float64{float64(s.Score[0]), float64(s.Score[1])} }
func (s *duelState) Epoch() uint64     { return s.Epo }
func (s *duelState) Marshal() []byte   { b, _ := json.Marshal(s); return b }
func (s *duelState) EncodeAction(a engine.Action) string {
	return fmt.Sprintf("pick %d", a.A)
}
func (s *duelState) DecodeAction(t string) (engine.Action, error) {
	var n int16
	_, err := fmt.Sscanf(t, "pick %d", &n)
	return engine.Action{Op: 1, A: n}, err
}
func (s *duelState) Describe(a engine.Action, lang string) string { return s.EncodeAction(a) }
func (s *duelState) Prompt(side engine.Side, lang string) string  { return "pick" }
func (s *duelState) View(side engine.Side, lang string) any       { return s.Score }
func (s *duelState) SetLogging(bool)                              {}
func (s *duelState) TakeLog() []engine.LogEntry                   { return nil }
func (s *duelState) RenderLog(e engine.LogEntry, lang string) string {
	return e.Key
}
func (s *duelState) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := *s
	for i := range c.Pick {
		if engine.Side(i) != viewer && c.Pick[i] != 0 {
			c.Pick[i] = int16(r.IntN(3) + 1)
		}
	}
	c.Rng = engine.NewRand(r.Uint64())
	return &c
}
