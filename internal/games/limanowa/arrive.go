package limanowa

import (
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Reinforcements (10.2-10.22): those "placed" in named hexes during the
// initiative phase of their turn, those "entering" walked on across the
// map's edge by a move command on or after their turn.

// force is units[i]'s force, or nil.
func (s *State) force(i int) *Force {
	if f := s.pos.Units[i].Force; f >= 0 {
		return &s.sc.Forces[f]
	}
	return nil
}

// entering reports whether units[i] waits off the map to walk on now
// (10.2: on or after its turn; in a campaign, on or after its day, 11.11).
func (s *State) entering(i int) bool {
	f := s.force(i)
	return s.pos.Units[i].Where == Waiting && f != nil && f.Enter && f.Turn <= int(s.Turn) && (s.cp == nil || s.due(i))
}

// commandable reports whether units[i] may receive a command: ready on
// the map, or an entering reinforcement not yet spent this turn (10.2).
func (s *State) commandable(i int) bool {
	u := &s.pos.Units[i]
	return u.Ready() || s.entering(i) && !u.Spent
}

// nextArrival moves the arrivals of the initiative phase on (10.22): the
// side with the initiative places its reinforcements due, one at a time,
// then the other; then the couplets begin.
func (s *State) nextArrival() {
	for ; s.ArriveOf < 2; s.ArriveOf++ {
		side := s.Initiative
		if s.ArriveOf == 1 {
			side = 1 - side
		}
		if i := s.nextToArrive(side); i >= 0 {
			s.Arriving = int16(i)
			s.Step, s.Decider, s.Phasing = stArrive, side, side
			return
		}
	}
	s.ArriveOf = 0
	if s.Couplets == 0 {
		s.administration()
		return
	}
	s.startHalf(0)
}

// nextToArrive is side's first reinforcement due to be placed that has a
// hex to go to, or -1. One whose every hex holds enemy units never
// arrives (10.22); one kept out only by the stacking limit waits for a
// later turn ("on or after", ruling L21).
func (s *State) nextToArrive(side engine.Side) int {
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		f := s.force(i)
		if u.Side != side || u.Where != Waiting || f == nil || f.Enter || f.Turn == 0 || f.Turn > int(s.Turn) {
			continue
		}
		if len(s.arrivalHexes(i, nil)) > 0 {
			return i
		}
		held := true
		for _, h := range f.Area {
			held = held && (!s.inPlayArea(h) || s.pos.enemyIn(side, h))
		}
		if held {
			u.Where = Absent
			s.logf("10.22", engine.Observer, "absent", s.unitID(i))
		}
	}
	return -1
}

// inPlayArea reports whether h exists in this scenario (13.0, scenario 3).
func (s *State) inPlayArea(h hexgrid.Hex) bool {
	return s.d.Map.InPlay(h) && (s.sc.PlayArea == nil || slices.Contains(s.sc.PlayArea, h))
}

// arrivalHexes are the hexes units[i] may be placed in (10.22): its
// force's, existing, free of enemy units, with room (3.4).
func (s *State) arrivalHexes(i int, dst []hexgrid.Hex) []hexgrid.Hex {
	u := &s.pos.Units[i]
	for _, h := range s.force(i).Area {
		if s.inPlayArea(h) && !s.pos.enemyIn(u.Side, h) && CanEnter(s.pos.Units, u.Side, h) {
			dst = append(dst, h)
		}
	}
	return dst
}

// arrive places units[i] in h (10.22) with the face chosen.
func (s *State) arrive(i int, h hexgrid.Hex, dispersed bool) {
	u := &s.pos.Units[i]
	u.Where, u.Hex, u.Dispersed = OnMap, h, dispersed
	s.settleIn(i) // 8.322
	s.logf("10.22", engine.Observer, "arrives", s.unitID(i), Layout.Format(h), faces[b2i(dispersed)])
	s.pos.Control.Update(s.pos.Units)
	s.nextArrival()
}

// entryHexes are the map-edge hexes the off-map movers may enter by
// (10.2, 10.21): along the edge within their force's area, existing; a
// unit of a mass enters next to, or in, a hex another unit of the same
// command entered by.
func (s *State) entryHexes(m int, dst []hexgrid.Hex) []hexgrid.Hex {
	mass := s.NGroup > StackLimit
	used := false
	for _, c := range s.EntryUsed {
		used = used || c != 0
	}
	for _, h := range s.force(m).Area {
		if !s.d.Map.EdgeHex(h) || !s.inPlayArea(h) {
			continue
		}
		if mass && used && !slices.ContainsFunc(s.EntryUsed[:], func(c int16) bool {
			return c != 0 && (codeHex(c) == h || hexgrid.Adjacent(codeHex(c), h))
		}) {
			continue
		}
		dst = append(dst, h)
	}
	return dst
}

// enterMap is the first hex an off-map mover enters (10.21): one point,
// as from the mirror image of that hex - so along a road when the hex is
// on one, and across a green hexside, with a lost check, when it is woods
// off the road (6.661a, 8.9; ruling L22). Into a trench hex it comes
// along the trench of the mirror hex, connected (8.322): a unit that may
// be IN a trench is IN it (8.321), and cavalry or an AFV checks for
// bogging as any entry into a trench hex (8.323; ruling L75).
func (s *State) enterMap(m int, h hexgrid.Hex) Entry {
	u := &s.pos.Units[m]
	u.Where, u.Hex = OnMap, h
	u.In = s.mayBeInTrench(m)
	for k := range s.EntryUsed {
		if s.EntryUsed[k] == 0 {
			s.EntryUsed[k] = hexCode(h)
			break
		}
	}
	road := s.d.Map.OnRoad(h)
	t := s.d.Map.Terrain(h)
	return Entry{Allowed: true, Road: road, Bog: s.pos.Bogs(&s.d.Counters[u.Counter], h),
		Lost: walkOnLost(road, t == Woods || t == DotWoods, u.In, s.pos.enemyGround(u.Side, h), s.night())}
}

// walkOnLost reports whether a unit walking on checks cohesion to avoid
// getting lost (6.661; ruling L22), coming from its entry hex's mirror
// image (10.21): never along a road; across a green hexside when the hex
// is woods (a); going IN an enemy trench along it (b, the mirror hex is a
// connecting trench, 8.322); at night unless by a road or IN along a
// friendly trench (c).
func walkOnLost(road, woods, in, enemyTrench, night bool) bool {
	return lostCheck(road, woods, Step{Night: night, FriendlyTrench: in && !enemyTrench, EnemyTrench: in && enemyTrench})
}

// canEnterMap reports whether the off-map movers may enter by h: an entry
// hex for each, with room for all (3.4).
func (s *State) canEnterMap(h hexgrid.Hex) bool {
	ms := s.able(nil)
	if Stacked(s.pos.Units, s.Phasing, h)+len(ms) > StackLimit {
		return false
	}
	for _, m := range ms {
		if s.pos.Units[m].MP == 0 || !slices.Contains(s.entryHexes(m, nil), h) {
			return false
		}
	}
	return true
}

// offMap reports whether the movers have not yet entered the map.
func (s *State) offMap() bool {
	l := s.lead()
	return l >= 0 && s.pos.Units[l].Where == Waiting
}
