package wdf

import "sandtable/internal/engine"

// The game is complete: it registers itself with the engine.
func init() { engine.Register(Game{}) }
