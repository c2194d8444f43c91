package primogenita

import (
	"slices"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Allied supply marker levels (5.3), by index in Data.AlliedSupply.
const (
	MarkerAbsent uint8 = iota
	MarkerLS
	MarkerFS
)

// source is a supply source as traced now (5.1).
type source struct {
	hex  int
	rng  int  // half mp
	cap  int  // units it may support, -1: any number (FS, LS)
	full bool // FS
	dump int  // the SD unit, or -1
	town bool // Italian Town Supply (5.6)
	// bit is an SD's or a town's own bit in a unit's State.ServedBy (the
	// SD's rank among the SD units, the town's index); 0 for an FS or LS.
	bit uint32
}

// sources lists side's supply sources (5.1, 5.3–5.6); trucks: Order 10's
// extended Allied ranges (Resupply Segment only).
func (s *State) sources(side engine.Side, trucks bool) []source {
	d := s.d
	var out []source
	long, short := SupplyRange*MP, DumpRange*MP
	if side == Allied && trucks {
		long, short = ExtendedRange*MP, ExtendedDump*MP
	}
	if side == Allied {
		for i, src := range d.AlliedSupply {
			if lvl := s.Markers[i]; lvl != MarkerAbsent {
				out = append(out, source{hex: src.Hex, rng: long, cap: -1, full: lvl == MarkerFS, dump: -1})
			}
		}
		k := 0 // the SD's rank among the SD units
		for u := range d.Units {
			if d.Units[u].Kind != SD {
				continue
			}
			if s.Pos.Units[u].Loc == OnMap {
				out = append(out, source{hex: int(s.Pos.Units[u].Hex), rng: short, cap: DumpUnits, dump: u, bit: 1 << k})
			}
			k++
		}
		return out
	}
	for i, src := range d.ItalianSupply {
		if !s.ItalianLost[i] {
			out = append(out, source{hex: src.Hex, rng: long, cap: -1, full: src.Full, dump: -1})
		}
	}
	for t, town := range d.Towns {
		if s.Pos.Flags[t] == NoFlag && !town.AlliedAtStart {
			out = append(out, source{hex: town.Hex, rng: short, cap: TownUnits, dump: -1, town: true, bit: 1 << t})
		}
	}
	return out
}

// supplyNet is a side's sources and the hexes each reaches (5.1).
type supplyNet struct {
	srcs  []source
	reach [][]bool // [source][hex]
}

// net traces every source of side.
func (s *State) net(side engine.Side, trucks bool) supplyNet {
	n := supplyNet{srcs: s.sources(side, trucks)}
	n.reach = make([][]bool, len(n.srcs))
	sn := s.d.snapshot(&s.Pos)
	for i, src := range n.srcs {
		n.reach[i] = make([]bool, len(s.d.Hexes))
		for _, r := range s.d.trace(sn, side, src.hex, src.rng) {
			n.reach[i][s.d.at(r.Hex)-1] = true
		}
	}
	return n
}

// unlimited reports whether an FS or LS reaches hex h; capped whether an
// SD or a town (which serve only 2 or 4 units) does.
func (n supplyNet) unlimited(h int) bool { return n.any(h, true) }
func (n supplyNet) capped(h int) bool    { return n.any(h, false) }

func (n supplyNet) any(h int, unlimited bool) bool {
	for i, src := range n.srcs {
		if (src.cap < 0) == unlimited && n.reach[i][h] {
			return true
		}
	}
	return false
}

// netFor is net for units (all of side) alone: the sources serving any
// number are traced only as far as a unit none of them reaches is left,
// the others only when such a unit lies within their range (mayReach);
// a source not traced reaches nothing in it, and each trace stops once it
// has settled the hexes of those units within its range (traceFor). What
// it says of the units' hexes is what net says, and all match asks of it.
func (s *State) netFor(side engine.Side, trucks bool, units []int) supplyNet {
	return s.netAt(side, trucks, s.hexesOf(units))
}

// hexesOf are the hexes units stand in.
func (s *State) hexesOf(units []int) []int {
	hexes := make([]int, len(units))
	for k, u := range units {
		hexes[k] = int(s.Pos.Units[u].Hex)
	}
	return hexes
}

// netAt is netFor for units of side standing in hexes.
func (s *State) netAt(side engine.Side, trucks bool, hexes []int) supplyNet {
	n := supplyNet{srcs: s.sources(side, trucks)}
	n.reach = make([][]bool, len(n.srcs))
	none := make([]bool, len(s.d.Hexes))
	left := slices.Clone(hexes) // the hexes of the units no traced FS or LS reaches
	var sn *snap
	var want []hexgrid.Hex // the hexes of left the source may reach
	for _, unlimited := range []bool{true, false} {
		for i, src := range n.srcs {
			if (src.cap < 0) != unlimited {
				continue
			}
			n.reach[i] = none
			want = want[:0]
			for _, h := range left {
				if s.mayReach(src, h) {
					want = append(want, s.d.Hexes[h].At)
				}
			}
			if len(want) == 0 {
				continue
			}
			if sn == nil {
				sn = s.d.takeSnap(&s.Pos)
			}
			n.reach[i] = make([]bool, len(s.d.Hexes))
			s.d.traceFor(sn, side, src.hex, src.rng, want, n.reach[i])
			if unlimited {
				left = slices.DeleteFunc(left, func(h int) bool { return n.reach[i][h] })
			}
		}
	}
	if sn != nil {
		s.d.snaps.Put(sn)
	}
	return n
}

// mayReach reports whether a trace from src could reach hex h: not when
// h lies farther than src's range at the cheapest cost of entering a hex,
// beyond the one hex a trace always reaches (5.1).
func (s *State) mayReach(src source, h int) bool {
	dist := hexgrid.Distance(s.d.Hexes[src.hex].At, s.d.Hexes[h].At)
	return dist <= 1 || (dist-1)*s.d.Tables.cheapest() <= src.rng
}

// cheapest is the least a step may cost in half mp (4.1): a road's, or a
// terrain's if any were cheaper (a track costs no less than a road).
func (t *Tables) cheapest() int {
	c := t.RoadMP
	for _, mp := range t.TerrainMP {
		c = min(c, mp)
	}
	return c
}

// supported decides which of units (all of one side) trace Support (5.1,
// 5.2, 5.5, 5.6): as many as possible, the capacity of SD (2 units) and
// Italian towns (4) respected; among equal numbers, units earlier in the
// list first (ruling P11).
func (s *State) supported(side engine.Side, units []int, trucks bool) []bool {
	return s.match(s.netFor(side, trucks, units), units)
}

// match serves units from n: those an FS or LS reaches, then as many of
// the rest as SD and towns can take (augmenting paths).
func (s *State) match(n supplyNet, units []int) []bool {
	return matchAt(n, s.hexesOf(units))
}

// matchAt is match for units standing in hexes, served in their order: a
// unit is served if it can be without unserving any before it (an
// augmenting path never does), so each is served exactly when some
// assignment serves it and as many of those before it as can be.
func matchAt(n supplyNet, hexes []int) []bool {
	ok := make([]bool, len(hexes))
	for k, h := range hexes {
		ok[k] = n.unlimited(h)
	}
	return assign(n.srcs, func(k, i int) bool { return n.reach[i][hexes[k]] }, ok)
}

// assign serves, in their order, the claims not already ok from the SD
// and towns among srcs, each within its 2 or 4 (5.5, 5.6); reaches(k, i)
// says whether source i may serve claim k. It returns ok, updated.
func assign(srcs []source, reaches func(k, i int) bool, ok []bool) []bool {
	assigned := make([]int, len(ok)) // source index, or -1
	used := make([]int, len(srcs))
	for k := range assigned {
		assigned[k] = -1
	}
	var try func(k int, seen []bool) bool
	try = func(k int, seen []bool) bool {
		for i, src := range srcs {
			if src.cap < 0 || seen[i] || !reaches(k, i) {
				continue
			}
			seen[i] = true
			if used[i] < src.cap {
				used[i]++
				assigned[k] = i
				return true
			}
			for j := range assigned {
				if assigned[j] == i && try(j, seen) {
					assigned[k] = i
					return true
				}
			}
		}
		return false
	}
	for k := range ok {
		if !ok[k] && try(k, make([]bool, len(srcs))) {
			ok[k] = true
		}
	}
	return ok
}

// inRangeOfFS reports whether hex h is within range of a friendly FS
// (Orders 1, 3, 16, 40; 6.3, 7.4).
func (s *State) inRangeOfFS(side engine.Side, h int) bool {
	for _, src := range s.sources(side, false) {
		if src.full && s.d.Reaches(&s.Pos, side, src.hex, src.rng, h) {
			return true
		}
	}
	return false
}

// loseStep takes one step from unit u (1.4): flip a full two-step unit;
// replace a flipped unit that has a remnant by the remnant, which takes
// its place in the Order under way (takePlace); otherwise remove it. The
// VP losses of 2.3 follow the remnants. It returns the unit that now
// stands for u: u, its remnant, or -1 if removed.
func (s *State) loseStep(u int, rule string) int {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if unit.Kind == SD || st.Loc != OnMap {
		return u // 1.4: an SD has no steps
	}
	switch v, next := s.d.stepTaken(u, *st); {
	case v == u:
		*st = next
		s.logf(rule, engine.Observer, "step", unit.ID)
		if unit.VPLoss == LossOnFlip {
			s.VP--
			s.logf("2.3", engine.Observer, "remnant-vp", unit.ID, strconv.Itoa(int(s.VP)))
		}
		return u
	case v >= 0:
		s.Pos.Units[v] = next
		*st = UnitState{Loc: Gone}
		s.takePlace(u, v)
		s.logf(rule, engine.Observer, "remnant", unit.ID)
		return v
	default:
		s.eliminate(u, rule, "eliminated")
		return -1
	}
}

// stepTaken is what losing a step makes of unit u in state st (1.4): the
// unit then standing for it (u flipped, its remnant front side up with
// u's markers, or -1 if removed) and that unit's state. loseStep applies
// it; 5.2's check predicts with it (checkOutcome).
func (d *Data) stepTaken(u int, st UnitState) (int, UnitState) {
	unit := &d.Units[u]
	switch {
	case !st.Flipped && unit.Steps == 2:
		st.Flipped = true
		return u, st
	case unit.Remnant >= 0:
		return unit.Remnant, UnitState{Loc: OnMap, Hex: st.Hex, Disrupted: st.Disrupted, Supply: st.Supply}
	}
	return -1, UnitState{Loc: Gone}
}

// eliminate removes unit u from the map for good, logged under rule with
// key: the one way a unit is eliminated (a step loss, a retreat, 5.5's SD,
// the Open City's surrender), so that every elimination of an Allied "4-6"
// remnant costs 2.3's 1 VP, and a Trench its owner no longer holds goes
// back to its sheet (Orders 37, 30, 7).
func (s *State) eliminate(u int, rule, key string) {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	h := st.Hex
	*st = UnitState{Loc: Gone}
	s.logf(rule, engine.Observer, key, unit.ID)
	if unit.VPLoss == LossOnElim {
		s.VP--
		s.logf("2.3", engine.Observer, "remnant-vp", unit.ID, strconv.Itoa(int(s.VP)))
	}
	s.emptyTrench(int(h))
}

// emptyTrench returns to its sheet a Trench no unit of its owner shares,
// or only an Arbegnoch (Orders 37, 30, 7).
func (s *State) emptyTrench(h int) {
	for i, t := range s.Pos.Trench {
		if int(t) != h {
			continue
		}
		keep := false
		for u := range s.d.Units {
			if s.Pos.at(u, h) && s.d.Units[u].Side == s.Pos.Owner[i] && !s.d.Units[u].Arbegnoch {
				keep = true
			}
		}
		if !keep {
			s.Pos.Trench[i] = -1
		}
	}
}

// setFlag puts a flag on town t (1.6): an Allied unit entering an Italian
// town (British flag, +VP) or Italy retaking it (Italian flag, −VP)
// (2.2). Italian F, M and S Reinforcements whose Setup Hex becomes Allied
// are removed (1.7, Order 6); an Italian supply source there disappears
// for good (5.1).
func (s *State) setFlag(t int, side engine.Side) {
	if s.Pos.TownController(t) == side {
		return
	}
	town := &s.d.Towns[t]
	vp := s.townValue(t)
	if side == Allied {
		s.Pos.Flags[t] = BritishFlag
		s.VP += int8(vp)
		s.logf("2.2", engine.Observer, "town-taken", town.ID, strconv.Itoa(int(s.VP)))
		for i, src := range s.d.ItalianSupply {
			if src.Hex == town.Hex && !s.ItalianLost[i] {
				s.ItalianLost[i] = true
				s.logf("5.1", engine.Observer, "source-lost", town.ID)
			}
		}
		for u := range s.d.Units {
			unit := &s.d.Units[u]
			if unit.Side == Italian && s.Pos.Units[u].Loc == InBox && unit.ArriveTurn > 0 &&
				s.d.SetupHex(Italian, unit.ArriveLetter) == town.Hex {
				s.Pos.Units[u].Loc = Gone
				s.logf("1.7", engine.Observer, "reinforcement-lost", unit.ID)
			}
		}
		return
	}
	s.Pos.Flags[t] = ItalianFlag
	s.VP -= int8(vp)
	s.logf("2.2", engine.Observer, "town-retaken", town.ID, strconv.Itoa(int(s.VP)))
	if town.OpenCityVP > 0 && s.OpenCity == OpenCityDeclared {
		s.OpenCity = OpenCityCancelled // 2.2: remove the marker; 7 VP again
	}
}

// Open City states of Asmara (2.2).
const (
	OpenCityNone      uint8 = iota
	OpenCityDeclared        // marker on Asmara: 5 VP
	OpenCityCancelled       // removed; cannot be placed again: 7 VP
)

// placeReinforcements places side's Reinforcements due by this turn still
// in their boxes in their Setup Hexes (Orders 27, 6; 5.7a), disrupted if
// emergency. One that would exceed the Stacking Limit stays in its box
// (ruling P12); an Arbegnoch whose hex is enemy-occupied goes to the first
// adjacent hex with no enemy unit where it fits (Order 27; ruling P12
// fixes the hex, and takes the exception to 5.7a too).
func (s *State) placeReinforcements(side engine.Side, emergency bool) {
	rule := "9"
	if emergency {
		rule = "5.7"
	}
	for i, src := range s.d.AlliedSupply {
		if side == Allied && src.Arrives > 0 && int(src.Arrives) <= int(s.Turn) && s.Markers[i] == MarkerAbsent && !s.MarkerArrived[i] {
			s.Markers[i], s.MarkerArrived[i] = MarkerLS, true
			s.logf(rule, engine.Observer, "ls-placed", src.ID)
		}
	}
	for u := range s.d.Units {
		unit, st := &s.d.Units[u], &s.Pos.Units[u]
		if unit.Side != side || st.Loc != InBox || unit.ArriveTurn == 0 || unit.ArriveTurn > s.Turn {
			continue
		}
		if unit.Kind == Air {
			st.Loc = OnBase
			s.logf(rule, engine.Observer, "air-arrives", unit.ID)
			continue
		}
		home := s.d.SetupHex(side, unit.ArriveLetter)
		h := home
		if unit.Arbegnoch && s.d.Occupied(&s.Pos, Other(side), home) {
			h = -1
			for _, n := range s.d.neighbours(home) {
				if !s.d.Occupied(&s.Pos, Other(side), n) && s.fits(u, n) {
					h = n
					break
				}
			}
		}
		if h < 0 || s.d.Occupied(&s.Pos, Other(side), h) || !s.fits(u, h) {
			continue
		}
		*st = UnitState{Loc: OnMap, Hex: int16(h)}
		st.Disrupted = emergency && unit.Kind != SD && !unit.Arbegnoch
		s.logf(rule, engine.Observer, "arrives", unit.ID, s.d.Hexes[h].ID)
	}
}

// fits reports whether unit u may be added to hex h within the Stacking
// Limit (1.5).
func (s *State) fits(u, h int) bool { return s.roomFor(h, int(s.d.Units[u].Stack)) }

// roomFor reports whether hex h takes add more Stacking Value within its
// Stacking Limit (1.5; an Entry hex has none).
func (s *State) roomFor(h, add int) bool {
	lim := s.d.Stacking(h)
	return lim < 0 || s.d.StackValue(&s.Pos, h)+add <= lim
}

// due reports whether side has Reinforcements due still to place.
func (s *State) due(side engine.Side) bool {
	for u := range s.d.Units {
		unit := &s.d.Units[u]
		if unit.Side == side && s.Pos.Units[u].Loc == InBox && unit.ArriveTurn > 0 && unit.ArriveTurn <= s.Turn {
			return true
		}
	}
	if side == Allied {
		for i, src := range s.d.AlliedSupply {
			if src.Arrives > 0 && int(src.Arrives) <= int(s.Turn) && !s.MarkerArrived[i] {
				return true
			}
		}
	}
	return false
}

// resupplyUnits are side's units that must try to Resupply (5.7b): all on
// the map but Arbegnoch, Air units and SD.
func (s *State) resupplyUnits(side engine.Side) []int {
	var units []int
	for u := range s.d.Units {
		unit := &s.d.Units[u]
		if unit.Side == side && s.Pos.Units[u].Loc == OnMap && !unit.Arbegnoch && unit.Kind != SD {
			units = append(units, u)
		}
	}
	return units
}

// contested are the units of side only an SD or a town can resupply.
func (s *State) contested(side engine.Side, n supplyNet) []int {
	var out []int
	for _, u := range s.resupplyUnits(side) {
		if h := int(s.Pos.Units[u].Hex); !n.unlimited(h) && n.capped(h) {
			out = append(out, u)
		}
	}
	return out
}

// resupplyChoices are the contested units side may add to those it has
// chosen (marked in Firing) so that all can still be served.
func (s *State) resupplyChoices(side engine.Side) []int {
	n := s.net(side, side == Allied && s.Trucks)
	var chosen, out []int
	cont := s.contested(side, n)
	for _, u := range cont {
		if s.Firing[u] {
			chosen = append(chosen, u)
		}
	}
	for _, u := range cont {
		if s.Firing[u] {
			continue
		}
		all := true
		for _, ok := range s.match(n, append(chosen[:len(chosen):len(chosen)], u)) {
			all = all && ok
		}
		if all {
			out = append(out, u)
		}
	}
	return out
}

// beginResupply is 5.7b for side: when its SD and towns cannot serve every
// unit only they reach, the player chooses which ("It is your choice");
// otherwise it is done at once.
func (s *State) beginResupply(side engine.Side) {
	for u := range s.Firing[:len(s.d.Units)] {
		s.Firing[u] = false
	}
	n := s.net(side, side == Allied && s.Trucks)
	cont := s.contested(side, n)
	all := true
	for _, ok := range s.match(n, cont) {
		all = all && ok
	}
	if !all {
		s.Step, s.Decider = stResupply, side
		return
	}
	for _, u := range cont {
		s.Firing[u] = true
	}
	s.finishResupply(side, n)
}

// finishResupply marks side's units (5.7b): resupplied ones lose their
// Low/No Supply marker, the others get Low or turn Low into No Supply.
func (s *State) finishResupply(side engine.Side, n supplyNet) {
	for _, u := range s.resupplyUnits(side) {
		st := &s.Pos.Units[u]
		switch {
		case n.unlimited(int(st.Hex)) || s.Firing[u]:
			st.Supply = Supplied
		case st.Supply == Supplied:
			st.Supply = LowSupply
		default:
			st.Supply = NoSupply
		}
	}
	for u := range s.Firing[:len(s.d.Units)] {
		s.Firing[u] = false
	}
	if side == Allied {
		s.beginResupply(Italian)
		return
	}
	s.endSupplyPhase()
}

// resupply runs 5.7b for both sides without stopping, serving as many
// units as possible (tests).
func (s *State) resupply() {
	for _, side := range []engine.Side{Allied, Italian} {
		n := s.net(side, side == Allied && s.Trucks)
		units := s.resupplyUnits(side)
		for k, ok := range s.match(n, units) {
			st := &s.Pos.Units[units[k]]
			switch {
			case ok:
				st.Supply = Supplied
			case st.Supply == Supplied:
				st.Supply = LowSupply
			default:
				st.Supply = NoSupply
			}
		}
	}
}

// attrition is 5.7c: Allied units with No Supply lose a step, Italian ones
// are removed; every unit with a Low or No Supply marker is Disrupted; an
// Arbegnoch outside the Patriot zone loses a step and is Disrupted. The
// units are those on the map when the Segment begins: a remnant that
// replaces one of them is not a unit the Segment reaches again ("Each
// Allied unit ... loses 1 step": one step each).
func (s *State) attrition() {
	var units []int
	for u := range s.d.Units {
		if s.Pos.Units[u].Loc == OnMap {
			units = append(units, u)
		}
	}
	for _, u := range units {
		unit, st := &s.d.Units[u], &s.Pos.Units[u]
		if unit.Arbegnoch && !s.d.Hexes[st.Hex].Patriot {
			st.Disrupted = true
			s.loseStep(u, "5.7")
			continue
		}
		if st.Supply == NoSupply {
			if unit.Side == Allied {
				s.loseStep(u, "5.7")
			} else {
				s.eliminate(u, "5.7", "eliminated")
			}
		}
	}
	for u := range s.d.Units {
		if st := &s.Pos.Units[u]; st.Loc == OnMap && st.Supply != Supplied {
			st.Disrupted = true
		}
	}
}

// The Allied sources of 5.3, by index in Data.AlliedSupply.
const (
	srcWestKassala = iota
	srcZuhani
	srcCubCub
	srcAgordat
	srcAsmara
)

// upgrade is what upgrading Allied source i to an FS needs (5.3): the
// first Game Turn, the SD to remove, and the source Agordat or Asmara
// must trace from (its marker index and whether it must be an FS), or -1.
var upgrade = [5]struct {
	turn, sd, from int
	fromFS         bool
}{
	srcWestKassala: {turn: 99},
	srcZuhani:      {turn: 3, sd: 1, from: -1},
	srcCubCub:      {turn: 7, sd: 2, from: -1},
	srcAgordat:     {turn: 7, sd: 2, from: srcWestKassala, fromFS: true},
	srcAsmara:      {turn: 8, sd: 2, from: srcAgordat, fromFS: true},
}

// tracesFrom reports whether hex h can trace from Allied source i (at
// level FS if fs).
func (s *State) tracesFrom(i int, fs bool, h int) bool {
	lvl := s.Markers[i]
	if lvl == MarkerAbsent || fs && lvl != MarkerFS {
		return false
	}
	return s.d.Reaches(&s.Pos, Allied, s.d.AlliedSupply[i].Hex, SupplyRange*MP, h)
}

// alliedIn reports whether an Allied unit that can trace from source i
// occupies hex h (5.3).
func (s *State) alliedTracedIn(i, h int) bool {
	return s.d.Occupied(&s.Pos, Allied, h) && s.tracesFrom(i, false, h)
}

// placeMarkers places the Agordat and Asmara LS when their condition holds
// (5.3, Supply Source Segment).
func (s *State) placeMarkers() {
	for _, c := range []struct{ i, from int }{{srcAgordat, srcWestKassala}, {srcAsmara, srcAgordat}} {
		if s.Markers[c.i] == MarkerAbsent && s.alliedTracedIn(c.from, s.d.AlliedSupply[c.i].Hex) {
			s.Markers[c.i] = MarkerLS
			s.logf("5.3", engine.Observer, "ls-placed", s.d.AlliedSupply[c.i].ID)
		}
	}
}

// canUpgrade reports whether Allied source i may be upgraded to an FS now
// (5.3).
func (s *State) canUpgrade(i int) bool {
	u := upgrade[i]
	if s.Markers[i] != MarkerLS || int(s.Turn) < u.turn || s.sdOnMap() < u.sd {
		return false
	}
	return u.from < 0 || s.tracesFrom(u.from, u.fromFS, s.d.AlliedSupply[i].Hex)
}

func (s *State) sdOnMap() int {
	n := 0
	for u := range s.d.Units {
		if s.d.Units[u].Kind == SD && s.Pos.Units[u].Loc == OnMap {
			n++
		}
	}
	return n
}
