package cli

import (
	"strings"
	"testing"

	_ "sandtable/internal/games/compass"
	_ "sandtable/internal/games/wdf"
)

// TestPlayCompactAndNeighbours: --compact prints the board once and sums
// up a long action list, 'list WORD' finds the actions that name a place,
// 'board' still draws it, and 'neighbours' lists an area's or a hex's
// neighbours (by id or by name), with a clear error for an unknown place.
func TestPlayCompactAndNeighbours(t *testing.T) {
	code, out, errOut := runCmd(t, inputLines("1", "2", "3", "done", "nb sidi-barrani", "neighbours Bardia", "nb nowhere",
		"list bir enba", "board", "quit"),
		"play", "compass", "--side", "allied", "--ai", "random", "--seed", "7", "--compact")
	if code != 0 {
		t.Fatalf("play: exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		"Sidi Barrani: ", "Buq Buq (", " MP)", "Bardia: ", `no area "nowhere"`,
		"actions (move ", "'list' shows them", "Bir Enba",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("compact play output lacks %q:\n%s", want, out)
		}
	}
	// The board: once at the start and once asked for, not at every
	// decision.
	if n := strings.Count(out, "Turn 1/12"); n != 2 {
		t.Errorf("the board was drawn %d times, want 2 (the start and 'board'):\n%s", n, out)
	}

	code, out, errOut = runCmd(t, inputLines("nb 3609", "nb Tobruk", "quit"), "play", "wdf", "--side", "allied", "--ai", "random", "--seed", "3", "--compact", "--lang", "it")
	if code != 0 {
		t.Fatalf("play wdf: exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{"3609", "Tobruk"} {
		if !strings.Contains(out, want) {
			t.Fatalf("wdf neighbours lack %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "\n  ") < 6 {
		t.Errorf("wdf neighbours list fewer than six lines:\n%s", out)
	}
}
