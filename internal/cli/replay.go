package cli

import (
	"fmt"
	"io"

	"sandtable/internal/engine"
)

func init() {
	Register(Command{Name: "replay", Summary: "verify a saved game record and print its log", Run: runReplay})
}

const replayUsage = "replay FILE [--lang en|it] [--side NAME|observer|all]"

// runReplay replays a record, checking every state hash, and prints the
// log the chosen viewer may read. A mismatch is reported with its action
// number and exit code 1.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("replay", replayUsage, stderr)
	lang := fs.String("lang", "en", "language of the log: en or it")
	sideFlag := fs.String("side", "all", "whose log to print: a side name, observer (public entries) or all")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "replay: give one record file (usage: sandtable %s)\n", replayUsage)
		return 2
	}
	if err := checkLang(*lang); err != nil {
		fmt.Fprintf(stderr, "replay: %v\n", err)
		return 2
	}
	rec, err := readRecord(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "replay: %v\n", err)
		return 1
	}
	g, err := engine.Lookup(rec.Game)
	if err != nil {
		fmt.Fprintf(stderr, "replay: %s: %v\n", pos[0], err)
		return 1
	}
	all := *sideFlag == "all"
	viewer := engine.Observer
	if !all {
		if viewer, err = parseViewer(g, *sideFlag); err != nil {
			fmt.Fprintf(stderr, "replay: --side: %v, observer or all\n", err)
			return 2
		}
	}
	for i, e := range rec.Actions {
		if e.Hash == "" {
			fmt.Fprintf(stderr, "replay: %s: action %d (%s %s) has no state hash to verify\n", pos[0], i+1, e.Side, e.Action)
			return 1
		}
	}
	sess, err := engine.Replay(rec)
	if err != nil {
		fmt.Fprintf(stderr, "replay: %s: %v\n", pos[0], err)
		return 1
	}
	setup := rec.Setup
	fmt.Fprintf(stdout, "%s (%s), scenario %q, seed %d: %d actions, every state hash verified.\n",
		g.Title(), g.ID(), setup.Scenario, setup.Seed, len(rec.Actions))
	for _, e := range sess.Log {
		if all || e.VisibleTo(viewer) {
			fmt.Fprintf(stdout, "%4d  %s\n", e.Move, sess.State.RenderLog(e.LogEntry, *lang))
		}
	}
	if sess.State.Over() {
		fmt.Fprintln(stdout, "Game over.")
		for _, l := range resultLines(g, sess.State) {
			fmt.Fprintln(stdout, "  "+l)
		}
	} else {
		fmt.Fprintf(stdout, "Game not finished; to decide: %v.\n", sideNames(g, sess.State.Active()))
	}
	return 0
}
