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
