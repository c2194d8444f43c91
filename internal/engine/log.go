package engine

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
