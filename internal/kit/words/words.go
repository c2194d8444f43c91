// Package words holds the texts of a game (or of the web client) in every
// language, in message catalogs that a translator edits without Go.
//
// A catalog is a folder of JSON files, one per language, named by the
// language's tag: en.json, it.json, de.json. English is the source every
// other language is checked against. A file is go-i18n's format
// (github.com/nicksnyder/go-i18n/v2), read by go-i18n: nested objects whose
// leaves are the texts, so {"log": {"moves": "..."}} is the key
// "log.moves"; a text holds placeholders and nothing else of the template
// language, "{{.unit}} moves to {{.area}}"; a text that depends on a
// number may be an object of CLDR plural forms, {"one": "{{.n}} hit",
// "other": "{{.n}} hits"}, with an optional "description" for the
// translator.
//
// Load reads and validates a catalog: every language has every key of
// English and no other, each text uses the same placeholders as the
// English one (in any order), a plural text has every form its language
// needs, no key is written twice. A broken catalog is an error naming the
// file and the key, never a silent fallback. A game loads its catalog from
// files embedded in the binary with MustLoad in a package variable, so a
// bad file stops the program, and every test, when it starts:
//
//	//go:embed words/*.json
//	var wordFiles embed.FS
//	var texts = words.MustLoad("mygame", wordFiles, "words")
//
// Text(lang, key, args...) fills a text's placeholders from positional
// arguments, in the order they first appear in the English text: the code
// logs and passes plain values, the catalog names them. Plural(lang, key,
// n, args...) picks the form for n. Arg(lang, a) puts a log argument into
// words when the catalog has "word.<a>"; Word(lang, key) gives a text
// without placeholders when the catalog has it; Has, Args,
// Keys and Langs describe the catalog; Texts gives every text of a
// language as written, for the web client, which fills placeholders
// itself. An unknown language reads English. Every text is parsed once, at
// load: a text that no count chooses (Text, or a text without plural
// forms) is filled from its pieces without go-i18n (the same output,
// TestFastPathIsI18n), a plural form by go-i18n, which caches its parse.
//
// Langs (the package function) lists the languages every catalog loaded so
// far has: what the terminal and the server offer. Adding a language is
// adding one file to every catalog (docs/ARCHITECTURE.md, "Texts and
// languages"). Package wordstest has the checks a game's tests share.
package words

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Source is the language every catalog must have and every other
// language is checked against.
const Source = "en"

// Catalog is one game's (or the client's) texts in every language.
type Catalog struct {
	name  string
	langs []string                     // Source first, then by tag
	args  map[string][]string          // key: placeholder names, in the order of the English text
	forms map[string]bool              // the keys whose texts have plural forms
	texts map[string]map[string]string // lang: key: the "other" form
	loc   map[string]*i18n.Localizer
	fills map[string]map[string]fill // lang: key: the parsed "other" form, filled without go-i18n
}

// Load reads the catalog in dir of fsys (one <lang>.json a language) and
// validates it. name says whose texts they are, in errors and in Langs.
func Load(name string, fsys fs.FS, dir string) (*Catalog, error) {
	files, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	c := &Catalog{name: name, args: map[string][]string{}, forms: map[string]bool{}, texts: map[string]map[string]string{}, loc: map[string]*i18n.Localizer{}, fills: map[string]map[string]fill{}}
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("json", strictJSON)
	msgs := map[string]map[string]*i18n.Message{}
	var errs []error
	for _, f := range files {
		lang := strings.TrimSuffix(path.Base(f), ".json")
		tag, err := language.Parse(lang)
		if err != nil || tag.String() != lang {
			errs = append(errs, fmt.Errorf("%s: the file's name must be a language tag such as en.json or de.json", f))
			continue
		}
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		mf, err := bundle.ParseMessageFileBytes(b, f)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", f, err))
			continue
		}
		msgs[lang] = map[string]*i18n.Message{}
		for _, m := range mf.Messages {
			msgs[lang][m.ID] = m
		}
		c.langs = append(c.langs, lang)
	}
	src, ok := msgs[Source]
	if !ok && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("%s: no %s.json, the source language", dir, Source))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("words: catalog %s: %w", name, errors.Join(errs...))
	}
	for _, key := range slices.Sorted(maps.Keys(src)) {
		names, _ := placeholders(src[key]) // an error is reported by check
		c.args[key] = names
		c.forms[key] = isPlural(src[key])
	}
	slices.SortFunc(c.langs, func(a, b string) int {
		return strings.Compare(sortKey(a), sortKey(b))
	})
	for _, lang := range c.langs {
		file := fmt.Sprintf("%s/%s.json", dir, lang)
		errs = append(errs, c.check(file, lang, msgs[lang], src)...)
		c.texts[lang] = map[string]string{}
		for key, m := range msgs[lang] {
			c.texts[lang][key] = m.Other
		}
		if err := bundle.AddMessages(language.MustParse(lang), slices.Collect(maps.Values(msgs[lang]))...); err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", file, err))
		}
		c.loc[lang] = i18n.NewLocalizer(bundle, lang)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("words: catalog %s: %w", name, errors.Join(errs...))
	}
	// The "other" forms (every text a count does not choose) are parsed
	// once, here.
	for _, lang := range c.langs {
		c.fills[lang] = map[string]fill{}
		for key, m := range msgs[lang] {
			f, err := newFill(m, c.args[key])
			if err != nil {
				return nil, fmt.Errorf("words: catalog %s: %s/%s.json: %s: %v", name, dir, lang, key, err)
			}
			c.fills[lang][key] = f
		}
	}
	register(c)
	return c, nil
}

// check lists what is wrong with the texts of lang (in file) against the
// English ones, src: keys missing or extra, empty texts, plural forms the
// language needs, placeholders other than the English text's.
func (c *Catalog) check(file, lang string, texts, src map[string]*i18n.Message) []error {
	var errs []error
	for _, key := range slices.Sorted(maps.Keys(src)) {
		if _, ok := texts[key]; !ok {
			errs = append(errs, fmt.Errorf("%s: %s is missing", file, key))
		}
	}
	for _, key := range slices.Sorted(maps.Keys(texts)) {
		m := texts[key]
		if _, ok := src[key]; !ok {
			errs = append(errs, fmt.Errorf("%s: %s is not in %s.json", file, key, Source))
			continue
		}
		if m.Other == "" {
			errs = append(errs, fmt.Errorf("%s: %s is empty (a plural text needs its \"other\" form)", file, key))
		}
		if err := pluralForms(m, src[key], language.MustParse(lang)); err != nil {
			errs = append(errs, fmt.Errorf("%s: %s: %v", file, key, err))
		}
		names, err := placeholders(m)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %s: %v", file, key, err))
		} else if lang != Source && !sameSet(names, c.args[key]) {
			errs = append(errs, fmt.Errorf("%s: %s uses %s, the English text %s", file, key, list(names), list(c.args[key])))
		}
	}
	return errs
}

// MustLoad is Load for a catalog embedded in the binary: a broken one
// stops the program at start with Load's error.
func MustLoad(name string, fsys fs.FS, dir string) *Catalog {
	c, err := Load(name, fsys, dir)
	if err != nil {
		panic(err)
	}
	return c
}

// Text is the text of key in lang (English when the catalog has no lang),
// its placeholders filled by args in the order they first appear in the
// English text; missing args are empty. A key the catalog lacks gives the
// key and its arguments, so that nothing is lost.
func (c *Catalog) Text(lang, key string, args ...string) string {
	return c.say(lang, key, nil, args)
}

// other fills the "other" form of key in lang (English when the catalog
// has no lang) straight from its parsed pieces: what go-i18n renders
// when no count chooses a form, without its lookup, language matching
// and template per call.
func (c *Catalog) other(lang, key string, args []string) (string, bool) {
	fs, ok := c.fills[lang]
	if !ok {
		fs = c.fills[Source]
	}
	f, ok := fs[key]
	if !ok {
		return "", false
	}
	return f.with(args), true
}

// Arg puts a log argument into words: the text of "word.<a>" in lang when
// the catalog has one (a side, a result, an event), else a as it is (a
// name, a number).
func (c *Catalog) Arg(lang, a string) string {
	if w, ok := c.Word(lang, "word."+a); ok {
		return w
	}
	return a
}

// Word is the text of key in lang when the catalog has it and it takes no
// arguments: for arguments that are words in some languages ("allied")
// and names in all ("Bardia").
func (c *Catalog) Word(lang, key string) (string, bool) {
	if len(c.args[key]) > 0 || c.forms[key] {
		return "", false
	}
	return c.other(lang, key, nil)
}

// Plural is Text for a text with plural forms: n picks the form by the
// language's CLDR rules (a text without forms is the same for every n). The count is not an argument by itself: pass it
// among args where the text shows it.
func (c *Catalog) Plural(lang, key string, n int, args ...string) string {
	return c.say(lang, key, n, args)
}

// say is render that cannot fail: a render error (impossible for a
// validated catalog) is said in the text rather than hidden.
func (c *Catalog) say(lang, key string, n any, args []string) string {
	if n == nil || !c.forms[key] {
		if s, ok := c.other(lang, key, args); ok {
			return s
		}
	}
	s, err := c.render(lang, key, n, args)
	if err != nil {
		return fmt.Sprintf("%s %v (%v)", key, args, err)
	}
	return s
}

// dataPool keeps the maps that carry a text's arguments to go-i18n.
var dataPool = sync.Pool{New: func() any { return map[string]string{} }}

func (c *Catalog) render(lang, key string, n any, args []string) (string, error) {
	names, ok := c.args[key]
	if !ok {
		return strings.TrimSpace(key + " " + strings.Join(args, " ")), nil
	}
	loc, ok := c.loc[lang]
	if !ok {
		loc = c.loc[Source]
	}
	if !c.forms[key] {
		n = nil // one text for every count
	}
	var data map[string]string
	if len(names) > 0 {
		data = dataPool.Get().(map[string]string)
		defer func() { clear(data); dataPool.Put(data) }()
		for i, name := range names {
			if i < len(args) {
				data[name] = args[i]
			} else {
				data[name] = ""
			}
		}
	}
	return loc.Localize(&i18n.LocalizeConfig{MessageID: key, TemplateData: data, PluralCount: n, TemplateParser: fillParser{}})
}

// Has reports whether the catalog has key.
func (c *Catalog) Has(key string) bool { _, ok := c.args[key]; return ok }

// Keys lists the catalog's keys, sorted.
func (c *Catalog) Keys() []string { return slices.Sorted(maps.Keys(c.args)) }

// Args names key's placeholders, in the order Text fills them.
func (c *Catalog) Args(key string) []string { return c.args[key] }

// Langs lists the catalog's languages, English first.
func (c *Catalog) Langs() []string { return slices.Clone(c.langs) }

// Texts is every key's text in lang (the "other" form of a plural), as the
// translator wrote it: for a client that fills placeholders itself.
func (c *Catalog) Texts(lang string) map[string]string { return maps.Clone(c.texts[lang]) }

// placeholders lists the names a message's texts use, in the order they
// first appear in its "other" form (then in the other forms).
func placeholders(m *i18n.Message) ([]string, error) {
	var names []string
	for _, src := range []string{m.Other, m.Zero, m.One, m.Two, m.Few, m.Many} {
		if src == "" {
			continue
		}
		ps, err := pieces(src, m.LeftDelim, m.RightDelim)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			if p.name != "" && !slices.Contains(names, p.name) {
				names = append(names, p.name)
			}
		}
	}
	return names, nil
}

// pluralForms checks a text with plural forms (in the language or in
// English) has every form the language's CLDR rules give a whole number
// ("one" and "other" in English and Italian).
func pluralForms(m, source *i18n.Message, tag language.Tag) error {
	forms := map[plural.Form]string{plural.Zero: m.Zero, plural.One: m.One, plural.Two: m.Two, plural.Few: m.Few, plural.Many: m.Many, plural.Other: m.Other}
	if !isPlural(m) && !isPlural(source) {
		return nil
	}
	names := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	for n := range 1000 {
		if f := plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0); forms[f] == "" {
			return fmt.Errorf("a text with plural forms needs its %q form here (for %d)", names[f], n)
		}
	}
	return nil
}

// isPlural reports whether m has plural forms besides "other".
func isPlural(m *i18n.Message) bool { return m.Zero+m.One+m.Two+m.Few+m.Many != "" }

// sortKey puts Source first among languages.
func sortKey(lang string) string {
	if lang == Source {
		return ""
	}
	return lang
}

func sameSet(a, b []string) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(s string) bool { return !slices.Contains(b, s) })
}

func list(names []string) string {
	if len(names) == 0 {
		return "no placeholder"
	}
	return "{{." + strings.Join(names, "}} {{.") + "}}"
}

// strictJSON is encoding/json's Unmarshal that also refuses a key written
// twice in one object, which would otherwise silently keep the last.
func strictJSON(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	if err := noDuplicates(d, ""); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("text after the catalog's object")
	}
	return json.Unmarshal(data, v)
}

func noDuplicates(d *json.Decoder, at string) error {
	t, err := d.Token()
	if err != nil {
		return err
	}
	switch t {
	case json.Delim('{'):
		seen := map[string]bool{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return err
			}
			key := at + k.(string)
			if seen[key] {
				return fmt.Errorf("%s is written twice", key)
			}
			seen[key] = true
			if err := noDuplicates(d, key+"."); err != nil {
				return err
			}
		}
		_, err = d.Token()
	case json.Delim('['):
		for d.More() {
			if err := noDuplicates(d, at); err != nil {
				return err
			}
		}
		_, err = d.Token()
	}
	return err
}

var (
	mu     sync.Mutex
	loaded = map[string]*Catalog{}
)

func register(c *Catalog) {
	mu.Lock()
	defer mu.Unlock()
	loaded[c.name] = c
}

// Langs lists the languages that every catalog loaded so far has, English
// first: the languages the program offers.
func Langs() []string {
	mu.Lock()
	defer mu.Unlock()
	var langs []string
	for _, name := range slices.Sorted(maps.Keys(loaded)) {
		c := loaded[name]
		if langs == nil {
			langs = c.Langs()
			continue
		}
		langs = slices.DeleteFunc(langs, func(l string) bool { return !slices.Contains(c.langs, l) })
	}
	if langs == nil {
		return []string{Source}
	}
	return langs
}

// Loaded gives every catalog loaded so far by name: the web client
// sends each game's board words from them.
func Loaded() map[string]*Catalog {
	mu.Lock()
	defer mu.Unlock()
	return maps.Clone(loaded)
}
