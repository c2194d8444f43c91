package primogenita

import (
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// MoveKind is the Order a unit moves under (4.1, 9).
type MoveKind uint8

const (
	FullMove      MoveKind = iota // Orders 36 (Allied, not Arbegnoch) and 5 (Italian)
	MobileMove                    // Orders 26 and 29
	TacticalMove                  // Orders 11 and 20
	ArbegnochMove                 // Order 35
)

// Allowance is what unit u may spend moving under an Order of kind k
// (4.1, 8.1, 8.2, section 9), in half mp; oneHex: it moves one hex
// regardless of cost instead (a Foot unit in a Tactical Move); ok false:
// it may not move in this Order. advance adds Order 39's extra 1mp.
func (d *Data) Allowance(p *Position, u int, k MoveKind, advance bool) (budget int, oneHex, ok bool) {
	return d.allowance(u, p.Units[u], k, advance)
}

// named reports whether a Move Order of kind k names unit u among the
// units it moves (section 9): Full Move 36 "(but not Arbegnoch)",
// Arbegnoch Move 35 only Arbegnoch; no Order moves an Air unit. A unit
// the Order does not name takes no part in it, not even by an Overrun
// (Order 41).
func (d *Data) named(u int, k MoveKind) bool {
	unit := &d.Units[u]
	switch {
	case unit.Kind == Air:
		return false
	case k == FullMove:
		return !unit.Arbegnoch
	case k == ArbegnochMove:
		return unit.Arbegnoch
	}
	return true
}

// allowance is Allowance for unit u in state st.
func (d *Data) allowance(u int, st UnitState, k MoveKind, advance bool) (budget int, oneHex, ok bool) {
	unit := &d.Units[u]
	if st.Loc != OnMap || unit.Move == 0 || !d.named(u, k) {
		return 0, false, false // 4.1: a Movement Value of 0 may not move at all
	}
	mobile := unit.Kind == Mobile || unit.Kind == SD
	noSupply := st.Supply == NoSupply && unit.Kind != SD
	switch k {
	case FullMove:
		budget = int(unit.Move) * MP
	case MobileMove:
		// Orders 26, 29: Mobile units, SD and March capable Foot 4mp, other Foot 2mp.
		budget = 2 * MP
		if mobile || unit.March {
			budget = 4 * MP
		}
	case TacticalMove:
		// Orders 11, 20: Disrupted units may not move at all; Foot one hex
		// regardless of cost (No Supply too); Mobile 2mp, 1mp if No Supply.
		if st.Disrupted {
			return 0, false, false
		}
		if !mobile {
			return 0, true, true
		}
		budget = 2 * MP
		if noSupply {
			budget = MP
		}
		if advance {
			budget += MP
		}
		return budget, false, true
	case ArbegnochMove:
		// Order 35: only Arbegnoch, with their Movement Value.
		budget = int(unit.Move) * MP
	}
	if noSupply {
		budget /= 2 // 4.1, 8.2: halve, keeping fractions (half mp are whole here)
	}
	if advance {
		budget += MP // Order 39: an extra 1mp in addition to what the Order allows
	}
	if st.Disrupted {
		budget -= MP // 4.1, 8.1: a Disrupted unit pays 1mp before it moves
	}
	return budget, false, budget > 0
}

// Mover describes who is moving for the cost of entering hexes.
type Mover struct {
	Side     engine.Side
	Mobile   bool // a Mobile unit or SD (4.1)
	Tactical bool // a Foot unit in a Tactical Move: may enter or leave Alpine off road (4.1)
}

// EnterCost is the cost in half mp for m to move from hex from into the
// adjacent hex to (4.1, 4.2); ok false if the move is prohibited; stop if
// the mover must stop there (an enemy Hard ZoC).
func (d *Data) EnterCost(p *Position, m Mover, from, to int) (cost int, stop, ok bool) {
	return d.enterCost(d.snapshot(p), m, from, to)
}

func (d *Data) enterCost(sn *snap, m Mover, from, to int) (cost int, stop, ok bool) {
	l, adj := d.Hexes[from].Link(to)
	if !adj {
		return 0, false, false
	}
	return d.enterBy(sn, m, from, &l)
}

// enterBy is enterCost along link l from hex from.
func (d *Data) enterBy(sn *snap, m Mover, from int, l *Link) (cost int, stop, ok bool) {
	to := l.To
	if sn.occ[Other(m.Side)][to] {
		return 0, false, false // 4.1: you may not enter a hex containing an enemy unit
	}
	if d.enemyEntry(m.Side, to) {
		return 0, false, false // 1.1: only the owner's units occupy an Entry hex
	}
	fromT, toT := d.Hexes[from].Terrain, d.Hexes[to].Terrain
	along := l.Along()
	if l.Cliff && !along && m.Mobile {
		return 0, false, false // 4.1: Mobile units cross no cliff off road/track
	}
	cost = l.cross
	if !along {
		if m.Mobile && (fromT.Rugged() || toT.Rugged()) {
			return 0, false, false // 4.1: nor enter or exit Mountain or Alpine
		}
		if !m.Mobile && !m.Tactical && (fromT == Alpine || toT == Alpine) {
			return 0, false, false // 4.1: Foot off road enter or exit Alpine only by Tactical Move
		}
	}
	extra, stop := d.zocCost(sn, m.Side, to)
	return cost + extra, stop, true
}

// crossCost is the cost of crossing link l into hex to, units and zones
// of control aside (4.1, 5.1): a road's or track's lesser cost along it,
// else the defining terrain's plus 1mp for a cliff or double cliff.
func (d *Data) crossCost(l Link, to int) int {
	switch {
	case l.Road:
		return d.Tables.RoadMP
	case l.Track:
		return d.Tables.TrackMP
	case l.Cliff:
		return d.Tables.TerrainMP[d.Hexes[to].Terrain] + d.Tables.CliffMP
	}
	return d.Tables.TerrainMP[d.Hexes[to].Terrain]
}

// zocCost is 4.2 for side entering hex h: +1mp in total for an enemy ZoC,
// and a stop after entering a Hard one.
func (d *Data) zocCost(sn *snap, side engine.Side, h int) (extra int, stop bool) {
	switch d.zocIn(sn, side, h) {
	case WeakZoC:
		return MP, false
	case HardZoC:
		return MP, true
	}
	return 0, false
}

// Reach lists the hexes unit u may end a move of kind k in, with their
// cost in half mp (4.1, 4.2); the start hex is not listed.
func (d *Data) Reach(p *Position, u int, k MoveKind, advance bool) []hexgrid.Reached {
	budget, oneHex, ok := d.Allowance(p, u, k, advance)
	if !ok {
		return nil
	}
	unit := &d.Units[u]
	m := Mover{Side: unit.Side, Mobile: unit.Kind == Mobile || unit.Kind == SD, Tactical: k == TacticalMove}
	start := int(p.Units[u].Hex)
	var out []hexgrid.Reached
	if oneHex {
		// Tactical Move: one hex regardless of movement cost.
		for _, l := range d.Hexes[start].Links {
			if _, _, ok := d.EnterCost(p, m, start, l.To); ok {
				out = append(out, hexgrid.Reached{Hex: d.Hexes[l.To].At})
			}
		}
		return out
	}
	s := d.search()
	defer d.searches.Put(s)
	for _, r := range s.Reach(d.Hexes[start].At, budget, d.stepCost(p, m)) {
		if r.Hex != d.Hexes[start].At {
			out = append(out, r)
		}
	}
	return out
}

// stepCost adapts EnterCost to hexgrid's search.
func (d *Data) stepCost(p *Position, m Mover) hexgrid.StepCost {
	sn := d.snapshot(p)
	return func(from, _ hexgrid.Hex, side hexgrid.Hexside) (int, bool) {
		a, l := d.linkAcross(from, side)
		if l == nil {
			return -1, false
		}
		cost, stop, ok := d.enterBy(sn, m, a, l)
		if !ok {
			return -1, false
		}
		return cost, stop
	}
}

// search returns a path search over every hex in play, Entry hexes
// included (their drawn positions; StepCost refuses every step that is
// not a Link, so geometry never joins an Entry hex to anything but its
// arrows). Put it back in d.searches after use.
func (d *Data) search() *hexgrid.Search {
	if s, ok := d.searches.Get().(*hexgrid.Search); ok {
		return s
	}
	hexes := make([]hexgrid.Hex, len(d.Hexes))
	for i := range d.Hexes {
		hexes[i] = d.Hexes[i].At
	}
	return hexgrid.NewSearch(hexes)
}
