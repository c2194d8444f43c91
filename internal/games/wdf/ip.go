package wdf

import "sandtable/internal/engine"

// IPBuildable reports whether an improved position may be built in hex i
// (12.2): the Terrain Effects row allows it (not Tobruk, Benghazi,
// Alexandria, salt marsh, nor Bardia while a fortress) and the hex is not
// in an enemy ZOC, which friendly units do not negate here.
func (b *Board) IPBuildable(i int, side engine.Side) bool {
	d := b.D
	if !d.Tables.TEC[d.TECRow(i, b.P.fortressLost(d, i))].IP {
		return false
	}
	return b.zoc[i][1-side] == 0
}

// ipIndex returns the IP marker in hex i, or -1.
func (p *Position) ipIndex(i int) int {
	for k, ip := range p.IPs {
		if int(ip.Hex) == i {
			return k
		}
	}
	return -1
}

// freeIP returns an unused IP marker, or -1 when all n are on the map.
func (p *Position) freeIP(n int) int {
	for k := range min(n, MaxIPs) {
		if p.IPs[k].Hex == NoHex {
			return k
		}
	}
	return -1
}

// tidyIPs removes IP markers with no unit beneath them (12.1).
func (p *Position) tidyIPs() {
	for k := range p.IPs {
		h := p.IPs[k].Hex
		if h == NoHex {
			continue
		}
		used := false
		for u := range p.Units {
			if p.Units[u].Box == BoxMap && p.Units[u].Hex == h && p.Units[u].InIP {
				used = true
			}
		}
		if !used {
			p.IPs[k] = IPState{Hex: NoHex}
		}
	}
}
