package wdf

import (
	"embed"
	"fmt"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
)

// texts are the game's words in every language: words/en.json,
// words/it.json (the rulebook is English only; the Italian follows the
// terms of the Compass rulebook where the two games share them: deposito,
// Box di Riserva, Grande Offensiva). The log stores keys and language-free
// arguments; they are put into words here, in the reader's language, so a
// record reads the same in either. See internal/kit/words.
var texts = words.MustLoad("wdf", wordFiles, "words")

//go:embed words/*.json
var wordFiles embed.FS

// word puts a log argument into words ("word.axis"); names and numbers
// stay as they are.
func word(w, lang string) string { return texts.Arg(lang, w) }

// RenderLog writes an entry in lang with its rule reference.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	key := "log." + e.Key
	if !texts.Has(key) {
		return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
	}
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		args[i] = word(a, lang)
	}
	if e.Key == "turn" && len(args) == 2 {
		args[1] = monthYear(e.Args[1], lang)
	}
	return "[" + e.Rule + "] " + texts.Text(lang, key, args...)
}

// Describe tells an action in words, in lang: the units and leaders by
// name, the hexes by number and place (the catalog's "action.<op>").
func (s *State) Describe(a engine.Action, lang string) string {
	if a.Op == opResolve {
		if a.A == 1 {
			return texts.Text(lang, "action.resolve")
		}
		return texts.Text(lang, "action.resolveNoAP", strconv.Itoa(NoAPPenalty))
	}
	name, ok := combatOpName[a.Op]
	if !ok && a.Op != 0 && int(a.Op) < len(opName) {
		name = opName[a.Op]
	}
	key := "action." + name
	if !texts.Has(key) {
		return s.EncodeAction(a)
	}
	unit := func(i int16) string {
		if i < 0 || int(i) >= len(s.d.Units) {
			return s.EncodeAction(a)
		}
		return s.d.Units[i].Name
	}
	leader := func(i int16) string {
		if i < 0 || int(i) >= len(s.d.Leaders) {
			return s.EncodeAction(a)
		}
		return s.leaderName(int(i))
	}
	hex := func(i int16) string {
		id := s.hexID(int(i))
		if i >= 0 && int(i) < len(s.d.Hexes) {
			if p := s.d.Hexes[i].Place; p >= 0 {
				return id + " " + s.d.Places[p].Name
			}
		}
		return id
	}
	num := func(i int16) string { return strconv.Itoa(int(i)) }
	var args []string
	switch a.Op {
	case opDepot, opJoin, opTarget, opShell:
		args = []string{hex(a.A)}
	case opSpend, opSupport:
		args = []string{num(a.A)}
	case opMove, opStrategic, opRetreat, opAdvance:
		args = []string{unit(a.A), hex(a.B)}
	case opEliminate, opEntrench, opDig, opSea, opReplace, opReserve, opRelease, opRefit, opTobruk, opHit, opWithhold:
		args = []string{unit(a.A)}
	case opLead:
		args = []string{leader(a.A), hex(a.B)}
	case opSwap, opLeader:
		args = []string{leader(a.A)}
	case opPick:
		if a.A >= MaxUnits {
			args = []string{leader(a.A - MaxUnits)}
		} else {
			args = []string{unit(a.A)}
		}
	case opAttack:
		args = []string{hex(a.A), hex(a.B)}
	case opTake:
		args = []string{num(a.A), num(a.B)}
	case opBombard:
		args = []string{hex(a.A), num(a.B)}
	}
	return texts.Text(lang, key, args...)
}

// modWord names a combat modifier of the battle panel (combat.go Evaluate
// with Explain) in lang: the catalog's "mod.<what>".
func modWord(what, lang string) (string, bool) {
	if !texts.Has("mod." + what) {
		return "", false
	}
	return texts.Text(lang, "mod."+what), true
}

// stepKey names each step in the catalog: its prompt ("prompt.depot") and
// the name of its phase ("phase.depot").
var stepKey = map[step]string{
	stDepot: "depot", stASP: "asp", stMajor: "major", stMove: "move", stCombat: "combat", stBuild: "build",
	stLoss: "loss", stSteps: "steps", stRetreat: "retreat", stAdvance: "advance", stExploit: "exploit",
	stExploitC: "exploitCombat", stReserve: "reserve", stRepl: "repl", stStack: "stack", stTobruk: "tobruk",
	stLeader: "leader", stOver: "over",
}

// Prompt says what side is asked to decide now, in lang.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Result != 0 {
		return texts.Text(lang, "prompt.over")
	}
	if side != s.Decider {
		return texts.Text(lang, "prompt.waiting", word(s.sideName(s.Decider), lang))
	}
	if u := s.moving(); u >= 0 && (s.Step == stMove || s.Step == stExploit) {
		// Ruling W36: the unit may go on from where it stopped.
		return texts.Text(lang, "prompt.moving", s.d.Units[u].Name, mpWords(int(s.MoveLeft)))
	}
	if k, ok := stepKey[s.Step]; ok && s.Step != stOver {
		return texts.Text(lang, "prompt."+k)
	}
	return ""
}

// mpWords writes sixths of an MP as whole MP and a fraction: "2", "1 1/3", "1/2".
func mpWords(sixths int) string {
	whole, rest := sixths/MP, sixths%MP
	frac := [...]string{"", "1/6", "1/3", "1/2", "2/3", "5/6"}[rest]
	switch {
	case rest == 0:
		return strconv.Itoa(whole)
	case whole == 0:
		return frac
	}
	return strconv.Itoa(whole) + " " + frac
}

// phaseName names the phase of step in lang, for the view.
func phaseName(st step, lang string) string {
	if k, ok := stepKey[st]; ok {
		return texts.Text(lang, "phase."+k)
	}
	return ""
}
