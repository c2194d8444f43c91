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
		switch s := d.StackStrength(p, Other(side), l.To); {
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
