package cli

import (
	"strconv"
	"strings"
	"testing"
)

// benchRows reads bench's output for one game: its row labels in order and
// each row's value.
func benchRows(t *testing.T, out string) (labels []string, rows map[string]string) {
	t.Helper()
	rows = map[string]string{}
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		label, value, ok := strings.Cut(l, "  ")
		if !ok {
			t.Fatalf("line %q is not a label and a value", l)
		}
		labels = append(labels, label)
		rows[label] = strings.TrimSpace(value)
	}
	return labels, rows
}

func TestBench(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		rows    []string // row labels of stdout, in order
		errWant string   // substring of stderr
	}{{
		name: "a game",
		args: []string{"bench", "clitest-duel", "--time", "50ms"},
		rows: []string{"game", "random games per second (one core)", "mean actions per game", "Legal per decision",
			"Apply per action (validating)", "Clone", "Determinize", "allocations per action", "knowledge",
			"search iterations per second (normal settings, one core)", "search iterations per second (mcts settings, one core)"},
		errWant: "bench clitest-duel: random games for 50ms...",
	}, {
		name:    "flags before the game",
		args:    []string{"bench", "--time", "50ms", "clitest-duel"},
		rows:    []string{"game", "random games per second (one core)", "mean actions per game", "Legal per decision"},
		errWant: "bench clitest-duel: random games for 50ms...",
	}, {
		name:    "help",
		args:    []string{"bench", "-h"},
		errWant: "Usage: sandtable bench [GAME] [flags]",
	}, {
		name:    "unknown game",
		args:    []string{"bench", "chess", "--time", "50ms"},
		code:    2,
		errWant: `sandtable bench: unknown game "chess"`,
	}, {
		name:    "time not a duration",
		args:    []string{"bench", "clitest-duel", "--time", "long"},
		code:    2,
		errWant: `invalid value "long" for flag -time`,
	}, {
		name:    "unknown flag",
		args:    []string{"bench", "clitest-duel", "--games", "3"},
		code:    2,
		errWant: "flag provided but not defined: -games",
	}, {
		name:    "unknown scenario",
		args:    []string{"bench", "clitest-duel", "--time", "50ms", "--scenario", "huge"},
		code:    1,
		errWant: `sandtable bench: clitest-duel: duel: unknown scenario "huge"`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, errOut)
			}
			if !strings.Contains(errOut, tt.errWant) {
				t.Errorf("stderr %q lacks %q", errOut, tt.errWant)
			}
			if len(tt.rows) == 0 {
				if out != "" {
					t.Errorf("stdout %q, want nothing", out)
				}
				return
			}
			labels, rows := benchRows(t, out)
			if rows["game"] != "clitest-duel" {
				t.Errorf("game row %q, want clitest-duel", rows["game"])
			}
			// tt.rows must come in this order, other rows may come between.
			next := 0
			for _, l := range labels {
				if next < len(tt.rows) && l == tt.rows[next] {
					next++
				}
			}
			if next < len(tt.rows) {
				t.Errorf("no row %q (after %q) in\n%s", tt.rows[next], tt.rows[:next], out)
			}
			if k, ok := rows["knowledge"]; ok && k != "evaluator false, rollout false, prior false, turn false" {
				t.Errorf("knowledge %q: the duel registers none", k)
			}
			// What random play measured, not how fast it was: the duel
			// takes two picks and then one to three red actions.
			if n, err := strconv.ParseFloat(rows["mean actions per game"], 64); err != nil || n < 3 || n > 5 {
				t.Errorf("mean actions per game %q, want 3 to 5", rows["mean actions per game"])
			}
			if n, err := strconv.ParseFloat(rows["random games per second (one core)"], 64); err != nil || n <= 0 {
				t.Errorf("random games per second %q, want a positive number", rows["random games per second (one core)"])
			}
			for _, label := range []string{"Legal per decision", "Apply per action (validating)"} {
				if v := rows[label]; !strings.HasSuffix(v, " µs") {
					t.Errorf("%s %q, want microseconds", label, v)
				}
			}
		})
	}
}
