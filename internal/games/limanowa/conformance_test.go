package limanowa

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// The engine's conformance suite on scenario 1 (the only one New starts):
// random games with the invariants after every action, redaction, refused
// actions, undo, action texts and replay of every record.
func TestConformance(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 30
	}
	enginetest.Run(t, Game{}, enginetest.Options{Games: games, Deep: 5, MaxActions: 20000, Seed: 1})
}
