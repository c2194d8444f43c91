package games

import (
	"io/fs"
	"testing"

	"sandtable/docs"
	"sandtable/internal/engine"
	"sandtable/internal/kit/datafile"
)

// TestEveryGameIsComplete checks what registering a game promises the rest
// of the program (docs/new-game.md): an id of the form the records, the
// command line, the board's file and the docs folder use, named sides, a
// default scenario that starts, and the game's rulings written down.
func TestEveryGameIsComplete(t *testing.T) {
	ids := engine.GameIDs()
	if len(ids) == 0 {
		t.Fatal("no game is registered")
	}
	for _, id := range ids {
		g, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		if !datafile.IsID(id) {
			t.Errorf("game id %q is not lower-case kebab", id)
		}
		if len(g.SideNames()) < 2 || len(g.Scenarios()) == 0 || g.Title() == "" {
			t.Errorf("%s: sides %q, scenarios %q, title %q", id, g.SideNames(), g.Scenarios(), g.Title())
		}
		for _, side := range g.SideNames() {
			if !datafile.IsID(side) {
				t.Errorf("%s: side name %q is not lower-case kebab", id, side)
			}
		}
		st, err := g.New(engine.Setup{Seed: 1})
		if err != nil {
			t.Errorf("%s: the default scenario does not start: %v", id, err)
		} else if st.Over() || st.Active() == 0 {
			t.Errorf("%s: the game is over or nobody is to act at the start", id)
		}
		if _, err := fs.Stat(docs.FS, id+"/rulings.md"); err != nil {
			t.Errorf("%s: no docs/%s/rulings.md, where each ruling on the rules is written with its reason", id, id)
		}
	}
}
