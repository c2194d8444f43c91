package limanowa

import "sandtable/internal/engine"

// The game is registered with the engine: internal/games/games.go imports
// this package, which makes Limanowa available to the terminal, the
// server, the simulator, replays and the engine protocol (scenario 1 only,
// Game.Scenarios).
func init() { engine.Register(Game{}) }
