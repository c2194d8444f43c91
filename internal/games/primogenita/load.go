package primogenita

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
	"sandtable/internal/kit/datafile"
)

// Loader sanity limits (not rulebook facts).
const (
	maxStrength = 12
	maxMove     = 12
	maxMP       = 8 // most mp a terrain may cost
	maxStack    = 12
	maxVP       = 10
	maxTrench   = 10
)

// noticeDoc is the document every data file's notice must point to.
const noticeDoc = "docs/primogenita/data.md"

// terrainCodes are the characters of map.json's terrain rows; '~' (sea) is
// not in play.
var terrainCodes = map[byte]Terrain{'.': Flat, 'r': Rough, 's': Rough, 'm': Mountain, 'a': Alpine}

// legend is map.json's required "legend": it documents the codes in the
// file itself and must say exactly this.
var legend = map[string]string{
	"~": "sea (not in play)", ".": "Flat", "r": "Rough", "s": "Rough (coastal sand, rule 1.3)",
	"m": "Mountain", "a": "Alpine",
}

var (
	sideNames   = []string{Allied: "allied", Italian: "italian"}
	arrivalCode = regexp.MustCompile(`^([1-9]|10)([A-Z]?)$`)
	// dirNames are the pointy-top directions of hexgrid, in Dir order.
	dirNames = []string{"NE", "E", "SE", "SW", "W", "NW"}
)

//go:embed data/*.json
var embeddedData embed.FS

var defaultData = datafile.Embedded("primogenita", embeddedData, "data", LoadData)

// DefaultData returns the embedded reconstruction of the components, loaded
// once and shared: callers must not modify it.
func DefaultData() *Data { return defaultData() }

// LoadData reads map.json, units.json, orders.json, tables.json and
// turns.json from the root of fsys and checks them strictly: unknown
// fields, bad references, broken lines and missing RECONSTRUCTION notices
// are errors, all reported at once, each naming its file and entry.
func LoadData(fsys fs.FS) (*Data, error) {
	d := &Data{ids: map[string]int{}, index: map[hexgrid.Hex]int{}, pos: map[hexgrid.Hex]int{}, unitIDs: map[string]int{}}
	if err := d.loadTables(fsys); err != nil {
		return nil, err
	}
	if err := d.loadMap(fsys); err != nil {
		return nil, err
	}
	err := errors.Join(d.loadUnits(fsys), d.loadOrders(fsys), d.loadTurns(fsys))
	if err != nil {
		return nil, err
	}
	d.grid = newHexGrid(d.Hexes)
	d.linkSides()
	// The state's flat core has room for this much (position.go).
	dumps := 0
	for _, u := range d.Units {
		if u.Kind == SD {
			dumps++
		}
	}
	if len(d.Units) > MaxUnits || len(d.Hexes) > MaxHexes || len(d.Towns) > MaxTowns || len(d.ItalianSupply) > MaxSources || dumps > MaxDumps {
		return nil, fmt.Errorf("primogenita data: %d units, %d hexes, %d towns, %d Italian sources, %d SD: more than the state holds (%d, %d, %d, %d, %d)",
			len(d.Units), len(d.Hexes), len(d.Towns), len(d.ItalianSupply), dumps, MaxUnits, MaxHexes, MaxTowns, MaxSources, MaxDumps)
	}
	return d, nil
}

func side(s string) (engine.Side, bool) { return datafile.Enum[engine.Side](sideNames, s) }

// halves converts a cost in mp to half mp; it must be a positive multiple
// of ½.
func halves(mp float64) (int, bool) {
	h := mp * MP
	return int(h), h == math.Trunc(h) && h > 0 && mp <= maxMP
}

// ---- tables.json ----

type tablesFile struct {
	Notice     string `json:"notice"`
	TerrainKey []struct {
		Terrain      string  `json:"terrain"`
		MP           float64 `json:"mp"`
		Stacking     int     `json:"stacking"`
		AssaultShift int     `json:"assault_shift"`
	} `json:"terrain_key"`
	RoadMP  float64 `json:"road_mp"`
	TrackMP float64 `json:"track_mp"`
	CliffMP float64 `json:"cliff_mp"`
	Combat  struct {
		Columns []string            `json:"columns"`
		Results map[string][]string `json:"results"`
	} `json:"combat"`
	Bombardment struct {
		Columns []int               `json:"columns"`
		Disrupt []int               `json:"disrupt"`
		Results map[string][]string `json:"results"`
	} `json:"bombardment"`
}

func (d *Data) loadTables(fsys fs.FS) error {
	var f tablesFile
	p := &datafile.Errors{File: "tables.json"}
	if err := datafile.Read(fsys, p.File, &f, &f.Notice, noticeDoc); err != nil {
		return err
	}
	t := &d.Tables
	seen := [NumTerrains]bool{}
	for i, row := range f.TerrainKey {
		ti := slices.Index(terrainNames[:], row.Terrain)
		if ti < 0 {
			p.Add("terrain_key[%d]: unknown terrain %q", i, row.Terrain)
			continue
		}
		if seen[ti] {
			p.Add("terrain_key[%d]: %s given twice", i, row.Terrain)
		}
		seen[ti] = true
		var ok bool
		if t.TerrainMP[ti], ok = halves(row.MP); !ok {
			p.Add("terrain_key[%d]: mp %v is not a positive multiple of 0.5 up to %d", i, row.MP, maxMP)
		}
		if row.Stacking < 1 || row.Stacking > maxStack {
			p.Add("terrain_key[%d]: stacking %d outside 1-%d", i, row.Stacking, maxStack)
		}
		t.Stacking[ti] = row.Stacking
		t.AssaultShift[ti] = row.AssaultShift
	}
	for ti, ok := range seen {
		if !ok {
			p.Add("terrain_key: %s missing", Terrain(ti))
		}
	}
	// 7.2 prints the terrain shifts: Alpine 2 left, Mountain 1 left.
	if t.AssaultShift != [NumTerrains]int{0, 0, -1, -2} {
		p.Add("terrain_key: assault shifts must be those of rule 7.2 (Mountain -1, Alpine -2, none elsewhere)")
	}
	var ok bool
	if t.RoadMP, ok = halves(f.RoadMP); !ok {
		p.Add("road_mp %v is not a positive multiple of 0.5", f.RoadMP)
	}
	if t.TrackMP, ok = halves(f.TrackMP); !ok {
		p.Add("track_mp %v is not a positive multiple of 0.5", f.TrackMP)
	}
	// 4.1: a cliff costs +1mp.
	if f.CliffMP != 1 {
		p.Add("cliff_mp must be 1 (rule 4.1)")
	}
	t.CliffMP = MP
	if t.RoadMP > t.TrackMP || t.TrackMP > t.TerrainMP[Flat] {
		p.Add("a road must cost no more than a track, a track no more than Flat (rule 4.1: the lesser cost)")
	}
	if !slices.Equal(f.Combat.Columns, []string{"1:2", "1:1", "2:1", "3:1", "4:1", "5:1"}) {
		p.Add("combat.columns must be 1:2 1:1 2:1 3:1 4:1 5:1 (rule 7.1)")
	}
	dieRows(p, "combat", f.Combat.Results, NumOdds, func(die, col int, s string) error {
		r, err := parseCombatResult(s)
		t.Combat[die][col] = r
		return err
	})
	if !slices.Equal(f.Bombardment.Columns, []int{1, 2, 3, 6, 9}) {
		p.Add("bombardment.columns must be 1 2 3 6 9 (rules 6.1, 6.3)")
	}
	if !slices.Equal(f.Bombardment.Disrupt, []int{1, 1, 1, 2, 3}) {
		p.Add("bombardment.disrupt must be 1 1 1 2 3 (rule 6.3)")
	}
	copy(t.BombColumns[:], []int{1, 2, 3, 6, 9})
	copy(t.BombDisrupt[:], []int{1, 1, 1, 2, 3})
	dieRows(p, "bombardment", f.Bombardment.Results, NumBombColumns, func(die, col int, s string) error {
		switch s {
		case "":
			t.Bombardment[die][col] = BombNothing
		case "Disr":
			t.Bombardment[die][col] = BombDisr
		case "1":
			t.Bombardment[die][col] = BombStep
		default:
			return fmt.Errorf("%q is not blank, Disr or 1 (rule 6.3)", s)
		}
		return nil
	})
	return p.Err()
}

// dieRows checks a table keyed "1".."6" with n cells a row.
func dieRows(p *datafile.Errors, name string, rows map[string][]string, n int, cell func(die, col int, s string) error) {
	for k := range rows {
		if die, err := strconv.Atoi(k); err != nil || die < 1 || die > 6 || k != strconv.Itoa(die) {
			p.Add("%s.results: key %q is not a die roll 1-6", name, k)
		}
	}
	for die := 1; die <= 6; die++ {
		row, ok := rows[strconv.Itoa(die)]
		if !ok {
			p.Add("%s.results: die roll %d missing", name, die)
			continue
		}
		if len(row) != n {
			p.Add("%s.results[%d]: %d cells, want %d", name, die, len(row), n)
			continue
		}
		for col, s := range row {
			if err := cell(die-1, col, s); err != nil {
				p.Add("%s.results[%d][%d]: %v", name, die, col, err)
			}
		}
	}
}

// parseCombatResult reads "1-Oc", "0-1+ push", "1+-0".
func parseCombatResult(s string) (CombatResult, error) {
	var r CombatResult
	body, push := strings.CutSuffix(s, " push")
	r.Push = push
	a, b, ok := strings.Cut(body, "-")
	if !ok {
		return r, fmt.Errorf("%q: want attacker-defender", s)
	}
	la, okA := parseLoss(a)
	lb, okB := parseLoss(b)
	if !okA || !okB {
		return r, fmt.Errorf("%q: results are 0, 1, 1+ or Oc (rule 7.3)", s)
	}
	r.Att, r.Def = la, lb
	return r, nil
}

func parseLoss(s string) (Loss, bool) {
	i := slices.Index(lossNames, s)
	return Loss(i), i >= 0
}

// ---- map.json ----

type mapFile struct {
	Notice  string            `json:"notice"`
	Legend  map[string]string `json:"legend"`
	Terrain map[string]string `json:"terrain"`
	Towns   []struct {
		ID            string `json:"id"`
		Name          string `json:"name"`
		Hex           string `json:"hex"`
		VP            int    `json:"vp"`
		OpenCityVP    int    `json:"open_city_vp"`
		AlliedAtStart bool   `json:"allied_at_start"`
	} `json:"towns"`
	Places []struct {
		Name string `json:"name"`
		Hex  string `json:"hex"`
	} `json:"places"`
	Entries []struct {
		ID     string   `json:"id"`
		Name   string   `json:"name"`
		Side   string   `json:"side"`
		Arrows []string `json:"arrows"`
		Dir    string   `json:"dir"`
	} `json:"entries"`
	Railway      []string `json:"railway"`
	Roads        []chain  `json:"roads"`
	Tracks       []chain  `json:"tracks"`
	Cliffs       []string `json:"cliffs"`
	DoubleCliffs []string `json:"double_cliffs"`
	SetupHexes   []struct {
		Side   string `json:"side"`
		Letter string `json:"letter"`
		At     string `json:"at"`
	} `json:"setup_hexes"`
	ItalianSupply []supplyJSON      `json:"italian_supply"`
	AlliedSupply  []supplyJSON      `json:"allied_supply"`
	PatriotZone   map[string]string `json:"patriot_zone"`
}

type chain struct {
	Name  string   `json:"name"`
	Hexes []string `json:"hexes"`
}

type supplyJSON struct {
	ID      string `json:"id"`
	At      string `json:"at"`
	Level   string `json:"level"`
	Arrives int    `json:"arrives"`
	Placed  bool   `json:"placed"`
}

const rowLetters = "ABCDEFGHIJKLMNOPQR"

func (d *Data) loadMap(fsys fs.FS) error {
	var f mapFile
	p := &datafile.Errors{File: "map.json"}
	if err := datafile.Read(fsys, p.File, &f, &f.Notice, noticeDoc); err != nil {
		return err
	}
	if len(f.Legend) != len(legend) {
		p.Add("legend must give exactly the codes %q", slices.Sorted(mapKeys(legend)))
	}
	for k, v := range f.Legend {
		if legend[k] != v {
			p.Add("legend %q: want %q", k, legend[k])
		}
	}
	// The land hexes, row by row (1.1: rows A–R, columns 1–28).
	for k := range f.Terrain {
		if len(k) != 1 || !strings.Contains(rowLetters, k) {
			p.Add("terrain: %q is not a row A-R", k)
		}
	}
	for r := 0; r < len(rowLetters); r++ {
		row, ok := f.Terrain[rowLetters[r:r+1]]
		if !ok {
			p.Add("terrain: row %c missing", rowLetters[r])
			continue
		}
		if len(row) != Layout.MaxCol {
			p.Add("terrain row %c: %d columns, want %d", rowLetters[r], len(row), Layout.MaxCol)
			continue
		}
		for c := 0; c < len(row); c++ {
			if row[c] == '~' {
				continue
			}
			t, ok := terrainCodes[row[c]]
			if !ok {
				p.Add("terrain row %c column %d: unknown code %q", rowLetters[r], c+1, row[c])
				continue
			}
			h := Layout.Hex(c+1, r+1)
			d.addHex(Hex{ID: Layout.Format(h), At: h, Terrain: t, Sand: row[c] == 's', Entry: -1, Town: -1})
		}
	}
	if p.Len() > 0 {
		return p.Err()
	}
	// Adjacency of land hexes.
	for i := range d.Hexes {
		for _, n := range d.Hexes[i].At.Neighbours() {
			if j := d.At(n); j >= 0 {
				d.Hexes[i].Links = append(d.Hexes[i].Links, Link{To: j})
			}
		}
	}
	land := func(what, id string) int {
		h, err := Layout.Parse(id)
		if err != nil {
			p.Add("%s: %v", what, err)
			return -1
		}
		i := d.At(h)
		if i < 0 {
			p.Add("%s: %s is sea", what, id)
		}
		return i
	}
	// Entry hexes (1.1): off the map, joined only across their arrows.
	if len(f.Entries) != 5 {
		p.Add("entries: %d, want the five of rule 1.1", len(f.Entries))
	}
	for i, e := range f.Entries {
		what := fmt.Sprintf("entries[%d] %s", i, e.ID)
		s, ok := side(e.Side)
		if !ok {
			p.Add("%s: side %q is not allied or italian", what, e.Side)
		}
		if !datafile.IsID(e.ID) || d.HexIndex(e.ID) >= 0 {
			p.Add("%s: id must be lower-case words joined by '-' and unique", what)
			continue
		}
		dir := slices.Index(dirNames, e.Dir)
		if dir < 0 {
			p.Add("%s: dir %q is not one of %v", what, e.Dir, dirNames)
			continue
		}
		if len(e.Arrows) == 0 || e.Name == "" {
			p.Add("%s: needs a name and at least one arrow", what)
			continue
		}
		ent := Entry{ID: e.ID, Name: e.Name, Side: s, Hex: len(d.Hexes)}
		for _, a := range e.Arrows {
			if j := land(what+" arrow", a); j >= 0 {
				ent.Arrows = append(ent.Arrows, j)
			}
		}
		if len(ent.Arrows) != len(e.Arrows) {
			continue
		}
		at := d.Hexes[ent.Arrows[0]].At.Neighbour(hexgrid.Dir(dir))
		if d.pos[at] != 0 {
			p.Add("%s: drawn %s of %s, where a land hex or another Entry hex is", what, e.Dir, e.Arrows[0])
			continue
		}
		d.addHex(Hex{ID: e.ID, At: at, Terrain: Flat, Entry: len(d.Entries), Town: -1})
		d.Entries = append(d.Entries, ent)
		for _, a := range ent.Arrows {
			d.Hexes[ent.Hex].Links = append(d.Hexes[ent.Hex].Links, Link{To: a})
			d.Hexes[a].Links = append(d.Hexes[a].Links, Link{To: ent.Hex})
		}
	}
	want := map[string]engine.Side{"West Kassala": Allied, "Zuhani": Allied, "Cub Cub": Allied, "to Gondar": Italian, "to Addis Abebà": Italian}
	for _, e := range d.Entries {
		if s, ok := want[e.Name]; !ok || s != e.Side {
			p.Add("entries: %q is not one of rule 1.1's Entry hexes with its side", e.Name)
		}
	}
	ref := func(what, id string) int {
		if i := d.HexIndex(id); i >= 0 {
			return i
		}
		if _, err := Layout.Parse(id); err != nil {
			p.Add("%s: %q is neither a hex nor an Entry hex", what, id)
		} else {
			p.Add("%s: %s is sea", what, id)
		}
		return -1
	}
	// Towns (1.2, 2.2).
	openCities := 0
	townIDs := map[string]bool{}
	for i, t := range f.Towns {
		what := fmt.Sprintf("towns[%d] %s", i, t.ID)
		if !datafile.IsID(t.ID) || townIDs[t.ID] || t.Name == "" {
			p.Add("%s: needs a unique lower-case id and a name", what)
		}
		townIDs[t.ID] = true
		h := land(what, t.Hex)
		if h < 0 {
			continue
		}
		if d.Hexes[h].Town >= 0 {
			p.Add("%s: %s already holds a town", what, t.Hex)
		}
		if t.VP < 0 || t.VP > maxVP || t.OpenCityVP < 0 || t.OpenCityVP > t.VP {
			p.Add("%s: vp %d, open_city_vp %d out of range", what, t.VP, t.OpenCityVP)
		}
		if t.OpenCityVP > 0 {
			openCities++
		}
		d.Hexes[h].Town = len(d.Towns)
		d.Towns = append(d.Towns, Town{ID: t.ID, Name: t.Name, Hex: h, VP: t.VP, OpenCityVP: t.OpenCityVP, AlliedAtStart: t.AlliedAtStart})
	}
	// 2.2: Asmara is the one Open City, 7 VP or 5 as an Open City.
	if a := d.town("asmara"); a < 0 || d.Towns[a].VP != 7 || d.Towns[a].OpenCityVP != 5 || openCities != 1 {
		p.Add("towns: Asmara must be worth 7 VP, 5 as an Open City, and be the only Open City (rule 2.2)")
	}
	// 1.6: only Kassala and Tessenei start Allied.
	var allied []string
	for _, t := range d.Towns {
		if t.AlliedAtStart {
			allied = append(allied, t.Name)
		}
	}
	if !slices.Equal(allied, []string{"Kassala", "Tessenei"}) {
		p.Add("towns: exactly Kassala and Tessenei start Allied (rule 1.6), not %v", allied)
	}
	for i, pl := range f.Places {
		h := land(fmt.Sprintf("places[%d] %s", i, pl.Name), pl.Hex)
		if h < 0 {
			continue
		}
		if pl.Name == "" || d.Hexes[h].Place != "" || d.Hexes[h].Town >= 0 {
			p.Add("places[%d]: needs a name and a hex with no other town or place", i)
			continue
		}
		d.Hexes[h].Place = pl.Name
		d.Places = append(d.Places, h)
	}
	// Lines (4.1, 4.3): consecutive hexes must be adjacent.
	line := func(what string, ids []string, set func(l *Link)) []int {
		var hs []int
		for k, id := range ids {
			h := ref(fmt.Sprintf("%s[%d]", what, k), id)
			if h < 0 {
				return nil
			}
			if len(hs) > 0 {
				prev := hs[len(hs)-1]
				if !d.setLink(prev, h, set) {
					p.Add("%s: %s and %s are not adjacent", what, ids[k-1], id)
					return nil
				}
			}
			hs = append(hs, h)
		}
		if len(hs) < 2 {
			p.Add("%s: a line needs two hexes or more", what)
		}
		return hs
	}
	d.Railway = line("railway", f.Railway, func(l *Link) { l.Rail = true })
	for _, h := range d.Railway {
		d.Hexes[h].Rail = true
		if d.Hexes[h].Entry >= 0 {
			p.Add("railway: runs through Entry hex %s", d.Hexes[h].ID)
		}
	}
	// 4.3: the line runs between Massaua and Biscia.
	if len(d.Railway) > 0 {
		ends := []string{d.townName(d.Railway[0]), d.townName(d.Railway[len(d.Railway)-1])}
		slices.Sort(ends)
		if !slices.Equal(ends, []string{"Biscia", "Massaua"}) {
			p.Add("railway: must run from Massaua to Biscia (rule 4.3), runs %v", ends)
		}
	}
	for i, c := range f.Roads {
		d.Roads = append(d.Roads, line(fmt.Sprintf("roads[%d] %s", i, c.Name), c.Hexes, func(l *Link) { l.Road = true }))
	}
	for i, c := range f.Tracks {
		d.Tracks = append(d.Tracks, line(fmt.Sprintf("tracks[%d] %s", i, c.Name), c.Hexes, func(l *Link) { l.Track = true }))
	}
	// Cliffs (1.3): "low>high" is crossed uphill from low; "a|b" both ways.
	cliff := func(what, s, sep string, double bool) {
		a, b, ok := strings.Cut(s, sep)
		if !ok {
			p.Add("%s: %q: want two hex ids joined by %q", what, s, sep)
			return
		}
		ha, hb := land(what, a), land(what, b)
		if ha < 0 || hb < 0 {
			return
		}
		if l, ok := d.Hexes[ha].Link(hb); !ok {
			p.Add("%s: %s and %s are not adjacent", what, a, b)
			return
		} else if l.Cliff {
			p.Add("%s: the hexside %s/%s has a cliff already", what, a, b)
			return
		}
		up, down := d.link(ha, hb), d.link(hb, ha)
		up.Cliff, up.Double, up.Uphill = true, double, true
		down.Cliff, down.Double, down.Uphill = true, double, double
		d.Cliffs = append(d.Cliffs, Cliff{Low: ha, High: hb, Double: double})
	}
	for i, c := range f.Cliffs {
		cliff(fmt.Sprintf("cliffs[%d]", i), c, ">", false)
	}
	for i, c := range f.DoubleCliffs {
		cliff(fmt.Sprintf("double_cliffs[%d]", i), c, "|", true)
	}
	// 1.3: there is a double cliff at Adi Qualà.
	if aq := d.town("adi-quala"); aq < 0 || !slices.ContainsFunc(d.Hexes[d.Towns[aq].Hex].Links, func(l Link) bool { return l.Double }) {
		p.Add("double_cliffs: one must lie on a hexside of Adi Qualà (rule 1.3)")
	}
	// Setup hexes (1.7).
	for i, s := range f.SetupHexes {
		what := fmt.Sprintf("setup_hexes[%d]", i)
		sd, ok := side(s.Side)
		if !ok || len(s.Letter) != 1 || s.Letter[0] < 'A' || s.Letter[0] > 'Z' {
			p.Add("%s: needs a side and one capital letter", what)
			continue
		}
		h := ref(what, s.At)
		if h < 0 {
			continue
		}
		if d.SetupHex(sd, s.Letter[0]) >= 0 {
			p.Add("%s: %s letter %s given twice", what, s.Side, s.Letter)
		}
		if d.enemyEntry(sd, h) {
			p.Add("%s: %s is an enemy Entry hex", what, s.At)
		}
		d.SetupHexes = append(d.SetupHexes, SetupHex{Side: sd, Letter: s.Letter[0], Hex: h})
	}
	// 1.7: Massaua artillery sets up in Massaua: its letter is M.
	if m := d.SetupHex(Italian, 'M'); m < 0 || d.townName(m) != "Massaua" {
		p.Add("setup_hexes: the Italian M hex must be Massaua (rule 1.7)")
	}
	supply := func(what string, list []supplyJSON, sd engine.Side) []SupplySource {
		var out []SupplySource
		for i, s := range list {
			w := fmt.Sprintf("%s[%d]", what, i)
			h := ref(w, s.At)
			if h < 0 {
				continue
			}
			if s.Level != "FS" && s.Level != "LS" {
				p.Add("%s: level %q is not FS or LS (rule 5.1)", w, s.Level)
			}
			if d.enemyEntry(sd, h) {
				p.Add("%s: %s is an enemy Entry hex", w, s.At)
			}
			if s.Arrives < 0 || s.Arrives > NumTurns {
				p.Add("%s: arrives %d outside 0-%d", w, s.Arrives, NumTurns)
			}
			out = append(out, SupplySource{ID: s.ID, Hex: h, Full: s.Level == "FS", Arrives: s.Arrives, Placed: s.Placed})
		}
		return out
	}
	d.ItalianSupply = supply("italian_supply", f.ItalianSupply, Italian)
	for i, s := range f.ItalianSupply {
		if s.ID != "" || s.Arrives != 0 || s.Placed {
			p.Add("italian_supply[%d]: Italian sources are printed: no id, arrives or placed", i)
		}
	}
	d.AlliedSupply = supply("allied_supply", f.AlliedSupply, Allied)
	// 5.3: West Kassala FS, Zuhani LS GT1, Cub Cub LS GT5, Agordat and Asmara LS placed.
	wantAllied := []string{"west-kassala FS at west-kassala 0 false", "zuhani LS at zuhani 1 false", "cub-cub LS at cub-cub 5 false",
		"agordat LS at H-11 0 true", "asmara LS at J-19 0 true"}
	var gotAllied []string
	for _, s := range d.AlliedSupply {
		lvl := "LS"
		if s.Full {
			lvl = "FS"
		}
		gotAllied = append(gotAllied, fmt.Sprintf("%s %s at %s %d %v", s.ID, lvl, d.Hexes[s.Hex].ID, s.Arrives, s.Placed))
	}
	if !slices.Equal(gotAllied, wantAllied) {
		p.Add("allied_supply: must be rule 5.3's sources %q", wantAllied)
	}
	if a := d.town("agordat"); a >= 0 && d.Towns[a].Hex != d.HexIndex("H-11") {
		p.Add("towns: Agordat must be in H-11 (rule 1.1)")
	}
	// Patriot zone (5.7c).
	for row, span := range f.PatriotZone {
		r := strings.Index(rowLetters, row)
		lo, hi, err := parseSpan(span)
		if len(row) != 1 || r < 0 || err != nil {
			p.Add("patriot_zone %q: %q: want a row A-R and columns \"lo-hi\"", row, span)
			continue
		}
		for c := lo; c <= hi; c++ {
			if i := d.At(Layout.Hex(c, r+1)); i >= 0 {
				d.Hexes[i].Patriot = true
			}
		}
	}
	if ap := d.SetupHex(Allied, 'P'); ap < 0 || !d.Hexes[ap].Patriot {
		p.Add("setup_hexes: the Allied P hex (Arbegnoch) must lie in the Patriot zone")
	}
	if p.Len() == 0 {
		if far := d.unreachable(); len(far) > 0 {
			p.Add("land hexes joined to nothing: %v", far)
		}
	}
	return p.Err()
}

func parseSpan(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, errors.New("no '-'")
	}
	if lo, err = strconv.Atoi(a); err != nil {
		return
	}
	if hi, err = strconv.Atoi(b); err != nil {
		return
	}
	if lo < Layout.MinCol || hi > Layout.MaxCol || lo > hi {
		err = errors.New("out of range")
	}
	return
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func (d *Data) addHex(h Hex) {
	d.ids[h.ID] = len(d.Hexes)
	d.pos[h.At] = len(d.Hexes) + 1
	if h.Entry < 0 {
		d.index[h.At] = len(d.Hexes)
	}
	d.Hexes = append(d.Hexes, h)
}

// link returns the link from a to b (they must be adjacent).
func (d *Data) link(a, b int) *Link {
	for k := range d.Hexes[a].Links {
		if l := &d.Hexes[a].Links[k]; l.To == b {
			return l
		}
	}
	panic("primogenita: link between hexes that are not adjacent")
}

// setLink applies set to the link from a to b and to the link back.
func (d *Data) setLink(a, b int, set func(*Link)) bool {
	found := false
	for _, pair := range [][2]int{{a, b}, {b, a}} {
		for k := range d.Hexes[pair[0]].Links {
			if l := &d.Hexes[pair[0]].Links[k]; l.To == pair[1] {
				set(l)
				found = true
			}
		}
	}
	return found
}

func (d *Data) town(id string) int {
	for i, t := range d.Towns {
		if t.ID == id {
			return i
		}
	}
	return -1
}

func (d *Data) townName(h int) string {
	if t := d.Hexes[h].Town; t >= 0 {
		return d.Towns[t].Name
	}
	return d.Hexes[h].ID
}

// unreachable lists the land hexes with no way to Kassala at all.
func (d *Data) unreachable() []string {
	start := d.HexIndex("I-1")
	seen := make([]bool, len(d.Hexes))
	seen[start] = true
	queue := []int{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, l := range d.Hexes[h].Links {
			if !seen[l.To] {
				seen[l.To] = true
				queue = append(queue, l.To)
			}
		}
	}
	var out []string
	for i, ok := range seen {
		if !ok {
			out = append(out, d.Hexes[i].ID)
		}
	}
	return out
}
