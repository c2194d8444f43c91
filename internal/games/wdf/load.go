package wdf

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
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
	maxCS      = 9  // largest printed combat strength
	maxMA      = 12 // largest printed movement allowance
	maxLeader  = 3  // largest leader attack/defense value
	maxRange   = 9  // largest leader range
	maxRepl    = 4  // most replacement points in a turn
	maxReserve = 20 // largest reserve requirement
	maxSixths  = 36 // largest movement cost in sixths
	maxMod     = 3  // largest combat or die modifier
)

// terrainCodes are the characters of map.json's terrain grid. '~' (sea)
// and 'x' (Great Sand Sea) are not in play.
var terrainCodes = map[byte]Terrain{'.': Clear, 'r': Rough, 'm': Mountain, 's': SaltMarsh, 'q': Qattara}

// legend is the required "legend" of map.json: it documents the codes in
// the file itself and must match terrainCodes.
var legend = map[string]string{
	"~": "sea (not in play)",
	"x": "off the playing area (Great Sand Sea; not in play)",
	".": "clear", "r": "rough", "m": "mountain", "s": "salt marsh", "q": "Qattara Depression",
}

var (
	jsonSides    = [2]string{Allied: "allied", Axis: "axis"}
	monthPattern = regexp.MustCompile(`^(19[0-9]{2})-(0[1-9]|1[0-2])$`)
)

// dataDoc is the document the data files' notices must point to.
const dataDoc = "docs/wdf/data.md"

//go:embed data/*.json
var embeddedData embed.FS

var defaultData = datafile.Embedded("wdf", embeddedData, "data", LoadData)

// DefaultData returns the embedded reconstruction of the components. It is
// loaded once and shared: callers must not modify it.
func DefaultData() *Data { return defaultData() }

// LoadData reads map.json, units.json, turns.json and tables.json from the
// root of fsys and checks them. Every error names the file and the entry at
// fault; all the problems found are reported at once.
func LoadData(fsys fs.FS) (*Data, error) {
	d := &Data{}
	mapErr := loadMap(fsys, d)
	mapOK := mapErr == nil
	err := errors.Join(mapErr, loadUnits(fsys, d, mapOK), loadTurns(fsys, d), loadTables(fsys, d))
	if err != nil {
		return nil, err
	}
	d.prepareCosts()
	return d, nil
}

// ---------------------------------------------------------------- map.json

type (
	mapFile struct {
		Notice        string                         `json:"notice"`
		Legend        map[string]string              `json:"legend"`
		Terrain       []string                       `json:"terrain"`
		Places        []json.RawMessage              `json:"places"`
		SupplySources map[string]string              `json:"supply_sources"`
		EntryHexes    map[string]string              `json:"entry_hexes"`
		Roads         []json.RawMessage              `json:"roads"`
		Tracks        []json.RawMessage              `json:"tracks"`
		Escarpments   []json.RawMessage              `json:"escarpments"`
		Ridges        []json.RawMessage              `json:"ridges"`
		Rivers        []json.RawMessage              `json:"rivers"`
		RoadZones     map[string]map[string][]string `json:"road_zones"`
	}
	placeJSON struct {
		Hex            string `json:"hex"`
		Name           string `json:"name"`
		Kind           string `json:"kind"`
		FortressLevels int    `json:"fortress_levels"`
		LostAs         string `json:"lost_as"`
	}
	lineJSON struct {
		Name  string   `json:"name"`
		Hexes []string `json:"hexes"`
	}
	sideLineJSON struct {
		Name     string   `json:"name"`
		Hexsides []string `json:"hexsides"`
	}
)

// hexRef resolves a printed id to a dense index, reporting why it cannot.
func (d *Data) hexRef(id string) (int, error) {
	h, err := Layout.Parse(id)
	if err != nil {
		return -1, err
	}
	i, ok := d.Index(h)
	if !ok {
		return -1, fmt.Errorf("hex %s is not in play (sea or off the playing area)", id)
	}
	return i, nil
}

func loadMap(fsys fs.FS, d *Data) error {
	var f mapFile
	if err := datafile.Read(fsys, "map.json", &f, &f.Notice, dataDoc); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "map.json"}
	if !maps.Equal(f.Legend, legend) {
		fe.Add("legend %v does not match the terrain codes the loader knows %v", f.Legend, legend)
	}

	// Terrain grid: one string per printed row, one character per column.
	rows, cols := Layout.MaxRow-Layout.MinRow+1, Layout.MaxCol-Layout.MinCol+1
	d.index = make([]int32, rows*cols)
	for i := range d.index {
		d.index[i] = -1
	}
	grid := make([][]byte, rows)
	if len(f.Terrain) != rows {
		fe.Add("terrain: %d rows, the map has %d (rows %02d-%02d)", len(f.Terrain), rows, Layout.MinRow, Layout.MaxRow)
		return fe.Err()
	}
	gridOK := true
	for r, line := range f.Terrain {
		if len(line) != cols {
			fe.Add("terrain row %02d: %d characters, want %d (columns %02d-%02d)", r+Layout.MinRow, len(line), cols, Layout.MinCol, Layout.MaxCol)
			gridOK = false
			continue
		}
		for c := 0; c < cols; c++ {
			if _, ok := terrainCodes[line[c]]; !ok && line[c] != '~' && line[c] != 'x' {
				fe.Add("terrain row %02d column %02d: unknown code %q (see legend)", r+Layout.MinRow, c+Layout.MinCol, line[c])
				gridOK = false
			}
		}
		grid[r] = []byte(line)
	}
	if !gridOK {
		return fe.Err()
	}
	for c := Layout.MinCol; c <= Layout.MaxCol; c++ {
		for r := Layout.MinRow; r <= Layout.MaxRow; r++ {
			t, ok := terrainCodes[grid[r-Layout.MinRow][c-Layout.MinCol]]
			if !ok {
				continue
			}
			d.index[cellOf(c, r)] = int32(len(d.Hexes))
			h := Layout.Hex(c, r)
			d.Hexes = append(d.Hexes, Hex{ID: Layout.Format(h), Hex: h, Col: c, Row: r, Terrain: t, Place: -1})
		}
	}
	for i := range d.Hexes {
		hx := &d.Hexes[i]
		for dir, n := range hx.Hex.Neighbours() {
			hx.Neighbours[dir] = -1
			if j, ok := d.Index(n); ok {
				hx.Neighbours[dir] = int32(j)
			} else if Layout.OnMap(n) {
				c, r := Layout.ColRow(n)
				if grid[r-Layout.MinRow][c-Layout.MinCol] == '~' {
					hx.Coastal = true
				}
			}
		}
	}
	if len(d.Hexes) > MaxHexes {
		fe.Add("terrain: %d hexes in play, more than the %d a Board holds (MaxHexes)", len(d.Hexes), MaxHexes)
	}
	if len(d.Hexes) > 0 {
		if cut := d.unreachable(0, 0); len(cut) > 0 {
			fe.Add("terrain: the hexes in play are not connected: %d cannot be reached from %s, e.g. %s", len(cut), d.Hexes[0].ID, cut[0])
		}
	}

	// Places.
	for _, p := range []*int{&d.Tobruk, &d.Bardia, &d.Benghazi, &d.Alexandria} {
		*p = -1
	}
	names := map[string]bool{}
	for i, raw := range f.Places {
		var p placeJSON
		if !datafile.Entry(fe, "place", i, raw, &p) {
			continue
		}
		name := fmt.Sprintf("place %d (%s %s)", i+1, p.Hex, p.Name)
		hi, err := d.hexRef(p.Hex)
		if err != nil {
			fe.Add("%s: %v", name, err)
			continue
		}
		kind, ok := datafile.Enum[PlaceKind](placeKindNames, p.Kind)
		if !ok {
			fe.Add("%s: unknown kind %q (%s)", name, p.Kind, strings.Join(placeKindNames, ", "))
			continue
		}
		if p.Name == "" || names[p.Name] {
			fe.Add("%s: missing or duplicate name", name)
			continue
		}
		names[p.Name] = true
		if d.Hexes[hi].Place >= 0 {
			fe.Add("%s: hex already holds %s", name, d.Places[d.Hexes[hi].Place].Name)
			continue
		}
		pl := Place{Hex: hi, Name: p.Name, Kind: kind}
		if kind == Fortress {
			lost, ok := datafile.Enum[PlaceKind](placeKindNames, p.LostAs)
			if !ok || (lost != City && lost != Town) {
				fe.Add("%s: a fortress needs lost_as \"city\" or \"town\" (16.1), not %q", name, p.LostAs)
			}
			if p.FortressLevels < 2 || p.FortressLevels > 3 {
				fe.Add("%s: fortress_levels %d, want 2 or 3 (16.1)", name, p.FortressLevels)
			}
			pl.LostAs, pl.FortressLevels = lost, p.FortressLevels
		} else if p.FortressLevels != 0 || p.LostAs != "" {
			fe.Add("%s: fortress_levels and lost_as are for fortresses only", name)
		}
		d.Hexes[hi].Place = len(d.Places)
		d.Places = append(d.Places, pl)
		for _, sp := range []struct {
			name string
			kind PlaceKind
			dst  *int
		}{{"Tobruk", Fortress, &d.Tobruk}, {"Bardia", Fortress, &d.Bardia}, {"Benghazi", City, &d.Benghazi}, {"Alexandria", City, &d.Alexandria}} {
			if p.Name == sp.name {
				if kind != sp.kind {
					fe.Add("%s: %s must be a %s (11.1, 16.0)", name, sp.name, sp.kind)
				}
				*sp.dst = hi
			}
		}
		if kind == Fortress && p.Name != "Tobruk" && p.Name != "Bardia" {
			fe.Add("%s: Tobruk and Bardia are the only fortresses (16.0)", name)
		}
	}
	for name, v := range map[string]int{"Tobruk": d.Tobruk, "Bardia": d.Bardia, "Benghazi": d.Benghazi, "Alexandria": d.Alexandria} {
		if v < 0 {
			fe.Add("places: no %s (11.1, 16.0)", name)
		}
	}

	// Roads and tracks.
	d.Roads = d.loadLines(fe, "road", f.Roads, RoadSide)
	d.Tracks = d.loadLines(fe, "track", f.Tracks, TrackSide)
	for _, l := range d.Roads {
		for _, h := range l.Hexes {
			d.Hexes[h].Road = true
		}
	}
	for _, l := range d.Tracks {
		for _, h := range l.Hexes {
			d.Hexes[h].Track = true
		}
	}
	d.Escarpments = d.loadSideLines(fe, "escarpment", f.Escarpments, EscarpmentSide, RidgeSide|RiverSide)
	d.Ridges = d.loadSideLines(fe, "ridge", f.Ridges, RidgeSide, EscarpmentSide|RiverSide)
	d.Rivers = d.loadSideLines(fe, "river", f.Rivers, RiverSide, EscarpmentSide|RidgeSide)
	if err := d.checkSymmetry(); err != nil {
		fe.Add("%v", err)
	}

	// Supply sources and entry hexes (7.7, 7.11).
	for _, what := range []struct {
		key string
		m   map[string]string
		dst *[2]int
	}{{"supply_sources", f.SupplySources, &d.SupplySource}, {"entry_hexes", f.EntryHexes, &d.EntryHex}} {
		for side, sname := range jsonSides {
			what.dst[side] = -1
			id, ok := what.m[sname]
			if !ok {
				fe.Add("%s: no %s hex", what.key, sname)
				continue
			}
			hi, err := d.hexRef(id)
			if err != nil {
				fe.Add("%s %s: %v", what.key, sname, err)
				continue
			}
			if !d.Hexes[hi].Road {
				fe.Add("%s %s: %s is not a road hex (7.11: depots trace along roads to it)", what.key, sname, id)
			}
			what.dst[side] = hi
		}
		for k := range what.m {
			if _, ok := datafile.Enum[engine.Side](jsonSides[:], k); !ok {
				fe.Add("%s: unknown side %q (allied or axis)", what.key, k)
			}
		}
	}
	if d.SupplySource[Allied] >= 0 && d.SupplySource[Allied] != d.Alexandria {
		fe.Add("supply_sources allied: must be Alexandria (7.11, 8.4)")
	}

	d.loadZones(fe, f.RoadZones)
	return fe.Err()
}

func (d *Data) loadLines(fe *datafile.Errors, what string, raws []json.RawMessage, flag SideFlags) []Line {
	var out []Line
	seen := map[hexgrid.Hexside]string{}
	for i, raw := range raws {
		var l lineJSON
		if !datafile.Entry(fe, what, i, raw, &l) {
			continue
		}
		name := fmt.Sprintf("%s %d (%s)", what, i+1, l.Name)
		if l.Name == "" {
			fe.Add("%s: missing name", name)
		}
		if len(l.Hexes) < 2 {
			fe.Add("%s: needs at least two hexes", name)
			continue
		}
		line := Line{Name: l.Name}
		ok := true
		inLine := map[int]bool{}
		for k, id := range l.Hexes {
			hi, err := d.hexRef(id)
			if err != nil {
				fe.Add("%s: hex %d: %v", name, k+1, err)
				ok = false
				continue
			}
			if inLine[hi] {
				fe.Add("%s: hex %s appears twice", name, id)
				ok = false
			}
			inLine[hi] = true
			line.Hexes = append(line.Hexes, hi)
		}
		if !ok {
			continue
		}
		for k := 1; k < len(line.Hexes); k++ {
			a, b := d.Hexes[line.Hexes[k-1]], d.Hexes[line.Hexes[k]]
			s, adj := hexgrid.Between(a.Hex, b.Hex)
			if !adj {
				fe.Add("%s: %s and %s are not adjacent", name, a.ID, b.ID)
				continue
			}
			if other, dup := seen[s]; dup {
				fe.Add("%s: the %s %s-%s is also in %s", name, what, a.ID, b.ID, other)
				continue
			}
			seen[s] = name
			d.setSide(line.Hexes[k-1], line.Hexes[k], flag)
		}
		out = append(out, line)
	}
	return out
}

func (d *Data) setSide(a, b int, flag SideFlags) {
	for dir, n := range d.Hexes[a].Neighbours {
		if int(n) == b {
			d.Hexes[a].Sides[dir] |= flag
		}
	}
	for dir, n := range d.Hexes[b].Neighbours {
		if int(n) == a {
			d.Hexes[b].Sides[dir] |= flag
		}
	}
}

// parseHexside reads "4110/4111".
func (d *Data) parseHexside(s string) (hexgrid.Hexside, int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return hexgrid.Hexside{}, -1, -1, fmt.Errorf("hexside %q: want two hex ids as \"4110/4111\"", s)
	}
	ai, err := d.hexRef(a)
	if err != nil {
		return hexgrid.Hexside{}, -1, -1, fmt.Errorf("hexside %q: %w", s, err)
	}
	bi, err := d.hexRef(b)
	if err != nil {
		return hexgrid.Hexside{}, -1, -1, fmt.Errorf("hexside %q: %w", s, err)
	}
	side, adj := hexgrid.Between(d.Hexes[ai].Hex, d.Hexes[bi].Hex)
	if !adj {
		return hexgrid.Hexside{}, -1, -1, fmt.Errorf("hexside %q: the hexes are not adjacent", s)
	}
	return side, ai, bi, nil
}

func (d *Data) loadSideLines(fe *datafile.Errors, what string, raws []json.RawMessage, flag, exclusive SideFlags) []SideLine {
	var out []SideLine
	seen := map[hexgrid.Hexside]string{}
	for i, raw := range raws {
		var l sideLineJSON
		if !datafile.Entry(fe, what, i, raw, &l) {
			continue
		}
		name := fmt.Sprintf("%s %d (%s)", what, i+1, l.Name)
		if l.Name == "" {
			fe.Add("%s: missing name", name)
		}
		if len(l.Hexsides) == 0 {
			fe.Add("%s: no hexsides", name)
		}
		sl := SideLine{Name: l.Name}
		for _, s := range l.Hexsides {
			side, a, b, err := d.parseHexside(s)
			if err != nil {
				fe.Add("%s: %v", name, err)
				continue
			}
			if other, dup := seen[side]; dup {
				fe.Add("%s: hexside %s is also in %s", name, s, other)
				continue
			}
			seen[side] = name
			if d.sideFlags(a, b)&exclusive != 0 {
				fe.Add("%s: hexside %s already has another hexside feature", name, s)
				continue
			}
			d.setSide(a, b, flag)
			sl.Sides = append(sl.Sides, side)
		}
		out = append(out, sl)
	}
	return out
}

func (d *Data) sideFlags(a, b int) SideFlags {
	for dir, n := range d.Hexes[a].Neighbours {
		if int(n) == b {
			return d.Hexes[a].Sides[dir]
		}
	}
	return 0
}

// checkSymmetry verifies that every hexside feature is seen the same from
// both hexes and that Neighbours are mutual.
func (d *Data) checkSymmetry() error {
	var errs []error
	for i := range d.Hexes {
		for dir, n := range d.Hexes[i].Neighbours {
			if n < 0 {
				if d.Hexes[i].Sides[dir] != 0 {
					errs = append(errs, fmt.Errorf("hex %s: hexside feature toward a hex not in play", d.Hexes[i].ID))
				}
				continue
			}
			back := hexgrid.Dir(dir).Opposite()
			if int(d.Hexes[n].Neighbours[back]) != i || d.Hexes[n].Sides[back] != d.Hexes[i].Sides[dir] {
				errs = append(errs, fmt.Errorf("hexes %s and %s: asymmetric link", d.Hexes[i].ID, d.Hexes[n].ID))
			}
		}
	}
	return errors.Join(errs...)
}

// unreachable lists the ids of the hexes in play not reachable from start
// through hexsides; with flags != 0 only through hexsides carrying one of
// flags.
func (d *Data) unreachable(start int, flags SideFlags) []string {
	seen := make([]bool, len(d.Hexes))
	seen[start] = true
	queue := []int{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for dir, n := range d.Hexes[h].Neighbours {
			if n >= 0 && !seen[n] && (flags == 0 || d.Hexes[h].Sides[dir]&flags != 0) {
				seen[n] = true
				queue = append(queue, int(n))
			}
		}
	}
	var out []string
	for i, s := range seen {
		if !s {
			out = append(out, d.Hexes[i].ID)
		}
	}
	return out
}

func (d *Data) loadZones(fe *datafile.Errors, zones map[string]map[string][]string) {
	for k := range zones {
		if _, ok := datafile.Enum[engine.Side](jsonSides[:], k); !ok {
			fe.Add("road_zones: unknown side %q (allied or axis)", k)
		}
	}
	for side, sname := range jsonSides {
		z, ok := zones[sname]
		if !ok {
			fe.Add("road_zones: no %s zones", sname)
			continue
		}
		for k := range z {
			if len(k) != 1 || k[0] < 'A' || k[0] >= 'A'+NumZones {
				fe.Add("road_zones %s: unknown zone %q (A-F, rule 7.12)", sname, k)
			}
		}
		for zi := range NumZones {
			letter := string(rune('A' + zi))
			ids, ok := z[letter]
			name := fmt.Sprintf("road_zones %s %s", sname, letter)
			if !ok || len(ids) == 0 {
				fe.Add("%s: missing or empty (7.12: six zones per side)", name)
				continue
			}
			for _, id := range ids {
				hi, err := d.hexRef(id)
				if err != nil {
					fe.Add("%s: %v", name, err)
					continue
				}
				hx := &d.Hexes[hi]
				if !hx.Road {
					fe.Add("%s: %s is not a road hex (7.12: zones divide the road hexes)", name, id)
					continue
				}
				if hx.Zone[side] != ZoneNone {
					fe.Add("%s: %s is already in zone %s", name, id, hx.Zone[side].Letter())
					continue
				}
				hx.Zone[side] = Zone(zi + 1)
				d.Zones[side][zi] = append(d.Zones[side][zi], hi)
			}
			if len(d.Zones[side][zi]) > 0 && !d.zoneConnected(engine.Side(side), zi) {
				fe.Add("%s: its road hexes are not connected along roads", name)
			}
		}
		for i := range d.Hexes {
			if d.Hexes[i].Road && d.Hexes[i].Zone[side] == ZoneNone {
				fe.Add("road_zones %s: road hex %s is in no zone (7.12)", sname, d.Hexes[i].ID)
			}
		}
	}
}

func (d *Data) zoneConnected(side engine.Side, zi int) bool {
	hexes := d.Zones[side][zi]
	seen := map[int]bool{hexes[0]: true}
	queue := []int{hexes[0]}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for dir, n := range d.Hexes[h].Neighbours {
			if n >= 0 && !seen[int(n)] && d.Hexes[h].Sides[dir]&RoadSide != 0 && d.Hexes[n].Zone[side] == Zone(zi+1) {
				seen[int(n)] = true
				queue = append(queue, int(n))
			}
		}
	}
	return len(seen) == len(hexes)
}

// -------------------------------------------------------------- units.json

type (
	unitsFile struct {
		Notice  string            `json:"notice"`
		Units   []json.RawMessage `json:"units"`
		Leaders []json.RawMessage `json:"leaders"`
		Markers []json.RawMessage `json:"markers"`
	}
	unitJSON struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		Side        string `json:"side"`
		Nationality string `json:"nationality"`
		Type        string `json:"type"`
		Size        string `json:"size"`
		Division    string `json:"division"`
		Steps       int    `json:"steps"`
		CS          []int  `json:"cs"`
		MA          int    `json:"ma"`
		Setup       string `json:"setup"`
		Arrives     int    `json:"arrives"`
		Withdrawn   int    `json:"withdrawn"`
	}
	faceJSON struct {
		Name    string `json:"name"`
		Attack  int    `json:"attack"`
		Defense int    `json:"defense"`
		Range   int    `json:"range"`
	}
	leaderJSON struct {
		ID          string   `json:"id"`
		Side        string   `json:"side"`
		Nationality string   `json:"nationality"`
		Front       faceJSON `json:"front"`
		Back        faceJSON `json:"back"`
		Setup       string   `json:"setup"`
		Arrives     int      `json:"arrives"`
	}
	markerJSON struct {
		ID    string `json:"id"`
		Kind  string `json:"kind"`
		Side  string `json:"side"`
		Count int    `json:"count"`
		Setup string `json:"setup"`
	}
)

// ReserveBox is the setup value of a unit that starts in the Allied
// Reserve Box (7.4).
const ReserveBox = "reserve"

func loadUnits(fsys fs.FS, d *Data, mapOK bool) error {
	var f unitsFile
	if err := datafile.Read(fsys, "units.json", &f, &f.Notice, dataDoc); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "units.json"}
	ids := map[string]bool{}
	checkID := func(what string, i int, id string) bool {
		switch {
		case !datafile.IsID(id):
			fe.Add("%s %d: id %q is not lower-case kebab (like \"4-armd\")", what, i+1, id)
		case ids[id]:
			fe.Add("%s %q: duplicate id", what, id)
		default:
			ids[id] = true
			return true
		}
		return false
	}
	// placement checks setup/arrives and returns the setup hex.
	placement := func(name string, setup string, arrives int, allowReserve bool) (int, bool) {
		if (setup == "") == (arrives == 0) {
			fe.Add("%s: give exactly one of setup (a hex) and arrives (a turn)", name)
			return -1, false
		}
		if arrives != 0 {
			if arrives < 1 || arrives > NumTurns {
				fe.Add("%s: arrives on turn %d, outside 1-%d", name, arrives, NumTurns)
			}
			return -1, false
		}
		if setup == ReserveBox {
			if !allowReserve {
				fe.Add("%s: only Allied units may start in the Reserve Box (7.4)", name)
			}
			return -1, true
		}
		if !mapOK {
			return -1, false
		}
		hi, err := d.hexRef(setup)
		if err != nil {
			fe.Add("%s: setup: %v", name, err)
			return -1, false
		}
		return hi, false
	}

	divisions := map[string]*UnitDef{}
	for i, raw := range f.Units {
		var u unitJSON
		if !datafile.Entry(fe, "unit", i, raw, &u) || !checkID("unit", i, u.ID) {
			continue
		}
		name := fmt.Sprintf("unit %q", u.ID)
		def := UnitDef{ID: u.ID, Name: u.Name, Division: u.Division, Steps: u.Steps, MA: u.MA,
			Arrives: u.Arrives, Withdrawn: u.Withdrawn, Setup: -1}
		ok := true
		if u.Name == "" {
			fe.Add("%s: missing name", name)
		}
		side, okS := datafile.Enum[engine.Side](jsonSides[:], u.Side)
		nat, okN := datafile.Enum[Nationality](nationalityNames[:], u.Nationality)
		typ, okT := datafile.Enum[UnitType](unitTypeNames[:], u.Type)
		size, okZ := datafile.Enum[Size](sizeNames[:], u.Size)
		switch {
		case !okS:
			fe.Add("%s: unknown side %q (allied or axis)", name, u.Side)
			ok = false
		case !okN:
			fe.Add("%s: unknown nationality %q (%s)", name, u.Nationality, strings.Join(nationalityNames[:], ", "))
			ok = false
		case nat.Side() != side:
			fe.Add("%s: nationality %s does not fight for the %s side", name, nat, u.Side)
			ok = false
		}
		if !okT {
			fe.Add("%s: unknown type %q (%s)", name, u.Type, strings.Join(unitTypeNames[:], ", "))
			ok = false
		}
		if !okZ {
			fe.Add("%s: unknown size %q (XX, X, III or II)", name, u.Size)
			ok = false
		}
		def.Side, def.Nationality, def.Type, def.Size = side, nat, typ, size
		if u.Steps != 1 && u.Steps != 2 {
			fe.Add("%s: steps %d, want 1 or 2 (2.0)", name, u.Steps)
			ok = false
		} else if len(u.CS) != u.Steps {
			fe.Add("%s: cs %v: give %d value(s), one per step (full, reduced)", name, u.CS, u.Steps)
			ok = false
		} else {
			for k, v := range u.CS {
				if v < 0 || v > maxCS {
					fe.Add("%s: cs %d out of range 0-%d", name, v, maxCS)
					ok = false
				}
				def.CS[k] = v
			}
			if u.Steps == 2 && u.CS[1] > u.CS[0] {
				fe.Add("%s: reduced cs %d above full cs %d", name, u.CS[1], u.CS[0])
			}
		}
		if u.MA < 1 || u.MA > maxMA {
			fe.Add("%s: ma %d out of range 1-%d", name, u.MA, maxMA)
		}
		if u.Division != "" && !datafile.IsID(u.Division) {
			fe.Add("%s: division %q is not lower-case kebab", name, u.Division)
		}
		hi, reserve := placement(name, u.Setup, u.Arrives, side == Allied)
		def.Setup, def.Reserve = hi, reserve
		if u.Withdrawn != 0 && (u.Withdrawn < 1 || u.Withdrawn > NumTurns || u.Withdrawn <= u.Arrives) {
			fe.Add("%s: withdrawn on turn %d: must be 1-%d and after it arrives", name, u.Withdrawn, NumTurns)
		}
		if !ok {
			continue
		}
		if hi >= 0 && d.Hexes[hi].Terrain == Qattara && typ != Recon {
			fe.Add("%s: sets up in the Qattara Depression, which only recon may enter (11.1)", name)
		}
		if u.Division != "" {
			if first, seen := divisions[u.Division]; seen && (first.Side != side || first.Nationality != nat) {
				fe.Add("%s: division %q mixes %s with %s units", name, u.Division, nat, first.Nationality)
			} else if !seen {
				divisions[u.Division] = &def
			}
		}
		d.Units = append(d.Units, def)
	}

	for i, raw := range f.Leaders {
		var l leaderJSON
		if !datafile.Entry(fe, "leader", i, raw, &l) || !checkID("leader", i, l.ID) {
			continue
		}
		name := fmt.Sprintf("leader %q", l.ID)
		side, okS := datafile.Enum[engine.Side](jsonSides[:], l.Side)
		nat, okN := datafile.Enum[Nationality](nationalityNames[:], l.Nationality)
		if !okS || !okN || nat.Side() != side {
			fe.Add("%s: side %q and nationality %q do not match", name, l.Side, l.Nationality)
			continue
		}
		def := LeaderDef{ID: l.ID, Side: side, Nationality: nat, Arrives: l.Arrives}
		for k, face := range []faceJSON{l.Front, l.Back} {
			fname := fmt.Sprintf("%s %s", name, [2]string{"front", "back"}[k])
			if face.Name == "" {
				fe.Add("%s: missing name", fname)
			}
			if face.Attack < 0 || face.Attack > maxLeader || face.Defense < 0 || face.Defense > maxLeader {
				fe.Add("%s: attack %d / defense %d out of range 0-%d", fname, face.Attack, face.Defense, maxLeader)
			}
			if face.Range < 1 || face.Range > maxRange {
				fe.Add("%s: range %d out of range 1-%d", fname, face.Range, maxRange)
			}
			def.Faces[k] = LeaderFace(face)
		}
		def.Setup, _ = placement(name, l.Setup, l.Arrives, false)
		d.Leaders = append(d.Leaders, def)
	}
	// 13.1: one Allied, one German and one Italian leader on the map.
	var onMap [NumNationalities]int
	for _, l := range d.Leaders {
		grp := l.Nationality
		if l.Side == Allied {
			grp = British
		}
		if l.Setup >= 0 {
			onMap[grp]++
			if onMap[grp] > 1 {
				fe.Add("leader %q: a second %s-side leader on the map at setup (13.1)", l.ID, grp)
			}
		}
	}

	depots := [2]int{}
	for i, raw := range f.Markers {
		var m markerJSON
		if !datafile.Entry(fe, "marker", i, raw, &m) || !checkID("marker", i, m.ID) {
			continue
		}
		name := fmt.Sprintf("marker %q", m.ID)
		kind, ok := datafile.Enum[MarkerKind](markerKindNames[:], m.Kind)
		if !ok {
			fe.Add("%s: unknown kind %q (%s)", name, m.Kind, strings.Join(markerKindNames[:], ", "))
			continue
		}
		side := engine.Observer
		if m.Side != "" {
			if side, ok = datafile.Enum[engine.Side](jsonSides[:], m.Side); !ok {
				fe.Add("%s: unknown side %q", name, m.Side)
				continue
			}
		}
		if m.Count < 1 || m.Count > 40 {
			fe.Add("%s: count %d out of range 1-40", name, m.Count)
		}
		def := MarkerDef{ID: m.ID, Kind: kind, Side: side, Count: m.Count, Setup: -1}
		if kind == DepotMarker {
			if side == engine.Observer || m.Count != 1 {
				fe.Add("%s: a depot belongs to one side and is one marker (7.1)", name)
			} else {
				depots[side]++
			}
			if m.Setup != "" && mapOK {
				hi, err := d.hexRef(m.Setup)
				switch {
				case err != nil:
					fe.Add("%s: setup: %v", name, err)
				case !d.Hexes[hi].Road:
					fe.Add("%s: setup %s is not a road hex (7.11)", name, m.Setup)
				default:
					def.Setup = hi
				}
			}
		} else if m.Setup != "" {
			fe.Add("%s: only depots have a setup hex", name)
		}
		d.Markers = append(d.Markers, def)
	}
	for side, n := range depots {
		if n != 1 {
			fe.Add("markers: %d %s depots, want 1 (7.1)", n, jsonSides[side])
		}
	}
	if mapOK {
		d.checkSetupStacking(fe)
	}
	return fe.Err()
}

// checkSetupStacking applies 9.2 to the setup: at most four stacking
// points per hex, one battalion free, one side per hex.
func (d *Data) checkSetupStacking(fe *datafile.Errors) {
	type stack struct {
		points, battalions int
		side               engine.Side
		ids                []string
	}
	stacks := map[int]*stack{}
	var order []int
	for i := range d.Units {
		u := &d.Units[i]
		if u.Setup < 0 {
			continue
		}
		s := stacks[u.Setup]
		if s == nil {
			s = &stack{side: u.Side}
			stacks[u.Setup] = s
			order = append(order, u.Setup)
		}
		if s.side != u.Side {
			fe.Add("setup hex %s: units of both sides (%v)", d.Hexes[u.Setup].ID, append(s.ids, u.ID))
		}
		s.ids = append(s.ids, u.ID)
		if u.FreeStacker() && s.battalions == 0 {
			s.battalions++
			continue
		}
		s.points += u.StackPoints()
	}
	for _, h := range order {
		if s := stacks[h]; s.points > StackLimit {
			fe.Add("setup hex %s: %d stacking points (%v), limit %d (9.2)", d.Hexes[h].ID, s.points, s.ids, StackLimit)
		}
	}
}

// -------------------------------------------------------------- turns.json

type (
	turnsFile struct {
		Notice  string            `json:"notice"`
		TurnOne turnOneJSON       `json:"turn_one"`
		Turns   []json.RawMessage `json:"turns"`
	}
	turnOneJSON struct {
		AlliedAP         int  `json:"allied_attack_points"`
		AlliedASP        int  `json:"allied_air_superiority"`
		AlliedNaval      bool `json:"allied_naval_support"`
		AxisAP           int  `json:"axis_attack_points"`
		ItalianNoRetreat int  `json:"italian_no_retreat_turns"`
	}
	turnJSON struct {
		Turn         int            `json:"turn"`
		Month        string         `json:"month"`
		Replacements map[string]int `json:"replacements"`
	}
)

func loadTurns(fsys fs.FS, d *Data) error {
	var f turnsFile
	if err := datafile.Read(fsys, "turns.json", &f, &f.Notice, dataDoc); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "turns.json"}
	t1 := f.TurnOne
	if t1.AlliedAP < 0 || t1.AlliedAP > MaxAP || t1.AxisAP < 0 || t1.AxisAP > MaxAP {
		fe.Add("turn_one: attack points out of range 0-%d (7.3)", MaxAP)
	}
	if t1.AlliedASP < 0 || t1.AlliedASP > 6 {
		fe.Add("turn_one: allied_air_superiority %d out of range 0-6", t1.AlliedASP)
	}
	if t1.ItalianNoRetreat < 0 || t1.ItalianNoRetreat > NumTurns {
		fe.Add("turn_one: italian_no_retreat_turns %d out of range 0-%d", t1.ItalianNoRetreat, NumTurns)
	}
	d.TurnOne = TurnOne{AlliedAP: t1.AlliedAP, AlliedASP: t1.AlliedASP, AlliedNavalSupport: t1.AlliedNaval,
		AxisAP: t1.AxisAP, ItalianNoRetreatTurns: t1.ItalianNoRetreat}

	prevMonth := -1
	for i, raw := range f.Turns {
		var t turnJSON
		if !datafile.Entry(fe, "turn", i, raw, &t) {
			continue
		}
		name := fmt.Sprintf("turn %d", t.Turn)
		if t.Turn != i+1 {
			fe.Add("turn entry %d: numbered %d; list turns 1-%d in order", i+1, t.Turn, NumTurns)
			continue
		}
		m := monthPattern.FindStringSubmatch(t.Month)
		if m == nil {
			fe.Add("%s: month %q is not YYYY-MM", name, t.Month)
		} else {
			y, _ := strconv.Atoi(m[1])
			mo, _ := strconv.Atoi(m[2])
			n := y*12 + mo - 1
			if prevMonth >= 0 && n != prevMonth+1 {
				fe.Add("%s: month %s does not follow the previous turn's (4.0: one month per turn)", name, t.Month)
			}
			prevMonth = n
		}
		def := TurnDef{Turn: t.Turn, Month: t.Month}
		for k := range t.Replacements {
			if _, ok := datafile.Enum[engine.Side](jsonSides[:], k); !ok {
				fe.Add("%s: replacements: unknown side %q", name, k)
			}
		}
		for side, sname := range jsonSides {
			v, ok := t.Replacements[sname]
			if !ok || v < 0 || v > maxRepl {
				fe.Add("%s: replacements %s missing or out of range 0-%d (7.6)", name, sname, maxRepl)
			}
			def.Replacements[side] = v
		}
		d.Turns = append(d.Turns, def)
	}
	if len(f.Turns) != NumTurns {
		fe.Add("%d turns, the game has %d (4.0)", len(f.Turns), NumTurns)
	}
	if len(d.Turns) == NumTurns {
		for i, u := range d.Units {
			if u.Arrives >= 1 && u.Arrives <= NumTurns {
				t := &d.Turns[u.Arrives-1]
				t.Arrivals[u.Side] = append(t.Arrivals[u.Side], i)
			}
			if u.Withdrawn >= 1 && u.Withdrawn <= NumTurns {
				t := &d.Turns[u.Withdrawn-1]
				t.Withdrawals[u.Side] = append(t.Withdrawals[u.Side], i)
			}
		}
		for i, l := range d.Leaders {
			if l.Arrives >= 1 && l.Arrives <= NumTurns {
				t := &d.Turns[l.Arrives-1]
				t.LeaderArrivals[l.Side] = append(t.LeaderArrivals[l.Side], i)
			}
		}
	}
	return fe.Err()
}

// ------------------------------------------------------------- tables.json

type (
	tablesFile struct {
		Notice       string            `json:"notice"`
		RandomEvents eventsJSON        `json:"random_events"`
		Air          airJSON           `json:"air_superiority"`
		AP           apJSON            `json:"attack_points"`
		Reserves     []json.RawMessage `json:"allied_reserves"`
		Supply       []json.RawMessage `json:"axis_supply"`
		UnitTypes    []json.RawMessage `json:"unit_types"`
		Terrain      []json.RawMessage `json:"terrain_effects"`
		Routes       []json.RawMessage `json:"route_effects"`
		Hexsides     []json.RawMessage `json:"hexside_effects"`
		EZOCExtra    int               `json:"ezoc_extra"`
	}
	eventsJSON struct {
		Events  []json.RawMessage `json:"events"`
		Results map[string]string `json:"results"`
	}
	eventJSON struct {
		ID           string `json:"id"`
		Name         string `json:"name"`
		EarliestTurn int    `json:"earliest_turn"`
		Once         bool   `json:"once"`
		Effect       string `json:"effect"`
	}
	airJSON struct {
		ZoneModifiers map[string]map[string]int `json:"zone_modifiers"`
		Rows          []json.RawMessage         `json:"rows"`
	}
	airRowJSON struct {
		Turns  string         `json:"turns"`
		Axis   map[string]int `json:"axis"`
		Allied map[string]int `json:"allied"`
	}
	apJSON struct {
		Rows []json.RawMessage `json:"rows"`
	}
	apRowJSON struct {
		Zone           string         `json:"zone"`
		MajorOffensive map[string]int `json:"major_offensive"`
		Axis           map[string]int `json:"axis"`
		Allied         map[string]int `json:"allied"`
	}
	reserveRowJSON struct {
		Turns string         `json:"turns"`
		Units map[string]int `json:"units"`
	}
	supplyRowJSON struct {
		Turns  string            `json:"turns"`
		Levels map[string]string `json:"levels"`
	}
	typeJSON struct {
		Type          string `json:"type"`
		Group         string `json:"group"`
		ExploitNormal string `json:"exploit_normal"`
		ExploitMajor  string `json:"exploit_major"`
		EZOCMove      bool   `json:"ezoc_move"`
		Advance       int    `json:"advance"`
		HitAttack     int    `json:"hit_attack_normal"`
		HitDefend     int    `json:"hit_defend_normal"`
		HitMajor      int    `json:"hit_major"`
		Penalty       bool   `json:"supply_level_penalty"`
		Rule          string `json:"rule"`
	}
	terrainJSON struct {
		Terrain         string         `json:"terrain"`
		Rule            string         `json:"rule"`
		Move            map[string]int `json:"move"`
		DefendUnit      int            `json:"defend_unit"`
		DefendStack     int            `json:"defend_stack"`
		ArmorDefend     int            `json:"armor_defend"`
		ArmorAttackInto int            `json:"armor_attack_into"`
		ArmorAttackFrom int            `json:"armor_attack_from"`
		IP              bool           `json:"ip"`
		Fortress        bool           `json:"fortress"`
	}
	routeJSON struct {
		Route string `json:"route"`
		Rule  string `json:"rule"`
		Move  int    `json:"move"`
	}
	hexsideJSON struct {
		Hexside          string         `json:"hexside"`
		Rule             string         `json:"rule"`
		MoveExtra        map[string]int `json:"move_extra"`
		NegatedBy        string         `json:"negated_by"`
		AttackUnit       int            `json:"attack_unit"`
		AttackProhibited bool           `json:"attack_prohibited"`
		BlocksZOC        bool           `json:"blocks_zoc"`
	}
)

// parseRange reads "3" or "2-5" within lo..hi.
func parseRange(s string, lo, hi int) (int, int, error) {
	a, b, isRange := strings.Cut(s, "-")
	x, err1 := strconv.Atoi(a)
	y := x
	var err2 error
	if isRange {
		y, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || x < lo || y > hi || x > y {
		return 0, 0, fmt.Errorf("%q is not a range within %d-%d", s, lo, hi)
	}
	return x, y, nil
}

// dieColumns turns a {"1-2": v, "3": w, ...} map into a value per die
// 1..6, reporting gaps and overlaps.
func dieColumns[T any](fe *datafile.Errors, name string, m map[string]T) ([6]T, bool) {
	var out [6]T
	var set [6]bool
	ok := true
	for _, k := range slices.Sorted(maps.Keys(m)) {
		lo, hi, err := parseRange(k, 1, 6)
		if err != nil {
			fe.Add("%s: die range %v", name, err)
			ok = false
			continue
		}
		for die := lo; die <= hi; die++ {
			if set[die-1] {
				fe.Add("%s: die %d is in two columns", name, die)
				ok = false
			}
			set[die-1] = true
			out[die-1] = m[k]
		}
	}
	for die, s := range set {
		if !s {
			fe.Add("%s: no column for die %d (the table has a gap)", name, die+1)
			ok = false
		}
	}
	return out, ok
}

// turnRows checks that the rows' turn ranges cover 1..NumTurns once each.
func turnRows(fe *datafile.Errors, what string, ranges []string) [][2]int {
	var out [][2]int
	var covered [NumTurns]bool
	for i, s := range ranges {
		lo, hi, err := parseRange(s, 1, NumTurns)
		if err != nil {
			fe.Add("%s row %d: turns %v", what, i+1, err)
			out = append(out, [2]int{0, -1})
			continue
		}
		for t := lo; t <= hi; t++ {
			if covered[t-1] {
				fe.Add("%s row %d: turn %d is in two rows", what, i+1, t)
			}
			covered[t-1] = true
		}
		out = append(out, [2]int{lo, hi})
	}
	for t, c := range covered {
		if !c {
			fe.Add("%s: no row for turn %d", what, t+1)
		}
	}
	return out
}

func monotone(vals [6]int, up bool) bool {
	for i := 1; i < 6; i++ {
		if up && vals[i] < vals[i-1] || !up && vals[i] > vals[i-1] {
			return false
		}
	}
	return true
}

func loadTables(fsys fs.FS, d *Data) error {
	var f tablesFile
	if err := datafile.Read(fsys, "tables.json", &f, &f.Notice, dataDoc); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "tables.json"}
	t := &d.Tables
	loadEvents(fe, t, f.RandomEvents)

	// Air Superiority Table (6.1).
	for k := range f.Air.ZoneModifiers {
		if _, ok := datafile.Enum[engine.Side](jsonSides[:], k); !ok {
			fe.Add("air_superiority zone_modifiers: unknown side %q", k)
		}
	}
	for side, sname := range jsonSides {
		m := f.Air.ZoneModifiers[sname]
		if len(m) != NumZones {
			fe.Add("air_superiority zone_modifiers %s: want zones A-F, got %d entries", sname, len(m))
		}
		for zi := range NumZones {
			v, ok := m[string(rune('A'+zi))]
			if !ok || v < -maxMod || v > maxMod {
				fe.Add("air_superiority zone_modifiers %s %c: missing or out of range -%d..%d", sname, 'A'+zi, maxMod, maxMod)
			}
			t.Air.ZoneMod[side][zi] = v
		}
	}
	var airRanges []string
	var airRows []airRowJSON
	for i, raw := range f.Air.Rows {
		var r airRowJSON
		if datafile.Entry(fe, "air_superiority row", i, raw, &r) {
			airRanges = append(airRanges, r.Turns)
			airRows = append(airRows, r)
		}
	}
	for i, tr := range turnRows(fe, "air_superiority", airRanges) {
		row := TurnRow[[2]int]{First: tr[0], Last: tr[1]}
		for side, m := range [2]map[string]int{Allied: airRows[i].Allied, Axis: airRows[i].Axis} {
			name := fmt.Sprintf("air_superiority row %s %s", airRows[i].Turns, jsonSides[side])
			vals, ok := dieColumns(fe, name, m)
			if ok && (!monotone(vals, true) || vals[0] < 0 || vals[5] > 6) {
				fe.Add("%s: scores %v must be 0-6 and rise with the die", name, vals)
			}
			for die := range 6 {
				row.Value[die][side] = vals[die]
			}
		}
		t.Air.Rows = append(t.Air.Rows, row)
	}

	// Attack Points Table (7.31, 7.9).
	var zonesSeen [NumZones]bool
	for i, raw := range f.AP.Rows {
		var r apRowJSON
		if !datafile.Entry(fe, "attack_points row", i, raw, &r) {
			continue
		}
		name := fmt.Sprintf("attack_points zone %s", r.Zone)
		if len(r.Zone) != 1 || r.Zone[0] < 'A' || r.Zone[0] >= 'A'+NumZones {
			fe.Add("attack_points row %d: zone %q is not A-F", i+1, r.Zone)
			continue
		}
		zi := int(r.Zone[0] - 'A')
		if zonesSeen[zi] {
			fe.Add("%s: listed twice", name)
			continue
		}
		zonesSeen[zi] = true
		row := &t.AP[zi]
		for side, sname := range jsonSides {
			c, ok := r.MajorOffensive[sname]
			if !ok || c < 2 || c > 4 {
				fe.Add("%s: major_offensive %s missing or not 2, 3 or 4 (7.9)", name, sname)
			}
			row.MajorOffensive[side] = c
			m := r.Allied
			if engine.Side(side) == Axis {
				m = r.Axis
			}
			vals, ok := dieColumns(fe, name+" "+sname, m)
			if ok && (!monotone(vals, true) || vals[0] < 0 || vals[5] > MaxAP) {
				fe.Add("%s %s: APs %v must be 0-%d and rise with the die", name, sname, vals, MaxAP)
			}
			row.AP[side] = vals
		}
	}
	for zi, s := range zonesSeen {
		if !s {
			fe.Add("attack_points: no row for zone %c (7.31)", 'A'+zi)
		}
	}

	// Allied Reserve Requirements (7.4).
	var resRanges []string
	var resRows []reserveRowJSON
	for i, raw := range f.Reserves {
		var r reserveRowJSON
		if datafile.Entry(fe, "allied_reserves row", i, raw, &r) {
			resRanges = append(resRanges, r.Turns)
			resRows = append(resRows, r)
		}
	}
	for i, tr := range turnRows(fe, "allied_reserves", resRanges) {
		name := fmt.Sprintf("allied_reserves row %s", resRows[i].Turns)
		vals, ok := dieColumns(fe, name, resRows[i].Units)
		if ok && (!monotone(vals, false) || vals[5] < 0 || vals[0] > maxReserve) {
			fe.Add("%s: requirements %v must be 0-%d and fall as the die rises", name, vals, maxReserve)
		}
		t.Reserves = append(t.Reserves, TurnRow[int]{First: tr[0], Last: tr[1], Value: vals})
	}

	// Axis Supply Level (7.5).
	var supRanges []string
	var supRows []supplyRowJSON
	for i, raw := range f.Supply {
		var r supplyRowJSON
		if datafile.Entry(fe, "axis_supply row", i, raw, &r) {
			supRanges = append(supRanges, r.Turns)
			supRows = append(supRows, r)
		}
	}
	for i, tr := range turnRows(fe, "axis_supply", supRanges) {
		name := fmt.Sprintf("axis_supply row %s", supRows[i].Turns)
		names, ok := dieColumns(fe, name, supRows[i].Levels)
		row := TurnRow[SupplyLevel]{First: tr[0], Last: tr[1]}
		var ints [6]int
		for die, s := range names {
			l, okL := datafile.Enum[SupplyLevel](supplyLevelNames[:], s)
			if !okL {
				fe.Add("%s: unknown level %q (%s)", name, s, strings.Join(supplyLevelNames[:], ", "))
				ok = false
			}
			row.Value[die], ints[die] = l, int(l)
		}
		if ok && !monotone(ints, true) {
			fe.Add("%s: levels must improve as the die rises", name)
		}
		t.Supply = append(t.Supply, row)
	}

	loadCharts(fe, t, &f)
	return fe.Err()
}

func loadEvents(fe *datafile.Errors, t *Tables, ev eventsJSON) {
	idx := map[string]int{}
	t.Events.NoEvent = -1
	for i, raw := range ev.Events {
		var e eventJSON
		if !datafile.Entry(fe, "random event", i, raw, &e) {
			continue
		}
		name := fmt.Sprintf("random event %q", e.ID)
		if !datafile.IsID(e.ID) {
			fe.Add("random event %d: id %q is not lower-case kebab", i+1, e.ID)
			continue
		}
		if _, dup := idx[e.ID]; dup {
			fe.Add("%s: duplicate id", name)
			continue
		}
		if e.Name == "" || e.Effect == "" {
			fe.Add("%s: missing name or effect", name)
		}
		if e.EarliestTurn < 1 || e.EarliestTurn > NumTurns {
			fe.Add("%s: earliest_turn %d outside 1-%d", name, e.EarliestTurn, NumTurns)
		}
		if e.ID == "no-event" {
			t.Events.NoEvent = len(t.Events.Events)
		}
		idx[e.ID] = len(t.Events.Events)
		t.Events.Events = append(t.Events.Events, Event(e))
	}
	if t.Events.NoEvent < 0 {
		fe.Add("random events: no \"no-event\" entry (5.0)")
	}
	var set [6][6]bool
	used := map[string]bool{}
	for _, k := range slices.Sorted(maps.Keys(ev.Results)) {
		id := ev.Results[k]
		name := fmt.Sprintf("random event result %q", k)
		a, b, isRange := strings.Cut(k, "-")
		if !isRange {
			b = a
		}
		if len(a) != 2 || len(b) != 2 || a[0] != b[0] || a[0] < '1' || a[0] > '6' || a[1] < '1' || b[1] > '6' || a[1] > b[1] {
			fe.Add("%s: want a roll like \"25\" or a range within one tens digit like \"32-35\", digits 1-6", name)
			continue
		}
		ei, ok := idx[id]
		if !ok {
			fe.Add("%s: unknown event %q", name, id)
			continue
		}
		used[id] = true
		tens := int(a[0] - '1')
		for u := int(a[1] - '1'); u <= int(b[1]-'1'); u++ {
			if set[tens][u] {
				fe.Add("%s: roll %d%d is covered twice", name, tens+1, u+1)
			}
			set[tens][u] = true
			t.Events.Result[tens][u] = ei
		}
	}
	for tens := range 6 {
		for u := range 6 {
			if !set[tens][u] {
				fe.Add("random events: no result for roll %d%d (the table has a gap)", tens+1, u+1)
			}
		}
	}
	for _, e := range t.Events.Events {
		if !used[e.ID] {
			fe.Add("random event %q: no roll gives it", e.ID)
		}
	}
}

func loadCharts(fe *datafile.Errors, t *Tables, f *tablesFile) {
	var typeSeen [NumUnitTypes][2]bool
	for i, raw := range f.UnitTypes {
		var r typeJSON
		if !datafile.Entry(fe, "unit_types row", i, raw, &r) {
			continue
		}
		name := fmt.Sprintf("unit_types %s/%s", r.Type, r.Group)
		typ, ok := datafile.Enum[UnitType](unitTypeNames[:], r.Type)
		grp, okG := datafile.Enum[Group]([]string{"other", "german"}, r.Group)
		if !ok || !okG {
			fe.Add("%s: unknown type or group (group is german or other)", name)
			continue
		}
		if typeSeen[typ][grp] {
			fe.Add("%s: listed twice", name)
			continue
		}
		typeSeen[typ][grp] = true
		if r.Advance < 1 || r.Advance > 2 {
			fe.Add("%s: advance %d, want 1 or 2 (10.27)", name, r.Advance)
		}
		for _, h := range []int{r.HitAttack, r.HitDefend, r.HitMajor} {
			if h < 5 || h > 6 {
				fe.Add("%s: hit number %d, want 5 or 6 (10.21)", name, h)
			}
		}
		en, okN := datafile.Enum[MAShare](maShareNames, r.ExploitNormal)
		em, okM := datafile.Enum[MAShare](maShareNames, r.ExploitMajor)
		if !okN || !okM || em < en {
			fe.Add("%s: exploit_normal %q / exploit_major %q: want none, half or full, major no less than normal (9.5)", name, r.ExploitNormal, r.ExploitMajor)
		}
		t.Types[typ][grp] = TypeCaps{ExploitNormal: en, ExploitMajor: em, EZOCMove: r.EZOCMove, Advance: r.Advance,
			HitAttack: r.HitAttack, HitDefend: r.HitDefend, HitMajor: r.HitMajor, SupplyLevelPenalty: r.Penalty}
	}
	for typ := range NumUnitTypes {
		for g, s := range typeSeen[typ] {
			if !s {
				fe.Add("unit_types: no row for %s/%s", typ, []string{"other", "german"}[g])
			}
		}
	}

	moves := func(name string, m map[string]int, allowZero bool) [NumUnitTypes]int {
		var out [NumUnitTypes]int
		if len(m) != int(NumUnitTypes) {
			fe.Add("%s: move needs exactly the unit types %v", name, unitTypeNames)
		}
		for typ := range NumUnitTypes {
			v, ok := m[typ.String()]
			lo := 1
			if allowZero {
				lo = 0
			}
			if !ok || (v != Prohibited && (v < lo || v > maxSixths)) {
				fe.Add("%s: move %s missing or not %d (prohibited) or %d-%d sixths of an MP", name, typ, Prohibited, lo, maxSixths)
			}
			out[typ] = v
		}
		return out
	}
	mod := func(name, field string, v int) int {
		if v < -maxMod || v > maxMod {
			fe.Add("%s: %s %d out of range -%d..%d", name, field, v, maxMod, maxMod)
		}
		return v
	}
	var tecSeen [NumTECRows]bool
	for i, raw := range f.Terrain {
		var r terrainJSON
		if !datafile.Entry(fe, "terrain_effects row", i, raw, &r) {
			continue
		}
		name := fmt.Sprintf("terrain_effects %s", r.Terrain)
		row, ok := datafile.Enum[TECRow](tecNames[:], r.Terrain)
		if !ok {
			fe.Add("%s: unknown terrain (%s)", name, strings.Join(tecNames[:], ", "))
			continue
		}
		if tecSeen[row] {
			fe.Add("%s: listed twice", name)
			continue
		}
		tecSeen[row] = true
		t.TEC[row] = TerrainEffect{Move: moves(name, r.Move, false),
			DefendUnit: mod(name, "defend_unit", r.DefendUnit), DefendStack: mod(name, "defend_stack", r.DefendStack),
			ArmorDefend: mod(name, "armor_defend", r.ArmorDefend), ArmorAttackInto: mod(name, "armor_attack_into", r.ArmorAttackInto),
			ArmorAttackFrom: mod(name, "armor_attack_from", r.ArmorAttackFrom), IP: r.IP, Fortress: r.Fortress}
	}
	for row, s := range tecSeen {
		if !s {
			fe.Add("terrain_effects: no row for %s (11.1)", TECRow(row))
		}
	}

	var roadSeen, trackSeen bool
	for i, raw := range f.Routes {
		var r routeJSON
		if !datafile.Entry(fe, "route_effects row", i, raw, &r) {
			continue
		}
		name := fmt.Sprintf("route_effects %s", r.Route)
		if r.Move < 1 || r.Move > MP {
			fe.Add("%s: move %d out of range 1-%d sixths", name, r.Move, MP)
		}
		switch {
		case r.Route == "road" && !roadSeen:
			roadSeen, t.RoadCost = true, r.Move
		case r.Route == "track" && !trackSeen:
			trackSeen, t.TrackCost = true, r.Move
		default:
			fe.Add("%s: unknown or duplicate route (road, track)", name)
		}
	}
	if !roadSeen || !trackSeen {
		fe.Add("route_effects: need one road and one track row (11.1)")
	}

	var sideSeen [NumHexsideKinds]bool
	for i, raw := range f.Hexsides {
		var r hexsideJSON
		if !datafile.Entry(fe, "hexside_effects row", i, raw, &r) {
			continue
		}
		name := fmt.Sprintf("hexside_effects %s", r.Hexside)
		k, ok := datafile.Enum[HexsideKind](hexsideKindNames[:], r.Hexside)
		if !ok {
			fe.Add("%s: unknown hexside (%s)", name, strings.Join(hexsideKindNames[:], ", "))
			continue
		}
		if sideSeen[k] {
			fe.Add("%s: listed twice", name)
			continue
		}
		sideSeen[k] = true
		var neg SideFlags
		switch r.NegatedBy {
		case "road":
			neg = RoadSide
		case "road_or_track":
			neg = RoadSide | TrackSide
		case "":
		default:
			fe.Add("%s: negated_by %q, want road, road_or_track or \"\"", name, r.NegatedBy)
		}
		t.Hexside[k] = HexsideEffect{MoveExtra: moves(name, r.MoveExtra, true), NegatedBy: neg,
			AttackUnit: mod(name, "attack_unit", r.AttackUnit), AttackProhibited: r.AttackProhibited, BlocksZOC: r.BlocksZOC}
	}
	for k, s := range sideSeen {
		if !s {
			fe.Add("hexside_effects: no row for %s (11.2)", HexsideKind(k))
		}
	}
	if f.EZOCExtra < 0 || f.EZOCExtra > 2*MP {
		fe.Add("ezoc_extra %d out of range 0-%d sixths", f.EZOCExtra, 2*MP)
	}
	t.EZOCExtra = f.EZOCExtra
}
