package compass

import (
	"cmp"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/datafile"
)

// The counts the rulebook fixes, and the loader's sanity limits.
const (
	wantAreas            = 42 // rule 1.1
	wantTurns            = 12 // rule 5
	setupStackLimit      = 6  // rule 3.1
	maxPrinted           = 9  // largest CV or MC a counter can print
	maxReplacementPoints = 9
)

var (
	wantUnits  = [2]int{Allied: 17, Italian: 25} // rule 1
	wantEvents = [2]int{Allied: 15, Italian: 10} // rule 1

	// The areas the rulebook names: the victory areas (rule 2), the
	// logistic areas (3.2) and the second reinforcement areas (3.11).
	ruleVP       = map[string]int{"agedabia": 3, "bardia": 2, "bengasi": 3, "giarabub": 1, "tobruch": 3, "el-agheila": 0, "piccadilly-circus": 0}
	ruleVPAreas  = []string{"agedabia", "bardia", "bengasi", "giarabub", "tobruch"}
	ruleAreas    = []string{"agedabia", "bardia", "bengasi", "el-agheila", "giarabub", "piccadilly-circus", "tobruch"}
	ruleLogistic = [2]string{Allied: "piccadilly-circus", Italian: "el-agheila"}
)

// jsonSides and jsonEvents are the JSON spellings of the sides and events.
var (
	jsonSides  = [2]string{Allied: "allied", Italian: "italian"}
	jsonEvents = [NumEvents]string{
		AirSupport:      "air_support",
		NavalSupport:    "naval_support",
		Leader:          "leader",
		Surprise:        "surprise",
		UnitRecovery:    "unit_recovery",
		MotorConvoy:     "motor_convoy",
		SustainedAttack: "sustained_attack",
		Matilda:         "matilda",
	}
	jsonLinkKinds = map[string]LinkKind{"road": Road, "track": Track, "desert": Desert}
)

// dataDoc is the document the data files' notices must point to.
const dataDoc = "docs/compass/data.md"

//go:embed data/*.json
var embeddedData embed.FS

var defaultData = datafile.Embedded("compass", embeddedData, "data", LoadData)

// DefaultData returns the embedded reconstruction of the components. It is
// loaded once and shared: callers must not modify it.
func DefaultData() *Data { return defaultData() }

// The file formats. Entries are decoded one by one so that an error can
// name the entry it is in.
type (
	mapFile struct {
		Notice string            `json:"notice"`
		Areas  []json.RawMessage `json:"areas"`
		Links  []json.RawMessage `json:"links"`
	}
	areaJSON struct {
		ID           string  `json:"id"`
		Name         string  `json:"name"`
		Lat          float64 `json:"lat"`
		Lon          float64 `json:"lon"`
		Coastal      bool    `json:"coastal"`
		NavalSupport bool    `json:"naval_support"`
		VP           int     `json:"vp"`
		Logistic     string  `json:"logistic"` // "", "allied" or "italian"
	}
	linkJSON struct {
		A    string `json:"a"`
		B    string `json:"b"`
		Kind string `json:"kind"`
	}
	unitsFile struct {
		Notice string            `json:"notice"`
		Units  []json.RawMessage `json:"units"`
	}
	unitJSON struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		Side        string `json:"side"`
		CV          []int  `json:"cv"` // [full] with one step, [full, reduced] with two
		Steps       int    `json:"steps"`
		Support     bool   `json:"support"`
		DefenceOnly bool   `json:"defence_only"`
		Garrison    bool   `json:"garrison"`
		MC          int    `json:"mc"`
		Start       string `json:"start"`
		Arrives     int    `json:"arrives"`
		Removed     int    `json:"removed"`
		SuppliedIn  string `json:"supplied_in"`
		Matilda     bool   `json:"matilda"`
	}
	trackFile struct {
		Notice string                    `json:"notice"`
		Turns  []json.RawMessage         `json:"turns"`
		Mix    map[string]map[string]int `json:"mix"`
	}
	turnJSON struct {
		Turn         int            `json:"turn"`
		Dates        string         `json:"dates"`
		Events       map[string]int `json:"events"`
		Replacements map[string]int `json:"replacements"`
	}
)

// LoadData reads map.json, units.json and track.json from the root of fsys
// and checks them against the rulebook. Every error names the file and the
// entry at fault.
func LoadData(fsys fs.FS) (*Data, error) {
	d := &Data{}
	areaIndex, mapErr := loadMap(fsys, d)
	// The other files are checked even when the map is wrong, so that one
	// run reports every problem.
	err := errors.Join(mapErr, loadUnits(fsys, d, areaIndex), loadTrack(fsys, d))
	if err != nil {
		return nil, err
	}
	return d, nil
}

func loadMap(fsys fs.FS, d *Data) (map[string]int, error) {
	var f mapFile
	if err := datafile.Read(fsys, "map.json", &f, &f.Notice, dataDoc); err != nil {
		return nil, err
	}
	fe := &datafile.Errors{File: "map.json"}
	index := map[string]int{}
	var logistic [2][]string
	for i, raw := range f.Areas {
		var a areaJSON
		if !datafile.Entry(fe, "area", i, raw, &a) {
			continue
		}
		if !datafile.IsID(a.ID) {
			fe.Add("area %d: id %q is not lower-case kebab (like \"sidi-barrani\")", i+1, a.ID)
			continue
		}
		if _, dup := index[a.ID]; dup {
			fe.Add("area %q: duplicate id", a.ID)
			continue
		}
		area := Area{ID: a.ID, Name: a.Name, Lat: a.Lat, Lon: a.Lon, Coastal: a.Coastal,
			NavalSupport: a.NavalSupport, VP: a.VP, Logistic: engine.Observer}
		if a.Name == "" {
			fe.Add("area %q: missing name", a.ID)
		}
		if a.Lat < -90 || a.Lat > 90 || a.Lon < -180 || a.Lon > 180 {
			fe.Add("area %q: position %g,%g is not a latitude and longitude", a.ID, a.Lat, a.Lon)
		}
		if a.NavalSupport && !a.Coastal {
			fe.Add("area %q: naval_support on an area that is not coastal (rule 7)", a.ID)
		}
		if a.VP < 0 || a.VP > maxPrinted {
			fe.Add("area %q: vp %d out of range 0-%d", a.ID, a.VP, maxPrinted)
		}
		if a.Logistic != "" {
			side, ok := datafile.Enum[engine.Side](jsonSides[:], a.Logistic)
			if !ok {
				fe.Add("area %q: unknown logistic side %q (allied, italian or \"\")", a.ID, a.Logistic)
			} else {
				area.Logistic = side
				logistic[side] = append(logistic[side], a.ID)
			}
		}
		index[a.ID] = len(d.Areas)
		d.Areas = append(d.Areas, area)
	}
	if len(f.Areas) != wantAreas {
		fe.Add("%d areas, the rulebook's map has %d (rule 1.1)", len(f.Areas), wantAreas)
	}
	for side, ids := range logistic {
		if len(ids) != 1 {
			fe.Add("%d %s logistic areas %q, want exactly one (rule 3.2)", len(ids), jsonSides[side], ids)
		} else if ids[0] != ruleLogistic[side] {
			fe.Add("area %q is the %s logistic area, but rule 3.2 makes it %q", ids[0], jsonSides[side], ruleLogistic[side])
		}
	}
	// The areas the rules name keep their ids: the rules code and the
	// records find them by id.
	for _, id := range ruleAreas {
		i, ok := index[id]
		switch {
		case !ok:
			fe.Add("no area %q: the rulebook names it (rules 2, 3.2, 3.11), keep its id", id)
		case d.Areas[i].VP != ruleVP[id]:
			fe.Add("area %q: vp %d, rule 2 gives it %d", id, d.Areas[i].VP, ruleVP[id])
		}
	}
	for _, a := range d.Areas {
		if _, named := ruleVP[a.ID]; !named && a.VP != 0 {
			fe.Add("area %q: vp %d, but rule 2 awards VP only for %s", a.ID, a.VP, strings.Join(ruleVPAreas, ", "))
		}
	}

	type pair struct{ a, b int }
	seen := map[pair]int{}
	linkErrs := fe.Len()
	for i, raw := range f.Links {
		var l linkJSON
		if !datafile.Entry(fe, "link", i, raw, &l) {
			continue
		}
		name := fmt.Sprintf("link %d (%s-%s)", i+1, l.A, l.B)
		a, okA := index[l.A]
		b, okB := index[l.B]
		kind, okK := jsonLinkKinds[l.Kind]
		switch {
		case !okA:
			fe.Add("%s: unknown area %q", name, l.A)
		case !okB:
			fe.Add("%s: unknown area %q", name, l.B)
		case !okK:
			fe.Add("%s: unknown kind %q (road, track or desert)", name, l.Kind)
		case a == b:
			fe.Add("%s: links an area to itself", name)
		default:
			p := pair{min(a, b), max(a, b)}
			if j, dup := seen[p]; dup {
				fe.Add("%s: listed twice (also link %d); list each adjacency once", name, j+1)
				continue
			}
			seen[p] = i
			d.Areas[a].Links = append(d.Areas[a].Links, Link{To: b, Kind: kind})
			d.Areas[b].Links = append(d.Areas[b].Links, Link{To: a, Kind: kind})
		}
	}
	for i := range d.Areas {
		slices.SortFunc(d.Areas[i].Links, func(x, y Link) int { return cmp.Compare(x.To, y.To) })
	}
	if fe.Len() == linkErrs && len(d.Areas) > 0 {
		if cut := unreachableAreas(d.Areas, 0, func(Link) bool { return true }); len(cut) > 0 {
			fe.Add("the map is not connected: no links lead from %q to %q", d.Areas[0].ID, cut)
		}
	}
	return index, fe.Err()
}

// unreachableAreas lists the ids of the areas that cannot be reached from area
// from along the links that pass ok.
func unreachableAreas(areas []Area, from int, ok func(Link) bool) []string {
	seen := make([]bool, len(areas))
	seen[from] = true
	queue := []int{from}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, l := range areas[a].Links {
			if !seen[l.To] && ok(l) {
				seen[l.To] = true
				queue = append(queue, l.To)
			}
		}
	}
	var out []string
	for i, s := range seen {
		if !s {
			out = append(out, areas[i].ID)
		}
	}
	return out
}

func loadUnits(fsys fs.FS, d *Data, areaIndex map[string]int) error {
	var f unitsFile
	if err := datafile.Read(fsys, "units.json", &f, &f.Notice, dataDoc); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "units.json"}
	ids := map[string]bool{}
	var perSide [2]int
	var matildas []string
	for i, raw := range f.Units {
		var u unitJSON
		if !datafile.Entry(fe, "unit", i, raw, &u) {
			continue
		}
		if !datafile.IsID(u.ID) {
			fe.Add("unit %d: id %q is not lower-case kebab (like \"4-armd-bde\")", i+1, u.ID)
			continue
		}
		if ids[u.ID] {
			fe.Add("unit %q: duplicate id", u.ID)
			continue
		}
		ids[u.ID] = true
		bad := func(format string, args ...any) {
			fe.Add("unit %q: "+format, append([]any{u.ID}, args...)...)
		}
		def := UnitDef{ID: u.ID, Name: u.Name, Steps: u.Steps, Support: u.Support,
			DefenceOnly: u.DefenceOnly, Garrison: u.Garrison, MC: u.MC,
			Start: -1, Arrives: u.Arrives, Removed: u.Removed, SuppliedIn: -1, Matilda: u.Matilda}
		if u.Name == "" {
			bad("missing name")
		}
		side, ok := datafile.Enum[engine.Side](jsonSides[:], u.Side)
		if !ok {
			bad("unknown side %q (allied or italian)", u.Side)
		} else {
			def.Side = side
			perSide[side]++
		}
		switch u.Steps {
		case 1, 2:
			if len(u.CV) != u.Steps {
				bad("cv %v: give [full] for a unit with 1 step, [full, reduced] for one with 2 (rule 1.2); it has %d", u.CV, u.Steps)
			}
		default:
			bad("steps %d: a unit has 1 or 2 strength levels (rule 1.2)", u.Steps)
		}
		if len(u.CV) == 0 {
			bad("missing cv")
		}
		for j, v := range u.CV {
			if v < 0 || v > maxPrinted {
				bad("cv %d out of range 0-%d", v, maxPrinted)
			} else if j < 2 {
				def.CV[j] = v
			}
		}
		if len(u.CV) == 2 && u.CV[1] > u.CV[0] {
			bad("reduced cv %d is more than full cv %d", u.CV[1], u.CV[0])
		}
		if u.MC < 0 || u.MC > maxPrinted {
			bad("mc %d out of range 0-%d", u.MC, maxPrinted)
		}
		if u.Garrison && (!u.DefenceOnly || u.MC != 0) {
			bad("a garrison must be defence_only with mc 0 (rule 3.7)")
		}
		if u.Arrives < 0 || u.Arrives > wantTurns {
			bad("arrives %d out of range 0-%d", u.Arrives, wantTurns)
		}
		if u.Removed < 0 || u.Removed > wantTurns {
			bad("removed %d out of range 0-%d", u.Removed, wantTurns)
		} else if u.Removed != 0 && u.Removed <= u.Arrives {
			bad("removed on turn %d, not after its arrival on turn %d (rule 3.11)", u.Removed, u.Arrives)
		}
		if u.Start != "" {
			if a, ok := areaIndex[u.Start]; ok {
				def.Start = a
			} else {
				bad("unknown start area %q", u.Start)
			}
		}
		switch {
		case u.Arrives == 0 && u.Start == "":
			bad("on the map at start (arrives 0) but has no start area")
		case u.Arrives > 0 && u.Start != "":
			bad("a reinforcement (arrives %d) must have start \"\": it enters at its logistic or reinforcement area (rule 3.11)", u.Arrives)
		}
		if u.SuppliedIn != "" {
			if a, ok := areaIndex[u.SuppliedIn]; ok {
				def.SuppliedIn = a
			} else {
				bad("unknown supplied_in area %q", u.SuppliedIn)
			}
		}
		if u.Matilda {
			matildas = append(matildas, u.ID)
			if side != Allied {
				bad("matilda marks the Allied 7RTR (rule 7), not a %s unit", u.Side)
			}
		}
		d.Units = append(d.Units, def)
	}
	for side, n := range perSide {
		if n != wantUnits[side] {
			fe.Add("%d %s units, the rulebook has %d (rule 1)", n, jsonSides[side], wantUnits[side])
		}
	}
	if len(matildas) != 1 {
		fe.Add("%d units marked matilda %q, want exactly one: 7RTR (rule 7)", len(matildas), matildas)
	}
	// Rule 3.1: at most six units in an area, without limit in the Allied
	// logistic area.
	stack := map[int]int{}
	for _, u := range d.Units {
		if u.Start >= 0 {
			stack[u.Start]++
		}
	}
	for _, a := range slices.Sorted(maps.Keys(stack)) {
		n := stack[a]
		if n > setupStackLimit && d.Areas[a].Logistic != Allied {
			fe.Add("area %q: %d units at start, more than %d (rule 3.1)", d.Areas[a].ID, n, setupStackLimit)
		}
	}
	return fe.Err()
}

func loadTrack(fsys fs.FS, d *Data) error {
	var f trackFile
	if err := datafile.Read(fsys, "track.json", &f, &f.Notice, dataDoc); err != nil {
		return err
	}
	fe := &datafile.Errors{File: "track.json"}

	// The mix first: the number of markers bounds the draws.
	var total [2]int
	for _, name := range slices.Sorted(maps.Keys(f.Mix)) {
		kinds := f.Mix[name]
		side, ok := datafile.Enum[engine.Side](jsonSides[:], name)
		if !ok {
			fe.Add("mix: unknown side %q (allied or italian)", name)
			continue
		}
		for _, kind := range slices.Sorted(maps.Keys(kinds)) {
			n := kinds[kind]
			k := slices.Index(jsonEvents[:], kind)
			if k < 0 {
				fe.Add("mix: %s: unknown event %q (one of %v)", name, kind, jsonEvents)
				continue
			}
			if n < 0 {
				fe.Add("mix: %s: %s %d is negative", name, kind, n)
				continue
			}
			d.Mix[side][k] = n
			total[side] += n
		}
	}
	for side, n := range total {
		if n != wantEvents[side] {
			fe.Add("mix: %d %s event markers, the rulebook has %d (rule 1)", n, jsonSides[side], wantEvents[side])
		}
	}

	for i, raw := range f.Turns {
		var t turnJSON
		if !datafile.Entry(fe, "turn", i, raw, &t) {
			continue
		}
		if t.Turn != i+1 {
			fe.Add("turn %d: numbered %d; list the turns in order from 1", i+1, t.Turn)
		}
		def := TurnDef{Dates: t.Dates}
		if t.Dates == "" {
			fe.Add("turn %d: missing dates", i+1)
		}
		perSide := func(field string, m map[string]int, limit [2]int, out *[2]int) {
			for _, name := range slices.Sorted(maps.Keys(m)) {
				n := m[name]
				side, ok := datafile.Enum[engine.Side](jsonSides[:], name)
				if !ok {
					fe.Add("turn %d: %s: unknown side %q (allied or italian)", i+1, field, name)
					continue
				}
				if n < 0 || n > limit[side] {
					fe.Add("turn %d: %s: %s %d out of range 0-%d", i+1, field, name, n, limit[side])
					continue
				}
				out[side] = n
			}
		}
		perSide("events", t.Events, wantEvents, &def.Events)
		perSide("replacements", t.Replacements, [2]int{maxReplacementPoints, maxReplacementPoints}, &def.Replacements)
		if i == 0 && def.Events[Allied] != turnOnePicks {
			fe.Add("turn 1: events: allied %d, but on turn 1 the Allied player takes %d events of his choice (rule 6.1.A)", def.Events[Allied], turnOnePicks)
		}
		d.Turns = append(d.Turns, def)
	}
	if len(f.Turns) != wantTurns {
		fe.Add("%d turns, the game has %d (rule 5)", len(f.Turns), wantTurns)
	}
	return fe.Err()
}
