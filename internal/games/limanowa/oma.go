package limanowa

import "sandtable/internal/hexgrid"

// Conditions of a scenario that change the mode-of-transmission table.
type Conditions struct {
	PBFired     bool // either side fired a preliminary bombardment (7.14, 7.21)
	TrenchOnMap bool // either player has a trench on the map: telephone SS 9, else 7 (7.21)
	Night       bool // a night scenario: aircraft mode is treated as telephone (11.522)
}

// effective is the mode a group really uses (11.522).
func effective(m Mode, c Conditions) Mode {
	if m == Aircraft && c.Night {
		return Telephone
	}
	return m
}

// SignalSuccess is a group's signal-success number (7.21).
func (t *Tables) SignalSuccess(m Mode, c Conditions) int {
	row := &t.MOT[effective(m, c)]
	switch {
	case c.PBFired:
		return row.SSPB
	case !c.TrenchOnMap:
		return row.SSNoTrench
	}
	return row.SS
}

// RelayDelay is the number of turns before a group's cross hair is primed
// (7.21, 7.221): runner 6 after a preliminary bombardment, else 3.
func (t *Tables) RelayDelay(m Mode, c Conditions) int {
	row := &t.MOT[effective(m, c)]
	if c.PBFired {
		return row.RDPB
	}
	return row.RD
}

// Signal is the result of a signal-success roll (7.23).
type Signal uint8

const (
	NoSignal   Signal = iota // the cross hair stays
	Signalled                // the group fires for effect, or cancels
	Accidental               // a cancellation failed on 11 or more: an unintended FFE (6.2, 7.23)
)

// SignalRoll judges a signal-success roll of two dice (7.23).
func SignalRoll(dice, ss int, cancel bool) Signal {
	switch {
	case dice <= ss:
		return Signalled
	case cancel && dice >= 11:
		return Accidental
	}
	return NoSignal
}

// Accurate judges the accuracy die (7.242): -1 when the shooting side
// controls a hex at the map's highest level, -1 at a preregistered vertex
// or one the group hit before; the FFE lands on the vertex at or below
// the table's number, else it strays.
func (t *Tables) Accurate(die int, highest, registered bool) bool {
	if highest {
		die--
	}
	if registered {
		die--
	}
	return die <= t.AccuracyHit
}

// Stray moves an FFE along a spine to the next vertex (7.243): the player
// names spine start (an index into v.Adjacent()) as "1-2"; the next
// clockwise is "3-4", the last "5-6".
func Stray(v hexgrid.Vertex, start, die int) hexgrid.Vertex {
	return v.Adjacent()[(start+(die-1)/2)%3]
}

// Blast is the three hexes an FFE at v attacks (7.245).
func Blast(v hexgrid.Vertex) [3]hexgrid.Hex { return v.Hexes() }

// CarriedOver is the counter-attack turn on which a defender's group is
// primed when its hourglass was placed on turn placed of the attack
// scenario with relay delay rd (11.32: the elapsed delay carries over);
// 0 if it was primed within the attack scenario.
func (t *Turns) CarriedOver(placed, rd int) int {
	return max(placed+rd-t.Turns, 0)
}
