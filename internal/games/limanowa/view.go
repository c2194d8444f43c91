package limanowa

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// UnitView is one unit as a board draws it.
type UnitView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Side      string `json:"side"`
	Hex       string `json:"hex,omitempty"`
	Where     string `json:"where"`
	Dispersed bool   `json:"dispersed,omitempty"`
	Spent     bool   `json:"spent,omitempty"`
	Moving    bool   `json:"moving,omitempty"`
	MP        int    `json:"mp,omitempty"`
	Face      string `json:"face"` // 13.0's notation of the face up
	// Formed and Dispersed are the counter's two faces in 13.0's
	// notation, Type its type (3.11, 3.2); In: IN a trench (8.32).
	Formed   string `json:"formed"`
	DispFace string `json:"dispersed_face"`
	Type     string `json:"type"`
	In       bool   `json:"in,omitempty"`
}

// View is what a side sees: everything on the table (the units are open,
// 2.1) and its own standing reaction order, not the other's.
type View struct {
	Scenario   string      `json:"scenario"`
	Turn       int         `json:"turn"`
	Turns      int         `json:"turns"`
	Initiative string      `json:"initiative,omitempty"`
	Couplets   int         `json:"couplets"`
	Actor      string      `json:"actor"`
	Units      []UnitView  `json:"units"`
	Control    [2][]string `json:"control"` // the hexes the scenario's victory counts each side controls (3.9, 13.0)
	Hallowed   string      `json:"hallowed,omitempty"`
	Prompt     string      `json:"prompt"`
	Reaction   *Reaction   `json:"reaction,omitempty"`
	Policy     string      `json:"policy,omitempty"`   // the viewer's standing reaction order
	Campaign   *DayView    `json:"campaign,omitempty"` // a campaign's day (campaign_day.go)
	Lines      *LinesView  `json:"lines,omitempty"`    // a campaign's lines of communication (11.4)
	// Step names the decision point (setup, command, group, move, rally,
	// react, return, melee, arrive, spine: i18n.go's stepKey); Group is
	// the activated units (6.01).
	Step  string     `json:"step"`
	Group []string   `json:"group,omitempty"`
	Marks []MarkView `json:"marks,omitempty"`
	// Artillery is each off-map artillery group: its cross hair and its
	// hourglass, its fire for effect (7.221, 7.222, 7.242), all open on
	// the map and the records track.
	Artillery []OMAView `json:"artillery,omitempty"`
	// Map is the scenario's map sheet, the same in every view: not
	// encoded, the client gets it once as the game's sheet
	// (engine.Sheeted, Game.Sheet).
	Map *MapView `json:"-"`
}

// OMAView is an off-map artillery group as the board shows it.
type OMAView struct {
	ID    string      `json:"id"`
	Side  string      `json:"side"`
	Cross *VertexView `json:"cross,omitempty"` // its cross hair (7.221)
	Glass int         `json:"glass,omitempty"` // the turn of its hourglass (7.222)
	FFE   *VertexView `json:"ffe,omitempty"`   // its fire for effect (7.242)
	Spent bool        `json:"spent,omitempty"`
	Smoke bool        `json:"smoke,omitempty"`
}

// MarkView is a marker in a hex (trench, scrape, crater: 8.2, 8.32) or on
// the hexside between Hex and Other (wire, breach, bomb stop: 8.33, 8.34).
type MarkView struct {
	Hex   string `json:"hex"`
	Other string `json:"other,omitempty"`
	Kind  string `json:"kind"`
}

// MapView is the printed map for drawing (the reconstruction of
// data/map.json): the 44x25 sheet as rows of characters, as map.json
// writes it, row 01 first and columns A to AR left to right - each hex's
// elevation level (4.51) in Levels, its terrain in Terrain ('.' open, 'v'
// village 8.1, 'W' woods with a centre dot, 'w' woods without 8.9, '-'
// not in play 2.2) - and the villages, hills, roads, streams, bridges,
// the scenario's preregistered vertices (7.3) and the turn record track.
// A flat-top hex of size 1 at column c and row r has its centre at x =
// 1.5c, y = sqrt(3)(r - 1/2) in odd columns and sqrt(3)r in even ones,
// half a hex lower (rulings-data D1). The same for every viewer and state
// of a scenario, built once; rows of characters, not a record a hex,
// because every view carries it (a few KB, not 50).
type MapView struct {
	Cols     int          `json:"cols"`
	Rows     int          `json:"rows"`
	Levels   []string     `json:"levels"`
	Terrain  []string     `json:"terrain"`
	Villages []NamedView  `json:"villages"`
	Hills    []NamedView  `json:"hills"`
	Roads    [][]string   `json:"roads"`
	Streams  [][2]string  `json:"streams"` // hexsides, as their two hexes
	Bridges  [][2]string  `json:"bridges"`
	Vertices []VertexView `json:"vertices,omitempty"`
	Turns    int          `json:"turns"`
}

// NamedView is a village's or a hill's name and hexes.
type NamedView struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Hexes []string `json:"hexes"`
}

// VertexView is a vertex the board marks: a preregistered vertex of a
// side's off-map artillery (7.3), at X, Y in hex sizes.
type VertexView struct {
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Side string  `json:"side"`
	Kind string  `json:"kind"` // preregistered, crosshair, ffe
}

var terrainNames = []string{"", "village", "woods", "dot-woods"}

var terrainChars = []byte{'.', 'v', 'w', 'W'}

// mapViews caches each scenario's map view, by data and scenario id (a
// campaign game makes its own Scenario, so not by pointer): it never
// changes in play.
var mapViews sync.Map // mapKey -> *MapView

type mapKey struct {
	d  *Data
	id string
}

// SheetID names the view's map sheet (engine.Sheeted): its scenario's or
// campaign's.
func (s *State) SheetID() string { return s.sc.ID }

// Sheet is the map sheet of scenario or campaign id (engine.Sheets), the
// same in every language: a starting state's.
func (Game) Sheet(id, lang string) (any, error) {
	if !slices.Contains(Game{}.Scenarios(), id) {
		return nil, fmt.Errorf("limanowa: no sheet %q", id)
	}
	st, err := Game{}.New(engine.Setup{Scenario: id})
	if err != nil {
		return nil, err
	}
	return st.(*State).mapView(), nil
}

func (s *State) mapView() *MapView {
	if v, ok := mapViews.Load(mapKey{s.d, s.sc.ID}); ok {
		return v.(*MapView)
	}
	m := &s.d.Map
	v := &MapView{Cols: Layout.MaxCol, Rows: Layout.MaxRow, Turns: s.sc.Turns, Roads: [][]string{}, Streams: [][2]string{}, Bridges: [][2]string{}}
	for r := Layout.MinRow; r <= Layout.MaxRow; r++ {
		lv, tr := make([]byte, 0, Layout.MaxCol), make([]byte, 0, Layout.MaxCol)
		for c := Layout.MinCol; c <= Layout.MaxCol; c++ {
			h := Layout.Hex(c, r)
			lv = append(lv, byte('0'+m.Level(h)))
			if m.InPlay(h) {
				tr = append(tr, terrainChars[m.Terrain(h)])
			} else {
				tr = append(tr, '-')
			}
		}
		v.Levels, v.Terrain = append(v.Levels, string(lv)), append(v.Terrain, string(tr))
	}
	ids := func(hs []hexgrid.Hex) []string {
		out := make([]string, len(hs))
		for i, h := range hs {
			out[i] = Layout.Format(h)
		}
		return out
	}
	for _, x := range m.Villages {
		v.Villages = append(v.Villages, NamedView{ID: x.ID, Name: x.Name, Hexes: ids(x.Hexes)})
	}
	for _, x := range m.Hills {
		v.Hills = append(v.Hills, NamedView{ID: x.ID, Name: x.Name, Hexes: ids(x.Hexes)})
	}
	for _, r := range m.Roads {
		v.Roads = append(v.Roads, ids(r.Hexes))
	}
	for _, r := range m.Streams {
		for _, sd := range r.Sides {
			a, b := sd.Hexes()
			pair := [2]string{Layout.Format(a), Layout.Format(b)}
			v.Streams = append(v.Streams, pair)
			if m.Sides.At(a, b)&Bridge != 0 {
				v.Bridges = append(v.Bridges, pair)
			}
		}
	}
	for _, o := range s.sc.OMA {
		if o.Preregistered != nil {
			v.Vertices = append(v.Vertices, *vertexView(*o.Preregistered, SideNames[o.Side], "preregistered"))
		}
	}
	got, _ := mapViews.LoadOrStore(mapKey{s.d, s.sc.ID}, v)
	return got.(*MapView)
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// vertexView is a vertex at its point on the map, in hex sizes.
func vertexView(vx hexgrid.Vertex, side, kind string) *VertexView {
	p := Layout.VertexPoint(vx, 1)
	return &VertexView{X: round2(p.X), Y: round2(p.Y), Side: side, Kind: kind}
}

// marks lists the markers in play (position.go).
func (s *State) marks() []MarkView {
	var out []MarkView
	s.pos.EachMark(func(h hexgrid.Hex, m HexMarks) {
		for _, k := range hexMarkNames {
			if m&k.m != 0 {
				out = append(out, MarkView{Hex: Layout.Format(h), Kind: k.kind})
			}
		}
	})
	s.pos.EachSideMark(func(a, b hexgrid.Hex, m SideMarks) {
		for _, k := range sideMarkNames {
			if m&k.m != 0 {
				out = append(out, MarkView{Hex: Layout.Format(a), Other: Layout.Format(b), Kind: k.kind})
			}
		}
	})
	return out
}

var hexMarkNames = []struct {
	m    HexMarks
	kind string
}{{TrenchMark, "trench"}, {ScrapeMark, "scrape"}, {CraterMark, "crater"}, {BlockhouseMark, "blockhouse"},
	{GasMark, "gas"}, {BarrageMark, "barrage"}}

var sideMarkNames = []struct {
	m    SideMarks
	kind string
}{{WireMark, "wire"}, {BreachMark, "breach"}, {BombStopMark, "bomb-stop"}, {LakeMark, "lake"}}

var whereNames = []string{"waiting", "map", "destroyed", "captured", "exited", "absent", "removed"}

// View is the same for every viewer.
func (s *State) View(side engine.Side, lang string) any {
	v := View{Scenario: s.sc.ID, Turn: int(s.Turn), Turns: s.turns(), Couplets: int(s.Couplets),
		Actor: SideNames[s.Phasing], Prompt: s.Prompt(side, lang), Step: stepKey[s.Step], Map: s.mapView(), Marks: s.marks()}
	for g := range s.groups() {
		gr := &s.Groups[g]
		o, _ := s.spec(g)
		ov := OMAView{ID: s.groupID(g), Side: SideNames[o.Side], Spent: gr.Spent, Smoke: gr.Smoke}
		if gr.Cross != 0 {
			ov.Cross, ov.Glass = vertexView(codeVertex(gr.Cross), ov.Side, "crosshair"), int(gr.Glass)
		}
		if gr.FFE != 0 {
			ov.FFE = vertexView(codeVertex(gr.FFE), ov.Side, "ffe")
		}
		v.Artillery = append(v.Artillery, ov)
	}
	if s.Step == stGroup {
		for k := range int(s.NGroup) {
			v.Group = append(v.Group, s.unitID(int(s.Group[k])))
		}
	}
	if s.Turn > 0 {
		v.Initiative = SideNames[s.Initiative]
	}
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		id := s.unitID(i)
		c := &s.d.Counters[u.Counter]
		uv := UnitView{ID: id, Name: s.unitName(id, lang), Side: SideNames[u.Side], Where: whereNames[u.Where],
			Dispersed: u.Dispersed, Spent: u.Spent, Moving: u.Moving, MP: int(u.MP), Face: u.Face(s.d).String(),
			Formed: c.Formed.String(), DispFace: c.Dispersed.String(), Type: c.Type.String(), In: u.In}
		if u.Where == OnMap {
			uv.Hex = Layout.Format(u.Hex)
		}
		v.Units = append(v.Units, uv)
	}
	for _, h := range s.objective() {
		if o := s.pos.Control.Owner(h); o != engine.Observer {
			v.Control[o] = append(v.Control[o], Layout.Format(h))
		}
	}
	if side == Central || side == Russian {
		v.Policy = policyNames[s.Policy[side]] // a player's standing order is his own
	}
	if s.Step == stReact {
		v.Reaction = s.reaction()
	}
	if s.Hallowed != 0 {
		v.Hallowed = Layout.Format(codeHex(s.Hallowed))
	}
	v.Campaign = s.campaignView(side)
	v.Lines = s.linesView()
	return v
}

// LinesView is where the lines of communication of a campaign stand
// (11.42): each side's friendly board edge, and its units on the map that
// trace no line now - those the isolation segment would capture if the
// day ended now (11.41; the side checked second is traced after the
// first's captures, so a unit here may yet be saved by them). Both are
// open: the units are (2.1).
type LinesView struct {
	Edges [2][]string `json:"edges"`
	Cut   [2][]string `json:"cut"`
}

// linesView is nil in a scenario.
func (s *State) linesView() *LinesView {
	if s.cp == nil {
		return nil
	}
	m := &s.d.Map
	l := &LinesView{}
	for side := range l.Edges {
		l.Edges[side] = make([]string, len(m.Edges[side]))
		for i, h := range m.Edges[side] {
			l.Edges[side][i] = Layout.Format(h)
		}
		var reach *hexSet
		for i := range s.pos.Units {
			u := &s.pos.Units[i]
			if u.Where != OnMap || u.Side != engine.Side(side) {
				continue
			}
			if reach == nil {
				reach = s.pos.locReach(m, u.Side)
			}
			if !reach.traces(m, u.Side, u.Hex) {
				l.Cut[side] = append(l.Cut[side], s.unitID(i))
			}
		}
	}
	return l
}

// Reaction is what a reaction prompt shows (6.71): the movers' hex, the
// movers, and each unit that may fire with the odds of its shot on every
// unit there.
type Reaction struct {
	Hex      string    `json:"hex"`
	Movers   []string  `json:"movers"`
	Shooters []Shooter `json:"shooters"`
}

// Shooter is a unit that may fire and what its shot would do.
type Shooter struct {
	ID   string `json:"id"`
	Odds []Odds `json:"odds"`
}

// Odds is one target's check under a shot: the modifier and the chances,
// in percent, that it fails (dispersed or worse) and that it is destroyed
// (3.72, 3.73).
type Odds struct {
	Target   string `json:"target"`
	Modifier int    `json:"modifier"`
	Fail     int    `json:"fail"`
	Destroy  int    `json:"destroy"`
}

func (s *State) reaction() *Reaction {
	h := codeHex(s.MoveHex)
	r := &Reaction{Hex: Layout.Format(h)}
	for _, m := range s.movers(nil) {
		r.Movers = append(r.Movers, s.unitID(m))
	}
	for _, i := range s.reactors(nil) {
		sh := Shooter{ID: s.unitID(i)}
		hits := s.pos.FireChecks(s.d, s.fireAt(i, h, true), func() [2]int { return [2]int{0, 0} })
		for _, hit := range hits {
			mod := hit.Check.Modifier
			if s.hallowed(&s.pos.Units[hit.Unit]) {
				mod += Hallowed
			}
			fail, kill := 0, 0
			for a := 1; a <= 6; a++ {
				for b := 1; b <= 6; b++ {
					c := Check{Dice: [2]int{a, b}, Modifier: mod, Cohesion: hit.Check.Cohesion, Cause: ByFire}
					switch c.Outcome() {
					case Fail:
						fail++
					case Kill:
						fail++
						kill++
					}
				}
			}
			sh.Odds = append(sh.Odds, Odds{Target: s.unitID(hit.Unit), Modifier: mod, Fail: fail * 100 / 36, Destroy: kill * 100 / 36})
		}
		r.Shooters = append(r.Shooters, sh)
	}
	return r
}

// Interrupt reports that the decision asked is the other side's, in the
// middle of the acting side's command: reaction fire (6.71), return fire
// (6.74), the reacting units' melee allocation (6.674) or a gas drift its
// doubles owe (7.513) (engine.Interrupter: the server announces no turn
// for it).
func (s *State) Interrupt() bool {
	return !s.Over() && s.Decider != s.Phasing && (s.Step == stReact || s.Step == stReturn || s.Step == stMelee || s.Step == stDrift)
}

// SightAnswer is a line of sight as the board's tool shows it (4.1-4.8):
// the hexes the line passes through with their levels, whether the
// target is seen, and if not the hex (or the hexside, Along) that blocks
// it and what is there: a village (8.1), woods with a centre dot (8.9)
// or higher ground (4.5). Concealed counts the concealment hexes crossed
// (4.81). The line is traced over the map alone, by day, without units.
type SightAnswer struct {
	From      string     `json:"from"`
	To        string     `json:"to"`
	Visible   bool       `json:"visible"`
	Concealed int        `json:"concealed,omitempty"`
	Line      []LineStep `json:"line"`
	Blocker   *LineStep  `json:"blocker,omitempty"`
	Why       string     `json:"why,omitempty"` // village, dot-woods, ground
}

// LineStep is a hex the line passes through, or a hexside it runs along.
type LineStep struct {
	Hex   string `json:"hex"`
	Other string `json:"other,omitempty"`
	Level int    `json:"level"`
}

// Ask answers the board's questions (engine.Asker): "sight A B", the line
// of sight from hex A to hex B over the map (Map.See).
func (s *State) Ask(side engine.Side, lang, question string) (any, error) {
	f := strings.Fields(question)
	if len(f) != 3 || f[0] != "sight" {
		return nil, fmt.Errorf("limanowa: the question is \"sight\" and two hexes")
	}
	var hs [2]hexgrid.Hex
	for i, id := range f[1:] {
		h, err := Layout.Parse(id)
		if err != nil || !s.d.Map.InPlay(h) {
			return nil, fmt.Errorf("limanowa: %q is not a hex in play", id)
		}
		hs[i] = h
	}
	m := &s.d.Map
	step := func(st hexgrid.Step) LineStep {
		l := LineStep{Hex: Layout.Format(st.Hex), Level: m.Level(st.Hex)}
		if st.Along {
			l.Other = Layout.Format(st.Other)
		}
		return l
	}
	a := SightAnswer{From: Layout.Format(hs[0]), To: Layout.Format(hs[1])}
	for _, st := range hexgrid.Line(hs[0], hs[1]) {
		a.Line = append(a.Line, step(st))
	}
	v := m.See(hs[0], hs[1], Sightline{})
	a.Visible, a.Concealed = v.Visible, v.Concealed
	if !v.Visible {
		b := step(v.Blocker)
		a.Blocker, a.Why = &b, "ground"
		for _, h := range []hexgrid.Hex{v.Blocker.Hex, v.Blocker.Other} {
			if t := m.Terrain(h); (h == v.Blocker.Hex || v.Blocker.Along) && (t == VillageHex || t == DotWoods) {
				a.Why = terrainNames[t]
			}
		}
	}
	return a, nil
}
