// Package games makes every game available: importing it registers each
// game with the engine (engine.Register, from the game package's init)
// and its computer players' knowledge (ai.RegisterKnowledge). The binary
// imports it once; adding a game is one line here (docs/new-game.md).
package games

import (
	_ "sandtable/internal/games/compass"
	_ "sandtable/internal/games/limanowa"
	_ "sandtable/internal/games/primogenita"
	_ "sandtable/internal/games/wdf"
)
