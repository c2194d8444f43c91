package wdf

import (
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// The sides, in the order the rules give them the player turn (rule 4.0:
// the Allied Player Turn comes first).
const (
	Allied engine.Side = 0
	Axis   engine.Side = 1
)

// LeaderMA is a leader's movement allowance: leaders move "at the motorized
// movement rate" (13.4), paying motorized terrain costs; the counters'
// printed values are not known, so the reconstruction gives every leader
// the motorized MA of the British and German motorized units (data.md).
const LeaderMA = 6

// Counts the rulebook fixes.
const (
	NumTurns   = 23 // rule 4.0: 23 turns, Dec 1940 (turn 1) to Oct 1942
	NumZones   = 6  // rule 7.12: six road zones per side, A to F
	StackLimit = 4  // rule 9.2: four stacking points per hex
	MaxAP      = 12 // rule 7.3: never more than twelve Attack Points
)

// MP is one movement point in the cost units of every movement value in
// these tables: costs are stored in sixths of an MP so that road (1/3 MP)
// and track (1/2 MP) costs are whole numbers (rule 11.1). Clear = 6,
// road = 2, track = 3.
const MP = 6

// Layout is the printed numbering of the map: "3609" is column 36, row 09;
// flat-top hexes in columns, even columns half a hex lower (see
// docs/hexgrid.md and the dossier §1).
var Layout = hexgrid.Layout{Width: 2, MinCol: 1, MaxCol: 70, MinRow: 1, MaxRow: 26}

// Terrain is the hex terrain of rule 11.1 (towns, cities and fortresses are
// Places on top of it). Hexes of sea and of the Great Sand Sea are not in
// play and have no Hex entry.
type Terrain uint8

const (
	Clear     Terrain = iota // 11.1: 1 MP
	Rough                    // 11.1: 2 MP armor/motorized, 1 others; +1 defending stack
	Mountain                 // 11.1: 3 MP armor/motorized, 2 others; +1 each defending unit
	SaltMarsh                // 11.1: 3 MP armor/motorized, 2 others; +1 defending stack; no IPs
	Qattara                  // 11.1: Qattara Depression, 2 MP recon only
	NumTerrains
)

var terrainNames = [NumTerrains]string{"clear", "rough", "mountain", "salt_marsh", "qattara"}

func (t Terrain) String() string {
	if t < NumTerrains {
		return terrainNames[t]
	}
	return "terrain?"
}

// PlaceKind is what a Place is on the map.
type PlaceKind uint8

const (
	Locality PlaceKind = iota // a name printed for orientation only: no effect
	Town                      // 11.1 town: no effect, the other terrain counts
	City                      // 11.1 Alexandria & Benghazi (and Tobruk once destroyed)
	Fortress                  // 11.1, 16.0 Tobruk and Bardia while they keep fortress status
)

var placeKindNames = []string{"locality", "town", "city", "fortress"}

func (k PlaceKind) String() string {
	if int(k) < len(placeKindNames) {
		return placeKindNames[k]
	}
	return "place?"
}

// Side flags of a hexside, kept per hex and direction in Hex.Sides.
type SideFlags uint8

const (
	RoadSide       SideFlags = 1 << iota // a road runs across this hexside (11.1)
	TrackSide                            // a track runs across this hexside (11.1)
	EscarpmentSide                       // 11.2 escarpment (9.3: blocks ZOC unless road/track)
	RidgeSide                            // 11.2 ridge
	RiverSide                            // 11.2 river
)

// Zone is a road zone letter (rule 7.12): 1 = A … 6 = F; 0 = not a road hex.
type Zone uint8

// ZoneNone marks a hex in no road zone.
const ZoneNone Zone = 0

// Letter returns "A".."F", or "-" for ZoneNone.
func (z Zone) Letter() string {
	if z >= 1 && z <= NumZones {
		return string(rune('A' + z - 1))
	}
	return "-"
}

// Hex is one hex in play.
type Hex struct {
	ID       string      // printed id, "3609"
	Hex      hexgrid.Hex // axial coordinates (Layout.Hex(Col, Row))
	Col, Row int
	Terrain  Terrain
	// Coastal: adjacent to a sea hex (rule 15.0: naval support and
	// bombardment only against coastal hexes).
	Coastal bool
	Place   int // index into Data.Places, or -1
	// Neighbours are the dense indexes of the six adjacent hexes in play,
	// by hexgrid.Dir, or -1 (sea, off the map, out of play).
	Neighbours [6]int32
	// Sides are the features of the six hexsides, by hexgrid.Dir.
	Sides [6]SideFlags
	Road  bool // a road hex (on a road line): 7.11, 8.1, 9.4, 11.1
	Track bool // a track hex (on a track line): 8.1, 9.4, 11.1
	// Zone is the hex's road zone for each side (7.12), by engine.Side;
	// ZoneNone unless Road.
	Zone [2]Zone
}

// Place is a named location: town, city, fortress or locality.
type Place struct {
	Hex  int // dense index
	Name string
	Kind PlaceKind
	// FortressLevels is how many states the fortress marker has (16.1:
	// Tobruk 3 = intact, reduced, destroyed; Bardia 2 = intact,
	// destroyed); 0 for other places.
	FortressLevels int
	// LostAs is what a fortress becomes once destroyed (16.1: Tobruk a
	// city like Alexandria and Benghazi, Bardia a town).
	LostAs PlaceKind
}

// Line is a road or track: hexes in order, consecutive ones adjacent and
// joined across their hexside.
type Line struct {
	Name  string
	Hexes []int // dense indexes
}

// SideLine is a named escarpment, ridge or river: a set of hexsides.
type SideLine struct {
	Name  string
	Sides []hexgrid.Hexside
}

// Nationality of a piece. Rule 10.51 tells British from Commonwealth and
// other Allied; 7.63 German from Italian.
type Nationality uint8

const (
	British Nationality = iota
	Australian
	Indian
	NewZealand
	SouthAfrican
	Polish
	FreeFrench
	Greek
	German
	Italian
	NumNationalities
)

var nationalityNames = [NumNationalities]string{"british", "australian", "indian", "new_zealand",
	"south_african", "polish", "free_french", "greek", "german", "italian"}

func (n Nationality) String() string {
	if n < NumNationalities {
		return nationalityNames[n]
	}
	return "nationality?"
}

// Side is the side the nationality fights for.
func (n Nationality) Side() engine.Side {
	if n == German || n == Italian {
		return Axis
	}
	return Allied
}

// Commonwealth reports the Dominion and Indian nationalities (10.51: not
// British for the armored division modifier).
func (n Nationality) Commonwealth() bool { return n >= Australian && n <= SouthAfrican }

// UnitType is the type on the Unit Type & Capabilities chart.
type UnitType uint8

const (
	Armor     UnitType = iota // 9.31, 9.5, 10.21, 10.27
	Motorized                 // 9.5, 10.21, 10.27; leaders move at this rate (13.4)
	Recon                     // 9.5, 10.27; only type that may enter the Qattara Depression
	Infantry                  // everything without exploitation capability
	NumUnitTypes
)

var unitTypeNames = [NumUnitTypes]string{"armor", "motorized", "recon", "infantry"}

func (t UnitType) String() string {
	if t < NumUnitTypes {
		return unitTypeNames[t]
	}
	return "type?"
}

// Size is the unit size symbol (rule 2.0).
type Size uint8

const (
	Division  Size = iota // XX
	Brigade               // X
	Regiment              // III
	Battalion             // II: no ZOC (9.3); one stacks free (9.2)
	NumSizes
)

var sizeNames = [NumSizes]string{"XX", "X", "III", "II"}

func (s Size) String() string {
	if s < NumSizes {
		return sizeNames[s]
	}
	return "size?"
}

// UnitDef is one combat unit counter.
type UnitDef struct {
	ID          string // stable identifier used in records: "4-armd"
	Name        string
	Side        engine.Side
	Nationality Nationality
	Type        UnitType
	Size        Size
	// Division groups the pieces of one division for division integrity
	// (10.5); "" for independent pieces. British armour and motor brigades
	// have none (10.51).
	Division string
	Steps    int    // 1 or 2 (rule 2.0)
	CS       [2]int // combat strength full, reduced (CS[1] unused with one step)
	MA       int    // printed movement allowance in whole MP (multiply by MP for costs)
	// Setup is the dense hex index at the start, -1 if not on the map.
	Setup int
	// Reserve: starts in the Allied Reserve Box (7.4).
	Reserve bool
	// Arrives is the turn it enters as a reinforcement (7.7), 0 if it
	// starts in play.
	Arrives int
	// Withdrawn is the turn it leaves the game by schedule, 0 if never.
	// (The reconstruction schedules none: the Allied Reserve rules 7.4/7.8
	// model the demands of other fronts.)
	Withdrawn int
}

// StackPoints is the unit's stacking value (9.2): an Italian division 2,
// any other unit 1. A battalion also counts 1, but one battalion per hex
// stacks free; see FreeStacker.
func (u *UnitDef) StackPoints() int {
	if u.Nationality == Italian && u.Size == Division {
		return 2
	}
	return 1
}

// FreeStacker reports whether the unit may be the one battalion per hex
// that stacks free (9.2).
func (u *UnitDef) FreeStacker() bool { return u.Size == Battalion }

// ExertsZOC reports whether the unit has a zone of control (9.3: all units
// except battalions; leaders and depots are not units).
func (u *UnitDef) ExertsZOC() bool { return u.Size != Battalion }

// Group is the row of the Unit Type & Capabilities chart the unit uses.
func (u *UnitDef) Group() Group {
	if u.Nationality == German {
		return GermanGroup
	}
	return OtherGroup
}

// LeaderFace is one side of a leader piece (13.1).
type LeaderFace struct {
	Name    string
	Attack  int // extra dice when attacking (13.3)
	Defense int // extra dice when defending (13.3)
	// Range is both the AP range in hexes (10.31, 13.5) and the supply
	// range in motorized MP (8.1, 13.5).
	Range int
}

// LeaderDef is one two-sided leader piece: Faces[0] the primary leader,
// Faces[1] the secondary (13.1).
type LeaderDef struct {
	ID          string
	Side        engine.Side
	Nationality Nationality // 13.1: one Allied, one German, one Italian on the map
	Faces       [2]LeaderFace
	Setup       int // dense hex index at the start, -1 if not on the map
	Arrives     int // reinforcement turn, 0 if it starts on the map
}

// MarkerKind is a kind of marker piece.
type MarkerKind uint8

const (
	DepotMarker        MarkerKind = iota // 7.1
	IPMarker                             // 12.0 (IP-1 / IP-2 sides)
	APMarker                             // 7.3 Air & Attack Points track
	ASPMarker                            // 6.1
	TurnMarker                           // 4.0
	FortressMarker                       // 16.1
	NavalSupportMarker                   // 6.2
	SupplyLevelMarker                    // 7.5
	ReserveMarker                        // 7.4
	NumMarkerKinds
)

var markerKindNames = [NumMarkerKinds]string{"depot", "improved_position", "attack_points",
	"air_superiority", "turn", "fortress_status", "naval_support", "supply_level", "reserve_requirement"}

func (k MarkerKind) String() string {
	if k < NumMarkerKinds {
		return markerKindNames[k]
	}
	return "marker?"
}

// MarkerDef is a marker counter (or Count identical ones).
type MarkerDef struct {
	ID    string
	Kind  MarkerKind
	Side  engine.Side // engine.Observer for markers of neither side
	Count int
	Setup int // dense hex index at the start (depots), -1 otherwise
}

// TurnOne holds the Turn 1 conditions (rules 3.1, 3.2).
type TurnOne struct {
	AlliedAP, AlliedASP int
	AlliedNavalSupport  bool
	AxisAP              int
	// ItalianNoRetreatTurns: Italian units may not retreat to satisfy
	// hits on turns 1..N (3.2).
	ItalianNoRetreatTurns int
}

// TurnDef is one box of the turn track.
type TurnDef struct {
	Turn  int
	Month string // "1940-12"
	// Replacements by side (7.6; the Axis extra point for Normal or
	// Excellent supply is not included).
	Replacements [2]int
	// Arrivals are the units (indexes into Data.Units) and leaders
	// (Data.Leaders) that arrive this turn, by side; Withdrawals the
	// scheduled departures. Derived from units.json.
	Arrivals, LeaderArrivals, Withdrawals [2][]int
}

// Data is everything the rulebook does not print. It is a reconstruction
// (see docs/wdf/data.md), loaded from data/*.json. Hexes are dense: index
// them with Index, Lookup or Hex.Neighbours.
type Data struct {
	Hexes []Hex // in play, in column-major order of the printed ids
	index []int32
	// costs is enterCost's answer for every hex, hexside and unit type
	// while no fortress has lost its status, found once (prepareCosts):
	// the movement and supply searches' innermost step.
	costs [][6][NumUnitTypes]int16
	// zocDirs marks, for every hex and unit type, the hexsides across
	// which such a unit there exerts its zone of control (zocCrosses),
	// one bit a direction: a Board sums them at every change.
	zocDirs [][NumUnitTypes]uint8
	Places  []Place
	Roads   []Line
	Tracks  []Line
	// Escarpments, Ridges and Rivers are the hexside lines of rule 11.2.
	Escarpments, Ridges, Rivers []SideLine
	// Zones are the road hexes of each zone (7.12), by side and zone-1.
	Zones [2][NumZones][]int
	// SupplySource: Alexandria (6508) for the Allies, 1019 for the Axis
	// (7.11, 8.4). EntryHex: where reinforcements are placed (7.7).
	SupplySource, EntryHex [2]int
	// The four special places of the rules, as dense hex indexes.
	Tobruk, Bardia, Benghazi, Alexandria int

	Units   []UnitDef
	Leaders []LeaderDef
	Markers []MarkerDef
	Turns   []TurnDef // index 0 = turn 1
	TurnOne TurnOne
	Tables  Tables
}

// Index returns the dense index of h; ok is false if h is not in play.
func (d *Data) Index(h hexgrid.Hex) (int, bool) {
	if !Layout.OnMap(h) {
		return -1, false
	}
	c, r := Layout.ColRow(h)
	i := d.index[cellOf(c, r)]
	return int(i), i >= 0
}

// Lookup returns the dense index of a printed id such as "3609".
func (d *Data) Lookup(id string) (int, bool) {
	h, err := Layout.Parse(id)
	if err != nil {
		return -1, false
	}
	return d.Index(h)
}

// Unit returns the index of the unit with the given id.
func (d *Data) Unit(id string) (int, bool) {
	for i := range d.Units {
		if d.Units[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// Leader returns the index of the leader piece with the given id.
func (d *Data) Leader(id string) (int, bool) {
	for i := range d.Leaders {
		if d.Leaders[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

// ZoneOf returns the road zone of hex i for side (7.12).
func (d *Data) ZoneOf(side engine.Side, i int) Zone { return d.Hexes[i].Zone[side] }

// Connected reports whether hexes a and b (dense indexes) are adjacent and
// joined by flag f across their hexside (RoadSide, TrackSide, ...).
func (d *Data) Connected(a, b int, f SideFlags) bool {
	for dir, n := range d.Hexes[a].Neighbours {
		if int(n) == b {
			return d.Hexes[a].Sides[dir]&f != 0
		}
	}
	return false
}

func cellOf(col, row int) int {
	return (col-Layout.MinCol)*(Layout.MaxRow-Layout.MinRow+1) + (row - Layout.MinRow)
}

// Group selects a row of the Unit Type & Capabilities chart: German units
// have their own (9.31, 10.21).
type Group uint8

const (
	OtherGroup  Group = 0
	GermanGroup Group = 1
)

// SupplyLevel is an Axis Supply Level (7.5, 9.6).
type SupplyLevel uint8

const (
	SupplyNone      SupplyLevel = iota // MA -2 for armor/motorized/recon; strategic x2 (9.4, 9.6)
	SupplyBad                          // MA -2 (9.6)
	SupplyPoor                         // MA -1 (9.6)
	SupplyNormal                       // extra non-armor replacement (7.63)
	SupplyExcellent                    // extra non-armor replacement (7.63)
	NumSupplyLevels
)

var supplyLevelNames = [NumSupplyLevels]string{"none", "bad", "poor", "normal", "excellent"}

func (l SupplyLevel) String() string {
	if l < NumSupplyLevels {
		return supplyLevelNames[l]
	}
	return "level?"
}

// TEC rows: the hex terrain of rule 11.1 plus the place kinds with effects.
type TECRow uint8

const (
	TECClear TECRow = iota
	TECCity
	TECFortress
	TECRough
	TECSaltMarsh
	TECQattara
	TECMountain
	NumTECRows
)

var tecNames = [NumTECRows]string{"clear", "city", "fortress", "rough", "salt_marsh", "qattara", "mountain"}

func (r TECRow) String() string {
	if r < NumTECRows {
		return tecNames[r]
	}
	return "tec?"
}

// HexsideKind is a row of the hexside part of the Terrain Effects Chart.
type HexsideKind uint8

const (
	Escarpment HexsideKind = iota
	Ridge
	River
	NumHexsideKinds
)

var hexsideKindNames = [NumHexsideKinds]string{"escarpment", "ridge", "river"}

func (k HexsideKind) String() string {
	if k < NumHexsideKinds {
		return hexsideKindNames[k]
	}
	return "hexside?"
}

// Prohibited is the movement cost of terrain a unit type may not enter or
// cross.
const Prohibited = -1

// Tables are the player-aid charts.
type Tables struct {
	Events AllEvents
	Air    AirTable
	// AP rows by zone-1 (7.31).
	AP [NumZones]APRow
	// Reserves is the Allied Reserve Requirements table (7.4).
	Reserves []TurnRow[int]
	// Supply is the Axis Supply Level table (7.5).
	Supply []TurnRow[SupplyLevel]
	// Types is the Unit Type & Capabilities chart by type and group.
	Types [NumUnitTypes][2]TypeCaps
	// TEC rows of hex terrain (11.1).
	TEC [NumTECRows]TerrainEffect
	// RoadCost and TrackCost: cost in sixths to enter a hex from a
	// connected road/track hex (11.1).
	RoadCost, TrackCost int
	// Hexside rows (11.2).
	Hexside [NumHexsideKinds]HexsideEffect
	// EZOCExtra: extra cost in sixths for each EZOC hex entered by units
	// that may move from EZOC to EZOC (9.31).
	EZOCExtra int
}

// Event is one Random Event (5.0).
type Event struct {
	ID           string
	Name         string
	EarliestTurn int  // cannot occur before this turn: "No Event" (5.0)
	Once         bool // asterisk: once per game (5.0)
	Effect       string
}

// AllEvents is the Random Events list (5.0).
type AllEvents struct {
	Events []Event
	// Result is the event index for each roll: [Allied die-1][Axis die-1]
	// (the Allied die is the tens digit, the Axis die the units).
	Result [6][6]int
	// NoEvent is the index of the "No Event" entry.
	NoEvent int
}

// AirTable is the Air Superiority Table (6.1).
type AirTable struct {
	// ZoneMod is the die modifier for the zone holding the side's depot,
	// by side and zone-1.
	ZoneMod [2][NumZones]int
	Rows    []TurnRow[[2]int] // Value[die-1][side] is the side's score
}

// TurnRow is a table row for turns First..Last: Value indexed by the
// modified die roll minus one (rolls below 1 count as 1, above 6 as 6).
type TurnRow[T any] struct {
	First, Last int
	Value       [6]T
}

// Row returns the row for turn, or nil.
func RowFor[T any](rows []TurnRow[T], turn int) *TurnRow[T] {
	for i := range rows {
		if rows[i].First <= turn && turn <= rows[i].Last {
			return &rows[i]
		}
	}
	return nil
}

// APRow is one zone row of the Attack Points Table (7.31, 7.9).
type APRow struct {
	// MajorOffensive is the AP cost of declaring one with the depot in
	// this zone (7.9), by side.
	MajorOffensive [2]int
	// AP received by side and modified die-1 (7.31).
	AP [2][6]int
}

// MAShare is how much of its movement allowance a unit may use in an
// Exploitation Movement Phase (9.5).
type MAShare uint8

const (
	NoMA   MAShare = iota // may not move
	HalfMA                // half, rounded up
	FullMA                // the whole allowance
)

var maShareNames = []string{"none", "half", "full"}

func (m MAShare) String() string {
	if int(m) < len(maShareNames) {
		return maShareNames[m]
	}
	return "share?"
}

// TypeCaps is one row of the Unit Type & Capabilities chart.
type TypeCaps struct {
	// ExploitNormal and ExploitMajor: the share of MA usable in the
	// Exploitation Movement Phase of a Normal or a Major Offensive (9.5);
	// a unit that may not move there may not attack there either (10.0).
	ExploitNormal, ExploitMajor MAShare
	// EZOCMove: need not stop on entering an EZOC and may move EZOC to
	// EZOC at EZOCExtra per hex (9.31).
	EZOCMove bool
	Advance  int // hexes of advance after combat (10.27)
	// Hit numbers: the lowest die that scores a hit (10.21) attacking and
	// defending in a Normal Offensive, and in a Major Offensive.
	HitAttack, HitDefend, HitMajor int
	// SupplyLevelPenalty: the Axis Supply Level reduces the MA (9.6) and
	// "None" the strategic rate (9.4).
	SupplyLevelPenalty bool
}

// Exploit reports whether the type may exploit in a Normal Offensive.
func (c TypeCaps) Exploit() bool { return c.ExploitNormal != NoMA }

// TECRow returns the Terrain Effects Chart row of hex i: its place's
// (fortress, city) or else its terrain's. fortressLost: the fortress in
// the hex has lost fortress status (16.1), so Tobruk counts as a city and
// Bardia as a town (its terrain's row).
func (d *Data) TECRow(i int, fortressLost bool) TECRow {
	if p := d.Hexes[i].Place; p >= 0 {
		kind := d.Places[p].Kind
		if kind == Fortress && fortressLost {
			kind = d.Places[p].LostAs
		}
		switch kind {
		case City:
			return TECCity
		case Fortress:
			return TECFortress
		}
	}
	return [NumTerrains]TECRow{TECClear, TECRough, TECMountain, TECSaltMarsh, TECQattara}[d.Hexes[i].Terrain]
}

// TerrainEffect is a hex row of the Terrain Effects Chart (11.1, 16.2).
type TerrainEffect struct {
	// Move is the cost to enter, in sixths, by unit type; Prohibited if
	// the type may not enter.
	Move [NumUnitTypes]int
	// DefendUnit is added to each defending unit's CS; DefendStack to
	// each defending stack's total (11.0, 10.13).
	DefendUnit, DefendStack int
	// ArmorDefend, ArmorAttackInto, ArmorAttackFrom modify each armor
	// unit's CS when defending in, attacking into or attacking from the hex.
	ArmorDefend, ArmorAttackInto, ArmorAttackFrom int
	IP                                            bool // improved positions may be built (12.2)
	Fortress                                      bool // fortress hit numbers (10.21, 16.2)
}

// HexsideEffect is a hexside row of the Terrain Effects Chart (11.2).
type HexsideEffect struct {
	// MoveExtra is added to the cost of the hex entered, in sixths, by
	// unit type; Prohibited forbids crossing.
	MoveExtra [NumUnitTypes]int
	// NegatedBy: the route flags (RoadSide, TrackSide) across the same
	// hexside that cancel MoveExtra, AttackProhibited and BlocksZOC.
	NegatedBy SideFlags
	// AttackUnit modifies each unit attacking across.
	AttackUnit       int
	AttackProhibited bool // combat across forbidden unless NegatedBy
	BlocksZOC        bool // 9.3: no ZOC across unless NegatedBy
}
