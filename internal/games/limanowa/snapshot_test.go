package limanowa

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// TestRestore: a state restored from its bytes is the replayed one and
// plays on identically, in each scenario and in both campaigns (their
// recoveries, 11.532, restore a unit's force); Resume opens each game
// from its snapshots.
func TestRestore(t *testing.T) {
	for _, c := range []struct {
		scenario string
		games    int
		every    int
	}{
		{"probe", 4, 7},
		{"counter-attack", 2, 16},
		{"muhr-at-jabloniec", 2, 16},
		{"high-water-mark", 1, 64},
		{"gods-playground", 1, 64},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			enginetest.Restore(t, Game{}, enginetest.Options{Games: c.games, Scenario: c.scenario, Seed: 1}, c.every)
		})
	}
}

func FuzzUnmarshal(f *testing.F) {
	enginetest.FuzzUnmarshal(f, Game{}, "probe", "counter-attack", "high-water-mark")
}
