package compass

import (
	"fmt"
	"regexp"
	"strings"

	"sandtable/internal/engine"
)

// The game's words in English and in Italian. The Italian terms are the
// rulebook's own (Supporto Aereo, Autocolonna, Attacco Sostenuto, ...).

type text struct{ en, it string }

func (t text) in(lang string) string {
	if lang == "it" {
		return t.it
	}
	return t.en
}

var tokens = map[string]text{
	"allied":           {"Allied", "Alleato"},
	"italian":          {"Italian", "Italiano"},
	"air-support":      {"Air Support", "Supporto Aereo"},
	"naval-support":    {"Naval Support", "Supporto Navale"},
	"leader":           {"Leader", "Leader"},
	"surprise":         {"Surprise", "Sorpresa"},
	"unit-recovery":    {"Unit Recovery", "Recupero Unità"},
	"motor-convoy":     {"Motor Convoy", "Autocolonna"},
	"sustained-attack": {"Sustained Attack", "Attacco Sostenuto"},
	"matilda":          {"Matilda", "Matilda"},
	"road":             {"road", "strada"},
	"track":            {"track", "pista"},
	"desert":           {"desert", "deserto"},
	"hit":              {"hit", "colpo a segno"},
	"miss":             {"miss", "mancato"},
	"alliedWin":        {"Allied victory", "vittoria alleata"},
	"italianWin":       {"Italian victory", "vittoria italiana"},
	"draw":             {"draw", "pareggio"},
	"support":          {"support", "supporto"},
	"oos":              {"out of supply", "fuori rifornimento"},
}

func tr(tok, lang string) string {
	if t, ok := tokens[tok]; ok {
		return t.in(lang)
	}
	return tok
}

// messages are the log lines; %s are the entry's arguments in order.
var messages = map[string]text{
	"turn":            {"Turn %s (%s): administrative phase", "Turno %s (%s): fase amministrativa"},
	"drew":            {"you draw %s", "peschi %s"},
	"draws":           {"%s player draws %s event marker(s)", "il giocatore %s pesca segnalini evento: %s"},
	"picked":          {"you choose %s", "scegli %s"},
	"picks":           {"%s player chooses %s event markers", "il giocatore %s sceglie %s segnalini evento"},
	"withdrawn":       {"%s is removed from the game", "%s è rimossa dal gioco"},
	"postponed":       {"%s cannot enter: entry postponed to next turn", "%s non può entrare: ingresso rinviato al turno successivo"},
	"arrives":         {"%s arrives in %s", "%s entra in %s"},
	"replLost":        {"%s player loses %s unused replacement point(s)", "il giocatore %s perde punti rimpiazzo non usati: %s"},
	"replaced":        {"%s returns to full strength", "%s torna a piena forza"},
	"recovered":       {"%s player recovers %s in %s", "il giocatore %s recupera %s in %s"},
	"playerTurn":      {"%s player turn: supply check", "semi-turno del giocatore %s: controllo del rifornimento"},
	"outOfSupply":     {"%s in %s is out of supply", "%s in %s è fuori rifornimento"},
	"resupplied":      {"%s is back in supply", "%s è di nuovo rifornita"},
	"control":         {"%s takes control of %s", "%s prende il controllo di %s"},
	"eliminated":      {"%s is eliminated", "%s è eliminata"},
	"reduced":         {"%s is reduced", "%s è ridotta"},
	"moves":           {"%s moves %s → %s by %s (%s MP left)", "%s muove %s → %s per %s (restano %s PM)"},
	"declares":        {"%s declares an attack on %s", "%s dichiara un attacco su %s"},
	"event":           {"%s player plays %s on %s", "il giocatore %s gioca %s su %s"},
	"eventAgainst":    {"%s player plays %s against %s", "il giocatore %s gioca %s contro %s"},
	"eventPlayed":     {"%s player plays %s", "il giocatore %s gioca %s"},
	"endMovement":     {"%s player ends movement", "il giocatore %s termina il movimento"},
	"endCombat":       {"%s player ends the combat phase", "il giocatore %s termina la fase di combattimento"},
	"overstack":       {"stacking limit exceeded in %s", "limite di ammassamento superato in %s"},
	"battle":          {"%s attack from %s on %s", "attacco %s da %s su %s"},
	"front":           {"front line: %s", "prima linea: %s"},
	"support":         {"%s supports %s", "%s supporta %s"},
	"noRoll":          {"%s has modified CV 0 and does not roll", "%s ha VC modificato 0 e non tira"},
	"die":             {"%s: CV %s%s = %s, rolls %s: %s", "%s: VC %s%s = %s, tira %s: %s"},
	"reroll":          {"%s re-rolls: CV %s%s = %s, rolls %s: %s", "%s ritira: VC %s%s = %s, tira %s: %s"},
	"hits":            {"hits: attacker %s, defender %s", "colpi a segno: attaccante %s, difensore %s"},
	"mustRetreat":     {"%s units in %s must retreat", "le unità del giocatore %s in %s devono ritirarsi"},
	"oosHit":          {"%s is out of supply and takes an extra hit", "%s è fuori rifornimento e subisce un colpo aggiuntivo"},
	"tie":             {"equal hits: both sides stay", "parità di colpi: entrambi restano"},
	"holds":           {"the %s defender holds", "il difensore %s tiene"},
	"cannotRetreat":   {"%s cannot retreat", "%s non può ritirarsi"},
	"retreats":        {"%s retreats %s → %s", "%s si ritira %s → %s"},
	"advances":        {"%s advances into %s", "%s avanza in %s"},
	"entersVacated":   {"%s moves into %s, left empty", "%s entra in %s, rimasta libera"},
	"activated":       {"%s is activated", "%s è attivata"},
	"endExploitation": {"%s player ends exploitation", "il giocatore %s termina lo sfruttamento"},
	"victory":         {"final victory points: Allied %s, Italian %s: %s", "punti vittoria finali: Alleato %s, Italiano %s: %s"},
}

// RenderLog writes a log entry in lang, led by its rule number.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	m, ok := messages[e.Key]
	if !ok {
		return e.Rule + " " + e.Key + " " + strings.Join(e.Args, " ")
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = tr(a, lang)
	}
	switch e.Key {
	case "die", "reroll":
		args[2] = renderMods(e.Args[2], lang)
	case "turn":
		args[1] = datesIn(e.Args[1], lang)
	}
	line := fmt.Sprintf(m.in(lang), args...)
	prefix := "Compass " + e.Rule + ": "
	return prefix + strings.TrimSpace(line)
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
	it := lang == "it"
	pick := func(en, itl string) string {
		if it {
			return itl
		}
		return en
	}
	switch a.Op {
	case opDone:
		switch s.Step {
		case stMove:
			return pick("End the movement phase", "Termina la fase di movimento")
		case stCombat:
			return pick("End the combat phase", "Termina la fase di combattimento")
		case stExploit:
			return pick("End the exploitation phase", "Termina la fase di sfruttamento")
		case stRefit:
			return pick("Done with replacements", "Fine dei rimpiazzi")
		case stAtkEvents, stDefEvents, stAtkLeader, stDefLeader, stMatilda:
			return pick("Play no (more) events", "Nessun (altro) evento")
		case stAdvance:
			return pick("Do not advance (further)", "Non avanzare (oltre)")
		}
		return pick("Done", "Fatto")
	case opPick:
		return pick("Choose ", "Scegli ") + tr(eventName(a.A), lang)
	case opPlace:
		return fmt.Sprintf(pick("Place %s in %s", "Piazza %s in %s"), unit(a.A), area(a.B))
	case opReplace:
		return fmt.Sprintf(pick("Replacement point: %s to full strength", "Punto rimpiazzo: %s a piena forza"), unit(a.A))
	case opPlay:
		ev := tr(eventName(a.A), lang)
		if a.B < 0 {
			return pick("Play ", "Gioca ") + ev
		}
		if s.Step == stAtkEvents || s.Step == stDefEvents {
			if s.side(int(a.B)) != s.Decider {
				return fmt.Sprintf(pick("Play %s against %s (-1 CV)", "Gioca %s contro %s (-1 VC)"), ev, unit(a.B))
			}
			return fmt.Sprintf(pick("Play %s on %s (+1 CV)", "Gioca %s su %s (+1 VC)"), ev, unit(a.B))
		}
		if EventKind(a.A) == Leader {
			return fmt.Sprintf(pick("Play Leader: re-roll the die of %s", "Gioca Leader: ritira il dado di %s"), unit(a.B))
		}
		return fmt.Sprintf(pick("Play %s on %s", "Gioca %s su %s"), ev, unit(a.B))
	case opMove:
		k, _ := s.link(int(s.Units[a.A].Area), int(a.B))
		return fmt.Sprintf(pick("Move %s to %s (%s MP, %s)", "Muovi %s in %s (%s PM, %s)"), unit(a.A), area(a.B), halves(entryCost(k)), tr(linkName[k], lang))
	case opAttack:
		if s.Step == stExploitAct {
			return fmt.Sprintf(pick("%s will attack %s", "%s attaccherà %s"), unit(a.A), area(a.B))
		}
		return fmt.Sprintf(pick("%s declares an attack on %s (1 MP)", "%s dichiara un attacco su %s (1 PM)"), unit(a.A), area(a.B))
	case opEliminate:
		return fmt.Sprintf(pick("Eliminate %s (stacking)", "Elimina %s (ammassamento)"), unit(a.A))
	case opBattle:
		return fmt.Sprintf(pick("Attack %s from %s", "Attacca %s da %s"), area(a.B), area(a.A))
	case opEnter:
		return fmt.Sprintf(pick("%s moves into %s, now empty", "%s entra in %s, ora libera"), unit(a.A), area(a.B))
	case opFront:
		return fmt.Sprintf(pick("%s in the front line", "%s in prima linea"), unit(a.A))
	case opSupport:
		return fmt.Sprintf(pick("%s supports %s", "%s supporta %s"), unit(a.A), unit(a.B))
	case opHit:
		return fmt.Sprintf(pick("%s takes a hit", "%s subisce un colpo"), unit(a.A))
	case opRetreat:
		return fmt.Sprintf(pick("%s retreats to %s", "%s si ritira in %s"), unit(a.A), area(a.B))
	case opAdvance:
		return fmt.Sprintf(pick("%s advances", "%s avanza"), unit(a.A))
	case opActivate:
		if a.B == 1 {
			return fmt.Sprintf(pick("Activate %s as a support unit", "Attiva %s come unità di supporto"), unit(a.A))
		}
		return fmt.Sprintf(pick("Activate %s as a front-line unit", "Attiva %s come unità di prima linea"), unit(a.A))
	}
	return s.EncodeAction(a)
}

// stepPrompt says what each decision point asks, with its rule.
var stepPrompt = map[step]text{
	stPick:       {"6.1.A: choose an event marker from your container (%s left)", "6.1.A: scegli un segnalino evento dal contenitore (ne restano %s)"},
	stPlace:      {"3.11: place your reinforcements", "3.11: piazza i tuoi rinforzi"},
	stRefit:      {"6.1.B: use replacement points (%s) and Unit Recovery", "6.1.B: usa i punti rimpiazzo (%s) e il Recupero Unità"},
	stMove:       {"6.2.D: movement phase: move units or declare attacks", "6.2.D: fase di movimento: muovi le unità o dichiara attacchi"},
	stStack:      {"3.1: eliminate units over the stacking limit", "3.1: elimina le unità oltre il limite di ammassamento"},
	stCombat:     {"6.2.E: combat phase: choose the next combat", "6.2.E: fase di combattimento: scegli il prossimo combattimento"},
	stAtkFront:   {"6.2.E.1: choose up to three front-line units", "6.2.E.1: scegli fino a tre unità di prima linea"},
	stAtkSupport: {"6.2.E.1: assign support units (*)", "6.2.E.1: assegna le unità di supporto (*)"},
	stDefFront:   {"6.2.E.2: choose your front-line units", "6.2.E.2: scegli le tue unità di prima linea"},
	stDefSupport: {"6.2.E.2: assign support units (*)", "6.2.E.2: assegna le unità di supporto (*)"},
	stAtkEvents:  {"6.2.E.3: attacker: assign Air Support, Naval Support, Surprise", "6.2.E.3: attaccante: assegna Supporto Aereo, Supporto Navale, Sorpresa"},
	stDefEvents:  {"6.2.E.3: defender: assign Air Support, Naval Support, Surprise", "6.2.E.3: difensore: assegna Supporto Aereo, Supporto Navale, Sorpresa"},
	stAtkLeader:  {"6.2.E.4: attacker: play Leader to re-roll a die?", "6.2.E.4: attaccante: giochi Leader per ritirare un dado?"},
	stDefLeader:  {"6.2.E.4: defender: play Leader to re-roll a die?", "6.2.E.4: difensore: giochi Leader per ritirare un dado?"},
	stAtkHits:    {"6.2.E.6: distribute %s hit(s) among your units", "6.2.E.6: distribuisci %s colpi tra le tue unità"},
	stDefHits:    {"6.2.E.6: distribute %s hit(s) among your units", "6.2.E.6: distribuisci %s colpi tra le tue unità"},
	stRetreat:    {"6.2.E.7: retreat your units", "6.2.E.7: ritira le tue unità"},
	stAdvance:    {"6.2.E.8: advance into the vacated area?", "6.2.E.8: avanzi nell'area lasciata libera?"},
	stMatilda:    {"7: play Matilda against 7RTR?", "7: giochi Matilda contro 7RTR?"},
	stExploit:    {"6.2.F: exploitation phase: play Sustained Attack?", "6.2.F: fase di sfruttamento: giochi Attacco Sostenuto?"},
	stActivate:   {"6.2.F: activate up to 3 front-line and 3 support units", "6.2.F: attiva fino a 3 unità di prima linea e 3 di supporto"},
	stExploitAct: {"6.2.F: activated units attack or move 1 MP", "6.2.F: le unità attivate attaccano o muovono 1 PM"},
}

// Prompt says what side is asked now.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Result != 0 {
		return tr(resultKey[s.Result], lang)
	}
	if side != s.Decider {
		return fmt.Sprintf(text{"waiting for the %s player", "in attesa del giocatore %s"}.in(lang), tr(s.sideName(s.Decider), lang))
	}
	t := stepPrompt[s.Step].in(lang)
	switch s.Step {
	case stPick:
		return fmt.Sprintf(t, fmt.Sprint(s.Picks))
	case stRefit:
		return fmt.Sprintf(t, fmt.Sprint(s.Repl[side]))
	case stAtkHits:
		return fmt.Sprintf(t, fmt.Sprint(s.Bat.Left[0]))
	case stDefHits:
		return fmt.Sprintf(t, fmt.Sprint(s.Bat.Left[1]))
	}
	return t
}

// monthsIt are the Italian abbreviations of the months the turn track's
// dates use ("9-13 Dec 1940" reads "9-13 dic 1940").
var monthsIt = map[string]string{"Jan": "gen", "Feb": "feb", "Mar": "mar", "Apr": "apr", "May": "mag", "Jun": "giu",
	"Jul": "lug", "Aug": "ago", "Sep": "set", "Oct": "ott", "Nov": "nov", "Dec": "dic"}

// datesIn writes a turn's dates from the data in lang: in Italian each
// English month abbreviation becomes the Italian one; other words stay.
func datesIn(dates, lang string) string {
	if lang != "it" {
		return dates
	}
	return monthWord.ReplaceAllStringFunc(dates, func(m string) string { return monthsIt[m] })
}

var monthWord = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b`)
