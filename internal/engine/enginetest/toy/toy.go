// Package toy is a tiny game for testing engine-level code (sessions, the
// conformance suite, the command line, the computer players) without a real
// rulebook. Two sides take turns removing 1 to 3 counters from a pile; each
// side holds a secret bonus drawn at the start; "roll" adds a die to the
// pile. Whoever takes the last counter scores 1 plus its bonus; the higher
// score wins. It has dice, hidden information and undo barriers, like the
// real games.
package toy

import (
	"encoding/json"
	"fmt"
	"strconv"

	"sandtable/internal/engine"
)

// Game is the toy game.
type Game struct{}

func init() { engine.Register(Game{}) }

func (Game) ID() string          { return "toy" }
func (Game) Title() string       { return "Toy pile game" }
func (Game) SideNames() []string { return []string{"north", "south"} }
func (Game) Scenarios() []string { return []string{"standard"} }
func (Game) New(s engine.Setup) (engine.State, error) {
	if s.Scenario != "" && s.Scenario != "standard" {
		return nil, fmt.Errorf("toy: unknown scenario %q", s.Scenario)
	}
	st := &State{Pile: 12, Rng: engine.NewRand(s.Seed)}
	st.Bonus[0] = st.Rng.IntN(3)
	st.Bonus[1] = st.Rng.IntN(3)
	st.Epo = 1
	return st, nil
}

const (
	opTake = 1
	opRoll = 2
)

// State is the toy game's state.
type State struct {
	Pile   int         `json:"pile"`
	Turn   engine.Side `json:"turn"`
	Bonus  [2]int      `json:"bonus"`
	Rolled bool        `json:"rolled"`
	Winner int         `json:"winner"` // 0 none, 1 north, 2 south, 3 draw
	Rng    engine.Rand `json:"rng"`
	Epo    uint64      `json:"epoch"`

	logOn bool
	log   []engine.LogEntry
}

func (s *State) Active() engine.SideSet {
	if s.Over() {
		return 0
	}
	return engine.Only(s.Turn)
}

func (s *State) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if !s.Active().Has(side) {
		return dst
	}
	for n := 1; n <= 3 && n <= s.Pile; n++ {
		dst = append(dst, engine.Action{Op: opTake, A: int16(n)})
	}
	if !s.Rolled {
		dst = append(dst, engine.Action{Op: opRoll})
	}
	return dst
}

func (s *State) Apply(side engine.Side, a engine.Action) error {
	if !engine.IsLegal(s, side, a) {
		return engine.Illegal("%s is not open to %d now", s.EncodeAction(a), side)
	}
	switch a.Op {
	case opTake:
		s.Pile -= int(a.A)
		s.add(engine.LogEntry{Rule: "1", To: engine.Observer, Key: "take", Args: []string{strconv.Itoa(int(side)), strconv.Itoa(int(a.A))}})
		if s.Pile == 0 {
			score := [2]int{s.Bonus[0], s.Bonus[1]}
			score[side]++
			switch {
			case score[0] > score[1]:
				s.Winner = 1
			case score[1] > score[0]:
				s.Winner = 2
			default:
				s.Winner = 3
			}
			s.Epo++ // the bonuses are revealed
			return nil
		}
		s.Turn = 1 - s.Turn
	case opRoll:
		d := s.Rng.D6()
		s.Epo++
		s.Pile += d
		s.Rolled = true
		s.add(engine.LogEntry{Rule: "2", To: engine.Observer, Key: "roll", Args: []string{strconv.Itoa(int(side)), strconv.Itoa(d)}})
	}
	return nil
}

func (s *State) add(e engine.LogEntry) {
	if s.logOn {
		s.log = append(s.log, e)
	}
}

func (s *State) Clone() engine.State {
	c := *s
	c.logOn, c.log = false, nil
	return &c
}

func (s *State) Over() bool { return s.Winner != 0 }

func (s *State) Returns() []float64 {
	switch s.Winner {
	case 1:
		return []float64{1, 0}
	case 2:
		return []float64{0, 1}
	}
	return []float64{0.5, 0.5}
}

func (s *State) Epoch() uint64 { return s.Epo }

func (s *State) Marshal() []byte {
	b, _ := json.Marshal(s)
	return b
}

func (s *State) EncodeAction(a engine.Action) string {
	if a.Op == opRoll {
		return "roll"
	}
	return "take " + strconv.Itoa(int(a.A))
}

func (s *State) DecodeAction(t string) (engine.Action, error) {
	if t == "roll" {
		return engine.Action{Op: opRoll}, nil
	}
	var n int
	if _, err := fmt.Sscanf(t, "take %d", &n); err != nil || n < 1 || n > 3 {
		return engine.Action{}, fmt.Errorf("toy: cannot read action %q", t)
	}
	return engine.Action{Op: opTake, A: int16(n)}, nil
}

func (s *State) Describe(a engine.Action, lang string) string { return s.EncodeAction(a) }

func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Over() {
		return "game over"
	}
	if side != s.Turn {
		return "waiting"
	}
	return "take counters or roll"
}

// View is what one side sees.
type View struct {
	Pile     int   `json:"pile"`
	Turn     int   `json:"turn"`
	MyBonus  int   `json:"my_bonus"`
	Bonuses  []int `json:"bonuses,omitempty"` // both, once the game is over
	Rolled   bool  `json:"rolled"`
	Finished bool  `json:"finished"`
}

func (s *State) View(side engine.Side, lang string) any {
	v := View{Pile: s.Pile, Turn: int(s.Turn), Rolled: s.Rolled, Finished: s.Over(), MyBonus: -1}
	if side >= 0 {
		v.MyBonus = s.Bonus[side]
	}
	if s.Over() {
		v.Bonuses = []int{s.Bonus[0], s.Bonus[1]}
	}
	return v
}

func (s *State) SetLogging(on bool) { s.logOn = on }

func (s *State) TakeLog() []engine.LogEntry {
	l := s.log
	s.log = nil
	return l
}

func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
}

func (s *State) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	if !s.Over() {
		for side := range c.Bonus {
			if engine.Side(side) != viewer {
				c.Bonus[side] = r.IntN(3)
			}
		}
	}
	c.Rng = engine.NewRand(r.Uint64())
	return c
}
