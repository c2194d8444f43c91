package limanowa

import (
	"embed"
	"fmt"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
)

// texts are the game's words in every language: words/en.json,
// words/it.json, read and checked by the kit's catalogs
// (internal/kit/words). The log stores keys and language-free arguments
// (unit ids, hex ids, dice); they are put into words here, so a record
// reads the same in either language.
var texts = words.MustLoad("limanowa", wordFiles, "words")

//go:embed words/*.json
var wordFiles embed.FS

// unitName is a unit in words: its counter's name ("counter.<id>" in the
// catalog, else the name in counters.json) and number.
func (s *State) unitName(id, lang string) string {
	k := strings.LastIndexByte(id, '-')
	if k < 0 {
		return id
	}
	c, n := id[:k], id[k+1:]
	name := c
	if w, ok := texts.Word(lang, "counter."+c); ok {
		name = w
	} else if cc, ok := s.d.Counter(c); ok {
		name = cc.Name
	}
	return name + " " + n
}

// RenderLog writes an entry in lang, with its rule.
func (s *State) RenderLog(e engine.LogEntry, lang string) string {
	key := "log." + e.Key
	if !texts.Has(key) {
		return fmt.Sprintf("[%s] %s %v", e.Rule, e.Key, e.Args)
	}
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		args[i] = s.word(a, lang)
	}
	if e.Key == "check" && len(args) == 7 {
		var mod int
		fmt.Sscan(e.Args[3], &mod)
		args[3] = fmt.Sprintf("%+d", mod) // the modifier with its sign
	}
	return texts.Text(lang, key, args...) + " (" + e.Rule + ")"
}

// word puts one argument into words: a side, an outcome ("word.<a>"), a
// unit; anything else (hexes, dice) as it is.
func (s *State) word(a, lang string) string {
	if w, ok := texts.Word(lang, "word."+a); ok {
		return w
	}
	if _, ok := s.unitByID(a); ok {
		return s.unitName(a, lang)
	}
	if side, n, ok := parseGroupID(a); ok {
		return texts.Text(lang, "word.oma-group", s.word(SideNames[side], lang), itoa(n))
	}
	if side, kind, n, ok := parseTransportID(a); ok {
		return texts.Text(lang, "word.transport-group", s.word(SideNames[side], lang), s.word(kind, lang), n)
	}
	return a
}

// Describe tells an action in words: "action.<op>" filled with the
// record text's arguments.
func (s *State) Describe(a engine.Action, lang string) string {
	key := "action." + ops.Word(a.Op)
	if a.Op >= opSeries {
		key = "action." + seriesWord(a.Op)
	} else if a.Op >= opCampaign {
		key = "action." + campaignOps.Word(a.Op-opCampaign)
	}
	if a.Op == opMove && a.B != 0 {
		key = "action.move-together"
	}
	if a.Op == opMelee && a.B != 0 {
		key = "action.melee-one"
	}
	if a.Op == opMove && a.C != 0 {
		key = "action.move-transport"
	}
	if a.Op == opIn && a.C == 1 {
		key = "action.in-melee"
	}
	if !texts.Has(key) {
		return s.EncodeAction(a)
	}
	f := strings.Fields(s.EncodeAction(a))[1:]
	args := make([]string, len(f))
	for i, w := range f {
		args[i] = s.word(w, lang)
	}
	return texts.Text(lang, key, args...)
}

// stepKey names each decision point's prompt in the catalog ("prompt.setup").
var stepKey = map[step]string{
	stSetup: "setup", stCommand: "command", stGroup: "group", stMove: "move",
	stRally: "rally", stReact: "react", stReturn: "return", stMelee: "melee",
	stArrive: "arrive", stSpine: "spine",
}

// Prompt says what side is asked to decide now.
func (s *State) Prompt(side engine.Side, lang string) string {
	if s.Over() {
		return texts.Text(lang, "prompt.over")
	}
	if !s.Active().Has(side) {
		return texts.Text(lang, "prompt.waiting")
	}
	if p, ok := s.campaignPrompt(side, lang); ok {
		return p
	}
	if p, ok := s.seriesPrompt(lang); ok {
		return p
	}
	k, ok := stepKey[s.Step]
	if !ok {
		return ""
	}
	key := "prompt." + k
	name := func(i int) string { return s.unitName(s.unitID(i), lang) }
	switch s.Step {
	case stSetup:
		return texts.Text(lang, key, name(s.nextToPlace(side)))
	case stArrive:
		return texts.Text(lang, key, name(int(s.Arriving)))
	case stSpine:
		return texts.Text(lang, key, s.word(s.groupID(int(s.Stray)-1), lang))
	case stMove:
		l := s.able(nil)[0]
		return texts.Text(lang, key, name(l), itoa(int(s.pos.Units[l].MP)))
	case stReact:
		return texts.Text(lang, key, Layout.Format(codeHex(s.MoveHex)))
	case stMelee:
		a, _ := s.allocating()
		return texts.Text(lang, key, name(a))
	case stReturn:
		return texts.Text(lang, key, name(int(s.Shooter)))
	}
	return texts.Text(lang, key)
}
