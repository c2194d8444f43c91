package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
)

// Boarder is implemented by states that can draw themselves as text for a
// terminal: the board as side may see it, in lang ("en", "it"). States that
// do not implement it are shown as their indented JSON View.
type Boarder interface {
	Board(side engine.Side, lang string) string
}

// Neighbourer is implemented by states whose map can list a place's
// neighbours for the terminal's neighbours command: place is an area's or
// hex's id or name; the answer is text in lang.
type Neighbourer interface {
	Neighbours(place, lang string) (string, error)
}

// Scorer is implemented by states that keep a score (victory points, say)
// beside the win/draw/loss Returns; it is shown when the game ends.
type Scorer interface {
	Scores() []float64
}

// Secrecy is implemented by states some of whose actions stay hidden from
// the other sides (a secret pick of an event marker, say). SecretAction
// reports, before a is applied, whether side's a is such an action. The
// terminal then announces a computer's secret action without describing
// it. States without it are judged by their log: an action that writes a
// log entry the human sides may not read is secret. The choices of a
// simultaneous round are always secret.
type Secrecy interface {
	SecretAction(side engine.Side, a engine.Action) bool
}

// checkLang refuses a language that not every catalog of texts has
// (words.Langs: the games' and the web client's).
func checkLang(lang string) error {
	if langs := words.Langs(); !slices.Contains(langs, lang) {
		return fmt.Errorf("unknown language %q (known: %s)", lang, strings.Join(langs, ", "))
	}
	return nil
}

// parseFlags parses args with fs, allowing positional arguments between
// flags ("play toy --side south"), and returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: sandtable %s\n\nFlags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// flagExit is the exit code for a flag error: 0 when help was asked for.
func flagExit(err error) int {
	if err == flag.ErrHelp {
		return 0
	}
	return 2
}

// optionFlags collects repeated KEY=VALUE flags into a setup's optionFlags.
type optionFlags map[string]string

func (o optionFlags) String() string { return fmt.Sprint(map[string]string(o)) }

func (o optionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want KEY=VALUE, got %q", v)
	}
	o[k] = val
	return nil
}

// readRecord reads and decodes a record file.
func readRecord(path string) (engine.Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return engine.Record{}, err
	}
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		return engine.Record{}, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// writeRecord saves a record as indented JSON.
func writeRecord(path string, rec engine.Record) error {
	return os.WriteFile(path, rec.Encode(), 0o644)
}

// parseViewer reads a side name or "observer".
func parseViewer(g engine.Game, name string) (engine.Side, error) {
	if name == "observer" {
		return engine.Observer, nil
	}
	return engine.SideByName(g, name)
}

// sideNames names the members of ss.
func sideNames(g engine.Game, ss engine.SideSet) []string {
	names := []string{}
	for _, s := range ss.Sides() {
		if int(s) < len(g.SideNames()) {
			names = append(names, g.SideNames()[s])
		}
	}
	return names
}

// resultLines tells the outcome of a finished game: each side's return and,
// when the state keeps one, its score.
func resultLines(g engine.Game, st engine.State) []string {
	ret := st.Returns()
	var scores []float64
	if sc, ok := st.(Scorer); ok {
		scores = sc.Scores()
	}
	var out []string
	for i, name := range g.SideNames() {
		line := name + ": "
		if i < len(ret) {
			line += fmt.Sprintf("%g (%s)", ret[i], outcomeWord(ret[i]))
		} else {
			line += "?"
		}
		if i < len(scores) {
			line += fmt.Sprintf(", score %g", scores[i])
		}
		out = append(out, line)
	}
	return out
}

func outcomeWord(r float64) string {
	switch {
	case r >= 1:
		return "win"
	case r <= 0:
		return "loss"
	case r == 0.5:
		return "draw"
	}
	return "partial"
}
