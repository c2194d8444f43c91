package limanowa

import (
	"testing"

	"sandtable/internal/engine/enginetest"
	"sandtable/internal/kit/words"
	"sandtable/internal/kit/words/wordstest"
)

// TestCatalog: the catalog loads from its files (every key in every
// language, the same placeholders) and has every step's prompt, every
// word the log puts into words and every counter's name, the English one
// the same as counters.json's.
func TestCatalog(t *testing.T) {
	c, err := words.Load("limanowa", wordFiles, "words")
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
	for _, k := range []string{"over", "waiting"} {
		if !c.Has("prompt." + k) {
			t.Errorf("no prompt %q", k)
		}
	}
	ws := []string{"draw", "rallied", "passes", "fails", "destroyed"}
	for _, w := range append(append(append(ws, SideNames...), faces...), policyNames...) {
		if !c.Has("word." + w) {
			t.Errorf("no word %q", w)
		}
	}
	d := DefaultData()
	for _, cc := range d.Counters {
		if got, ok := c.Word(words.Source, "counter."+cc.ID); !ok || got != cc.Name {
			t.Errorf("counter.%s is %q, counters.json names it %q", cc.ID, got, cc.Name)
		}
	}
}

// TestLogKeys: every key the code logs has a text.
func TestLogKeys(t *testing.T) { wordstest.LogKeys(t, texts, 30) }

// TestLogArguments: in random games every entry has as many arguments as
// its message has placeholders.
func TestLogArguments(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := enginetest.PlayRandom(t, Game{}, seed)
		for _, e := range s.Log {
			if want := len(texts.Args("log." + e.Key)); want != len(e.Args) {
				t.Fatalf("message %q takes %d arguments, the entry has %d: %v", e.Key, want, len(e.Args), e.Args)
			}
		}
	}
}
