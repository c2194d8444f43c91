package toy

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// What every game gets for free from enginetest, in a line each
// (docs/new-game.md).

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game{}, enginetest.Options{Games: 300, Deep: 50, Seed: 1})
}

func TestGoldenPlaythroughs(t *testing.T) {
	enginetest.Golden(t, Game{}, []uint64{1, 2}, "en")
}

func FuzzDecodeAction(f *testing.F) { enginetest.FuzzActions(f, Game{}, "take 9", "roll 2") }

func FuzzReplayRecord(f *testing.F) { enginetest.FuzzRecords(f, Game{}) }
