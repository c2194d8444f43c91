package wdf

import (
	"fmt"

	"sandtable/internal/engine"
)

// The game's words in English and in Italian (the rulebook is English
// only; the Italian follows the terms of the Compass rulebook where the two
// games share them: deposito, Box di Riserva, Grande Offensiva). The log
// stores keys and language-free arguments; they are put into words here,
// in the reader's language, so a record reads the same in either.

type text struct{ en, it string }

func (t text) in(lang string) string {
	if lang == "it" {
		return t.it
	}
	return t.en
}

// messages are the log lines; %s are the entry's arguments in order.
var messages = map[string]text{
	"turn":          {"Turn %s (%s)", "Turno %s (%s)"},
	"event":         {"random events roll %s: %s", "tiro degli eventi casuali %s: %s"},
	"air":           {"air superiority scores Allied %s, Axis %s: ASPs Allied %s, Axis %s", "superiorità aerea, punteggi alleati %s, Asse %s: PAS alleati %s, Asse %s"},
	"naval":         {"Allied Naval Support this turn", "supporto navale alleato in questo turno"},
	"playerTurn":    {"%s player turn", "turno del giocatore %s"},
	"depotCut":      {"%s depot at %s is cut off and removed; its APs are lost", "il deposito del giocatore %s in %s è isolato e rimosso; i suoi PA sono perduti"},
	"noDepotHex":    {"%s depot: no hex may take it", "deposito del giocatore %s: nessun esagono può accoglierlo"},
	"depot":         {"%s depot placed at %s (zone %s)", "deposito del giocatore %s collocato in %s (zona %s)"},
	"spend":         {"%s player spends %s ASP(s) against the Organization die", "il giocatore %s spende %s PAS contro il dado di organizzazione"},
	"newAP":         {"%s Organization die %s less %s ASP(s): %s new APs, %s in all", "dado di organizzazione del giocatore %s: %s meno %s PAS, %s nuovi PA, %s in tutto"},
	"supplyLevel":   {"Axis Supply Level: %s", "livello di rifornimento dell'Asse: %s"},
	"reserves":      {"Allied Reserve Requirement: %s units", "requisito di riserva alleato: %s unità"},
	"arrives":       {"%s arrives at %s", "%s arriva in %s"},
	"major":         {"%s player declares a Major Offensive for %s APs; surprise die %s: surprise %s", "il giocatore %s dichiara una Grande Offensiva per %s PA; dado della sorpresa %s: sorpresa %s"},
	"moves":         {"%s moves %s → %s", "%s muove %s → %s"},
	"movesVia":      {"%s moves %s → %s by way of %s", "%s muove %s → %s passando per %s"},
	"captured":      {"%s captures the enemy depot and rolls %s APs", "il giocatore %s cattura il deposito nemico e tira %s PA"},
	"overstack":     {"stacking limit exceeded in %s", "limite di ammassamento superato in %s"},
	"reduced":       {"%s is reduced", "%s è ridotta"},
	"eliminated":    {"%s is eliminated (permanently: %s)", "%s è eliminata (definitivamente: %s)"},
	"autoVictory":   {"automatic victory: %s", "vittoria automatica del giocatore %s"},
	"victory":       {"victory points Allied %s, Axis %s: %s", "punti vittoria alleati %s, Asse %s: %s"},
	"combat":        {"%s attack: final CS %s against %s; the attacker scores %s hit(s)", "attacco del giocatore %s: forza finale %s contro %s; l'attaccante mette a segno %s colpi"},
	"overwhelming":  {"overwhelming attack: every defending unit is eliminated (10.24)", "attacco travolgente: ogni unità in difesa è eliminata (10.24)"},
	"defenderHits":  {"the defender scores %s hit(s)", "il difensore mette a segno %s colpi"},
	"takes":         {"hits taken as %s step loss(es) and %s hex(es) of retreat", "colpi subiti come %s perdite di passo e %s esagoni di ritirata"},
	"cannotRetreat": {"%s cannot retreat and loses a step instead", "%s non può ritirarsi e perde invece un passo"},
	"fortress":      {"%s changes hands in combat: its fortress status is lowered", "%s cambia di mano in combattimento: il suo stato di fortezza si abbassa"},
	"bombard":       {"bombardment of %s with %s dice: %s hit(s)", "bombardamento di %s con %s dadi: %s colpi"},
	"leaderOut":     {"%s leaves the game", "%s lascia il gioco"},
	"refit":         {"%s refits in the Reserve Box (7.62)", "%s si riorganizza nel Box di Riserva (7.62)"},
	"released":      {"%s leaves the Reserve Box for %s", "%s lascia il Box di Riserva per %s"},
	"replLost":      {"%s player loses %s unused replacement(s)", "il giocatore %s perde %s rimpiazzi non usati"},
	"replaced":      {"%s receives a replacement (%s)", "%s riceve un rimpiazzo (%s)"},
	"reserveShort":  {"the Allied reserve requirement is not met: %s of %s units; the Axis scores 3 VP", "il requisito di riserva alleato non è soddisfatto: %s unità su %s; l'Asse guadagna 3 PV"},
	"toReserve":     {"%s goes to the Reserve Box", "%s va nel Box di Riserva"},
	"sandstorm":     {"sandstorm: no Air Superiority Points and no Naval Support this turn", "tempesta di sabbia: niente Punti di Superiorità Aerea né supporto navale in questo turno"},
	"eventAP":       {"Attack Points now Allied %s, Axis %s", "Punti Attacco ora alleati %s, Asse %s"},
	"primeMinister": {"the Allies made no attack this turn: they lose 3 victory points", "gli Alleati non hanno attaccato in questo turno: perdono 3 punti vittoria"},
	"ip":            {"%s builds an improved position in %s: IP-%s", "%s costruisce una posizione fortificata in %s: IP-%s"},
	"dig":           {"%s enters the improved position in %s", "%s entra nella posizione fortificata in %s"},
	"sea":           {"%s moves by sea", "%s si sposta via mare"},
	"leaderLost":    {"leader %s is a casualty (die %s)", "il comandante %s è una perdita (dado %s)"},
	"leaderSafe":    {"leader %s survives (die %s)", "il comandante %s sopravvive (dado %s)"},
	"leaderHeld":    {"%s is not placed: a leader of that nationality is in play", "%s non entra: è in gioco un comandante della stessa nazionalità"},
	"tobrukPick":    {"%s draws on Tobruk's limited supply", "%s attinge al rifornimento limitato di Tobruk"},
	"leaderChosen":  {"the Axis stack uses %s's values; he is the leader subject to casualty checks", "la pila dell'Asse usa i valori di %s; è lui il comandante soggetto alle verifiche di perdita"},
	"leaderWaits":   {"%s waits off the map: the entry hex is held by the enemy", "%s attende fuori mappa: l'esagono d'ingresso è tenuto dal nemico"},
}

// words are the log arguments that are words rather than names or numbers.
var words = map[string]text{
	"alliedWin": {"Allied victory", "vittoria alleata"},
	"axisWin":   {"Axis victory", "vittoria dell'Asse"},
	"draw":      {"draw", "pareggio"},
	"allied":    {"allied", "alleato"},
	"axis":      {"axis", "dell'Asse"},
	"true":      {"true", "sì"},
	"false":     {"false", "no"},
	"restored":  {"restored", "ripristinata"},
	"returns":   {"returns", "rientra"},
	"none":      {"none", "nessuno"},
	"bad":       {"bad", "cattivo"},
	"poor":      {"poor", "scarso"},
	"normal":    {"normal", "normale"},
	"excellent": {"excellent", "eccellente"},
	"intact":    {"intact", "intatta"},
	"reduced":   {"reduced", "ridotta"},
	"destroyed": {"destroyed", "distrutta"},
}

func word(w, lang string) string {
	if t, ok := words[w]; ok {
		return t.in(lang)
	}
	return w
}

// RenderLog writes an entry in lang with its rule reference.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	f, ok := messages[e.Key]
	if !ok {
		return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = word(a, lang)
	}
	if e.Key == "turn" && len(args) == 2 {
		args[1] = monthYear(e.Args[1], lang)
	}
	return fmt.Sprintf("[%s] ", e.Rule) + fmt.Sprintf(f.in(lang), args...)
}

// modWords name the combat modifiers of the battle panel (combat.go
// Evaluate with Explain).
var modWords = map[string]text{
	"base":           {"printed CS", "forza stampata"},
	"noAP":           {"no Attack Point", "senza Punto Attacco"},
	"apRange":        {"out of AP range", "fuori dal raggio dei PA"},
	"armorInto":      {"armor attacking into this terrain", "corazzati che attaccano in questo terreno"},
	"armorFrom":      {"armor attacking from this terrain", "corazzati che attaccano da questo terreno"},
	"across":         {"across the hexside", "attraverso il lato d'esagono"},
	"halved":         {"halved, out of supply", "dimezzata, non rifornita"},
	"hitAttack":      {"hits on", "colpisce con"},
	"hitMajor":       {"Major Offensive: hits on", "Grande Offensiva: colpisce con"},
	"hitFortress":    {"attacking a fortress: hits on", "contro una fortezza: colpisce con"},
	"hitDefend":      {"hits on", "colpisce con"},
	"hitIP2":         {"in an IP-2: hits on", "in una posizione fortificata 2: colpisce con"},
	"hitFortressDef": {"in a fortress: hits on", "in una fortezza: colpisce con"},
	"terrain":        {"terrain", "terreno"},
	"armorDefend":    {"armor defending in this terrain", "corazzati in difesa in questo terreno"},
	"ip":             {"improved position", "posizione fortificata"},
	"division":       {"division integrity", "integrità divisionale"},
	"terrainStack":   {"terrain, for the stack", "terreno, per la pila"},
	"leader":         {"leader", "comandante"},
	"ground":         {"ground support", "supporto tattico"},
	"naval":          {"naval ground support", "supporto navale"},
}

// actionWords are the actions in words, in English and Italian: %s are
// the action's unit or leader names, hexes (with their place) and numbers,
// in the order the format names them.
var actionWords = map[uint8]text{
	opDone:      {"done", "fatto"},
	opDepot:     {"place the depot at %s", "colloca il deposito in %s"},
	opSpend:     {"spend %s ASP(s) against the enemy's Organization die (7.2)", "spendi %s PAS contro il dado di organizzazione del nemico (7.2)"},
	opMajor:     {"declare a Major Offensive (7.9)", "dichiara una Grande Offensiva (7.9)"},
	opMove:      {"move %s to %s", "muovi %s in %s"},
	opStrategic: {"strategic move of %s to %s (9.4)", "movimento strategico di %s in %s (9.4)"},
	opEliminate: {"eliminate %s (over the stacking limit, 9.2)", "elimina %s (oltre il limite di ammassamento, 9.2)"},
	opLead:      {"move leader %s to %s", "muovi il comandante %s in %s"},
	opEntrench:  {"%s builds or upgrades an improved position (12.1)", "%s costruisce o migliora una posizione fortificata (12.1)"},
	opDig:       {"%s enters the improved position (12.2)", "%s entra nella posizione fortificata (12.2)"},
	opSea:       {"sea transfer of %s between Tobruk and Alexandria (9.7)", "trasferimento via mare di %s tra Tobruk e Alessandria (9.7)"},
	opReplace:   {"give a replacement to %s (7.6)", "assegna un rimpiazzo a %s (7.6)"},
	opReserve:   {"send %s to the Reserve Box (7.8)", "manda %s nel Box di Riserva (7.8)"},
	opRelease:   {"release %s from the Reserve Box (7.8)", "fai uscire %s dal Box di Riserva (7.8)"},
	opSwap:      {"the arriving leader replaces %s (13.7)", "il comandante in arrivo sostituisce %s (13.7)"},
	opRefit:     {"refit the reduced armor unit %s in the Reserve Box (7.62)", "riorganizza l'unità corazzata ridotta %s nel Box di Riserva (7.62)"},
	opTobruk:    {"supply %s from Tobruk (8.4)", "rifornisci %s da Tobruk (8.4)"},
	opAttack:    {"attack from %s into %s", "attacca da %s verso %s"},
	opJoin:      {"attack from %s as well", "attacca anche da %s"},
	opTarget:    {"attack %s as well", "attacca anche %s"},
	opSupport:   {"ground support: %s ASP(s) (14.1)", "supporto tattico: %s PAS (14.1)"},
	opNaval:     {"Allied naval ground support (15.0)", "supporto navale alleato (15.0)"},
	opTake:      {"take the hits as %s step loss(es) and %s hex(es) of retreat", "subisci i colpi come %s perdite di passo e %s esagoni di ritirata"},
	opHit:       {"%s loses a step", "%s perde un passo"},
	opRetreat:   {"retreat %s to %s", "ritira %s in %s"},
	opAdvance:   {"advance %s into %s", "avanza %s in %s"},
	opBombard:   {"air bombardment of %s with %s ASP(s) (14.2)", "bombardamento aereo di %s con %s PAS (14.2)"},
	opShell:     {"naval bombardment of %s (15.0)", "bombardamento navale di %s (15.0)"},
	opWithhold:  {"%s stays out of the battle in its improved position (12.3)", "%s resta fuori dal combattimento nella sua posizione fortificata (12.3)"},
	opLeader:    {"use the values of leader %s (13.2)", "usa i valori del comandante %s (13.2)"},
}

// Describe tells an action in words, in lang: the units and leaders by
// name, the hexes by number and place.
func (s *State) Describe(a engine.Action, lang string) string {
	if a.Op == opResolve {
		if a.A == 1 {
			return text{"resolve the attack, spending an Attack Point (10.3)", "risolvi l'attacco spendendo un Punto Attacco (10.3)"}.in(lang)
		}
		return fmt.Sprintf(text{"resolve the attack without an Attack Point: %d CS for each attacking unit (10.3)", "risolvi l'attacco senza Punto Attacco: %d alla forza di ogni unità attaccante (10.3)"}.in(lang), NoAPPenalty)
	}
	f, ok := actionWords[a.Op]
	if !ok {
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
	num := func(i int16) string { return fmt.Sprint(i) }
	var args []any
	switch a.Op {
	case opDepot, opJoin, opTarget, opShell:
		args = []any{hex(a.A)}
	case opSpend, opSupport:
		args = []any{num(a.A)}
	case opMove, opStrategic, opRetreat, opAdvance:
		args = []any{unit(a.A), hex(a.B)}
	case opEliminate, opEntrench, opDig, opSea, opReplace, opReserve, opRelease, opRefit, opTobruk, opHit, opWithhold:
		args = []any{unit(a.A)}
	case opLead:
		args = []any{leader(a.A), hex(a.B)}
	case opSwap, opLeader:
		args = []any{leader(a.A)}
	case opAttack:
		args = []any{hex(a.A), hex(a.B)}
	case opTake:
		args = []any{num(a.A), num(a.B)}
	case opBombard:
		args = []any{hex(a.A), num(a.B)}
	}
	return fmt.Sprintf(f.in(lang), args...)
}

var stepPrompt = map[step]text{
	stDepot:    {"place or relocate your depot (7.11), or done to keep it", "colloca o sposta il tuo deposito (7.11), oppure fatto per tenerlo dov'è"},
	stASP:      {"spend ASPs against the enemy's Organization die (7.2)", "spendi PAS contro il dado di organizzazione del nemico (7.2)"},
	stMajor:    {"declare a Major Offensive (7.9), or done", "dichiara una Grande Offensiva (7.9), oppure fatto"},
	stMove:     {"move your units (9.0), or done", "muovi le tue unità (9.0), oppure fatto"},
	stCombat:   {"Regular Combat Phase (10.0): attack, or done", "Fase di combattimento regolare (10.0): attacca, oppure fatto"},
	stBuild:    {"add attacking or defending hexes, support, then resolve (10.1)", "aggiungi esagoni attaccanti o difensori e supporto, poi risolvi (10.1)"},
	stLoss:     {"choose how to take the hits (10.22, 10.23)", "scegli come subire i colpi (10.22, 10.23)"},
	stSteps:    {"choose the unit that loses a step (10.21)", "scegli l'unità che perde un passo (10.21)"},
	stRetreat:  {"retreat your units (10.26)", "ritira le tue unità (10.26)"},
	stAdvance:  {"advance after combat (10.27), or done", "avanzata dopo il combattimento (10.27), oppure fatto"},
	stExploit:  {"exploitation moves (9.5), or done", "movimenti di sfruttamento (9.5), oppure fatto"},
	stExploitC: {"Exploitation Combat Phase (10.0): attack with exploitation units, or done", "Fase di combattimento di sfruttamento (10.0): attacca con le unità di sfruttamento, oppure fatto"},
	stReserve:  {"send units to the Reserve Box or release surplus (7.4, 7.8), or done", "manda unità nel Box di Riserva o fai uscire le eccedenti (7.4, 7.8), oppure fatto"},
	stRepl:     {"spend replacements (7.6), or done", "spendi i rimpiazzi (7.6), oppure fatto"},
	stStack:    {"eliminate enemy units over the stacking limit (9.2)", "elimina le unità nemiche oltre il limite di ammassamento (9.2)"},
	stTobruk:   {"choose the units Tobruk supplies (8.4)", "scegli le unità che Tobruk rifornisce (8.4)"},
	stLeader:   {"choose the leader whose values your stack uses in this combat (13.2)", "scegli il comandante i cui valori la tua pila usa in questo combattimento (13.2)"},
}

// Prompt says what side is asked to decide now, in lang.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Result != 0 {
		return text{"the game is over", "la partita è finita"}.in(lang)
	}
	if side != s.Decider {
		return fmt.Sprintf(text{"waiting for the %s player", "in attesa del giocatore %s"}.in(lang), word(s.sideName(s.Decider), lang))
	}
	if u := s.moving(); u >= 0 && (s.Step == stMove || s.Step == stExploit) {
		// Ruling W36: the unit may go on from where it stopped.
		return fmt.Sprintf(text{"%s may go on moving (%s MP left), or move another unit (9.1); or done",
			"%s può continuare a muovere (%s PM rimasti), oppure muovi un'altra unità (9.1); oppure fatto"}.in(lang),
			s.d.Units[u].Name, mpWords(int(s.MoveLeft)))
	}
	return stepPrompt[s.Step].in(lang)
}

// mpWords writes sixths of an MP as whole MP and a fraction: "2", "1 1/3", "1/2".
func mpWords(sixths int) string {
	whole, rest := sixths/MP, sixths%MP
	frac := [...]string{"", "1/6", "1/3", "1/2", "2/3", "5/6"}[rest]
	switch {
	case rest == 0:
		return fmt.Sprint(whole)
	case whole == 0:
		return frac
	}
	return fmt.Sprintf("%d %s", whole, frac)
}

// stepName names the phase a step belongs to, for the view.
var stepName = map[step]text{
	stDepot: {"depot placement", "collocazione del deposito"}, stASP: {"organization", "organizzazione"},
	stRepl: {"replacements", "rimpiazzi"}, stReserve: {"reinforcement-withdrawal", "rinforzi e ritiri"},
	stMajor: {"major offensive declaration", "dichiarazione di Grande Offensiva"}, stMove: {"regular movement", "movimento regolare"},
	stCombat: {"regular combat", "combattimento regolare"}, stExploit: {"exploitation movement", "movimento di sfruttamento"},
	stExploitC: {"exploitation combat", "combattimento di sfruttamento"}, stStack: {"stacking", "ammassamento"},
	stBuild: {"combat", "combattimento"}, stLoss: {"combat losses", "perdite in combattimento"}, stSteps: {"combat losses", "perdite in combattimento"},
	stRetreat: {"retreat", "ritirata"}, stAdvance: {"advance after combat", "avanzata dopo il combattimento"},
	stOver: {"game over", "partita finita"}, stTobruk: {"tobruk supply", "rifornimento di Tobruk"},
	stLeader: {"combat", "combattimento"},
}

var monthNames = map[string][13]string{
	"en": {"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"it": {"", "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
}
