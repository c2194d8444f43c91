package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"sandtable/internal/engine"
)

// compactOver is the length of action list beyond which actions are
// grouped by a word of their record text and packed several to a line.
const compactOver = 40

// lineWidth is the width compact action lists are packed to.
const lineWidth = 100

// boardText is the board as side sees it: the state's own drawing when it
// is a Boarder, else its View as indented JSON.
func boardText(st engine.State, side engine.Side, lang string) string {
	if b, ok := st.(Boarder); ok {
		return strings.TrimRight(b.Board(side, lang), "\n")
	}
	data, err := json.MarshalIndent(st.View(side, lang), "", "  ")
	if err != nil {
		return "(the view cannot be shown: " + err.Error() + ")"
	}
	return string(data)
}

func (p *playLoop) showBoard(side engine.Side) {
	fmt.Fprintln(p.out)
	fmt.Fprintln(p.out, boardText(p.sess.State, side, p.lang))
}

// actionLabel is an action described for people, with its record text in
// brackets when that differs.
func actionLabel(st engine.State, a engine.Action, lang string) string {
	desc, text := st.Describe(a, lang), st.EncodeAction(a)
	if desc == text {
		return desc
	}
	return desc + " [" + text + "]"
}

// showActions prints the prompt and the numbered legal actions.
func (p *playLoop) showActions(side engine.Side, legal []engine.Action) {
	st := p.sess.State
	fmt.Fprintf(p.out, "\n%s, move %d: %s\n", p.sess.SideName(side), p.sess.Shown()+1, st.Prompt(side, p.lang))
	for _, line := range actionLines(st, legal, p.lang) {
		fmt.Fprintln(p.out, line)
	}
}

// compactList is how many actions compact mode still lists in full.
const compactList = 12

// showActionsCompact prints the prompt and the actions when they are few;
// otherwise how many there are by kind (the first word of their record
// text), and how to see them.
func (p *playLoop) showActionsCompact(side engine.Side, legal []engine.Action) {
	if len(legal) <= compactList {
		p.showActions(side, legal)
		return
	}
	st := p.sess.State
	count := map[string]int{}
	var kinds []string
	for _, a := range legal {
		k, _, _ := strings.Cut(st.EncodeAction(a), " ")
		if count[k] == 0 {
			kinds = append(kinds, k)
		}
		count[k]++
	}
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, count[k])
	}
	fmt.Fprintf(p.out, "\n%s, move %d: %s\n  %d actions (%s): 'list' shows them, 'list WORD' those that name WORD\n",
		p.sess.SideName(side), p.sess.Shown()+1, st.Prompt(side, p.lang), len(legal), strings.Join(parts, ", "))
}

// showMatching prints the legal actions whose words or record text
// contain word, numbered as in the full list.
func (p *playLoop) showMatching(side engine.Side, legal []engine.Action, word string) {
	st := p.sess.State
	want := normalizeText(word)
	w := len(strconv.Itoa(len(legal)))
	n := 0
	for i, a := range legal {
		label := actionLabel(st, a, p.lang)
		if strings.Contains(normalizeText(label), want) {
			fmt.Fprintf(p.out, "  %*d. %s\n", w, i+1, label)
			n++
		}
	}
	if n == 0 {
		fmt.Fprintf(p.out, "no legal action names %q\n", word)
	}
}

// actionLines numbers the actions one to a line, or, for long lists,
// grouped by a word of their record text and packed to lineWidth.
func actionLines(st engine.State, legal []engine.Action, lang string) []string {
	w := len(strconv.Itoa(len(legal)))
	item := func(i int) string {
		return fmt.Sprintf("%*d. %s", w, i+1, actionLabel(st, legal[i], lang))
	}
	var out []string
	if len(legal) <= compactOver {
		for i := range legal {
			out = append(out, "  "+item(i))
		}
		return out
	}
	keys := groupKeys(st, legal)
	line := ""
	flush := func() {
		if line != "" {
			out = append(out, line)
			line = ""
		}
	}
	for i := range legal {
		if i == 0 || keys[i] != keys[i-1] {
			flush()
			out = append(out, keys[i]+":")
		}
		it := item(i)
		if line != "" && len(line)+3+len(it) > lineWidth {
			flush()
		}
		if line == "" {
			line = "  " + it
		} else {
			line += "   " + it
		}
	}
	flush()
	return out
}

// groupKeys picks, for each action, the word of its record text that
// groups the list into the fewest runs: the first word (the verb: "move",
// "attack") or the second (often the unit), whichever the game's order of
// actions keeps together.
func groupKeys(st engine.State, legal []engine.Action) []string {
	var best []string
	bestRuns := 0
	for k := 0; k < 2; k++ {
		keys := make([]string, len(legal))
		runs := 0
		for i, a := range legal {
			words := strings.Fields(st.EncodeAction(a))
			keys[i] = "other"
			if k < len(words) {
				keys[i] = words[k]
			}
			if i == 0 || keys[i] != keys[i-1] {
				runs++
			}
		}
		if best == nil || runs < bestRuns {
			best, bestRuns = keys, runs
		}
	}
	return best
}

// visible reports whether the humans at this terminal may read e: in hot
// seat, entries for any of them.
func (p *playLoop) visible(e engine.LogEntry) bool {
	return e.To == engine.Observer || p.humans.Has(e.To)
}

// readable reports whether the person at the terminal may read e now: in
// hot seat, where the sides share the screen, an entry for one side only
// while that side is at it (another side's, as its secret picks, never).
func (p *playLoop) readable(e engine.LogEntry) bool {
	if len(p.humans.Sides()) > 1 && e.To != engine.Observer {
		return e.To == p.atScreen
	}
	return p.visible(e)
}

// printNewLog prints the log entries written since the last call, unless a
// simultaneous round is partway through (they could betray a choice).
func (p *playLoop) printNewLog() {
	if p.roundOpen() {
		return
	}
	for _, e := range p.sess.Log[p.shown:] {
		if p.readable(e.LogEntry) {
			fmt.Fprintln(p.out, "  - "+p.sess.State.RenderLog(e.LogEntry, p.lang))
		}
	}
	p.shown = len(p.sess.Log)
}

// showLog prints the whole log the humans may read, up to what has been
// printed so far.
func (p *playLoop) showLog() {
	fmt.Fprintln(p.out, "Log:")
	for _, e := range p.sess.Log[:p.shown] {
		if p.readable(e.LogEntry) {
			fmt.Fprintf(p.out, "  %4d  %s\n", e.Move, p.sess.State.RenderLog(e.LogEntry, p.lang))
		}
	}
}
