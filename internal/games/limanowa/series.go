package limanowa

import (
	"fmt"
	"slices"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// The series rules a scenario may bring (Series, series_data.go) though no
// Limanowa scenario does: the trench-set observer (7.21), the preliminary
// bombardment with its breaches and craters (7.1, 8.342), the creeping
// barrage (7.4) and gas with its drift (7.51). Transport (6.8) is
// transport.go's. Rulings L54-L65.

// seriesCore is their state; it stays zero in every game without them
// (State.Marshal then leaves it out).
type seriesCore struct {
	Pre       int8     // before turn 1: 0 designating observers, 1 the bombardment, 2 its breaches and craters, 3 done
	Observer  [2]int16 // 1 + each side's trench-set observer (7.21), 0 none
	Breach    [2]int8  // breaches each side still places (7.12, 7.43)
	BreachAt  int8     // where: 1 the bombardment's area, 2 the barrage's line
	Craters   int8     // craters the bombardment's side still places (7.13)
	Couplet   int8     // the couplet of the turn under way, 1 the first (7.42)
	Line      int8     // the lines the creeping barrage has advanced (7.42)
	Gas       uint8    // bit g: OMA group g fires gas, declared at its call (7.51)
	DriftQ    uint32   // bit k: the side owing the k-th gas drift (7.513)
	Drifts    int8     // gas drifts owed
	DriftThen int8     // what the drifts interrupted: 1 the signal rolls (6.02), 2 an entry's consequences (6.9)
	Used      uint16   // bit t: transport group t has carried a unit this turn (6.83)
	Lost      uint16   // bit t: transport group t is lost for the scenario (6.85)
	Carry     int8     // 1 + the transport group the movers use (6.82), 0 none
	InAdmin   bool     // administration waits for a shovel's use (6.41)
}

// The series' decision points and operations, numbered apart from the
// scenario's and the campaign's.
const (
	stObserver step = 48 + iota // 7.21: name the trench-set observer
	stBreach                    // 7.12, 7.43, 8.342: place a wire breach
	stCrater                    // 7.13: place a crater
	stDrift                     // 7.513: move every gas marker one hex
	stShovel                    // 6.41: a unit IN a trench uses its shovel in administration
)

const (
	opSeries       = 96
	opObserver     = opSeries + iota // A unit (7.21)
	opBreach                         // A, B: the hexes of the wire hexside (8.342)
	opCrater                         // A hex (7.13)
	opDrift                          // A direction (7.513)
	opIn                             // A the lead mover: the movers pay a point to go IN (8.31, 8.321); C 1: and melee there for the same point (6.62 option 4)
	opShovelScrape                   // A unit: its shovel becomes a scrape (6.41a)
	opBombStop                       // A unit, B the adjacent hex: a bomb stop on that hexside (6.41b, 8.33)
	opRemoveStop                     // A unit, B the adjacent hex: the shovel removes that bomb stop (6.41c, 6.42)
)

var seriesOps = []string{"", "observer", "breach", "crater", "drift", "in", "shovel-scrape", "bomb-stop", "remove-stop"}

// seriesWord is a series operation's record word ("" for none).
func seriesWord(op uint8) string {
	if k := int(op) - opSeries; k > 0 && k < len(seriesOps) {
		return seriesOps[k]
	}
	return ""
}

var seriesSteps = map[step]string{stObserver: "observer", stBreach: "breach", stCrater: "crater", stDrift: "drift", stShovel: "shovel"}

// dirNames are hexgrid's directions on this flat-top map.
var dirNames = []string{"ne", "se", "s", "sw", "nw", "n"}

// cratersPerPB is 7.13's six scrape counters.
const cratersPerPB = 6

// --- before turn 1 (7.11, 7.13, 7.21)

// preGame runs what comes between set-up and turn 1: the trench-set
// observers named (7.21), then the preliminary bombardment with its
// breaches and craters (7.11-7.13); then turn 1 begins. A scenario
// without them goes straight to turn 1.
func (s *State) preGame() {
	if s.sc.Series.Bombardment == nil && !s.hasMode(TrenchSet) {
		s.beginTurn()
		return
	}
	if s.ser.Pre == 0 {
		if side, ok := s.observerDue(); ok {
			s.Step, s.Decider, s.Phasing = stObserver, side, side
			return
		}
		s.ser.Pre = 1
	}
	if s.ser.Pre == 1 {
		s.ser.Pre = 2
		if pb := s.sc.Series.Bombardment; pb != nil {
			s.bombard(pb)
		}
	}
	if s.placing() {
		return
	}
	s.ser.Pre = 3
	s.beginTurn()
}

// hasMode reports whether an OMA group of the game uses mode m.
func (s *State) hasMode(m Mode) bool {
	return slices.ContainsFunc(s.oma(), func(o OMA) bool { return o.Mode == m })
}

// observerDue is the next side to name its trench-set observer: one with
// a trench-set group, none named, and an infantry unit on the map.
func (s *State) observerDue() (engine.Side, bool) {
	for _, side := range []engine.Side{Central, Russian} {
		if s.ser.Observer[side] == 0 && len(s.observerCandidates(side, nil)) > 0 &&
			slices.ContainsFunc(s.oma(), func(o OMA) bool { return o.Side == side && o.Mode == TrenchSet }) {
			return side, true
		}
	}
	return 0, false
}

func (s *State) observerCandidates(side engine.Side, dst []int) []int {
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Side == side && u.Where == OnMap && s.d.Counters[u.Counter].Type == Infantry {
			dst = append(dst, i)
		}
	}
	return dst
}

// observer is side's trench-set observer on the map, or -1 (7.21: once
// destroyed, none takes its place - ruling L56).
func (s *State) observer(side engine.Side) int {
	i := int(s.ser.Observer[side]) - 1
	if i < 0 || s.pos.Units[i].Where != OnMap {
		return -1
	}
	return i
}

// pinned reports whether units[i] is a trench-set observer, which cannot
// leave its set-up hex (7.21).
func (s *State) pinned(i int) bool {
	return s.ser.Observer[Central] == int16(i+1) || s.ser.Observer[Russian] == int16(i+1)
}

// bombard fires the scenario's preliminary bombardment (7.11, 7.12): on
// its area, or the enemy set-up area; then the breaches of 7.12 and the
// six craters of 7.13 are to be placed.
func (s *State) bombard(pb *PB) {
	area := pb.Area
	if area == nil {
		area = s.pos.SetupArea[1-pb.Side]
	}
	s.logf("7.11", engine.Observer, "bombardment", SideNames[pb.Side], bombardmentNames[pb.Kind])
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && slices.Contains(area, u.Hex) {
			s.pbUnit(i, pb.Kind, "7.12")
		}
	}
	s.pos.Control.Update(s.pos.Units)
	targeted, firing := pb.Kind.Breaches()
	s.ser.Breach[1-pb.Side], s.ser.Breach[pb.Side], s.ser.BreachAt = int8(targeted), int8(firing), 1
	s.ser.Craters = cratersPerPB
}

// pbUnit resolves a preliminary bombardment on units[i] and logs it
// (7.12).
func (s *State) pbUnit(i int, kind Bombardment, rule string) {
	gone, roll := s.pos.BombardUnit(&s.d.Map, i, kind, s.roll)
	u := &s.pos.Units[i]
	switch {
	case roll == 0:
		s.logf(rule, engine.Observer, "pbEliminated", s.unitID(i))
	case gone:
		s.logf(rule, engine.Observer, "pbRoll", s.unitID(i), itoa(roll), "destroyed")
	case u.Spent:
		s.logf(rule, engine.Observer, "pbRoll", s.unitID(i), itoa(roll), "pb-spent")
	default:
		s.logf(rule, engine.Observer, "pbRoll", s.unitID(i), itoa(roll), "dispersed")
	}
	if u.Where != OnMap {
		u.Moving = false
	}
}

// firing is the side whose bombardment or barrage places the breaches
// under way.
func (s *State) firing() engine.Side {
	if s.ser.BreachAt == 2 {
		return s.sc.Series.Barrage.Side
	}
	return s.sc.Series.Bombardment.Side
}

// breachArea is where the breaches under way may go: the bombardment's
// area (7.12) or the barrage's line (7.43).
func (s *State) breachArea() []hexgrid.Hex {
	if s.ser.BreachAt == 2 {
		return s.barrageLine()
	}
	if a := s.sc.Series.Bombardment.Area; a != nil {
		return a
	}
	return s.pos.SetupArea[1-s.firing()]
}

// breachSides are the wire hexsides a breach may go on now: unbreached,
// bordering a hex of the area (7.43, ruling L57), as pairs of hex codes.
func (s *State) breachSides(dst [][2]int16) [][2]int16 {
	area := s.breachArea()
	s.pos.EachSideMark(func(a, b hexgrid.Hex, m SideMarks) {
		if m&(WireMark|BreachMark) == WireMark && (slices.Contains(area, a) || slices.Contains(area, b)) {
			dst = append(dst, [2]int16{hexCode(a), hexCode(b)})
		}
	})
	return dst
}

// craterHexes are the hexes a crater may go in (7.13): the enemy set-up
// area (this map prints no trench lines, so no No Man's Land: 8.5,
// ruling L58), without a crater yet.
func (s *State) craterHexes(dst []int16) []int16 {
	for _, h := range s.pos.SetupArea[1-s.sc.Series.Bombardment.Side] {
		if s.inPlayArea(h) && s.pos.Marks(h)&CraterMark == 0 {
			dst = append(dst, hexCode(h))
		}
	}
	return dst
}

// placing asks for the next breach - the targeted side's first (7.12a) -
// or crater; it reports false when none is left to place (a breach or
// crater with nowhere to go is not placed).
func (s *State) placing() bool {
	for _, side := range []engine.Side{1 - s.firingOr(), s.firingOr()} {
		if s.ser.Breach[side] > 0 {
			if len(s.breachSides(nil)) > 0 {
				s.Step, s.Decider = stBreach, side
				return true
			}
			s.ser.Breach[side] = 0
		}
	}
	if s.ser.Craters > 0 {
		if len(s.craterHexes(nil)) > 0 {
			s.Step, s.Decider = stCrater, s.sc.Series.Bombardment.Side
			return true
		}
		s.ser.Craters = 0
	}
	return false
}

func (s *State) firingOr() engine.Side {
	if s.ser.BreachAt == 0 {
		return Central
	}
	return s.firing()
}

// placed goes on after a breach or crater: the next one, then turn 1 or
// the command the barrage interrupted.
func (s *State) placed() {
	if s.placing() {
		return
	}
	if s.Turn == 0 {
		s.preGame()
		return
	}
	s.Step, s.Decider = stCommand, s.Phasing
}

// --- the creeping barrage (7.4)

// barrageLine is the creeping barrage's line now, within the play area.
func (s *State) barrageLine() []hexgrid.Hex {
	line := s.sc.Series.Barrage.Line(&s.d.Map, int(s.ser.Line))
	return slices.DeleteFunc(line, func(h hexgrid.Hex) bool { return !s.inPlayArea(h) })
}

// lineName is the barrage's line in words: "column N" or "row 10".
func (s *State) lineName() (string, string) {
	b := s.sc.Series.Barrage
	at := b.Start + int(s.ser.Line)*b.Advance
	if b.Cols {
		if at < 1 || at > Layout.MaxCol {
			return "column", "off-map"
		}
		return "column", strings.TrimRight(Layout.Format(Layout.Hex(at, 1)), "0123456789")
	}
	if at < 1 || at > Layout.MaxRow {
		return "row", "off-map"
	}
	return "row", Layout.Format(Layout.Hex(1, at))[1:]
}

// markBarrage puts the barrage's markers on its line (7.43: concealment
// while it lasts).
func (s *State) markBarrage() {
	for _, h := range s.d.Map.Hexes {
		s.pos.Mark(h, BarrageMark, false)
	}
	for _, h := range s.barrageLine() {
		s.pos.Mark(h, BarrageMark, true)
	}
}

// barrageCouplet is the start of a couplet (7.42): on the first the
// barrage detonates in its line, on the second it advances and detonates
// there; later couplets leave it where it is (7.45).
func (s *State) barrageCouplet() {
	if s.sc.Series.Barrage == nil {
		return
	}
	s.ser.Couplet++
	switch s.ser.Couplet {
	case 1:
		s.detonate()
	case 2:
		s.ser.Line++
		s.detonate()
	}
}

// detonate attacks every unit in the barrage's line with a paralyzing
// preliminary bombardment (7.43, 7.12b) and asks its side for three
// breaches of wire bordering the line.
func (s *State) detonate() {
	b := s.sc.Series.Barrage
	s.markBarrage()
	kind, at := s.lineName()
	s.logf("7.42", engine.Observer, "barrage", SideNames[b.Side], kind, at)
	line := s.barrageLine()
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && slices.Contains(line, u.Hex) {
			s.pbUnit(i, Paralyzing, "7.43")
		}
	}
	s.pos.Control.Update(s.pos.Units)
	_, firing := Paralyzing.Breaches()
	s.ser.Breach[b.Side], s.ser.BreachAt = int8(firing), 2
	s.placing()
}

// barrageAdmin: a turn of fewer than two couplets still moves the
// barrage on a line, with no effect (7.44).
func (s *State) barrageAdmin() {
	if s.sc.Series.Barrage == nil {
		return
	}
	if s.ser.Couplet < 2 {
		s.ser.Line++
		s.markBarrage()
		kind, at := s.lineName()
		s.logf("7.44", engine.Observer, "barrageAdvance", kind, at)
	}
	s.ser.Couplet = 0
}

// --- gas (7.51)

// groupShot is group g's FFE as a shot (7.241; 8.43, ruling L24).
func (s *State) groupShot(g int) Shot {
	o := s.spec1(g)
	return Shot{Firepower: o.Fire, OMA: true, Howitzer: o.Howitzer}
}

// gasShot is a gas attack (7.511: no firepower, range or cover).
var gasShot = Shot{OMA: true, Gas: true}

// gasFFE lands group g's gas on v (7.51): a gas marker in each of its
// three hexes and a gas attack on every unit there; it reports false
// when a drift waits for its side's direction.
func (s *State) gasFFE(v hexgrid.Vertex) bool {
	var in []int
	blast := Blast(v)
	for _, h := range blast {
		s.pos.Mark(h, GasMark, true)
	}
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && slices.Contains(blast[:], u.Hex) {
			in = append(in, i)
		}
	}
	s.gasAttack(in, "7.511")
	return s.drifting(1)
}

// gasAttack makes a gas attack on units; each doubles owes a drift by
// that unit's side (7.513).
func (s *State) gasAttack(units []int, rule string) {
	for k, c := range s.ffeAttack(gasShot, units, rule) {
		if c.Doubles() && s.ser.Drifts < 32 {
			side := s.pos.Units[units[k]].Side
			s.ser.DriftQ |= uint32(side) << s.ser.Drifts
			s.ser.Drifts++
			s.logf("7.513", engine.Observer, "driftOwed", SideNames[side])
		}
	}
}

// drifting asks for the next drift owed; then reports false, having
// noted what to go on with (then: 1 the signal rolls, 2 an entry's
// consequences).
func (s *State) drifting(then int8) bool {
	if s.ser.Drifts == 0 {
		return true
	}
	s.ser.DriftThen = then
	s.Step, s.Decider = stDrift, engine.Side(s.ser.DriftQ&1)
	return false
}

// drift moves every gas marker one hex toward d (7.513): off the map it is
// removed; units in a hex it drifts into that held none just before are
// attacked (ruling L62). Then the next drift, or what the drifts
// interrupted.
func (s *State) drift(d hexgrid.Dir) {
	var before []hexgrid.Hex
	s.pos.EachMark(func(h hexgrid.Hex, m HexMarks) {
		if m&GasMark != 0 {
			before = append(before, h)
		}
	})
	for _, h := range before {
		s.pos.Mark(h, GasMark, false)
	}
	var fresh []hexgrid.Hex
	for _, h := range before {
		n := h.Neighbour(d)
		if Layout.OnMap(n) && s.pos.Marks(n)&GasMark == 0 {
			s.pos.Mark(n, GasMark, true)
			if !slices.Contains(before, n) {
				fresh = append(fresh, n)
			}
		}
	}
	s.logf("7.513", engine.Observer, "drift", SideNames[s.Decider], dirNames[d])
	s.ser.DriftQ >>= 1
	s.ser.Drifts--
	var in []int
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && slices.Contains(fresh, u.Hex) {
			in = append(in, i)
		}
	}
	if len(in) > 0 {
		s.gasAttack(in, "7.513")
	}
	then := s.ser.DriftThen
	if !s.drifting(then) {
		return
	}
	s.ser.DriftThen = 0
	s.Decider = s.Phasing // the drifting side may have been the other
	if then == 1 {
		s.signals()
	} else {
		s.consequences()
	}
}

// seriesOnEntry: movers entering a creeping barrage's line suffer its
// paralyzing bombardment (7.43), then a gas hex's attack (7.512); it
// reports false when a drift waits for its direction.
func (s *State) seriesOnEntry(h hexgrid.Hex) bool {
	marks := s.pos.Marks(h)
	if marks&(BarrageMark|GasMark) == 0 {
		return true
	}
	var in []int
	for _, m := range s.movers(nil) {
		if s.pos.Units[m].Where == OnMap && s.pos.Units[m].Hex == h {
			in = append(in, m)
		}
	}
	if marks&BarrageMark != 0 && len(in) > 0 {
		s.logf("7.43", engine.Observer, "barrageEntry", Layout.Format(h))
		for _, m := range in {
			s.pbUnit(m, Paralyzing, "7.43")
		}
		in = slices.DeleteFunc(in, func(m int) bool { return s.pos.Units[m].Where != OnMap })
		s.pos.Control.Update(s.pos.Units)
	}
	if marks&GasMark != 0 && len(in) > 0 {
		s.logf("7.512", engine.Observer, "gasEntry", Layout.Format(h))
		s.gasAttack(in, "7.512")
		return s.drifting(2)
	}
	return true
}

// infiltrationMelee: on game turn 1 the melee values of a side using
// infiltration tactics are doubled (6.675b).
func (s *State) infiltrationMelee() [2]bool {
	if s.Turn != 1 {
		return [2]bool{}
	}
	return s.sc.Series.Infiltration
}

// --- IN a trench or blockhouse (8.31, 8.321, 8.322)

// fortified reports whether the scenario prints trenches or blockhouses
// (8.3): else nobody is ever IN, and the moves and administration of the
// Limanowa games skip the question.
func (s *State) fortified() bool {
	return len(s.sc.Series.Trenches) > 0 || len(s.sc.Series.Blockhouses) > 0
}

// mayBeIn reports whether units[i] could be IN a fortification of its
// hex: guns and infantry in a trench, machine guns in a blockhouse.
func (s *State) mayBeIn(i int) bool {
	u := &s.pos.Units[i]
	c := &s.d.Counters[u.Counter]
	return s.mayBeInTrench(i) || u.Where == OnMap && s.pos.Marks(u.Hex)&BlockhouseMark != 0 && c.Is(MachineGun)
}

// mayBeInTrench reports whether units[i] could be IN a trench of its hex:
// guns and infantry (8.321).
func (s *State) mayBeInTrench(i int) bool {
	u := &s.pos.Units[i]
	c := &s.d.Counters[u.Counter]
	return u.Where == OnMap && s.pos.Marks(u.Hex)&TrenchMark != 0 && (c.Type == Infantry || c.Type.IsGun())
}

// settleIn puts a unit set up or placed in a scenario's trench or
// blockhouse IN it (8.322: units in a printed trench are IN it; ruling
// L60).
func (s *State) settleIn(i int) {
	if s.mayBeIn(i) {
		s.pos.Units[i].In = true
	}
}

// canGoIn reports whether the movers may pay a point to go IN the trench
// or blockhouse of their hex (8.31, 8.321): each able mover may be IN
// there, is not yet, and has a point.
func (s *State) canGoIn() bool {
	if !s.fortified() {
		return false
	}
	ms := s.able(nil)
	if len(ms) == 0 || s.offMap() {
		return false
	}
	for _, m := range ms {
		if u := &s.pos.Units[m]; u.In || u.MP == 0 || !s.mayBeIn(m) {
			return false
		}
	}
	return true
}

// canGoInMelee reports whether the movers may go IN the trench of their
// hex and initiate a melee there for one point (6.62 option 4: "go IN a
// trench in its current hex and initiate a melee there"): canGoIn holds,
// the hex is a trench and holds an enemy unit.
func (s *State) canGoInMelee() bool {
	if !s.canGoIn() {
		return false
	}
	u := &s.pos.Units[s.lead()]
	return s.pos.Marks(u.Hex)&TrenchMark != 0 && s.pos.enemyIn(u.Side, u.Hex)
}

// goInMelee is 6.62's option 4: every mover goes IN the trench and the
// melee begins, all for the one point beginMelee takes; no reaction
// window opens between (6.72 puts reaction after the melee).
func (s *State) goInMelee() {
	for _, m := range s.able(nil) {
		u := &s.pos.Units[m]
		u.In = true
		s.logf("6.62", engine.Observer, "goesInMelee", s.unitID(m), Layout.Format(u.Hex))
	}
	s.beginMelee(-1)
}

// goIn spends a point of each mover to go IN (8.321); the reactor may
// answer that point as any other (6.71).
func (s *State) goIn() {
	for _, m := range s.able(nil) {
		u := &s.pos.Units[m]
		u.MP--
		u.In = true
		s.logf("8.321", engine.Observer, "goesIn", s.unitID(m), Layout.Format(u.Hex), itoa(int(u.MP)))
	}
	s.Fired = [4]uint64{}
	s.openReaction()
}

// checkSeries: a drift decision exactly while drifts are owed (7.513);
// transport only during a move (6.82); no count below zero.
func (s *State) checkSeries() error {
	switch {
	case (s.Step == stDrift) != (s.ser.Drifts > 0):
		return fmt.Errorf("7.513: step %d with %d drifts owed", s.Step, s.ser.Drifts)
	case s.ser.Carry != 0 && s.Movers == [2]int16{-1, -1}:
		return fmt.Errorf("6.82: transport %d without a move", s.ser.Carry)
	case s.ser.Breach[0] < 0 || s.ser.Breach[1] < 0 || s.ser.Craters < 0:
		return fmt.Errorf("7.12, 7.13: breaches %v, craters %d", s.ser.Breach, s.ser.Craters)
	}
	return nil
}

// --- the shovel of a unit IN a trench (6.41, 6.42, 8.33)

// shovelDue is the first unit that dug IN a trench, whose owner chooses
// in administration what its shovel does (6.41); -1 none. Elsewhere a
// shovel can only become a scrape, and does (sequence.go).
func (s *State) shovelDue() int {
	if !s.fortified() {
		return -1
	}
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Shovel && u.Where == OnMap && u.In && s.pos.Marks(u.Hex)&TrenchMark != 0 {
			return i
		}
	}
	return -1
}

// shovelChoice asks for the next such shovel; it reports false when none
// is left.
func (s *State) shovelChoice() bool {
	i := s.shovelDue()
	if i < 0 {
		s.ser.InAdmin = false
		return false
	}
	s.ser.InAdmin = true
	s.Step, s.Decider = stShovel, s.pos.Units[i].Side
	return true
}

// stopSides are the hexes next to units[i]'s trench across whose hexside
// it may dig a bomb stop (8.33: between two connected trenches, one a
// hexside), or remove one (6.42).
func (s *State) stopSides(i int, remove bool) []hexgrid.Hex {
	u := &s.pos.Units[i]
	var out []hexgrid.Hex
	for _, n := range u.Hex.Neighbours() {
		stop := s.pos.SideMarks(u.Hex, n)&BombStopMark != 0
		if remove && s.pos.CanRemoveBombStop(u.Side, u.Hex, n) || !remove && !stop && s.pos.TrenchConnected(u.Hex, n) {
			out = append(out, n)
		}
	}
	return out
}

// useShovel carries out the shovel's use and goes on with administration.
func (s *State) useShovel(a engine.Action) {
	u := &s.pos.Units[a.A]
	u.Shovel = false
	switch a.Op {
	case opShovelScrape:
		s.pos.Mark(u.Hex, ScrapeMark, true)
		s.logf("6.41", engine.Observer, "scrape", Layout.Format(u.Hex))
	case opBombStop:
		s.pos.MarkSide(u.Hex, codeHex(a.B), BombStopMark, true)
		s.logf("6.41", engine.Observer, "bombStop", s.unitID(int(a.A)), Layout.Format(u.Hex)+"/"+Layout.Format(codeHex(a.B)))
	case opRemoveStop:
		s.pos.MarkSide(u.Hex, codeHex(a.B), BombStopMark, false)
		s.logf("6.41", engine.Observer, "removeStop", s.unitID(int(a.A)), Layout.Format(u.Hex)+"/"+Layout.Format(codeHex(a.B)))
	}
	s.administration()
}

// --- the series' decisions

func (s *State) seriesLegal(side engine.Side, dst []engine.Action) []engine.Action {
	add := func(op uint8, a, b int) { dst = append(dst, engine.Action{Op: op, A: int16(a), B: int16(b)}) }
	switch s.Step {
	case stObserver:
		for _, i := range s.observerCandidates(side, nil) {
			add(opObserver, i, 0)
		}
	case stBreach:
		for _, p := range s.breachSides(nil) {
			add(opBreach, int(p[0]), int(p[1]))
		}
	case stCrater:
		for _, c := range s.craterHexes(nil) {
			add(opCrater, int(c), 0)
		}
	case stDrift:
		for d := range dirNames {
			add(opDrift, d, 0)
		}
	case stShovel:
		i := s.shovelDue()
		add(opShovelScrape, i, 0)
		for _, n := range s.stopSides(i, false) {
			add(opBombStop, i, int(hexCode(n)))
		}
		for _, n := range s.stopSides(i, true) {
			add(opRemoveStop, i, int(hexCode(n)))
		}
	}
	return dst
}

func (s *State) seriesApply(a engine.Action) {
	switch a.Op {
	case opObserver:
		s.ser.Observer[s.Decider] = a.A + 1
		s.logf("7.21", engine.Observer, "observer", SideNames[s.Decider], s.unitID(int(a.A)), Layout.Format(s.pos.Units[a.A].Hex))
		s.preGame()
	case opBreach:
		x, y := codeHex(a.A), codeHex(a.B)
		s.pos.MarkSide(x, y, BreachMark, true)
		s.ser.Breach[s.Decider]--
		s.logf("8.342", engine.Observer, "breach", SideNames[s.Decider], Layout.Format(x)+"/"+Layout.Format(y))
		s.placed()
	case opCrater:
		s.pos.Mark(codeHex(a.A), CraterMark, true)
		s.ser.Craters--
		s.logf("7.13", engine.Observer, "crater", Layout.Format(codeHex(a.A)))
		s.placed()
	case opDrift:
		s.drift(hexgrid.Dir(a.A))
	case opIn:
		if a.C == 1 {
			s.goInMelee()
		} else {
			s.goIn()
		}
	case opShovelScrape, opBombStop, opRemoveStop:
		s.useShovel(a)
	}
}

// encodeSeries writes a series action: "breach N17/O17", "crater N17",
// "drift ne", "observer russian-coy-2".
func (s *State) encodeSeries(a engine.Action) string {
	w := seriesWord(a.Op)
	if w == "" {
		return fmt.Sprintf("op%d", a.Op)
	}
	hex := func(c int16) string {
		if c <= 0 || !Layout.OnMap(codeHex(c)) {
			return "hex" + itoa(int(c))
		}
		return Layout.Format(codeHex(c))
	}
	switch a.Op {
	case opObserver:
		if a.A >= 0 && int(a.A) < len(s.pos.Units) {
			return w + " " + s.unitID(int(a.A))
		}
		return w + " unit" + itoa(int(a.A))
	case opBreach:
		return w + " " + hex(a.A) + "/" + hex(a.B)
	case opCrater:
		return w + " " + hex(a.A)
	case opIn, opShovelScrape, opBombStop, opRemoveStop:
		u := "unit" + itoa(int(a.A))
		if a.A >= 0 && int(a.A) < len(s.pos.Units) {
			u = s.unitID(int(a.A))
		}
		if a.Op == opBombStop || a.Op == opRemoveStop {
			return w + " " + u + " " + hex(a.B)
		}
		if a.Op == opIn && a.C == 1 {
			return w + " " + u + " melee"
		}
		return w + " " + u
	case opDrift:
		if a.A >= 0 && int(a.A) < len(dirNames) {
			return w + " " + dirNames[a.A]
		}
		return w + " dir" + itoa(int(a.A))
	}
	return w
}

// decodeSeries reads a series action; ok is false for any other word.
func (s *State) decodeSeries(text string) (engine.Action, bool, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return engine.Action{}, false, nil
	}
	op := slices.Index(seriesOps, strings.ToLower(f[0]))
	if op < 1 {
		return engine.Action{}, false, nil
	}
	a := engine.Action{Op: uint8(opSeries + op)}
	var err error
	if a.Op == opBombStop || a.Op == opRemoveStop {
		if len(f) != 3 {
			return a, true, fmt.Errorf("limanowa: %s wants a unit and the adjacent hex", f[0])
		}
		if a.A, err = s.decodeUnit(f[1]); err != nil {
			return a, true, err
		}
		a.B, err = s.decodeHex(f[2])
		return a, true, err
	}
	if a.Op == opIn && len(f) == 3 { // "in X melee" (6.62 option 4)
		if !strings.EqualFold(f[2], "melee") {
			return a, true, fmt.Errorf("limanowa: in wants a unit, then melee or nothing, not %q", f[2])
		}
		a.C = 1
		a.A, err = s.decodeUnit(f[1])
		return a, true, err
	}
	if len(f) != 2 {
		return a, true, fmt.Errorf("limanowa: %s wants one argument", f[0])
	}
	switch a.Op {
	case opObserver, opIn, opShovelScrape:
		a.A, err = s.decodeUnit(f[1])
	case opBreach:
		var hs hexgrid.Hexside
		if hs, err = parseHexside(f[1]); err == nil {
			x, y := hs.Hexes() // EachSideMark's order, whichever way it is written
			a.A, a.B = hexCode(x), hexCode(y)
		}
	case opCrater:
		a.A, err = s.decodeHex(f[1])
	case opDrift:
		d := slices.Index(dirNames, strings.ToLower(f[1]))
		if d < 0 {
			err = fmt.Errorf("limanowa: %q is not a direction (%v)", f[1], dirNames)
		}
		a.A = int16(d)
	}
	return a, true, err
}

// seriesPrompt says what a series decision asks of side.
func (s *State) seriesPrompt(lang string) (string, bool) {
	key, ok := seriesSteps[s.Step]
	if !ok {
		return "", false
	}
	switch s.Step {
	case stBreach:
		return texts.Text(lang, "prompt.breach", itoa(int(s.ser.Breach[s.Decider]))), true
	case stCrater:
		return texts.Text(lang, "prompt.crater", itoa(int(s.ser.Craters))), true
	}
	return texts.Text(lang, "prompt."+key), true
}
