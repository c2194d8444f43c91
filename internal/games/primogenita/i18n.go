package primogenita

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
)

// texts are the game's words in every language: words/en.json,
// words/it.json, read and checked by the kit's catalogs (internal/kit/words).
var texts = words.MustLoad("primogenita", wordFiles, "words")

//go:embed words/*.json
var wordFiles embed.FS

// text fills the text of key in lang (English if lang is unknown) with
// args, in the order the placeholders first appear in the English text;
// false when the catalog has no such key.
func text(lang, key string, args ...string) (string, bool) {
	if !texts.Has(key) {
		return "", false
	}
	return texts.Text(lang, key, args...), true
}

// orderKeys are the log keys whose first argument is an Order number.
var orderKeys = map[string]bool{"pick": true, "drop": true, "declare": true, "decline": true, "drawn": true, "execute": true, "return": true}

// orderLabel is "36 Full Move" in lang.
func orderLabel(p int, lang string) string {
	name, _ := text(lang, "order."+strconv.Itoa(p))
	return strconv.Itoa(p) + " " + name
}

// argWord puts a language-free log argument into words: a unit's name, a
// town's or Entry hex's name, a word of the catalog; anything else (hex
// ids, numbers, odds) as it is.
func (s *State) argWord(a, lang string) string {
	if u := s.d.UnitIndex(a); u >= 0 {
		return s.d.Units[u].Name
	}
	if t := s.d.town(a); t >= 0 {
		return s.d.Towns[t].Name
	}
	if h := s.d.HexIndex(a); h >= 0 && s.d.Hexes[h].Entry >= 0 {
		return s.d.Entries[s.d.Hexes[h].Entry].Name
	}
	if w, ok := text(lang, "word."+a); ok {
		return w
	}
	return a
}

// RenderLog writes a log entry in lang with its rule reference.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		args[i] = s.argWord(a, lang)
	}
	if orderKeys[e.Key] && len(e.Args) > 0 {
		if p, err := strconv.Atoi(e.Args[0]); err == nil {
			args[0] = orderLabel(p, lang)
		}
	}
	if e.Key == "reveal" && len(e.Args) == 2 {
		var list []string
		for _, n := range strings.Split(e.Args[1], ", ") {
			if p, err := strconv.Atoi(n); err == nil {
				list = append(list, orderLabel(p, lang))
			}
		}
		args[1] = strings.Join(list, ", ")
	}
	t, ok := text(lang, "log."+e.Key, args...)
	if !ok {
		return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
	}
	return "[" + e.Rule + "] " + t
}

// Describe tells an action in words, in lang.
func (s *State) Describe(a engine.Action, lang string) string {
	// A unit by its counter's name, a remnant said so (1.4): never its
	// record id.
	unit := func(i int16) string {
		if i < 0 || int(i) >= len(s.d.Units) {
			return "?"
		}
		u := &s.d.Units[i]
		if u.IsRemnant() {
			r, _ := text(lang, "word.remnant")
			return u.Name + " (" + r + ")"
		}
		return u.Name
	}
	hex := func(i int16) string {
		if i >= 0 && int(i) < len(s.d.Hexes) {
			return s.argWord(s.d.Hexes[i].ID, lang)
		}
		return "?"
	}
	var args []string
	switch a.Op {
	case opPlace, opRail, opMove:
		args = []string{unit(a.A), hex(a.B)}
	case opPick, opDrop, opExecute, opDecline, opReturn, opDeclare:
		args = []string{orderLabel(int(a.A), lang)}
	case opUpgrade:
		if int(a.A) < len(s.d.AlliedSupply) && a.A >= 0 {
			args = []string{s.argWord(s.d.AlliedSupply[a.A].ID, lang)}
		}
	case opTarget, opCounter, opTrench:
		args = []string{hex(a.A)}
	case opDuel:
		args = []string{unit(a.A), unit(a.B)}
	case opRemove, opHalt, opFire, opDisrupt, opStep, opDeplete, opChoose:
		args = []string{unit(a.A)}
	}
	key := "action." + opNames.Word(a.Op)
	if a.Op == opDeclare && a.B == airSplit {
		key += "-split"
	} else if a.Op == opDeclare && a.B == airHeld {
		key += "-held"
	}
	if t, ok := text(lang, key, args...); ok {
		return t
	}
	return s.EncodeAction(a)
}

// promptKeys name each decision point's prompt.
var promptKeys = map[step]string{stSetup: "setup", stChoose: "choose", stExecute: "execute", stBoxFull: "box", stRail: "rail",
	stSource: "source", stRemoveSD: "remove", stMove: "move", stMoveAfter: "move", stRaid: "move", stOpenCity: "opencity", stMinor: "minor",
	stMinorAdvance: "minor", stDigFrom: "minor", stResupply: "resupply", stBombTarget: "bombard", stBombFire: "bombard", stBombDisrupt: "bombard", stBombStep: "bombard", stBombSD: "bombard",
	stAsPlus: "plus", stAsPushSD: "push-sd"}

// Prompt says what side is asked to decide now, in lang.
func (s *State) Prompt(side engine.Side, lang string) string {
	if act := s.Active(); !act.Has(side) {
		// Named when one side decides; "the other side" while both choose
		// (an observer) or when the game is over.
		for _, other := range []engine.Side{Allied, Italian} {
			if act == engine.Only(other) {
				t, _ := text(lang, "prompt.wait-"+sideNames[other])
				return t
			}
		}
		t, _ := text(lang, "prompt.wait")
		return t
	}
	key, ok := promptKeys[s.Step]
	if !ok {
		key = "assault"
	}
	t, _ := text(lang, "prompt."+key)
	return t
}
