package limanowa

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// The engine's conformance suite on each scenario: random games with the
// invariants after every action, redaction, refused actions, undo, action
// texts and replay of every record. Scenarios 2 and 3 are longer and
// bigger; fewer games of them keep the suite quick.
func TestConformance(t *testing.T) {
	for _, tt := range []struct {
		scenario    string
		games, deep int
	}{{"probe", 200, 5}, {"counter-attack", 12, 1}, {"muhr-at-jabloniec", 20, 2}} {
		t.Run(tt.scenario, func(t *testing.T) {
			games := tt.games
			if testing.Short() {
				games = max(games/6, 2)
			}
			enginetest.Run(t, Game{}, enginetest.Options{Scenario: tt.scenario, Games: games, Deep: tt.deep, MaxActions: 40000, Seed: 1})
		})
	}
}
