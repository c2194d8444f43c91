package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	_ "sandtable/internal/engine/enginetest/toy" // registers "toy"
)

// runCmd drives a command through Main with the given input.
func runCmd(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(input), &out, &errb)
	return code, out.String(), errb.String()
}

// inputLines joins input lines, each ended by a newline.
func inputLines(l ...string) string { return strings.Join(l, "\n") + "\n" }

// loadRecord reads a saved record, failing the test if it does not replay.
func loadRecord(t *testing.T, path string) engine.Record {
	t.Helper()
	rec, err := readRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(rec); err != nil {
		t.Fatalf("saved record does not replay: %v", err)
	}
	return rec
}

func actionTexts(rec engine.Record) string {
	var out []string
	for _, e := range rec.Actions {
		out = append(out, e.Side+":"+e.Action)
	}
	return strings.Join(out, ",")
}

func TestPlay(t *testing.T) {
	dir := t.TempDir()
	save := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name    string
		args    []string
		input   string
		code    int
		want    []string // substrings of stdout, in order
		notWant []string
		errWant string // substring of stderr
		saved   string // file the game saves to
		actions string // the saved record's actions
	}{{
		name:  "hot seat toy to the end, then save",
		args:  []string{"play", "toy", "--side", "both", "--seed", "7"},
		input: inputLines("take 3", "3", "take 3", "3", "save "+save("hot.json")),
		want: []string{"Toy pile game (toy)", "north: you", "south: you", `"pile": 12`,
			"north, move 1: take counters or roll", "1. take 1", "4. roll", "north> ",
			"[1] take [0 3]", "south, move 2", "[1] take [1 3]", "Game over.", "north: ", "south: ",
			"Save the record?", "Saved 4 actions to"},
		saved:   save("hot.json"),
		actions: "north:take 3,south:take 3,north:take 3,south:take 3",
	}, {
		name:  "against the computer",
		args:  []string{"play", "toy", "--side", "north", "--ai", "clitest-first", "--seed", "3"},
		input: inputLines("3", "3", "3", ""),
		want: []string{"south: the computer (clitest-first)", "south (computer): take 1",
			"south (computer): take 1", "south (computer): take 1", "Game over."},
		notWant: []string{"south> "},
	}, {
		name:  "the computer plays first when the human takes the second side",
		args:  []string{"play", "toy", "--side", "south", "--ai", "clitest-first", "--seed", "3"},
		input: inputLines("quit"),
		want:  []string{"north (computer): take 1", "south, move 2", "south> ", "Game left unfinished."},
	}, {
		name: "bad input changes nothing",
		args: []string{"play", "toy", "--side", "both", "--seed", "7"},
		input: inputLines("0", "99", "frobnicate", "take 9", "take three", "undo", "save", "save "+filepath.Join(dir, "no", "such", "dir.json"), "help", "board", "list", "log", "",
			"roll", "roll", "1", "save "+save("bad.json"), "quit"),
		want: []string{"error: there is no action 0: choose 1 to 4", "error: there is no action 99: choose 1 to 4",
			`error: "frobnicate" is neither a command nor an action`, `error: "take 9" is neither`,
			`"take three" is neither`, "error: north has nothing to take back", "error: save needs a file name", "error: open ", "no such file or directory",
			"Commands:", `"pile": 12`, "1. take 1", "Log:",
			"[2] roll [0", `error: "roll" is not legal now`, "south, move 3", "Saved 2 actions", "Game left unfinished."},
		saved:   save("bad.json"),
		actions: "north:roll,north:take 1",
	}, {
		name:  "end of input leaves the game",
		args:  []string{"play", "toy", "--seed", "1"},
		input: "1\n",
		want:  []string{"End of input: game left unfinished."},
	}, {
		name:  "undo takes back the side's own actions",
		args:  []string{"play", "clitest-duel", "--side", "both", "--lang", "it"},
		input: inputLines("pick 3", "1", "undo", "step", "Avanza", "undo", "undo", "undo", "end", "save "+save("undo.json")),
		want: []string{"[duel board]", "Scegli 1 [pick 1]", "red, move 3: step or end", "1. Avanza [step]",
			"Took back: Avanza", "Took back: Avanza", "error: red has nothing to take back", "(D2) ended",
			"red: 1 (win), score 3", "blue: 0 (loss), score 1"},
		saved:   save("undo.json"),
		actions: "red:pick 3,blue:pick 1,red:end",
	}, {
		name:  "a long list is packed and grouped",
		args:  []string{"play", "clitest-duel", "--side", "both", "--seed", "1", "--opt", "n=50"},
		input: inputLines("pick 50", "quit"),
		want:  []string{"pick:\n   1. Pick 1 [pick 1]    2. Pick 2 [pick 2]", "50. Pick 50 [pick 50]"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.input, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s\n%s", code, tt.code, errOut, out)
			}
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q (in order); full output:\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.notWant {
				if strings.Contains(out, w) {
					t.Errorf("stdout holds %q:\n%s", w, out)
				}
			}
			if !strings.Contains(errOut, tt.errWant) {
				t.Errorf("stderr %q lacks %q", errOut, tt.errWant)
			}
			if tt.saved != "" {
				if got := actionTexts(loadRecord(t, tt.saved)); got != tt.actions {
					t.Errorf("saved actions %s, want %s", got, tt.actions)
				}
			}
		})
	}
}

// TestPlaySecretChoice checks that a simultaneous round shows neither side
// the other's choice before both have chosen, and that a shared screen
// never prints one side's private entries to the other.
func TestPlaySecretChoice(t *testing.T) {
	t.Run("hot seat", func(t *testing.T) {
		code, out, _ := runCmd(t, inputLines("pick 3", "pick 2", "end"), "play", "clitest-duel", "--side", "both", "--seed", "1")
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, out)
		}
		between := out[strings.Index(out, "red> "):strings.Index(out, "blue> ")]
		for _, leak := range []string{"picked", "mine 3", "theirs 3"} {
			if strings.Contains(between, leak) {
				t.Errorf("blue's screen shows %q before blue chose:\n%s", leak, between)
			}
		}
		if !strings.Contains(between, "secret choice: blue only") {
			t.Errorf("no hand-over notice:\n%s", between)
		}
		// After the round red is at the shared screen: its own pick and the
		// reveal are printed, blue's private entry never.
		after := out[strings.Index(out, "blue> "):]
		for _, w := range []string{"(D0) picked [3]", "(D1) revealed [3 2]"} {
			if !strings.Contains(after, w) {
				t.Errorf("after the round, log lacks %q:\n%s", w, after)
			}
		}
		if strings.Contains(after, "(D0) picked [2]") {
			t.Errorf("red's screen shows blue's private entry:\n%s", after)
		}
	})
	// The person chooses before the computer, the first side: the
	// computer's picks, made first, would keep him waiting the longer the
	// more it picked.
	t.Run("person chooses before the computer", func(t *testing.T) {
		code, out, _ := runCmd(t, inputLines("pick 2"), "play", "clitest-duel", "--side", "blue", "--ai", "clitest-first", "--seed", "1")
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, out)
		}
		before, after := out[:strings.Index(out, "blue> ")], out[strings.Index(out, "blue> "):]
		if strings.Contains(before, "red (computer)") {
			t.Errorf("the computer chose before the person:\n%s", before)
		}
		if !strings.Contains(after, "red (computer): has made its secret choice") {
			t.Errorf("computer's secret choice not announced:\n%s", after)
		}
		if strings.Contains(out, "Pick 1") && !strings.Contains(out, "1. Pick 1") {
			t.Errorf("computer's choice leaked:\n%s", out)
		}
		for _, w := range []string{"(D1) revealed [1 2]", "red (computer): Step forward", "red (computer): End", "blue: 0 (loss)"} {
			if !strings.Contains(out, w) {
				t.Errorf("output lacks %q:\n%s", w, out)
			}
		}
		if strings.Contains(out, "(D0) picked [1]") {
			t.Errorf("blue reads red's private log entry:\n%s", out)
		}
	})
}

// TestPlayComputerSecondInRound: the computer's secret choice stays
// undescribed even when it closes the round; the reveal comes from the log.
func TestPlayComputerSecondInRound(t *testing.T) {
	code, out, _ := runCmd(t, inputLines("pick 2", "end"), "play", "clitest-duel", "--side", "red", "--ai", "clitest-first", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	want := []string{"red> ", "blue (computer): has made its secret choice", "(D0) picked [2]", "(D1) revealed [2 1]", "red, move 3"}
	rest := out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("output lacks %q in order:\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
	if strings.Contains(out, "(computer): Pick") || strings.Contains(out, "picked [1]") {
		t.Errorf("blue's choice described or its private log shown:\n%s", out)
	}
}

// TestPlayComputerSecretAction: a computer's secret action in sequence
// is announced, not described, whether the state says so (Secrecy) or its
// log does (entries only for the computer's side).
func TestPlayComputerSecretAction(t *testing.T) {
	for _, hide := range []string{"log", "ask", ""} {
		t.Run("hide="+hide, func(t *testing.T) {
			code, out, _ := runCmd(t, inputLines("pick 1"), "play", "clitest-duel", "--side", "blue", "--ai", "clitest-first", "--opt", "hide="+hide)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			n := strings.Count(out, "red (computer): has made its secret choice")
			described := strings.Count(out, "red (computer): Step forward")
			want := 3 // the pick and two steps
			if hide == "" {
				want = 1 // only the pick, in a simultaneous round
			}
			if n != want || described != 3-want {
				t.Errorf("%d secret announcements, %d described steps; want %d and %d:\n%s", n, described, want, 3-want, out)
			}
			if !strings.Contains(out, "red (computer): End") {
				t.Errorf("public action not described:\n%s", out)
			}
		})
	}
}

// TestPlayResume saves a game halfway, resumes it with --load and finishes.
func TestPlayResume(t *testing.T) {
	dir := t.TempDir()
	half := filepath.Join(dir, "half.json")
	full := filepath.Join(dir, "full.json")
	code, out, _ := runCmd(t, inputLines("take 3", "take 3", "save "+half, "quit"), "play", "toy", "--side", "both", "--seed", "11")
	if code != 0 {
		t.Fatalf("first half: exit %d\n%s", code, out)
	}
	code, out, errOut := runCmd(t, inputLines("log", "take 3", "take 3", "save "+full), "play", "--load", half, "--side", "both")
	if code != 0 {
		t.Fatalf("resume: exit %d, %s\n%s", code, errOut, out)
	}
	for _, w := range []string{"Resumed " + half + ": 2 actions replayed", "north, move 3", "Game over.", "Saved 4 actions"} {
		if !strings.Contains(out, w) {
			t.Errorf("resume output lacks %q:\n%s", w, out)
		}
	}
	if got := loadRecord(t, full); got.Setup.Seed != 11 || len(got.Actions) != 4 {
		t.Errorf("resumed record: seed %d, %d actions", got.Setup.Seed, len(got.Actions))
	}

	// A record whose hash was changed does not resume.
	data, _ := os.ReadFile(half)
	rec, _ := engine.DecodeRecord(data)
	rec.Actions[1].Hash = "000000000000000000000000"
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, rec.Encode(), 0o644)
	code, _, errOut = runCmd(t, "", "play", "--load", bad)
	if code != 1 || !strings.Contains(errOut, "action 2") {
		t.Errorf("tampered record: exit %d, stderr %q", code, errOut)
	}
}

func TestPlayFlags(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.json")
	if code, out, _ := runCmd(t, inputLines("save "+rec, "quit"), "play", "toy", "--side", "both", "--seed", "1"); code != 0 {
		t.Fatal(out)
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"play"}, 2, "which game?"},
		{[]string{"play", "chess"}, 2, `unknown game "chess"`},
		{[]string{"play", "toy", "extra"}, 2, "too many arguments"},
		{[]string{"play", "toy", "--side", "east"}, 2, `no side "east"`},
		{[]string{"play", "toy", "--lang", "fr"}, 2, `unknown language "fr"`},
		{[]string{"play", "toy", "--ai", "nobody"}, 2, `unknown computer player "nobody"`},
		{[]string{"play", "toy", "--scenario", "huge"}, 2, `unknown scenario "huge"`},
		{[]string{"play", "toy", "--bogus"}, 2, "flag provided but not defined"},
		{[]string{"play", "--load", filepath.Join(dir, "missing.json")}, 1, "no such file"},
		{[]string{"play", "clitest-duel", "--load", rec}, 1, "holds a game of toy"},
		{[]string{"play", "--load", rec, "--seed", "4"}, 2, "come from the record"},
		{[]string{"play", "toy", "--opt", "novalue"}, 2, "want KEY=VALUE"},
		{[]string{"play", "-h"}, 0, "Usage: sandtable play"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, errOut := runCmd(t, "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, tt.code, tt.want)
			}
		})
	}
}

// TestPlayRegisteredAI plays a toy game against each of the simple
// computer players that are registered, and checks the default choice.
func TestPlayRegisteredAI(t *testing.T) {
	input := strings.Repeat("1\n", 30)
	for _, name := range []string{"random", "greedy"} {
		if !slices.Contains(ai.Names(), name) {
			t.Logf("%s is not registered: skipped", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			code, out, errOut := runCmd(t, input, "play", "toy", "--ai", name, "--seed", "5")
			if code != 0 || !strings.Contains(out, "Game over.") || !strings.Contains(out, "south (computer): ") {
				t.Errorf("exit %d, stderr %q:\n%s", code, errOut, out)
			}
		})
	}
	code, out, _ := runCmd(t, "quit\n", "play", "toy", "--seed", "5")
	if want := "south: the computer (" + defaultAI() + ")"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("default player: exit %d, output lacks %q:\n%s", code, want, out)
	}
}
