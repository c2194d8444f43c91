package compass

import "sandtable/internal/engine"

// The sides of Compass, in the order the rules give them the player turn
// (rule 5: the Allied player's turn comes first).
const (
	Allied  engine.Side = 0
	Italian engine.Side = 1
)

// LinkKind is how two adjacent areas are joined (rule 6.2.D: a road halves
// the cost of entry; rule 3.9: supply runs along roads and tracks).
type LinkKind uint8

const (
	Desert LinkKind = iota // adjacent across open desert: 1 MP, no supply line
	Track                  // a desert track: 1 MP, carries supply
	Road                   // a road: ½ MP, carries supply
)

// EventKind is one of the eight events of rule 7.
type EventKind uint8

const (
	AirSupport      EventKind = iota // Supporto Aereo
	NavalSupport                     // Supporto Navale
	Leader                           // Leader
	Surprise                         // Sorpresa
	UnitRecovery                     // Recupero Unità
	MotorConvoy                      // Autocolonna
	SustainedAttack                  // Attacco Sostenuto
	Matilda                          // Matilda
	NumEvents
)

// Data is everything the rulebook does not print: the map, the counters,
// the deployment chart, the turn track and the event mix. It is a
// reconstruction (see docs/compass/data.md), loaded from data/*.json.
type Data struct {
	Areas []Area    // index = area number in the state
	Units []UnitDef // index = unit number in the state
	Turns []TurnDef // index 0 = turn 1
	// Mix is how many markers of each event kind each side's container
	// holds at the start (rule 4).
	Mix [2][NumEvents]int
}

// Area is one of the 42 map areas.
type Area struct {
	ID       string  // stable identifier used in records: "sidi-barrani"
	Name     string  // as printed: "Sidi Barrani"
	Lat, Lon float64 // for drawing the map only
	Coastal  bool    // contains some sea (Italian rules 1.1)
	// NavalSupport marks the coastal areas from the east edge of the map
	// to Tobruch inclusive, where Naval Support may be played (rule 7).
	NavalSupport bool
	VP           int         // victory points for control at the end (rule 2)
	Logistic     engine.Side // the side whose logistic area this is (rule 3.2), or engine.Observer
	Links        []Link      // adjacent areas, sorted by area number
}

// Link joins an area to an adjacent one.
type Link struct {
	To   int
	Kind LinkKind
}

// UnitDef is one counter.
type UnitDef struct {
	ID          string      // stable identifier used in records: "7rtr"
	Name        string      // as printed on the counter
	Side        engine.Side // Allied or Italian
	CV          [2]int      // combat value full and reduced (reduced unused with one step)
	Steps       int         // 1 or 2 strength levels (rule 1.2)
	Support     bool        // asterisk: may support a front-line unit (6.2.E.1)
	DefenceOnly bool        // bracketed CV: defends only (rule 1.2)
	Garrison    bool        // fortress garrison: immobile, not recoverable if eliminated in combat (rule 3.7)
	MC          int         // movement capacity in MP
	Start       int         // area at setup, or -1 for a reinforcement
	Arrives     int         // turn of arrival as a reinforcement, 0 if on the map at start
	Removed     int         // turn it is removed from the game (rule 3.11), 0 if never
	// SuppliedIn is the area in which the unit is always in supply
	// (rule 3.9's Giarabub exception), or -1.
	SuppliedIn int
	// Matilda marks 7 RTR, the unit the Matilda event wears down (rule 7).
	Matilda bool
}

// TurnDef is one box of the turn track.
type TurnDef struct {
	Dates        string // the historical dates the turn stands for
	Events       [2]int // event markers drawn in phase 6.1.A, by side
	Replacements [2]int // replacement points received (rule 3.10), by side
}
