package compass

import (
	"strconv"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
	"sandtable/internal/kit/words/wordstest"
)

// TestCatalog: the catalog loads from its files (every key in every
// language, the same placeholders) and has every step's prompt, every
// phase's name and every token the code puts into words.
func TestCatalog(t *testing.T) {
	c, err := words.Load("compass", wordFiles, "words")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Langs()) < 2 {
		t.Errorf("languages %v", c.Langs())
	}
	for st, k := range stepKey {
		if !c.Has("prompt." + k) {
			t.Errorf("step %d (%s) has no prompt", st, k)
		}
	}
	for st, p := range stepName {
		if !c.Has("phase." + p) {
			t.Errorf("step %d: no name for phase %q", st, p)
		}
	}
	for _, w := range append(append([]string{"allied", "italian"}, resultKey[1:]...), linkName[:]...) {
		if !c.Has("word." + w) {
			t.Errorf("no word %q", w)
		}
	}
}

// TestLogKeys: every key the code logs has a text.
func TestLogKeys(t *testing.T) { wordstest.LogKeys(t, texts, 30) }

// TestLogArguments: in random games every entry has as many arguments as
// its message has placeholders.
func TestLogArguments(t *testing.T) { wordstest.LogArguments(t, texts, Game{}, 3) }

// TestRenderLogLanguages: the same stored entry reads in either language.
func TestRenderLogLanguages(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	e := engine.LogEntry{Rule: "6.2.E.5", Key: "die", Args: []string{"4th Ind", "3", "+1 support,-1 oos", "3", "2", "hit"}}
	if got, want := s.RenderLog(e, "en"), "Compass 6.2.E.5: 4th Ind: CV 3 +1 (support) -1 (out of supply) = 3, rolls 2: hit"; got != want {
		t.Errorf("en: got %q, want %q", got, want)
	}
	if got, want := s.RenderLog(e, "it"), "Compass 6.2.E.5: 4th Ind: VC 3 +1 (supporto) -1 (fuori rifornimento) = 3, tira 2: colpo a segno"; got != want {
		t.Errorf("it: got %q, want %q", got, want)
	}
}

// TestPromptPlurals: a prompt with a count takes the form for it in each
// language.
func TestPromptPlurals(t *testing.T) {
	for _, c := range []struct {
		lang, key string
		n         int
		want      string
	}{
		{"en", "prompt.atkHits", 1, "6.2.E.6: distribute 1 hit among your units"},
		{"en", "prompt.atkHits", 2, "6.2.E.6: distribute 2 hits among your units"},
		{"it", "prompt.defHits", 1, "6.2.E.6: distribuisci 1 colpo tra le tue unità"},
		{"it", "prompt.defHits", 3, "6.2.E.6: distribuisci 3 colpi tra le tue unità"},
		{"it", "prompt.pick", 1, "6.1.A: scegli un segnalino evento dal contenitore (ne resta 1)"},
	} {
		if got := texts.Plural(c.lang, c.key, c.n, strconv.Itoa(c.n)); got != c.want {
			t.Errorf("%s %s %d: got %q, want %q", c.lang, c.key, c.n, got, c.want)
		}
	}
}
