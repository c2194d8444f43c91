package primogenita

import "sandtable/internal/engine"

// Loc is where a unit is.
type Loc uint8

const (
	InBox  Loc = iota // a Reinforcement not yet placed, or a remnant on the Order sheet (1.4, 1.7)
	OnMap             // on a map hex or an Entry hex
	OnBase            // an Air unit on the Air Base (Orders 42, 43)
	Gone              // eliminated, or replaced by its remnant; never returns (Orders 1, 3)
)

// Supply markers (5.2, 5.7b).
const (
	Supplied  uint8 = iota // no marker
	LowSupply              // Low Supply marker
	NoSupply               // No Supply marker
)

// Flags on towns (1.6): none (original control), British, Italian.
const (
	NoFlag uint8 = iota
	BritishFlag
	ItalianFlag
)

// UnitState is what changes on a counter.
type UnitState struct {
	Loc       Loc
	Hex       int16 // index in Data.Hexes while OnMap
	Flipped   bool  // on its back side; an SD: depleted (5.5)
	Disrupted bool  // under a Disrupted marker (8.1)
	Supply    uint8 // Supplied, LowSupply, NoSupply
}

// Capacities of the flat core (the loader refuses data beyond them).
const (
	MaxUnits   = 128
	MaxHexes   = 512
	MaxTowns   = 32 // also bits of State.ServedBy
	MaxTrench  = 2 * maxTrench
	MaxSources = 8
	MaxDumps   = 32 // SD units: bits of State.ServedBy
)

// No Trench marker in this slot of Position.Trench (the side has fewer).
const noTrench = -2

// Position is the pieces on the board: units, Trench markers, town flags,
// in fixed-size arrays so that a copy is a clone.
type Position struct {
	Units  [MaxUnits]UnitState // by index in Data.Units
	Trench [MaxTrench]int16    // the hex of each Trench marker, -1 on its Order sheet, noTrench unused
	Owner  [MaxTrench]engine.Side
	Flags  [MaxTowns]uint8 // by town index
}

// NewPosition returns the position before setup: every unit in its box,
// Trenches on the Order sheets, British flags on Kassala and Tessenei (1.7).
func NewPosition(d *Data) *Position {
	p := &Position{}
	for i := range d.Units {
		if d.Units[i].OnBase {
			p.Units[i].Loc = OnBase
		}
	}
	for i := range p.Trench {
		p.Trench[i] = noTrench
	}
	k := 0
	for s, n := range []int{Allied: d.AlliedTrench, Italian: d.ItalianTrench} {
		for range n {
			p.Trench[k], p.Owner[k] = -1, engine.Side(s)
			k++
		}
	}
	for t, town := range d.Towns {
		if town.AlliedAtStart {
			p.Flags[t] = BritishFlag
		}
	}
	return p
}

// Strength is unit u's current Strength Value (its front or back).
func (d *Data) Strength(p *Position, u int) int {
	if p.Units[u].Flipped {
		return int(d.Units[u].Strength[1])
	}
	return int(d.Units[u].Strength[0])
}

// At reports whether unit u is on hex h.
func (p *Position) at(u, h int) bool { return p.Units[u].Loc == OnMap && int(p.Units[u].Hex) == h }

// Occupied reports whether side has a unit or SD on hex h.
func (d *Data) Occupied(p *Position, side engine.Side, h int) bool {
	for u := range d.Units {
		if d.Units[u].Side == side && p.at(u, h) {
			return true
		}
	}
	return false
}

// StackStrength is the total Strength Value of side's units on hex h.
func (d *Data) StackStrength(p *Position, side engine.Side, h int) int {
	n := 0
	for u := range d.Units {
		if d.Units[u].Side == side && p.at(u, h) {
			n += d.Strength(p, u)
		}
	}
	return n
}

// StackValue is the total Stacking Value on hex h (1.5).
func (d *Data) StackValue(p *Position, h int) int {
	n := 0
	for u := range d.Units {
		if p.at(u, h) {
			n += int(d.Units[u].Stack)
		}
	}
	return n
}

// Overstacked reports whether hex h exceeds its Stacking Limit (1.5).
func (d *Data) Overstacked(p *Position, h int) bool {
	lim := d.Stacking(h)
	return lim >= 0 && d.StackValue(p, h) > lim
}

// TownController is the side controlling town t (1.6): the flag's side,
// or by default Italy (all towns but Kassala and Tessenei, which start with
// a British flag).
func (p *Position) TownController(t int) engine.Side {
	if p.Flags[t] == BritishFlag {
		return Allied
	}
	return Italian
}

// EnemyTown reports whether hex h is a town controlled by side's enemy.
func (d *Data) EnemyTown(p *Position, side engine.Side, h int) bool {
	t := d.Hexes[h].Town
	return t >= 0 && p.TownController(t) != side
}

// enemyEntry reports whether hex h is an Entry hex of side's enemy (1.1:
// only its owner's units occupy it; ruling P4: no trace enters it).
func (d *Data) enemyEntry(side engine.Side, h int) bool {
	e := d.Hexes[h].Entry
	return e >= 0 && d.Entries[e].Side != side
}

// HasTrench reports whether a Trench marker lies on hex h.
func (p *Position) HasTrench(h int) bool {
	for _, t := range p.Trench {
		if int(t) == h {
			return true
		}
	}
	return false
}

// Other is the opposing side.
func Other(s engine.Side) engine.Side { return 1 - s }
