package wdf

import (
	"fmt"
	"unsafe"

	"sandtable/internal/engine"
	"sandtable/internal/kit/flat"
	"sandtable/internal/kit/sequence"
)

// Game is Western Desert Force, registered with the engine (register.go).
type Game struct{}

func (Game) ID() string          { return "wdf" }
func (Game) Title() string       { return "Western Desert Force (Avalanche Press)" }
func (Game) SideNames() []string { return []string{"allied", "axis"} }
func (Game) Scenarios() []string { return []string{"campaign"} }

// New sets the game up (3.0, 3.1) and runs the sequence of play (4.0) to
// the first decision.
func (Game) New(setup engine.Setup) (engine.State, error) {
	if setup.Scenario != "" && setup.Scenario != "campaign" {
		return nil, fmt.Errorf("wdf: unknown scenario %q (known: campaign)", setup.Scenario)
	}
	for k := range setup.Options {
		return nil, fmt.Errorf("wdf: unknown option %q (there are none)", k)
	}
	return newState(DefaultData(), setup.Seed, true), nil
}

// Unit flags for the current player turn.
const (
	fMoved        uint16 = 1 << iota // has moved in this movement phase (9.1)
	fStrategic                       // moved strategically: may not attack in the Regular Combat Phase (9.4)
	fAttacked                        // has attacked in this combat phase (10.1)
	fAtk                             // attacks in the combat being resolved
	fDef                             // defends in the combat being resolved
	fWithdrawable                    // supplied at the start of the Reinforcement-Withdrawal Segment (7.8)
	fBombarded                       // bombarded in this combat phase (14.2)
	fWithheld                        // in an IP, held out of the combat being built (12.3)
	fSea                             // moved by sea this turn: no exploitation move (9.7)
)

// core is everything that changes during a game, all fixed-size: Clone
// copies it as a block and Marshal encodes it (the pattern of compass).
type core struct {
	// Turn 1..23 (4.0), the phasing side, the decision point and who
	// decides, the return stack of nested procedures.
	sequence.Track[step]
	Pos   Position
	Flags [MaxUnits]uint16
	// LeaderFlags: fMoved for leaders (13.4).
	LeaderFlags [MaxLeaders]uint16
	// MoveUnit is the unit part way through its move, plus one (0: none),
	// and MoveLeft the sixths of an MP it has left: it may go on from the
	// hex where it stopped until another piece moves (9.1, ruling W36).
	MoveUnit, MoveLeft int16
	// Bereft marks the leaders stacked with a unit eliminated in the event
	// under way (a combat side's losses, an overwhelming attack, attrition,
	// a stacking check): its one casualty check is made when the event
	// ends (13.6, ruling W27).
	Bereft [MaxLeaders]bool
	// SeaUsed counts this turn's Allied sea transfers (9.7).
	SeaUsed int8
	// NavalUsed: the Allied naval attack of the turn is spent (15.0).
	NavalUsed bool
	// DepotShifted: the depot used its exploitation move this player turn
	// (7.16).
	DepotShifted bool
	AP           [2]int8 // Attack Points (7.3), 0..12
	ASP          [2]int8 // Air Superiority Points this turn (6.1); one side at most
	// Surprise: the Major Offensive declared this player turn is a
	// surprise (7.92).
	Surprise [2]bool
	// EventUsed marks once-per-game random events that have occurred (5.0).
	EventUsed [64]bool
	// Repl is the replacement points left this segment (7.6) and ReplTo
	// the units the points spent so far went to, plus one, in order (a
	// unit given two points twice): which of the turn's points each took
	// is matched anew at every pick (7.61, 7.63, replMatch). A segment
	// has at most maxRepl points from the turn track and one more (the
	// Axis Supply Level's extra one or the Special Allied Convoy's).
	Repl   int8
	ReplTo [maxRepl + 1]int16
	Bat    battle
	// RetLeft and AdvLeft: hexes of retreat still owed and of advance
	// still open, by unit, in the combat being resolved (10.26, 10.27);
	// Orig the hex each unit was in when it began.
	RetLeft, AdvLeft [MaxUnits]int8
	Orig             [MaxUnits]int16
	// Extra counts the hexes a unit retreated beyond its due to meet the
	// stacking limit (10.26, ruling W33).
	Extra [MaxUnits]int8
	// TobrukLeft is how many more units the owner picks to draw on
	// Tobruk's supply in the choice under way (8.4, Position.TobrukPick).
	TobrukLeft int8
	// RefitDue: the Allied armor refit of the turn is still to be chosen
	// (7.62).
	RefitDue bool
	// Defended lists the hexes attacked this combat phase (10.1);
	// Obliged the hexes that must still be attacked (10.0).
	Defended, Obliged   [48]int16
	NDefended, NObliged int8
	// Event is this turn's random event (index into the events), -1 on
	// turn 1 (5.0); AlliedAttacked records an Allied combat this turn
	// (the Prime Minister event); AlliedVPLoss the points it cost.
	Event          int8
	AlliedAttacked bool
	AlliedVPLoss   int8
	// ReserveNeed is this turn's Allied Reserve Requirement in units (7.4).
	ReserveNeed int8
	// ReserveVP counts the Axis victory points for Allied reserve
	// failures (7.4, 17.2).
	ReserveVP       int8
	sequence.Result // playing, Allied or Axis win, draw (17.0)
	Rng             engine.Rand
	Epo             uint64
}

// State is a moment of a game of Western Desert Force.
type State struct {
	d *Data
	// chosen is the piece chosen to act in a movement phase, plus one (a
	// unit's index, or MaxUnits plus a leader's; 0: none): the first of
	// the two decisions of a move (opPick, docs/wdf/rulings.md W38). Kept
	// beside the core so that a state with no piece chosen hashes as
	// before the split; Marshal adds it when it is set.
	chosen int16
	// bd is the board of the position bd.snap, shared by clones (it never
	// changes): board rebuilds it when the position differs.
	bd *Board
	// memo is the last unit's moves found (unitMoves).
	memo movesMemo
	// lastSup is each side's supply as last traced, on whatever position:
	// the evaluation's cheap approximation (ai.go).
	lastSup    [2]*SupplyReport
	engine.Log // SetLogging, TakeLog
	// combat is the last combat resolved, for the battle panel: each
	// modifier with its rule and each die. Kept beside the core, so the
	// records' state hashes stay as they were; only a state that keeps its
	// log (a game being played or replayed, not the computer's searches)
	// records it, and a replay records it again.
	combat *combatReport

	// core comes last: it holds no pointers, so the collector reads only
	// the words above it of a State (a search clones thousands).
	core
}

func newState(d *Data, seed uint64, log bool) *State {
	s := &State{d: d}
	s.SetLogging(log)
	s.Rng, s.Turn = engine.NewRand(seed), 1
	s.Pos = SetupPosition(d)
	s.Event = -1
	// 3.1: Turn 1 conditions.
	t1 := d.TurnOne
	s.AP = [2]int8{int8(t1.AlliedAP), int8(t1.AxisAP)}
	s.ASP[Allied] = int8(t1.AlliedASP)
	s.Pos.Naval = t1.AlliedNavalSupport
	s.beginTurn()
	return s
}

// Clone copies the state; the copy keeps no log.
func (s *State) Clone() engine.State {
	c := *s
	c.Log = engine.Log{} // the supply cache holds: same position
	return &c
}

// Marshal is the canonical encoding of the state: its core.
func (s *State) Marshal() []byte {
	b := flat.Marshal(&s.core)
	if s.chosen != 0 {
		b = append(b, byte(s.chosen), byte(s.chosen>>8))
	}
	return b
}

var _ engine.State = (*State)(nil)

// Active is the side that must decide now; Over and Returns come with
// the sequence.Result the core holds.
func (s *State) Active() engine.SideSet { return s.Result.Active(s.Decider) }

// Epoch counts die rolls.
func (s *State) Epoch() uint64 { return s.Epo }

// Determinize reseeds the future dice; nothing else is hidden in this game
// (every piece is face up, 2.0).
func (s *State) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := s.Clone().(*State)
	c.Rng = engine.NewRand(r.Uint64())
	return c
}

// Data returns the components this game is played with.
func (s *State) Data() *Data { return s.d }

// supply is side's supply report for the current position, traced once
// per position (kept with the board).
func (s *State) supply(side engine.Side) *SupplyReport {
	r := s.board().report(side)
	s.lastSup[side] = r
	return r
}

// unitSupplied reports whether unit u is in supply in the current
// position (8.1, 8.4): from the side's report when it has been traced,
// else u alone along the side's net, kept with the board (Board.UnitSupplied).
func (s *State) unitSupplied(u int) bool {
	b := s.board()
	side := s.d.Units[u].Side
	if r := b.sup[side].Load(); r != nil {
		return r.Supplied[u]
	}
	us := &s.Pos.Units[u]
	if us.Box != BoxMap {
		return false
	}
	h := int(us.Hex)
	if b.Traces(side, h, b.supplyBudget(side, h), b.mainNet(side)) {
		return true
	}
	// Tobruk's shared capacity (8.4): the side's whole report decides.
	return b.TobrukCapacity(side) > 0 && s.supply(side).Supplied[u]
}

// mainNet is side's net to its supply source on this board, found once
// (for a board of the state's cache).
func (b *Board) mainNet(side engine.Side) *SupplyNet {
	n := b.net[side].Load()
	if n == nil {
		n = b.NewSupplyNet(side, b.D.SupplySource[side])
		b.net[side].Store(n)
	}
	return n
}

// board reads the current position: the cached board while the position
// is the one it was built for (a comparison of the fixed-size positions),
// else a new one, derived from the cached board when a few units moved
// (Board.follow), else read afresh.
func (s *State) board() *Board {
	if s.bd == nil || !samePosition(&s.bd.snap, &s.Pos) {
		b := &Board{D: s.d}
		b.snap = s.Pos
		b.P = &b.snap
		if s.bd == nil || !b.follow(s.bd) {
			b.read()
		}
		s.bd = b
	}
	return s.bd
}

// samePosition reports whether a and b hold the same bytes: one block
// comparison, where == compares a UnitState's fields one by one (its
// padding keeps it from being one block) for each of the 128 units, and a
// state asks for its board several times an action. Padding bytes could
// only make equal positions differ, which costs a rebuild, never a stale
// board: a copy (State.Clone, the board's snapshot) copies them too.
func samePosition(a, b *Position) bool {
	const n = unsafe.Sizeof(Position{})
	return *(*[n]byte)(unsafe.Pointer(a)) == *(*[n]byte)(unsafe.Pointer(b))
}

func (s *State) roll() int {
	s.Epo++
	return s.Rng.D6()
}

// logf records a log entry when the log is on (engine.Log.Add).
func (s *State) logf(rule string, to engine.Side, key string, args ...string) {
	s.Log.Add(rule, to, key, args...)
}

func (s *State) sideName(side engine.Side) string { return Game{}.SideNames()[side] }

func (s *State) hexID(i int) string {
	if i < 0 || i >= len(s.d.Hexes) {
		return "off-map"
	}
	return s.d.Hexes[i].ID
}

// CheckInvariants verifies what must hold at every moment.
func (s *State) CheckInvariants() error {
	if s.Turn < 1 || int(s.Turn) > NumTurns {
		return fmt.Errorf("turn %d out of range", s.Turn)
	}
	for side := range 2 {
		if s.AP[side] < 0 || s.AP[side] > MaxAP {
			return fmt.Errorf("%s has %d APs (7.3: 0..12)", s.sideName(engine.Side(side)), s.AP[side])
		}
	}
	if s.ASP[0] > 0 && s.ASP[1] > 0 {
		return fmt.Errorf("both sides hold ASPs (6.1)")
	}
	occ := make([][2]bool, len(s.d.Hexes))
	for u, def := range s.d.Units {
		us := &s.Pos.Units[u]
		if (us.Box == BoxMap) != (us.Hex >= 0) || int(us.Hex) >= len(s.d.Hexes) {
			return fmt.Errorf("unit %s: box %d hex %d", def.ID, us.Box, us.Hex)
		}
		if us.Reduced && def.Steps < 2 {
			return fmt.Errorf("one-step unit %s reduced", def.ID)
		}
		if us.Box == BoxMap {
			occ[us.Hex][def.Side] = true
		}
	}
	for i, o := range occ {
		if o[0] && o[1] {
			return fmt.Errorf("both sides in %s", s.d.Hexes[i].ID)
		}
	}
	for l, def := range s.d.Leaders {
		ls := s.Pos.Leaders[l]
		if int(ls.Hex) >= len(s.d.Hexes) || (ls.Hex >= 0 && ls.Face < 0) {
			return fmt.Errorf("leader %s: %+v", def.ID, ls)
		}
		if ls.Hex >= 0 && occ[ls.Hex][1-def.Side] {
			return fmt.Errorf("leader %s shares %s with enemy units", def.ID, s.hexID(int(ls.Hex)))
		}
	}
	seen := map[int16]bool{}
	for _, ip := range s.Pos.IPs {
		if ip.Hex < 0 {
			continue
		}
		if seen[ip.Hex] || ip.Level < 1 || ip.Level > 2 {
			return fmt.Errorf("IP marker %+v", ip)
		}
		seen[ip.Hex] = true
	}
	for u, def := range s.d.Units {
		if us := s.Pos.Units[u]; us.InIP && (us.Box != BoxMap || !seen[us.Hex]) {
			return fmt.Errorf("unit %s in an IP that is not there", def.ID)
		}
	}
	// 7.12's "depot on a road hex" is not checked here: the 10.13
	// example's depot (3617) is off the reconstructed road net, and the
	// placement rules (depotHexes) enforce it in play.
	for _, h := range s.Pos.Depot {
		if int(h) >= len(s.d.Hexes) {
			return fmt.Errorf("depot at hex %d", h)
		}
	}
	// 9.2: the phases before have ended with the stacking check, so no
	// hex is over the limit when a player turn's Organization Phase opens.
	if s.Step == stDepot || s.Step == stASP {
		b := s.board()
		for h := range s.d.Hexes {
			if b.Overstacked(h) {
				return fmt.Errorf("%s over the stacking limit at the start of a player turn (9.2)", s.hexID(h))
			}
		}
	}
	return nil
}
