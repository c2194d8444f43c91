package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

func init() {
	Register(Command{Name: "play", Summary: "play a game in the terminal, against the computer or hot seat", Run: runPlay})
}

const playUsage = "play GAME [--scenario S] [--side NAME|both] [--ai NAME] [--lang en|it] [--seed N] [--opt KEY=VALUE] [--load FILE] [--compact]"

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("play", playUsage, stderr)
	scenario := fs.String("scenario", "", "scenario name (default: the game's first)")
	sideFlag := fs.String("side", "", `the side you play, or "both" for hot seat (default: the first side)`)
	aiName := fs.String("ai", "", "computer player for the other sides (default: greedy, else random)")
	lang := fs.String("lang", "en", "language of the game's texts: en or it")
	seed := fs.Uint64("seed", 0, "random seed (default: taken from the clock)")
	load := fs.String("load", "", "resume the game saved in this record file")
	compact := fs.Bool("compact", false, "compact: the board only when asked ('board'), long action lists summed up ('list' shows them)")
	opts := optionFlags{}
	fs.Var(opts, "opt", "a game option as KEY=VALUE (repeatable)")
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprintf(stderr, "\nGames: %s\nComputer players: %s\n", strings.Join(engine.GameIDs(), ", "), strings.Join(ai.Names(), ", "))
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "play: "+format+"\n", a...)
		return 2
	}
	if len(pos) > 1 {
		return fail("too many arguments %q (usage: sandtable %s)", pos, playUsage)
	}
	if err := checkLang(*lang); err != nil {
		return fail("%v", err)
	}
	if *load != "" && (set["scenario"] || set["seed"] || set["opt"]) {
		return fail("--scenario, --seed and --opt come from the record when you --load")
	}
	var sess *engine.Session
	if *load != "" {
		if sess, err = resumeSession(*load, pos); err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return 1
		}
	} else {
		if len(pos) == 0 {
			return fail("which game? (usage: sandtable %s; games: %v)", playUsage, engine.GameIDs())
		}
		setup := engine.Setup{Scenario: *scenario, Seed: *seed}
		if !set["seed"] {
			setup.Seed = uint64(time.Now().UnixNano())
		}
		if len(opts) > 0 {
			setup.Options = opts
		}
		if sess, err = newSession(pos[0], setup); err != nil {
			return fail("%v", err)
		}
	}
	humans, err := parseHumans(sess.Game, *sideFlag)
	if err != nil {
		return fail("%v", err)
	}
	p := &playLoop{sess: sess, humans: humans, lang: *lang, out: stdout, bots: map[engine.Side]ai.Player{}, compact: *compact, atScreen: engine.Observer}
	if p.botName, err = makeBots(p, *aiName); err != nil {
		return fail("%v", err)
	}
	p.in = bufio.NewScanner(stdin)
	p.in.Buffer(make([]byte, 0, 4096), 1<<20)
	if *load != "" {
		p.shown = len(sess.Log)
		p.resumed = fmt.Sprintf("Resumed %s: %d actions replayed, every state hash verified. Type 'log' to read the game so far.", *load, sess.Move())
	}
	return p.run()
}

// newSession starts a game of the named game, in its first scenario when
// setup names none (so that the record names it).
func newSession(game string, setup engine.Setup) (*engine.Session, error) {
	g, err := engine.Lookup(game)
	if err != nil {
		return nil, err
	}
	if setup.Scenario == "" && len(g.Scenarios()) > 0 {
		setup.Scenario = g.Scenarios()[0]
	}
	return engine.NewSession(g, setup)
}

// resumeSession replays a saved record, checking every hash; pos may name
// the game the record must hold.
func resumeSession(path string, pos []string) (*engine.Session, error) {
	rec, err := readRecord(path)
	if err != nil {
		return nil, err
	}
	if len(pos) == 1 && pos[0] != rec.Game {
		return nil, fmt.Errorf("%s holds a game of %s, not %s", path, rec.Game, pos[0])
	}
	sess, err := engine.Replay(rec)
	if err != nil {
		return nil, fmt.Errorf("cannot resume %s: %v", path, err)
	}
	return sess, nil
}

// parseHumans reads --side: a side name, "both" (every side), or "" (the
// first side).
func parseHumans(g engine.Game, name string) (engine.SideSet, error) {
	switch name {
	case "":
		return engine.Only(0), nil
	case "both", "all":
		var ss engine.SideSet
		for i := range g.SideNames() {
			ss |= engine.Only(engine.Side(i))
		}
		return ss, nil
	}
	s, err := engine.SideByName(g, name)
	if err != nil {
		return 0, fmt.Errorf("--side: %v, or both", err)
	}
	return engine.Only(s), nil
}

// makeBots gives every side the human does not play a computer player.
func makeBots(p *playLoop, name string) (string, error) {
	g := p.sess.Game
	if len(g.SideNames()) == len(p.humans.Sides()) {
		return "", nil
	}
	if name == "" {
		name = defaultAI()
		if name == "" {
			return "", fmt.Errorf("no computer player is available; play --side both")
		}
	}
	for i := range g.SideNames() {
		s := engine.Side(i)
		if p.humans.Has(s) {
			continue
		}
		bot, err := ai.New(name, g, p.sess.Record.Setup.Seed+uint64(i)+1)
		if err != nil {
			return "", fmt.Errorf("--ai: %v", err)
		}
		p.bots[s] = bot
	}
	return name, nil
}

// defaultAI picks greedy, else random, else any registered player.
func defaultAI() string {
	names := ai.Names()
	for _, want := range []string{"greedy", "random"} {
		for _, n := range names {
			if n == want {
				return n
			}
		}
	}
	if len(names) > 0 {
		return names[0]
	}
	return ""
}

// playLoop runs one terminal game: it asks the human sides, lets the
// computer play the others and prints what the humans may see.
type playLoop struct {
	sess    *engine.Session
	humans  engine.SideSet
	bots    map[engine.Side]ai.Player
	botName string
	lang    string
	in      *bufio.Scanner
	out     io.Writer

	compact bool // the board only when asked, long action lists summed up

	resumed string // the note on a game resumed with --load
	shown   int    // log entries already printed (or held back)
	drawn   string // move and side of the board last shown

	// A simultaneous round: the sides that were active together, and
	// those of them that have acted so far; the state's Epoch when it
	// began (the reveal that closes it moves the Epoch); the side last
	// told it alone may look.
	round, acted engine.SideSet
	roundEpoch   uint64
	handedTo     engine.Side

	atScreen engine.Side // the human side asked last: in hot seat, whose private entries may be printed (readable)
}

// outcome of reading one line at a human decision.
type playTurn int

const (
	turnStay  playTurn = iota // ask again
	turnActed                 // the side played an action
	turnQuit                  // the human left the game
	turnEOF                   // the input ended
	turnFail                  // the game cannot go on
)

func (p *playLoop) run() int {
	p.header()
	p.printNewLog()
	for !p.sess.State.Over() {
		active := p.sess.State.Active()
		if active == 0 {
			fmt.Fprintln(p.out, "error: the game is not over but no side is to decide")
			p.offerSave()
			return 1
		}
		p.beginDecision()
		// in a round made of several actions a side (pick, pick, commit),
		// each side completes its choice before the next is asked; a person
		// before the computer, whose picks, made first, would keep him
		// waiting the longer the more it picked
		deciding := engine.Deciding(p.sess.State).Sides()
		side := deciding[0]
		for _, sd := range deciding {
			if _, bot := p.bots[sd]; !bot {
				side = sd
				break
			}
		}
		if bot, ok := p.bots[side]; ok {
			if err := p.computerMove(side, bot); err != nil {
				fmt.Fprintf(p.out, "error: %v\n", err)
				p.offerSave()
				return 1
			}
			continue
		}
		switch p.humanTurn(side) {
		case turnQuit:
			fmt.Fprintln(p.out, "Game left unfinished.")
			return 0
		case turnEOF:
			fmt.Fprintln(p.out, "\nEnd of input: game left unfinished.")
			return 0
		case turnFail:
			p.offerSave()
			return 1
		}
	}
	p.printNewLog()
	p.finish()
	return 0
}

func (p *playLoop) header() {
	g, setup := p.sess.Game, p.sess.Record.Setup
	fmt.Fprintf(p.out, "%s (%s), scenario %q, seed %d.\n", g.Title(), g.ID(), setup.Scenario, setup.Seed)
	for i, name := range g.SideNames() {
		who := "you"
		if !p.humans.Has(engine.Side(i)) {
			who = "the computer (" + p.botName + ")"
		}
		fmt.Fprintf(p.out, "  %s: %s\n", name, who)
	}
	if p.resumed != "" {
		fmt.Fprintln(p.out, p.resumed)
	}
	fmt.Fprintln(p.out, "Type an action's number or its text; 'help' lists the commands.")
}

// beginDecision notes the start of a simultaneous round.
func (p *playLoop) beginDecision() {
	if p.roundOpen() {
		return
	}
	p.round, p.acted, p.handedTo = 0, 0, engine.Observer
	if a := p.sess.State.Active(); len(a.Sides()) > 1 {
		p.round, p.roundEpoch = a, p.sess.State.Epoch()
	}
}

// roundOpen reports whether a simultaneous round is partway through: some
// of its sides have chosen, the rest still must. Until it closes, nothing
// that could betray a choice is printed.
func (p *playLoop) roundOpen() bool {
	a := p.sess.State.Active()
	if p.acted == 0 || a == 0 || a&^p.round != 0 || p.sess.State.Epoch() != p.roundEpoch {
		return false
	}
	// the sides that acted have left the choice, or, in a choice of
	// several actions a side, all of the round's sides are still in it
	return a&p.acted == 0 || a == p.round
}

func (p *playLoop) noteActed(side engine.Side) {
	if p.round.Has(side) {
		p.acted |= engine.Only(side)
	}
}

func (p *playLoop) computerMove(side engine.Side, bot ai.Player) error {
	p.printNewLog()
	st := p.sess.State
	a := bot.Choose(st.Clone(), side)
	desc := st.Describe(a, p.lang)
	secret := p.round.Has(side) || secretAction(st, side, a)
	logLen := len(p.sess.Log)
	if err := p.sess.Apply(side, a); err != nil {
		return fmt.Errorf("%s (computer) chose %q: %v", p.sess.SideName(side), st.EncodeAction(a), err)
	}
	if secret || p.hiddenLog(p.sess.Log[logLen:]) {
		desc = "has made its secret choice" // what it was, the log tells when the rules reveal it
	}
	p.noteActed(side)
	if p.round.Has(side) && p.roundOpen() && engine.Deciding(p.sess.State).Has(side) {
		return nil // a step of a choice of several actions: not even how many it takes
	}
	fmt.Fprintf(p.out, "%s (computer): %s\n", p.sess.SideName(side), desc)
	p.printNewLog()
	return nil
}

// secretAction asks a state that implements Secrecy whether side's a is
// secret.
func secretAction(st engine.State, side engine.Side, a engine.Action) bool {
	sc, ok := st.(Secrecy)
	return ok && sc.SecretAction(side, a)
}

// hiddenLog reports whether an action's log entries mark it as secret:
// one of them is for a side the humans may not read (as a secret pick
// writes "you choose X" to its own side only). The public entries are
// printed all the same.
func (p *playLoop) hiddenLog(entries []engine.Logged) bool {
	for _, e := range entries {
		if !p.visible(e.LogEntry) {
			return true
		}
	}
	return false
}

// humanTurn shows side what it may see and reads lines until it acts.
func (p *playLoop) humanTurn(side engine.Side) playTurn {
	p.atScreen = side
	p.printNewLog()
	if key := fmt.Sprint(p.sess.Move(), "/", side); key != p.drawn {
		if p.round.Has(side) && len(p.humans.Sides()) > 1 && p.handedTo != side {
			p.handedTo = side
			fmt.Fprintf(p.out, "\n--- secret choice: %s only, please; the other choices stay hidden ---\n", p.sess.SideName(side))
		}
		if !p.compact || p.drawn == "" {
			p.showBoard(side)
		}
		p.drawn = key
	}
	legal := p.sess.State.Legal(side, nil)
	if len(legal) == 0 {
		fmt.Fprintf(p.out, "error: %s must decide but has no legal action\n", p.sess.SideName(side))
		return turnFail
	}
	if p.compact {
		p.showActionsCompact(side, legal)
	} else {
		p.showActions(side, legal)
	}
	for {
		fmt.Fprintf(p.out, "%s> ", p.sess.SideName(side))
		if !p.in.Scan() {
			return turnEOF
		}
		r := p.handle(side, legal, strings.TrimSpace(p.in.Text()))
		if r != turnStay {
			return r
		}
	}
}

// handle acts on one input line at side's decision.
func (p *playLoop) handle(side engine.Side, legal []engine.Action, line string) playTurn {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "":
		return turnStay
	case "help", "?":
		p.help()
		return turnStay
	case "board":
		p.showBoard(side)
		return turnStay
	case "log":
		p.showLog()
		return turnStay
	case "list":
		if arg != "" {
			p.showMatching(side, legal, arg)
		} else {
			p.showActions(side, legal)
		}
		return turnStay
	case "compact":
		p.compact = arg != "off"
		fmt.Fprintf(p.out, "compact mode %s\n", map[bool]string{true: "on", false: "off"}[p.compact])
		return turnStay
	case "neighbours", "neighbors", "nb":
		p.neighbours(arg)
		return turnStay
	case "quit", "exit":
		return turnQuit
	case "save":
		p.save(arg)
		return turnStay
	case "undo":
		return p.undo(side)
	}
	a, err := pickAction(p.sess.State, legal, line, p.lang)
	if err != nil {
		fmt.Fprintf(p.out, "error: %v\n", err)
		return turnStay
	}
	if err := p.sess.Apply(side, a); err != nil {
		fmt.Fprintf(p.out, "error: %v\n", err)
		return turnStay
	}
	p.noteActed(side)
	return turnActed
}

func (p *playLoop) help() {
	fmt.Fprint(p.out, `Commands:
  N            play the action numbered N
  TEXT         play the action with that record text (as shown in [brackets])
  list         show the legal actions again
  list WORD    show the legal actions whose words or text contain WORD (a unit, a place)
  neighbours P list the areas or hexes next to P (an id or a name); also: nb P
  compact      the board only when asked, long action lists summed up ('compact off' to undo)
  board        show the board
  log          show the game log so far
  undo         take back your last action (not across a die roll, a reveal or the other side's move)
  save FILE    save the game record to FILE (resume with: sandtable play --load FILE)
  help         this text
  quit         leave the game
`)
}

func (p *playLoop) save(path string) {
	if path == "" {
		fmt.Fprintln(p.out, "error: save needs a file name: save FILE")
		return
	}
	if err := writeRecord(path, p.sess.Record); err != nil {
		fmt.Fprintf(p.out, "error: %v\n", err)
		return
	}
	fmt.Fprintf(p.out, "Saved %d actions to %s.\n", p.sess.Move(), path)
}

func (p *playLoop) undo(side engine.Side) playTurn {
	if !p.sess.CanUndo(side) {
		fmt.Fprintf(p.out, "error: %s has nothing to take back (undo stops at a die roll, a reveal and the other side's move)\n", p.sess.SideName(side))
		return turnStay
	}
	last := p.sess.Record.Actions[p.sess.Move()-1].Action
	if err := p.sess.Undo(side); err != nil {
		fmt.Fprintf(p.out, "error: %v\n", err)
		return turnStay
	}
	p.acted &^= engine.Only(side)
	p.shown = min(p.shown, len(p.sess.Log))
	desc := last
	if a, err := p.sess.State.DecodeAction(last); err == nil {
		desc = p.sess.State.Describe(a, p.lang)
	}
	fmt.Fprintf(p.out, "Took back: %s\n", desc)
	return turnActed // the state changed: show the decision afresh
}

// pickAction finds the legal action a line names: its number in the list,
// its record text, or its description when only one action has it.
func pickAction(st engine.State, legal []engine.Action, line, lang string) (engine.Action, error) {
	if n, ok := parseNumber(line); ok {
		if n < 1 || n > len(legal) {
			return engine.Action{}, fmt.Errorf("there is no action %d: choose 1 to %d", n, len(legal))
		}
		return legal[n-1], nil
	}
	want := normalizeText(line)
	for _, a := range legal {
		if normalizeText(st.EncodeAction(a)) == want {
			return a, nil
		}
	}
	if a, ok := byLabel(st, legal, want, lang); ok {
		return a, nil
	}
	a, err := st.DecodeAction(line)
	if err != nil {
		return engine.Action{}, fmt.Errorf("%q is neither a command nor an action (type 'help' or 'list')", line)
	}
	for _, l := range legal {
		if l == a {
			return a, nil
		}
	}
	return engine.Action{}, fmt.Errorf("%q is not legal now (type 'list' to see the choices)", line)
}

// byLabel finds the one legal action described as want (normalized).
func byLabel(st engine.State, legal []engine.Action, want, lang string) (engine.Action, bool) {
	var found []engine.Action
	for _, a := range legal {
		if normalizeText(st.Describe(a, lang)) == want {
			found = append(found, a)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return engine.Action{}, false
}

// parseNumber parses a line of decimal digits.
func parseNumber(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func normalizeText(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// finish prints the result and offers to save the record.
func (p *playLoop) finish() {
	fmt.Fprintln(p.out, "\nGame over.")
	for _, l := range resultLines(p.sess.Game, p.sess.State) {
		fmt.Fprintln(p.out, "  "+l)
	}
	p.offerSave()
}

// offerSave asks whether to save the record, at the end of the game or
// when it cannot go on (the record then shows how it got there).
func (p *playLoop) offerSave() {
	fmt.Fprintln(p.out, "Save the record? Type 'save FILE', or press Enter to finish.")
	for {
		fmt.Fprint(p.out, "> ")
		if !p.in.Scan() {
			fmt.Fprintln(p.out)
			return
		}
		word, arg, _ := strings.Cut(strings.TrimSpace(p.in.Text()), " ")
		switch strings.ToLower(word) {
		case "", "quit", "exit", "no", "n":
			return
		case "save":
			if arg = strings.TrimSpace(arg); arg != "" {
				p.save(arg)
				return
			}
			fmt.Fprintln(p.out, "error: save needs a file name: save FILE")
		case "board":
			p.showBoard(p.humans.Sides()[0])
		case "log":
			p.showLog()
		default:
			fmt.Fprintln(p.out, "error: type 'save FILE', 'board', 'log', or press Enter")
		}
	}
}

// neighbours prints the neighbours of an area or hex, for games whose
// state can list them.
func (p *playLoop) neighbours(place string) {
	nb, ok := p.sess.State.(Neighbourer)
	if !ok {
		fmt.Fprintln(p.out, "error: this game has no map to ask about")
		return
	}
	if place == "" {
		fmt.Fprintln(p.out, "error: neighbours of what? (an area's or hex's id or name)")
		return
	}
	text, err := nb.Neighbours(place, p.lang)
	if err != nil {
		fmt.Fprintf(p.out, "error: %v\n", err)
		return
	}
	fmt.Fprintln(p.out, text)
}
