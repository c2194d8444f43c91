package limanowa

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// Whole recorded games of scenario 1 with the observer's log in English
// and Italian (testdata/playthrough-SEED.json), and of scenarios 2 and 3
// (playthrough-SCENARIO-SEED.json); refresh with -update.
func TestGoldenPlaythroughs(t *testing.T) {
	enginetest.Golden(t, Game{}, []uint64{1, 2, 3}, "en", "it")
	enginetest.GoldenScenario(t, Game{}, "counter-attack", []uint64{1}, "en", "it")
	enginetest.GoldenScenario(t, Game{}, "muhr-at-jabloniec", []uint64{1}, "en", "it")
}

func FuzzDecodeAction(f *testing.F) {
	enginetest.FuzzActions(f, Game{}, "call oma-russian-1 AF12/AF13/AG13 shell", "call oma-central-2 N18/O19/N19 smoke",
		"cancel oma-russian-3", "spine oma-russian-1 M19/N18/N19", "call oma-russian-1 A01/A02/B01 gas")
}
func FuzzReplayRecord(f *testing.F) { enginetest.FuzzRecords(f, Game{}) }
