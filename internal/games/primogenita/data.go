package primogenita

import (
	"sync"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// The sides. Italy sets up first (rule 1.7) but nothing in the sequence of
// play (2.1) gives one side precedence: both choose Orders at once (3.2).
const (
	Allied  engine.Side = 0
	Italian engine.Side = 1
)

// Counts the rulebook fixes.
const (
	NumTurns      = 10 // 2.1: no more than 10 Game Turns
	NumOrders     = 44 // 3.2: priorities 44 (highest) to 1
	OrdersPerSide = 22 // 3.1: 7 Main, 6 Combination, 9 Minor
	OrdersChosen  = 4  // 3.2: each player secretly chooses 4 Orders
	MaxComboBox   = 3  // 3.3: at most 3 Combination Orders in the box
	StartVP       = 5  // 1.7: the VP marker starts at 5
	WinVP         = 20 // 2.4: the Allies win at 20 VP
	GreatItalyVP  = 7  // 2.4: 7 VP or less from GT6 on is a great Italian victory
	GreatItalyGT  = 6  // 2.4: ... starting with GT6
	SupplyRange   = 8  // 5.1: FS and LS range, in mp
	DumpRange     = 2  // 5.1: SD and Italian Town Supply range, in mp
	ExtendedRange = 11 // Order 10: FS/LS range with Trucks & Mules
	ExtendedDump  = 4  // Order 10: SD range with Trucks & Mules
	DumpUnits     = 2  // 5.5: an SD supports 2 units
	TownUnits     = 4  // 5.6: an Italian town supports 4 units
	SDMove        = 4  // 5.5: an SD has a Movement Value of 4
)

// MP is one movement point in the cost units used everywhere: half movement
// points, so that a road's ½ mp is a whole number (Terrain Key).
const MP = 2

// Layout is the printed numbering of the map (rule 1.1): pointy-top hexes
// in lettered rows A (north) to R, numbered columns tilted to the right, ids
// written "H-11". See docs/hexgrid.md and docs/primogenita/data.md.
var Layout = hexgrid.Layout{Pointy: true, Numbering: hexgrid.Skewed, RowFirst: true, RowLetters: true,
	Sep: "-", MinCol: 1, MaxCol: 28, MinRow: 1, MaxRow: 18}

// Terrain is the defining terrain of a hex (1.3, 4.1).
type Terrain uint8

const (
	Flat Terrain = iota
	Rough
	Mountain
	Alpine
	NumTerrains
)

var terrainNames = [NumTerrains]string{"flat", "rough", "mountain", "alpine"}

func (t Terrain) String() string {
	if t < NumTerrains {
		return terrainNames[t]
	}
	return "terrain?"
}

// Rugged reports whether t is Mountain or Alpine: the terrains Mobile units
// enter and leave only along a road or track (4.1), no ZoC reaches into or
// out of (4.2), units retreat into or out of only along a road or track
// (7.6) and no unit sets up in (1.7).
func (t Terrain) Rugged() bool { return t == Mountain || t == Alpine }

// Link is one way out of a hex: the hex it leads to and what lies on the
// hexside (or, for an Entry hex, on its arrow).
type Link struct {
	To     int  // index in Data.Hexes
	Road   bool // a road runs from this hex to To (4.1)
	Track  bool // a track runs from this hex to To (4.1)
	Rail   bool // the Massaua–Biscia railway runs from this hex to To (4.3)
	Cliff  bool // a cliff or double cliff lies on the hexside (1.3)
	Uphill bool // crossing it from this hex is uphill (1.3; both ways for a double cliff)
	Double bool // the cliff is a double cliff (1.3)
	cross  int  // crossCost, worked out once the map is loaded (linkSides)
}

// Along reports whether a move along l follows a road or track.
func (l Link) Along() bool { return l.Road || l.Track }

// Hex is one hex in play: a land hex of the map or one of the five Entry
// hexes, which are joined only to the hexes across their arrows (1.1, 4.1).
type Hex struct {
	ID      string      // printed id ("H-11") or the Entry hex's id ("west-kassala")
	At      hexgrid.Hex // map position; for an Entry hex, where it is drawn, beyond its arrow
	Terrain Terrain     // defining terrain; Entry hexes are Flat for the record but have no limit (1.5)
	Sand    bool        // coastal sand: exactly Rough, drawn apart (1.3)
	Entry   int         // index in Data.Entries, or -1
	Town    int         // index in Data.Towns, or -1
	Place   string      // a place of interest's name (1.2), or ""
	Patriot bool        // in the Patriot zone (5.7c)
	Rail    bool        // on the Massaua–Biscia railway (4.3)
	Links   []Link
}

// Link returns the link from h to the hex with index to, if they are adjacent.
func (h *Hex) Link(to int) (Link, bool) {
	for _, l := range h.Links {
		if l.To == to {
			return l, true
		}
	}
	return Link{}, false
}

// Entry is one of the five Entry hexes (1.1): only its side's units may
// occupy it; it has no stacking limit (1.5) and no ZoC reaches into or out
// of it (4.2).
type Entry struct {
	ID, Name string
	Side     engine.Side
	Hex      int   // its own index in Data.Hexes
	Arrows   []int // the map hexes across its arrows
}

// Town is a town of rule 1.2 with its VP value (2.2). Every town but the
// two that start Allied is Italian-controlled at start (1.6) and, while it
// has no flag, an Italian Town Supply source (5.6).
type Town struct {
	ID, Name      string
	Hex           int
	VP            int
	OpenCityVP    int  // Asmara's value as an Open City (2.2); 0 elsewhere
	AlliedAtStart bool // Kassala and Tessenei (1.6, 1.7)
}

// SetupHex is a hex with a Setup Letter in a black circle (1.7).
type SetupHex struct {
	Side   engine.Side
	Letter byte
	Hex    int
}

// SupplySource is a printed Italian source or one of the Allied LS/FS
// markers and West Kassala's FS (5.1, 5.3).
type SupplySource struct {
	ID      string
	Hex     int
	Full    bool // FS; otherwise LS
	Arrives int  // Allied LS placed as a Reinforcement on this GT (5.3), or 0
	Placed  bool // Allied LS placed in a Supply Source Segment when its condition holds (5.3)
}

// Kind is a unit's category (1.4); SD and Air units are kinds of their own.
type Kind uint8

const (
	Foot Kind = iota
	Mobile
	SD  // Allied Supply Dump: Mobile, no steps, never disrupted (1.4, 5.5)
	Air // Allied Air unit: kept on the Air Base (Orders 42, 43)
	NumKinds
)

var kindNames = [NumKinds]string{"foot", "mobile", "sd", "air"}

func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "kind?"
}

// VPLoss is the rule 2.3 penalty printed on an Allied remnant.
type VPLoss uint8

const (
	NoVPLoss   VPLoss = iota
	LossOnFlip        // a "5-6" remnant: −1 VP when flipped
	LossOnElim        // a "4-6" remnant (7 Ind, Orient): −1 VP when eliminated
)

// Unit is a counter's printed values (1.4, 1.5).
type Unit struct {
	ID, Name  string
	Side      engine.Side
	Kind      Kind
	Artillery bool    // framed strength: may bombard (1.4, 6.1)
	March     bool    // asterisk: March capable (1.4)
	Elite     bool    // Italian flag (1.4)
	Arbegnoch bool    // Ethiopian Patriots (5.2, 5.7c)
	Colonial  bool    // historical interest only (1.4)
	French    bool    // Free French, drawn blue (1.4)
	Strength  [2]int8 // front, back (back 0: a single step)
	Steps     int8    // 1 or 2; 0 for SD and Air units (1.4)
	Move      int8    // Movement Value (4.1)
	Stack     int8    // Stacking Value: 1 unless 0 or 2 is printed (1.5)
	Remnant   int     // index of its remnant unit, or -1 (1.4)
	RemnantOf int     // for a remnant, index of the unit it replaces, or -1
	VPLoss    VPLoss  // 2.3
	// Setup: the Setup Letter of a unit that sets up at start (1.7), or 0.
	// OnBase: an Air unit that starts on the Air Base.
	Setup  byte
	OnBase bool
	// Arrival Code (1.7): turn and Setup Letter (0 for an Air unit, which
	// arrives on the Air Base). ArriveTurn 0: not a Reinforcement.
	ArriveTurn   int8
	ArriveLetter byte
}

// IsRemnant reports whether u is a remnant kept on the Order sheet (1.4).
func (u *Unit) IsRemnant() bool { return u.RemnantOf >= 0 }

// Category is an Order's kind (3.1).
type Category uint8

const (
	Main Category = iota
	Combination
	Minor
	NumCategories
)

var categoryNames = [NumCategories]string{"main", "combination", "minor"}

func (c Category) String() string {
	if c < NumCategories {
		return categoryNames[c]
	}
	return "category?"
}

// Back is what an Order counter's executed side shows (3.4).
type Back uint8

const (
	BackText  Back = iota // counts as two when chosen flipped
	BackCross             // counts as three
	BackBlank             // cannot be executed twice in a Game Turn
	NumBacks
)

var backNames = [NumBacks]string{"text", "cross", "blank"}

func (b Back) String() string {
	if b < NumBacks {
		return backNames[b]
	}
	return "back?"
}

// Weight is how many of the four choices a flipped Order of this back uses
// in the 2nd ORDER Segment (3.4); 0: it cannot be chosen.
func (b Back) Weight() int {
	switch b {
	case BackText:
		return 2
	case BackCross:
		return 3
	}
	return 0
}

// Order is one of the 44 Order counters (3.1, 9).
type Order struct {
	Priority int // 1..44, unique (3.2)
	Name     string
	Side     engine.Side
	Category Category
	// Letter: A (Assault), B (Bombardment) or M (Move) for Main and
	// Combination Orders (3.1, 3.3); 0 for Minor Orders.
	Letter byte
	// Enemy: an "A" in a white box, combined with the opponent's Assault
	// Order (3.3).
	Enemy bool
	Back  Back
}

// Loss is one side of a Combat Table result (7.3).
type Loss uint8

const (
	Loss0     Loss = iota // no step loss
	Loss1                 // one step
	Loss1Plus             // one step, and a Trench or an Artillery step
	LossOc                // lose a step, retreat or Counterattack
)

var lossNames = []string{"0", "1", "1+", "Oc"}

func (l Loss) String() string {
	if int(l) < len(lossNames) {
		return lossNames[l]
	}
	return "?"
}

// CombatResult is a Combat Table cell: attacker's and defender's results
// and whether it lies in the gray Push area (7.4).
type CombatResult struct {
	Att, Def Loss
	Push     bool
}

func (r CombatResult) String() string {
	s := r.Att.String() + "-" + r.Def.String()
	if r.Push {
		s += " push"
	}
	return s
}

// BombResult is a Bombardment Table cell (6.3).
type BombResult uint8

const (
	BombNothing BombResult = iota
	BombDisr
	BombStep // "1": Disr, and a step if FS or loaded SD in range
)

// Odds columns of the Combat Table, 1:2 to 5:1 (7.1).
const (
	Odds1to2 = iota
	Odds1to1
	Odds2to1
	Odds3to1
	Odds4to1
	Odds5to1
	NumOdds
)

// NumBombColumns is the number of Bombardment Table columns: 1, 2, 3, 6, 9
// (6.1, 6.3).
const NumBombColumns = 5

// Tables are the charts printed on the map (reconstructed).
type Tables struct {
	TerrainMP    [NumTerrains]int // cost to enter, in half mp
	Stacking     [NumTerrains]int // Stacking Limit (1.5)
	AssaultShift [NumTerrains]int // columns, negative = left (7.2)
	RoadMP       int              // half mp
	TrackMP      int
	CliffMP      int
	Combat       [6][NumOdds]CombatResult // [die-1][column]
	BombColumns  [NumBombColumns]int      // 1, 2, 3, 6, 9
	BombDisrupt  [NumBombColumns]int      // units disrupted by "Disr" (6.3)
	Bombardment  [6][NumBombColumns]BombResult
}

// Turn is a slot of the Game Turn Track.
type Turn struct {
	Number      int
	Dates       string
	VPDeduction int // subtracted in the Deduct Victory Points Segment (2.3)
}

// Data is the whole reconstruction of the components.
type Data struct {
	Hexes         []Hex
	index         map[hexgrid.Hex]int // map hexes by position
	pos           map[hexgrid.Hex]int // every hex by drawn position, index+1 (0: none), while loading
	grid          hexGrid             // pos as a dense grid, for the searches (at)
	sides         [][6]int8           // per hex, per direction: the index in its Links of the hex drawn there, or -1 (linkAcross)
	searches      sync.Pool           // *hexgrid.Search over every hex
	snaps         sync.Pool           // *snap (takeSnap)
	ids           map[string]int      // every hex by id (printed or Entry)
	Entries       []Entry
	Towns         []Town
	Places        []int // hexes with a place of interest
	Railway       []int // the line, Massaua to Biscia (4.3)
	SetupHexes    []SetupHex
	ItalianSupply []SupplySource
	AlliedSupply  []SupplySource
	Units         []Unit
	unitIDs       map[string]int
	Orders        [NumOrders + 1]Order // by priority; [0] unused
	Tables        Tables
	Turns         [NumTurns + 1]Turn // by number; [0] unused
	AlliedTrench  int                // Trench markers (Orders 37, 30, 7)
	ItalianTrench int
	// Lines are the road and track chains as loaded, for drawing.
	Roads, Tracks [][]int
	Cliffs        []Cliff
}

// Cliff is a cliff hexside for drawing: Low is the hex it is crossed
// uphill from (the hex the cliff line lies in, 1.3); both ways if Double.
type Cliff struct {
	Low, High int
	Double    bool
}

// HexIndex returns the index of the hex with id (printed or an Entry hex's
// id), or -1.
func (d *Data) HexIndex(id string) int {
	if i, ok := d.ids[id]; ok {
		return i
	}
	return -1
}

// At returns the index of the map hex at h, or -1 if it is not in play.
func (d *Data) At(h hexgrid.Hex) int {
	if i, ok := d.index[h]; ok {
		return i
	}
	return -1
}

// UnitIndex returns the index of the unit with id, or -1.
func (d *Data) UnitIndex(id string) int {
	if i, ok := d.unitIDs[id]; ok {
		return i
	}
	return -1
}

// SetupHex returns the hex of side's Setup Letter, or -1.
func (d *Data) SetupHex(side engine.Side, letter byte) int {
	for _, s := range d.SetupHexes {
		if s.Side == side && s.Letter == letter {
			return s.Hex
		}
	}
	return -1
}

// Stacking returns the Stacking Limit of hex i (1.5): its defining
// terrain's, and none (-1) in an Entry hex.
func (d *Data) Stacking(i int) int {
	if d.Hexes[i].Entry >= 0 {
		return -1
	}
	return d.Tables.Stacking[d.Hexes[i].Terrain]
}

// hexGrid finds a hex by its drawn position in a dense grid over the
// bounding box of the hexes: the supply traces and move searches ask at
// every step, and a map lookup there was a third of a trace's time.
type hexGrid struct {
	q0, r0, w, h int
	cells        []int32 // index+1; 0: no hex
}

func newHexGrid(hexes []Hex) hexGrid {
	if len(hexes) == 0 {
		return hexGrid{}
	}
	g := hexGrid{q0: hexes[0].At.Q, r0: hexes[0].At.R}
	q1, r1 := g.q0, g.r0
	for _, h := range hexes {
		g.q0, g.r0 = min(g.q0, h.At.Q), min(g.r0, h.At.R)
		q1, r1 = max(q1, h.At.Q), max(r1, h.At.R)
	}
	g.w, g.h = q1-g.q0+1, r1-g.r0+1
	g.cells = make([]int32, g.w*g.h)
	for i, h := range hexes {
		g.cells[(h.At.R-g.r0)*g.w+h.At.Q-g.q0] = int32(i + 1)
	}
	return g
}

// linkSides fills d.sides from the hexes' positions and Links, and each
// Link's cost of crossing.
func (d *Data) linkSides() {
	d.sides = make([][6]int8, len(d.Hexes))
	for a := range d.Hexes {
		for i := range d.Hexes[a].Links {
			l := &d.Hexes[a].Links[i]
			l.cross = d.crossCost(*l, l.To)
		}
		for k := range 6 {
			d.sides[a][k] = -1
			b := d.at(d.Hexes[a].At.Neighbour(hexgrid.Dir(k))) - 1
			for i, l := range d.Hexes[a].Links {
				if b >= 0 && l.To == b {
					d.sides[a][k] = int8(i)
				}
			}
		}
	}
}

// linkAcross is the step of a search from the hex drawn at from across
// hexside side: the index of from and its Link to the hex beyond, or nil
// where no hex is drawn at from or no Link crosses side (the searches
// ask it at every step; Hex.Link scanned the Links).
func (d *Data) linkAcross(from hexgrid.Hex, side hexgrid.Hexside) (int, *Link) {
	a := d.at(from) - 1
	if a < 0 {
		return -1, nil
	}
	k := side.D
	if side.H != from {
		k += 3
	}
	i := d.sides[a][k]
	if i < 0 {
		return a, nil
	}
	return a, &d.Hexes[a].Links[i]
}

// at is the index+1 of the hex drawn at h (0: none).
func (d *Data) at(h hexgrid.Hex) int {
	g := &d.grid
	q, r := h.Q-g.q0, h.R-g.r0
	if q < 0 || r < 0 || q >= g.w || r >= g.h {
		return 0
	}
	return int(g.cells[r*g.w+q])
}
