package primogenita

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// The engine's conformance suite on random games: invariants after every
// action, no dead ends, games that end, refused actions that change
// nothing, redaction of the secret Order choice, record round trips,
// replay and undo. The game is not registered; the suite takes it directly.
func TestConformance(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	enginetest.Run(t, Game{}, enginetest.Options{Games: games, Deep: 1, Seed: 1, MaxActions: 200000})
}
