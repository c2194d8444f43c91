package server

import (
	"encoding/json"
	"fmt"
	"strconv"

	"sandtable/internal/engine"
)

// vault is a test game whose every secret is a distinctive string, so a
// test can search whatever the server sends for the other side's
// secrets. Each side holds a secret code, told to it alone in the log at
// the start; sides alternate "step" until ten steps are done, and a side
// may "peek" once (a private log entry naming its code again).
type vault struct{}

func init() { engine.Register(vault{}) }

func (vault) ID() string          { return "vault" }
func (vault) Title() string       { return "Vault (test game)" }
func (vault) SideNames() []string { return []string{"red", "blue"} }
func (vault) Scenarios() []string { return []string{"standard"} }
func (vault) New(s engine.Setup) (engine.State, error) {
	if s.Scenario != "standard" && s.Scenario != "" {
		return nil, fmt.Errorf("vault: unknown scenario %q", s.Scenario)
	}
	st := &vaultState{Rng: engine.NewRand(s.Seed)}
	for i := range st.Codes {
		st.Codes[i] = secretOf(engine.Side(i), st.Rng.Uint64())
	}
	return st, nil
}

// secretOf is the form of every secret: easy to search for.
func secretOf(side engine.Side, n uint64) string {
	return fmt.Sprintf("SECRET-%d-%x", side, n%1000000007)
}

type vaultState struct {
	Codes  [2]string
	Steps  int
	Peeked [2]bool
	Rng    engine.Rand
	logOn  bool
	log    []engine.LogEntry
	began  bool
}

func (s *vaultState) Active() engine.SideSet {
	if s.Over() {
		return 0
	}
	return engine.Only(engine.Side(s.Steps % 2))
}

func (s *vaultState) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if !s.Active().Has(side) {
		return dst
	}
	dst = append(dst, engine.Action{Op: 1})
	if !s.Peeked[side] {
		dst = append(dst, engine.Action{Op: 2})
	}
	return dst
}

func (s *vaultState) Apply(side engine.Side, a engine.Action) error {
	if !engine.IsLegal(s, side, a) {
		return engine.Illegal("%s is not open to side %d now", s.EncodeAction(a), side)
	}
	if a.Op == 2 {
		s.Peeked[side] = true
		s.add(engine.LogEntry{Rule: "2", To: side, Key: "peek", Args: []string{s.Codes[side]}})
		return nil
	}
	s.Steps++
	s.add(engine.LogEntry{Rule: "1", To: engine.Observer, Key: "step", Args: []string{strconv.Itoa(s.Steps)}})
	return nil
}

func (s *vaultState) add(e engine.LogEntry) {
	if s.logOn {
		s.log = append(s.log, e)
	}
}

func (s *vaultState) Clone() engine.State {
	c := *s
	c.logOn, c.log = false, nil
	return &c
}

func (s *vaultState) Over() bool { return s.Steps >= 10 }

func (s *vaultState) Returns() []float64 { return []float64{0.5, 0.5} }
func (s *vaultState) Epoch() uint64      { return 0 }
func (s *vaultState) Marshal() []byte {
	b, _ := json.Marshal(s)
	return b
}

func (s *vaultState) EncodeAction(a engine.Action) string {
	if a.Op == 2 {
		return "peek"
	}
	return "step"
}

func (s *vaultState) DecodeAction(t string) (engine.Action, error) {
	switch t {
	case "step":
		return engine.Action{Op: 1}, nil
	case "peek":
		return engine.Action{Op: 2}, nil
	}
	return engine.Action{}, fmt.Errorf("vault: cannot read action %q", t)
}

func (s *vaultState) Describe(a engine.Action, lang string) string {
	if lang == "it" {
		return map[string]string{"step": "avanza", "peek": "sbircia"}[s.EncodeAction(a)]
	}
	return s.EncodeAction(a)
}

func (s *vaultState) Prompt(side engine.Side, lang string) string {
	if s.Active().Has(side) {
		return "step or peek"
	}
	return "waiting"
}

type vaultView struct {
	Steps  int    `json:"steps"`
	MyCode string `json:"my_code,omitempty"`
}

func (s *vaultState) View(side engine.Side, lang string) any {
	v := vaultView{Steps: s.Steps}
	if side >= 0 {
		v.MyCode = s.Codes[side]
	}
	return v
}

// SetLogging also writes the opening entries, telling each side its code.
func (s *vaultState) SetLogging(on bool) {
	s.logOn = on
	if on && !s.began && s.Steps == 0 {
		s.began = true
		for i := range s.Codes {
			s.add(engine.LogEntry{Rule: "0", To: engine.Side(i), Key: "code", Args: []string{s.Codes[i]}})
		}
	}
}

func (s *vaultState) TakeLog() []engine.LogEntry {
	l := s.log
	s.log = nil
	return l
}

func (s *vaultState) RenderLog(e engine.LogEntry, lang string) string {
	return fmt.Sprintf("%s %v", e.Key, e.Args)
}

func (s *vaultState) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := s.Clone().(*vaultState)
	for i := range c.Codes {
		if engine.Side(i) != viewer {
			c.Codes[i] = secretOf(engine.Side(i), r.Uint64())
		}
	}
	return c
}
