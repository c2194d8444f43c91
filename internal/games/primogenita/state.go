package primogenita

import (
	"sandtable/internal/engine"
	"sandtable/internal/kit/flat"
)

// step is a decision point (or an automatic stage) of the sequence of
// play (2.1).
type step uint8

const (
	stSetup        step = iota // 1.7: Italy, then the Allies, place their units one by one
	stChoose                   // 3.2, 3.4: both sides secretly choose their Orders
	stExecute                  // 3.2: the owner executes or declines the drawn Order
	stBoxFull                  // 3.3: a fourth Combination Order: return one to the sheet
	stRail                     // 4.3: Italy's Rail Movement Segment
	stSource                   // 5.3: the Allies may upgrade an LS to an FS
	stRemoveSD                 // 5.3: ... removing SD from the map
	stMove                     // 4: a Move Order: units move one by one, hex by hex
	stBombTarget               // 6.1: choose the hex to bombard (or done)
	stBombFire                 // 6.1: choose the Artillery, declare Extra Ammo, resolve
	stBombDisrupt              // 6.3: the attacker chooses the units to Disrupt
	stBombStep                 // 6.3: the defender chooses the unit losing a step
	stBombSD                   // 6.3: the attacker may deplete a loaded SD for the step
	stAsTarget                 // 7.1: choose the hex to assault (or done)
	stAsUnits                  // 7.1: choose the units, resolve
	stAsLoss                   // 7.3: the side losing a step chooses the unit
	stAsPlus                   // 7.3: "1+": a Trench or an Artillery step
	stAsOc                     // 7.3: Oc: a "1", retreat or Counterattack
	stAsPush                   // 7.4: the attacker may Push
	stAsStay                   // 7.4: the defender stays or retreats
	stAsRetreat                // 7.6: the defender retreats its units
	stAsAdvance                // 7.7: the attacker may advance
	stAsWin                    // 3.3: a Combination Order may be declared in an Assault window
	stAsCounter13              // Order 13: the hex to counterattack at 3:1
	stAsSDLoss                 // 5.5: the defender chooses the SD eliminated in a hex of SD only
	stAsPushUnits              // 7.4: the attacker chooses the units of the Push
	stAsPushOn                 // 7.4: after an advance, Push another hex or settle
	stAsPushSD                 // 7.4: the attacker chooses the loaded SD its Push depletes
	stMoveAfter                // Orders 41, 38: declared after the entire move, or done
	stRaid                     // Order 38: the Raid to make
	stOpenCity                 // 2.2: Italy may declare Asmara an Open City
	stMinor                    // 9: the owner chooses the target of a Minor Order
	stMinorAdvance             // Order 8: the Italian unit may advance
	stDigFrom                  // Orders 37, 30, 7: the Trench to take from the map
	stResupply                 // 5.7b: the player chooses which units SD and towns resupply
	stOver
)

// Where an Order counter is (3.2, 3.3).
const (
	OrdSheet     uint8 = iota // on its Order sheet
	OrdPending                // chosen, not yet revealed (secret)
	OrdTrack                  // revealed, on the Order Track
	OrdBox                    // in its owner's Combination Orders Box
	OrdExecuting              // in the Order being executed Box
)

// OrderState is an Order counter's place and side up.
type OrderState struct {
	Where   uint8
	Flipped bool // executed this Game Turn (3.2, 3.4)
}

// State is a moment of a game of La Primogenita (engine.State): the data,
// the log and the flat core of everything that changes.
type State struct {
	core
	d          *Data
	engine.Log // the game log, outside what Marshal encodes
}

// core is everything that changes in a game, fixed-size: a copy is a
// clone and flat.Marshal its canonical encoding.
type core struct {
	Pos Position

	Turn         int8 // Game Turn 1..10 (2.1)
	Segment      int8 // 1 or 2: the ORDER Segment (2.1)
	Step         step
	Decider      engine.Side // the side deciding Step (not stChoose: both)
	VP           int8        // Victory Point Track (2.2)
	Orders       [NumOrders + 1]OrderState
	Committed    [2]bool             // stChoose: each side's choice committed (3.2)
	Revealed     [NumOrders + 1]bool // the Orders revealed in this ORDER Segment (3.2), for the boards
	Current      int8                // the Order drawn and being decided, or 0
	Mover        int16               // stMove: the unit moving now; Order 8: the unit advancing; Order 1: the unit given the first step; or -1
	MoverLeft    int16               // stMove: its half mp left
	SDPhase      bool                // stMove: the SD move (last, 5.5)
	Advance      bool                // Order 39 declared for this Move Order
	Moved        [MaxUnits]bool      // stMove: units that moved in this Order
	Checked      [MaxUnits]bool      // units that have checked Support in this Main Order (5.2, ruling P7)
	ServedBy     [MaxUnits]uint32    // the SD or towns (source.bit) that reached the unit when only they supported it in this Main Order, or 0 (ruling P18)
	Target       int16               // the hex bombarded or assaulted
	Hit          [MaxHexes]bool      // hexes bombarded or assaulted in this Order (6.1, 7.1)
	Firing       [MaxUnits]bool      // units taking part in the bombardment or assault under way
	OutOfPush    [MaxUnits]bool      // 7.4: units of the initial Assault left out of its Push (7.5 counts them)
	ExtraAmmo    bool                // Orders 23, 25 declared for this bombardment
	StepResult   bool                // a "1" bombardment result (6.3)
	ToDisrupt    int8                // units still to Disrupt (6.3)
	Attacker     engine.Side         // the side assaulting
	Result       CombatResult        // the result being applied
	LossSide     engine.Side         // the side taking losses now
	LossLeft     int8                // steps it still has to take
	LossPlus     bool                // and a "1+" Trench or Artillery step
	DefDone      bool                // the attacker's losses are taken; the defender's next
	Pushing      bool                // the Assault under way is a Push (7.4)
	Countering   bool                // a Counterattack is being applied (7.5)
	CounterHex   int16               // the hex counterattacked
	RetreatOrder bool                // Order 18 lifts 7.6's terrain limits for Foot
	SDEscape     bool                // 5.5: the SD left in an assaulted hex of SD only move away (not 7.6)
	FromHex      int16               // the hex a retreat leaves
	Window       int8                // the Assault window open (winRetreat…)
	OrderShift   int8                // column shifts of Combination Orders in this Assault
	Matildas     bool                // Order 14 declared in this Assault
	PushChosen   bool                // the attacker chose to Push
	Overrun      int8                // Order 41 under way: 1 before the move, 2 after
	AirHeld      int8                // Order 42: an Air unit held for another Assault of this Order (ruling P16)
	PushAfter    bool                // 7.4: a Push result whose defender is gone: the advanced units may Push on
	PushedOn     bool                // 7.4: the Push under way is against another hex, after the advance
	Picks        int8                // Order 43: Air units left; Order 1: units replaced
	Already      int16               // an already Disrupted unit chosen on a "1" (6.3), or -1
	Upgrading    int8                // stRemoveSD: the Allied source being upgraded
	ToRemove     int8                // stRemoveSD: SD still to remove
	Trucks       bool                // Order 10 executed this Game Turn
	OpenCity     uint8               // Asmara (2.2): OpenCityNone, OpenCityDeclared, OpenCityCancelled
	// Markers are the Allied LS/FS markers (5.3) by index in
	// Data.AlliedSupply; MarkerArrived: a Reinforcement LS has arrived.
	Markers       [5]uint8
	MarkerArrived [5]bool
	ItalianLost   [MaxSources]bool // Italian supply sources gone for good (5.1)
	Winner        int8             // -1 playing; 0 Allied, 1 Italian
	Great         bool             // a great victory (2.4)
	Die           int8             // the last die rolled, for the boards (6.3, 7.3)
	Rand          engine.Rand
	Epochs        uint64 // die rolls and reveals (engine.State.Epoch)
}

// NewState returns the state at the start of setup (1.7): the VP marker
// at 5, GT1, flags on Kassala and Tessenei, Italy to set up first.
func NewState(d *Data, seed uint64) *State {
	s := &State{d: d, core: core{Pos: *NewPosition(d), Turn: 1, Segment: 1, VP: StartVP, Winner: -1, Rand: engine.NewRand(seed),
		Mover: -1, Already: -1}}
	for i, src := range d.AlliedSupply {
		if src.Arrives == 0 && !src.Placed {
			s.Markers[i] = MarkerFS // West Kassala's FS is printed (5.3)
			if !src.Full {
				s.Markers[i] = MarkerLS
			}
		}
	}
	s.Step, s.Decider = stSetup, Italian
	s.advance()
	return s
}

// clone returns an independent copy without a log.
func (s *State) clone() *State {
	c := *s
	c.Log = engine.Log{}
	return &c
}

// Epoch counts die rolls and reveals (engine.State.Epoch).
func (s *State) Epoch() uint64 { return s.Epochs }

// Active is the set of sides that must decide now: both while choosing
// Orders (3.2; a side that has committed may only take its commit back,
// until the other side commits too).
func (s *State) Active() engine.SideSet {
	switch s.Step {
	case stOver:
		return 0
	case stChoose:
		return engine.Only(Allied) | engine.Only(Italian)
	}
	return engine.Only(s.Decider)
}

// Over reports whether the game has ended (2.4).
func (s *State) Over() bool { return s.Step == stOver }

// Returns gives 1 to the winner, 0 to the loser (2.4).
func (s *State) Returns() []float64 {
	if !s.Over() {
		return nil
	}
	r := []float64{0, 0}
	r[s.Winner] = 1
	return r
}

// Marshal returns the canonical bytes of the state: its flat core.
func (s *State) Marshal() []byte { return flat.Marshal(&s.core) }

func flag(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// logf adds a log entry for everyone (to = engine.Observer) or one side.
func (s *State) logf(rule string, to engine.Side, key string, args ...string) {
	s.Add(rule, to, key, args...)
}
