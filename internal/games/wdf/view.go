package wdf

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"weak"

	"sandtable/internal/engine"
)

// View is what anyone may see: every piece is face up (2.0) and nothing
// is hidden but the future dice, so all viewers get the same view apart
// from the prompt.
type View struct {
	Game        string       `json:"game"`
	Notice      string       `json:"notice"` // the reconstruction notice (catalog key "notice"), shown wherever a player sees the components
	Viewer      string       `json:"viewer"`
	Turn        int          `json:"turn"`
	Turns       int          `json:"turns"`
	Date        string       `json:"date"`
	Phasing     string       `json:"phasing"`
	Decider     string       `json:"decider"`
	Phase       string       `json:"phase"`
	Prompt      string       `json:"prompt"`
	AP          [2]int       `json:"ap"`
	ASP         [2]int       `json:"asp"`
	Major       [2]bool      `json:"major"`
	SupplyLevel string       `json:"supply_level"`
	Naval       bool         `json:"naval"`
	Tobruk      string       `json:"tobruk"`
	Fortress    FortressView `json:"fortress"`
	VP          [2]int       `json:"vp"`
	Result      string       `json:"result,omitempty"` // the outcome in words, in the view's language
	// Map is the map sheet, the same in every view: not encoded, the
	// client gets it once as the game's sheet (engine.Sheeted, Game.Sheet).
	Map     MapView      `json:"-"`
	Units   []UnitView   `json:"units"`
	Leaders []LeaderView `json:"leaders"`
	Depots  []DepotView  `json:"depots"`
	IPs     []IPView     `json:"ips"`
	Battle  *BattleView  `json:"battle,omitempty"`
	// Moving is the unit part way through its move, which may go on
	// (ruling W36), and MPLeft what it has left, in words ("1 2/3").
	Moving string `json:"moving,omitempty"`
	MPLeft string `json:"mp_left,omitempty"`
	// Chosen is the piece chosen to act in a movement phase (ruling
	// W38): the board selects it and lights the hexes it may go to.
	Chosen     string      `json:"chosen,omitempty"`
	LastCombat *CombatView `json:"last_combat,omitempty"` // the last combat resolved: dice, modifiers, hits
}

// FortressView is the fortress status of Tobruk and Bardia (16.1).
type FortressView struct {
	Tobruk string `json:"tobruk"` // intact, reduced, destroyed
	Bardia string `json:"bardia"` // intact, destroyed
}

// MapView is the game's sheet (engine.Sheets), the same in every state:
// the map's hexes and the hexsides with a feature, and each unit's
// printed values by id.
type MapView struct {
	Hexes []HexView              `json:"hexes"`
	Sides []SideView             `json:"sides"`
	Units map[string]CounterView `json:"units"`
}

// CounterView is what a unit's counter prints (2.1): the same in every
// state (its strength and steps change, and are in UnitView).
type CounterView struct {
	Name     string `json:"name"`
	Side     string `json:"side"`
	Nation   string `json:"nation"`
	Type     string `json:"type"`
	Size     string `json:"size"`
	Division string `json:"division"`
	MA       int    `json:"ma"`
}

// HexView is one hex of the map.
type HexView struct {
	ID       string            `json:"id"`
	Col      int               `json:"col"`
	Row      int               `json:"row"`
	Terrain  string            `json:"terrain"`
	Place    string            `json:"place"`
	Coastal  bool              `json:"coastal"`
	Zone     map[string]string `json:"zone,omitempty"`
	Source   string            `json:"source"`
	Fortress bool              `json:"fortress"`
}

// SideView is a hexside with a road, track, escarpment, ridge or river.
type SideView struct {
	A          string `json:"a"`
	B          string `json:"b"`
	Road       bool   `json:"road"`
	Track      bool   `json:"track"`
	Escarpment bool   `json:"escarpment"`
	Ridge      bool   `json:"ridge"`
	River      bool   `json:"river"`
}

// UnitView is one combat unit. Its printed values (name, side,
// nationality, type, size, division, MA) are the same in every state: they
// are in the sheet (MapView.Units), not encoded with every view; the board
// puts them back by id. A flag or level is encoded only when set.
type UnitView struct {
	ID        string `json:"id"`
	CS        int16  `json:"cs"` // small fields: a view is built for every request
	Steps     int16  `json:"steps"`
	Reduced   bool   `json:"reduced,omitempty"`
	Where     string `json:"where"`
	Hex       string `json:"hex,omitempty"`
	Supplied  bool   `json:"supplied"`
	HitsOn    string `json:"hits_on"`         // attacking (10.21, 7.91)
	HitsOnDef string `json:"hits_on_defense"` // defending where it stands (10.21, 12.3, 16.2)
	IP        int8   `json:"ip,omitempty"`    // the level of the IP the unit is beneath (12.2), else 0
}

// LeaderView is one leader piece in play.
type LeaderView struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Side    string `json:"side"`
	Hex     string `json:"hex"`
	Attack  int    `json:"attack"`
	Defense int    `json:"defense"`
	Range   int    `json:"range"`
	Face    string `json:"face"` // primary, secondary, removed
}

// DepotView is a depot on the map (7.1).
type DepotView struct {
	Side  string `json:"side"`
	Hex   string `json:"hex"`
	Moved bool   `json:"moved"`
}

// IPView is an improved position (12.0).
type IPView struct {
	Hex   string `json:"hex"`
	Level int    `json:"level"`
}

// BattleView is the combat being built or resolved (10.0).
type BattleView struct {
	Attackers []string  `json:"attackers"`
	Defenders []string  `json:"defenders"`
	Hexes     []string  `json:"hexes"`
	Dice      *DiceView `json:"dice,omitempty"`
	Hits      [2]int    `json:"hits"`
	// Sides: while the attack is built, each side's strength unit by unit
	// with its modifiers, as it would be resolved spending an AP if one is
	// left (attacker, defender).
	Sides []CombatSideView `json:"sides,omitempty"`
}

// CombatView is a combat as it was resolved (10.11-10.24).
type CombatView struct {
	Attacker     string           `json:"attacker"`
	From         []string         `json:"from"`
	Into         []string         `json:"into"`
	AP           bool             `json:"ap"` // an Attack Point was spent (10.3)
	Sides        []CombatSideView `json:"sides"`
	Hits         [2]int           `json:"hits"` // scored by the attacker, by the defender
	Overwhelming bool             `json:"overwhelming"`
}

// CombatSideView is one side of a combat: each unit's strength and hit
// number with the modifiers that made them, the stack and support
// modifiers, the final strength and, once rolled, each die.
type CombatSideView struct {
	Units []CombatUnitView `json:"units"`
	Stack []ModView        `json:"stack"`
	Final int              `json:"final"`
	Dice  []DieView        `json:"dice,omitempty"`
}

// CombatUnitView is one unit in a combat.
type CombatUnitView struct {
	Unit string    `json:"unit"`
	CS   int       `json:"cs"`
	Hit  int       `json:"hit"` // its dice hit on this or more
	Mods []ModView `json:"mods"`
}

// ModView is a modifier in words, with its rule; Sets marks what set a
// hit number rather than added to a strength.
type ModView struct {
	N    int    `json:"n"`
	What string `json:"what"`
	Rule string `json:"rule"`
	Sets bool   `json:"sets,omitempty"`
}

// DieView is one die of a combat: its roll, the number it hits on, and
// whether it hit.
type DieView struct {
	Roll int  `json:"roll"`
	On   int  `json:"on"`
	Hit  bool `json:"hit"`
}

// DiceView is each side's final combat strength as dice hitting on 5-6
// and on 6 (10.11), as the combat stands.
type DiceView struct {
	Attacker [2]int `json:"attacker"` // [on 5-6, on 6]
	Defender [2]int `json:"defender"`
	// NoAP: the attacker's dice if resolved without an Attack Point (10.3),
	// when it has one to spend (else Attacker already is that).
	NoAP *[2]int `json:"no_ap,omitempty"`
	// DefenderCS: the defender's final CS, which an overwhelming attack
	// must beat by half again (10.24).
	DefenderCS int `json:"defender_cs"`
}

var boxNames = map[Box]string{BoxNotArrived: "turn-track", BoxMap: "map", BoxReserve: "reserve",
	BoxRecoverable: "eliminated", BoxPermanent: "permanently-eliminated", BoxWithdrawn: "withdrawn", BoxReturning: "returning"}

// date is the turn's month and year in lang ("December 1940").
func (s *State) date(lang string) string { return monthYear(s.d.Turns[s.Turn-1].Month, lang) }

// monthYear writes a month of the data ("1940-12") in words in lang; any
// other text is left as it is.
func monthYear(m, lang string) string {
	var y, mo int
	if _, err := fmt.Sscanf(m, "%d-%d", &y, &mo); err != nil || mo < 1 || mo > 12 {
		return m
	}
	return fmt.Sprintf("%s %d", texts.Text(lang, "month."+strconv.Itoa(mo)), y)
}

// View is the public state (nothing in WDF is hidden but the dice).
func (s *State) View(side engine.Side, lang string) any { return s.view(side, lang) }

func sideLabel(side engine.Side) string {
	if side == engine.Observer {
		return "observer"
	}
	return Game{}.SideNames()[side]
}

func (s *State) view(side engine.Side, lang string) *View {
	d := s.d
	vp := s.victoryPoints()
	v := &View{Game: "wdf", Notice: texts.Text(lang, "notice"), Viewer: sideLabel(side), Turn: int(s.Turn), Turns: NumTurns,
		Date: s.date(lang), Phasing: s.sideName(s.Phasing), Phase: phaseName(s.Step, lang), Prompt: s.Prompt(side, lang),
		AP: [2]int{int(s.AP[0]), int(s.AP[1])}, ASP: [2]int{int(s.ASP[0]), int(s.ASP[1])},
		Major: s.Pos.Major, SupplyLevel: word(s.Pos.Level.String(), lang), Naval: s.Pos.Naval,
		Tobruk: s.sideName(s.Pos.TobrukControl), VP: vp, Map: mapView(d),
		Units: make([]UnitView, 0, len(d.Units)), Leaders: make([]LeaderView, 0, len(d.Leaders)), Depots: []DepotView{}, IPs: []IPView{}}
	if s.Result == 0 {
		v.Decider = s.sideName(s.Decider)
	} else {
		v.Result = word(resultKey[s.Result], lang) // in words: the client shows it as it comes
	}
	status := func(lost, levels int) string {
		switch {
		case lost <= 0:
			return "intact"
		case lost < levels-1:
			return "reduced"
		}
		return "destroyed"
	}
	v.Fortress = FortressView{Tobruk: status(int(s.Pos.FortressLost[0]), 3), Bardia: status(int(s.Pos.FortressLost[1]), 2)}

	b := s.board()
	var sup [2]*SupplyReport
	for p := range 2 {
		sup[p] = s.supply(engine.Side(p))
	}
	for u, def := range d.Units {
		us := &s.Pos.Units[u]
		uv := UnitView{ID: def.ID, CS: int16(b.baseCS(u)), Steps: int16(def.Steps), Reduced: us.Reduced, Where: boxNames[us.Box], HitsOn: s.hitsOn(u), HitsOnDef: s.hitsOnDefense(u)}
		if us.Reduced {
			uv.Steps = 1
		}
		if us.Box == BoxMap {
			h := int(us.Hex)
			uv.Hex = s.hexID(h)
			uv.Supplied = sup[def.Side].Supplied[u]
			if us.InIP {
				uv.IP = int8(s.Pos.ipAt(h)) // only a unit beneath the marker has its benefits (12.2)
			}
		}
		v.Units = append(v.Units, uv)
	}
	for l, def := range d.Leaders {
		ls := &s.Pos.Leaders[l]
		lv := LeaderView{ID: def.ID, Name: s.leaderName(l), Side: s.sideName(def.Side), Face: "removed"}
		if ls.Face >= 0 {
			f := def.Faces[ls.Face]
			lv.Attack, lv.Defense, lv.Range = f.Attack, f.Defense, f.Range
			lv.Face = [2]string{"primary", "secondary"}[ls.Face]
		}
		if ls.Hex >= 0 {
			lv.Hex = s.hexID(int(ls.Hex))
		}
		v.Leaders = append(v.Leaders, lv)
	}
	for p := range 2 {
		if s.Pos.Depot[p] >= 0 {
			v.Depots = append(v.Depots, DepotView{Side: s.sideName(engine.Side(p)), Hex: s.hexID(int(s.Pos.Depot[p])), Moved: s.Pos.DepotMoved[p]})
		}
	}
	for _, ip := range s.Pos.IPs {
		if ip.Hex >= 0 {
			v.IPs = append(v.IPs, IPView{Hex: s.hexID(int(ip.Hex)), Level: int(ip.Level)})
		}
	}
	sort.Slice(v.IPs, func(i, j int) bool { return v.IPs[i].Hex < v.IPs[j].Hex })
	v.Battle = s.battleView(b, lang)
	if u := s.moving(); u >= 0 {
		v.Moving, v.MPLeft = d.Units[u].ID, mpWords(int(s.MoveLeft))
	}
	switch p := s.chosenPiece(); {
	case p >= MaxUnits:
		v.Chosen = d.Leaders[p-MaxUnits].ID
	case p >= 0:
		v.Chosen = d.Units[p].ID
	}
	if c := s.combat; c != nil {
		v.LastCombat = s.combatView(c, lang)
	}
	return v
}

// supplyPathOf is the supply path the board shows of unit u when a player
// selects it (the question "supply UNIT"): its hexes from the unit's to its
// source or Tobruk (8.1, 8.4), none when it is not on the map or not in
// supply. Traced when asked: traced for every unit of every position, as
// the views once carried them, it was most of a view's work.
func (s *State) supplyPathOf(u int) []string {
	def, us := &s.d.Units[u], &s.Pos.Units[u]
	ids := []string{}
	if us.Box != BoxMap {
		return ids
	}
	sup := s.supply(def.Side)
	if !sup.Supplied[u] {
		return ids
	}
	net := sup.Net // the nets Supply traced (8.1, 8.4)
	if sup.ViaTobruk[u] {
		net = sup.TobrukNet
	}
	b, h := s.board(), int(us.Hex)
	for _, x := range b.SupplyPath(def.Side, h, b.supplyBudget(def.Side, h), net) {
		ids = append(ids, s.hexID(x))
	}
	return ids
}

// Ask answers the board's questions (engine.Asker), asked when a player
// selects a unit or clicks a hex rather than built into every view (each
// searches the map around a unit: built for every view, they were a fifth
// of the server's work): "supply UNIT", the unit's supply path
// (supplyPathOf); "why UNIT", for the unit chosen in its movement phase,
// why it may not move to each hex near it that it may not (blocked):
// "why can't I?" on the map.
func (s *State) Ask(side engine.Side, lang, question string) (any, error) {
	f := strings.Fields(question)
	if len(f) != 2 || f[0] != "why" && f[0] != "supply" {
		return nil, fmt.Errorf("wdf: the question is \"why\" or \"supply\", and a unit")
	}
	u, ok := s.d.Unit(f[1])
	if !ok {
		return nil, fmt.Errorf("wdf: no unit %q", f[1])
	}
	if f[0] == "supply" {
		return s.supplyPathOf(u), nil
	}
	if u != s.chosenPiece() {
		return nil, fmt.Errorf("wdf: %s is not the unit chosen to move", f[1])
	}
	why := s.blockedShown(u, lang)
	if why == nil {
		why = map[string]string{}
	}
	return why, nil
}

// blockedShown is blocked(u, lang), worked out once for each state and
// language whichever side asks: it reads the position (the board) and the
// state's fields in blockedKey (those of unit u's moves, movesMemo, and
// the phasing side).
func (s *State) blockedShown(u int, lang string) map[string]string {
	k := blockedKey{weak.Make(s.board()), u, s.Step, s.Phasing, s.MoveUnit, s.MoveLeft, s.Flags[u], lang}
	if m, ok := whyShown.get(k); ok {
		return m
	}
	m := s.blocked(u, lang)
	whyShown.put(k, m)
	return m
}

type blockedKey struct {
	b              weak.Pointer[Board]
	u              int
	step           step
	phasing        engine.Side
	moveUnit, left int16
	flags          uint16
	lang           string
}

var whyShown = newViewCache[blockedKey, map[string]string]()

// viewCache maps the last len(ring) keys put to their values (shared:
// read only).
type viewCache[K comparable, V any] struct {
	mu   sync.Mutex
	m    map[K]V
	ring [256]K
	next int
}

func newViewCache[K comparable, V any]() *viewCache[K, V] { return &viewCache[K, V]{m: map[K]V{}} }

func (c *viewCache[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *viewCache[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.m) == len(c.ring) {
		delete(c.m, c.ring[c.next])
	}
	c.ring[c.next] = k
	c.next = (c.next + 1) % len(c.ring)
	c.m[k] = v
}

// combatSideView puts one side of a combat into words; dice, when rolled,
// are given in the order they were: the 5-6 dice, then the 6 ones.
func (s *State) combatSideView(cs *CombatSide, dice []int, lang string) CombatSideView {
	out := CombatSideView{Units: []CombatUnitView{}, Stack: []ModView{}, Final: cs.Final()}
	for _, u := range cs.Units {
		cu := CombatUnitView{Unit: s.d.Units[u.Unit].ID, CS: u.CS, Hit: u.Hit, Mods: []ModView{}}
		for _, m := range u.Mods {
			cu.Mods = append(cu.Mods, s.modView(m, lang))
		}
		out.Units = append(out.Units, cu)
	}
	for _, m := range cs.StackMods {
		out.Stack = append(out.Stack, s.modView(m, lang))
	}
	for k, r := range dice {
		on := 5
		if k >= cs.Dice.On5 {
			on = 6
		}
		out.Dice = append(out.Dice, DieView{Roll: r, On: on, Hit: r >= on})
	}
	return out
}

func (s *State) modView(m Mod, lang string) ModView {
	what := m.What
	if w, ok := modWord(m.What, lang); ok {
		what = w
	}
	return ModView{N: m.N, What: what, Rule: m.Rule, Sets: len(m.What) > 3 && m.What[:3] == "hit"}
}

// combatView is the last combat resolved, in words.
func (s *State) combatView(c *combatReport, lang string) *CombatView {
	cv := &CombatView{Attacker: s.sideName(c.Side), AP: c.AP, Hits: c.Hits, Overwhelming: c.Overwhelming}
	for _, h := range c.From {
		cv.From = append(cv.From, s.hexID(h))
	}
	for _, h := range c.Into {
		cv.Into = append(cv.Into, s.hexID(h))
	}
	cv.Sides = []CombatSideView{s.combatSideView(&c.Att, c.Dice[0], lang), s.combatSideView(&c.Dfn, c.Dice[1], lang)}
	return cv
}

// hitsOn is the number unit u's dice hit on in its next combat as an
// attacker (10.21, 7.91: a Major Offensive's active side hits on 5-6).
func (s *State) hitsOn(u int) string {
	def := &s.d.Units[u]
	caps := &s.d.Tables.Types[def.Type][def.Group()]
	hit := caps.HitAttack
	if s.Pos.Major[def.Side] && s.Phasing == def.Side {
		hit = caps.HitMajor
	}
	if hit <= 5 {
		return "5-6"
	}
	return "6"
}

// hitsOnDefense is the number unit u's dice hit on if it is attacked
// where it stands, as Evaluate reckons it: by its type and nationality
// (10.21), 5-6 beneath a level-2 IP (12.3) or in a fortress not destroyed
// (16.2). Off the map it is the type's number.
func (s *State) hitsOnDefense(u int) string {
	def := &s.d.Units[u]
	us := &s.Pos.Units[u]
	hit := s.d.Tables.Types[def.Type][def.Group()].HitDefend
	if us.Box == BoxMap {
		h := int(us.Hex)
		if us.InIP && s.Pos.ipAt(h) == 2 {
			hit = 5
		}
		if s.d.Tables.TEC[s.d.TECRow(h, s.Pos.fortressLost(s.d, h))].Fortress {
			hit = 5
		}
	}
	if hit <= 5 {
		return "5-6"
	}
	return "6"
}

// battleView describes the combat being built or resolved, if any.
func (s *State) battleView(b *Board, lang string) *BattleView {
	if s.Step != stBuild && s.Step != stLoss && s.Step != stSteps && s.Step != stRetreat && s.Step != stAdvance {
		return nil
	}
	bv := &BattleView{Attackers: []string{}, Defenders: []string{}, Hexes: []string{},
		Hits: [2]int{int(s.Bat.Hits[0]), int(s.Bat.Hits[1])}}
	var defHexes []int
	for _, t := range s.Bat.Def[:s.Bat.NDef] {
		bv.Hexes = append(bv.Hexes, s.hexID(int(t)))
		defHexes = append(defHexes, int(t))
	}
	var atk []int
	for u, def := range s.d.Units {
		if s.Pos.Units[u].Box != BoxMap {
			continue
		}
		switch {
		case s.Step == stBuild && def.Side == s.Phasing && s.inList(s.Bat.Att[:s.Bat.NAtt], int(s.Pos.Units[u].Hex)) && s.Flags[u]&fWithheld == 0:
			bv.Attackers = append(bv.Attackers, def.ID)
			atk = append(atk, u)
		case s.Step != stBuild && s.Flags[u]&fAtk != 0:
			bv.Attackers = append(bv.Attackers, def.ID)
		case def.Side != s.Phasing && s.inList(s.Bat.Def[:s.Bat.NDef], int(s.Pos.Units[u].Hex)):
			bv.Defenders = append(bv.Defenders, def.ID)
		case s.Step != stBuild && s.Flags[u]&fDef != 0:
			bv.Defenders = append(bv.Defenders, def.ID)
		}
	}
	if s.Step == stBuild && len(atk) > 0 && len(defHexes) > 0 {
		var supplied [MaxUnits]bool
		for p := range 2 {
			r := s.supply(engine.Side(p))
			for u := range supplied {
				supplied[u] = supplied[u] || r.Supplied[u]
			}
		}
		a := &Attack{Side: s.Phasing, Attackers: atk, Defenders: defHexes, AP: s.AP[s.Phasing] > 0,
			Supplied: &supplied, GroundSupport: int(s.Bat.Support), Naval: s.Bat.Naval, Explain: true}
		att, dfn := b.Evaluate(a)
		bv.Dice = &DiceView{Attacker: [2]int{att.Dice.On5, att.Dice.On6}, Defender: [2]int{dfn.Dice.On5, dfn.Dice.On6}, DefenderCS: dfn.Final()}
		if a.AP {
			a.AP, a.Explain = false, false
			noAP, _ := b.Evaluate(a)
			bv.Dice.NoAP = &[2]int{noAP.Dice.On5, noAP.Dice.On6}
		}
		bv.Sides = []CombatSideView{s.combatSideView(&att, nil, lang), s.combatSideView(&dfn, nil, lang)}
	}
	return bv
}

// SheetID names the view's map sheet (engine.Sheeted): the scenario's,
// whose states all share one map.
func (s *State) SheetID() string { return Game{}.Scenarios()[0] }

// Sheet is the map sheet of scenario id (engine.Sheets): the same in every
// language (place names are the map's own), from the game's data.
func (Game) Sheet(id, lang string) (any, error) {
	if id != (Game{}).Scenarios()[0] {
		return nil, fmt.Errorf("wdf: no sheet %q", id)
	}
	return mapView(defaultData()), nil
}

var mapCache sync.Map // *Data -> MapView

// mapView lists the map: every hex and every hexside with a feature,
// built once per data set (the slices are shared: read only).
func mapView(d *Data) MapView {
	if m, ok := mapCache.Load(d); ok {
		return m.(MapView)
	}
	m := buildMap(d)
	mapCache.Store(d, m)
	return m
}

func buildMap(d *Data) MapView {
	m := MapView{Units: map[string]CounterView{}}
	for _, def := range d.Units {
		m.Units[def.ID] = CounterView{Name: def.Name, Side: Game{}.SideNames()[def.Side], Nation: def.Nationality.String(), Type: def.Type.String(),
			Size: def.Size.String(), Division: def.Division, MA: def.MA}
	}
	placeHex := map[int]Place{}
	for _, p := range d.Places {
		placeHex[p.Hex] = p
	}
	for i, h := range d.Hexes {
		hv := HexView{ID: h.ID, Col: h.Col, Row: h.Row, Terrain: h.Terrain.String(), Coastal: h.Coastal}
		if p, ok := placeHex[i]; ok {
			hv.Place = p.Name
			hv.Fortress = p.FortressLevels > 0
		}
		for p := range 2 {
			if z := h.Zone[p]; z != ZoneNone {
				if hv.Zone == nil {
					hv.Zone = map[string]string{}
				}
				hv.Zone[Game{}.SideNames()[p]] = z.Letter()
			}
		}
		for p := range 2 {
			if d.SupplySource[p] == i {
				hv.Source = Game{}.SideNames()[p]
			}
		}
		m.Hexes = append(m.Hexes, hv)
		for dir, n := range h.Neighbours {
			f := h.Sides[dir]
			if n < 0 || int(n) < i || f == 0 {
				continue
			}
			m.Sides = append(m.Sides, SideView{A: h.ID, B: d.Hexes[n].ID, Road: f&RoadSide != 0, Track: f&TrackSide != 0,
				Escarpment: f&EscarpmentSide != 0, Ridge: f&RidgeSide != 0, River: f&RiverSide != 0})
		}
	}
	return m
}

// Board draws the state as text for the terminal: turn, phase, points,
// the pieces on the map hex by hex, the boxes and any combat.
func (s *State) Board(side engine.Side, lang string) string {
	v := s.view(side, lang)
	var b strings.Builder
	n := strconv.Itoa
	fmt.Fprintln(&b, texts.Text(lang, "board.status", n(v.Turn), n(v.Turns), v.Date, word(v.Phasing, lang), v.Phase, n(v.VP[0]), n(v.VP[1])))
	fmt.Fprintln(&b, texts.Text(lang, "board.notice"))
	fmt.Fprintln(&b, texts.Text(lang, "board.points", n(v.AP[0]), n(v.AP[1]), n(v.ASP[0]), n(v.ASP[1]), v.SupplyLevel,
		word(fmt.Sprint(v.Naval), lang), word(v.Tobruk, lang), word(v.Fortress.Tobruk, lang), word(v.Fortress.Bardia, lang)))
	byHex := map[string][]string{}
	var hexes []string
	boxes := map[string][]string{}
	for i, u := range v.Units { // one a unit, in the data's order
		if u.Where != "map" {
			box := s.sideName(s.d.Units[i].Side) + " " + u.Where
			boxes[box] = append(boxes[box], u.ID)
			continue
		}
		tag := fmt.Sprintf("%s %d-%d", u.ID, u.CS, s.d.Units[i].MA)
		if u.Reduced {
			tag += texts.Text(lang, "board.reduced")
		}
		if !u.Supplied {
			tag += texts.Text(lang, "board.oos")
		}
		if len(byHex[u.Hex]) == 0 {
			hexes = append(hexes, u.Hex)
		}
		byHex[u.Hex] = append(byHex[u.Hex], tag)
	}
	for _, l := range v.Leaders {
		if l.Hex != "" {
			if len(byHex[l.Hex]) == 0 {
				hexes = append(hexes, l.Hex)
			}
			byHex[l.Hex] = append(byHex[l.Hex], texts.Text(lang, "board.leader", l.Name))
		}
	}
	for _, dp := range v.Depots {
		if len(byHex[dp.Hex]) == 0 {
			hexes = append(hexes, dp.Hex)
		}
		byHex[dp.Hex] = append(byHex[dp.Hex], texts.Text(lang, "board.depot", word(dp.Side, lang)))
	}
	for _, ip := range v.IPs {
		byHex[ip.Hex] = append(byHex[ip.Hex], fmt.Sprintf("IP-%d", ip.Level))
	}
	sort.Strings(hexes)
	names := map[string]string{}
	for _, h := range v.Map.Hexes {
		names[h.ID] = h.Place
	}
	for _, h := range hexes {
		label := h
		if names[h] != "" {
			label += " " + names[h]
		}
		fmt.Fprintf(&b, "  %-18s %s\n", label, strings.Join(byHex[h], ", "))
	}
	var keys []string
	for k := range boxes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(boxes[k], " "))
	}
	if bt := v.Battle; bt != nil {
		fmt.Fprintln(&b, texts.Text(lang, "board.combat", strings.Join(bt.Attackers, " "), strings.Join(bt.Defenders, " "),
			strings.Join(bt.Hexes, " "), strconv.Itoa(bt.Hits[0]), strconv.Itoa(bt.Hits[1])))
	}
	if v.Result != "" {
		fmt.Fprintln(&b, texts.Text(lang, "board.result", v.Result))
	} else {
		fmt.Fprintf(&b, "%s\n", v.Prompt)
	}
	return b.String()
}

// Neighbours lists, for the terminal's neighbours command, the six hexes
// around the hex named place (its number, or a place's name): each with
// its terrain and place and what runs across the hexside between (road,
// track, escarpment, ridge, river: 11.1, 11.2), or that it is not in play.
func (s *State) Neighbours(place, lang string) (string, error) {
	h, ok := s.d.Lookup(strings.TrimSpace(place))
	if !ok {
		for i, hx := range s.d.Hexes {
			if hx.Place >= 0 && strings.EqualFold(s.d.Places[hx.Place].Name, strings.TrimSpace(place)) {
				h, ok = i, true
				break
			}
		}
	}
	if !ok {
		return "", errors.New(texts.Text(lang, "terminal.noHex", strconv.Quote(place)))
	}
	name := func(i int) string {
		hx := &s.d.Hexes[i]
		if hx.Place >= 0 {
			return hx.ID + " " + s.d.Places[hx.Place].Name
		}
		return hx.ID
	}
	sides := []struct {
		f    SideFlags
		word string // the catalog's "hexside.<word>"
	}{{RoadSide, "road"}, {TrackSide, "track"}, {EscarpmentSide, "escarpment"}, {RidgeSide, "ridge"}, {RiverSide, "river"}}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s):", name(h), s.d.Hexes[h].Terrain)
	for dir, n := range s.d.Hexes[h].Neighbours {
		if n < 0 {
			continue
		}
		var across []string
		for _, sd := range sides {
			if s.d.Hexes[h].Sides[dir]&sd.f != 0 {
				across = append(across, texts.Text(lang, "hexside."+sd.word))
			}
		}
		fmt.Fprintf(&b, "\n  %s (%s)", name(int(n)), s.d.Hexes[n].Terrain)
		if len(across) > 0 {
			fmt.Fprintf(&b, " — %s", strings.Join(across, ", "))
		}
	}
	return b.String(), nil
}
