package limanowa

import (
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Where says where a unit is.
type Where uint8

const (
	Waiting   Where = iota // not yet arrived (10.2, 11.1)
	OnMap                  // in Unit.Hex
	Destroyed              // on the casualty list (11.01)
	Captured               // out of the campaign (11.531)
	Exited                 // left the map (10.3)
	Absent                 // never arrives: the enemy held every hex it could be placed in (10.22)
	Removed                // out of the campaign: not recovered (11.533) or withdrawn (13.0)
)

// Unit is one counter in play.
type Unit struct {
	Counter   int16 // index into Data.Counters
	Force     int16 // index of the force it arrives with (Scenario.Forces, or a campaign's), -1 if none
	Side      engine.Side
	Where     Where
	Hex       hexgrid.Hex
	Dispersed bool // 3.2: the dispersed side is up
	Spent     bool // 3.3: cannot receive commands
	In        bool // IN a trench or blockhouse (8.02, 8.32)

	// The turn's running state of the sequence of play (state.go).
	MP          int8 // movement points left in the move under way (6.61)
	Moving      bool // 6.65: moving until it fails a check, completes a melee, or attention passes on
	LostChecked bool // it has checked for getting lost this turn (6.663)
	Shovel      bool // it dug this turn: a shovel lies on it until administration (6.41)
}

// Face is the side of the counter that is up (3.2: units always use the
// values on the side facing up).
func (u *Unit) Face(d *Data) Face {
	c := &d.Counters[u.Counter]
	if u.Dispersed {
		return c.Dispersed
	}
	return c.Formed
}

// Ready reports whether the unit can receive commands (3.3).
func (u *Unit) Ready() bool { return u.Where == OnMap && !u.Spent }

// Is reports whether a counter counts as type t (3.12: a unit that could
// be more than one type is each of them where that is the less
// advantageous to its owner; the caller asks about the penalty).
func (c *Counter) Is(t UnitType) bool { return c.Type == t || c.Also == t }

// CanDig: only gun and infantry units dig (6.41), never one that is also
// cavalry (3.12: horse artillery cannot dig, like cavalry), and never
// Cossacks or Hussars, mounted or dismounted (13.0).
func (c *Counter) CanDig() bool {
	return (c.Type == Infantry || c.Type.IsGun()) && !c.Is(Cavalry) && !c.NoDig
}

// Bogs: cavalry and AFVs entering a trench hex check cohesion (8.323),
// and so does a unit that is also cavalry (3.12's horse artillery).
func (c *Counter) Bogs() bool { return c.Is(Cavalry) || c.Is(ArmoredCar) || c.Is(Tank) }

// Identical: same nationality and type with the same firepower, range,
// melee, cohesion and movement (3.11) - on both sides of the counter.
func (d *Data) Identical(a, b *Unit) bool {
	x, y := &d.Counters[a.Counter], &d.Counters[b.Counter]
	return x.Nation == y.Nation && x.Type == y.Type && x.Also == y.Also &&
		x.Formed == y.Formed && x.Dispersed == y.Dispersed
}

// StackLimit is the most units a side may have in one hex (3.4).
const StackLimit = 2

// Stacked counts side's units in h.
func Stacked(units []Unit, side engine.Side, h hexgrid.Hex) int {
	n := 0
	for i := range units {
		if u := &units[i]; u.Where == OnMap && u.Side == side && u.Hex == h {
			n++
		}
	}
	return n
}

// CanEnter reports whether one more of side's units may be in h, even
// passing through (3.4, 6.63: enemy units do not count).
func CanEnter(units []Unit, side engine.Side, h hexgrid.Hex) bool {
	return Stacked(units, side, h) < StackLimit
}

// Mass limits (3.5, 6.01c) and blob limits (3.6, 6.01e).
const (
	MassUnits = 12
	MassHexes = 6
	BlobUnits = 4
)

// linked reports whether the units (indexes into units) form one chain,
// each adjacent to - or in the same hex as - another of them (3.5, 3.6),
// and how many hexes they cover.
func linked(units []Unit, ids []int) (bool, int) {
	var hs []hexgrid.Hex
	for _, i := range ids {
		if h := units[i].Hex; !slices.Contains(hs, h) {
			hs = append(hs, h)
		}
	}
	if len(hs) == 0 {
		return false, 0
	}
	reach := cluster(hs[0], func(h hexgrid.Hex) bool { return slices.Contains(hs, h) })
	return len(reach) == len(hs), len(hs)
}

// IsMass reports whether the units form a mass: identical, formed, ready
// units of one side in an uninterrupted chain, at most 12 in at most six
// hexes (3.5, 6.01c).
func (d *Data) IsMass(units []Unit, ids []int) bool {
	if len(ids) == 0 || len(ids) > MassUnits {
		return false
	}
	first := &units[ids[0]]
	for _, i := range ids {
		u := &units[i]
		if !u.Ready() || u.Dispersed || u.Side != first.Side || !d.Identical(u, first) {
			return false
		}
	}
	ok, hexes := linked(units, ids)
	return ok && hexes <= MassHexes && !hasDuplicate(ids)
}

// IsBlob reports whether the units form a blob: up to four dispersed,
// ready units of one side, any types, in a chain (3.6, 6.01e). Only forces
// using infiltration tactics may activate one; the caller checks that.
func IsBlob(units []Unit, ids []int) bool {
	if len(ids) == 0 || len(ids) > BlobUnits {
		return false
	}
	for _, i := range ids {
		u := &units[i]
		if !u.Ready() || !u.Dispersed || u.Side != units[ids[0]].Side {
			return false
		}
	}
	ok, _ := linked(units, ids)
	return ok && !hasDuplicate(ids)
}

// MassFrom returns the units that could join a mass with units[seed]: the
// identical, formed, ready units of its side linked to it through one
// another (3.5: units that do not qualify break the chain). The player
// still chooses which of them, up to 12 in six hexes.
func (d *Data) MassFrom(units []Unit, seed int) []int {
	s := &units[seed]
	if !s.Ready() || s.Dispersed {
		return nil
	}
	qualifies := func(i int) bool {
		u := &units[i]
		return u.Ready() && !u.Dispersed && u.Side == s.Side && d.Identical(u, s)
	}
	out := []int{seed}
	for k := 0; k < len(out); k++ {
		h := units[out[k]].Hex
		for i := range units {
			if !slices.Contains(out, i) && qualifies(i) && (units[i].Hex == h || hexgrid.Adjacent(units[i].Hex, h)) {
				out = append(out, i)
			}
		}
	}
	slices.Sort(out)
	return out
}

func hasDuplicate(ids []int) bool {
	s := slices.Clone(ids)
	slices.Sort(s)
	return len(slices.Compact(s)) != len(ids)
}

// Cause is what made a unit check its cohesion (3.71).
type Cause uint8

const (
	ByFire     Cause = iota // any form of fire: area, anti-tank, reaction, OMA, gas
	ByMelee                 // 6.675
	ByMovement              // difficult terrain, lost, bog, night: never destroys (3.73, 6.663)
	ByRally                 // 3.8: passing flips the unit formed and spends it; failing costs nothing
)

// Outcome is the result of a cohesion check.
type Outcome uint8

const (
	Pass Outcome = iota
	Fail         // dispersed and spent (3.72)
	Kill         // 11 or more from fire or melee (3.73)
)

// Check is a cohesion check: two dice plus the modifiers against the
// cohesion of the face up (3.72).
type Check struct {
	Dice     [2]int
	Modifier int
	Cohesion int
	Cause    Cause
}

// Final is the modified dice roll.
func (c Check) Final() int { return c.Dice[0] + c.Dice[1] + c.Modifier }

// Doubles: the dice match (6.679 hallowed ground, 6.75 machine guns spent,
// 7.513 gas drifts).
func (c Check) Doubles() bool { return c.Dice[0] == c.Dice[1] }

// Outcome applies 3.72 and 3.73: a final result above the cohesion fails;
// 11 or more from fire or melee destroys; a check caused by movement
// never destroys. A rally check (3.8) passes or fails like any other.
func (c Check) Outcome() Outcome {
	f := c.Final()
	switch {
	case f >= 11 && (c.Cause == ByFire || c.Cause == ByMelee):
		return Kill
	case f > c.Cohesion:
		return Fail
	}
	return Pass
}

// Apply carries out a check's outcome on u (3.72: a failed unit is
// dispersed and spent, with no added penalty if it already was; 3.8: a
// passed rally flips it formed and spends it). It reports the outcome.
func (u *Unit) Apply(c Check) Outcome {
	o := c.Outcome()
	switch {
	case c.Cause == ByRally:
		if o == Pass {
			u.Dispersed, u.Spent = false, true
		}
		return o
	case o == Fail:
		u.Dispersed, u.Spent = true, true
	case o == Kill:
		u.Where, u.In = Destroyed, false
	}
	return o
}

// RollCheck rolls a cohesion check for u with the engine's dice.
func (d *Data) RollCheck(r *engine.Rand, u *Unit, mod int, cause Cause) Check {
	return Check{Dice: [2]int{r.D6(), r.D6()}, Modifier: mod, Cohesion: u.Face(d).Cohesion, Cause: cause}
}
