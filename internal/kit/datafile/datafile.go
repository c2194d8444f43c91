// Package datafile reads a game's components from JSON files that people
// edit by hand: strictly (an unknown field or trailing data is an error),
// naming the file, line or entry at fault, collecting every problem of a
// file so that they are all reported at once, and requiring the notice
// that says the data is a reconstruction and where it is explained.
//
// A loader reads each file with Read, decodes the entries of its lists one
// by one with Entry (so that an error names the entry), checks them, adds
// each problem to an Errors, and returns Errors.Err.
package datafile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strings"
	"sync"
)

// Read decodes the file name of fsys strictly into v. notice points at the
// field of v that holds the file's "notice": it must start with
// RECONSTRUCTION and name doc, the document that explains the data
// (docs/GAME/data.md). A syntax error names its line.
func Read(fsys fs.FS, name string, v any, notice *string, doc string) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := Strict(b, v); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			line := 1 + bytes.Count(b[:min(int(syn.Offset), len(b))], []byte("\n"))
			return fmt.Errorf("%s: line %d: %w", name, line, err)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	if !strings.HasPrefix(*notice, "RECONSTRUCTION") || !strings.Contains(*notice, doc) {
		return fmt.Errorf(`%s: "notice" must start with RECONSTRUCTION and point to %s`, name, doc)
	}
	return nil
}

// Strict decodes b into v, refusing unknown fields and anything after the
// first value.
func Strict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the top-level value")
	}
	return nil
}

// Errors collects the problems found in one file; each names the file.
type Errors struct {
	File string
	errs []error
}

// Add records a problem, formatted as by fmt.Errorf, after the file name.
func (e *Errors) Add(format string, args ...any) {
	e.errs = append(e.errs, fmt.Errorf("%s: "+format, append([]any{e.File}, args...)...))
}

// Err joins the problems recorded, or is nil when there are none.
func (e *Errors) Err() error { return errors.Join(e.errs...) }

// Entry decodes entry i of a list (what names its kind: "unit", "area")
// strictly into v. On failure it records the problem in e, naming the
// entry by its "id" when it has one, else by its position from 1. It
// reports whether v holds the entry: after an error about unknown fields
// only, it does, so that the entry's other checks still run and its id
// stays known (an area with a misspelt field does not also make every
// link to it fail).
func Entry(e *Errors, what string, i int, raw json.RawMessage, v any) bool {
	err := Strict(raw, v)
	if err == nil {
		return true
	}
	var loose struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &loose) == nil && loose.ID != "" {
		e.Add("%s %q: %v", what, loose.ID, err)
	} else {
		e.Add("%s %d: %v", what, i+1, err)
	}
	return json.Unmarshal(raw, v) == nil
}

// Enum finds s among names and returns its index as a T: the way a data
// file's words ("road", "allied") become a game's constants.
func Enum[T ~int8 | ~uint8 | ~int](names []string, s string) (T, bool) {
	for i, n := range names {
		if n == s {
			return T(i), true
		}
	}
	return 0, false
}

// IsID reports whether s is a lower-case kebab id ("sidi-barrani", "7rtr"),
// the form of every id in the data files and in the record text.
func IsID(s string) bool { return idPattern.MatchString(s) }

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Len is how many problems have been recorded: a loader compares it before
// and after a group of checks to skip those that depend on the group.
func (e *Errors) Len() int { return len(e.errs) }

// Embedded returns the loader of the data a game embeds in its binary (the
// files of dir in fsys, read by load): it loads them the first time it is
// called and gives the same value ever after, which callers must not
// modify. Embedded data that does not load is a broken build: it panics,
// naming the game.
func Embedded[D any](game string, fsys fs.FS, dir string, load func(fs.FS) (*D, error)) func() *D {
	return sync.OnceValue(func() *D {
		sub, err := fs.Sub(fsys, dir)
		if err != nil {
			panic(err)
		}
		d, err := load(sub)
		if err != nil {
			panic(game + ": embedded data is invalid: " + err.Error())
		}
		return d
	})
}
