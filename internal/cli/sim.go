package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

func init() {
	Register(Command{Name: "sim", Summary: "play computer players against each other and tabulate the results", Run: runSim})
}

// simConfig is what a sim run plays.
type simConfig struct {
	game        engine.Game
	ais         [2]string
	games       int
	first       int // index of the run's first game (0 unless --first)
	seed        uint64
	swap        bool
	scenario    string
	timePerMove time.Duration
	cpuClock    bool // the search players' caps count their CPU time
	maxActions  int
	parallel    int
	records     string // a folder for each game's record, or ""
}

// simCell gathers one AI's results on one side.
type simCell struct {
	games, wins, draws, losses int
	score                      float64
	scored                     int
	length                     int
	decisions                  int
	think, maxThink, maxRun    time.Duration
}

func (c *simCell) add(r ai.GameResult, side int) {
	c.games++
	switch simResult(r.Returns[side]) {
	case "won":
		c.wins++
	case "lost":
		c.losses++
	default:
		c.draws++
	}
	if r.Scores != nil && side < len(r.Scores) {
		c.score += r.Scores[side]
		c.scored++
	}
	c.length += r.Actions
	c.decisions += r.Decisions[side]
	c.think += r.Think[side]
	c.maxThink = max(c.maxThink, r.MaxThink[side])
	c.maxRun = max(c.maxRun, r.MaxRun[side])
}

// simResult names a side's result from its return: won, drawn or lost.
func simResult(v float64) string {
	switch {
	case v > 0.75:
		return "won"
	case v < 0.25:
		return "lost"
	}
	return "drawn"
}

func (c *simCell) merge(o simCell) {
	c.games += o.games
	c.wins += o.wins
	c.draws += o.draws
	c.losses += o.losses
	c.score += o.score
	c.scored += o.scored
	c.length += o.length
	c.decisions += o.decisions
	c.think += o.think
	c.maxThink = max(c.maxThink, o.maxThink)
	c.maxRun = max(c.maxRun, o.maxRun)
}

func runSim(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: sandtable sim GAME [flags]\n\nPlays AI A (side 0) against AI B (side 1) and tabulates wins, draws and losses\nwith 95% Wilson intervals. Computer players:", strings.Join(ai.Names(), ", "),
			"\n(search players take options: normal:iter=2000:c=0.5 - see docs/ai.md)\n\nFlags:")
		fs.PrintDefaults()
	}
	var cfg simConfig
	aiList := fs.String("ai", "greedy,random", "the two computer players A,B")
	fs.IntVar(&cfg.games, "games", 20, "number of games")
	firstGame := fs.Int("first", 1, "number of the first game: a run of --games 66 --first 35 plays games 35-100 of the same seed, to finish a long run in parts")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the whole run (setups and players)")
	fs.BoolVar(&cfg.swap, "swap", false, "play every setup twice, the second time with sides swapped")
	fs.StringVar(&cfg.scenario, "scenario", "", "scenario (default: the game's first)")
	fs.DurationVar(&cfg.timePerMove, "time-per-move", 0, "thinking time per decision for time-based players (e.g. 500ms)")
	fs.BoolVar(&cfg.cpuClock, "cpu-clock", false, "the search players' time caps count the CPU time of their own threads, not the wall clock: a run on a busy machine plays as on a quiet one (the table's times stay wall clock)")
	fs.IntVar(&cfg.maxActions, "max-actions", 100000, "stop a game after this many actions and count it a draw")
	fs.IntVar(&cfg.parallel, "parallel", 1, "games played at once (each game is reproducible whatever this is)")
	fs.StringVar(&cfg.records, "records", "", "write each game's record into this folder as NNN-SIDE-RESULT.json (AI A's side and result), for sandtable replay")
	markdown := fs.Bool("markdown", false, "print the table as Markdown")
	report := fs.String("report", "", "also append a Markdown report to this file")
	quiet := fs.Bool("quiet", false, "no progress bar")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) != 1 {
		if len(pos) > 1 {
			fmt.Fprintf(stderr, "sandtable sim: one game, not %q\n", pos)
		}
		fs.Usage()
		return 2
	}
	gameID := pos[0]
	g, err := engine.Lookup(gameID)
	if err != nil {
		fmt.Fprintln(stderr, "sandtable sim:", err)
		return 2
	}
	cfg.game = g
	names := strings.Split(*aiList, ",")
	if len(names) != 2 {
		fmt.Fprintf(stderr, "sandtable sim: --ai wants two players A,B, got %q\n", *aiList)
		return 2
	}
	cfg.ais = [2]string{strings.TrimSpace(names[0]), strings.TrimSpace(names[1])}
	for _, n := range cfg.ais {
		if _, err := ai.New(n, g, 0); err != nil {
			fmt.Fprintln(stderr, "sandtable sim:", err)
			return 2
		}
	}
	if len(g.SideNames()) != 2 {
		fmt.Fprintf(stderr, "sandtable sim: %s has %d sides; sim plays two-sided games\n", g.ID(), len(g.SideNames()))
		return 2
	}
	if cfg.games < 1 || cfg.parallel < 1 {
		fmt.Fprintln(stderr, "sandtable sim: --games and --parallel must be at least 1")
		return 2
	}
	if *firstGame < 1 {
		fmt.Fprintln(stderr, "sandtable sim: --first must be at least 1")
		return 2
	}
	cfg.first = *firstGame - 1
	if cfg.swap && cfg.first%2 == 1 {
		fmt.Fprintln(stderr, "sandtable sim: --swap plays every setup twice, so --first must be odd")
		return 2
	}
	if cfg.swap && cfg.games%2 == 1 {
		fmt.Fprintln(stderr, "sandtable sim: --swap plays every setup twice, so --games must be even")
		return 2
	}
	if cfg.timePerMove < 0 || cfg.maxActions < 1 {
		fmt.Fprintln(stderr, "sandtable sim: --time-per-move may not be negative and --max-actions must be at least 1")
		return 2
	}
	if _, err := g.New(cfg.setup(0)); err != nil {
		fmt.Fprintln(stderr, "sandtable sim:", err)
		return 2
	}

	if cfg.records != "" {
		if err := os.MkdirAll(cfg.records, 0o755); err != nil {
			fmt.Fprintln(stderr, "sandtable sim:", err)
			return 2
		}
	}

	// The report file is opened before the games, so that a path that
	// cannot be written is said at once, not after a long run.
	var rep *os.File
	if *report != "" {
		_, statErr := os.Stat(*report)
		f, err := os.OpenFile(*report, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(stderr, "sandtable sim:", err)
			return 2
		}
		defer f.Close()
		if os.IsNotExist(statErr) {
			fmt.Fprintf(f, "# Computer player results\n\nEach section below was appended by the `sandtable sim` command shown in it (`--report`); see docs/ai.md for the players.\n")
		}
		rep = f
	}

	var progress func(done int, cells *[2][2]simCell)
	if !*quiet {
		t0, last := time.Now(), time.Time{}
		progress = func(done int, cells *[2][2]simCell) {
			if done == cfg.games || time.Since(last) >= 200*time.Millisecond {
				last = time.Now()
				simProgress(stderr, cfg, done, cells, last.Sub(t0))
			}
		}
	}
	start := time.Now()
	cells, capped, err := cfg.run(progress)
	if err != nil {
		fmt.Fprintln(stderr, "\nsandtable sim:", err)
		return 1
	}
	elapsed := time.Since(start)
	if *markdown {
		simMarkdown(stdout, cfg, cells, capped, elapsed)
	} else {
		simTable(stdout, cfg, cells, capped, elapsed)
	}
	if rep != nil {
		fmt.Fprintf(rep, "\n### %s: %s vs %s\n\n`sandtable sim %s` (%s, %d cores)\n\n", g.ID(), cfg.ais[0], cfg.ais[1],
			strings.Join(args, " "), time.Now().UTC().Format("2006-01-02"), runtime.NumCPU())
		simMarkdown(rep, cfg, cells, capped, elapsed)
		if err := rep.Close(); err != nil {
			fmt.Fprintln(stderr, "sandtable sim:", err)
			return 1
		}
	}
	return 0
}

// simSeed derives a seed from the run's seed and a few numbers (SplitMix64).
func simSeed(seed uint64, xs ...uint64) uint64 {
	r := engine.NewRand(seed)
	v := r.Uint64()
	for _, x := range xs {
		r = engine.NewRand(v ^ (x * 0x9e3779b97f4a7c15))
		v = r.Uint64()
	}
	return v
}

// setup is game i's setup: with --swap games 2k and 2k+1 share one.
func (c simConfig) setup(i int) engine.Setup {
	k := i
	if c.swap {
		k = i / 2
	}
	return engine.Setup{Scenario: c.scenario, Seed: simSeed(c.seed, 1, uint64(k))}
}

// swapped reports whether AI A plays side 1 in game i.
func (c simConfig) swapped(i int) bool { return c.swap && i%2 == 1 }

type simOutcome struct {
	i   int
	res ai.GameResult
	err error
}

// run plays the games and returns cells[ai][side] and the number of games
// stopped at the action limit.
func (c simConfig) run(progress func(int, *[2][2]simCell)) ([2][2]simCell, int, error) {
	var cells [2][2]simCell
	jobs := make(chan int)
	out := make(chan simOutcome)
	var wg sync.WaitGroup
	for w := 0; w < c.parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				res, err := c.play(i)
				out <- simOutcome{i, res, err}
			}
		}()
	}
	go func() {
		for i := 0; i < c.games; i++ {
			jobs <- c.first + i
		}
		close(jobs)
		wg.Wait()
		close(out)
	}()
	// Results are added in game order so that float sums do not depend on
	// which game finished first.
	results := make([]*simOutcome, c.games)
	next, capped := 0, 0
	var firstErr error
	if progress != nil {
		progress(0, &cells)
	}
	for o := range out {
		results[o.i-c.first] = &o
		for next < c.games && results[next] != nil {
			r := results[next]
			if r.err != nil && firstErr == nil {
				firstErr = fmt.Errorf("game %d: %w", r.i+1, r.err)
			}
			if r.err == nil {
				if r.res.Capped {
					capped++
				}
				for side := 0; side < 2; side++ {
					a := side
					if c.swapped(r.i) {
						a = 1 - side
					}
					cells[a][side].add(r.res, side)
				}
			}
			next++
			if progress != nil {
				progress(next, &cells)
			}
		}
	}
	return cells, capped, firstErr
}

// play plays game i.
func (c simConfig) play(i int) (ai.GameResult, error) {
	var ps [2]ai.Player
	for k, name := range c.ais {
		p, err := ai.New(name, c.game, simSeed(c.seed, 2, uint64(i), uint64(k)))
		if err != nil {
			return ai.GameResult{}, err
		}
		if t, ok := p.(interface{ SetTimeBudget(time.Duration) }); ok && c.timePerMove > 0 {
			t.SetTimeBudget(c.timePerMove)
		}
		if u, ok := p.(interface{ UseCPUClock() }); ok && c.cpuClock {
			u.UseCPUClock()
		}
		ps[k] = p
	}
	if c.swapped(i) {
		ps[0], ps[1] = ps[1], ps[0]
	}
	if c.records == "" {
		return ai.PlayGame(c.game, c.setup(i), ps[:], c.maxActions)
	}
	res, rec, err := ai.RecordGame(c.game, c.setup(i), ps[:], c.maxActions)
	if err != nil {
		return res, err
	}
	return res, os.WriteFile(c.recordPath(i, res), rec.Encode(), 0o644)
}

// recordPath is where game i's record goes: its number, and AI A's side
// and result, so that a run's lost games can be listed by name.
func (c simConfig) recordPath(i int, res ai.GameResult) string {
	side := 0
	if c.swapped(i) {
		side = 1
	}
	result := simResult(res.Returns[side])
	if res.Capped {
		result = "capped"
	}
	return filepath.Join(c.records, fmt.Sprintf("%03d-%s-%s.json", i+1, c.game.SideNames()[side], result))
}

func simProgress(w io.Writer, c simConfig, done int, cells *[2][2]simCell, elapsed time.Duration) {
	const width = 30
	fill := done * width / c.games
	var a simCell
	a.merge(cells[0][0])
	a.merge(cells[0][1])
	eta := "?"
	if done > 0 {
		eta = (elapsed * time.Duration(c.games-done) / time.Duration(done)).Round(time.Second).String()
	}
	fmt.Fprintf(w, "\r%s [%s%s] %d/%d  %s: %d won %d drawn %d lost  eta %s   ", c.game.ID(),
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, c.games, c.ais[0], a.wins, a.draws, a.losses, eta)
	if done == c.games {
		fmt.Fprintln(w)
	}
}

// simWilson is the 95% Wilson score interval of k successes in n trials.
func simWilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return max(0, c-h), min(1, c+h)
}

func simPct(k, n int) string {
	if n == 0 {
		return "-"
	}
	lo, hi := simWilson(k, n)
	return fmt.Sprintf("%d (%.0f%% [%.0f-%.0f])", k, 100*float64(k)/float64(n), 100*lo, 100*hi)
}

// simRows returns the table: a header and one row per AI and side, then
// each AI over both sides.
func simRows(c simConfig, cells [2][2]simCell) [][]string {
	rows := [][]string{{"AI", "side", "games", "wins", "draws", "losses", "mean score", "mean length", "ms/decision", "max s/decision", "max s/turn"}}
	sides := c.game.SideNames()
	row := func(name, side string, x simCell) {
		score := "-"
		if x.scored > 0 {
			score = fmt.Sprintf("%.2f", x.score/float64(x.scored))
		}
		length, ms := "-", "-"
		if x.games > 0 {
			length = fmt.Sprintf("%.1f", float64(x.length)/float64(x.games))
		}
		if x.decisions > 0 {
			ms = fmt.Sprintf("%.2f", float64(x.think.Microseconds())/1000/float64(x.decisions))
		}
		rows = append(rows, []string{name, side, fmt.Sprint(x.games), simPct(x.wins, x.games), simPct(x.draws, x.games),
			simPct(x.losses, x.games), score, length, ms, fmt.Sprintf("%.2f", x.maxThink.Seconds()), fmt.Sprintf("%.2f", x.maxRun.Seconds())})
	}
	for a := 0; a < 2; a++ {
		name := fmt.Sprintf("%s: %s", string(rune('A'+a)), c.ais[a])
		var all simCell
		for s := 0; s < 2; s++ {
			if cells[a][s].games > 0 {
				row(name, sides[s], cells[a][s])
			}
			all.merge(cells[a][s])
		}
		row(name, "both", all)
	}
	return rows
}

func simFooter(c simConfig, capped int, elapsed time.Duration) string {
	s := fmt.Sprintf("%d games of %s", c.games, c.game.ID())
	if c.first > 0 {
		s = fmt.Sprintf("games %d-%d of %s", c.first+1, c.first+c.games, c.game.ID())
	}
	if c.scenario != "" {
		s += " (" + c.scenario + ")"
	}
	s += fmt.Sprintf(", seed %d", c.seed)
	if c.swap {
		s += ", sides swapped every other game"
	}
	if c.timePerMove > 0 {
		s += fmt.Sprintf(", %v per move", c.timePerMove)
	}
	if c.cpuClock {
		s += ", time caps by CPU time"
	}
	if capped > 0 {
		s += fmt.Sprintf(", %d stopped at %d actions and counted drawn", capped, c.maxActions)
	}
	return s + fmt.Sprintf("; wall time %v. Intervals are 95%% Wilson.", elapsed.Round(time.Second))
}

func simTable(w io.Writer, c simConfig, cells [2][2]simCell, capped int, elapsed time.Duration) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range simRows(c, cells) {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	fmt.Fprintln(w, simFooter(c, capped, elapsed))
}

func simMarkdown(w io.Writer, c simConfig, cells [2][2]simCell, capped int, elapsed time.Duration) {
	for i, r := range simRows(c, cells) {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		if i == 0 {
			fmt.Fprintf(w, "|%s\n", strings.Repeat(" --- |", len(r)))
		}
	}
	fmt.Fprintf(w, "\n%s\n", simFooter(c, capped, elapsed))
}
