package limanowa

import (
	"testing"

	"sandtable/internal/hexgrid"
)

// An off-map artillery observer's cross hair must be within its LOS
// (6.1), and darkness is full-hex concealment that limits LOS to two
// hexes at night (4.8, 4.82): in a campaign night scenario (ruling L51) a
// vertex the observer would see by day six to seven hexes away is not
// offered, and a corner of an adjacent enemy's hex still is.
func TestNightObserverCall(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 3, func(s *State) bool { return s.Step == stCommand })
	obs, enemy := -1, -1
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if obs < 0 && u.Side == Russian && s.d.Counters[u.Counter].Type == Infantry {
			obs = i
		}
		if enemy < 0 && u.Side == Central {
			enemy = i
		}
	}
	for i := range s.pos.Units {
		if i != obs && i != enemy {
			s.pos.Units[i].Where = Exited
		}
	}
	o, e := &s.pos.Units[obs], &s.pos.Units[enemy]
	o.Where, e.Where = OnMap, OnMap
	// targets counts the cross hairs offered to the Russian groups; by day
	// aircraft see every vertex (7.21), at night they call as telephone
	// (11.522) and need an observer like the others.
	targets := func() int {
		n := 0
		for g := range s.groups() {
			if sp := s.spec1(g); sp.Side == Russian && (s.night() || sp.Mode != Aircraft) && s.callable(g) {
				n += len(s.callTargets(g, map[int16]bool{}, nil))
			}
		}
		return n
	}
	far := false
	for _, h := range s.d.Map.Hexes {
		for _, x := range s.d.Map.Hexes {
			if d := hexgrid.Distance(h, x); d < 6 || d > 7 || h == x {
				continue
			}
			v := hexgrid.Corner(x, 0)
			if !s.validVertex(vertexCode(v)) || !s.d.Map.SeePlainVertex(h, v) {
				continue
			}
			o.Hex, e.Hex = h, x
			s.camp.Seg = segAttack
			if targets() == 0 {
				continue // no group callable here by day: try another pair
			}
			s.camp.Seg = segNight
			if !s.night() {
				t.Fatal("not night")
			}
			if n := targets(); n != 0 {
				t.Fatalf("night: observer %s offered %d cross hairs around an enemy %d hexes away in %s",
					Layout.Format(h), n, hexgrid.Distance(h, x), Layout.Format(x))
			}
			far = true
			break
		}
		if far {
			break
		}
	}
	if !far {
		t.Fatal("no observer with a day's call onto a far vertex found")
	}
	// An adjacent enemy: darkness lets the observer see its hex's corners.
	for d := hexgrid.Dir(0); d < 6; d++ {
		if x := o.Hex.Neighbours()[d]; s.d.Map.InPlay(x) {
			e.Hex = x
			break
		}
	}
	if targets() == 0 {
		t.Fatalf("night: no cross hair offered around an adjacent enemy in %s", Layout.Format(e.Hex))
	}
}
