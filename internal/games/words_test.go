package games_test

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
	_ "sandtable/internal/games"
	"sandtable/internal/kit/words"
	_ "sandtable/internal/web" // the client's catalog
)

// TestCatalogs: every game and the web client have a catalog of texts, and
// every catalog has the same languages, so a language is offered only when
// all its texts are there. (Each catalog was checked when it loaded: every
// key in every language, with the same placeholders.)
func TestCatalogs(t *testing.T) {
	cats := words.Loaded()
	for _, id := range append(engine.GameIDs(), "web") {
		if _, ok := cats[id]; !ok {
			t.Errorf("%s has no catalog of texts (internal/kit/words)", id)
		}
	}
	want := cats["web"].Langs()
	for name, c := range cats {
		if langs := c.Langs(); !slices.Equal(langs, want) {
			t.Errorf("catalog %s has the languages %v, the web client's %v: each language needs a file in every catalog", name, langs, want)
		}
	}
	if got := words.Langs(); len(got) < 2 || got[0] != words.Source {
		t.Errorf("languages offered: %v", got)
	}
}
