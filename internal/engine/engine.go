// Package engine is the game-agnostic contract between a rule system and
// everything that drives it: the terminal, the server, the computer players
// and the tests.
//
// A game is its Setup (scenario, options, seed) and the list of actions the
// sides took. The rules are a state machine of decision points: at every
// moment State.Active says which side or sides must decide, and State.Legal
// lists every action open to a side. Apply accepts only an action from that
// list. Dice come only from the Rand held inside the state, so replaying the
// same actions from the same Setup reproduces every state byte for byte.
package engine

import (
	"errors"
	"fmt"
)

// Side is one of a game's players, numbered from 0 in the game's Sides order.
type Side int8

// Observer is the viewpoint of someone who plays neither side: a view for
// Observer carries only what both sides may see.
const Observer Side = -1

// SideSet is a bit set of sides; bit i is Side i.
type SideSet uint8

// Has reports whether s is in the set.
func (ss SideSet) Has(s Side) bool { return s >= 0 && ss&(1<<uint(s)) != 0 }

// Sides lists the members of the set in order.
func (ss SideSet) Sides() []Side {
	var out []Side
	for s := Side(0); s < 8; s++ {
		if ss.Has(s) {
			out = append(out, s)
		}
	}
	return out
}

// Only returns the set holding just s.
func Only(s Side) SideSet { return 1 << uint(s) }

// Action is one decision, small enough to copy freely: an operation code and
// up to three arguments (a unit, an area or hex, a count...), all defined by
// the game. Its stable text form comes from State.EncodeAction.
type Action struct {
	Op      uint8
	A, B, C int16
}

// Setup fixes everything a game starts from.
type Setup struct {
	Scenario string            `json:"scenario"`
	Seed     uint64            `json:"seed"`
	Options  map[string]string `json:"options,omitempty"`
}

// Option returns the named option or def when it is not set.
func (s Setup) Option(name, def string) string {
	if v, ok := s.Options[name]; ok {
		return v
	}
	return def
}

// Game describes one rule system and creates its starting states.
type Game interface {
	// ID is the short name used on the command line and in records ("compass").
	ID() string
	// Title is the game's full name for people.
	Title() string
	// SideNames lists the sides in Side order, as lower-case identifiers.
	SideNames() []string
	// Scenarios lists the scenario names; the first is the default.
	Scenarios() []string
	// New returns the starting state of a game, or an error naming what is
	// wrong with the setup.
	New(Setup) (State, error)
}

// State is one moment of a game. Implementations keep it compact and
// cheap to Clone; derived caches stay outside it.
type State interface {
	// Active is the set of sides that must decide now; empty once the game
	// is over. More than one side means secret simultaneous choices.
	Active() SideSet
	// Legal appends every action open to side now to dst and returns it.
	Legal(side Side, dst []Action) []Action
	// Apply plays a for side. An action not in Legal(side) is refused with an
	// error wrapping ErrIllegal and leaves the state unchanged.
	Apply(side Side, a Action) error
	// Clone returns an independent copy. The copy does not keep a log.
	Clone() State
	// Over reports whether the game has ended.
	Over() bool
	// Returns gives each side's result once the game is over: 1 for a win,
	// 0.5 for a draw, 0 for a loss.
	Returns() []float64
	// Epoch counts die rolls and reveals of hidden information so far. Undo
	// never crosses a change of Epoch.
	Epoch() uint64
	// Marshal returns the canonical bytes of the whole state; equal states
	// give equal bytes. The record's hashes are taken over them.
	Marshal() []byte

	// EncodeAction gives the stable, language-free text of a, as stored in
	// records ("move 7rtr sidi-barrani"); DecodeAction parses it back.
	EncodeAction(a Action) string
	DecodeAction(text string) (Action, error)
	// Describe tells a in words for people, in the language lang ("en", "it").
	Describe(a Action, lang string) string
	// Prompt says what side is asked to decide now, in lang.
	Prompt(side Side, lang string) string
	// View is what side may see of the state (Observer: what both may see),
	// as a JSON-encodable value. It never carries the other side's secrets.
	View(side Side, lang string) any

	// SetLogging turns the game log on or off (off for search playouts).
	SetLogging(on bool)
	// TakeLog returns the log entries written since the last call.
	TakeLog() []LogEntry
	// RenderLog writes an entry in lang, with its rule reference.
	RenderLog(e LogEntry, lang string) string

	// Determinize returns a full state that viewer cannot tell from this one:
	// everything hidden from viewer is resampled from r, and so are future
	// dice. Computer players search such states instead of peeking.
	Determinize(viewer Side, r *Rand) State
}

// Waiter is an optional interface of State, for a simultaneous choice
// made in several actions (La Primogenita's "pick", "pick", ...,
// "commit"): Waiting reports that side, though still active, has
// completed its choice and may only take it back while the others
// choose. A player content with its choice need not act: terminals, the
// simulator and the search ask the other sides (see Deciding).
type Waiter interface {
	Waiting(side Side) bool
}

// Deciding is the set of active sides still making their choice: Active
// without the sides that are Waiting. When every active side waits it is
// Active itself, so that a game can never stall on it.
func Deciding(st State) SideSet {
	set := st.Active()
	w, ok := st.(Waiter)
	if !ok {
		return set
	}
	out := set
	for s := Side(0); s < 8; s++ {
		if set.Has(s) && w.Waiting(s) {
			out &^= Only(s)
		}
	}
	if out == 0 {
		return set
	}
	return out
}

// Interrupter is an optional interface of State, for a decision asked in
// the middle of another side's turn (Limanowa's reaction fire, return
// fire and melee allocation, asked after every movement point): Interrupt
// reports that the decision now asked is such an interrupt. The server
// does not announce an interrupt as the player's turn (no "your turn"
// notice by mail, webhook or the browser beyond one for an absent player)
// and its answer earns no time on the player's clock.
type Interrupter interface {
	Interrupt() bool
}

// Interrupting reports whether the decision st asks now is an interrupt
// (Interrupter).
func Interrupting(st State) bool {
	i, ok := st.(Interrupter)
	return ok && i.Interrupt()
}

// Asider is an optional interface of State, for an action that answers
// no question of the game but sets how the side's later ones are answered
// (Limanowa's standing reaction order, which a player may change at any
// of his decisions): Aside reports that a is such an action. It is
// recorded like any other and leaves the same side deciding, but it is
// not a turn: the server credits it no time on the player's clock.
type Asider interface {
	Aside(a Action) bool
}

// IsAside reports whether a, to be played in st, is an aside (Asider).
func IsAside(st State, a Action) bool {
	x, ok := st.(Asider)
	return ok && x.Aside(a)
}

// Asker is an optional interface of State, for questions about the
// position that no action answers and a board asks the engine rather than
// repeat its rules: Limanowa's line of sight between two hexes ("sight
// N17 AF13"). Ask answers for side, in lang, with what side may know, as
// a JSON-encodable value; a question it does not understand is an error.
// An answer takes bounded work: the server answers players with it.
type Asker interface {
	Ask(side Side, lang, question string) (any, error)
}

// Sheeted is an optional interface of State, for a view with a part that
// is the same in every state of a scenario: the map sheet (hexes, terrain,
// roads, the turn track). The state's View leaves that part out and
// SheetID names it; the game's Sheet (Sheets) gives it, so that a client
// fetches it once, not with every view (the server sends it as a resource
// the browser caches). States with the same SheetID have the same sheet.
type Sheeted interface {
	SheetID() string
}

// Sheets is the optional interface of a Game whose states are Sheeted:
// Sheet returns the sheet named id in lang as a JSON-encodable value, the
// same for every call, or an error for an id none of its states names.
type Sheets interface {
	Sheet(id, lang string) (any, error)
}

// SheetOf returns the id of st's sheet and the sheet in lang, or "" and
// nil when st's view has none.
func SheetOf(g Game, st State, lang string) (string, any, error) {
	sd, ok := st.(Sheeted)
	sg, ok2 := g.(Sheets)
	if !ok || !ok2 {
		return "", nil, nil
	}
	id := sd.SheetID()
	sheet, err := sg.Sheet(id, lang)
	return id, sheet, err
}

// ErrIllegal is wrapped by every refusal of an action.
var ErrIllegal = errors.New("illegal action")

// Illegal returns an error wrapping ErrIllegal with the reason.
func Illegal(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegal, fmt.Sprintf(format, args...))
}

// IsLegal reports whether a is in Legal(side).
func IsLegal(st State, side Side, a Action) bool {
	if !st.Active().Has(side) {
		return false
	}
	for _, l := range st.Legal(side, nil) {
		if l == a {
			return true
		}
	}
	return false
}
