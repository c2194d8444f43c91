package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
)

// Restorer is an optional interface of Game, for long games (a Limanowa
// campaign runs to tens of thousands of actions): Unmarshal rebuilds the
// state whose State.Marshal gave data, in a game started from setup, so
// that opening a stored game replays only the actions after its newest
// snapshot instead of the whole record.
//
// The restored state must be the one replay gives: its Marshal is data
// byte for byte, it plays on identically (the same legal actions, dice and
// log), its log is empty with logging off (as after Clone), and its Epoch
// is the replayed state's. Bytes that no state of the game's setup
// marshals to are refused with an error (they are fuzzed), never a panic.
type Restorer interface {
	Unmarshal(setup Setup, data []byte) (State, error)
}

// TryRestored lists st's legal actions and views for each side and the
// observer, turning a failure into an error: for a Restorer's Unmarshal,
// whose bytes may pass every check of range and still combine into no
// state of the game. That the bytes are a state play reached is what the
// record's hash vouches for (Resume restores only those); this refuses
// the rest with an error rather than a failure later.
func TryRestored(g Game, st State) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("not a state of the game: %v", r)
		}
	}()
	for side := Observer; int(side) < len(g.SideNames()); side++ {
		st.Legal(side, nil)
		st.View(side, "en")
	}
	return nil
}

// Snapshot is a session's state after Move actions of its record, with
// the part of the session's log written since the snapshot before it:
// kept beside the record, it lets Resume skip the replay of the actions up
// to Move. The snapshots of a game form a chain: each holds the log
// entries of the actions From+1..Move, the first (From -1) also the
// setup's. A snapshot is derived data; the record stays the truth.
type Snapshot struct {
	Move  int
	From  int
	State []byte   // State.Marshal
	Log   []Logged // the entries written after action From, up to Move
}

// Hash is the record's hash of the snapshot's state (as Hash gives it).
func (sn Snapshot) Hash() string {
	sum := sha256.Sum256(sn.State)
	return hex.EncodeToString(sum[:12])
}

// Snapshot takes the session's state now, with the log written since
// action from (-1: all of it).
func (s *Session) Snapshot(from int) Snapshot {
	i := len(s.Log)
	for i > 0 && s.Log[i-1].Move > from {
		i--
	}
	return Snapshot{Move: s.Move(), From: from, State: s.State.Marshal(), Log: slices.Clone(s.Log[i:])}
}

// Resumed says how Resume opened a game.
type Resumed struct {
	// From is the move of the snapshot restored (0: replayed from the
	// setup); the actions after it were replayed.
	From int
	// Refused says why snapshots were passed over (a hash that differs
	// from the record's, bytes the game refuses): the caller logs them.
	Refused []error
	// Chain lists the moves of the snapshots whose logs join up from the
	// setup, oldest first: the next snapshot's log starts after the last.
	Chain []int
}

// Resume is ReplayGame from the newest usable snapshot of snaps (in any
// order): the snapshot's state is restored when the chain of snapshots
// before it is whole (their logs make the session's log) and its hash is
// the record's at its move, and only the actions after it are replayed,
// each checked as ReplayGame checks it. A snapshot taken while several
// sides decide at once is passed over. A snapshot is used only when the
// actions after it make the undo the same as after a whole replay (a die
// roll, reveal or change of side among them). Without a usable snapshot,
// or for a game that is not a Restorer, it replays the whole record.
func Resume(g Game, rec Record, snaps []Snapshot) (*Session, Resumed, error) {
	var res Resumed
	r, ok := g.(Restorer)
	if !ok || rec.Game != g.ID() || len(snaps) == 0 {
		s, err := ReplayGame(g, rec)
		return s, res, err
	}
	snaps = slices.Clone(snaps)
	slices.SortFunc(snaps, func(a, b Snapshot) int { return a.Move - b.Move })
	// The chain: snapshots each starting its log where the one before ends.
	var chain []Snapshot
	for _, sn := range snaps {
		end := -1
		if len(chain) > 0 {
			end = chain[len(chain)-1].Move
		}
		if sn.From == end && sn.Move > end && sn.Move <= len(rec.Actions) && logFits(sn) {
			chain = append(chain, sn)
		}
	}
	for _, sn := range chain {
		res.Chain = append(res.Chain, sn.Move)
	}
	for k := len(chain) - 1; k >= 0; k-- {
		sn := chain[k]
		if sn.Move == 0 {
			break
		}
		if want := rec.Actions[sn.Move-1].Hash; sn.Hash() != want {
			res.Refused = append(res.Refused, fmt.Errorf("snapshot at move %d: state hash %s, record says %s", sn.Move, sn.Hash(), want))
			continue
		}
		st, err := r.Unmarshal(rec.Setup, sn.State)
		if err == nil && !bytes.Equal(st.Marshal(), sn.State) {
			err = fmt.Errorf("restored state marshals to other bytes")
		}
		if err != nil {
			res.Refused = append(res.Refused, fmt.Errorf("snapshot at move %d: %w", sn.Move, err))
			continue
		}
		if several(st.Active()) {
			// Inside a choice of several sides at once: which of the
			// actions before the snapshot are sealed (Session.Shown) only
			// a replay from before the choice tells.
			continue
		}
		var log []Logged
		for _, c := range chain[:k+1] {
			log = append(log, c.Log...)
		}
		st.SetLogging(true)
		s := &Session{Game: g, State: st, Log: log,
			Record: Record{Game: rec.Game, Setup: rec.Setup, Actions: slices.Clone(rec.Actions[:sn.Move])}}
		tail := len(rec.Actions) - sn.Move
		if err := replayFrom(s, rec); err != nil {
			res.From = sn.Move
			return s, res, err
		}
		// Undo keeps the actions since the last roll, reveal or change of
		// side; if none of the tail's actions cleared it, actions before
		// the snapshot may still be undoable after a whole replay.
		if len(s.undo) < tail {
			res.From = sn.Move
			return s, res, nil
		}
	}
	s, err := ReplayGame(g, rec)
	return s, res, err
}

// logFits reports whether every entry of sn's log was written by an
// action after sn.From, up to sn.Move, in order.
func logFits(sn Snapshot) bool {
	last := sn.From
	if last < 0 {
		last = 0
	}
	for _, e := range sn.Log {
		if e.Move < last || e.Move <= sn.From || e.Move > sn.Move {
			return false
		}
		last = e.Move
	}
	return true
}

// replayFrom replays the actions of rec after those s holds, checking each
// action's legality and hash.
func replayFrom(s *Session, rec Record) error {
	for i := s.Move(); i < len(rec.Actions); i++ {
		e := rec.Actions[i]
		side, err := SideByName(s.Game, e.Side)
		if err != nil {
			return fmt.Errorf("action %d: %w", i+1, err)
		}
		if err := s.ApplyText(side, e.Action); err != nil {
			return fmt.Errorf("action %d (%s %s): %w", i+1, e.Side, e.Action, err)
		}
		if got := s.Record.Actions[i].Hash; e.Hash != "" && got != e.Hash {
			return fmt.Errorf("action %d (%s %s): state hash %s, record says %s", i+1, e.Side, e.Action, got, e.Hash)
		}
	}
	return nil
}
