package words

import (
	"strings"
	"testing"
	"testing/fstest"
)

func catalog(files map[string]string) fstest.MapFS {
	fs := fstest.MapFS{}
	for name, body := range files {
		fs["w/"+name] = &fstest.MapFile{Data: []byte(body)}
	}
	return fs
}

const (
	enOK = `{"log": {"moves": "{{.unit}} moves to {{.area}}", "ends": "the end"},
	 "hits": {"description": "a count of hits", "one": "{{.n}} hit on {{.unit}}", "other": "{{.n}} hits on {{.unit}}"}}`
	itOK = `{"log": {"moves": "{{.unit}} muove in {{.area}}", "ends": "la fine"},
	 "hits": {"one": "{{.n}} colpo su {{.unit}}", "other": "{{.n}} colpi su {{.unit}}"}}`
)

// TestText: placeholders are filled in the order of the English text, in
// any order in the other language; plurals follow each language's rules.
func TestText(t *testing.T) {
	c, err := Load("test", catalog(map[string]string{"en.json": enOK,
		"it.json": `{"log": {"moves": "in {{.area}} muove {{.unit}}", "ends": "la fine"},
		 "hits": {"one": "{{.n}} colpo su {{.unit}}", "other": "{{.n}} colpi su {{.unit}}"}}`}), "w")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ got, want string }{
		{c.Text("en", "log.moves", "7RTR", "Sidi Barrani"), "7RTR moves to Sidi Barrani"},
		{c.Text("it", "log.moves", "7RTR", "Sidi Barrani"), "in Sidi Barrani muove 7RTR"},
		{c.Text("de", "log.moves", "7RTR", "Sidi Barrani"), "7RTR moves to Sidi Barrani"}, // no German: English
		{c.Text("en", "log.moves", "7RTR"), "7RTR moves to "},                             // a missing argument is empty
		{c.Text("it", "log.ends"), "la fine"},
		{c.Text("en", "log.unknown", "a", "b"), "log.unknown a b"}, // nothing lost
		{c.Plural("en", "hits", 1, "1", "4th Ind"), "1 hit on 4th Ind"},
		{c.Plural("en", "hits", 2, "2", "4th Ind"), "2 hits on 4th Ind"},
		{c.Plural("it", "hits", 1, "1", "4th Ind"), "1 colpo su 4th Ind"},
		{c.Plural("it", "hits", 0, "0", "4th Ind"), "0 colpi su 4th Ind"},
		{c.Text("it", "hits", "3", "4th Ind"), "3 colpi su 4th Ind"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if got := c.Args("log.moves"); strings.Join(got, " ") != "unit area" {
		t.Errorf("args %v", got)
	}
	if w, ok := c.Word("it", "log.ends"); !ok || w != "la fine" {
		t.Errorf("word %q %v", w, ok)
	}
	if _, ok := c.Word("it", "log.moves"); ok {
		t.Error("a text with placeholders is not a word")
	}
	if got := c.Langs(); strings.Join(got, " ") != "en it" {
		t.Errorf("langs %v", got)
	}
}

// TestLoadRefuses: a broken catalog is an error that names the file and
// the key, never a silent fallback.
func TestLoadRefuses(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"missing key", map[string]string{"en.json": enOK, "it.json": `{"log": {"moves": "{{.unit}} muove in {{.area}}"}, "hits": {"one": "{{.n}} colpo su {{.unit}}", "other": "{{.n}} colpi su {{.unit}}"}}`},
			"w/it.json: log.ends is missing"},
		{"extra key", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, `"ends"`, `"ende": "x", "ends"`, 1)},
			"w/it.json: log.ende is not in en.json"},
		{"other placeholder", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, "{{.area}}", "{{.hex}}", 1)},
			"w/it.json: log.moves uses {{.unit}} {{.hex}}, the English text {{.unit}} {{.area}}"},
		{"placeholder left out", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, " in {{.area}}", "", 1)},
			"log.moves uses {{.unit}}, the English text {{.unit}} {{.area}}"},
		{"template code", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, "{{.area}}", "{{len .area}}", 1)},
			"a text may hold only placeholders"},
		{"bad template", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, "{{.area}}", "{{.area}", 1)},
			"w/it.json: log.moves"},
		{"key twice", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, `"ends"`, `"ends": "x", "ends"`, 1)},
			"w/it.json: log.ends is written twice"},
		{"not JSON", map[string]string{"en.json": enOK, "it.json": `{"log": `}, "w/it.json"},
		{"plural without other", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, `, "other": "{{.n}} colpi su {{.unit}}"`, "", 1)},
			"w/it.json: hits is empty"},
		{"plural form missing", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, `"one": "{{.n}} colpo su {{.unit}}", `, "", 1)},
			`w/it.json: hits: a text with plural forms needs its "one" form here (for 1)`},
		{"plural in one language only", map[string]string{"en.json": enOK, "it.json": strings.Replace(itOK, `{"one": "{{.n}} colpo su {{.unit}}", "other": "{{.n}} colpi su {{.unit}}"}`, `"{{.n}} colpi su {{.unit}}"`, 1)},
			`w/it.json: hits: a text with plural forms needs its "one" form`},
		{"file name", map[string]string{"en.json": enOK, "italian.json": itOK}, "w/italian.json: the file's name must be a language tag"},
		{"no English", map[string]string{"it.json": itOK}, "no en.json"},
	} {
		_, err := Load("test", catalog(c.files), "w")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestLangs: the languages offered are those every catalog has.
func TestLangs(t *testing.T) {
	defer func(saved map[string]*Catalog) { loaded = saved }(loaded)
	loaded = map[string]*Catalog{}
	if _, err := Load("a", catalog(map[string]string{"en.json": enOK, "it.json": itOK}), "w"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Langs(), " "); got != "en it" {
		t.Errorf("langs %q", got)
	}
	if _, err := Load("b", catalog(map[string]string{"en.json": enOK}), "w"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Langs(), " "); got != "en" {
		t.Errorf("langs %q, want only the language both catalogs have", got)
	}
}

// BenchmarkText: one text with two placeholders.
func BenchmarkText(b *testing.B) {
	c, err := Load("bench", catalog(map[string]string{"en.json": enOK, "it.json": itOK}), "w")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		c.Text("it", "log.moves", "7RTR", "Sidi Barrani")
	}
}

// FuzzLoad: whatever a translator's file holds, Load either refuses it or
// gives a catalog whose every text renders in that language, Text as
// go-i18n does.
func FuzzLoad(f *testing.F) {
	f.Add(itOK)
	f.Add(`{"log": {"moves": "{{.unit}}", "ends": ""}}`)
	f.Add(`{"log": {"moves": "{{.unit}} {{.area}} {{", "ends": "x"}}`)
	f.Add(`{"log": {"moves": {"one": "{{.unit}} {{.area}}"}, "ends": "x"}, "hits": "{{.n}} {{.unit}}"}`)
	f.Fuzz(func(t *testing.T, it string) {
		c, err := Load("fuzz", catalog(map[string]string{"en.json": enOK, "it.json": it}), "w")
		if err != nil {
			return
		}
		for _, key := range c.Keys() {
			args := make([]string, len(c.Args(key)))
			for i := range args {
				args[i] = "a"
			}
			for n := range 3 {
				if _, err := c.render("it", key, n, args); err != nil {
					t.Fatalf("%s: %v", key, err)
				}
			}
			if want, err := c.render("it", key, nil, args); err != nil || c.Text("it", key, args...) != want {
				t.Fatalf("%s: Text gives %q, go-i18n %q (%v)", key, c.Text("it", key, args...), want, err)
			}
		}
	})
}
