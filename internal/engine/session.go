package engine

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
)

// Session is a game being played: the current state, the record that
// produced it, the log, and what may still be taken back.
type Session struct {
	Game   Game
	State  State
	Record Record
	Log    []Logged

	undo []undoPoint
	// round is the secret choice under way, when several sides decide at
	// once (see Shown).
	round round
}

// round is a choice several sides make at once, when open: from is the
// number of actions before it began, sealed the indices of its secret
// actions in Record.Actions.
type round struct {
	open   bool
	from   int
	sealed []int
}

// Logged is a log entry with the number of the action that wrote it
// (0 for the setup).
type Logged struct {
	Move int `json:"move"`
	LogEntry
}

// undoPoint is the state before one action that may still be taken back.
type undoPoint struct {
	side   Side
	state  State
	logLen int
}

// ErrNoUndo is returned when nothing can be taken back.
var ErrNoUndo = errors.New("nothing to undo")

// NewSession starts a game of g from setup, with logging on.
func NewSession(g Game, setup Setup) (*Session, error) {
	st, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	st.SetLogging(true)
	s := &Session{Game: g, State: st, Record: Record{Game: g.ID(), Setup: setup}}
	s.collectLog()
	s.round = round{open: several(st.Active()), from: 0}
	return s, nil
}

// Move is the number of actions accepted so far.
func (s *Session) Move() int { return len(s.Record.Actions) }

// several reports whether set holds more than one side.
func several(set SideSet) bool { return set&(set-1) != 0 }

// A secret action is one played while several sides decide at once that
// changes nothing anyone else may see or do: it keeps the sides to decide,
// those waiting, the epoch and the other sides' legal actions, and writes
// only log entries for its own side (La
// Primogenita's pick and drop of an Order; its commit is public, since
// that the side has chosen is). Until the choice is revealed (the epoch
// changes) or the sides decide one at a time again, a secret action is
// sealed: Shown does not count it, nor does anything a player or observer
// is shown during play (the move number, the log's numbers, the live
// updates, the list of games, the clocks, what may be undone), which would
// otherwise tell the other side how many Orders it picked and when.
//
// choiceMark is what a secret action of side leaves as it was; others
// hashes the other sides' legal actions, only while several decide.
type choiceMark struct {
	active, deciding SideSet
	epoch            uint64
	others           uint64
}

func markOf(st State, side Side) choiceMark {
	m := choiceMark{st.Active(), Deciding(st), st.Epoch(), 0}
	if several(m.active) {
		m.others = othersLegal(st, m.active, side)
	}
	return m
}

// othersLegal hashes the legal actions of the sides in active but side.
func othersLegal(st State, active SideSet, side Side) uint64 {
	h := fnv.New64a()
	for _, o := range active.Sides() {
		if o != side {
			for _, a := range st.Legal(o, nil) {
				h.Write([]byte{a.Op, byte(a.A), byte(a.A >> 8), byte(a.B), byte(a.B >> 8), byte(a.C), byte(a.C >> 8), byte(o)})
			}
			h.Write([]byte{0xff})
		}
	}
	return h.Sum64()
}

// seals reports whether side's action, from a state marked m to after
// with the log entries log, is secret. The other sides' legal actions
// are listed only when all else says so.
func (m choiceMark) seals(side Side, after State, log []LogEntry) bool {
	if !several(m.active) || after.Active() != m.active || Deciding(after) != m.deciding || after.Epoch() != m.epoch {
		return false
	}
	for _, e := range log {
		if e.To != side {
			return false
		}
	}
	return othersLegal(after, m.active, side) == m.others
}

// Seals reports whether a, if side played it now, would be secret (it
// changes nothing; an illegal action is not secret).
func (s *Session) Seals(side Side, a Action) bool {
	c := s.State.Clone()
	c.SetLogging(true)
	if c.Apply(side, a) != nil {
		return false
	}
	return markOf(s.State, side).seals(side, c, c.TakeLog())
}

// Shown is the move number the players and observers are shown: Move
// without the sealed actions of the secret choice under way.
func (s *Session) Shown() int { return s.ShownAt(s.Move()) }

// ShownAt is the number shown for move (the count of actions up to it),
// without the sealed actions among them.
func (s *Session) ShownAt(move int) int {
	k, _ := slices.BinarySearch(s.round.sealed, move) // sealed is in order: k of them are before move
	return move - k
}

// Sealed reports whether the last action is sealed (secret, and the choice
// it belongs to still under way).
func (s *Session) Sealed() bool {
	k := len(s.round.sealed)
	return k > 0 && s.round.sealed[k-1] == s.Move()-1
}

// SealedBy is how many of the sealed actions of the choice under way are
// side's.
func (s *Session) SealedBy(side Side) int {
	n, name := 0, s.SideName(side)
	for _, i := range s.round.sealed {
		if s.Record.Actions[i].Side == name {
			n++
		}
	}
	return n
}

// ActedSince reports whether side has made a public action of the choice
// under way (a commit, say) after the move shown was shown.
func (s *Session) ActedSince(side Side, shown int) bool {
	if !s.round.open {
		return false
	}
	name, sealed := s.SideName(side), s.round.sealed
	n := s.round.from // the move shown before the choice's first action: none before is sealed
	for i := s.round.from; i < s.Move(); i++ {
		if len(sealed) > 0 && sealed[0] == i { // sealed is in order
			sealed = sealed[1:]
			continue
		}
		if n++; n > shown && s.Record.Actions[i].Side == name {
			return true
		}
	}
	return false
}

// Choosing reports whether several sides decide at once: a choice whose
// secret actions are sealed is under way.
func (s *Session) Choosing() bool { return s.round.open }

// RoundFrom is the number of actions before the choice of several sides
// under way began, or Move when none is: what a replay during play may
// show without telling how many secret actions there were.
func (s *Session) RoundFrom() int {
	if !s.round.open {
		return s.Move()
	}
	return s.round.from
}

// SideName is the name of side in this game.
func (s *Session) SideName(side Side) string {
	if side == Observer {
		return "observer"
	}
	return s.Game.SideNames()[side]
}

// Apply plays a for side if it is legal, records it with the new state's
// hash and collects the log. A refused action changes nothing.
func (s *Session) Apply(side Side, a Action) error {
	if s.State.Over() {
		return Illegal("the game is over")
	}
	if !s.State.Active().Has(side) {
		return Illegal("it is not %s's turn to decide", s.SideName(side))
	}
	before := s.State.Clone()
	mark := markOf(s.State, side)
	epoch, active := mark.epoch, mark.active
	if err := s.State.Apply(side, a); err != nil {
		return err
	}
	s.Record.Actions = append(s.Record.Actions, RecordEntry{
		Side: s.SideName(side), Action: s.State.EncodeAction(a), Hash: Hash(s.State),
	})
	logLen := len(s.Log)
	entries := s.State.TakeLog()
	s.addLog(entries)
	// Undo stops at a change of side and at a die roll or reveal (the
	// action that rolled or revealed cannot be taken back either). Nothing
	// is undone while several sides decide at once: restoring a side's
	// earlier state would take back the others' actions too, and whether a
	// side could undo would tell it whether another had acted. Taking back
	// a choice there is the game's own action (La Primogenita's drop and
	// uncommit).
	if len(s.undo) > 0 && s.undo[len(s.undo)-1].side != side {
		s.undo = s.undo[:0]
	}
	switch {
	case s.State.Epoch() != epoch || several(active) || several(s.State.Active()):
		s.undo = s.undo[:0]
	default:
		s.undo = append(s.undo, undoPoint{side: side, state: before, logLen: logLen})
	}
	switch {
	case mark.seals(side, s.State, entries):
		s.round.sealed = append(s.round.sealed, s.Move()-1)
	case s.State.Epoch() != epoch || !several(s.State.Active()):
		// The choice is revealed, or over: its actions are no longer sealed.
		s.round = round{}
	}
	if several(s.State.Active()) && !s.round.open {
		s.round = round{open: true, from: s.Move()}
	}
	return nil
}

// ApplyText decodes an action's record text and applies it.
func (s *Session) ApplyText(side Side, text string) error {
	a, err := s.State.DecodeAction(text)
	if err != nil {
		return err
	}
	return s.Apply(side, a)
}

// CanUndo reports whether side may take back its last action.
func (s *Session) CanUndo(side Side) bool {
	return len(s.undo) > 0 && s.undo[len(s.undo)-1].side == side
}

// Undo takes back side's last action: the state, the record and the log
// return to what they were before it.
func (s *Session) Undo(side Side) error {
	if !s.CanUndo(side) {
		return ErrNoUndo
	}
	p := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	s.State = p.state
	s.State.SetLogging(true)
	s.Record.Actions = s.Record.Actions[:len(s.Record.Actions)-1]
	s.Log = s.Log[:p.logLen]
	return nil
}

// LogFor renders the log entries side may read, in lang.
func (s *Session) LogFor(side Side, lang string) []string {
	var out []string
	for _, e := range s.Log {
		if e.VisibleTo(side) {
			out = append(out, s.State.RenderLog(e.LogEntry, lang))
		}
	}
	return out
}

func (s *Session) collectLog() { s.addLog(s.State.TakeLog()) }

// addLog appends entries to the log as written by the last action.
func (s *Session) addLog(entries []LogEntry) {
	for _, e := range entries {
		s.Log = append(s.Log, Logged{Move: s.Move(), LogEntry: e})
	}
}

// Replay plays a record from its setup, checking every action's legality
// and state hash. It returns the session at the end, or at the first
// mismatch together with an error naming the action.
func Replay(rec Record) (*Session, error) {
	g, err := Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	return ReplayGame(g, rec)
}

// ReplayGame is Replay for a game given directly rather than looked up by
// the record's game id (for a game not registered, in its own tests).
func ReplayGame(g Game, rec Record) (*Session, error) {
	if rec.Game != g.ID() {
		return nil, fmt.Errorf("the record is a game of %q, not %q", rec.Game, g.ID())
	}
	s, err := NewSession(g, rec.Setup)
	if err != nil {
		return nil, err
	}
	return s, replayFrom(s, rec)
}
