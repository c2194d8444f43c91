package compass

import "sandtable/internal/engine"

// supplyNet is the set of areas from which a side can trace a supply line
// to its logistic area (3.9), computed once and asked per unit.
type supplyNet struct {
	ready bool
	side  engine.Side
	reach [maxAreas]bool
}

// supplyNet finds, by a breadth-first search from side's logistic area,
// every area joined to it by a continuous path of roads or tracks through
// areas neither occupied nor controlled by the enemy (3.9).
func (s *State) supplyNet(side engine.Side) supplyNet {
	n := supplyNet{ready: true, side: side}
	occ := s.tally()
	open := func(a int) bool { return s.Control[a] == int8(side) && occ[a][1-side] == 0 }
	la := s.logisticArea(side)
	if !open(la) {
		return n
	}
	var queue [maxAreas]int
	queue[0], n.reach[la] = la, true
	for head, tail := 0, 1; head < tail; head++ {
		for _, l := range s.d.Areas[queue[head]].Links {
			if l.Kind != Desert && !n.reach[l.To] && open(l.To) {
				n.reach[l.To] = true
				queue[tail] = l.To
				tail++
			}
		}
	}
	return n
}

// inSupply reports whether unit u is in supply (3.9): its area, or an area
// adjacent to it across any link, is on the supply net (ruling C-29); or it
// is the Giarabub unit in the Giarabub area, which is always in supply.
func (s *State) inSupply(u int, n *supplyNet) bool {
	a := int(s.Units[u].Area)
	if a < 0 {
		return false
	}
	if s.def(u).SuppliedIn == a {
		return true
	}
	if n.reach[a] {
		return true
	}
	for _, l := range s.d.Areas[a].Links {
		if n.reach[l.To] {
			return true
		}
	}
	return false
}

// outOfSupply reports whether unit u suffers the effects of an Out of
// Supply marker (3.9): it carries one and is not the Giarabub unit in the
// Giarabub area, which "is always considered in supply" there, marker or
// not (it may have been marked elsewhere and moved in since the check).
// Every rule that reads the marker reads it through this (ruling C-33).
func (s *State) outOfSupply(u int) bool {
	return s.Units[u].Flags&fOOS != 0 && s.def(u).SuppliedIn != int(s.Units[u].Area)
}

// supplyCheck is phase C (6.2.C): every unit of side on the map that cannot
// trace a supply line gets an Out of Supply marker; a unit that can loses
// its marker.
func (s *State) supplyCheck(side engine.Side) {
	n := s.supplyNet(side)
	for u := range s.nUnits() {
		if s.side(u) != side || !s.onMap(u) {
			continue
		}
		was := s.Units[u].Flags&fOOS != 0
		now := !s.inSupply(u, &n)
		switch {
		case now && !was:
			s.Units[u].Flags |= fOOS
			s.logf("6.2.C", engine.Observer, "outOfSupply", s.def(u).Name, s.d.Areas[s.Units[u].Area].Name)
		case was && !now:
			s.Units[u].Flags &^= fOOS
			s.logf("6.2.C", engine.Observer, "resupplied", s.def(u).Name)
		}
	}
}
