package limanowa

import (
	"path/filepath"
	"slices"
	"testing"

	"sandtable/internal/engine/enginetest"
	"sandtable/internal/kit/words"
	"sandtable/internal/kit/words/wordstest"
)

// TestCatalog: the catalog (checked when it loaded: every key in every
// language, the same placeholders) has two languages at least, every
// step's prompt, every word the log puts into words and every counter's
// name, the English one the same as counters.json's.
func TestCatalog(t *testing.T) {
	if langs := texts.Langs(); len(langs) < 2 {
		t.Errorf("languages %v", langs)
	}
	want := []string{"prompt.over", "prompt.waiting"}
	for _, k := range stepKey {
		want = append(want, "prompt."+k)
	}
	for _, w := range slices.Concat([]string{"draw", "rallied", "passes", "fails", "destroyed"}, SideNames, faces, policyNames) {
		want = append(want, "word."+w)
	}
	for _, key := range want {
		if !texts.Has(key) {
			t.Errorf("no text %s", key)
		}
	}
	for _, c := range DefaultData().Counters {
		if got, ok := texts.Word(words.Source, "counter."+c.ID); !ok || got != c.Name {
			t.Errorf("counter.%s is %q, counters.json names it %q", c.ID, got, c.Name)
		}
	}
}

// TestLogKeys: every key the code logs has a text.
func TestLogKeys(t *testing.T) { wordstest.LogKeys(t, texts, 30) }

// TestLogArguments: in random games every entry has as many arguments as
// its message has placeholders - scenario 1's, and the recorded games of
// scenarios 2 and 3 (arrivals, artillery).
func TestLogArguments(t *testing.T) {
	wordstest.LogArguments(t, texts, Game{}, 3)
	for _, name := range []string{"counter-attack-1", "muhr-at-jabloniec-1"} {
		s := enginetest.ReplayFile(t, filepath.Join("testdata", "playthrough-"+name+".json"))
		for _, e := range s.Log {
			if want := len(texts.Args("log." + e.Key)); want != len(e.Args) {
				t.Errorf("%s: message %q takes %d arguments, the entry has %d: %v", name, e.Key, want, len(e.Args), e.Args)
			}
		}
	}
}

// TestActionsInWords: every action Legal lists in random games (moves
// with pick-up and exit among them) has its text in both languages, never
// its record text.
func TestActionsInWords(t *testing.T) { wordstest.ActionsInWords(t, Game{}, 3) }
