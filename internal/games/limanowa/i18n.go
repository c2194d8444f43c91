package limanowa

import (
	"fmt"
	"strings"

	"sandtable/internal/engine"
)

// The game's words in English and Italian. The log stores keys and
// language-free arguments (unit ids, hex ids, dice); they are put into
// words here, so a record reads the same in either language.

type text struct{ en, it string }

func (t text) in(lang string) string {
	if lang == "it" {
		return t.it
	}
	return t.en
}

// counterNames are the counters' names in Italian (English: counters.json).
var counterNames = map[string]string{
	"cossack-sqn":           "squadrone cosacco",
	"russian-coy":           "compagnia di fanteria russa",
	"russian-mg":            "sezione mitragliatrici russa",
	"russian-gun":           "plotone d'artiglieria da campagna russo",
	"hussar-sqn":            "squadrone ussari, a cavallo",
	"hussar-sqn-dismounted": "squadrone ussari, appiedato",
	"honved-coy":            "compagnia di fanteria Honvéd",
	"kuk-coy":               "compagnia di fanteria k.u.k. (IR 59)",
	"landsturm-coy":         "compagnia k.k. Landsturm",
	"legion-coy":            "compagnia della Legione polacca",
	"legion-uhlan-sqn":      "squadrone ulani della Legione polacca",
	"ah-mg":                 "sezione mitragliatrici austro-ungarica",
	"ah-horse-gun":          "plotone d'artiglieria a cavallo austro-ungarico",
}

var sideWords = map[string]text{
	"central": {"Austro-Hungarian", "austro-ungarico"},
	"russian": {"Russian", "russo"},
	"draw":    {"nobody: a draw", "nessuno: pareggio"},
}

var wordTexts = map[string]text{
	"formed":    {"formed", "in formazione"},
	"dispersed": {"dispersed", "disperso"},
	"passes":    {"passes", "supera la prova"},
	"fails":     {"fails: dispersed and spent", "fallisce: disperso ed esaurito"},
	"destroyed": {"destroyed", "distrutto"},
	"rallied":   {"rallies: formed and spent", "si riordina: in formazione ed esaurito"},
	"ask":       {"ask me at every chance", "chiedimi ogni volta"},
	"mg-fire":   {"machine guns fire at once, ask me for the others", "le mitragliatrici sparano subito, chiedimi per le altre"},
	"all-fire":  {"every unit that can fires at once", "ogni unità che può spara subito"},
	"never":     {"never fire at movers", "non sparare mai su chi muove"},
}

// messages are the log lines; %s are the entry's arguments in order.
var messages = map[string]text{
	"scenario":   {"scenario %s", "scenario %s"},
	"placed":     {"%s sets up in %s, %s", "%s si schiera in %s, %s"},
	"turn":       {"turn %s of %s", "turno %s di %s"},
	"initiative": {"initiative dice: Austro-Hungarian %s, Russian %s; %s initiative, %s couplet(s)", "dadi d'iniziativa: austro-ungarico %s, russo %s; iniziativa al giocatore %s, %s coppie di comandi"},
	"couplet":    {"couplet %s: the %s player commands", "coppia %s: comanda il giocatore %s"},
	"pass":       {"the %s player passes", "il giocatore %s passa"},
	"activate":   {"command: %s activated", "comando: %s attivato"},
	"joins":      {"%s joins the activation", "%s si unisce all'attivazione"},
	"end":        {"the command ends", "il comando termina"},
	"deploys":    {"%s deploys %s", "%s passa al lato %s"},
	"digs":       {"%s digs", "%s scava"},
	"scrape":     {"a scrape in %s", "una buca in %s"},
	"fires":      {"%s fires at %s", "%s fa fuoco su %s"},
	"returns":    {"%s shoots back at %s", "%s risponde al fuoco di %s"},
	"check":      {"%s cohesion check %s+%s%s = %s against %s: %s", "%s prova di coesione %s+%s%s = %s contro %s: %s"},
	"declares":   {"%s moves", "%s muove"},
	"moves":      {"%s %s → %s (%s MP left)", "%s %s → %s (restano %s PM)"},
	"policy":     {"the %s player's standing reaction order: %s", "ordine permanente di reazione del giocatore %s: %s"},
	"standing":   {"by the %s player's standing order:", "per ordine permanente del giocatore %s:"},
	"exits":      {"%s leaves the map from %s", "%s esce dalla mappa da %s"},
	"pickUp":     {"%s picks up %s", "%s raccoglie %s"},
	"roadBonus":  {"%s takes the road bonus", "%s usa il bonus stradale"},
	"stream":     {"%s crosses a stream and is spent", "%s attraversa un torrente ed è esaurito"},
	"wire":       {"%s crosses wire", "%s attraversa il reticolato"},
	"stops":      {"%s ends its move", "%s termina il movimento"},
	"reacts":     {"reaction fire: %s at the movers in %s", "fuoco di reazione: %s su chi muove in %s"},
	"melee":      {"%s starts a melee in %s", "%s ingaggia una mischia in %s"},
	"attack":     {"%s attacks %s", "%s attacca %s"},
	"hallowed":   {"hallowed ground in %s for the %s player", "terreno consacrato in %s per il giocatore %s"},
	"admin":      {"administration", "amministrazione"},
	"victory":    {"Limanowa hexes: Austro-Hungarian %s, Russian %s; winner: %s", "esagoni di Limanowa: austro-ungarico %s, russo %s; vince: %s"},
}

// unitName is a unit in words: its counter's name and number.
func (s *State) unitName(id, lang string) string {
	k := strings.LastIndexByte(id, '-')
	if k < 0 {
		return id
	}
	c, n := id[:k], id[k+1:]
	name := c
	if cc, ok := s.d.Counter(c); ok {
		name = cc.Name
	}
	if it, ok := counterNames[c]; ok && lang == "it" {
		name = it
	}
	return name + " " + n
}

// RenderLog writes an entry in lang, with its rule.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	m, ok := messages[e.Key]
	if !ok {
		return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = s.word(a, lang)
	}
	if e.Key == "check" && len(args) == 7 {
		var mod int
		fmt.Sscan(e.Args[3], &mod)
		args[3] = fmt.Sprintf("%+d", mod) // the modifier with its sign
	}
	return fmt.Sprintf("%s (%s)", fmt.Sprintf(m.in(lang), args...), e.Rule)
}

// word puts one argument into words: a unit, a side, an outcome.
func (s *State) word(a, lang string) string {
	if t, ok := sideWords[a]; ok {
		return t.in(lang)
	}
	if t, ok := wordTexts[a]; ok {
		return t.in(lang)
	}
	if _, ok := s.unitByID(a); ok {
		return s.unitName(a, lang)
	}
	return a
}

var actionTexts = map[uint8]text{
	opPlace:      {"set up %s in %s, %s", "schiera %s in %s, %s"},
	opPass:       {"pass", "passa"},
	opActivate:   {"command %s", "comanda %s"},
	opAdd:        {"add %s to the command", "aggiungi %s al comando"},
	opEnd:        {"end the command", "termina il comando"},
	opDeploy:     {"flip %s", "gira %s"},
	opDig:        {"%s digs", "%s scava"},
	opFire:       {"%s fires at %s", "%s fa fuoco su %s"},
	opMove:       {"move %s", "muovi %s"},
	opMove + 100: {"move %s and %s together", "muovi insieme %s e %s"},
	opStep:       {"%s to %s", "%s in %s"},
	opMelee:      {"%s starts a melee", "%s ingaggia una mischia"},
	opStop:       {"%s stops", "%s si ferma"},
	opRally:      {"rally %s", "riordina %s"},
	opNoRally:    {"no rally", "nessun riordino"},
	opReact:      {"%s fires at the mover", "%s fa fuoco su chi muove"},
	opHold:       {"hold fire", "non sparare"},
	opReturn:     {"%s shoots back", "%s risponde al fuoco"},
	opAttack:     {"%s attacks %s", "%s attacca %s"},
}

// Describe tells an action in words.
func (s *State) Describe(a engine.Action, lang string) string {
	t, ok := actionTexts[a.Op]
	if a.Op == opMove && a.B != 0 {
		t = actionTexts[opMove+100]
	}
	if !ok {
		return s.EncodeAction(a)
	}
	f := strings.Fields(s.EncodeAction(a))[1:]
	args := make([]any, len(f))
	for i, w := range f {
		args[i] = s.word(w, lang)
	}
	return fmt.Sprintf(t.in(lang), args...)
}

var prompts = map[step]text{
	stSetup:   {"set up %s (10.1)", "schiera %s (10.1)"},
	stCommand: {"issue a command or pass (5.21)", "dai un comando o passa (5.21)"},
	stGroup:   {"act with the units commanded (6.03)", "agisci con le unità comandate (6.03)"},
	stMove:    {"%s: %s MP left (6.61)", "%s: restano %s PM (6.61)"},
	stRally:   {"rally a dispersed unit? (3.8)", "riordinare un'unità dispersa? (3.8)"},
	stReact:   {"reaction fire at the movers in %s? (6.71)", "fuoco di reazione su chi muove in %s? (6.71)"},
	stReturn:  {"shoot back at %s? (6.74)", "rispondere al fuoco di %s? (6.74)"},
	stMelee:   {"choose the unit %s attacks (6.674)", "scegli l'unità che %s attacca (6.674)"},
}

// Prompt says what side is asked to decide now.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Over() {
		return text{"the game is over", "la partita è finita"}.in(lang)
	}
	if side != s.Decider {
		return text{"waiting for the other player", "in attesa dell'altro giocatore"}.in(lang)
	}
	p := prompts[s.Step].in(lang)
	name := func(i int) string { return s.unitName(s.unitID(i), lang) }
	switch s.Step {
	case stSetup:
		return fmt.Sprintf(p, name(s.nextToPlace(side)))
	case stMove:
		l := s.able(nil)[0]
		return fmt.Sprintf(p, name(l), itoa(int(s.pos.Units[l].MP)))
	case stReact:
		return fmt.Sprintf(p, Layout.Format(codeHex(s.MoveHex)))
	case stMelee:
		a, _ := s.allocating()
		return fmt.Sprintf(p, name(a))
	case stReturn:
		return fmt.Sprintf(p, name(int(s.Shooter)))
	}
	return p
}
