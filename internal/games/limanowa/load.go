package limanowa

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
	"sandtable/internal/kit/datafile"
)

// docPath is the document every data file's notice must name.
const docPath = "docs/limanowa/data.md"

//go:embed data/*.json
var embeddedData embed.FS

var defaultData = datafile.Embedded("limanowa", embeddedData, "data", LoadData)

// DefaultData returns the embedded reconstruction of the components,
// loaded once and shared: callers must not modify it.
func DefaultData() *Data { return defaultData() }

// LoadData reads map.json, counters.json, scenarios.json, campaigns.json,
// tables.json and turns.json from the root of fsys and checks them. Every
// error names the file and the entry at fault; all the problems found are
// reported at once.
func LoadData(fsys fs.FS) (*Data, error) {
	d := &Data{}
	mapErr := loadMap(fsys, d)
	counterErr := loadCounters(fsys, d)
	err := errors.Join(mapErr, counterErr, loadTables(fsys, d), loadTurns(fsys, d))
	if mapErr == nil && counterErr == nil {
		err = errors.Join(err, loadScenarios(fsys, d), loadCampaigns(fsys, d))
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}

func parseSide(s string) (engine.Side, bool) {
	i := slices.Index(SideNames, s)
	return engine.Side(i), i >= 0
}

// parseHex reads a printed hex id that must be on the printed map.
func parseHex(id string) (hexgrid.Hex, error) { return Layout.Parse(id) }

// parseHexside reads a hexside "N17/O17".
func parseHexside(s string) (hexgrid.Hexside, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return hexgrid.Hexside{}, fmt.Errorf("hexside %q: want two hexes, \"N17/O17\"", s)
	}
	x, err := parseHex(a)
	if err != nil {
		return hexgrid.Hexside{}, err
	}
	y, err := parseHex(b)
	if err != nil {
		return hexgrid.Hexside{}, err
	}
	side, ok := hexgrid.Between(x, y)
	if !ok {
		return hexgrid.Hexside{}, fmt.Errorf("hexside %q: %s and %s are not adjacent", s, a, b)
	}
	return side, nil
}

// parseVertex reads a vertex "AF12/AF13/AG12".
func parseVertex(s string) (hexgrid.Vertex, error) {
	p := strings.Split(s, "/")
	if len(p) != 3 {
		return hexgrid.Vertex{}, fmt.Errorf("vertex %q: want three hexes", s)
	}
	var h [3]hexgrid.Hex
	for i, id := range p {
		var err error
		if h[i], err = parseHex(id); err != nil {
			return hexgrid.Vertex{}, err
		}
	}
	v, ok := hexgrid.VertexOf(h[0], h[1], h[2])
	if !ok {
		return hexgrid.Vertex{}, fmt.Errorf("vertex %q: the three hexes do not meet", s)
	}
	return v, nil
}

// --- map.json

// terrainCodes are the characters of map.json's terrain rows; '-' is a
// hex not in play (2.2).
var terrainCodes = map[byte]Terrain{'.': Open, 'v': VillageHex, 'W': DotWoods, 'w': Woods}

// mapLegend is map.json's required "legend": it documents the rows in the
// file itself.
var mapLegend = []string{"levels", "terrain"}

const maxLevel = 5 // sanity limit, not a rulebook fact

type mapFile struct {
	Notice   string            `json:"notice"`
	Legend   map[string]string `json:"legend"`
	Levels   []string          `json:"levels"`
	Terrain  []string          `json:"terrain"`
	Villages []struct {
		ID    string   `json:"id"`
		Name  string   `json:"name"`
		Hexes []string `json:"hexes"`
	} `json:"villages"`
	Hills []struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		Centre string `json:"centre"`
		Radius int    `json:"radius"`
	} `json:"hills"`
	Edges []struct {
		Side   string `json:"side"`
		Centre string `json:"centre"`
		Radius int    `json:"radius"`
	} `json:"edges"`
	Roads []struct {
		ID    string   `json:"id"`
		Name  string   `json:"name"`
		Hexes []string `json:"hexes"`
	} `json:"roads"`
	Streams []struct {
		ID    string   `json:"id"`
		Name  string   `json:"name"`
		Sides []string `json:"sides"`
	} `json:"streams"`
	Bridges []string `json:"bridges"`
}

func loadMap(fsys fs.FS, d *Data) error {
	var f mapFile
	if err := datafile.Read(fsys, "map.json", &f, &f.Notice, docPath); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "map.json"}
	m := &d.Map
	m.lines = &vertexMemo{}
	for _, k := range mapLegend {
		if f.Legend[k] == "" {
			fe.Add("legend: %q missing", k)
		}
	}
	if len(f.Legend) != len(mapLegend) {
		fe.Add("legend: want exactly %v", mapLegend)
	}
	rows := func(what string, lines []string, cell func(c, r int, ch byte) error) {
		if len(lines) != Layout.MaxRow {
			fe.Add("%s: %d rows, want %d", what, len(lines), Layout.MaxRow)
			return
		}
		for i, line := range lines {
			if len(line) != Layout.MaxCol {
				fe.Add("%s: row %02d has %d columns, want %d", what, i+1, len(line), Layout.MaxCol)
				continue
			}
			for j := 0; j < len(line); j++ {
				if err := cell(j+1, i+1, line[j]); err != nil {
					fe.Add("%s: %s: %v", what, Layout.Format(Layout.Hex(j+1, i+1)), err)
				}
			}
		}
	}
	rows("levels", f.Levels, func(c, r int, ch byte) error {
		if ch < '0' || ch > '0'+maxLevel {
			return fmt.Errorf("level %q is not a digit 0-%d", ch, maxLevel)
		}
		m.level[c][r] = int8(ch - '0')
		return nil
	})
	rows("terrain", f.Terrain, func(c, r int, ch byte) error {
		if ch == '-' {
			return nil
		}
		t, ok := terrainCodes[ch]
		if !ok {
			return fmt.Errorf("terrain %q unknown", ch)
		}
		m.terrain[c][r], m.inPlay[c][r] = t, true
		return nil
	})
	if fe.Len() > 0 {
		return fe.Err()
	}
	for _, h := range Layout.Hexes() {
		if m.InPlay(h) {
			m.Hexes = append(m.Hexes, h)
		}
	}
	hexList := func(what string, ids []string) []hexgrid.Hex {
		var out []hexgrid.Hex
		for _, id := range ids {
			h, err := parseHex(id)
			switch {
			case err != nil:
				fe.Add("%s: %v", what, err)
			case !m.InPlay(h):
				fe.Add("%s: %s is not in play", what, id)
			case slices.Contains(out, h):
				fe.Add("%s: %s twice", what, id)
			default:
				out = append(out, h)
			}
		}
		return out
	}
	ids := map[string]bool{}
	newID := func(what, id string) {
		if !datafile.IsID(id) {
			fe.Add("%s %q: id must be lower-case words joined by '-'", what, id)
		}
		if ids[id] {
			fe.Add("%s %q: id used twice", what, id)
		}
		ids[id] = true
	}

	// Villages: each a whole, contiguous cluster; every village hex in one (D6).
	m.village = map[hexgrid.Hex]int{}
	for _, v := range f.Villages {
		newID("village", v.ID)
		what := fmt.Sprintf("village %q", v.ID)
		hs := hexList(what, v.Hexes)
		for _, h := range hs {
			if m.Terrain(h) != VillageHex {
				fe.Add("%s: %s is not a village hex", what, Layout.Format(h))
			}
			m.village[h] = len(m.Villages)
		}
		if len(hs) == 0 {
			fe.Add("%s: no hexes", what)
		} else if len(cluster(hs[0], func(h hexgrid.Hex) bool { return slices.Contains(hs, h) })) != len(hs) {
			fe.Add("%s: its hexes are not one contiguous cluster", what)
		}
		m.Villages = append(m.Villages, Village{ID: v.ID, Name: v.Name, Hexes: hs})
	}
	for _, h := range m.Hexes {
		if m.Terrain(h) != VillageHex {
			continue
		}
		i, ok := m.village[h]
		if !ok {
			fe.Add("village hex %s belongs to no village", Layout.Format(h))
			continue
		}
		for _, n := range h.Neighbours() {
			if j, ok := m.village[n]; ok && j != i {
				fe.Add("villages %q and %q touch at %s: they would be one whole village", m.Villages[i].ID, m.Villages[j].ID, Layout.Format(h))
			}
		}
	}

	for _, hl := range f.Hills {
		newID("hill", hl.ID)
		c, err := parseHex(hl.Centre)
		if err != nil {
			fe.Add("hill %q: %v", hl.ID, err)
			continue
		}
		if hl.Radius < 0 || hl.Radius > 5 {
			fe.Add("hill %q: radius %d outside 0-5", hl.ID, hl.Radius)
			continue
		}
		m.Hills = append(m.Hills, Hill{ID: hl.ID, Name: hl.Name, Centre: c, Radius: hl.Radius, Hexes: m.within(c, hl.Radius)})
	}
	for _, want := range []string{"golkow", "jabloniec"} {
		if _, ok := m.Hill(want); !ok {
			fe.Add("hill %q missing (13.0)", want)
		}
	}

	seen := [2]bool{}
	for _, e := range f.Edges {
		side, ok := parseSide(e.Side)
		c, err := parseHex(e.Centre)
		switch {
		case !ok:
			fe.Add("edge: side %q unknown", e.Side)
		case err != nil:
			fe.Add("edge %q: %v", e.Side, err)
		case seen[side]:
			fe.Add("edge %q twice", e.Side)
		default:
			seen[side] = true
			for _, h := range m.within(c, e.Radius) {
				if m.EdgeHex(h) {
					m.Edges[side] = append(m.Edges[side], h)
				}
			}
			if len(m.Edges[side]) == 0 {
				fe.Add("edge %q: no map edge hexes within %d of %s", e.Side, e.Radius, e.Centre)
			}
		}
	}
	if seen != [2]bool{true, true} {
		fe.Add("edges: want one for each side")
	}

	m.Sides = hexgrid.SideMap[SideFlags]{}
	for _, r := range f.Roads {
		newID("road", r.ID)
		what := fmt.Sprintf("road %q", r.ID)
		hs := hexList(what, r.Hexes)
		if len(hs) != len(r.Hexes) || len(hs) < 2 {
			if len(hs) < 2 {
				fe.Add("%s: fewer than two hexes", what)
			}
			continue
		}
		for i := 1; i < len(hs); i++ {
			if !hexgrid.Adjacent(hs[i-1], hs[i]) {
				fe.Add("%s: %s and %s are not adjacent", what, Layout.Format(hs[i-1]), Layout.Format(hs[i]))
				continue
			}
			m.Sides.Set(hs[i-1], hs[i], m.Sides.At(hs[i-1], hs[i])|RoadSide)
		}
		m.Roads = append(m.Roads, Route{ID: r.ID, Name: r.Name, Hexes: hs})
	}
	for _, s := range f.Streams {
		newID("stream", s.ID)
		what := fmt.Sprintf("stream %q", s.ID)
		var sides []hexgrid.Hexside
		for _, id := range s.Sides {
			side, err := parseHexside(id)
			if err != nil {
				fe.Add("%s: %v", what, err)
				continue
			}
			a, b := side.Hexes()
			if !m.InPlay(a) && !m.InPlay(b) {
				fe.Add("%s: %s is between two hexes not in play", what, id)
			}
			if slices.Contains(sides, side) {
				fe.Add("%s: %s twice", what, id)
			}
			sides = append(sides, side)
			m.Sides.Set(a, b, m.Sides.At(a, b)|StreamSide)
		}
		m.Streams = append(m.Streams, Route{ID: s.ID, Name: s.Name, Sides: sides})
	}
	for _, id := range f.Bridges {
		side, err := parseHexside(id)
		if err != nil {
			fe.Add("bridge: %v", err)
			continue
		}
		a, b := side.Hexes()
		if fl := m.Sides.At(a, b); fl&StreamSide == 0 || fl&Bridge != 0 {
			fe.Add("bridge %s: not a stream hexside, or listed twice", id)
		}
		m.Sides.Set(a, b, m.Sides.At(a, b)|Bridge)
	}
	// D8: every road crossing a stream has a bridge.
	for side, fl := range m.Sides {
		if fl&(RoadSide|StreamSide) == RoadSide|StreamSide && fl&Bridge == 0 {
			a, b := side.Hexes()
			fe.Add("road crosses stream at %s/%s without a bridge (D8)", Layout.Format(a), Layout.Format(b))
		}
		if fl&Bridge != 0 && fl&RoadSide == 0 {
			a, b := side.Hexes()
			fe.Add("bridge %s/%s carries no road", Layout.Format(a), Layout.Format(b))
		}
	}
	return fe.Err()
}

// within returns the in-play hexes within n of c, in Layout order.
func (m *Map) within(c hexgrid.Hex, n int) []hexgrid.Hex {
	var out []hexgrid.Hex
	for _, h := range m.Hexes {
		if hexgrid.Distance(c, h) <= n {
			out = append(out, h)
		}
	}
	return out
}

// EdgeHex reports whether h is a map edge hex: in play, with a neighbour
// off the printed map or not in play (10.2, 11.42).
func (m *Map) EdgeHex(h hexgrid.Hex) bool {
	if !m.InPlay(h) {
		return false
	}
	for _, n := range h.Neighbours() {
		if !m.InPlay(n) {
			return true
		}
	}
	return false
}

// cluster returns the hexes connected to start through hexes where in is
// true.
func cluster(start hexgrid.Hex, in func(hexgrid.Hex) bool) []hexgrid.Hex {
	out := []hexgrid.Hex{start}
	for i := 0; i < len(out); i++ {
		for _, n := range out[i].Neighbours() {
			if in(n) && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// --- counters.json

type counterFile struct {
	Notice   string            `json:"notice"`
	Legend   map[string]string `json:"legend"`
	Counters []json.RawMessage `json:"counters"`
	Markers  []json.RawMessage `json:"markers"`
}

type counterJSON struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Side      string `json:"side"`
	Nation    string `json:"nation"`
	Type      string `json:"type"`
	AlsoType  string `json:"alsoType"`
	Count     int    `json:"count"`
	Formed    string `json:"formed"`
	Dispersed string `json:"dispersed"`
	Melee     [2]int `json:"melee"`
	NoDig     bool   `json:"noDig"`
	Pair      string `json:"pair"`
	Rule      string `json:"rule"`
}

var nations = []string{"russian", "austrian", "hungarian", "polish"}

func loadCounters(fsys fs.FS, d *Data) error {
	var f counterFile
	if err := datafile.Read(fsys, "counters.json", &f, &f.Notice, docPath); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "counters.json"}
	for _, k := range []string{"formed", "dispersed", "melee"} {
		if f.Legend[k] == "" {
			fe.Add("legend: %q missing", k)
		}
	}
	ids := map[string]bool{}
	for i, raw := range f.Counters {
		var c counterJSON
		if !datafile.Entry(fe, "counter", i, raw, &c) {
			continue
		}
		what := fmt.Sprintf("counter %q", c.ID)
		if !datafile.IsID(c.ID) || ids[c.ID] {
			fe.Add("%s: id malformed or used twice", what)
		}
		ids[c.ID] = true
		out := Counter{ID: c.ID, Name: c.Name, Nation: c.Nation, Count: c.Count, NoDig: c.NoDig, Pair: c.Pair}
		var ok bool
		if out.Side, ok = parseSide(c.Side); !ok {
			fe.Add("%s: side %q unknown", what, c.Side)
		}
		if !slices.Contains(nations, c.Nation) {
			fe.Add("%s: nation %q unknown", what, c.Nation)
		}
		if out.Type, ok = datafile.Enum[UnitType](typeNames, c.Type); !ok || out.Type == NoType {
			fe.Add("%s: type %q unknown", what, c.Type)
		}
		if out.Also, ok = datafile.Enum[UnitType](typeNames, c.AlsoType); !ok || out.Also == out.Type {
			fe.Add("%s: alsoType %q unknown or the same as type", what, c.AlsoType)
		}
		if c.Count < 1 || c.Count > 99 {
			fe.Add("%s: count %d outside 1-99", what, c.Count)
		}
		var err error
		if out.Formed, err = ParseFace(c.Formed); err != nil {
			fe.Add("%s: formed: %v", what, err)
		}
		if out.Dispersed, err = ParseFace(c.Dispersed); err != nil {
			fe.Add("%s: dispersed: %v", what, err)
		}
		for _, mv := range c.Melee {
			if mv < 0 || mv > 9 {
				fe.Add("%s: melee value %d outside 0-9", what, mv)
			}
		}
		out.Formed.Melee, out.Dispersed.Melee = c.Melee[0], c.Melee[1]
		if c.Name == "" {
			fe.Add("%s: no name", what)
		}
		d.Counters = append(d.Counters, out)
	}
	for _, c := range d.Counters {
		if c.Pair == "" {
			continue
		}
		p, ok := d.Counter(c.Pair)
		if !ok || p.Pair != c.ID || p.Side != c.Side {
			fe.Add("counter %q: pair %q must be a counter of the same side naming it back", c.ID, c.Pair)
		}
	}
	for i, raw := range f.Markers {
		var mk struct {
			ID    string `json:"id"`
			Count int    `json:"count"`
			Back  string `json:"back"`
			Rule  string `json:"rule"`
		}
		if !datafile.Entry(fe, "marker", i, raw, &mk) {
			continue
		}
		if !datafile.IsID(mk.ID) || ids[mk.ID] || mk.Count < 1 || mk.Rule == "" {
			fe.Add("marker %q: id malformed or used twice, no count or no rule", mk.ID)
		}
		ids[mk.ID] = true
		d.Markers = append(d.Markers, Marker{ID: mk.ID, Count: mk.Count, Back: mk.Back, Rule: mk.Rule})
	}
	return fe.Err()
}

// --- scenarios.json and campaigns.json

type areaJSON struct {
	Centre  string   `json:"centre"`
	Radius  int      `json:"radius"`
	Hexes   []string `json:"hexes"`
	Village string   `json:"village"`
	Cols    string   `json:"cols"`
	Rows    string   `json:"rows"`
}

type forceJSON struct {
	Side    string   `json:"side"`
	Counter string   `json:"counter"`
	Count   int      `json:"count"`
	Area    areaJSON `json:"area"`
	Turn    int      `json:"turn"`
	Enter   bool     `json:"enter"`
	Face    string   `json:"face"`
}

type omaJSON struct {
	Side          string `json:"side"`
	Count         int    `json:"count"`
	FP            int    `json:"fp"`
	Mode          string `json:"mode"`
	Howitzer      bool   `json:"howitzer"`
	Turn          int    `json:"turn"`
	Preregistered string `json:"preregistered"`
}

type controlJSON struct {
	Side        string `json:"side"`
	Village     string `json:"village"`
	Hill        string `json:"hill"`
	AllVillages bool   `json:"allVillages"`
}

type scenarioJSON struct {
	ID       string        `json:"id"`
	Number   int           `json:"number"`
	Name     string        `json:"name"`
	Date     string        `json:"date"`
	Turns    int           `json:"turns"`
	First    string        `json:"first"`
	Victory  victoryJSON   `json:"victory"`
	Control  []controlJSON `json:"control"`
	PlayArea *struct {
		Road string `json:"road"`
		Side string `json:"side"`
	} `json:"playArea"`
	Forces []forceJSON `json:"forces"`
	OMA    []omaJSON   `json:"oma"`
	Source string      `json:"source"`
	Series *seriesJSON `json:"series"` // optional (series_data.go)
}

type victoryJSON struct {
	Kind  string `json:"kind"`
	Side  string `json:"side"`
	Count int    `json:"count"`
}

var dayPattern = regexp.MustCompile(`^1914-12-(0[3-9]|1[01])$`)

// area resolves an area to its in-play hexes.
func (d *Data) area(a areaJSON) ([]hexgrid.Hex, error) {
	m := &d.Map
	forms := 0
	for _, set := range []bool{a.Centre != "", a.Hexes != nil, a.Village != "", a.Cols != "" || a.Rows != ""} {
		if set {
			forms++
		}
	}
	if forms != 1 || a.Radius != 0 && a.Centre == "" {
		return nil, errors.New("area: want exactly one of centre and radius, hexes, village, cols and rows")
	}
	var out []hexgrid.Hex
	switch {
	case a.Centre != "":
		c, err := parseHex(a.Centre)
		if err != nil {
			return nil, err
		}
		if a.Radius < 0 || a.Radius > 10 {
			return nil, fmt.Errorf("area: radius %d outside 0-10", a.Radius)
		}
		out = m.within(c, a.Radius)
	case a.Hexes != nil:
		for _, id := range a.Hexes {
			h, err := parseHex(id)
			if err != nil {
				return nil, err
			}
			if !m.InPlay(h) || slices.Contains(out, h) {
				return nil, fmt.Errorf("area: %s not in play or twice", id)
			}
			out = append(out, h)
		}
	case a.Village != "":
		i := slices.IndexFunc(m.Villages, func(v Village) bool { return v.ID == a.Village })
		if i < 0 {
			return nil, fmt.Errorf("area: village %q unknown", a.Village)
		}
		out = m.Villages[i].Hexes
	default:
		c0, c1, err := span(a.Cols, true)
		if err != nil {
			return nil, err
		}
		r0, r1, err := span(a.Rows, false)
		if err != nil {
			return nil, err
		}
		for _, h := range m.Hexes {
			c, r := Layout.ColRow(h)
			if c >= c0 && c <= c1 && r >= r0 && r <= r1 {
				out = append(out, h)
			}
		}
	}
	if len(out) == 0 {
		return nil, errors.New("area: no hex in play")
	}
	return out, nil
}

// span reads "AL-AR" (columns) or "01-12" (rows).
func span(s string, cols bool) (int, int, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, fmt.Errorf("area: %q is not a range", s)
	}
	one := func(x string) (int, error) {
		if cols {
			h, err := Layout.Parse(x + "01")
			c, _ := Layout.ColRow(h)
			return c, err
		}
		h, err := Layout.Parse("A" + x)
		_, r := Layout.ColRow(h)
		return r, err
	}
	lo, err := one(a)
	if err != nil {
		return 0, 0, err
	}
	hi, err := one(b)
	if err != nil || hi < lo {
		return 0, 0, fmt.Errorf("area: %q is not a range", s)
	}
	return lo, hi, nil
}

func (d *Data) force(fe *datafile.Errors, what string, f forceJSON, turns int) (Force, bool) {
	out := Force{Count: f.Count, Turn: f.Turn, Enter: f.Enter}
	ok := true
	bad := func(format string, args ...any) {
		fe.Add(what+": "+format, args...)
		ok = false
	}
	var sok bool
	if out.Side, sok = parseSide(f.Side); !sok {
		bad("side %q unknown", f.Side)
	}
	out.Counter = slices.IndexFunc(d.Counters, func(c Counter) bool { return c.ID == f.Counter })
	if out.Counter < 0 {
		bad("counter %q unknown", f.Counter)
	} else if d.Counters[out.Counter].Side != out.Side {
		bad("counter %q belongs to the other side", f.Counter)
	}
	if f.Count < 1 {
		bad("count %d", f.Count)
	}
	if f.Turn < 0 || f.Turn > turns {
		bad("turn %d outside 0-%d", f.Turn, turns)
	}
	var err error
	if out.Area, err = d.area(f.Area); err != nil {
		bad("%v", err)
	} else if f.Enter && !slices.ContainsFunc(out.Area, d.Map.EdgeHex) {
		bad("enters, but its area holds no map edge hex")
	}
	switch f.Face {
	case "":
	case "formed":
		out.Face = FormedFace
	case "dispersed":
		out.Face = DispersedFace
	default:
		bad("face %q unknown", f.Face)
	}
	return out, ok
}

func (d *Data) oma(fe *datafile.Errors, what string, o omaJSON, turns int) (OMA, bool) {
	out := OMA{Count: o.Count, Fire: o.FP, Howitzer: o.Howitzer, Turn: o.Turn}
	ok := true
	var sok, mok bool
	out.Side, sok = parseSide(o.Side)
	out.Mode, mok = datafile.Enum[Mode](modeNames, o.Mode)
	if !sok || !mok || o.Count < 1 || o.FP < 1 || o.FP > 9 || o.Turn < 0 || o.Turn > turns {
		fe.Add("%s: side %q, mode %q, count %d, fp %d or turn %d out of range", what, o.Side, o.Mode, o.Count, o.FP, o.Turn)
		ok = false
	}
	if o.Preregistered != "" {
		v, err := parseVertex(o.Preregistered)
		if err != nil {
			fe.Add("%s: %v", what, err)
			return out, false
		}
		if o.Count != 1 {
			fe.Add("%s: a preregistered vertex is one group's (7.3)", what)
			ok = false
		}
		out.Preregistered = &v
	}
	return out, ok
}

func (d *Data) control(fe *datafile.Errors, what string, cs []controlJSON) []Held {
	var out []Held
	for _, c := range cs {
		side, ok := parseSide(c.Side)
		if !ok {
			fe.Add("%s: control: side %q unknown", what, c.Side)
			continue
		}
		ctl := Held{Side: side}
		switch {
		case c.Village != "" && c.Hill == "" && !c.AllVillages:
			i := slices.IndexFunc(d.Map.Villages, func(v Village) bool { return v.ID == c.Village })
			if i < 0 {
				fe.Add("%s: control: village %q unknown", what, c.Village)
				continue
			}
			ctl.Hexes = d.Map.Villages[i].Hexes
		case c.Hill != "" && c.Village == "" && !c.AllVillages:
			h, ok := d.Map.Hill(c.Hill)
			if !ok {
				fe.Add("%s: control: hill %q unknown", what, c.Hill)
				continue
			}
			ctl.Hexes = h.Hexes
		case c.AllVillages && c.Village == "" && c.Hill == "":
			for _, v := range d.Map.Villages {
				ctl.Hexes = append(ctl.Hexes, v.Hexes...)
			}
		default:
			fe.Add("%s: control: want exactly one of village, hill, allVillages", what)
			continue
		}
		out = append(out, ctl)
	}
	return out
}

// checkCounts checks that no counter is asked for more often than the mix
// holds; a counter and its pair share one pool (the Hussars are exchanged,
// not added).
func (d *Data) checkCounts(fe *datafile.Errors, what string, forces []Force, withdrawn []Withdrawal) {
	need := make([]int, len(d.Counters))
	pool := func(i int) int {
		p := slices.IndexFunc(d.Counters, func(c Counter) bool { return c.ID == d.Counters[i].Pair })
		if p >= 0 {
			return min(i, p)
		}
		return i
	}
	for _, f := range forces {
		need[pool(f.Counter)] += f.Count
	}
	for _, w := range withdrawn {
		need[pool(w.Counter)] -= w.Count
	}
	for i, n := range need {
		if n > d.Counters[i].Count {
			fe.Add("%s: needs %d of %q, the mix holds %d", what, n, d.Counters[i].ID, d.Counters[i].Count)
		}
	}
}

func loadScenarios(fsys fs.FS, d *Data) error {
	var f struct {
		Notice    string            `json:"notice"`
		Scenarios []json.RawMessage `json:"scenarios"`
	}
	if err := datafile.Read(fsys, "scenarios.json", &f, &f.Notice, docPath); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "scenarios.json"}
	for i, raw := range f.Scenarios {
		var s scenarioJSON
		if !datafile.Entry(fe, "scenario", i, raw, &s) {
			continue
		}
		what := fmt.Sprintf("scenario %q", s.ID)
		out := Scenario{ID: s.ID, Name: s.Name, Number: s.Number, Date: s.Date, Turns: s.Turns, Source: s.Source}
		if !datafile.IsID(s.ID) || slices.ContainsFunc(d.Scenarios, func(o Scenario) bool { return o.ID == s.ID || o.Number == s.Number }) {
			fe.Add("%s: id malformed, or id or number used twice", what)
		}
		if s.Number != i+1 || !dayPattern.MatchString(s.Date) || s.Turns < 1 || s.Turns > 12 || s.Name == "" || s.Source == "" {
			fe.Add("%s: number %d (want %d), date %q, turns %d, name or source wrong", what, s.Number, i+1, s.Date, s.Turns)
		}
		var ok bool
		if out.First, ok = parseSide(s.First); !ok {
			fe.Add("%s: first %q unknown", what, s.First)
		}
		out.Victory = d.victory(fe, what, s.Victory, false)
		out.Control = d.control(fe, what, s.Control)
		for j, fj := range s.Forces {
			if fo, ok := d.force(fe, fmt.Sprintf("%s force %d", what, j+1), fj, s.Turns); ok {
				out.Forces = append(out.Forces, fo)
			}
		}
		for j, oj := range s.OMA {
			if o, ok := d.oma(fe, fmt.Sprintf("%s oma %d", what, j+1), oj, s.Turns); ok {
				out.OMA = append(out.OMA, o)
			}
		}
		if s.PlayArea != nil {
			out.PlayArea = d.playArea(fe, what, s.PlayArea.Road, s.PlayArea.Side)
			// Hexes beyond the road do not exist (scenario 3): areas are clipped.
			for j := range out.Forces {
				fo := &out.Forces[j]
				fo.Area = slices.DeleteFunc(slices.Clone(fo.Area), func(h hexgrid.Hex) bool { return !slices.Contains(out.PlayArea, h) })
				if len(fo.Area) == 0 || fo.Enter && !slices.ContainsFunc(fo.Area, d.Map.EdgeHex) {
					fe.Add("%s: the area of force %d is outside the play area, or has no edge hex to enter by", what, j+1)
				}
			}
		}
		if s.Series != nil {
			out.Series = d.series(fe, what, s.Series, &out)
		}
		d.checkCounts(fe, what, out.Forces, nil)
		d.Scenarios = append(d.Scenarios, out)
	}
	if len(d.Scenarios) != 3 {
		fe.Add("%d scenarios, want the three of 13.0", len(d.Scenarios))
	}
	return fe.Err()
}

func (d *Data) victory(fe *datafile.Errors, what string, v victoryJSON, campaign bool) Victory {
	out := Victory{Count: v.Count}
	var ok bool
	if out.Kind, ok = datafile.Enum[VictoryKind](victoryNames, v.Kind); !ok || campaign != (out.Kind == HillsAndVillages) {
		fe.Add("%s: victory %q unknown here", what, v.Kind)
	}
	if out.Kind == HillHexesAtLeast {
		if out.Side, ok = parseSide(v.Side); !ok || v.Count < 1 {
			fe.Add("%s: victory needs a side and a count", what)
		}
	} else if v.Side != "" || v.Count != 0 {
		fe.Add("%s: victory %q takes no side or count", what, v.Kind)
	}
	return out
}

// playArea is scenario 3's: the road's hexes and the side of the road
// holding the given hex (rulings-data D12).
func (d *Data) playArea(fe *datafile.Errors, what, road, side string) []hexgrid.Hex {
	i := slices.IndexFunc(d.Map.Roads, func(r Route) bool { return r.ID == road })
	h, err := parseHex(side)
	if i < 0 || err != nil {
		fe.Add("%s: playArea: road %q or hex %q unknown", what, road, side)
		return nil
	}
	r := d.Map.Roads[i].Hexes
	area := cluster(h, func(x hexgrid.Hex) bool { return d.Map.InPlay(x) && !slices.Contains(r, x) })
	area = append(area, r...)
	slices.SortFunc(area, func(a, b hexgrid.Hex) int {
		ac, ar := Layout.ColRow(a)
		bc, br := Layout.ColRow(b)
		return (ac*100 + ar) - (bc*100 + br)
	})
	if len(area) >= len(d.Map.Hexes) {
		fe.Add("%s: playArea: the road does not divide the map", what)
	}
	return area
}

func loadCampaigns(fsys fs.FS, d *Data) error {
	var f struct {
		Notice    string            `json:"notice"`
		Campaigns []json.RawMessage `json:"campaigns"`
	}
	if err := datafile.Read(fsys, "campaigns.json", &f, &f.Notice, docPath); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "campaigns.json"}
	for i, raw := range f.Campaigns {
		var c struct {
			ID       string        `json:"id"`
			Number   int           `json:"number"`
			Name     string        `json:"name"`
			Days     int           `json:"days"`
			Attacker string        `json:"attacker"`
			Defender string        `json:"defender"`
			Control  []controlJSON `json:"control"`
			Schedule []struct {
				Date     string      `json:"date"`
				Forces   []forceJSON `json:"forces"`
				OMA      []omaJSON   `json:"oma"`
				Withdraw []struct {
					Side    string `json:"side"`
					Counter string `json:"counter"`
					Count   int    `json:"count"`
				} `json:"withdraw"`
			} `json:"schedule"`
			Recovery []struct {
				Date    string `json:"date"`
				Central string `json:"central"`
				Russian string `json:"russian"`
			} `json:"recovery"`
		}
		if !datafile.Entry(fe, "campaign", i, raw, &c) {
			continue
		}
		what := fmt.Sprintf("campaign %q", c.ID)
		out := Campaign{ID: c.ID, Name: c.Name, Number: c.Number}
		if !datafile.IsID(c.ID) || c.Number != i+1 || c.Name == "" {
			fe.Add("%s: id, number %d (want %d) or name wrong", what, c.Number, i+1)
		}
		var aok, dok bool
		out.Attacker, aok = parseSide(c.Attacker)
		out.Defender, dok = parseSide(c.Defender)
		if !aok || !dok || out.Attacker == out.Defender {
			fe.Add("%s: attacker %q and defender %q must be the two sides", what, c.Attacker, c.Defender)
		}
		out.Control = d.control(fe, what, c.Control)
		if len(c.Schedule) != c.Days || c.Days < 1 {
			fe.Add("%s: %d days but %d in the schedule", what, c.Days, len(c.Schedule))
		}
		var all []Force
		var gone []Withdrawal
		var prev time.Time
		for j, day := range c.Schedule {
			dw := fmt.Sprintf("%s day %s", what, day.Date)
			t, err := time.Parse("2006-01-02", day.Date)
			if err != nil || !dayPattern.MatchString(day.Date) || j > 0 && !t.Equal(prev.AddDate(0, 0, 1)) {
				fe.Add("%s: date not the day after the last, within 3-11 December 1914", dw)
			}
			prev = t
			od := Day{Date: day.Date}
			for k, fj := range day.Forces {
				if fo, ok := d.force(fe, fmt.Sprintf("%s force %d", dw, k+1), fj, d.Turns.Turns); ok {
					od.Forces = append(od.Forces, fo)
					all = append(all, fo)
				}
			}
			for k, oj := range day.OMA {
				if o, ok := d.oma(fe, fmt.Sprintf("%s oma %d", dw, k+1), oj, d.Turns.Turns); ok {
					od.OMA = append(od.OMA, o)
				}
			}
			for _, w := range day.Withdraw {
				side, sok := parseSide(w.Side)
				ci := slices.IndexFunc(d.Counters, func(x Counter) bool { return x.ID == w.Counter })
				if !sok || ci < 0 || w.Count < 1 || d.Counters[ci].Side != side {
					fe.Add("%s: withdraw %d %q of %q: unknown", dw, w.Count, w.Counter, w.Side)
					continue
				}
				od.Withdraw = append(od.Withdraw, Withdrawal{Side: side, Counter: ci, Count: w.Count})
				gone = append(gone, od.Withdraw[len(od.Withdraw)-1])
			}
			out.Days = append(out.Days, od)
		}
		d.checkCounts(fe, what, all, gone)
		for _, r := range c.Recovery {
			rec := Recovery{Date: r.Date}
			okA := parseFraction(r.Central, &rec.Num[Central], &rec.Den[Central])
			okB := parseFraction(r.Russian, &rec.Num[Russian], &rec.Den[Russian])
			if !okA || !okB || !slices.ContainsFunc(out.Days, func(x Day) bool { return x.Date == r.Date }) {
				fe.Add("%s: recovery on %q: fractions %q, %q or date wrong", what, r.Date, r.Central, r.Russian)
			}
			out.Recovery = append(out.Recovery, rec)
		}
		d.Campaigns = append(d.Campaigns, out)
	}
	if len(d.Campaigns) != 2 {
		fe.Add("%d campaigns, want the two of 13.0", len(d.Campaigns))
	}
	return fe.Err()
}

// parseFraction reads "3/4" (a fraction from 0 to 1).
func parseFraction(s string, num, den *int) bool {
	a, b, ok := strings.Cut(s, "/")
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || m < 1 || n < 0 || n > m {
		return false
	}
	*num, *den = n, m
	return true
}

// --- tables.json

func loadTables(fsys fs.FS, d *Data) error {
	var f struct {
		Notice    string `json:"notice"`
		Modifiers []struct {
			ID         string `json:"id"`
			Category   string `json:"category"`
			Value      int    `json:"value"`
			VsHowitzer *int   `json:"vsHowitzer"`
			Per        int    `json:"per"`
			Rule       string `json:"rule"`
			Text       string `json:"text"`
		} `json:"modifiers"`
		Categories    []string `json:"categories"`
		FFECategories []string `json:"ffeCategories"`
		MOT           []struct {
			Mode       string `json:"mode"`
			SS         int    `json:"ss"`
			SSNoTrench int    `json:"ssNoTrench"`
			SSPB       int    `json:"ssPB"`
			RD         int    `json:"rd"`
			RDPB       *int   `json:"rdPB"`
			Rule       string `json:"rule"`
		} `json:"mot"`
		Accuracy struct {
			Hit       int `json:"hit"`
			Modifiers []struct {
				ID    string `json:"id"`
				Value int    `json:"value"`
				Rule  string `json:"rule"`
			} `json:"modifiers"`
		} `json:"accuracy"`
		Transport []struct {
			Kind     string `json:"kind"`
			Move     int    `json:"move"`
			NoCrater bool   `json:"noCrater"`
			RoadOnly bool   `json:"roadOnly"`
			Rule     string `json:"rule"`
		} `json:"transport"`
		Results struct {
			Destroy int    `json:"destroy"`
			Rule    string `json:"rule"`
		} `json:"results"`
	}
	if err := datafile.Read(fsys, "tables.json", &f, &f.Notice, docPath); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "tables.json"}
	t := &d.Tables
	t.Categories, t.FFECategories = f.Categories, f.FFECategories
	if !slices.Equal(f.Categories, []string{"deployment", "movement", "range", "terrain", "visibility"}) {
		fe.Add("categories: want the five of 6.53 in order")
	}
	for _, c := range f.FFECategories {
		if !slices.Contains(f.Categories, c) {
			fe.Add("ffeCategories: %q is not a category", c)
		}
	}
	for _, m := range f.Modifiers {
		if !datafile.IsID(m.ID) || slices.ContainsFunc(t.Modifiers, func(x Modifier) bool { return x.ID == m.ID }) {
			fe.Add("modifier %q: id malformed or used twice", m.ID)
		}
		if !slices.Contains(f.Categories, m.Category) && m.Category != "melee" {
			fe.Add("modifier %q: category %q unknown", m.ID, m.Category)
		}
		if m.Value == 0 || m.Value < -4 || m.Value > 4 || m.Rule == "" || m.Text == "" || m.Per < 0 {
			fe.Add("modifier %q: value %d outside -4..4 or 0, no rule or text", m.ID, m.Value)
		}
		t.Modifiers = append(t.Modifiers, Modifier{ID: m.ID, Category: m.Category, Value: m.Value, VsHowitzer: m.VsHowitzer, Per: m.Per, Rule: m.Rule, Text: m.Text})
	}
	for _, id := range modifierIDs {
		if !slices.ContainsFunc(t.Modifiers, func(m Modifier) bool { return m.ID == id }) {
			fe.Add("modifier %q missing", id)
		}
	}
	for _, m := range t.Modifiers {
		if !slices.Contains(modifierIDs, m.ID) {
			fe.Add("modifier %q: the rules know no such modifier", m.ID)
		}
		if m.Category == "range" && m.ID == "range" && m.Per < 1 {
			fe.Add("modifier %q: per must be at least 1", m.ID)
		}
	}
	seen := [numModes]bool{}
	for _, r := range f.MOT {
		mode, ok := datafile.Enum[Mode](modeNames, r.Mode)
		if !ok || seen[mode] {
			fe.Add("mot: mode %q unknown or twice", r.Mode)
			continue
		}
		seen[mode] = true
		row := MOT{Mode: mode, SS: r.SS, SSNoTrench: r.SSNoTrench, SSPB: r.SSPB, RD: r.RD, RDPB: r.RD}
		if r.RDPB != nil {
			row.RDPB = *r.RDPB
		}
		if row.SSNoTrench == 0 {
			row.SSNoTrench = row.SS
		}
		if r.SS < 2 || r.SS > 12 || r.SSPB < 0 || r.SSPB > 12 || r.RD < 0 || r.RD > 6 || row.RDPB < r.RD || r.Rule == "" {
			fe.Add("mot %q: values out of range", r.Mode)
		}
		t.MOT[mode] = row
	}
	if seen != [numModes]bool{true, true, true, true, true} {
		fe.Add("mot: want a row for each of %v", modeNames)
	}
	t.AccuracyHit, t.Destroy = f.Accuracy.Hit, f.Results.Destroy
	if t.AccuracyHit < 1 || t.AccuracyHit > 6 || len(f.Accuracy.Modifiers) != 2 {
		fe.Add("accuracy: hit %d outside 1-6, or not the two modifiers of 7.242", t.AccuracyHit)
	}
	if t.Destroy != 11 {
		fe.Add("results: destroy %d, the rules say 11 (3.73)", t.Destroy)
	}
	if len(f.Transport) != 3 {
		fe.Add("transport: want mule, wagon and truck (6.84)")
	}
	for _, r := range f.Transport {
		k, ok := datafile.Enum[TransportKind](transportNames, r.Kind)
		if !ok || r.Move < 1 || r.Move > 20 || r.Rule == "" {
			fe.Add("transport %q: kind unknown, move %d outside 1-20 or no rule", r.Kind, r.Move)
			continue
		}
		t.Transport[k] = TransportRow{Move: r.Move, NoCrater: r.NoCrater, RoadOnly: r.RoadOnly}
	}
	return fe.Err()
}

// --- turns.json

func loadTurns(fsys fs.FS, d *Data) error {
	var f struct {
		Notice             string   `json:"notice"`
		Turns              int      `json:"turns"`
		CounterAttackTurns int      `json:"counterAttackTurns"`
		NightTurns         int      `json:"nightTurns"`
		Couplets           []int    `json:"couplets"`
		Days               []string `json:"days"`
		Boxes              []string `json:"boxes"`
		Rule               string   `json:"rule"`
	}
	if err := datafile.Read(fsys, "turns.json", &f, &f.Notice, docPath); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "turns.json"}
	t := &d.Turns
	t.Turns, t.CounterAttack, t.Night, t.Days = f.Turns, f.CounterAttackTurns, f.NightTurns, f.Days
	if f.Turns != 12 || f.CounterAttackTurns != 6 || f.NightTurns != 6 {
		fe.Add("turns %d, counterAttackTurns %d, nightTurns %d: the rules say 12, 6, 6 (11.2, 11.31, 11.521)", f.Turns, f.CounterAttackTurns, f.NightTurns)
	}
	for i, c := range f.Couplets {
		if c != i {
			fe.Add("couplets: want 0, 1, 2, … in order")
			break
		}
	}
	t.MaxCouplets = len(f.Couplets) - 1
	if t.MaxCouplets < 5 {
		fe.Add("couplets: a die difference reaches 5 (5.11)")
	}
	for i, day := range f.Days {
		if day != fmt.Sprintf("1914-12-%02d", 3+i) {
			fe.Add("days: want 1914-12-03 … 1914-12-11 in order")
			break
		}
	}
	if len(f.Days) != 9 {
		fe.Add("days: %d, want nine (3-11 December)", len(f.Days))
	}
	return fe.Err()
}
