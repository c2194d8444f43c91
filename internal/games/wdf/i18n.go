package wdf

import (
	"fmt"

	"sandtable/internal/engine"
)

// The game's log messages (English only so far; other languages fall back
// to English). %s are the entry's arguments in order.
var messages = map[string]string{
	"turn":          "Turn %s (%s)",
	"event":         "random events roll %s: %s",
	"air":           "air superiority scores Allied %s, Axis %s: ASPs Allied %s, Axis %s",
	"naval":         "Allied Naval Support this turn",
	"playerTurn":    "%s player turn",
	"depotCut":      "%s depot at %s is cut off and removed; its APs are lost",
	"noDepotHex":    "%s depot: no hex may take it",
	"depot":         "%s depot placed at %s (zone %s)",
	"spend":         "%s player spends %s ASP(s) against the Organization die",
	"newAP":         "%s Organization die %s less %s ASP(s): %s new APs, %s in all",
	"supplyLevel":   "Axis Supply Level: %s",
	"reserves":      "Allied Reserve Requirement: %s units",
	"arrives":       "%s arrives at %s",
	"major":         "%s player declares a Major Offensive for %s APs; surprise die %s: surprise %s",
	"moves":         "%s moves %s → %s",
	"captured":      "%s captures the enemy depot and rolls %s APs",
	"overstack":     "stacking limit exceeded in %s",
	"reduced":       "%s is reduced",
	"eliminated":    "%s is eliminated (permanently: %s)",
	"autoVictory":   "automatic victory: %s",
	"victory":       "victory points Allied %s, Axis %s: %s",
	"combat":        "%s attack: final CS %s against %s; the attacker scores %s hit(s)",
	"overwhelming":  "overwhelming attack: every defending unit is eliminated (10.24)",
	"defenderHits":  "the defender scores %s hit(s)",
	"takes":         "hits taken as %s step loss(es) and %s hex(es) of retreat",
	"cannotRetreat": "%s cannot retreat and loses a step instead",
	"fortress":      "%s changes hands in combat: its fortress status is lowered",
	"bombard":       "bombardment of %s with %s dice: %s hit(s)",
	"leaderOut":     "%s leaves the game",
	"refit":         "%s refits in the Reserve Box (7.62)",
	"released":      "%s leaves the Reserve Box for %s",
	"replLost":      "%s player loses %s unused replacement(s)",
	"replaced":      "%s receives a replacement (%s)",
	"reserveShort":  "the Allied reserve requirement is not met: %s of %s units; the Axis scores 3 VP",
	"toReserve":     "%s goes to the Reserve Box",
	"sandstorm":     "sandstorm: no Air Superiority Points and no Naval Support this turn",
	"eventAP":       "Attack Points now Allied %s, Axis %s",
	"primeMinister": "the Allies made no attack this turn: they lose 3 victory points",
	"ip":            "%s builds an improved position in %s: IP-%s",
	"dig":           "%s enters the improved position in %s",
	"sea":           "%s moves by sea",
	"leaderLost":    "leader %s is a casualty (die %s)",
	"leaderSafe":    "leader %s survives (die %s)",
	"leaderHeld":    "%s is not placed: a leader of that nationality is in play",
	"tobrukPick":    "%s draws on Tobruk's limited supply",
	"leaderWaits":   "%s waits off the map: the entry hex is held by the enemy",
}

var words = map[string]string{
	"alliedWin": "Allied victory", "axisWin": "Axis victory", "draw": "draw",
}

// RenderLog writes an entry with its rule reference.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	f, ok := messages[e.Key]
	if !ok {
		return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if w, ok := words[a]; ok {
			a = w
		}
		args[i] = a
	}
	return fmt.Sprintf("[%s] ", e.Rule) + fmt.Sprintf(f, args...)
}

// Describe tells an action in words.
func (s *State) Describe(a engine.Action, lang string) string {
	switch a.Op {
	case opDone:
		return "done"
	case opDepot:
		return "place the depot at " + s.hexID(int(a.A))
	case opSpend:
		return fmt.Sprintf("spend %d ASP(s) against the Organization die", a.A)
	case opMajor:
		return "declare a Major Offensive"
	case opReserve:
		return "send to the Reserve Box: " + s.EncodeAction(a)
	case opRelease:
		return "release from the Reserve Box: " + s.EncodeAction(a)
	case opReplace:
		return "give a replacement: " + s.EncodeAction(a)
	case opEntrench:
		return "build or upgrade an improved position: " + s.EncodeAction(a)
	case opDig:
		return "enter the improved position: " + s.EncodeAction(a)
	case opSea:
		return "sea transfer between Tobruk and Alexandria: " + s.EncodeAction(a)
	case opRefit:
		return "refit the reduced armor unit in the Reserve Box: " + s.EncodeAction(a)
	case opTobruk:
		return "supply this unit from Tobruk: " + s.EncodeAction(a)
	}
	return s.EncodeAction(a)
}

var stepPrompt = map[step]string{
	stDepot:    "place or relocate your depot (7.11), or done to keep it",
	stASP:      "spend ASPs against the enemy's Organization die (7.2)",
	stMajor:    "declare a Major Offensive (7.9), or done",
	stMove:     "move your units (9.0), or done",
	stCombat:   "Regular Combat Phase (10.0): attack, or done",
	stBuild:    "add attacking or defending hexes, support, then resolve (10.1)",
	stLoss:     "choose how to take the hits (10.22, 10.23)",
	stSteps:    "choose the unit that loses a step (10.21)",
	stRetreat:  "retreat your units (10.26)",
	stAdvance:  "advance after combat (10.27), or done",
	stExploit:  "exploitation moves (9.5), or done",
	stExploitC: "Exploitation Combat Phase (10.0): attack with exploitation units, or done",
	stReserve:  "send units to the Reserve Box or release surplus (7.4, 7.8), or done",
	stRepl:     "spend replacements (7.6), or done",
	stStack:    "eliminate enemy units over the stacking limit (9.2)",
	stTobruk:   "choose the units Tobruk supplies (8.4)",
}

// Prompt says what side is asked to decide now.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Result != 0 {
		return "the game is over"
	}
	if side != s.Decider {
		return "waiting for the " + s.sideName(s.Decider) + " player"
	}
	return stepPrompt[s.Step]
}
