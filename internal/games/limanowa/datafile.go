package limanowa

// Strict reading of the data files. This is the one mechanism the shared
// kit (internal/kit/datafile, not yet on main) provides to every game; it
// moves there when the kit lands.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
)

// fileErrors collects the problems found in one file; each names it.
type fileErrors struct {
	file string
	errs []error
}

func (fe *fileErrors) add(format string, args ...any) {
	fe.errs = append(fe.errs, fmt.Errorf("%s: "+format, append([]any{fe.file}, args...)...))
}

func (fe *fileErrors) len() int   { return len(fe.errs) }
func (fe *fileErrors) err() error { return errors.Join(fe.errs...) }

// readFile decodes name strictly into v and requires its notice to start
// with RECONSTRUCTION and name docs/limanowa/data.md.
func readFile(fsys fs.FS, name string, v any, notice *string) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := strict(b, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if !strings.HasPrefix(*notice, "RECONSTRUCTION") || !strings.Contains(*notice, docPath) {
		return fmt.Errorf(`%s: "notice" must start with RECONSTRUCTION and point to %s`, name, docPath)
	}
	return nil
}

func strict(b []byte, v any) error {
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

// decodeEntry decodes entry i of a list strictly, naming it by id (or
// position) on error; it reports whether v holds the entry.
func decodeEntry(fe *fileErrors, what string, i int, raw json.RawMessage, v any) bool {
	if err := strict(raw, v); err != nil {
		fe.add("%s %d: %v", what, i+1, err)
		return json.Unmarshal(raw, v) == nil
	}
	return true
}
