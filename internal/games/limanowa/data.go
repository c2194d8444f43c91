package limanowa

import (
	"fmt"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Layout is the printed numbering of the Limanowa map: column letters
// A…AR, two-digit rows 01…25, flat-top columns with the even-numbered
// columns (B, D, …) half a hex lower (docs/limanowa/rulings-data.md D1).
var Layout = hexgrid.Layout{ColLetters: true, Width: 2, MinCol: 1, MaxCol: 44, MinRow: 1, MaxRow: 25}

// The two sides, in engine order.
const (
	Central engine.Side = 0 // Austria-Hungary: the Central Powers of 5.11 (13.0)
	Russian engine.Side = 1
)

// SideNames are the sides as the data files and records write them.
var SideNames = []string{"central", "russian"}

// Terrain is what fills a hex (8.0).
type Terrain uint8

const (
	Open       Terrain = iota
	VillageHex         // full-hex obstacle and cover (8.1)
	Woods              // woods without a green centre dot: concealment (8.9)
	DotWoods           // woods with a green centre dot: obstacle and cover (8.9)
)

// UnitType is a unit's type (3.11).
type UnitType uint8

const (
	NoType UnitType = iota
	Infantry
	Cavalry
	MachineGun
	Artillery
	Mortar
	ArmoredCar
	Tank
	Flamethrower
)

var typeNames = []string{"", "infantry", "cavalry", "machine-gun", "artillery", "mortar", "armored-car", "tank", "flamethrower"}

func (t UnitType) String() string { return typeNames[t] }

// IsGun: artillery, machine guns and mortars (3.11).
func (t UnitType) IsGun() bool { return t == MachineGun || t == Artillery || t == Mortar }

// Face is one side of a unit counter (3.2).
type Face struct {
	Fire     int // firepower: added to the target's cohesion check (6.53)
	Range    int // hexes (6.52)
	Cohesion int // a check above it fails (3.72)
	Move     int // movement points (6.6)
	Melee    int // melee value (6.675)
}

// ParseFace reads 13.0's notation, firepower/range/cohesion/movement:
// "+1/2/8/3" is firepower +1, range 2, cohesion 8, movement 3. Firepower
// may carry a sign; the other values are whole numbers from 0.
func ParseFace(s string) (Face, error) {
	parts := strings.Split(s, "/")
	if len(parts) != 4 {
		return Face{}, fmt.Errorf("%q: want firepower/range/cohesion/movement", s)
	}
	var v [4]int
	for i, p := range parts {
		if i > 0 && (p == "" || p[0] == '+' || p[0] == '-') {
			return Face{}, fmt.Errorf("%q: only firepower takes a sign", s)
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < -9 || n > 99 {
			return Face{}, fmt.Errorf("%q: %q is not a value", s, p)
		}
		v[i] = n
	}
	if v[2] < 2 || v[2] > 12 {
		return Face{}, fmt.Errorf("%q: cohesion %d outside 2-12", s, v[2])
	}
	return Face{Fire: v[0], Range: v[1], Cohesion: v[2], Move: v[3]}, nil
}

// String writes the face in 13.0's notation.
func (f Face) String() string {
	return fmt.Sprintf("%+d/%d/%d/%d", f.Fire, f.Range, f.Cohesion, f.Move)
}

// OOBLine is one line of an order of battle in 13.0's notation: "6
// Infantry Companies +1/2/8/3 0/2/7/1" - number, type, then the formed
// and the dispersed face.
type OOBLine struct {
	Count             int
	Name              string
	Formed, Dispersed Face
}

// ParseOOBLine reads a line of 13.0's notation.
func ParseOOBLine(s string) (OOBLine, error) {
	f := strings.Fields(s)
	if len(f) < 4 {
		return OOBLine{}, fmt.Errorf("%q: want count, name, formed and dispersed values", s)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 {
		return OOBLine{}, fmt.Errorf("%q: %q is not a count", s, f[0])
	}
	formed, err := ParseFace(f[len(f)-2])
	if err != nil {
		return OOBLine{}, err
	}
	dispersed, err := ParseFace(f[len(f)-1])
	if err != nil {
		return OOBLine{}, err
	}
	return OOBLine{Count: n, Name: strings.Join(f[1:len(f)-2], " "), Formed: formed, Dispersed: dispersed}, nil
}

// Counter is a unit counter of the mix (counters.json).
type Counter struct {
	ID, Name  string
	Side      engine.Side
	Nation    string
	Type      UnitType
	Also      UnitType // a second type (3.12: horse artillery is also cavalry), or NoType
	Count     int      // counters in the mix
	Formed    Face
	Dispersed Face
	NoDig     bool   // 13.0: Cossacks and Hussars never dig
	Pair      string // the counter exchanged for it (mounted/dismounted Hussars)
}

// Village is a whole village: a contiguous cluster of village hexes
// (campaign victory conditions).
type Village struct {
	ID, Name string
	Hexes    []hexgrid.Hex
}

// Hill is a named hill mass: the in-play hexes within Radius of Centre
// (13.0: the Golkow and Jabloniec).
type Hill struct {
	ID, Name string
	Centre   hexgrid.Hex
	Radius   int
	Hexes    []hexgrid.Hex
}

// Route is a road (hex chain) or a stream (hexsides).
type Route struct {
	ID, Name string
	Hexes    []hexgrid.Hex     // roads
	Sides    []hexgrid.Hexside // streams
}

// SideFlags are the features of a hexside.
type SideFlags uint8

const (
	RoadSide   SideFlags = 1 << iota // crossed by a road (8.6)
	StreamSide                       // follows a stream (8.7)
	Bridge                           // a bridge spans the stream (8.7)
)

// Map is the board: terrain and levels in dense tables indexed by printed
// column and row, and the named features.
type Map struct {
	Hexes    []hexgrid.Hex // in play, in Layout order
	inPlay   [46][27]bool
	level    [46][27]int8
	terrain  [46][27]Terrain
	Villages []Village
	Hills    []Hill
	Edges    [2][]hexgrid.Hex // each side's friendly board edge (campaigns)
	Roads    []Route
	Streams  []Route
	Sides    hexgrid.SideMap[SideFlags]
	village  map[hexgrid.Hex]int // village index of a village hex
	lines    *vertexMemo         // SeeVertex in plain daylight, memoized (sight.go); nil: none
}

func (m *Map) cell(h hexgrid.Hex) (int, int, bool) {
	if !Layout.OnMap(h) {
		return 0, 0, false
	}
	c, r := Layout.ColRow(h)
	return c, r, true
}

// InPlay reports whether h has a visible centre dot (2.2).
func (m *Map) InPlay(h hexgrid.Hex) bool {
	c, r, ok := m.cell(h)
	return ok && m.inPlay[c][r]
}

// Level is h's elevation level: the highest in the hex, the level its
// units stand on (4.51, 8.44). 0 off the printed map.
func (m *Map) Level(h hexgrid.Hex) int {
	c, r, ok := m.cell(h)
	if !ok {
		return 0
	}
	return int(m.level[c][r])
}

// Terrain is what fills h.
func (m *Map) Terrain(h hexgrid.Hex) Terrain {
	c, r, ok := m.cell(h)
	if !ok {
		return Open
	}
	return m.terrain[c][r]
}

// SectorLevel is the level of the ground in h's sector toward d: a sector
// facing a lower neighbour holds the contour line and lies one level
// lower (rulings-data D4).
func (m *Map) SectorLevel(h hexgrid.Hex, d hexgrid.Dir) int {
	l := m.Level(h)
	n := h.Neighbour(d)
	if Layout.OnMap(n) && m.Level(n) < l {
		return l - 1
	}
	return l
}

// Crest reports whether h holds a contour line (two levels, 8.42).
func (m *Map) Crest(h hexgrid.Hex) bool {
	for d := hexgrid.Dir(0); d < 6; d++ {
		if m.SectorLevel(h, d) != m.Level(h) {
			return true
		}
	}
	return false
}

// VillageOf returns the whole village h belongs to, if h is a village hex.
func (m *Map) VillageOf(h hexgrid.Hex) (*Village, bool) {
	i, ok := m.village[h]
	if !ok {
		return nil, false
	}
	return &m.Villages[i], true
}

// Hill returns the named hill mass.
func (m *Map) Hill(id string) (*Hill, bool) {
	for i := range m.Hills {
		if m.Hills[i].ID == id {
			return &m.Hills[i], true
		}
	}
	return nil, false
}
