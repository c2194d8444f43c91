package compass

import (
	"testing"

	"sandtable/internal/engine/enginetest"
)

// TestGoldenPlaythroughs replays three whole recorded games and compares
// every state hash and the full log, in English and in Italian, with the
// files in testdata/; regenerate with `go test ./internal/games/compass
// -run Golden -update` once a change of play is meant, and read the diff.
func TestGoldenPlaythroughs(t *testing.T) {
	enginetest.Golden(t, Game{}, []uint64{1, 2, 3}, "en", "it")
}

// FuzzReplayRecord feeds the record decoder and Replay arbitrary bytes,
// starting from the openings of the golden records and broken copies of
// them (enginetest.FuzzRecords says what must hold).
func FuzzReplayRecord(f *testing.F) {
	enginetest.FuzzRecords(f, Game{},
		`{"game":"compass","setup":{"scenario":"desert"}}`,
		`{"game":"compass","setup":{"seed":1},"actions":[{"side":"italian","action":"done"}]}`,
		`{"game":"compass","setup":{"seed":1},"actions":[{"side":"allied","action":"move 7rtr atlantis"}]}`)
}
