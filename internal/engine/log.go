package engine

import "slices"

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
