package compass

import (
	"embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
)

// texts are the game's words in every language: words/en.json,
// words/it.json (the Italian terms are the rulebook's own: Supporto Aereo,
// Autocolonna, Attacco Sostenuto, ...). See internal/kit/words.
var texts = words.MustLoad("compass", wordFiles, "words")

//go:embed words/*.json
var wordFiles embed.FS

// tr puts a log argument or token into words ("word.allied"); names and
// numbers stay as they are.
func tr(tok, lang string) string { return texts.Arg(lang, tok) }

// RenderLog writes a log entry in lang, led by its rule number.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	key := "log." + e.Key
	if !texts.Has(key) {
		return e.Rule + " " + e.Key + " " + strings.Join(e.Args, " ")
	}
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		args[i] = tr(a, lang)
	}
	switch e.Key {
	case "die", "reroll":
		args[2] = renderMods(e.Args[2], lang)
	case "turn":
		args[1] = datesIn(e.Args[1], lang)
	}
	return "Compass " + e.Rule + ": " + strings.TrimSpace(texts.Text(lang, key, args...))
}

// renderMods writes "+2 support,-1 oos" as " +2 (support) -1 (out of supply)".
func renderMods(mods, lang string) string {
	if mods == "" {
		return ""
	}
	var b strings.Builder
	for _, m := range strings.Split(mods, ",") {
		num, what, _ := strings.Cut(m, " ")
		fmt.Fprintf(&b, " %s (%s)", num, tr(what, lang))
	}
	return b.String()
}

// Describe tells an action in words.
func (s *State) Describe(a engine.Action, lang string) string {
	unit := func(i int16) string {
		if i < 0 || int(i) >= len(s.d.Units) {
			return "?"
		}
		return s.d.Units[i].Name
	}
	area := func(i int16) string {
		if i < 0 || int(i) >= len(s.d.Areas) {
			return "?"
		}
		return s.d.Areas[i].Name
	}
	say := func(key string, args ...string) string { return texts.Text(lang, "action."+key, args...) }
	switch a.Op {
	case opDone:
		switch s.Step {
		case stMove:
			return say("done.move")
		case stCombat:
			return say("done.combat")
		case stExploit:
			return say("done.exploit")
		case stRefit:
			return say("done.refit")
		case stAtkEvents, stDefEvents, stAtkLeader, stDefLeader, stMatilda:
			return say("done.events")
		case stAdvance:
			return say("done.advance")
		}
		return say("done.other")
	case opPick:
		return say("pick", tr(eventName(a.A), lang))
	case opPlace:
		return say("place", unit(a.A), area(a.B))
	case opReplace:
		return say("replace", unit(a.A))
	case opPlay:
		ev := tr(eventName(a.A), lang)
		if a.B < 0 {
			return say("play", ev)
		}
		if s.Step == stAtkEvents || s.Step == stDefEvents {
			if s.side(int(a.B)) != s.Decider {
				return say("playAgainst", ev, unit(a.B))
			}
			return say("playFor", ev, unit(a.B))
		}
		if EventKind(a.A) == Leader {
			return say("playLeader", unit(a.B))
		}
		return say("playOn", ev, unit(a.B))
	case opMove:
		k, _ := s.link(int(s.Units[a.A].Area), int(a.B))
		return say("move", unit(a.A), area(a.B), halves(entryCost(k)), tr(linkName[k], lang))
	case opAttack:
		if s.Step == stExploitAct {
			return say("attackExploit", unit(a.A), area(a.B))
		}
		return say("attack", unit(a.A), area(a.B))
	case opEliminate:
		return say("eliminate", unit(a.A))
	case opBattle:
		return say("battle", area(a.B), area(a.A))
	case opEnter:
		return say("enter", unit(a.A), area(a.B))
	case opFront:
		return say("front", unit(a.A))
	case opSupport:
		return say("support", unit(a.A), unit(a.B))
	case opHit:
		return say("hit", unit(a.A))
	case opRetreat:
		return say("retreat", unit(a.A), area(a.B))
	case opAdvance:
		return say("advance", unit(a.A))
	case opActivate:
		if a.B == 1 {
			return say("activateSupport", unit(a.A))
		}
		return say("activateFront", unit(a.A))
	}
	return s.EncodeAction(a)
}

// stepKey names each decision point's prompt in the catalog ("prompt.pick").
var stepKey = map[step]string{
	stPick: "pick", stPlace: "place", stRefit: "refit", stMove: "move", stStack: "stack", stCombat: "combat",
	stAtkFront: "atkFront", stAtkSupport: "atkSupport", stDefFront: "defFront", stDefSupport: "defSupport",
	stAtkEvents: "atkEvents", stDefEvents: "defEvents", stAtkLeader: "atkLeader", stDefLeader: "defLeader",
	stAtkHits: "atkHits", stDefHits: "defHits", stRetreat: "retreat", stAdvance: "advance", stMatilda: "matilda",
	stExploit: "exploit", stActivate: "activate", stExploitAct: "exploitAct",
}

// Prompt says what side is asked now, with the rule.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Result != 0 {
		return tr(resultKey[s.Result], lang)
	}
	if side != s.Decider {
		return texts.Text(lang, "prompt.waiting", tr(s.sideName(s.Decider), lang))
	}
	k, ok := stepKey[s.Step]
	if !ok {
		return ""
	}
	key := "prompt." + k
	count := func(n int) string { return texts.Plural(lang, key, n, strconv.Itoa(n)) }
	switch s.Step {
	case stPick:
		return count(int(s.Picks))
	case stRefit:
		return count(int(s.Repl[side]))
	case stAtkHits:
		return count(int(s.Bat.Left[0]))
	case stDefHits:
		return count(int(s.Bat.Left[1]))
	}
	return texts.Text(lang, key)
}

// datesIn writes a turn's dates from the data ("9-13 Dec 1940") in lang:
// each English month abbreviation becomes the catalog's ("month.Dec":
// "dic" in Italian); other words stay.
func datesIn(dates, lang string) string {
	if lang == words.Source {
		return dates
	}
	return monthWord.ReplaceAllStringFunc(dates, func(m string) string { return texts.Text(lang, "month."+m) })
}

var monthWord = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b`)
