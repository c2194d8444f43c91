package wdf

import (
	"strconv"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// A fixture is a small position written as lines of text:
//
//	unit 4-armd 4711 [reduced] [ip]
//	leader rommel-cruwell 3117 [secondary]
//	ip 4711 2
//	depot allied 5109
//	tobruk allied          (control, 8.4; Axis by default)
//	lost tobruk 1          (fortress status levels lost, 16.1)
//	naval                  (Allied Naval Support, 6.2)
//	level poor             (Axis Supply Level, 7.5)
//	major axis             (Major Offensive declared, 7.9)
//
// Pieces not named are off the map; there are no depots unless named.
func fixture(t *testing.T, text string) (*Data, *Position) {
	t.Helper()
	d := DefaultData()
	p := SetupPosition(d)
	for i := range p.Units {
		p.Units[i] = UnitState{Box: BoxNotArrived, Hex: NoHex}
	}
	for i := range p.Leaders {
		p.Leaders[i] = LeaderState{Hex: NoHex}
	}
	p.Depot = [2]int16{NoHex, NoHex}
	nIP := 0
	enginetest.Lines(t, text, func(f []string, fail func(format string, args ...any)) {
		hex := func(id string) int16 {
			i, ok := d.Lookup(id)
			if !ok {
				fail("no hex %s in play", id)
			}
			return int16(i)
		}
		side := func(s string) engine.Side {
			switch s {
			case "allied":
				return Allied
			case "axis":
				return Axis
			}
			fail("unknown side %q", s)
			return 0
		}
		switch f[0] {
		case "unit":
			u, ok := d.Unit(f[1])
			if !ok {
				fail("unknown unit")
			}
			p.Units[u] = UnitState{Box: BoxMap, Hex: hex(f[2])}
			for _, fl := range f[3:] {
				switch fl {
				case "reduced":
					p.Units[u].Reduced = true
				case "ip":
					p.Units[u].InIP = true
				default:
					fail("unknown unit flag %q", fl)
				}
			}
		case "leader":
			l, ok := d.Leader(f[1])
			if !ok {
				fail("unknown leader")
			}
			p.Leaders[l] = LeaderState{Hex: hex(f[2])}
			if len(f) > 3 && f[3] == "secondary" {
				p.Leaders[l].Face = 1
			}
		case "ip":
			n, _ := strconv.Atoi(f[2])
			p.IPs[nIP] = IPState{Hex: hex(f[1]), Level: int8(n)}
			nIP++
		case "depot":
			p.Depot[side(f[1])] = hex(f[2])
		case "tobruk":
			p.TobrukControl = side(f[1])
		case "lost":
			n, _ := strconv.Atoi(f[2])
			p.FortressLost[map[string]int{"tobruk": 0, "bardia": 1}[f[1]]] = int8(n)
		case "naval":
			p.Naval = true
		case "level":
			found := false
			for l := range NumSupplyLevels {
				if l.String() == f[1] {
					p.Level, found = l, true
				}
			}
			if !found {
				fail("unknown level")
			}
		case "major":
			p.Major[side(f[1])] = true
		default:
			fail("unknown keyword")
		}
	})
	return d, &p
}

// hx returns the dense index of a printed hex id.
func hx(t *testing.T, d *Data, id string) int {
	t.Helper()
	i, ok := d.Lookup(id)
	if !ok {
		t.Fatalf("no hex %s in play", id)
	}
	return i
}

// unit returns the index of a unit id.
func unit(t *testing.T, d *Data, id string) int {
	t.Helper()
	u, ok := d.Unit(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return u
}
