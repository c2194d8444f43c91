package compass

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// TestConformance plays a thousand random games of Compass through the
// engine's conformance suite; the first five also get the deep checks
// after every action (redaction, refused actions, undo, action text).
func TestConformance(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	enginetest.Run(t, Game{}, enginetest.Options{Games: games, Deep: 5, MaxActions: 20000, Seed: 1})
}
