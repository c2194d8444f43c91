package cli

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	_ "sandtable/internal/ai" // registers "random" and "greedy"
	"sandtable/internal/engine"
)

func TestSimWilson(t *testing.T) {
	const eps = 0.0005
	known := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{1, 1, 0.2065, 1},
		{0, 1, 0, 0.7935},
		{50, 100, 0.4038, 0.5962},
		{65, 100, 0.5525, 0.7364},
		{0, 0, 0, 1}, // no trials: nothing is known
	}
	for _, tt := range known {
		lo, hi := simWilson(tt.k, tt.n)
		if math.Abs(lo-tt.lo) > eps || math.Abs(hi-tt.hi) > eps {
			t.Errorf("simWilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
	for _, n := range []int{1, 2, 3, 7, 10, 20, 99, 200, 1000} {
		for k := 0; k <= n; k++ {
			lo, hi := simWilson(k, n)
			p := float64(k) / float64(n)
			if lo < 0 || hi > 1 || lo > p || p > hi {
				t.Errorf("simWilson(%d, %d) = [%v, %v]: want 0 <= lo <= %v <= hi <= 1", k, n, lo, hi, p)
			}
			// The interval of the failures mirrors that of the successes.
			flo, fhi := simWilson(n-k, n)
			if math.Abs(lo-(1-fhi)) > 1e-9 || math.Abs(hi-(1-flo)) > 1e-9 {
				t.Errorf("simWilson(%d, %d) = [%v, %v] does not mirror simWilson(%d, %d) = [%v, %v]", k, n, lo, hi, n-k, n, flo, fhi)
			}
			if k == 0 && lo != 0 {
				t.Errorf("simWilson(0, %d) lower = %v, want 0", n, lo)
			}
			if k == n && hi < 1-1e-12 {
				t.Errorf("simWilson(%d, %d) upper = %v, want 1", n, n, hi)
			}
		}
	}
}

// simRow is one row of the sim table.
type simRow struct {
	ai, side                   string
	games, wins, draws, losses int
	score, length              string
	cells                      []string // all cells as printed
}

// fixed is the row's cells that do not depend on the clock: all but the
// thinking times.
func (r simRow) fixed() string { return strings.Join(r.cells[:8], " | ") }

var simCountRE = regexp.MustCompile(`^(\d+) \((\d+)% \[(\d+)-(\d+)\]\)$`)

// simCount reads a "k (p% [lo-hi])" cell of a row of n games, checking that
// the percentage is k of n and lies in its interval.
func simCount(t *testing.T, cell string, n int) int {
	t.Helper()
	m := simCountRE.FindStringSubmatch(cell)
	if m == nil {
		t.Fatalf("cell %q is not of the form k (p%% [lo-hi])", cell)
	}
	k, _ := strconv.Atoi(m[1])
	p, _ := strconv.Atoi(m[2])
	lo, _ := strconv.Atoi(m[3])
	hi, _ := strconv.Atoi(m[4])
	if want := int(math.Round(100 * float64(k) / float64(n))); p != want {
		t.Errorf("cell %q: %d of %d is %d%%", cell, k, n, want)
	}
	if lo > p || p > hi || lo < 0 || hi > 100 {
		t.Errorf("cell %q: interval does not hold the percentage", cell)
	}
	return k
}

// simParseRow reads a row's cells (header excluded).
func simParseRow(t *testing.T, cells []string) simRow {
	t.Helper()
	if len(cells) != 11 {
		t.Fatalf("row %q has %d cells, want 11", cells, len(cells))
	}
	r := simRow{ai: cells[0], side: cells[1], score: cells[6], length: cells[7], cells: cells}
	var err error
	if r.games, err = strconv.Atoi(cells[2]); err != nil {
		t.Fatalf("row %q: games: %v", cells, err)
	}
	r.wins = simCount(t, cells[3], r.games)
	r.draws = simCount(t, cells[4], r.games)
	r.losses = simCount(t, cells[5], r.games)
	return r
}

// simParseMarkdown reads the Markdown table and the footer under it.
func simParseMarkdown(t *testing.T, out string) (rows []simRow, footer string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	i := 0
	for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
		cells := strings.Split(strings.Trim(lines[i], "| "), " | ")
		switch i {
		case 0:
			if cells[0] != "AI" || cells[1] != "side" || cells[2] != "games" {
				t.Fatalf("header %q", lines[i])
			}
		case 1:
			if cells[0] != "---" {
				t.Fatalf("separator %q", lines[i])
			}
		default:
			rows = append(rows, simParseRow(t, cells))
		}
	}
	if i+2 != len(lines) || lines[i] != "" {
		t.Fatalf("want the table, a blank line and a footer, got\n%s", out)
	}
	return rows, lines[i+1]
}

// simParsePlain reads the plain table and its footer.
func simParsePlain(t *testing.T, out string) (rows []simRow, footer string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	gap := regexp.MustCompile(`\s{2,}`)
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "AI  ") {
		t.Fatalf("want a header, rows and a footer, got\n%s", out)
	}
	for _, l := range lines[1 : len(lines)-1] {
		rows = append(rows, simParseRow(t, gap.Split(strings.TrimSpace(l), -1)))
	}
	return rows, lines[len(lines)-1]
}

// simFixedFooter is the footer without its wall time.
func simFixedFooter(t *testing.T, footer string) string {
	t.Helper()
	s, _, ok := strings.Cut(footer, "; wall time ")
	if !ok || !strings.HasSuffix(footer, ". Intervals are 95% Wilson.") {
		t.Fatalf("footer %q", footer)
	}
	return s
}

// simFixed is what must be the same whenever a run is repeated.
func simFixed(t *testing.T, rows []simRow, footer string) string {
	t.Helper()
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintln(&b, r.fixed())
	}
	return b.String() + simFixedFooter(t, footer)
}

// simFixedOf parses out with parse and returns what must not change.
func simFixedOf(t *testing.T, parse func(*testing.T, string) ([]simRow, string), out string) string {
	t.Helper()
	rows, footer := parse(t, out)
	return simFixed(t, rows, footer)
}

func TestSimTable(t *testing.T) {
	type want struct{ games, wins, draws, losses int }
	tests := []struct {
		name   string
		ais    string // the --ai flag
		args   []string
		sides  map[string][2]int // games per AI row, side as key: A's, B's
		exact  map[string]string // row "AI/side" -> cells 3..7 joined by " | "
		footer string            // the footer without the wall time
	}{{
		name:   "random against greedy, A always red",
		ais:    "random,greedy",
		args:   []string{"--games", "10", "--seed", "3"},
		sides:  map[string][2]int{"red": {10, 0}, "blue": {0, 10}, "both": {10, 10}},
		footer: "10 games of clitest-duel, seed 3",
	}, {
		name:   "random against greedy, sides swapped",
		ais:    "random, greedy",
		args:   []string{"--games", "10", "--seed", "3", "--swap"},
		sides:  map[string][2]int{"red": {5, 5}, "blue": {5, 5}, "both": {10, 10}},
		footer: "10 games of clitest-duel, seed 3, sides swapped every other game",
	}, {
		name:   "random against itself, sides swapped",
		ais:    "random,random",
		args:   []string{"--games", "20", "--seed", "11", "--swap", "--parallel", "2"},
		sides:  map[string][2]int{"red": {10, 10}, "blue": {10, 10}, "both": {20, 20}},
		footer: "20 games of clitest-duel, seed 11, sides swapped every other game",
	}, {
		name:   "a named scenario and a time per move are in the footer",
		ais:    "greedy,clitest-first",
		args:   []string{"--games", "2", "--scenario", "plain", "--time-per-move", "5ms"},
		sides:  map[string][2]int{"red": {2, 0}, "blue": {0, 2}, "both": {2, 2}},
		footer: "2 games of clitest-duel (plain), seed 1, 5ms per move",
	}, {
		name:   "a CPU clock is in the footer",
		ais:    "mcts:iter=20,random",
		args:   []string{"--games", "2", "--cpu-clock"},
		sides:  map[string][2]int{"red": {2, 0}, "blue": {0, 2}, "both": {2, 2}},
		footer: "2 games of clitest-duel, seed 1, time caps by CPU time",
	}, {
		// Both pick 1, red steps twice: red always wins 3 to 1 in 5 actions.
		name:  "first legal action against itself: red always wins",
		ais:   "clitest-first,clitest-first",
		args:  []string{"--games", "4", "--swap"},
		sides: map[string][2]int{"red": {2, 2}, "blue": {2, 2}, "both": {4, 4}},
		exact: map[string]string{
			"A: clitest-first/red":  "2 (100% [34-100]) | 0 (0% [0-66]) | 0 (0% [0-66]) | 3.00 | 5.0",
			"A: clitest-first/blue": "0 (0% [0-66]) | 0 (0% [0-66]) | 2 (100% [34-100]) | 1.00 | 5.0",
			"A: clitest-first/both": "2 (50% [15-85]) | 0 (0% [0-49]) | 2 (50% [15-85]) | 2.00 | 5.0",
		},
		footer: "4 games of clitest-duel, seed 1, sides swapped every other game",
	}, {
		// Both picks are one round of two actions; the cap stops the game
		// after it and counts it drawn.
		name:  "games stopped at the action limit are draws",
		ais:   "clitest-first,random",
		args:  []string{"--games", "3", "--max-actions", "1"},
		sides: map[string][2]int{"red": {3, 0}, "blue": {0, 3}, "both": {3, 3}},
		exact: map[string]string{
			"A: clitest-first/red":  "0 (0% [0-56]) | 3 (100% [44-100]) | 0 (0% [0-56]) | 1.00 | 2.0",
			"A: clitest-first/both": "0 (0% [0-56]) | 3 (100% [44-100]) | 0 (0% [0-56]) | 1.00 | 2.0",
		},
		footer: "3 games of clitest-duel, seed 1, 3 stopped at 1 actions and counted drawn",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"sim", "clitest-duel", "--quiet", "--markdown", "--ai", tt.ais}, tt.args...)
			code, out, errOut := runCmd(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d, want 0; stderr %s", code, errOut)
			}
			if errOut != "" {
				t.Errorf("--quiet run wrote to stderr: %q", errOut)
			}
			rows, footer := simParseMarkdown(t, out)
			if got := simFixedFooter(t, footer); got != tt.footer {
				t.Errorf("footer %q, want %q", got, tt.footer)
			}
			byKey := map[string]simRow{}
			var order []string
			for _, r := range rows {
				if r.wins+r.draws+r.losses != r.games {
					t.Errorf("row %s/%s: %d wins + %d draws + %d losses != %d games", r.ai, r.side, r.wins, r.draws, r.losses, r.games)
				}
				byKey[r.ai+"/"+r.side] = r
				order = append(order, r.ai+"/"+r.side)
			}
			names := strings.Split(strings.ReplaceAll(tt.ais, " ", ""), ",")
			ais := [2]string{"A: " + names[0], "B: " + names[1]}
			var wantOrder []string
			for a, name := range ais {
				var sum want
				for _, side := range []string{"red", "blue", "both"} {
					n := tt.sides[side][a]
					r, ok := byKey[name+"/"+side]
					if n == 0 {
						if ok {
							t.Errorf("row %s/%s shown for an AI that never played that side", name, side)
						}
						continue
					}
					wantOrder = append(wantOrder, name+"/"+side)
					if !ok {
						t.Errorf("no row %s/%s in\n%s", name, side, out)
						continue
					}
					if r.games != n {
						t.Errorf("row %s/%s: %d games, want %d", name, side, r.games, n)
					}
					if side != "both" {
						sum.games += r.games
						sum.wins += r.wins
						sum.draws += r.draws
						sum.losses += r.losses
						continue
					}
					if got := (want{r.games, r.wins, r.draws, r.losses}); got != sum {
						t.Errorf("row %s/both is %+v, want the sum of the side rows %+v", name, got, sum)
					}
				}
			}
			if strings.Join(order, ",") != strings.Join(wantOrder, ",") {
				t.Errorf("rows %v, want %v", order, wantOrder)
			}
			// The same games seen from the other AI: A's wins as red are
			// B's losses as blue, and so on.
			for _, p := range [][2]string{{"red", "blue"}, {"blue", "red"}, {"both", "both"}} {
				a, okA := byKey[ais[0]+"/"+p[0]]
				b, okB := byKey[ais[1]+"/"+p[1]]
				if okA != okB {
					t.Errorf("%s/%s shown %v but %s/%s shown %v", ais[0], p[0], okA, ais[1], p[1], okB)
				}
				if okA && okB && (a.games != b.games || a.wins != b.losses || a.draws != b.draws || a.losses != b.wins) {
					t.Errorf("%s/%s %+v does not mirror %s/%s %+v", ais[0], p[0], a, ais[1], p[1], b)
				}
			}
			for key, cells := range tt.exact {
				r, ok := byKey[key]
				if !ok {
					t.Errorf("no row %s", key)
					continue
				}
				if got := strings.Join(r.cells[3:8], " | "); got != cells {
					t.Errorf("row %s:\n got %s\nwant %s", key, got, cells)
				}
			}
		})
	}
}

func TestSimReproducible(t *testing.T) {
	base := []string{"sim", "clitest-duel", "--games", "12", "--ai", "random,greedy", "--swap", "--quiet"}
	run := func(plain bool, extra ...string) string {
		t.Helper()
		args := append(append([]string{}, base...), extra...)
		if !plain {
			args = append(args, "--markdown")
		}
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d; stderr %s", args, code, errOut)
		}
		if plain {
			return simFixedOf(t, simParsePlain, out)
		}
		return simFixedOf(t, simParseMarkdown, out)
	}
	want := run(false, "--seed", "7")
	tests := []struct {
		name  string
		plain bool
		args  []string
	}{
		{"the same seed again", false, []string{"--seed", "7"}},
		{"two games at once", false, []string{"--seed", "7", "--parallel", "2"}},
		{"more workers than games", false, []string{"--seed", "7", "--parallel", "16"}},
		{"the plain table", true, []string{"--seed", "7"}},
		{"flags written with =", false, []string{"--seed=7", "--parallel=2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := run(tt.plain, tt.args...); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
	t.Run("flags before the game", func(t *testing.T) {
		code, out, errOut := runCmd(t, "", "sim", "--games", "12", "--ai", "random,greedy", "--swap", "--quiet", "--seed", "7", "--markdown", "clitest-duel")
		if code != 0 {
			t.Fatalf("exit %d; stderr %s", code, errOut)
		}
		if got := simFixedOf(t, simParseMarkdown, out); got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	})
}

func TestSimProgress(t *testing.T) {
	code, out, errOut := runCmd(t, "", "sim", "clitest-duel", "--games", "6", "--ai", "clitest-first,random")
	if code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errOut)
	}
	if !strings.HasPrefix(out, "AI  ") {
		t.Errorf("stdout does not start with the table:\n%s", out)
	}
	for _, want := range []string{"clitest-duel [", "] 0/6", "clitest-duel [" + strings.Repeat("#", 30) + "] 6/6  clitest-first: "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("progress %q lacks %q", errOut, want)
		}
	}
	if !strings.HasSuffix(errOut, "\n") {
		t.Errorf("the finished progress bar is not ended by a newline: %q", errOut)
	}
}

func TestSimReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.md")
	runs := []struct {
		args    []string
		heading string
	}{
		{[]string{"sim", "clitest-duel", "--games", "4", "--ai", "random,greedy", "--seed", "3", "--quiet", "--report", path}, "### clitest-duel: random vs greedy"},
		{[]string{"sim", "clitest-duel", "--games", "2", "--ai", "clitest-first, random", "--swap", "--quiet", "--report", path}, "### clitest-duel: clitest-first vs random"},
	}
	var before string
	for i, r := range runs {
		code, out, errOut := runCmd(t, "", r.args...)
		if code != 0 {
			t.Fatalf("run %d: exit %d; stderr %s", i+1, code, errOut)
		}
		// The terminal still gets the plain table.
		rows, footer := simParsePlain(t, out)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if !strings.HasPrefix(text, before) {
			t.Fatalf("run %d changed what was in the report:\nbefore\n%s\nafter\n%s", i+1, before, text)
		}
		if i == 0 && !strings.HasPrefix(text, "# Computer player results\n") {
			t.Errorf("a new report does not start with its title:\n%s", text)
		}
		if n := strings.Count(text, "# Computer player results"); n != 1 {
			t.Errorf("the report title appears %d times", n)
		}
		section := strings.TrimPrefix(text, before)
		_, section, ok := strings.Cut(section, "\n"+r.heading+"\n\n")
		if !ok {
			t.Fatalf("run %d: no heading %q in the new part of the report:\n%s", i+1, r.heading, text)
		}
		cmd := "`sandtable " + strings.Join(r.args, " ") + "` ("
		if !strings.HasPrefix(section, cmd) {
			t.Errorf("run %d: section does not start with the command line %s:\n%s", i+1, cmd, section)
		}
		_, table, _ := strings.Cut(section, "\n\n")
		mdRows, mdFooter := simParseMarkdown(t, table)
		if got, want := simFixed(t, mdRows, mdFooter), simFixed(t, rows, footer); got != want {
			t.Errorf("run %d: the report's table\n%s\nis not the one printed\n%s", i+1, got, want)
		}
		before = text
	}
	if n := strings.Count(before, "\n### clitest-duel: "); n != 2 {
		t.Errorf("%d sections after two runs, want 2", n)
	}
}

// --records keeps every game's record, named by its number and AI A's side
// and result: each replays to the end, and the names add up to the table.
func TestSimRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	code, out, errOut := runCmd(t, "", "sim", "clitest-duel", "--games", "6", "--ai", "random,greedy", "--swap", "--seed", "3", "--quiet", "--records", dir)
	if code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errOut)
	}
	rows, _ := simParsePlain(t, out)
	var both simRow
	for _, r := range rows {
		if strings.HasPrefix(r.ai, "A:") && r.side == "both" {
			both = r
		}
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(names) != 6 {
		t.Fatalf("records %v (%v), want 6", names, err)
	}
	count := map[string]int{}
	nameRE := regexp.MustCompile(`^(\d{3})-(\w+)-(won|drawn|lost)\.json$`)
	for i, path := range names {
		m := nameRE.FindStringSubmatch(filepath.Base(path))
		if m == nil {
			t.Fatalf("record name %q is not NNN-SIDE-RESULT.json", filepath.Base(path))
		}
		if want := fmt.Sprintf("%03d", i+1); m[1] != want {
			t.Errorf("record %d is numbered %s", i+1, m[1])
		}
		// --swap: AI A plays the first side in odd games, the second in even ones
		if want := []string{"red", "blue"}[i%2]; m[2] != want {
			t.Errorf("record %s: AI A's side %q, want %q", m[1], m[2], want)
		}
		count[m[3]]++
		rec, err := readRecord(path)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Game != "clitest-duel" || len(rec.Actions) == 0 {
			t.Errorf("record %s: game %q with %d actions", m[1], rec.Game, len(rec.Actions))
		}
		s, err := engine.Replay(rec)
		if err != nil || !s.State.Over() {
			t.Errorf("record %s: replayed to a game not over (%v)", m[1], err)
		}
	}
	if count["won"] != both.wins || count["drawn"] != both.draws || count["lost"] != both.losses {
		t.Errorf("records %v, table: %d won %d drawn %d lost", count, both.wins, both.draws, both.losses)
	}
}

// A run finished in parts with --first plays the same games, to the byte,
// as the whole run: a long match can be stopped and taken up again.
func TestSimFirstResumesARun(t *testing.T) {
	records := func(dir string) map[string]string {
		t.Helper()
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, e := range es {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			m[e.Name()] = string(b)
		}
		return m
	}
	whole, parts := filepath.Join(t.TempDir(), "whole"), filepath.Join(t.TempDir(), "parts")
	base := []string{"sim", "clitest-duel", "--ai", "random,greedy", "--swap", "--seed", "9", "--quiet", "--markdown"}
	if code, _, errOut := runCmd(t, "", append(base, "--games", "6", "--records", whole)...); code != 0 {
		t.Fatalf("whole run: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCmd(t, "", append(base, "--games", "2", "--records", parts)...); code != 0 {
		t.Fatalf("first part: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "", append(base, "--games", "4", "--first", "3", "--records", parts)...)
	if code != 0 {
		t.Fatalf("second part: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "games 3-6 of clitest-duel, seed 9") {
		t.Errorf("footer of the second part does not name its games:\n%s", out)
	}
	w, p := records(whole), records(parts)
	if len(w) != 6 || len(p) != 6 {
		t.Fatalf("%d records whole, %d in parts; want 6 each", len(w), len(p))
	}
	for name, rec := range w {
		if p[name] != rec {
			t.Errorf("record %s differs between the whole run and the parts", name)
		}
	}
}

func TestSimBadInput(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		errWant string
	}{
		{"no game", []string{"--games", "2"}, "Usage: sandtable sim GAME"},
		{"unknown game", []string{"chess", "--games", "2"}, `sandtable sim: unknown game "chess"`},
		{"unknown first AI", []string{"clitest-duel", "--ai", "nosuch,random"}, `unknown computer player "nosuch"`},
		{"unknown second AI", []string{"clitest-duel", "--ai", "random,nosuch"}, `unknown computer player "nosuch"`},
		{"one AI", []string{"clitest-duel", "--ai", "random"}, `--ai wants two players A,B, got "random"`},
		{"three AIs", []string{"clitest-duel", "--ai", "random,greedy,random"}, `--ai wants two players A,B, got "random,greedy,random"`},
		{"an empty AI name", []string{"clitest-duel", "--ai", "random,"}, `unknown computer player ""`},
		{"options for a player without any", []string{"clitest-duel", "--ai", "random:iter=5,greedy"}, `computer player "random" takes no options`},
		{"bad search option", []string{"clitest-duel", "--ai", "mcts:bogus=1,greedy"}, `computer player "mcts:bogus=1"`},
		{"no games", []string{"clitest-duel", "--games", "0"}, "--games and --parallel must be at least 1"},
		{"negative games", []string{"clitest-duel", "--games", "-3"}, "--games and --parallel must be at least 1"},
		{"no workers", []string{"clitest-duel", "--parallel", "0"}, "--games and --parallel must be at least 1"},
		{"games not a number", []string{"clitest-duel", "--games", "many"}, `invalid value "many" for flag -games`},
		{"unknown flag", []string{"clitest-duel", "--rounds", "3"}, "flag provided but not defined: -rounds"},
		{"unknown scenario", []string{"clitest-duel", "--scenario", "huge"}, `sandtable sim: duel: unknown scenario "huge"`},
		{"a stray word", []string{"clitest-duel", "extra", "--games", "2"}, `one game, not ["clitest-duel" "extra"]`},
		{"a bad AI after the game and a flag", []string{"--games", "2", "clitest-duel", "--ai", "nosuch,random"}, `unknown computer player "nosuch"`},
		{"odd games with swap", []string{"clitest-duel", "--games", "3", "--swap"}, "--games must be even"},
		{"no first game", []string{"clitest-duel", "--first", "0"}, "--first must be at least 1"},
		{"a swapped game first", []string{"clitest-duel", "--games", "2", "--swap", "--first", "2"}, "--first must be odd"},
		{"negative time per move", []string{"clitest-duel", "--time-per-move", "-1s"}, "--time-per-move may not be negative"},
		{"no action limit", []string{"clitest-duel", "--max-actions", "0"}, "--max-actions must be at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			report := filepath.Join(t.TempDir(), "results.md")
			args := append(append([]string{"sim"}, tt.args...), "--quiet", "--report", report)
			code, out, errOut := runCmd(t, "", args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(errOut, tt.errWant) {
				t.Errorf("stderr %q lacks %q", errOut, tt.errWant)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if _, err := os.Stat(report); !os.IsNotExist(err) {
				t.Errorf("report file written (stat: %v)", err)
			}
		})
	}
}

// A records folder that cannot be made is said before any game is played.
func TestSimUnwritableRecords(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "sim", "clitest-duel", "--games", "2", "--quiet", "--records", filepath.Join(file, "records"))
	if code != 2 || out != "" || !strings.Contains(errOut, "a-file") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 2, nothing, and the path named", code, out, errOut)
	}
}

// TestSimUnwritableReport: a report path that cannot be written is refused
// before any game is played.
func TestSimUnwritableReport(t *testing.T) {
	report := filepath.Join(t.TempDir(), "no-such-dir", "results.md")
	code, out, errOut := runCmd(t, "", "sim", "clitest-duel", "--games", "2", "--quiet", "--report", report)
	if code != 2 || out != "" || !strings.Contains(errOut, "no-such-dir") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 2, nothing, and the path named", code, out, errOut)
	}
}
