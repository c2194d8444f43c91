package limanowa

import (
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// The tests register the game so that records replay (engine.Replay looks
// games up by id); the program does not yet (doc.go).
func init() { engine.Register(Game{}) }

// Whole recorded games of scenario 1 with the observer's log in English
// and Italian (testdata/playthrough-SEED.json), and of scenarios 2 and 3
// (playthrough-SCENARIO-SEED.json); refresh with -update.
func TestGoldenPlaythroughs(t *testing.T) {
	enginetest.Golden(t, Game{}, []uint64{1, 2, 3}, "en", "it")
	enginetest.GoldenScenario(t, Game{}, "counter-attack", []uint64{1}, "en", "it")
	enginetest.GoldenScenario(t, Game{}, "muhr-at-jabloniec", []uint64{1}, "en", "it")
}

func FuzzDecodeAction(f *testing.F) { enginetest.FuzzActions(f, Game{}) }
func FuzzReplayRecord(f *testing.F) { enginetest.FuzzRecords(f, Game{}) }
