package compass

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"sandtable/internal/engine"
)

// View is what one side may see. Enemy stacks are open (3.1: "it is always
// permitted to examine enemy stacks"); event markers in the opponent's hand
// and the order of both containers are not.
type View struct {
	Game     string       `json:"game"`
	Notice   string       `json:"notice"` // the reconstruction notice (catalog key "notice"), shown wherever a player sees the components
	Viewer   string       `json:"viewer"`
	Turn     int          `json:"turn"`
	Turns    int          `json:"turns"`
	Dates    string       `json:"dates"`
	Phase    string       `json:"phase"`
	Phasing  string       `json:"phasing"`
	Decider  string       `json:"decider,omitempty"`
	Prompt   string       `json:"prompt"`
	VP       [2]int       `json:"vp"`               // as counted now (rule 2)
	Result   string       `json:"result,omitempty"` // the outcome in words, in the view's language
	Areas    []AreaView   `json:"areas"`
	Units    []UnitView   `json:"units"`
	Events   [2]EventView `json:"events"`
	Battle   *BattleView  `json:"battle,omitempty"`
	Repl     [2]int       `json:"replacement_points"`
	Activate [2]int       `json:"sustained_activated,omitempty"`
	// Prospects: for the deciding attacker, each action that declares,
	// starts or shapes an attack (keyed by its record text), with what
	// each side may field: the odds before committing.
	Prospects map[string]*Prospect `json:"prospects,omitempty"`
}

// AreaView is one area of the map: its id and who controls it. What is
// printed on the map (its name, place, coast, naval support, VP, logistic
// side and links) is the map sheet's (MapSheet), sent once; the terminal's
// board reads it from the data. A view is built for every request, so it
// carries nothing else.
type AreaView struct {
	ID      string `json:"id"`
	Control string `json:"control"`
}

// MapSheet is what the map and the counters print, the same in every
// state (engine.Sheets): each area's printed values by id, and each unit's.
type MapSheet struct {
	Areas map[string]AreaSheet `json:"areas"`
	Units map[string]UnitSheet `json:"units"`
}

// UnitSheet is what a unit's counter prints (1.2), and when the turn track
// brings it or takes it away: the same in every state (its CV, side up,
// place and markers change, and are in UnitView).
type UnitSheet struct {
	Name        string `json:"name"`
	Side        string `json:"side"`
	Steps       int    `json:"steps"`
	Support     bool   `json:"support,omitempty"`
	DefenceOnly bool   `json:"defence_only,omitempty"`
	Garrison    bool   `json:"garrison,omitempty"`
	MC          int    `json:"mc"`
	Arrives     int    `json:"arrives,omitempty"`
	Removed     int    `json:"removed,omitempty"`
}

// AreaSheet is one area as the map prints it.
type AreaSheet struct {
	Name         string     `json:"name"`
	Lat          float64    `json:"lat"`
	Lon          float64    `json:"lon"`
	Coastal      bool       `json:"coastal"`
	NavalSupport bool       `json:"naval_support"`
	VP           int        `json:"vp"`
	Logistic     string     `json:"logistic,omitempty"`
	Links        []LinkView `json:"links"`
}

// LinkView is a connection to an adjacent area.
type LinkView struct {
	To   string `json:"to"`
	Kind string `json:"kind"` // road, track or desert
}

// UnitView is one counter: its id and what changes (a flag encoded only
// when set). What the counter prints (name, side, steps, support, MC...)
// is the map sheet's (UnitSheet), sent once; the terminal's board reads it
// from the data.
type UnitView struct {
	ID          string `json:"id"`
	Where       string `json:"where"` // map, track, eliminated, removed
	Area        string `json:"area,omitempty"`
	CV          int    `json:"cv"`
	Reduced     bool   `json:"reduced,omitempty"`
	MPLeft      string `json:"mp_left,omitempty"`
	OutOfSupply bool   `json:"out_of_supply,omitempty"`
	Attack      string `json:"attack,omitempty"` // area the Attack marker points at
	Attacked    bool   `json:"attacked,omitempty"`
	Activated   string `json:"activated,omitempty"` // front or support (6.2.F)
	Lost        bool   `json:"unrecoverable,omitempty"`
}

// EventView is one side's event markers as the viewer may see them.
type EventView struct {
	Hand      []string       `json:"hand,omitempty"` // only for the owner
	HandCount int            `json:"hand_count"`
	Container int            `json:"container"`      // how many markers, not which
	Gone      map[string]int `json:"gone,omitempty"` // removed from the game after use
}

// BattleView is the combat being fought.
type BattleView struct {
	From     string        `json:"from"`
	Area     string        `json:"area"`
	Attacker string        `json:"attacker"`
	Sides    [2][]Fighting `json:"sides"` // attacker, defender
	Hits     [2]int        `json:"hits"`
	Rolled   bool          `json:"rolled"`
	// Prospect: while a side's fielding is still open, what each may field.
	Prospect *Prospect `json:"prospect,omitempty"`
}

// Fighting is a front-line unit in a combat.
type Fighting struct {
	Unit     string `json:"unit"`
	Support  string `json:"support,omitempty"`
	Event    string `json:"event,omitempty"`
	Surprise bool   `json:"surprised,omitempty"`
	Target   int    `json:"target"` // modified CV: hit on this or less (once rolled, as it was at the roll)
	Die      int    `json:"die,omitempty"`
	Hit      bool   `json:"hit,omitempty"` // the die hit (6.2.E.5: a 1 always, a 6 never)
	Rerolled bool   `json:"rerolled,omitempty"`
}

var stepName = map[step]string{
	stPick: "events", stPlace: "reinforcements", stRefit: "replacements", stMove: "movement",
	stStack: "stacking", stCombat: "combat", stAtkFront: "combat", stAtkSupport: "combat",
	stDefFront: "combat", stDefSupport: "combat", stAtkEvents: "combat", stDefEvents: "combat",
	stAtkLeader: "combat", stDefLeader: "combat", stAtkHits: "combat", stDefHits: "combat",
	stRetreat: "combat", stAdvance: "combat", stMatilda: "combat", stExploit: "exploitation",
	stActivate: "exploitation", stExploitAct: "exploitation", stOver: "over",
}

// SheetID names the view's map sheet (engine.Sheeted): the map is the same
// in every scenario.
func (s *State) SheetID() string { return "map" }

// Sheet is the map sheet (engine.Sheets): the same in every language (the
// areas' and units' names are the map's and counters' own), from the
// game's data.
func (Game) Sheet(id, lang string) (any, error) {
	if id != "map" {
		return nil, fmt.Errorf("compass: no sheet %q", id)
	}
	d := defaultData()
	if m, ok := sheetCache.Load(d); ok {
		return m, nil
	}
	m := MapSheet{Areas: map[string]AreaSheet{}, Units: map[string]UnitSheet{}}
	for _, u := range d.Units {
		m.Units[u.ID] = UnitSheet{Name: u.Name, Side: Game{}.SideNames()[u.Side], Steps: u.Steps, Support: u.Support,
			DefenceOnly: u.DefenceOnly, Garrison: u.Garrison, MC: u.MC, Arrives: u.Arrives, Removed: u.Removed}
	}
	for _, ar := range d.Areas {
		as := AreaSheet{Name: ar.Name, Lat: ar.Lat, Lon: ar.Lon, Coastal: ar.Coastal, NavalSupport: ar.NavalSupport, VP: ar.VP}
		if ar.Logistic >= 0 {
			as.Logistic = Game{}.SideNames()[ar.Logistic]
		}
		for _, l := range ar.Links { // none is null, as in the views before
			as.Links = append(as.Links, LinkView{To: d.Areas[l.To].ID, Kind: linkName[l.Kind]})
		}
		m.Areas[ar.ID] = as
	}
	sheetCache.Store(d, m)
	return m, nil
}

var sheetCache sync.Map // *Data -> MapSheet

// View builds side's view.
func (s *State) View(side engine.Side, lang string) any { return s.view(side, lang) }

func (s *State) view(side engine.Side, lang string) *View {
	v := &View{
		Game: "compass", Notice: texts.Text(lang, "notice"), Viewer: sideLabel(side), Turn: int(s.Turn), Turns: len(s.d.Turns),
		Dates: datesIn(s.d.Turns[s.Turn-1].Dates, lang), Phase: stepName[s.Step], Phasing: s.sideName(s.Phasing),
		Prompt: s.Prompt(side, lang), Repl: [2]int{int(s.Repl[0]), int(s.Repl[1])},
	}
	if s.Result == 0 {
		v.Decider = s.sideName(s.Decider)
	} else {
		v.Result = tr(resultKey[s.Result], lang) // in words: the client shows it as it comes
	}
	vp := s.victoryPoints()
	v.VP = [2]int{int(vp[0]), int(vp[1])}
	// The areas and units are allocated at their sizes: a view is built
	// for every request.
	v.Areas = make([]AreaView, 0, len(s.d.Areas))
	for a, ar := range s.d.Areas {
		v.Areas = append(v.Areas, AreaView{ID: ar.ID, Control: s.sideName(engine.Side(s.Control[a]))})
	}
	v.Units = make([]UnitView, 0, len(s.d.Units))
	for u, d := range s.d.Units {
		us := s.Units[u]
		uv := UnitView{ID: d.ID, CV: s.cv(u), Reduced: us.Hits > 0, OutOfSupply: s.outOfSupply(u),
			Attacked: us.Flags&fAttacked != 0, Lost: us.Flags&fLost != 0}
		switch {
		case us.Area >= 0:
			uv.Where, uv.Area = "map", s.d.Areas[us.Area].ID
			if d.Side == s.Phasing && (s.Step == stMove || s.Step == stExploitAct) && us.MP > 0 {
				uv.MPLeft = halves(us.MP)
			}
		case us.Area == boxTrack:
			uv.Where = "track"
		case us.Area == boxEliminated:
			uv.Where = "eliminated"
		default:
			uv.Where = "removed"
		}
		if us.Target >= 0 {
			uv.Attack = s.d.Areas[us.Target].ID
		}
		switch {
		case us.Flags&fActiveFront != 0:
			uv.Activated = "front"
		case us.Flags&fActiveSupport != 0:
			uv.Activated = "support"
		}
		v.Units = append(v.Units, uv)
	}
	for o := engine.Side(0); o < 2; o++ {
		ev := EventView{HandCount: s.handCount(o), Container: s.bagCount(o)}
		for k := range NumEvents {
			if o == side {
				for range s.Hand[o][k] {
					ev.Hand = append(ev.Hand, eventID[k])
				}
			}
			if gone := s.d.Mix[o][k] - int(s.Hand[o][k]) - int(s.Bag[o][k]); gone > 0 {
				if ev.Gone == nil {
					ev.Gone = map[string]int{}
				}
				ev.Gone[eventID[k]] = gone
			}
		}
		v.Events[o] = ev
	}
	if s.Bat.On {
		v.Battle = s.battleView()
	}
	v.Prospects = s.prospects(side)
	if s.Step == stActivate || s.Step == stExploitAct {
		v.Activate = [2]int{int(s.Sust.Fronts), int(s.Sust.Supps)}
	}
	return v
}

func (s *State) battleView() *BattleView {
	b := &s.Bat
	bv := &BattleView{From: s.d.Areas[b.Src].ID, Area: s.d.Areas[b.Tgt].ID, Attacker: s.sideName(s.Phasing),
		Hits: [2]int{int(b.Hits[0]), int(b.Hits[1])}, Prospect: s.prospect()}
	for i := range 2 {
		for k := range int(b.NF[i]) {
			if b.Front[i][k] < 0 {
				continue
			}
			f := Fighting{Unit: s.d.Units[b.Front[i][k]].ID, Surprise: b.Surp[i][k], Die: int(b.Die[i][k]), Rerolled: b.Rer[i][k]}
			if b.Die[i][k] > 0 {
				bv.Rolled = true
			}
			if sp := b.Supp[i][k]; sp >= 0 {
				f.Support = s.d.Units[sp].ID
			}
			if e := b.Ev[i][k]; e >= 0 {
				f.Event = eventID[e]
			}
			switch {
			case b.Die[i][k] > 0:
				// The number rolled against, not today's: losses taken
				// since lower the CV the view would reckon now.
				f.Target = int(s.rolledCV[i][k])
				f.Hit = hitBy(int(b.Die[i][k]), f.Target)
			case s.onMap(int(b.Front[i][k])):
				f.Target, _ = s.modifiedCV(i, k)
			}
			bv.Sides[i] = append(bv.Sides[i], f)
		}
	}
	return bv
}

// Board draws side's view as text for the terminal: turn, phase, VP, the
// areas with units or that matter, the event markers, and any combat.
func (s *State) Board(side engine.Side, lang string) string {
	v := s.view(side, lang)
	var b strings.Builder
	t := func(key string) string { return texts.Text(lang, "board."+key) }
	fmt.Fprintf(&b, "%s %d/%d (%s) — %s: %s — %s: %s %d, %s %d\n", t("turn"), v.Turn, v.Turns, v.Dates,
		t("phase"), texts.Text(lang, "phase."+v.Phase), t("vpNow"), tr("allied", lang), v.VP[0], tr("italian", lang), v.VP[1])
	fmt.Fprintf(&b, "[%s]\n", t("notice"))
	byArea := map[string][]int{} // the view's units by index, as the data's
	for i, u := range v.Units {
		if u.Where == "map" {
			byArea[u.Area] = append(byArea[u.Area], i)
		}
	}
	for i, a := range v.Areas {
		ar := &s.d.Areas[i]
		units := byArea[a.ID]
		// Listed: areas with units, victory points or a logistic area, and
		// every area whose control has changed from the start (3.5: only
		// Piccadilly Circus is Allied at first), so that the lines of
		// supply and retreat can be read.
		if len(units) == 0 && ar.VP == 0 && ar.Logistic == engine.Observer && a.Control == "italian" {
			continue
		}
		ctl := "I"
		if a.Control == "allied" {
			ctl = "A"
		}
		tags := ""
		if ar.VP > 0 {
			tags += fmt.Sprintf(" %dVP", ar.VP)
		}
		if ar.Logistic != engine.Observer {
			tags += " " + t("logistic")
		}
		fmt.Fprintf(&b, "%-18s [%s]%s", ar.Name, ctl, tags)
		for _, u := range units {
			fmt.Fprintf(&b, "\n    %s", unitLabel(&s.d.Units[u], v.Units[u], lang))
		}
		b.WriteString("\n")
	}
	var track, elim []string
	for i, u := range v.Units {
		d := &s.d.Units[i]
		switch u.Where {
		case "track":
			track = append(track, fmt.Sprintf("%s (T%d)", d.Name, d.Arrives))
		case "eliminated":
			elim = append(elim, d.Name)
		}
	}
	if len(track) > 0 {
		fmt.Fprintf(&b, "%s: %s\n", t("reinforcements"), strings.Join(track, ", "))
	}
	if len(elim) > 0 {
		fmt.Fprintf(&b, "%s: %s\n", t("eliminated"), strings.Join(elim, ", "))
	}
	for o := range 2 {
		ev := v.Events[o]
		hand := fmt.Sprintf("%d", ev.HandCount)
		if ev.Hand != nil {
			names := make([]string, len(ev.Hand))
			for i, h := range ev.Hand {
				names[i] = tr(h, lang)
			}
			hand = strings.Join(names, ", ")
		}
		fmt.Fprintf(&b, "%s %s: %s [%s]; %s: %d\n", t("events"), tr(s.sideName(engine.Side(o)), lang),
			t("hand"), hand, t("container"), ev.Container)
	}
	if bv := v.Battle; bv != nil {
		fmt.Fprintf(&b, "%s: %s → %s\n", t("combat"), bv.From, bv.Area)
		for i, side := range bv.Sides {
			fmt.Fprintf(&b, "  %s:", []string{t("attacker"), t("defender")}[i])
			for _, f := range side {
				fmt.Fprintf(&b, " %s", f.Unit)
				if f.Support != "" {
					fmt.Fprintf(&b, "+%s", f.Support)
				}
				if f.Event != "" {
					fmt.Fprintf(&b, "[%s]", tr(f.Event, lang))
				}
				fmt.Fprintf(&b, " ≤%d", f.Target)
				if f.Die > 0 {
					fmt.Fprintf(&b, " ⚀%d", f.Die)
				}
				b.WriteString(";")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// unitLabel is unit d's line on the terminal's board: what its counter
// prints, and u, its place in the view.
func unitLabel(d *UnitDef, u UnitView, lang string) string {
	cv := fmt.Sprint(u.CV)
	if d.DefenceOnly {
		cv = "[" + cv + "]"
	}
	if d.Support {
		cv += "*"
	}
	l := fmt.Sprintf("%s %s %s-%d", [2]string{"A", "I"}[d.Side], d.Name, cv, d.MC)
	if u.Reduced {
		l += texts.Text(lang, "board.reduced")
	}
	if d.Steps == 1 {
		l += " ▭"
	}
	if u.OutOfSupply {
		l += texts.Text(lang, "board.oos") // Out of Supply, Fuori Rifornimento (3.9)
	}
	if u.MPLeft != "" {
		l += " mp:" + u.MPLeft
	}
	if u.Attack != "" {
		l += " →" + u.Attack
	}
	if u.Activated != "" {
		l += " [" + u.Activated + "]"
	}
	return l
}

// Neighbours lists, for the terminal's neighbours command, the areas
// adjacent to the area named place (its id or its name, in any case), each
// with the kind of link and the MP it costs to enter that way (6.2.D).
func (s *State) Neighbours(place, lang string) (string, error) {
	want := strings.ToLower(strings.TrimSpace(place))
	for _, a := range s.d.Areas {
		if strings.ToLower(a.ID) != want && strings.ToLower(a.Name) != want {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s:", a.Name)
		for i, l := range a.Links {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(&b, "%s %s (%s, %s %s)", sep, s.d.Areas[l.To].Name, tr(linkName[l.Kind], lang), halves(entryCost(l.Kind)), texts.Text(lang, "terminal.mp"))
		}
		return b.String(), nil
	}
	return "", errors.New(texts.Text(lang, "terminal.noArea", strconv.Quote(place)))
}

// Ask answers the board's "why can't I?" (engine.Asker): "why UNIT" is,
// in the movement step (6.2.D), why the phasing player's unit may not
// enter each adjacent area it may not, keyed by the area's id ("*" for a
// reason that bars every area), in lang; an empty object when it may
// enter them all. Only the phasing player is told, as the view told him
// alone before it was asked: for another side, an observer, another step
// or a unit off the map the question is refused.
func (s *State) Ask(side engine.Side, lang, question string) (any, error) {
	f := strings.Fields(question)
	if len(f) != 2 || f[0] != "why" {
		return nil, errors.New(`compass: the question is "why" and a unit`)
	}
	u, err := s.unitArg(f[1])
	if err != nil {
		return nil, err
	}
	if s.Result != 0 || s.Step != stMove || side != s.Phasing || s.side(int(u)) != side || !s.onMap(int(u)) {
		return nil, fmt.Errorf("compass: %s may be asked why only in its own side's movement step, on the map", f[1])
	}
	occ := s.tally()
	why := s.blocked(int(u), lang, &occ)
	if why == nil {
		why = map[string]string{}
	}
	return why, nil
}

// blocked tells, for the movement step (6.2.D), why unit u may not enter
// each adjacent area it may not, by the same tests legalMovement makes;
// "*" holds a reason that bars every area. occ is s.tally().
func (s *State) blocked(u int, lang string, occ *[maxAreas][2]int8) map[string]string {
	us, d := &s.Units[u], s.def(u)
	t := func(key string, a ...string) string { return texts.Text(lang, "why."+key, a...) }
	switch {
	case d.MC == 0:
		return map[string]string{"*": t("noMC", d.Name)}
	case us.Flags&fDeclared != 0:
		return map[string]string{"*": t("declared", d.Name)}
	}
	var out map[string]string
	for _, l := range s.d.Areas[us.Area].Links {
		to := s.d.Areas[l.To]
		if occ[l.To][1-s.Phasing] > 0 {
			switch {
			case d.DefenceOnly:
				out = put(out, to.ID, t("defenceOnly", to.Name, d.Name))
			case us.MP < costAttack:
				out = put(out, to.ID, t("attackMP", to.Name, d.Name, halves(us.MP)))
			}
			continue
		}
		if c := entryCost(l.Kind); us.MP < c {
			out = put(out, to.ID, t("entryMP", to.Name, tr(linkName[l.Kind], lang), halves(c), d.Name, halves(us.MP)))
		}
	}
	return out // nil when nothing bars a move
}

// put sets m[k] = v, making m at its first entry.
func put(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}
