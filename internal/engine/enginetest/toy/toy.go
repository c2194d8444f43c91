// Package toy is a tiny game for testing engine-level code (sessions, the
// conformance suite, the command line, the computer players) without a real
// rulebook. Two sides take turns removing 1 to 3 counters from a pile; each
// side holds a secret bonus drawn at the start; "roll" adds a die to the
// pile. Whoever takes the last counter scores 1 plus its bonus; the higher
// score wins. It has dice, hidden information and undo barriers, like the
// real games.
//
// It plugs in as a real game does (docs/new-game.md): it registers itself
// from init, keeps its result in a sequence.Result (Active, Over and
// Returns), writes and reads its record text with actiontext, and
// collects its log in an engine.Log.
package toy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
	"sandtable/internal/kit/sequence"
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

// ops are the record words of the operations: "take N", "roll".
var ops = actiontext.Ops{"", "take", "roll"}

// State is the toy game's state.
type State struct {
	Pile            int             `json:"pile"`
	Turn            engine.Side     `json:"turn"`
	Bonus           [2]int          `json:"bonus"`
	Rolled          bool            `json:"rolled"`
	sequence.Result `json:"winner"` // Over, Returns
	Rng             engine.Rand     `json:"rng"`
	Epo             uint64          `json:"epoch"`

	engine.Log `json:"-"` // SetLogging, TakeLog
}

func (s *State) Active() engine.SideSet { return s.Result.Active(s.Turn) }

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
		s.Add("1", engine.Observer, "take", strconv.Itoa(int(side)), strconv.Itoa(int(a.A)))
		if s.Pile == 0 {
			score := [2]int{s.Bonus[0], s.Bonus[1]}
			score[side]++
			switch {
			case score[0] > score[1]:
				s.Result = sequence.Win(0)
			case score[1] > score[0]:
				s.Result = sequence.Win(1)
			default:
				s.Result = sequence.Draw
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
		s.Add("2", engine.Observer, "roll", strconv.Itoa(int(side)), strconv.Itoa(d))
	}
	return nil
}

func (s *State) Clone() engine.State {
	c := *s
	c.Log = engine.Log{}
	return &c
}

func (s *State) Epoch() uint64 { return s.Epo }

func (s *State) Marshal() []byte {
	b, _ := json.Marshal(s)
	return b
}

func (s *State) EncodeAction(a engine.Action) string {
	if a.Op == opTake {
		return ops.Word(a.Op) + " " + strconv.Itoa(int(a.A))
	}
	return ops.Word(a.Op)
}

func (s *State) DecodeAction(t string) (engine.Action, error) {
	op, args, err := ops.Split("toy", t)
	if err != nil {
		return engine.Action{}, err
	}
	if op == opRoll {
		if err := actiontext.Want("toy", "roll", args, 0, "no arguments"); err != nil {
			return engine.Action{}, err
		}
		return engine.Action{Op: opRoll}, nil
	}
	if err := actiontext.Want("toy", "take", args, 1, "a number of counters, 1 to 3"); err != nil {
		return engine.Action{}, err
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > 3 {
		return engine.Action{}, fmt.Errorf("toy: cannot read action %q: take 1 to 3 counters", t)
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

// Unmarshal restores the state whose Marshal gave data (engine.Restorer):
// JSON of the State's fields, refused unless it is exactly what Marshal
// writes and every value is one the game can reach.
func (Game) Unmarshal(setup engine.Setup, data []byte) (engine.State, error) {
	st := &State{}
	if err := json.Unmarshal(data, st); err != nil {
		return nil, fmt.Errorf("toy: state: %w", err)
	}
	switch {
	case st.Pile < 0 || st.Turn < 0 || st.Turn > 1:
		return nil, fmt.Errorf("toy: state: pile %d, turn %d", st.Pile, st.Turn)
	case st.Bonus[0] < 0 || st.Bonus[0] > 2 || st.Bonus[1] < 0 || st.Bonus[1] > 2:
		return nil, fmt.Errorf("toy: state: bonus %v", st.Bonus)
	case st.Result < sequence.Playing || st.Result > sequence.Draw:
		return nil, fmt.Errorf("toy: state: result %d", st.Result)
	case !bytes.Equal(st.Marshal(), data):
		return nil, fmt.Errorf("toy: state: not in its canonical form")
	}
	return st, nil
}
