package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestClientWords: the client's words are served per language, with the
// languages there are; a language the catalog lacks is not found (the
// client then asks for English).
func TestClientWords(t *testing.T) {
	h := Handler(nil)
	r := get(t, h, "/static/words/it.json", nil)
	if r.Code != 200 || r.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, type %q", r.Code, r.Header().Get("Content-Type"))
	}
	var got clientWords
	if err := json.Unmarshal(r.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Lang != "it" || got.Langs["en"] != "English" || got.Langs["it"] != "Italiano" ||
		got.Words["lobby"] != "Sala" || got.Games["wdf"]["side.axis"] != "Asse" || got.Words["result.wins"] != "vittoria: {{.side}}" ||
		got.Games["compass"]["turnTrack"] != "Tabella dei turni" || got.Games["wdf"]["fort.intact"] != "intatta" {
		t.Errorf("served %+v", got)
	}
	if r := get(t, h, "/static/words/xx.json", nil); r.Code != 404 {
		t.Errorf("an unknown language: status %d", r.Code)
	}
}

// TestClientKeys: every key the client's scripts look up with t('key')
// is in the catalog.
func TestClientKeys(t *testing.T) {
	files, _ := filepath.Glob("static/js/*.js")
	call := regexp.MustCompile(`\bt\('([A-Za-z.]+)'`)
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			n++
			if !texts.Has(m[1]) {
				t.Errorf("%s: t('%s') is not in internal/web/words/en.json", f, m[1])
			}
		}
	}
	for _, k := range []string{"intro", "data", "rulings", "dataRulings", "own"} { // about.js
		if !texts.Has("aboutPage." + k) {
			t.Errorf("aboutPage.%s is not in the catalog", k)
		}
	}
	// Scripts whose words are a section, read by w('key').
	for file, section := range map[string]string{"static/js/fair.js": "fair", "static/js/account.js": "account"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`\bw\('([A-Za-z]+)'`).FindAllStringSubmatch(string(src), -1) {
			if !texts.Has(section + "." + m[1]) {
				t.Errorf("%s: w('%s') is not in the catalog's %s section", file, m[1], section)
			}
		}
	}
	if n < 50 {
		t.Errorf("found only %d t('key') calls", n)
	}
}
