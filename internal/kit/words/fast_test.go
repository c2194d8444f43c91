package words_test

import (
	"fmt"
	"testing"

	_ "sandtable/internal/games" // every game's catalog
	"sandtable/internal/kit/words"
	_ "sandtable/internal/web" // the client's catalog
)

// TestFastPathIsI18n: Text and Plural, which fill a text's "other" form
// from its parsed pieces without go-i18n, give go-i18n's rendering for
// every key of every catalog in every language (and in one the catalogs
// lack), with every argument, with some missing, and for several counts.
func TestFastPathIsI18n(t *testing.T) {
	cats := words.Loaded()
	if len(cats) < 5 {
		t.Fatalf("%d catalogs loaded, want every game's and the client's", len(cats))
	}
	n := 0
	for name, c := range cats {
		for _, lang := range append(c.Langs(), "de") {
			for _, key := range c.Keys() {
				names := c.Args(key)
				full := make([]string, len(names))
				for i, a := range names {
					full[i] = fmt.Sprintf("<%s %d & «è»>", a, i)
				}
				for _, args := range [][]string{full, full[:len(full)/2], nil} {
					want, err := c.ViaI18n(lang, key, nil, args...)
					if err != nil {
						t.Fatalf("%s %s %s: %v", name, lang, key, err)
					}
					if got := c.Text(lang, key, args...); got != want {
						t.Errorf("%s %s %s %q: Text gives %q, go-i18n %q", name, lang, key, args, got, want)
					}
					for _, count := range []int{0, 1, 2, 5, 21} {
						want, err := c.ViaI18n(lang, key, count, args...)
						if err != nil {
							t.Fatalf("%s %s %s %d: %v", name, lang, key, count, err)
						}
						if got := c.Plural(lang, key, count, args...); got != want {
							t.Errorf("%s %s %s %d %q: Plural gives %q, go-i18n %q", name, lang, key, count, args, got, want)
						}
					}
					n++
				}
			}
		}
	}
	t.Logf("%d texts compared", n)
}
