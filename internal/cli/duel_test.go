package cli

import (
	"encoding/json"
	"fmt"
	"strconv"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// cliDuel is a test double for what the toy game lacks: a secret simultaneous
// choice, several actions in a row by one side (so undo works), a board,
// scores, and texts in two languages. Red and blue each pick a number in
// secret (1 to N, N from the option "n", default 3); then red may step
// forward up to twice, and ends. Red scores its pick plus its steps, blue
// its pick; the higher score wins.
type cliDuel struct{}

func init() {
	engine.Register(cliDuel{})
	ai.RegisterPlayer("clitest-first", func(engine.Game, uint64) ai.Player { return cliFirstLegal{} })
}

// cliFirstLegal is a computer player that always plays the first legal action.
type cliFirstLegal struct{}

func (cliFirstLegal) Choose(st engine.State, side engine.Side) engine.Action {
	return st.Legal(side, nil)[0]
}

func (cliDuel) ID() string          { return "clitest-duel" }
func (cliDuel) Title() string       { return "Test duel" }
func (cliDuel) SideNames() []string { return []string{"red", "blue"} }
func (cliDuel) Scenarios() []string { return []string{"plain"} }
func (cliDuel) New(s engine.Setup) (engine.State, error) {
	if s.Scenario != "" && s.Scenario != "plain" {
		return nil, fmt.Errorf("duel: unknown scenario %q", s.Scenario)
	}
	n, err := strconv.Atoi(s.Option("n", "3"))
	if err != nil || n < 1 || n > 99 {
		return nil, fmt.Errorf("duel: bad option n %q", s.Option("n", "3"))
	}
	return &cliDuelState{N: n, Hide: s.Option("hide", "")}, nil
}

const (
	duelPick = 1
	duelStep = 2
	duelEnd  = 3
)

type cliDuelState struct {
	N     int    `json:"n"`
	Phase int    `json:"phase"` // 0 picking, 1 red steps, 2 over
	Picks [2]int `json:"picks"`
	Steps int    `json:"steps"`
	Epo   uint64 `json:"epoch"`
	// Hide makes red's steps secret: "log" writes their log to red only;
	// "ask" has SecretAction say so.
	Hide string `json:"hide,omitempty"`

	logOn bool
	log   []engine.LogEntry
}

func (s *cliDuelState) Active() engine.SideSet {
	switch s.Phase {
	case 0:
		var ss engine.SideSet
		for i, p := range s.Picks {
			if p == 0 {
				ss |= engine.Only(engine.Side(i))
			}
		}
		return ss
	case 1:
		return engine.Only(0)
	}
	return 0
}

func (s *cliDuelState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if !s.Active().Has(side) {
		return dst
	}
	if s.Phase == 0 {
		for n := 1; n <= s.N; n++ {
			dst = append(dst, engine.Action{Op: duelPick, A: int16(n)})
		}
		return dst
	}
	if s.Steps < 2 {
		dst = append(dst, engine.Action{Op: duelStep})
	}
	return append(dst, engine.Action{Op: duelEnd})
}

func (s *cliDuelState) Apply(side engine.Side, a engine.Action) error {
	if !engine.IsLegal(s, side, a) {
		return engine.Illegal("%s not open now", s.EncodeAction(a))
	}
	switch a.Op {
	case duelPick:
		s.Picks[side] = int(a.A)
		s.add(side, "picked", strconv.Itoa(int(a.A)))
		if s.Picks[0] != 0 && s.Picks[1] != 0 {
			s.Phase, s.Epo = 1, s.Epo+1
			s.add(engine.Observer, "revealed", strconv.Itoa(s.Picks[0]), strconv.Itoa(s.Picks[1]))
		}
	case duelStep:
		s.Steps++
		if s.Hide == "log" {
			s.add(side, "stepped")
		} else {
			s.add(engine.Observer, "stepped")
		}
	case duelEnd:
		s.Phase = 2
		s.add(engine.Observer, "ended")
	}
	return nil
}

func (s *cliDuelState) add(to engine.Side, key string, args ...string) {
	if s.logOn {
		s.log = append(s.log, engine.LogEntry{Rule: "D" + strconv.Itoa(s.Phase), To: to, Key: key, Args: args})
	}
}

func (s *cliDuelState) Clone() engine.State {
	c := *s
	c.logOn, c.log = false, nil
	return &c
}

func (s *cliDuelState) Over() bool { return s.Phase == 2 }

func (s *cliDuelState) Returns() []float64 {
	r, b := s.Picks[0]+s.Steps, s.Picks[1]
	switch {
	case r > b:
		return []float64{1, 0}
	case b > r:
		return []float64{0, 1}
	}
	return []float64{0.5, 0.5}
}

// SecretAction makes the duel a Secrecy.
func (s *cliDuelState) SecretAction(side engine.Side, a engine.Action) bool {
	return s.Hide == "ask" && a.Op == duelStep
}

// Scores makes the duel a Scorer.
func (s *cliDuelState) Scores() []float64 {
	return []float64{float64(s.Picks[0] + s.Steps), float64(s.Picks[1])}
}

func (s *cliDuelState) Epoch() uint64 { return s.Epo }

func (s *cliDuelState) Marshal() []byte {
	b, _ := json.Marshal(s)
	return b
}

func (s *cliDuelState) EncodeAction(a engine.Action) string {
	switch a.Op {
	case duelPick:
		return "pick " + strconv.Itoa(int(a.A))
	case duelStep:
		return "step"
	}
	return "end"
}

func (s *cliDuelState) DecodeAction(t string) (engine.Action, error) {
	switch t {
	case "step":
		return engine.Action{Op: duelStep}, nil
	case "end":
		return engine.Action{Op: duelEnd}, nil
	}
	var n int
	if _, err := fmt.Sscanf(t, "pick %d", &n); err != nil || n < 1 || n > 99 {
		return engine.Action{}, fmt.Errorf("duel: cannot read action %q", t)
	}
	return engine.Action{Op: duelPick, A: int16(n)}, nil
}

func (s *cliDuelState) Describe(a engine.Action, lang string) string {
	it := lang == "it"
	switch {
	case a.Op == duelPick && it:
		return "Scegli " + strconv.Itoa(int(a.A))
	case a.Op == duelPick:
		return "Pick " + strconv.Itoa(int(a.A))
	case a.Op == duelStep && it:
		return "Avanza"
	case a.Op == duelStep:
		return "Step forward"
	case it:
		return "Fine"
	}
	return "End"
}

func (s *cliDuelState) Prompt(side engine.Side, lang string) string {
	if !s.Active().Has(side) {
		return "wait"
	}
	if s.Phase == 0 {
		return "pick a number in secret"
	}
	return "step or end"
}

// mine and theirs are what side may see of the picks.
func (s *cliDuelState) picksFor(side engine.Side) (mine, theirs string) {
	mine, theirs = "?", "?"
	if side >= 0 && s.Picks[side] != 0 {
		mine = strconv.Itoa(s.Picks[side])
	}
	if side >= 0 && s.Phase > 0 {
		theirs = strconv.Itoa(s.Picks[1-side])
	}
	return mine, theirs
}

func (s *cliDuelState) View(side engine.Side, lang string) any {
	mine, theirs := s.picksFor(side)
	return map[string]any{"phase": s.Phase, "mine": mine, "theirs": theirs, "steps": s.Steps}
}

// Board makes the duel a Boarder.
func (s *cliDuelState) Board(side engine.Side, lang string) string {
	mine, theirs := s.picksFor(side)
	return fmt.Sprintf("[duel board] phase %d, mine %s, theirs %s, steps %d\n", s.Phase, mine, theirs, s.Steps)
}

func (s *cliDuelState) SetLogging(on bool) { s.logOn = on }

func (s *cliDuelState) TakeLog() []engine.LogEntry {
	l := s.log
	s.log = nil
	return l
}

func (s *cliDuelState) RenderLog(e engine.LogEntry, lang string) string {
	return fmt.Sprintf("(%s) %s %v", e.Rule, e.Key, e.Args)
}

func (s *cliDuelState) Determinize(viewer engine.Side, r *engine.Rand) engine.State { return s.Clone() }
