package wdf

import (
	"os"
	"strconv"
	"testing"

	"sandtable/internal/engine/enginetest"
)

// TestConformance plays random games of Western Desert Force through the
// engine's conformance suite; the first also gets the deep checks after
// every action (redaction, refused actions, undo, action text). A random
// game is about 2,400 actions and the deep one replays its record at every
// die roll, so a normal run plays three games (about 40 s on two shared
// cores); WDF_CONFORMANCE_GAMES=60 plays more.
func TestConformance(t *testing.T) {
	games, deep := 3, 1
	if testing.Short() {
		games, deep = 2, 0
	}
	if n, err := strconv.Atoi(os.Getenv("WDF_CONFORMANCE_GAMES")); err == nil && n > 0 {
		games, deep = n, 3
	}
	enginetest.Run(t, Game{}, enginetest.Options{Games: games, Deep: deep, MaxActions: 50000, Seed: 1})
}
