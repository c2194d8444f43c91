package compass

import (
	"fmt"
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/kit/flat"
	"sandtable/internal/kit/sequence"
)

// Game is Compass, registered with the engine as "compass".
type Game struct{}

func init() { engine.Register(Game{}) }

func (Game) ID() string          { return "compass" }
func (Game) Title() string       { return "Compass: the defeat of the X Army (Maccioni)" }
func (Game) SideNames() []string { return []string{"allied", "italian"} }
func (Game) Scenarios() []string { return []string{"campaign"} }

// New sets the game up as rule 4 says: units on the deployment chart's
// areas, reinforcements on the turn track, event markers in the containers,
// the turn marker on turn 1; then the first administrative phase begins.
func (Game) New(setup engine.Setup) (engine.State, error) {
	if setup.Scenario != "" && setup.Scenario != "campaign" {
		return nil, fmt.Errorf("compass: unknown scenario %q (known: campaign)", setup.Scenario)
	}
	for k, v := range setup.Options {
		switch k {
		case "lang":
			if !slices.Contains(texts.Langs(), v) {
				return nil, fmt.Errorf("compass: option lang must be one of %v, not %q", texts.Langs(), v)
			}
		default:
			return nil, fmt.Errorf("compass: unknown option %q (known: lang)", k)
		}
	}
	return newState(DefaultData(), setup.Seed, true), nil
}

// Limits of the compact state.
const (
	maxUnits = 48
	maxAreas = 48
	noArea   = -1
)

// Where a unit is when it is not in an area.
const (
	boxTrack      = -2 // on the turn track, not yet arrived (3.11)
	boxEliminated = -3 // eliminated units box (3.12)
	boxRemoved    = -4 // removed from the game (3.11)
)

// Unit flags.
const (
	fOOS           = 1 << iota // "Out of Supply" marker (3.9)
	fAttacked                  // has attacked this player turn (6.2.E)
	fDeclared                  // carries an Attack marker (6.2.D)
	fMoved                     // moved during the exploitation phase (6.2.F)
	fLost                      // cannot be recovered (3.7, 3.12)
	fActiveFront               // activated by Sustained Attack as a front-line unit (6.2.F)
	fActiveSupport             // activated by Sustained Attack as a support unit
	fExploitAttack             // declared an attack during the exploitation phase
)

// unit is the changing part of one counter.
type unit struct {
	Area   int8  `json:"a"` // area number, or a box
	Hits   int8  `json:"h"` // 0 full strength, 1 reduced
	MP     int8  `json:"m"` // movement left this phase, in half points
	Flags  uint8 `json:"f"`
	Target int8  `json:"t"` // area the Attack marker points at, or noArea
}

// State is a moment of a game of Compass: the rules' data, the log, and a
// flat core of fixed-size values that Clone copies and Marshal encodes.
type State struct {
	core

	d          *Data
	engine.Log // SetLogging, TakeLog
	// rolledCV is the modified CV each die of the battle was rolled
	// against (6.2.E.4), for the battle panel: losses taken after the roll
	// lower the CV the rules would reckon now. Kept beside the core, so
	// the records' state hashes stay as they were; a replay sets it again.
	rolledCV [2][3]int8
}

// core is everything that changes during a game. Every field has a fixed
// size, so that it copies as one block and encodes canonically.
type core struct {
	// Turn 1..12, the phasing side, the decision point and who decides,
	// the return stack of nested procedures.
	sequence.Track[step]
	Control         [maxAreas]int8     `json:"control"` // side controlling each area (3.5)
	Units           [maxUnits]unit     `json:"units"`
	Hand            [2][NumEvents]int8 `json:"hand"`    // event markers held
	Bag             [2][NumEvents]int8 `json:"bag"`     // markers in each container
	Picks           int8               `json:"picks"`   // turn 1 Allied events still to choose (6.1.A)
	Repl            [2]int8            `json:"repl"`    // replacement points still to use (3.10)
	Refit           engine.Side        `json:"refit"`   // side in the replacements step
	Stacked         engine.Side        `json:"stacked"` // side eliminating stacking excess
	Bat             battle             `json:"battle"`
	Sust            sustained          `json:"sust"`
	sequence.Result                    // playing, Allied or Italian win, draw (rule 2)
	VP              [2]int8            `json:"vp"`
	Rng             engine.Rand        `json:"rng"`
	Epo             uint64             `json:"epoch"`
}

// newState sets up a game; log keeps the setup's log lines (the first
// administrative phase) for whoever takes them.
func newState(d *Data, seed uint64, log bool) *State {
	s := &State{d: d}
	s.SetLogging(log)
	s.Rng, s.Turn = engine.NewRand(seed), 1
	for a := range s.Control {
		s.Control[a] = int8(Italian) // 3.5: Italy controls every area ...
	}
	for a, ar := range d.Areas {
		if ar.Logistic == Allied {
			s.Control[a] = int8(Allied) // ... except Piccadilly Circus
		}
	}
	for i := range s.Units {
		s.Units[i] = unit{Area: boxRemoved, Target: noArea}
	}
	for i, u := range d.Units {
		if u.Start >= 0 && u.Arrives == 0 {
			s.Units[i].Area = int8(u.Start)
		} else {
			s.Units[i].Area = boxTrack
		}
	}
	for side := range 2 {
		for k := range NumEvents {
			s.Bag[side][k] = int8(d.Mix[side][k])
		}
	}
	s.beginTurn()
	return s
}

// Clone copies the state; the copy keeps no log.
func (s *State) Clone() engine.State {
	c := *s
	c.Log = engine.Log{}
	return &c
}

// Marshal is the canonical encoding of the state: its core.
func (s *State) Marshal() []byte { return flat.Marshal(&s.core) }

// Active is the side that must decide now; Over and Returns come with
// the sequence.Result the core holds.
func (s *State) Active() engine.SideSet { return s.Result.Active(s.Decider) }

// Scores are the victory points (rule 2), as counted now.
func (s *State) Scores() []float64 {
	vp := s.victoryPoints()
	return []float64{float64(vp[0]), float64(vp[1])}
}

// Epoch counts die rolls, draws and revealed event markers.
func (s *State) Epoch() uint64 { return s.Epo }

// Determinize resamples what viewer cannot see: the order of the markers in
// both containers (future draws) and which markers the opponent holds, drawn
// from those the opponent may hold (its mix less the markers removed from
// play, which were seen). Future dice are reseeded.
func (s *State) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	c.Rng = engine.NewRand(r.Uint64())
	for side := engine.Side(0); side < 2; side++ {
		if side == viewer {
			continue
		}
		var pool []EventKind
		held := 0
		for k := range NumEvents {
			held += int(c.Hand[side][k])
			for range int(c.Hand[side][k]) + int(c.Bag[side][k]) {
				pool = append(pool, EventKind(k))
			}
			c.Hand[side][k], c.Bag[side][k] = 0, 0
		}
		for i := range held {
			j := i + r.IntN(len(pool)-i)
			pool[i], pool[j] = pool[j], pool[i]
			c.Hand[side][pool[i]]++
		}
		for _, k := range pool[held:] {
			c.Bag[side][k]++
		}
	}
	return c
}

// Data returns the components this game is played with.
func (s *State) Data() *Data { return s.d }

// --- small helpers over the data -------------------------------------------

func (s *State) def(u int) *UnitDef { return &s.d.Units[u] }

func (s *State) nUnits() int { return len(s.d.Units) }

func (s *State) side(u int) engine.Side { return s.d.Units[u].Side }

func (s *State) onMap(u int) bool { return s.Units[u].Area >= 0 }

// cv is the unit's printed combat value on its current side (1.2).
func (s *State) cv(u int) int { return s.d.Units[u].CV[s.Units[u].Hits] }

// stackLimit is how many units of side may stand in area (3.1).
func (s *State) stackLimit(area int, side engine.Side) int {
	if side == Allied && s.d.Areas[area].Logistic == Allied {
		return maxUnits // 3.1 exception: Piccadilly Circus is unlimited for the Allies
	}
	return 6
}

// count returns how many units of side stand in area.
func (s *State) count(area int, side engine.Side) int {
	n := 0
	for u := range s.nUnits() {
		if int(s.Units[u].Area) == area && s.side(u) == side {
			n++
		}
	}
	return n
}

// tally counts the units of each side in each area, for the loops that
// ask about many areas at once.
func (s *State) tally() (t [maxAreas][2]int8) {
	for u := range s.nUnits() {
		if a := s.Units[u].Area; a >= 0 {
			t[a][s.side(u)]++
		}
	}
	return t
}

// occupied reports whether side has a unit in area.
func (s *State) occupied(area int, side engine.Side) bool {
	for u := range s.nUnits() {
		if int(s.Units[u].Area) == area && s.side(u) == side {
			return true
		}
	}
	return false
}

// link returns how two areas are joined, and whether they are adjacent.
func (s *State) link(a, b int) (LinkKind, bool) {
	for _, l := range s.d.Areas[a].Links {
		if l.To == b {
			return l.Kind, true
		}
	}
	return Desert, false
}

// enter moves unit u into area a and takes control of it if only u's side
// is there (3.5).
func (s *State) enter(u, a int) {
	s.Units[u].Area = int8(a)
	side := s.side(u)
	if s.Control[a] != int8(side) && !s.occupied(a, 1-side) {
		s.Control[a] = int8(side)
		s.logf("3.5", engine.Observer, "control", s.sideName(side), s.d.Areas[a].Name)
	}
}

// eliminate puts unit u in the eliminated units box (3.12). A unit
// eliminated while out of supply, or a garrison eliminated in combat, can
// never be recovered (3.7, 3.12). A garrison eliminated for stacking (rule
// "3.1", the only other way one leaves the map) can (ruling C-31).
func (s *State) eliminate(u int, rule string) {
	oos := s.outOfSupply(u) // read where it stands (3.9's Giarabub exception)
	s.Units[u].Area = boxEliminated
	s.Units[u].Hits = 0
	s.Units[u].Target = noArea
	s.Units[u].Flags = 0
	if oos || s.def(u).Garrison && rule != "3.1" {
		s.Units[u].Flags = fLost
	}
	s.logf(rule, engine.Observer, "eliminated", s.def(u).Name)
}

// hit inflicts one strength-level loss on u (6.2.E.6): a full-strength
// two-level unit flips, any other unit is eliminated. It reports whether
// the unit was eliminated.
func (s *State) hit(u int, rule string) bool {
	if s.def(u).Steps == 2 && s.Units[u].Hits == 0 {
		s.Units[u].Hits = 1
		s.logf(rule, engine.Observer, "reduced", s.def(u).Name)
		return false
	}
	s.eliminate(u, rule)
	return true
}

// logf records a log entry when the log is on (engine.Log.Add).
func (s *State) logf(rule string, to engine.Side, key string, args ...string) {
	s.Log.Add(rule, to, key, args...)
}

func (s *State) sideName(side engine.Side) string { return Game{}.SideNames()[side] }
