// Package wordstest holds the checks of a game's texts that its tests
// share: every key its code logs has a text, with as many arguments as
// its placeholders, and the cost of rendering its log.
package wordstest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/kit/words"
)

// logCall finds a log call's key: s.logf(rule, to, "key", ...).
var logCall = regexp.MustCompile(`logf\([^,]+, [^,]+, "(\w+)"`)

// LogKeys checks that every key the Go files of the current folder log
// (through a logf(rule, to, "key", args...) method) has its text
// "log.<key>" in c: read from the sources, so that keys random games
// rarely reach are checked too. At least min calls must be found, so that
// a renamed method does not pass unseen.
func LogKeys(t *testing.T, c *words.Catalog, min int) {
	t.Helper()
	files, _ := filepath.Glob("*.go")
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range logCall.FindAllStringSubmatch(string(src), -1) {
			n++
			if !c.Has("log." + m[1]) {
				t.Errorf("%s: no text log.%s for a log call", f, m[1])
			}
		}
	}
	if n < min {
		t.Errorf("found only %d log calls, want at least %d", n, min)
	}
}

// LogArguments checks that in random games of g (seeds 1 to games) every
// log entry has as many arguments as its text "log.<key>" in c has
// placeholders.
func LogArguments(t *testing.T, c *words.Catalog, g engine.Game, games uint64) {
	t.Helper()
	for seed := uint64(1); seed <= games; seed++ {
		s := enginetest.PlayRandom(t, g, seed)
		for _, e := range s.Log {
			if want := len(c.Args("log." + e.Key)); want != len(e.Args) {
				t.Fatalf("seed %d: message %q takes %d arguments, the entry has %d: %v", seed, e.Key, want, len(e.Args), e.Args)
			}
		}
	}
}

// BenchRenderLog measures rendering one line of sess's log, in English and
// Italian alternately (a view renders the log it shows).
func BenchRenderLog(b *testing.B, sess *engine.Session) {
	if len(sess.Log) == 0 {
		b.Fatal("no log to render")
	}
	langs := []string{"en", "it"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		e := sess.Log[i%len(sess.Log)]
		_ = sess.State.RenderLog(e.LogEntry, langs[i/len(sess.Log)%2])
	}
}

// recordID is a record's id of a piece ("hussar-sqn-2", "12-col",
// "4-armd"): lower-case letters with a hyphen or a digit.
var recordID = regexp.MustCompile(`^(?:[a-z]+[-0-9]|[-0-9]+[a-z])[-a-z0-9]*$`)

// ActionsInWords checks that in random games of g (seeds 1 to games)
// every action Legal lists is described in words in English and Italian:
// never its record text, which a game's Describe falls back to when its
// catalog lacks the action's text (a button would read "pick-up
// hussar-sqn-2"), nor a piece's record id.
func ActionsInWords(t *testing.T, g engine.Game, games uint64) {
	const maxActions = 20000
	t.Helper()
	for seed := uint64(1); seed <= games; seed++ {
		s, err := engine.NewSession(g, engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(seed * 7919)
		var legal []engine.Action
		// The side to act is drawn among those active (in a simultaneous
		// choice the first may only take its choice back); the check stops
		// after maxActions (the conformance suite sees games end).
		for n := 0; !s.State.Over() && n < maxActions; n++ {
			active := s.State.Active().Sides()
			side := active[r.IntN(len(active))]
			legal = s.State.Legal(side, legal[:0])
			for _, a := range legal {
				rec := s.State.EncodeAction(a)
				args := strings.Fields(rec)[1:]
				for _, lang := range []string{"en", "it"} {
					d := s.State.Describe(a, lang)
					if len(args) > 0 && d == rec {
						t.Fatalf("seed %d: action %q is described by its record text in %s", seed, rec, lang)
					}
					for _, id := range args {
						if recordID.MatchString(id) && strings.Contains(d, id) {
							t.Fatalf("seed %d: action %q is described with the record id %q in %s: %q", seed, rec, id, lang, d)
						}
					}
				}
			}
			if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
