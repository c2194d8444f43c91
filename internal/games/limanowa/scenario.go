package limanowa

import (
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Data is the whole set of components, loaded and checked (load.go).
type Data struct {
	Map       Map
	Counters  []Counter
	Markers   []Marker
	Scenarios []Scenario
	Campaigns []Campaign
	Tables    Tables
	Turns     Turns
}

// Counter returns the counter with the given id.
func (d *Data) Counter(id string) (*Counter, bool) {
	for i := range d.Counters {
		if d.Counters[i].ID == id {
			return &d.Counters[i], true
		}
	}
	return nil, false
}

// Marker is a kind of marker counter (2.1).
type Marker struct {
	ID    string
	Count int
	Back  string // what its other side shows, if anything
	Rule  string
}

// FaceUp is the face a force must set up with.
type FaceUp uint8

const (
	EitherFace FaceUp = iota // the owner chooses (6.3)
	FormedFace
	DispersedFace
)

// Force is a number of identical counters arriving together.
type Force struct {
	Side    engine.Side
	Counter int // index into Data.Counters
	Count   int
	Area    []hexgrid.Hex // in-play hexes where they set up, are placed or enter
	Turn    int           // 0: set up before play; else the turn they arrive (10.2, 10.22)
	Enter   bool          // they walk on across the map edge hexes of Area (10.2, 11.11)
	Face    FaceUp
}

// Mode is an OMA group's mode of transmission (7.21).
type Mode uint8

const (
	Aircraft Mode = iota
	Flare
	Runner
	Telephone
	TrenchSet
	numModes
)

var modeNames = []string{"aircraft", "flare", "runner", "telephone", "trench-set"}

func (m Mode) String() string { return modeNames[m] }

// OMA is a number of off-map artillery groups (7.0).
type OMA struct {
	Side          engine.Side
	Count         int
	Fire          int // firepower of each group
	Mode          Mode
	Howitzer      bool // trench cover is -2 against it (8.321), hills 0 (8.43)
	Turn          int  // 0: available from the start
	Preregistered *hexgrid.Vertex
}

// VictoryKind names a scenario's or campaign's victory condition.
type VictoryKind uint8

const (
	MoreLimanowaHexes VictoryKind = iota // scenario 1: the side controlling more hexes of Limanowa
	MoreHillHexes                        // scenario 2: a point a Golkow or Jabloniec hex, higher total
	HillHexesAtLeast                     // scenario 3: Side controls at least Count hill hexes
	HillsAndVillages                     // campaigns: hill hexes and whole villages solely controlled
)

var victoryNames = []string{"more-limanowa-hexes", "more-hill-hexes", "hill-hexes-at-least", "hills-and-villages"}

// Victory is a victory condition.
type Victory struct {
	Kind  VictoryKind
	Side  engine.Side // HillHexesAtLeast
	Count int         // HillHexesAtLeast
}

// Held is hexes a side controls at the start, as a scenario or campaign
// states (3.9, 13.0).
type Held struct {
	Side  engine.Side
	Hexes []hexgrid.Hex
}

// Scenario is one of the three scenarios of 13.0.
type Scenario struct {
	ID, Name string
	Number   int
	Date     string
	Turns    int
	First    engine.Side // sets up first
	Victory  Victory
	Control  []Held
	Forces   []Force
	OMA      []OMA
	PlayArea []hexgrid.Hex // nil: the whole map; scenario 3: on or west of the road
	Source   string
	Series   Series // the series rules no Limanowa scenario brings (series_data.go)
}

// Day is one day of a campaign: its arrivals (11.1), OMA and withdrawals.
type Day struct {
	Date     string
	Forces   []Force
	OMA      []OMA
	Withdraw []Withdrawal
}

// Withdrawal is a number of counters leaving the campaign on a day.
type Withdrawal struct {
	Side    engine.Side
	Counter int
	Count   int
}

// Recovery overrides the half of 11.531 on one day: Num/Den of each side.
type Recovery struct {
	Date     string
	Num, Den [2]int
}

// Campaign is one of the two campaign games of 13.0.
type Campaign struct {
	ID, Name           string
	Number             int
	Days               []Day
	Attacker, Defender engine.Side
	Control            []Held
	Recovery           []Recovery
}

// Modifier is a circumstance modifier of the reference card (6.53).
type Modifier struct {
	ID, Category string
	Value        int
	VsHowitzer   *int // a different value against mortar or howitzer fire
	Per          int  // range: the value applies per this many hexes
	Rule, Text   string
}

// MOT is a row of the mode-of-transmission table (7.21).
type MOT struct {
	Mode                 Mode
	SS, SSNoTrench, SSPB int // SSNoTrench: telephone when no trench is on the map
	RD, RDPB             int
}

// Tables is the reference card.
type Tables struct {
	Modifiers     []Modifier
	Categories    []string                   // one modifier per category (6.53)
	FFECategories []string                   // those an FFE applies (7.241)
	MOT           [5]MOT                     // by Mode
	AccuracyHit   int                        // an accuracy roll of this or less hits the vertex (7.242)
	Transport     [numTransport]TransportRow // by TransportKind (6.84)
	Destroy       int                        // a fire or melee check of this or more destroys (3.73)
}

// Turns is the turn record card.
type Turns struct {
	Turns, CounterAttack, Night int
	MaxCouplets                 int
	Days                        []string
}
