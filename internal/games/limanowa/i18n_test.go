package limanowa

import (
	"slices"
	"testing"

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
// its message has placeholders.
func TestLogArguments(t *testing.T) { wordstest.LogArguments(t, texts, Game{}, 3) }
