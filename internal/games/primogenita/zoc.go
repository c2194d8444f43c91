package primogenita

import "sandtable/internal/engine"

// ZoC levels (4.2).
const (
	NoZoC   = 0
	WeakZoC = 1
	HardZoC = 2
)

// ZoCInto is the strongest zone of control side's enemy exerts into hex h
// (4.2, 8.3): a stack of total Strength Value 2 or more exerts a Weak ZoC
// into its six adjacent hexes, even occupied ones; 12 or more a Hard ZoC.
// No ZoC extends into or out of an Entry hex or a Mountain or Alpine hex,
// or across a cliff hexside.
func (d *Data) ZoCInto(p *Position, side engine.Side, h int) int {
	return d.zocIn(d.snapshot(p), side, h)
}

func (d *Data) zocIn(sn *snap, side engine.Side, h int) int {
	if z := sn.zoc[side][h]; z > 0 {
		return int(z - 1)
	}
	z := d.zocOf(sn, side, h)
	sn.zoc[side][h] = int8(z + 1)
	return z
}

// zocOf computes zocIn, which remembers it in the snapshot.
func (d *Data) zocOf(sn *snap, side engine.Side, h int) int {
	to := &d.Hexes[h]
	if to.Entry >= 0 || to.Terrain.Rugged() {
		return NoZoC
	}
	best := NoZoC
	for _, l := range to.Links {
		from := &d.Hexes[l.To]
		if l.Cliff || from.Entry >= 0 || from.Terrain.Rugged() {
			continue
		}
		switch s := int(sn.str[Other(side)][l.To]); {
		case s >= HardZoCStrength:
			return HardZoC
		case s >= WeakZoCStrength:
			best = WeakZoC
		}
	}
	return best
}

// WeakZoCStrength and HardZoCStrength are 4.2's thresholds.
const (
	WeakZoCStrength = 2
	HardZoCStrength = 12
)

// snap is what the searches ask of a position again and again, counted
// once: each side's strength and presence in every hex, and the zones
// of control into each hex as the searches ask them (level+1; 0: not yet).
type snap struct {
	p   *Position
	str [2][MaxHexes]int16
	occ [2][MaxHexes]bool
	zoc [2][MaxHexes]int8
	// trace: what a supply trace meets on entering each hex (traceInto;
	// 0: not yet asked).
	trace [2][MaxHexes]int8
}

// snapshot counts p's units into a snap.
func (d *Data) snapshot(p *Position) *snap {
	return d.countInto(&snap{p: p})
}

// takeSnap is snapshot into a snap of d.snaps: put it back after use
// (a supply net takes one at every evaluation and support check).
func (d *Data) takeSnap(p *Position) *snap {
	sn, ok := d.snaps.Get().(*snap)
	if !ok {
		return d.snapshot(p)
	}
	*sn = snap{p: p}
	return d.countInto(sn)
}

// countInto counts the units of sn's position into it.
func (d *Data) countInto(sn *snap) *snap {
	p := sn.p
	for u := range d.Units {
		if st := &p.Units[u]; st.Loc == OnMap {
			side := d.Units[u].Side
			sn.occ[side][st.Hex] = true
			sn.str[side][st.Hex] += int16(d.Strength(p, u))
		}
	}
	return sn
}
