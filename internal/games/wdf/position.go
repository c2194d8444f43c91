package wdf

import (
	"sync/atomic"

	"sandtable/internal/engine"
)

// Fixed sizes of a Position, so that copying one copies the game (the
// pattern of compass/state.go). The data has 101 units, 4 leader pieces
// and 12 IP markers; the loader's data must fit.
const (
	MaxUnits   = 128
	MaxLeaders = 8
	MaxIPs     = 16
)

// NoHex marks a piece or marker that is not on the map.
const NoHex int16 = -1

// Box is where a unit is when it is not on the map (or BoxMap when it is).
type Box uint8

const (
	BoxNotArrived  Box = iota // reinforcement still on the turn track (7.7)
	BoxMap                    // on the map at UnitState.Hex
	BoxReserve                // Allied Reserve Box (7.4, 7.8)
	BoxRecoverable            // Recoverable Eliminated box (10.21, 7.6)
	BoxPermanent              // Permanent Eliminated box (8.3, 10.21)
	BoxWithdrawn              // left the game by schedule
	BoxReturning              // replaced from the Recoverable box: returns as a reinforcement (7.6)
)

// UnitState is one combat unit's changing state.
type UnitState struct {
	Box     Box
	Hex     int16 // dense hex index when Box == BoxMap, else NoHex
	Reduced bool  // showing its reduced side (2.0); one-step units never are
	InIP    bool  // stacked beneath the hex's IP marker (12.2)
	// Retreated into its hex this combat phase: adds nothing to the hex's
	// defence but shares its losses (10.26).
	Retreated bool
}

// LeaderState is one leader piece's changing state (13.0).
type LeaderState struct {
	Hex  int16 // NoHex when not on the map
	Face int8  // 0 primary, 1 secondary (13.1); -1 removed from the game
	// Due is the turn a leader off the map returns as a reinforcement
	// (13.6: the secondary leader arrives the next turn); 0 if none.
	Due int8
}

// IPState is one improved position marker on the map (12.0).
type IPState struct {
	Hex   int16 // NoHex when unused
	Level int8  // 1 or 2
	Built int8  // the turn it was built or upgraded (12.1)
}

// Position is the part of a game's state that the map rules (supply,
// zones of control, movement, stacking, combat strength) read. It holds
// only fixed-size values: a copy is a clone.
type Position struct {
	Units   [MaxUnits]UnitState
	Leaders [MaxLeaders]LeaderState
	IPs     [MaxIPs]IPState
	// Depot is each side's depot hex (7.1), NoHex when off the map.
	Depot [2]int16
	// TobrukControl is the side that occupies Tobruk or last occupied it
	// (8.4).
	TobrukControl engine.Side
	// BenghaziControl likewise for Benghazi (7.32).
	BenghaziControl engine.Side
	// DepotMoved: the depot shows its Moved side (7.12, 7.15).
	DepotMoved [2]bool
	// FortressLost counts the status levels Tobruk (0) and Bardia (1)
	// have lost (16.1): Tobruk keeps fortress status after one loss,
	// Bardia loses it at once.
	FortressLost [2]int8
	// Naval: Allied Naval Support this turn (6.2, 8.4).
	Naval bool
	// Level is the Axis Supply Level this turn (7.5, 9.6).
	Level SupplyLevel
	// Major: the side has declared a Major Offensive this player turn
	// (7.9), by side.
	Major [2]bool
	// TobrukPick marks the units their owner chose to draw on Tobruk's
	// limited supply (8.4, ruling W5).
	TobrukPick [MaxUnits]bool
}

// SetupPosition is the position the components give before turn 1: the
// units, leaders and depots at their setup hexes, reinforcements on the
// turn track, Tobruk and Benghazi Axis-controlled and intact (3.1).
func SetupPosition(d *Data) Position {
	var p Position
	for i := range p.Units {
		p.Units[i] = UnitState{Box: BoxWithdrawn, Hex: NoHex}
	}
	for i, u := range d.Units {
		switch {
		case u.Setup >= 0:
			p.Units[i] = UnitState{Box: BoxMap, Hex: int16(u.Setup)}
		case u.Reserve:
			p.Units[i] = UnitState{Box: BoxReserve, Hex: NoHex}
		default:
			p.Units[i] = UnitState{Box: BoxNotArrived, Hex: NoHex}
		}
	}
	for i := range p.Leaders {
		p.Leaders[i] = LeaderState{Hex: NoHex, Face: -1}
	}
	for i, l := range d.Leaders {
		p.Leaders[i] = LeaderState{Hex: int16(l.Setup), Face: 0}
	}
	for i := range p.IPs {
		p.IPs[i].Hex = NoHex
	}
	p.Depot = [2]int16{NoHex, NoHex}
	for _, m := range d.Markers {
		if m.Kind == DepotMarker && m.Setup >= 0 {
			p.Depot[m.Side] = int16(m.Setup)
		}
	}
	p.TobrukControl, p.BenghaziControl = Axis, Axis // 3.1
	p.Level = SupplyNormal
	return p
}

// fortressLost reports whether the fortress in hex i (if any) has lost
// fortress status (16.1): Tobruk after two losses, Bardia after one.
func (p *Position) fortressLost(d *Data, i int) bool {
	switch i {
	case d.Tobruk:
		return int(p.FortressLost[0]) >= d.Places[d.Hexes[i].Place].FortressLevels-1
	case d.Bardia:
		return int(p.FortressLost[1]) >= d.Places[d.Hexes[i].Place].FortressLevels-1
	}
	return false
}

// ipAt returns the IP level in hex i, 0 if none.
func (p *Position) ipAt(i int) int {
	for _, ip := range p.IPs {
		if int(ip.Hex) == i {
			return int(ip.Level)
		}
	}
	return 0
}

// leaderFace returns the face leader l shows (13.1).
func (p *Position) leaderFace(d *Data, l int) *LeaderFace {
	return &d.Leaders[l].Faces[p.Leaders[l].Face]
}

// MaxHexes bounds the map (the data has 977 hexes; the loader checks), so
// that a Board is one block of fixed-size arrays.
const MaxHexes = 1024

// A Board counts units in bytes (grid.at).
var _ [255 - MaxUnits]struct{}

// Board is a Position read against the Data: who stands where and whose
// zones of control reach each hex. Build it with NewBoard after every
// change to the position; it does not follow the position.
type Board struct {
	D *Data
	P *Position
	// sup and net are what was traced on a board of the state's cache,
	// filled on demand (Board.report, mainNet): such a board never
	// changes after it is built but for these, so clones of a state
	// share it. The pointers come first, so that the collector reads
	// only these words of a Board, not its kilobytes of counts.
	sup [2]atomic.Pointer[SupplyReport]
	net [2]atomic.Pointer[SupplyNet]
	grid
	// snap is the position a board of the state's cache reads (P points
	// to it).
	snap Position
}

// grid is what a Board derives from the units' places, one block of
// values, so that the board of a position that differs from another by a
// few units is that board's grid copied and those units taken off and
// put back (Board.follow).
type grid struct {
	// occ counts the combat units on each hex by side; zoc how many of a
	// side's units exert a zone of control into each hex (9.3).
	occ [MaxHexes][2]uint8
	zoc [MaxHexes][2]uint8
	// units lists the units on the map by hex, in Data.Units order within
	// a hex; hex h's are units[at[h]:at[h+1]] (one array rather than a
	// slice per hex: a Board is built many times a search iteration; at
	// counts at most MaxUnits, so bytes keep a Board within 8 KiB).
	units [MaxUnits]int
	at    [MaxHexes + 1]uint8
}

// NewBoard reads p against d.
func NewBoard(d *Data, p *Position) *Board {
	b := &Board{D: d, P: p}
	b.read()
	return b
}

// read derives the stacks and zones of control from b.P.
func (b *Board) read() {
	d, p := b.D, b.P
	n := len(d.Hexes)
	for u := range d.Units {
		us := &p.Units[u]
		if us.Box != BoxMap {
			continue
		}
		h := int(us.Hex)
		b.occ[h][d.Units[u].Side]++
		b.at[h]++
		b.exert(u, h, 1)
	}
	// counts to ends, then placed from the last unit down, which leaves
	// at[h] at hex h's first unit
	for h := 1; h <= n; h++ {
		b.at[h] += b.at[h-1]
	}
	for u := len(d.Units) - 1; u >= 0; u-- {
		if us := &p.Units[u]; us.Box == BoxMap {
			b.at[us.Hex]--
			b.units[b.at[us.Hex]] = u
		}
	}
}

// exert adds delta to the zones of control unit u in hex h exerts (9.3,
// zocCrosses).
func (b *Board) exert(u, h, delta int) {
	d := b.D
	def := &d.Units[u]
	if !def.ExertsZOC() {
		return
	}
	dirs := d.zocDirs[h][def.Type]
	for dir, nb := range d.Hexes[h].Neighbours {
		if dirs&(1<<dir) != 0 {
			b.zoc[nb][def.Side] = uint8(int(b.zoc[nb][def.Side]) + delta)
		}
	}
}

// followMost is how many units may have changed place for follow to
// derive a board from the one before rather than read it afresh.
const followMost = 8

// follow makes b, whose snapshot is set, the board of its position from
// old, the board of a position that differs in the places of at most
// followMost units: old's grid with those units taken off their old hexes
// and put on their new ones; and keeps old's supply nets where the change
// leaves every hex a supply path may enter as it was (keepNets). It
// reports false, leaving b to be read, when more units moved.
func (b *Board) follow(old *Board) bool {
	var moved [followMost]int
	n := 0
	for u := range b.D.Units {
		was, is := &old.snap.Units[u], &b.snap.Units[u]
		if was.Box == is.Box && was.Hex == is.Hex {
			continue
		}
		if n == followMost {
			return false
		}
		moved[n] = u
		n++
	}
	b.grid = old.grid
	for _, u := range moved[:n] {
		if was := &old.snap.Units[u]; was.Box == BoxMap {
			b.take(u, int(was.Hex))
		}
		if is := &b.snap.Units[u]; is.Box == BoxMap {
			b.put(u, int(is.Hex))
		}
	}
	b.keepNets(old, moved[:n])
	if n == 0 {
		b.keepReports(old)
	}
	return true
}

// keepReports gives b, on which no unit has changed place since old,
// old's supply reports, when nothing else Supply reads has changed
// either: the leaders (whose range lengthens a path, 13.5), Tobruk's
// control and the choice of who draws on it (8.4), Naval Support and the
// fortresses' status. A step lost or restored, an IP, the phase's flags
// leave them as they were.
func (b *Board) keepReports(old *Board) {
	o, p := &old.snap, &b.snap
	if o.Leaders != p.Leaders || o.TobrukPick != p.TobrukPick || o.TobrukControl != p.TobrukControl ||
		o.Naval != p.Naval || o.FortressLost != p.FortressLost {
		return
	}
	for side := range engine.Side(2) {
		if r := old.sup[side].Load(); r != nil {
			b.sup[side].Store(r)
		}
	}
}

// take removes unit u from hex h.
func (b *Board) take(u, h int) {
	side := b.D.Units[u].Side
	b.occ[h][side]--
	b.exert(u, h, -1)
	end := int(b.at[len(b.D.Hexes)])
	i := int(b.at[h])
	for b.units[i] != u {
		i++
	}
	copy(b.units[i:end-1], b.units[i+1:end])
	b.units[end-1] = 0 // as a board read afresh has it
	for x := h + 1; x <= len(b.D.Hexes); x++ {
		b.at[x]--
	}
}

// put places unit u on hex h, in Data.Units order among the units there.
func (b *Board) put(u, h int) {
	side := b.D.Units[u].Side
	b.occ[h][side]++
	b.exert(u, h, 1)
	end := int(b.at[len(b.D.Hexes)])
	i := int(b.at[h])
	for i < int(b.at[h+1]) && b.units[i] < u {
		i++
	}
	copy(b.units[i+1:end+1], b.units[i:end])
	b.units[i] = u
	for x := h + 1; x <= len(b.D.Hexes); x++ {
		b.at[x]++
	}
}

// keepNets gives b old's supply nets of each side for which no hex a
// supply path may enter has opened or closed (pathOpen): only the hexes
// the moved units left or entered and their neighbours can have, and a
// net reads nothing else of the position but the fortresses' status
// (NewSupplyNet).
func (b *Board) keepNets(old *Board, moved []int) {
	if old.snap.FortressLost != b.snap.FortressLost {
		return
	}
	for side := range engine.Side(2) {
		n := old.net[side].Load()
		if n == nil || !b.samePaths(old, side, moved) {
			continue
		}
		b.net[side].Store(n)
	}
}

// samePaths reports whether pathOpen for side is the same on b as on old
// in and around the hexes the moved units left and entered.
func (b *Board) samePaths(old *Board, side engine.Side, moved []int) bool {
	same := func(h int) bool {
		if h < 0 || b.pathOpen(side, h) == old.pathOpen(side, h) {
			return true
		}
		return false
	}
	for _, u := range moved {
		for _, h := range [2]int16{old.snap.Units[u].Hex, b.snap.Units[u].Hex} {
			if h < 0 {
				continue
			}
			if !same(int(h)) {
				return false
			}
			for _, nb := range b.D.Hexes[h].Neighbours {
				if !same(int(nb)) {
					return false
				}
			}
		}
	}
	return true
}

// Units returns the combat units on hex i (do not modify).
func (b *Board) Units(i int) []int {
	lo, hi := int(b.at[i]), int(b.at[i+1])
	return b.units[lo:hi:hi]
}

// Occupied reports whether side has a combat unit on hex i.
func (b *Board) Occupied(side engine.Side, i int) bool { return b.occ[i][side] > 0 }

// LeaderAt returns the first leader of side on hex i, or -1.
func (b *Board) LeaderAt(side engine.Side, i int) int {
	for l := range b.D.Leaders {
		if b.D.Leaders[l].Side == side && int(b.P.Leaders[l].Hex) == i && b.P.Leaders[l].Face >= 0 {
			return l
		}
	}
	return -1
}

// bestLeader returns the largest value f gives among side's leaders on
// hex i, or -1 when none is there. Two Axis leaders may share a hex and
// the player uses one's values (13.2): the best.
func (b *Board) bestLeader(side engine.Side, i int, f func(*LeaderFace) int) int {
	best := -1
	for l := range b.D.Leaders {
		if b.D.Leaders[l].Side == side && int(b.P.Leaders[l].Hex) == i && b.P.Leaders[l].Face >= 0 {
			best = max(best, f(b.P.leaderFace(b.D, l)))
		}
	}
	return best
}

func faceRange(f *LeaderFace) int   { return f.Range }
func faceAttack(f *LeaderFace) int  { return f.Attack }
func faceDefense(f *LeaderFace) int { return f.Defense }
