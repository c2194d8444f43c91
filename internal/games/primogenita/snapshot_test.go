package primogenita

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// TestRestore: a state restored from its bytes, every 64 actions of random
// games, is the replayed one and plays on identically; Resume opens each
// game from its snapshots.
func TestRestore(t *testing.T) {
	enginetest.Restore(t, Game{}, enginetest.Options{Games: 2, Seed: 1}, 64)
}

func FuzzUnmarshal(f *testing.F) { enginetest.FuzzUnmarshal(f, Game{}, "campaign") }
