package limanowa

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
	"sandtable/internal/kit/flat"
	"sandtable/internal/kit/sequence"
)

// Game is Last Laurels at Limanowa for the engine.
type Game struct{}

func (Game) ID() string          { return "limanowa" }
func (Game) Title() string       { return "Red Poppies Campaigns vol. 2: Last Laurels at Limanowa" }
func (Game) SideNames() []string { return []string{"central", "russian"} }

// Scenarios lists what New can start: the three scenarios of 13.0, then
// the two campaigns (campaign_day.go).
func (Game) Scenarios() []string {
	return []string{"probe", "counter-attack", "muhr-at-jabloniec", "gods-playground", "high-water-mark"}
}

// step is a decision point of the sequence of play.
type step uint8

const (
	stSetup   step = iota // 10.1: the side named sets up its next unit
	stCommand             // 5.21: the actor issues a command or passes
	stGroup               // 6.03: the activated units act, or the command ends
	stMove                // 6.61: the mover spends its next movement point, or stops
	stRally               // 3.8: the mover's owner may rally a dispersed unit it joined
	stReact               // 6.71-6.73: the reactor may fire at the hex of the moving unit
	stReturn              // 6.74: the reactor's units in the target hex may shoot back
	stMelee               // 6.674: the actor allocates its attack
	stArrive              // 10.22: the side named places its next reinforcement
	stSpine               // 7.243: the owner of a stray FFE names its "1-2" spine
)

// maxGroup is the most units one command activates (6.01c).
const maxGroup = MassUnits

// core is everything that changes besides the units and the board
// (Marshal encodes both).
type core struct {
	sequence.Track[step]
	sequence.Result
	Rng engine.Rand
	Epo uint64

	Initiative engine.Side // 5.11
	Couplets   int8        // couplets left this turn, the one under way included (5.23)
	Half       int8        // 0: the initiative side acts; 1: the other (5.21)
	NightZero  bool        // 5.12
	Halves     int16       // couplet halves begun so far (GameTurn)

	Group  [maxGroup]int16 // the activated units (6.01)
	NGroup int8
	Acted  [maxGroup]bool // which of them have acted (6.03)

	Movers   [2]int16 // the unit or stack moving, -1 none (6.61)
	MoveFrom int16    // hex code where the move began (6.64)
	MoveHex  int16    // hex code the movers are in
	RoadOnly bool     // every hex it entered was across a road hexside (6.64)
	Bonus    bool     // it has used the road bonus (6.64)
	// PendingLost: the hex entered calls for a lost check of each mover,
	// after any rally (6.9).
	PendingLost [2]bool

	Fired [4]uint64 // reactor units that have fired at this expenditure (6.73), or chosen to return fire (6.74)

	Shooter   int16             // the actor's unit whose fire the reactor may answer (6.74)
	FireHex   int16             // its target hex
	MeleeHex  int16             // the hex of the melee being allocated (6.674)
	Part      [2]bool           // which movers take part (6.672)
	Att       [2]int16          // the unit each mover attacks, -1 not yet allocated
	RAtt      [StackLimit]int16 // the mover each reacting unit attacks (meleeTargets order)
	Policy    [2]uint8          // each side's standing reaction order (AskEach...)
	Hallowed  int16             // hex code of hallowed ground, 0 none (6.679)
	HallowFor engine.Side
}

// extra is the part of the core that scenario 1 never changes: Marshal
// encodes it only when it is not zero, so the records of scenario 1 made
// before it existed replay with their hashes.
type extra struct {
	// Reinforcements (arrive.go).
	Arriving  int16           // the unit the side deciding places now (10.22)
	ArriveOf  int8            // 0: the initiative side places; 1: the other (10.22)
	EntryUsed [maxGroup]int16 // hexes the units of this command entered the map by (10.21)

	// Off-map artillery (artillery.go).
	Groups  [maxOMA]omaGroup
	Pending [4]int16 // the command 6.02's signal rolls interrupted: op, A, B, C
	SSNext  int8     // the next group to roll for signal success (6.02)
	Stray   int8     // 1 + the group whose FFE strays, waiting for its spine (7.243); 0 none
	StrayAt int16    // the vertex it strays from
}

// State is a game of Limanowa at a decision point.
type State struct {
	core
	extra
	ser  seriesCore // the series rules a scenario may bring (series.go)
	pos  Position   // the units, control and markers (Marshal encodes them)
	d    *Data
	sc   *Scenario
	cp   *Campaign // nil in a scenario (campaign_day.go)
	day  []int8    // the campaign day of each of sc.Forces
	camp campCore  // where the campaign day stands (Marshal encodes it in a campaign)
	// changes counts each side's changes of its standing reaction order
	// made since the last action that was not one (ruling L70: at most
	// maxChanges); Marshal writes them last, only when one is not zero
	// (changesByte).
	changes [2]int8
	engine.Log
}

// New sets a scenario up (10.1): the side named first places its units,
// then the other.
func (Game) New(setup engine.Setup) (engine.State, error) {
	d := DefaultData()
	var sc *Scenario
	for i := range d.Scenarios {
		if d.Scenarios[i].ID == setup.Scenario {
			sc = &d.Scenarios[i]
		}
	}
	if setup.Scenario == "" {
		sc = &d.Scenarios[0]
	}
	if c := d.campaign(setup.Scenario); c != nil {
		return newCampaign(d, c, setup)
	}
	if sc == nil || !slices.Contains(Game{}.Scenarios(), sc.ID) {
		return nil, fmt.Errorf("limanowa: unknown or unplayable scenario %q (scenarios: %v)", setup.Scenario, Game{}.Scenarios())
	}
	for k := range setup.Options {
		return nil, fmt.Errorf("limanowa: unknown option %q", k)
	}
	return newScenario(d, sc, setup)
}

// newScenario starts scenario sc of d (tests start constructed ones).
func newScenario(d *Data, sc *Scenario, setup engine.Setup) (*State, error) {
	s := &State{d: d, sc: sc, pos: *d.NewPosition(sc)}
	s.Rng = engine.NewRand(setup.Seed)
	s.Movers = [2]int16{-1, -1}
	s.Shooter = -1
	if n := groupCount(sc.OMA); n > maxOMA {
		return nil, fmt.Errorf("limanowa: scenario %s has %d OMA groups, at most %d", sc.ID, n, maxOMA)
	}
	s.Turn = 0
	s.Step = stSetup
	s.Decider = sc.First
	s.Phasing = sc.First
	s.logf("10.1", engine.Observer, "scenario", sc.ID)
	s.nextSetup()
	return s, nil
}

// roll is one die from the state's generator; every roll moves the epoch.
func (s *State) roll() int {
	s.Epo++
	return s.Rng.D6()
}

func (s *State) dice() [2]int { return [2]int{s.roll(), s.roll()} }

func (s *State) Active() engine.SideSet {
	if s.Step == stNightChoice && !s.Over() {
		return s.choosing() // 11.521: both sides choose at once
	}
	return s.Result.Active(s.Decider)
}
func (s *State) Epoch() uint64 { return s.Epo }

// Scores are the victory points the scenario counts (13.0).
func (s *State) Scores() []float64 {
	r := s.d.Judge(s.sc.Victory, &s.pos.Control, s.sc.PlayArea)
	return []float64{float64(r.Points[0]), float64(r.Points[1])}
}

// Clone copies the state; the units are the only slice that changes.
func (s *State) Clone() engine.State {
	c := *s
	c.pos.Units = slices.Clone(s.pos.Units)
	c.Log = engine.Log{}
	return &c
}

// Marshal is the canonical encoding: the core, then every unit, control
// and the markers, then the extra part unless it is zero.
func (s *State) Marshal() []byte {
	p := &s.pos
	n := len(p.Units)*8 + len(p.Control.owner)*len(p.Control.owner[0])*2 + len(p.side)*len(p.side[0])*len(p.side[0][0])
	b := make([]byte, 0, 256+n)
	b = append(b, flat.Marshal(&s.core)...)
	for i := range p.Units {
		u := &p.Units[i]
		h := hexCode(u.Hex)
		b = binary.LittleEndian.AppendUint16(b, uint16(u.Counter))
		b = append(b, byte(u.Side), byte(u.Where), byte(h), byte(h>>8), byte(u.MP),
			bits(u.Dispersed, u.Spent, u.In, u.Moving, u.LostChecked, u.Shovel))
	}
	// The byte arrays written directly: the same bytes flat.Marshal gives,
	// without its reflection over 6,000 elements (most of a replay's time).
	for c := range p.Control.owner {
		for _, o := range p.Control.owner[c] {
			b = append(b, byte(o))
		}
	}
	for c := range p.hex {
		for _, m := range p.hex[c] {
			b = append(b, byte(m))
		}
	}
	for c := range p.side {
		for r := range p.side[c] {
			b = append(b, byte(p.side[c][r][0]), byte(p.side[c][r][1]), byte(p.side[c][r][2]))
		}
	}
	// The extra part, then the series' only when a scenario uses them:
	// the records made before either existed replay with their hashes.
	if s.extra != (extra{}) || s.ser != (seriesCore{}) {
		b = append(b, flat.Marshal(&s.extra)...)
	}
	if s.ser != (seriesCore{}) {
		b = append(b, flat.Marshal(&s.ser)...)
	}
	if s.cp != nil {
		b = append(b, flat.Marshal(&s.camp)...)
	}
	if s.changes != [2]int8{} {
		b = append(b, s.changesByte())
	}
	return b
}

// changesByte encodes the counts of changes (L70) in one byte: the count
// itself when only the one side to decide has changed its order (as
// before both sides could choose at once, 11.521, when the count was
// one for both), else 16 + the first side's count + 4 × the second's.
func (s *State) changesByte() byte {
	for sd := range engine.Side(2) {
		if s.Active() == engine.Only(sd) && s.changes[1-sd] == 0 {
			return byte(s.changes[sd])
		}
	}
	return 16 + byte(s.changes[0]) + 4*byte(s.changes[1])
}

// setChanges decodes changesByte's b (its state decoded but the counts).
func (s *State) setChanges(b byte) error {
	switch {
	case b >= 16 && b < 32:
		s.changes = [2]int8{int8(b & 3), int8(b >> 2 & 3)}
	case b > 0 && b <= maxChanges && s.Active() == engine.Only(Central):
		s.changes[Central] = int8(b)
	case b > 0 && b <= maxChanges && s.Active() == engine.Only(Russian):
		s.changes[Russian] = int8(b)
	default:
		return fmt.Errorf("changes of the standing order %d", b)
	}
	return nil
}

func bits(bs ...bool) byte {
	var b byte
	for i, x := range bs {
		if x {
			b |= 1 << i
		}
	}
	return b
}

// Determinize reseeds the future dice and forgets the other side's
// standing reaction order (the viewer supposes it asks); nothing else is
// hidden in a scenario (the units are open, 2.1; set-up is in turn, 10.1).
func (s *State) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	c.Rng = engine.NewRand(r.Uint64())
	for side := range c.Policy {
		if engine.Side(side) != viewer {
			c.Policy[side] = AskEach
		}
	}
	c.determinizeNight(viewer, r)
	return c
}

// hexCode is a hex as an action argument: column*32 + row.
func hexCode(h hexgrid.Hex) int16 {
	c, r := Layout.ColRow(h)
	return int16(c*32 + r)
}

func codeHex(c int16) hexgrid.Hex { return Layout.Hex(int(c)/32, int(c)%32) }

// validHex reports whether a code names a hex in play.
func (s *State) validHex(c int16) bool {
	return c > 0 && int(c)%32 >= 1 && Layout.OnMap(codeHex(c)) && s.d.Map.InPlay(codeHex(c))
}

// logf adds a log entry: its key names a text "log.<key>" of the catalog
// (words/), its arguments are language-free (unit ids, hexes, dice).
func (s *State) logf(rule string, to engine.Side, key string, args ...string) {
	s.Add(rule, to, key, args...)
}

// unitID is a unit's record name: its counter's id and its number among
// that counter's units in the game ("cossack-sqn-2").
func (s *State) unitID(i int) string {
	n := 1
	for j := 0; j < i; j++ {
		if s.pos.Units[j].Counter == s.pos.Units[i].Counter {
			n++
		}
	}
	return fmt.Sprintf("%s-%d", s.d.Counters[s.pos.Units[i].Counter].ID, n)
}

// unitByID finds a unit by its record name in one pass over the units
// (decoding a long record would otherwise cost a name per unit).
func (s *State) unitByID(id string) (int, bool) {
	k := strings.LastIndexByte(id, '-')
	if k < 0 {
		return 0, false
	}
	n, err := strconv.Atoi(id[k+1:])
	if err != nil || n < 1 || strconv.Itoa(n) != id[k+1:] {
		return 0, false
	}
	for i := range s.pos.Units {
		if s.d.Counters[s.pos.Units[i].Counter].ID == id[:k] {
			if n--; n == 0 {
				return i, true
			}
		}
	}
	return 0, false
}

// GameTurn numbers the couplet halves for the computer players: it
// changes, always upwards, when the other side becomes the actor (5.22).
func (s *State) GameTurn() int { return int(s.Halves) }

// CheckInvariants: the stacking limit (3.4), units on the map in play,
// the moving unit on the map, ready units never spent-and-moving beyond
// their points.
func (s *State) CheckInvariants() error {
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Where != OnMap {
			continue
		}
		if !s.d.Map.InPlay(u.Hex) {
			return fmt.Errorf("%s off the play area at %s", s.unitID(i), Layout.Format(u.Hex))
		}
		if Stacked(s.pos.Units, u.Side, u.Hex) > StackLimit {
			return fmt.Errorf("3.4: %d units of side %d in %s", Stacked(s.pos.Units, u.Side, u.Hex), u.Side, Layout.Format(u.Hex))
		}
		if u.MP < 0 {
			return fmt.Errorf("%s has %d MP", s.unitID(i), u.MP)
		}
	}
	if err := s.checkArtillery(); err != nil {
		return err
	}
	if err := s.checkSeries(); err != nil {
		return err
	}

	if s.Step == stMove && len(s.able(nil)) == 0 {
		return fmt.Errorf("a move decision without a unit able to move")
	}
	if s.Turn > int8(s.turns()) && !s.Over() {
		return fmt.Errorf("turn %d beyond the scenario's %d", s.Turn, s.turns())
	}
	return nil
}
