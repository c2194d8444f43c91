package primogenita

import (
	"fmt"
	"strconv"
	"sync"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// OrderView is an Order counter as a side sees it: its printed face (3.1,
// 3.3, 3.4) and where it lies.
type OrderView struct {
	Priority int    `json:"priority"`
	Name     string `json:"name"` // in the viewer's language
	Side     string `json:"side"`
	Category string `json:"category"`         // main, combination, minor
	Letter   string `json:"letter,omitempty"` // A, B or M (3.1, 3.3)
	Enemy    bool   `json:"enemy,omitempty"`  // combined with the opponent's Assault (3.3)
	Back     string `json:"back"`             // text, cross or blank (3.4)
	Where    string `json:"where"`            // sheet, chosen (own secret choice only), track, box, executing
	Flipped  bool   `json:"flipped"`
	Revealed bool   `json:"revealed,omitempty"` // revealed in this ORDER Segment (3.2)
	// Weight is how many of the four choices it uses if chosen now (3.4);
	// 0: it cannot be chosen. Only for the viewer's own Orders while choosing.
	Weight int `json:"weight,omitempty"`
}

// ChoiceView is the shape of the secret Order choice for a client (3.2,
// 3.4): pick Orders whose weights add up to Capacity, from the viewer's
// own sheet; the other side's progress shows only as committed or not.
type ChoiceView struct {
	Capacity       int  `json:"capacity"`
	Chosen         int  `json:"chosen"`
	Committed      bool `json:"committed"`
	OtherCommitted bool `json:"other_committed"`
}

// UnitView is a counter as the board draws it: printed values and what
// changes on it (1.4, 1.5, 5.2, 8.1).
type UnitView struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Side      string  `json:"side"`
	Kind      string  `json:"kind"` // foot, mobile, sd, air
	Artillery bool    `json:"artillery,omitempty"`
	March     bool    `json:"march,omitempty"`
	Elite     bool    `json:"elite,omitempty"`
	Arbegnoch bool    `json:"arbegnoch,omitempty"`
	French    bool    `json:"french,omitempty"`
	Colonial  bool    `json:"colonial,omitempty"`
	Remnant   bool    `json:"remnant,omitempty"`
	Strength  int     `json:"strength"` // the side up now
	Printed   [2]int8 `json:"printed"`  // front, back (back 0: one step)
	Steps     int     `json:"steps"`    // steps left: 0 for SD and Air
	Move      int     `json:"move"`
	Stack     int     `json:"stack"`
	Where     string  `json:"where"`             // box, map, base, gone
	Reduced   bool    `json:"reduced,omitempty"` // a two-step unit on its back (1.4)
	Hex       string  `json:"hex,omitempty"`
	Flipped   bool    `json:"flipped,omitempty"` // an SD: depleted (5.5)
	Disrupted bool    `json:"disrupted,omitempty"`
	Supply    string  `json:"supply,omitempty"` // "", "low", "no" (5.2)
	// Arrives: "GT3 K" for a Reinforcement still to come (1.7).
	Arrives string `json:"arrives,omitempty"`
}

// TownView is a town's control now (1.6).
type TownView struct {
	ID   string `json:"id"`
	Flag string `json:"flag,omitempty"` // british, italian
	// Controller is the side controlling it (1.6).
	Controller string `json:"controller"`
}

// SourceView is a supply source as it stands (5.1, 5.3).
type SourceView struct {
	Hex   string `json:"hex"`
	Side  string `json:"side"`
	Level string `json:"level"` // fs, ls; "" for a lost Italian source or an Allied marker not placed
}

// TrenchView is a Trench marker on the map (Orders 37, 30, 7).
type TrenchView struct {
	Hex  string `json:"hex"`
	Side string `json:"side"`
}

// ShiftView is one column shift of an Assault with its reason (7.2).
type ShiftView struct {
	Reason string `json:"reason"` // terrain, trench, only-artillery, disrupted, uphill, two-hexes, orders
	By     int    `json:"by"`
}

// AssaultView is the Assault under way (7.1–7.3): the units, the odds
// column before and after every shift, the final column of the Combat
// Table, and the die and result once rolled.
type AssaultView struct {
	Target    string      `json:"target"`
	Attacker  string      `json:"attacker"`
	Attackers []string    `json:"attackers"`
	Defenders []string    `json:"defenders"`
	Att       int         `json:"att"`
	Def       int         `json:"def"`
	Column    string      `json:"column"`
	Shifts    []ShiftView `json:"shifts"`
	Final     string      `json:"final"`
	Column6   []string    `json:"table"` // the final column's results, die 1 to 6
	Die       int         `json:"die,omitempty"`
	Result    string      `json:"result,omitempty"`
	Push      bool        `json:"push,omitempty"`
	Pushing   bool        `json:"pushing,omitempty"`
	Counter   bool        `json:"counter,omitempty"`
}

// BombardView is the bombardment under way (6.1–6.3): before the roll
// the Artillery firing, its total and column with the shifts (Extra Ammo
// counts if any firing Artillery has Support, checked at the roll); after
// it the die, the result and the units still to Disrupt.
type BombardView struct {
	Target    string      `json:"target"`
	Firing    []string    `json:"firing,omitempty"`
	Total     int         `json:"total,omitempty"`
	Column    string      `json:"column,omitempty"`
	Shifts    []ShiftView `json:"shifts,omitempty"`
	Table     []string    `json:"table,omitempty"` // the column's results, die 1 to 6
	Die       int         `json:"die,omitempty"`
	Result    string      `json:"result,omitempty"` // Disr or 1
	ToDisrupt int         `json:"to_disrupt,omitempty"`
}

// View is what side may see (engine.State.View): everything on the map
// (the game has no hidden units), but of the other side's Order choice
// only whether it is committed, never which Orders or how many (3.2).
type View struct {
	Turn     int          `json:"turn"`
	Turns    int          `json:"turns"`
	Segment  int          `json:"segment"`
	Step     string       `json:"step"`
	Decider  string       `json:"decider,omitempty"` // the side deciding; "" while both choose or at the end
	VP       int          `json:"vp"`
	OpenCity string       `json:"open_city,omitempty"` // declared, cancelled (2.2)
	Current  int          `json:"current,omitempty"`   // the Order drawn
	Orders   []OrderView  `json:"orders"`
	Choice   *ChoiceView  `json:"choice,omitempty"`
	Units    []UnitView   `json:"units"`
	Towns    []TownView   `json:"towns"`
	Sources  []SourceView `json:"sources"`
	Trenches []TrenchView `json:"trenches"`
	// SheetTrenches are the Trench markers still on each side's Order sheet.
	SheetTrenches map[string]int `json:"sheet_trenches"`
	Assault       *AssaultView   `json:"assault,omitempty"`
	Bombard       *BombardView   `json:"bombard,omitempty"`
	// Reach: in a Move Order, for the deciding side only, each unit that
	// may move, the hexes it may still reach and the first step there.
	Reach  map[string]map[string]string `json:"reach,omitempty"`
	Winner string                       `json:"winner,omitempty"`
	// Map is the map sheet, the same in every view: not encoded, the
	// client gets it once as the game's sheet (engine.Sheeted, Game.Sheet).
	Map *MapView `json:"-"`
}

// MapView is the printed map for drawing (1.1–1.3; the reconstruction of
// data/map.json): hex centres in units of the hex size (centre to corner),
// pointy-top.
type MapView struct {
	Hexes    []HexView     `json:"hexes"`
	Towns    []TownMark    `json:"towns"`
	Entries  []EntryView   `json:"entries"`
	Roads    [][]string    `json:"roads"`
	Tracks   [][]string    `json:"tracks"`
	Railway  []string      `json:"railway"`
	Cliffs   []CliffView   `json:"cliffs"`
	GameTurn []GameTurnRow `json:"game_turns"`
	Notice   string        `json:"notice"`
}

// HexView is one hex of the map or an Entry hex.
type HexView struct {
	ID      string  `json:"id"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Terrain string  `json:"terrain"`
	Sand    bool    `json:"sand,omitempty"`
	Place   string  `json:"place,omitempty"`
	Patriot bool    `json:"patriot,omitempty"`
	Entry   bool    `json:"entry,omitempty"`
	Stack   int     `json:"stack"` // Stacking Limit, -1: none (1.5)
}

// TownMark is a town's printed name and VP (1.2, 2.2).
type TownMark struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Hex        string `json:"hex"`
	VP         int    `json:"vp"`
	OpenCityVP int    `json:"open_city_vp,omitempty"`
}

// EntryView is an Entry hex and the map hexes across its arrows (1.1).
type EntryView struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Side   string   `json:"side"`
	Arrows []string `json:"arrows"`
}

// CliffView is a cliff hexside, its line in Low, crossed uphill from Low
// (1.3); Double: uphill both ways.
type CliffView struct {
	Low    string `json:"low"`
	High   string `json:"high"`
	Double bool   `json:"double,omitempty"`
}

// GameTurnRow is a slot of the Game Turn Track (2.1, 2.3).
type GameTurnRow struct {
	Number    int    `json:"number"`
	Dates     string `json:"dates"`
	Deduction int    `json:"deduction,omitempty"`
}

var whereNames = []string{OrdSheet: "sheet", OrdPending: "chosen", OrdTrack: "track", OrdBox: "box", OrdExecuting: "executing"}

var locNames = []string{InBox: "box", OnMap: "map", OnBase: "base", Gone: "gone"}

var supplyNames = []string{Supplied: "", LowSupply: "low", NoSupply: "no"}

var stepNames = [...]string{stSetup: "setup", stChoose: "choose", stExecute: "execute", stBoxFull: "box-full", stRail: "rail",
	stSource: "source", stRemoveSD: "remove-sd", stMove: "move", stBombTarget: "bombard", stBombFire: "bombard",
	stBombDisrupt: "bombard", stBombStep: "bombard", stBombSD: "bombard", stAsTarget: "assault", stAsUnits: "assault",
	stAsLoss: "assault", stAsPlus: "assault", stAsOc: "assault", stAsPush: "assault", stAsStay: "assault",
	stAsRetreat: "assault", stAsAdvance: "assault", stAsWin: "assault", stAsCounter13: "assault", stAsSDLoss: "assault",
	stAsPushUnits: "assault", stAsPushOn: "assault", stAsPushSD: "assault", stMoveAfter: "move", stRaid: "move", stOpenCity: "open-city",
	stMinor: "minor", stMinorAdvance: "minor", stDigFrom: "minor", stResupply: "resupply", stOver: "over"}

// SheetID names the view's map sheet (engine.Sheeted): the scenario's.
func (s *State) SheetID() string { return Game{}.Scenarios()[0] }

// Sheet is the map sheet of scenario id (engine.Sheets), the same in every
// language.
func (Game) Sheet(id, lang string) (any, error) {
	if id != (Game{}).Scenarios()[0] {
		return nil, fmt.Errorf("primogenita: no sheet %q", id)
	}
	return defaultData().mapView(), nil
}

// mapViews caches each Data's MapView: it never changes.
var mapViews sync.Map // *Data -> *MapView

// mapView returns d's map for drawing.
func (d *Data) mapView() *MapView {
	if m, ok := mapViews.Load(d); ok {
		return m.(*MapView)
	}
	m := &MapView{Notice: "RECONSTRUCTION: docs/primogenita/data.md"}
	id := func(h int) string { return d.Hexes[h].ID }
	ids := func(hs []int) []string {
		out := make([]string, len(hs))
		for i, h := range hs {
			out[i] = id(h)
		}
		return out
	}
	for i := range d.Hexes {
		h := &d.Hexes[i]
		p := Layout.Center(h.At, 1)
		m.Hexes = append(m.Hexes, HexView{ID: h.ID, X: p.X, Y: p.Y, Terrain: h.Terrain.String(), Sand: h.Sand, Place: h.Place,
			Patriot: h.Patriot, Entry: h.Entry >= 0, Stack: d.Stacking(i)})
	}
	for _, t := range d.Towns {
		m.Towns = append(m.Towns, TownMark{ID: t.ID, Name: t.Name, Hex: id(t.Hex), VP: t.VP, OpenCityVP: t.OpenCityVP})
	}
	for _, e := range d.Entries {
		m.Entries = append(m.Entries, EntryView{ID: e.ID, Name: e.Name, Side: sideNames[e.Side], Arrows: ids(e.Arrows)})
	}
	for _, r := range d.Roads {
		m.Roads = append(m.Roads, ids(r))
	}
	for _, r := range d.Tracks {
		m.Tracks = append(m.Tracks, ids(r))
	}
	m.Railway = ids(d.Railway)
	for _, c := range d.Cliffs {
		m.Cliffs = append(m.Cliffs, CliffView{Low: id(c.Low), High: id(c.High), Double: c.Double})
	}
	for n := 1; n <= NumTurns; n++ {
		t := d.Turns[n]
		m.GameTurn = append(m.GameTurn, GameTurnRow{Number: t.Number, Dates: t.Dates, Deduction: t.VPDeduction})
	}
	got, _ := mapViews.LoadOrStore(d, m)
	return got.(*MapView)
}

// view builds side's view in English (the tests' form).
func (s *State) view(side engine.Side) View { return s.viewIn(side, "en") }

// viewIn builds side's view with the Orders' names in lang;
// engine.Observer sees what both may see.
func (s *State) viewIn(side engine.Side, lang string) View {
	d := s.d
	v := View{Turn: int(s.Turn), Turns: NumTurns, Segment: int(s.Segment), Step: stepNames[s.Step], VP: int(s.VP),
		Current: int(s.Current), Map: d.mapView(), SheetTrenches: map[string]int{}}
	if s.Step != stChoose && s.Step != stOver {
		v.Decider = sideNames[s.Decider]
	}
	if s.Step == stOver && s.Winner >= 0 {
		v.Winner = sideNames[s.Winner]
	}
	v.OpenCity = []string{OpenCityNone: "", OpenCityDeclared: "declared", OpenCityCancelled: "cancelled"}[s.OpenCity]
	for p := 1; p <= NumOrders; p++ {
		o, od := s.Orders[p], &d.Orders[p]
		own := od.Side == side
		if o.Where == OrdPending && !own {
			o.Where = OrdSheet // the other side's secret choice looks like the sheet
		}
		name, _ := text(lang, "order."+strconv.Itoa(p))
		ov := OrderView{Priority: p, Name: name, Side: sideNames[od.Side], Category: od.Category.String(), Enemy: od.Enemy,
			Back: od.Back.String(), Where: whereNames[o.Where], Flipped: o.Flipped, Revealed: s.Revealed[p]}
		if od.Letter != 0 {
			ov.Letter = string(rune(od.Letter))
		}
		if own && s.Step == stChoose && !s.Committed[side] {
			ov.Weight = s.weight(p)
		}
		v.Orders = append(v.Orders, ov)
	}
	if s.Step == stChoose && side != engine.Observer {
		v.Choice = &ChoiceView{Capacity: OrdersChosen, Chosen: s.chosen(side), Committed: s.Committed[side], OtherCommitted: s.Committed[Other(side)]}
	}
	for u := range d.Units {
		du, st := &d.Units[u], &s.Pos.Units[u]
		uv := UnitView{ID: du.ID, Name: du.Name, Side: sideNames[du.Side], Kind: du.Kind.String(), Artillery: du.Artillery,
			March: du.March, Elite: du.Elite, Arbegnoch: du.Arbegnoch, French: du.French, Colonial: du.Colonial,
			Remnant: du.IsRemnant(), Strength: d.Strength(&s.Pos, u), Printed: du.Strength, Steps: int(du.Steps),
			Move: int(du.Move), Stack: int(du.Stack), Where: locNames[st.Loc], Reduced: st.Flipped && du.Steps == 2, Flipped: st.Flipped, Disrupted: st.Disrupted,
			Supply: supplyNames[st.Supply]}
		if st.Flipped && du.Steps > 0 {
			uv.Steps--
		}
		if st.Loc == OnMap {
			uv.Hex = d.Hexes[st.Hex].ID
		}
		if st.Loc == InBox && du.ArriveTurn > 0 {
			uv.Arrives = "GT" + strconv.Itoa(int(du.ArriveTurn))
			if du.ArriveLetter != 0 {
				uv.Arrives += " " + string(rune(du.ArriveLetter))
			}
		}
		v.Units = append(v.Units, uv)
	}
	for t, town := range d.Towns {
		v.Towns = append(v.Towns, TownView{ID: town.ID, Flag: []string{NoFlag: "", BritishFlag: "british", ItalianFlag: "italian"}[s.Pos.Flags[t]],
			Controller: sideNames[s.Pos.TownController(t)]})
	}
	for i, src := range d.ItalianSupply {
		lvl := "ls"
		if src.Full {
			lvl = "fs"
		}
		if s.ItalianLost[i] {
			lvl = ""
		}
		v.Sources = append(v.Sources, SourceView{Hex: d.Hexes[src.Hex].ID, Side: sideNames[Italian], Level: lvl})
	}
	for i, src := range d.AlliedSupply {
		v.Sources = append(v.Sources, SourceView{Hex: d.Hexes[src.Hex].ID, Side: sideNames[Allied],
			Level: []string{MarkerAbsent: "", MarkerLS: "ls", MarkerFS: "fs"}[s.Markers[i]]})
	}
	for i, t := range s.Pos.Trench[:d.AlliedTrench+d.ItalianTrench] {
		switch {
		case t >= 0:
			v.Trenches = append(v.Trenches, TrenchView{Hex: d.Hexes[t].ID, Side: sideNames[s.Pos.Owner[i]]})
		case t == -1:
			v.SheetTrenches[sideNames[s.Pos.Owner[i]]]++
		}
	}
	if s.Step == stMove && side == s.Decider {
		v.Reach = s.moveReach()
	}
	if stepNames[s.Step] == "bombard" && s.Step != stBombTarget && s.Target >= 0 && int(s.Target) < len(d.Hexes) {
		v.Bombard = s.bombardView()
	}
	if stepNames[s.Step] == "assault" && s.Target >= 0 && int(s.Target) < len(d.Hexes) && s.Step != stAsTarget {
		v.Assault = s.assaultView()
	}
	return v
}

// moveReach maps each unit that may move now in the Move Order under way
// to the hexes it may still reach (4.1, 4.2; ruling P14: never through or
// into a hex where it would not fit) and the first step of the cheapest
// way there: the board lights them and plays the steps one by one.
func (s *State) moveReach() map[string]map[string]string {
	d := s.d
	out := map[string]map[string]string{}
	for u := range d.Units {
		if s.Pos.Units[u].Loc != OnMap {
			continue
		}
		left, as := int(s.MoverLeft), u
		if int(s.Mover) != u {
			if s.Mover >= 0 {
				continue
			}
			v, budget, oneHex, ok := s.start(u) // the allowance after the Support check (5.2, 4.1)
			if !ok || oneHex {
				continue // a Tactical Move's one hex: the next steps are all
			}
			left, as = budget, v
		}
		step := d.stepCost(&s.Pos, s.moverOf(as))
		cost := func(from, to hexgrid.Hex, side hexgrid.Hexside) (int, bool) {
			if b := d.at(to); b == 0 || !s.fits(as, b-1) {
				return -1, false
			}
			return step(from, to, side)
		}
		start := d.Hexes[s.Pos.Units[u].Hex].At
		sr := d.search()
		hexes := map[string]string{}
		for _, r := range sr.Reach(start, left, cost) {
			if r.Hex == start {
				continue
			}
			if path := sr.PathTo(r.Hex); len(path) >= 2 {
				hexes[d.Hexes[d.at(r.Hex)-1].ID] = d.Hexes[d.at(path[1])-1].ID
			}
		}
		d.searches.Put(sr)
		if len(hexes) > 0 {
			out[d.Units[u].ID] = hexes
		}
	}
	return out
}

// bombardView is the bombardment under way (6.1–6.3).
func (s *State) bombardView() *BombardView {
	d := s.d
	b := &BombardView{Target: d.Hexes[s.Target].ID}
	if s.Step != stBombFire {
		b.Die, b.Result, b.ToDisrupt = int(s.Die), "Disr", int(s.ToDisrupt)
		if s.StepResult {
			b.Result = "1"
		}
		return b
	}
	for u, f := range s.Firing[:len(d.Units)] {
		if f && d.Units[u].Side == s.Decider {
			b.Firing = append(b.Firing, d.Units[u].ID)
			b.Total += d.Strength(&s.Pos, u)
		}
	}
	net := 0
	if s.Pos.HasTrench(int(s.Target)) {
		b.Shifts, net = append(b.Shifts, ShiftView{Reason: "trench", By: -1}), net-1
	}
	if s.ExtraAmmo {
		b.Shifts, net = append(b.Shifts, ShiftView{Reason: "extra-ammo", By: 1}), net+1
	}
	col := d.Tables.BombColumn(b.Total, net)
	b.Column = strconv.Itoa(d.Tables.BombColumns[col])
	for die := range 6 {
		b.Table = append(b.Table, []string{"-", "Disr", "1"}[d.Tables.Bombardment[die][col]])
	}
	return b
}

// assaultView is the Assault under way: odds and every shift (7.1, 7.2),
// as the next or last roll reckons them.
func (s *State) assaultView() *AssaultView {
	d := s.d
	defs, atts := s.defenders(), s.attackers()
	a := &AssaultView{Target: d.Hexes[s.Target].ID, Attacker: sideNames[s.Attacker], Att: s.strengthOf(atts), Def: s.strengthOf(defs),
		Pushing: s.Pushing, Counter: s.Countering}
	for _, u := range atts {
		a.Attackers = append(a.Attackers, d.Units[u].ID)
	}
	for _, u := range defs {
		a.Defenders = append(a.Defenders, d.Units[u].ID)
	}
	col := OddsColumn(a.Att, a.Def)
	a.Column = oddsNames[col]
	net := 0
	if !s.Countering { // 7.5: a Counterattack has no shifts
		sh := s.assaultShifts()
		sh.Orders = int(s.OrderShift)
		add := func(on bool, reason string, by int) {
			if on && by != 0 {
				a.Shifts = append(a.Shifts, ShiftView{Reason: reason, By: by})
			}
		}
		add(true, "terrain", sh.Terrain)
		add(sh.Trench, "trench", -1)
		add(sh.OnlyArtillery, "only-artillery", 1)
		add(sh.Disrupted, "disrupted", 1)
		add(sh.Uphill, "uphill", -1)
		add(sh.TwoHexes, "two-hexes", 1)
		add(true, "orders", sh.Orders)
		net = sh.Net()
	}
	final := FinalColumn(col, net)
	a.Final = oddsNames[final]
	for die := range 6 {
		a.Column6 = append(a.Column6, s.d.Tables.Combat[die][final].String())
	}
	if !(s.Step == stAsUnits || s.Step == stAsWin && s.Window < winMatildas) { // rolled (7.3)
		a.Die = int(s.Die)
		a.Result = s.Result.Att.String() + "-" + s.Result.Def.String()
		a.Push = s.Result.Push
	}
	return a
}
