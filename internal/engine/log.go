package engine

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// LogEntry is one step of the game log: the rule it applies, who may read it,
// and a message key with arguments that the game renders in a language.
type LogEntry struct {
	Rule string   `json:"rule,omitempty"` // rule reference, e.g. "6.2.E.7"
	To   Side     `json:"to"`             // Observer: everyone; else only this side
	Key  string   `json:"key"`            // message key in the game's catalogue
	Args []string `json:"args,omitempty"` // values for the message
}

// VisibleTo reports whether side may read the entry. An Observer reads only
// public entries.
func (e LogEntry) VisibleTo(side Side) bool { return e.To == Observer || e.To == side }

// Log collects a state's log entries while logging is on. A game's State
// embeds it (outside what Marshal encodes) and so implements SetLogging
// and TakeLog; its Clone sets the copy's Log to the zero Log, which keeps
// nothing.
type Log struct {
	on      bool
	entries []LogEntry
}

// SetLogging turns collecting on or off (State.SetLogging).
func (l *Log) SetLogging(on bool) { l.on = on }

// Logging reports whether entries are being collected.
func (l *Log) Logging() bool { return l.on }

// TakeLog returns the entries collected since the last call and forgets
// them (State.TakeLog).
func (l *Log) TakeLog() []LogEntry {
	e := l.entries
	l.entries = nil
	return e
}

// Add appends an entry when logging is on. It keeps a copy of args, so
// that args does not escape and a call costs no allocation when logging
// is off (in the computer players' searches).
func (l *Log) Add(rule string, to Side, key string, args ...string) {
	if l.on {
		l.entries = append(l.entries, LogEntry{Rule: rule, To: to, Key: key, Args: slices.Clone(args)})
	}
}

// MarshalLog encodes a session's log compactly, for the snapshots kept
// beside a record: a count, then each entry's move, reader, rule, key and
// arguments, numbers as varints and texts by their length. Decoding it
// costs a fraction of JSON's (a long campaign's log has tens of thousands
// of entries).
func MarshalLog(log []Logged) []byte {
	b := binary.AppendUvarint(nil, uint64(len(log)))
	str := func(s string) { b = append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	for _, e := range log {
		b = binary.AppendUvarint(b, uint64(e.Move))
		b = binary.AppendVarint(b, int64(e.To))
		str(e.Rule)
		str(e.Key)
		b = binary.AppendUvarint(b, uint64(len(e.Args)))
		for _, a := range e.Args {
			str(a)
		}
	}
	return b
}

// UnmarshalLog decodes MarshalLog's bytes; anything else is an error. The
// texts, mostly the same few rules and keys, are shared.
func UnmarshalLog(data []byte) ([]Logged, error) {
	bad := fmt.Errorf("log: not an encoded log")
	at := 0
	num := func() (uint64, bool) {
		v, n := binary.Uvarint(data[at:])
		at += max(n, 0)
		return v, n > 0
	}
	seen := map[string]string{}
	str := func() (string, bool) {
		n, ok := num()
		if !ok || n > uint64(len(data)-at) {
			return "", false
		}
		raw := data[at : at+int(n)]
		at += int(n)
		s, ok := seen[string(raw)]
		if !ok {
			s = string(raw)
			seen[s] = s
		}
		return s, true
	}
	count, ok := num()
	if !ok || count > uint64(len(data)) {
		return nil, bad
	}
	log := make([]Logged, count)
	for i := range log {
		e := &log[i]
		move, ok1 := num()
		to, n := binary.Varint(data[at:])
		at += max(n, 0)
		var ok2, ok3 bool
		e.Rule, ok2 = str()
		e.Key, ok3 = str()
		args, ok4 := num()
		if !ok1 || n <= 0 || !ok2 || !ok3 || !ok4 || move > math.MaxInt32 || to < int64(Observer) || to > 7 || args > uint64(len(data)-at) {
			return nil, bad
		}
		e.Move, e.To = int(move), Side(to)
		if args > 0 {
			e.Args = make([]string, args)
			for k := range e.Args {
				if e.Args[k], ok = str(); !ok {
					return nil, bad
				}
			}
		}
	}
	if at != len(data) {
		return nil, bad
	}
	return log, nil
}
