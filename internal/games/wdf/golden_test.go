package wdf

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// TestGoldenPlaythroughs replays a whole recorded game and compares every
// state hash and the full log, in English and in Italian, with the files
// in testdata/; regenerate with `go test ./internal/games/wdf -run Golden
// -update` once a change of play is meant, and read the diff.
func TestGoldenPlaythroughs(t *testing.T) {
	enginetest.Golden(t, Game{}, []uint64{1}, "en", "it")
}

// FuzzReplayRecord feeds the record decoder and Replay arbitrary bytes,
// starting from the opening of the golden record and broken copies of it
// (enginetest.FuzzRecords says what must hold).
func FuzzReplayRecord(f *testing.F) {
	enginetest.FuzzRecords(f, Game{},
		`{"game":"wdf","setup":{"scenario":"crusader"}}`,
		`{"game":"wdf","setup":{"seed":1},"actions":[{"side":"axis","action":"done"}]}`)
}

// FuzzDecodeAction: no input makes the decoder panic, and what it accepts
// encodes back to text that decodes to the same action.
func FuzzDecodeAction(f *testing.F) {
	enginetest.FuzzActions(f, Game{}, "spend 13", "move aus-16 9999", "lead rommel 2412", "resolve no-ap")
}
