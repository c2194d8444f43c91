package limanowa

import (
	"slices"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
	"sandtable/internal/kit/sequence"
)

// The sequence of play (5.0): set-up, then each turn initiative, the
// command couplets and administration; inside a command the procedures of
// 6.0 (move, melee, reaction and return fire) in 6.9's order.

func itoa(n int) string { return strconv.Itoa(n) }

// nextSetup moves set-up on to the next unit to place (10.1: the side
// named first places all its units, then the other), and starts turn 1
// once every unit is on the map.
func (s *State) nextSetup() {
	for range 2 {
		if s.nextToPlace(s.Decider) >= 0 {
			return
		}
		if s.Decider != s.sc.First {
			break
		}
		s.Decider = 1 - s.sc.First
		s.Phasing = s.Decider
	}
	if s.cp != nil {
		s.dayArrivals() // 11.1: a campaign's first day goes on with its arrivals
		return
	}
	s.preGame() // 7.11, 7.21, then turn 1
}

// nextToPlace is the first of side's units still to set up, or -1.
func (s *State) nextToPlace(side engine.Side) int {
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Side == side && u.Where == Waiting && u.Force >= 0 {
			if f := &s.sc.Forces[u.Force]; f.Turn == 0 && !f.Enter {
				return i
			}
		}
	}
	return -1
}

// beginTurn is the initiative phase (5.1): each side rolls a die; the
// higher wins the initiative and the difference is the number of
// couplets; a tie gives the Central Powers the initiative with three.
func (s *State) beginTurn() {
	s.Turn++
	s.Step = stCommand
	s.logf("5.0", engine.Observer, "turn", itoa(int(s.Turn)), itoa(s.turns()))
	dice := [2]int{s.roll(), s.roll()}
	inf := s.sc.Series.Infiltration
	in := RollInitiative(dice, s.night(), s.NightZero, inf[Central] || inf[Russian]) // 5.12
	s.Initiative, s.NightZero = in.Side, in.NightZero
	s.Couplets = int8(in.Couplets)
	s.logf("5.11", engine.Observer, "initiative", itoa(dice[Central]), itoa(dice[Russian]), SideNames[in.Side], itoa(in.Couplets))
	s.primeGroups()
	s.ArriveOf = 0
	s.nextArrival() // 10.22, then the couplets
}

// startHalf begins half h of a couplet (5.21): the initiative side acts
// first. The other side becoming the actor ends every move (6.65d).
func (s *State) startHalf(h int8) {
	s.Half = h
	actor := s.Initiative
	if h == 1 {
		actor = 1 - actor
	}
	for i := range s.pos.Units {
		s.pos.Units[i].Moving = false
	}
	s.Step, s.Decider, s.Phasing = stCommand, actor, actor
	s.Halves++
	s.NGroup = 0
	s.Acted = [maxGroup]bool{}
	s.logf("5.23", engine.Observer, "couplet", itoa(int(s.Couplets)), SideNames[actor])
	if h == 0 {
		s.barrageCouplet() // 7.42: before either side acts
	}
}

// endHalf ends a command or a pass (5.23, 5.24).
func (s *State) endHalf() {
	s.NGroup = 0
	s.Acted = [maxGroup]bool{}
	if s.Half == 0 {
		s.startHalf(1)
		return
	}
	s.Couplets--
	if s.Couplets == 0 {
		s.administration()
		return
	}
	s.startHalf(0)
}

// administration is 5.3: spent markers removed, shovels flipped to
// scrapes (6.41a), movement back to the printed values, the turn marker
// moved on - or, after the last turn, the scenario judged (13.0).
func (s *State) administration() {
	if !s.ser.InAdmin {
		s.logf("5.3", engine.Observer, "admin")
	}
	if s.shovelChoice() { // 6.41b-c: a shovel IN a trench has a choice
		return
	}
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Shovel && u.Where == OnMap {
			s.pos.Mark(u.Hex, ScrapeMark, true)
			s.logf("6.41", engine.Observer, "scrape", Layout.Format(u.Hex))
		}
		u.Spent, u.Moving, u.LostChecked, u.Shovel, u.MP = false, false, false, false, 0
	}
	s.ser.Used = 0 // 6.83: each group carries again next turn
	for g := range s.Groups {
		if s.Groups[g].FFE != 0 {
			s.logf("7.247", engine.Observer, "ffeLifted", s.groupID(g))
		}
		s.Groups[g].FFE, s.Groups[g].Spent = 0, false
	}
	for _, h := range s.d.Map.Hexes {
		s.pos.Mark(h, SmokeMark, false)
	}
	s.barrageAdmin()
	if int(s.Turn) >= s.turns() {
		s.endScenario()
		return
	}
	s.beginTurn()
}

// judge ends the game by the scenario's victory condition (13.0, ruling
// L9 on ties).
func (s *State) judge() {
	r := s.d.Judge(s.sc.Victory, &s.pos.Control, s.sc.PlayArea)
	if r.Winner == engine.Observer {
		s.Result = sequence.Draw
	} else {
		s.Result = sequence.Win(r.Winner)
	}
	w := "draw"
	if r.Winner != engine.Observer {
		w = SideNames[r.Winner]
	}
	switch {
	case s.cp != nil:
		s.logf("13.0", engine.Observer, "campaignVictory", itoa(r.Points[Central]), itoa(r.Points[Russian]), w)
	case s.sc.Victory.Kind == MoreLimanowaHexes:
		s.logf("13.0", engine.Observer, "victory", itoa(r.Points[Central]), itoa(r.Points[Russian]), w)
	default:
		s.logf("13.0", engine.Observer, "victoryHills", itoa(r.Points[Central]), itoa(r.Points[Russian]), w)
	}
}

// reactor is the side that is not acting (5.22).
func (s *State) reactor() engine.Side { return 1 - s.Phasing }

// hallowed reports whether u is on its side's hallowed ground: in or
// next to the marked hex (6.679).
func (s *State) hallowed(u *Unit) bool {
	if s.Hallowed == 0 || u.Side != s.HallowFor || u.Where != OnMap {
		return false
	}
	h := codeHex(s.Hallowed)
	return u.Hex == h || hexgrid.Adjacent(u.Hex, h)
}

// check rolls a cohesion check for units[i] with the modifier, hallowed
// ground's bonus added (6.679: for any reason), applies it and logs it.
func (s *State) check(i int, mod int, cause Cause, rule string) Outcome {
	u := &s.pos.Units[i]
	if s.hallowed(u) {
		mod += Hallowed
	}
	c := s.d.RollCheck(&s.Rng, u, mod, cause)
	s.Epo += 2
	o := u.Apply(c)
	s.logCheck(rule, i, c, o)
	if o != Pass || cause == ByRally {
		u.Moving = u.Moving && o == Pass // 6.65a: a failed check ends the move
	}
	s.pos.Control.Update(s.pos.Units)
	return o
}

func (s *State) logCheck(rule string, i int, c Check, o Outcome) {
	s.logf(rule, engine.Observer, "check", s.unitID(i), itoa(c.Dice[0]), itoa(c.Dice[1]), itoa(c.Modifier),
		itoa(c.Final()), itoa(c.Cohesion), outcomeKey(o, c.Cause))
}

func outcomeKey(o Outcome, c Cause) string {
	switch {
	case c == ByRally && o == Pass:
		return "rallied"
	case o == Pass:
		return "passes"
	case o == Fail:
		return "fails"
	}
	return "destroyed"
}

// afterAction marks the group's unit as having acted and ends the
// command once every activated unit has (6.03).
func (s *State) afterAction(ids ...int) {
	for k := range int(s.NGroup) {
		for _, i := range ids {
			if int(s.Group[k]) == i {
				s.Acted[k] = true
			}
		}
	}
	s.Step, s.Decider = stGroup, s.Phasing
	for k := range int(s.NGroup) {
		if !s.Acted[k] && s.commandable(int(s.Group[k])) {
			return
		}
	}
	s.endHalf()
}

// --- fire (6.5, 6.74) ---

// fireAt is an attack by shooter at h, with the units moving now (6.65).
func (s *State) fireAt(shooter int, h hexgrid.Hex, reaction bool) FireAt {
	return FireAt{Shooter: shooter, Target: h, Reaction: reaction, Night: s.night(), Moving: func(i int) bool { return s.pos.Units[i].Moving }}
}

// returners are the reactor's units in the target hex that may shoot back
// at the shooter (6.74), not yet chosen.
func (s *State) returners(dst []int) []int {
	sh := &s.pos.Units[s.Shooter]
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Side == s.reactor() && u.Where == OnMap && u.Hex == codeHex(s.FireHex) && !s.fired(i) &&
			s.pos.CanFire(s.d, s.fireAt(i, sh.Hex, true)) {
			dst = append(dst, i)
		}
	}
	return dst
}

func (s *State) fired(i int) bool { return s.Fired[i/64]&(1<<(i%64)) != 0 }
func (s *State) setFired(i int)   { s.Fired[i/64] |= 1 << (i % 64) }

// fire resolves the command's attack and every chosen return shot at once
// (6.53, 6.74: all rolled, then all carried out; 6.56 spends the shooters).
func (s *State) fire() {
	sh := int(s.Shooter)
	fires := []FireAt{s.fireAt(sh, codeHex(s.FireHex), false)}
	for i := range s.pos.Units {
		if s.fired(i) {
			fires = append(fires, s.fireAt(i, s.pos.Units[sh].Hex, true))
			s.logf("6.74", engine.Observer, "returns", s.unitID(i), s.unitID(sh))
		}
	}
	hits := make([][]Hit, len(fires))
	for k, f := range fires {
		hits[k] = s.rollFire(f)
	}
	for k, f := range fires {
		s.applyFire(f, hits[k])
	}
	s.pos.Control.Update(s.pos.Units)
	s.Fired = [4]uint64{}
	s.Shooter, s.FireHex = -1, 0
	s.afterAction(sh)
}

// rollFire rolls an attack's checks with hallowed ground's bonus (6.679).
func (s *State) rollFire(f FireAt) []Hit {
	hits := s.pos.FireChecks(s.d, f, s.dice)
	for k := range hits {
		if s.hallowed(&s.pos.Units[hits[k].Unit]) {
			hits[k].Check.Modifier += Hallowed
			hits[k].Outcome = hits[k].Check.Outcome()
		}
	}
	return hits
}

// applyFire logs and carries out an attack's checks (6.53, 6.56, 6.75); a
// unit that fails is no longer moving (6.65a).
func (s *State) applyFire(f FireAt, hits []Hit) {
	for _, h := range hits {
		s.logCheck("6.53", h.Unit, h.Check, h.Outcome)
	}
	s.pos.ApplyFire(s.d, f, hits)
	for _, h := range hits {
		if h.Outcome != Pass {
			s.pos.Units[h.Unit].Moving = false
		}
	}
}

// --- move (6.6) and its consequences in 6.9's order ---

// movers are the units of the move under way still on the map, or still
// off it to enter (10.2).
func (s *State) movers(dst []int) []int {
	for _, m := range s.Movers {
		if m >= 0 && (s.pos.Units[m].Where == OnMap || s.pos.Units[m].Where == Waiting) {
			dst = append(dst, int(m))
		}
	}
	return dst
}

// lead is the first mover on the map, -1 if none.
func (s *State) lead() int {
	if ms := s.movers(nil); len(ms) > 0 {
		return ms[0]
	}
	return -1
}

// startMove declares a move of one unit or a stack of two in one hex
// (6.61: stacks spend their points in unison; j is -1 for a unit alone);
// a unit moving in another hex of the same side stops being "moving"
// (6.65c).
func (s *State) startMove(i, j int) {
	u := &s.pos.Units[i]
	for k := range s.pos.Units {
		if o := &s.pos.Units[k]; o.Side == u.Side && o.Hex != u.Hex {
			o.Moving = false
		}
	}
	s.Movers = [2]int16{int16(i), int16(j)}
	for _, m := range s.movers(nil) {
		mu := &s.pos.Units[m]
		mu.Moving, mu.MP = true, int8(mu.Face(s.d).Move)
	}
	s.MoveFrom, s.MoveHex, s.RoadOnly, s.Bonus = hexCode(u.Hex), hexCode(u.Hex), true, false
	if u.Where == Waiting { // 10.21: from off the map
		s.MoveFrom, s.MoveHex = 0, 0
	}
	s.Step = stMove
}

// pickUps are the activated units a lone mover may pick up in its hex
// (6.61): not yet acted, ready, with points left once they are assumed to
// have spent what the mover has.
func (s *State) pickUps(dst []int) []int {
	ms := s.movers(nil)
	if len(ms) != 1 || s.Movers[1] >= 0 || s.offMap() || s.carrier() >= 0 { // 6.83: transport carries one unit
		return dst
	}
	for k := range int(s.NGroup) {
		if v := int(s.Group[k]); !s.Acted[k] && v != ms[0] && s.pos.Units[v].Ready() &&
			s.pos.Units[v].Hex == s.pos.Units[ms[0]].Hex && s.pickUpMP(v) > 0 {
			dst = append(dst, v)
		}
	}
	return dst
}

// pickUpMP is what a picked-up unit has left: its allowance less the
// points the mover has spent (6.61).
func (s *State) pickUpMP(v int) int {
	m := &s.pos.Units[s.lead()]
	return s.pos.Units[v].Face(s.d).Move - (m.Face(s.d).Move - int(m.MP))
}

// pickUp joins units[v] to the lone mover: they go on as a stack (6.61).
func (s *State) pickUp(v int) {
	s.Movers = [2]int16{int16(s.lead()), int16(v)}
	u := &s.pos.Units[v]
	u.Moving, u.MP = true, int8(s.pickUpMP(v))
	s.logf("6.61", engine.Observer, "pickUp", s.unitID(s.lead()), s.unitID(v))
}

// canExit reports whether the movers may leave the map (10.3): their hex
// is along the map's edge, each has a point to pay, and no enemy unit
// holds them there (6.63).
func (s *State) canExit() bool {
	ms := s.able(nil)
	if len(ms) == 0 {
		return false
	}
	h := s.pos.Units[ms[0]].Hex
	if s.offMap() || !s.d.Map.EdgeHex(h) || s.pos.enemyIn(s.Phasing, h) {
		return false
	}
	for _, m := range ms {
		if s.pos.Units[m].MP == 0 || s.pinned(m) {
			return false
		}
	}
	return true
}

// exit takes the movers off the map for good (10.3: they cannot return).
func (s *State) exit() {
	for _, m := range s.able(nil) {
		u := &s.pos.Units[m]
		u.MP--
		u.Where, u.Moving = Exited, false
		s.logf("10.3", engine.Observer, "exits", s.unitID(m), Layout.Format(u.Hex))
	}
	s.pos.Control.Update(s.pos.Units)
	s.continueMove()
}

// bonusOpen reports whether the movers may take the road bonus now
// (6.64): every hex so far entered along the road from a road hex (or
// from off the map by a road hex, ruling L22).
func (s *State) bonusOpen() bool {
	if k, ok := s.carrierKind(); ok && s.d.Tables.Transport[k].RoadOnly {
		return false // 6.84: a truck's score has the bonus in it
	}
	return s.RoadOnly && !s.Bonus && s.MoveHex != s.MoveFrom && (s.MoveFrom == 0 || s.d.Map.OnRoad(codeHex(s.MoveFrom)))
}

// able are the movers that can still spend a point: on the map, not spent
// (a failed check or a stream ends a unit's move, 6.61, 6.65).
func (s *State) able(dst []int) []int {
	for _, m := range s.movers(nil) {
		if !s.pos.Units[m].Spent {
			dst = append(dst, m)
		}
	}
	return dst
}

// canStep reports whether the movers may enter h now: each may (6.61-6.63),
// there is room for all of them (3.4), each has a point or the road bonus
// is open along a road hexside (6.64).
func (s *State) canStep(h hexgrid.Hex) bool {
	ms := s.able(nil)
	if len(ms) == 0 || Stacked(s.pos.Units, s.Phasing, h)+len(ms) > StackLimit {
		return false
	}
	if s.offMap() {
		return s.canEnterMap(h)
	}
	if !s.carryMay(h) { // 6.82, 6.84
		return false
	}
	for _, m := range ms {
		u := &s.pos.Units[m]
		if s.pinned(m) || !s.pos.Enter(s.d, m, h, s.night(), s.sc.PlayArea).Allowed { // 7.21: a trench-set observer stays
			return false
		}
		if u.MP == 0 && !(s.bonusOpen() && s.d.Map.Road(u.Hex, h)) {
			return false
		}
	}
	return true
}

// step enters h (6.61) with every able mover and carries out what entering
// means (6.62-6.66, 8.7, 8.341) and then 6.9's consequences.
func (s *State) step(h hexgrid.Hex) {
	bonus := false
	for k, m := range s.Movers {
		if m < 0 {
			continue
		}
		u := &s.pos.Units[m]
		if u.Where != OnMap && u.Where != Waiting || u.Spent {
			s.Movers[k] = -1 // its move ended where it stopped (6.61)
			s.finishUnit(int(m))
			continue
		}
		e := s.pos.Enter(s.d, int(m), h, s.night(), s.sc.PlayArea)
		if u.MP > 0 {
			u.MP--
		} else {
			bonus = true
		}
		if u.Where == Waiting { // 10.21: onto the map, from the mirror image of h
			e = s.enterMap(int(m), h)
			s.RoadOnly = s.RoadOnly && e.Road
			s.logf("10.21", engine.Observer, "enters", s.unitID(int(m)), Layout.Format(h), itoa(int(u.MP)))
			if u.In {
				s.logf("10.21", engine.Observer, "entersIn", s.unitID(int(m)), Layout.Format(h))
			}
		} else {
			s.RoadOnly = s.RoadOnly && e.Road
			from := u.Hex
			u.Hex = h
			u.In = u.In && s.pos.TrenchConnected(from, h) // 8.321: IN only along a connecting trench
			s.logf("6.61", engine.Observer, "moves", s.unitID(int(m)), Layout.Format(from), Layout.Format(h), itoa(int(u.MP)))
			if e.Stream {
				u.Spent = true // 8.7: spent at once, still moving (6.65's note)
				s.logf("8.7", engine.Observer, "stream", s.unitID(int(m)))
			}
			if e.Wire && s.pos.CrossWire(s.d, u, from, h) {
				s.logf("8.341", engine.Observer, "wire", s.unitID(int(m)))
			}
		}
		if e.Bog { // 8.323: cavalry entering a trench hex (a scenario's, ruling L60), walking on too (10.21, ruling L75)
			s.check(int(m), 0, ByMovement, "8.323")
		}
		s.PendingLost[k] = e.Lost
	}
	if bonus {
		s.Bonus = true
		s.logf("6.64", engine.Observer, "roadBonus", s.unitID(s.lead()))
	}
	s.MoveHex = hexCode(h)
	s.pos.Control.Update(s.pos.Units)
	s.Fired = [4]uint64{}
	s.ffeOnEntry(h)
	if s.seriesOnEntry(h) { // else a gas drift is asked first (7.513)
		s.consequences()
	}
}

// consequences carries out 6.9's order after the movers entered a hex:
// 1) rally, 2) lost, 3) melee (its own expenditure), 4) reaction fire.
func (s *State) consequences() {
	if len(s.rallyCandidates(nil)) > 0 {
		s.Step, s.Decider = stRally, s.Phasing
		return
	}
	s.Fired = [4]uint64{}
	for k, m := range s.Movers {
		if m >= 0 && s.PendingLost[k] && s.pos.Units[m].Where == OnMap && !s.pos.Units[m].LostChecked {
			s.pos.Units[m].LostChecked = true // 6.663: once a turn
			s.check(int(m), 0, ByMovement, "6.661")
		}
	}
	s.PendingLost = [2]bool{}
	s.openReaction()
}

// rallyCandidates are the dispersed, ready friends a formed mover joined
// that have not yet been offered a rally at this entry (3.8).
func (s *State) rallyCandidates(dst []int) []int {
	for _, m := range s.movers(nil) {
		for _, i := range RallyCandidates(s.pos.Units, m) {
			if !s.fired(i) && !slices.Contains(dst, i) && s.Movers[0] != int16(i) && s.Movers[1] != int16(i) {
				dst = append(dst, i)
			}
		}
	}
	return dst
}

// reactors are the reactor's units that may fire at the movers' hex after
// this expenditure (6.71, 6.73): ready, not mortars, in range and sight,
// each once - while a mover is there to shoot at.
func (s *State) reactors(dst []int) []int {
	if s.lead() < 0 {
		return dst
	}
	h := codeHex(s.MoveHex)
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Side == s.reactor() && u.Where == OnMap && !s.fired(i) && s.pos.CanFire(s.d, s.fireAt(i, h, true)) {
			dst = append(dst, i)
		}
	}
	return dst
}

// Standing reaction orders a player may give (the choice is his, made
// once instead of at every window; opPolicy).
const (
	AskEach    uint8 = iota // ask at every window (the default)
	MGsFire                 // machine guns fire at once, the others are asked
	AllFire                 // every unit that can fires at once
	NeverReact              // never fire in reaction to a move
	numPolicies
)

var policyNames = []string{"ask", "mg-fire", "all-fire", "never"}

// standing is the first reactor the reactor's standing order fires at
// once, or -1.
func (s *State) standing() int {
	p := s.Policy[s.reactor()]
	for _, i := range s.reactors(nil) {
		if p == AllFire || p == MGsFire && s.d.Counters[s.pos.Units[i].Counter].Is(MachineGun) {
			return i
		}
	}
	return -1
}

// openReaction carries out the reactor's standing order, then asks him
// only when a shot is still possible (6.72) and his order does not
// refuse every shot.
func (s *State) openReaction() {
	for i := s.standing(); i >= 0; i = s.standing() {
		s.logf("6.71", engine.Observer, "standing", SideNames[s.reactor()])
		s.react(i)
	}
	if len(s.reactors(nil)) > 0 && s.Policy[s.reactor()] != NeverReact {
		s.Step, s.Decider = stReact, s.reactor()
		return
	}
	s.continueMove()
}

// continueMove returns to the movers while one can still spend a point;
// a unit that cannot has completed its move and is spent (6.61: the one
// that passes a check can go on when its partner fails; 6.65).
func (s *State) continueMove() {
	s.Fired = [4]uint64{}
	for k, m := range s.Movers {
		if m < 0 {
			continue
		}
		u := &s.pos.Units[m]
		if u.Where != OnMap && u.Where != Waiting || u.Spent || u.MP == 0 && !s.bonusOpen() {
			s.Movers[k] = -1
			s.finishUnit(int(m))
		}
	}
	if s.lead() >= 0 {
		s.Step, s.Decider = stMove, s.Phasing
		return
	}
	s.endMove()
}

// finishUnit marks a unit's move complete: spent (6.65), and acted; a
// reinforcement that stops before entering stays off the map, spent.
func (s *State) finishUnit(m int) {
	if u := &s.pos.Units[m]; u.Where == OnMap || u.Where == Waiting {
		u.Spent, u.MP = true, 0
	}
	for k := range int(s.NGroup) {
		if int(s.Group[k]) == m {
			s.Acted[k] = true
		}
	}
}

// endMove ends the move of every mover left (6.65) and returns to the
// command.
func (s *State) endMove() {
	ms := s.movers(nil)
	for _, m := range ms {
		s.finishUnit(m)
	}
	s.Movers = [2]int16{-1, -1}
	s.ser.Carry = 0
	s.afterAction(ms...)
}

// react fires units[i] at the movers' hex (6.71-6.75).
func (s *State) react(i int) {
	s.setFired(i)
	h := codeHex(s.MoveHex)
	s.logf("6.71", engine.Observer, "reacts", s.unitID(i), Layout.Format(h))
	f := s.fireAt(i, h, true)
	hits := s.rollFire(f)
	s.applyFire(f, hits)
	s.carryLost(hits) // 6.85
	s.pos.Control.Update(s.pos.Units)
}

// --- melee (6.67) ---

// meleeRound logs the attacks and resolves them: only attacked units roll
// (ruling L10), with the melee values of their attackers; all results are
// carried out together (6.675); doubles hallow the ground of hex, the
// actor's if both sides rolled them (6.679); in a campaign a gun
// destroyed in melee is captured (11.531).
func (s *State) meleeRound(attacks []Attack, actor engine.Side, hex int16) {
	for _, a := range attacks {
		s.logf("6.674", engine.Observer, "attack", s.unitID(a.Attacker), s.unitID(a.Target))
	}
	mods := s.d.MeleeModifiers(s.pos.Units, attacks, s.infiltrationMelee(), s.hallowed)
	var rolled []int
	for i := range mods {
		rolled = append(rolled, i)
	}
	slices.Sort(rolled)
	var doubles [2]bool
	checks := make([]Check, len(rolled))
	for k, i := range rolled {
		checks[k] = s.d.RollCheck(&s.Rng, &s.pos.Units[i], mods[i], ByMelee)
		s.Epo += 2
		doubles[s.pos.Units[i].Side] = doubles[s.pos.Units[i].Side] || checks[k].Doubles()
	}
	for k, i := range rolled {
		o := s.pos.Units[i].Apply(checks[k])
		s.logCheck("6.675", i, checks[k], o)
		s.captureGun(i, o)
	}
	if side := HallowsGround(doubles, actor, s.Hallowed != 0); side != engine.Observer {
		s.Hallowed, s.HallowFor = hex, side
		s.logf("6.679", engine.Observer, "hallowed", Layout.Format(codeHex(hex)), SideNames[side])
	}
}

// meleePayers are the movers that may spend a point to initiate melee in
// their hex (6.671): on the map, not spent, with a point left.
func (s *State) meleePayers(dst []int) []int {
	for _, m := range s.Movers {
		if m >= 0 && s.pos.Units[m].Where == OnMap && !s.pos.Units[m].Spent && s.pos.Units[m].MP > 0 {
			dst = append(dst, int(m))
		}
	}
	return dst
}

// beginMelee: the movers that elect to spend a point to initiate melee in
// their hex take part - every able one, or only unit one when it is not
// negative; a mover that does not pay stays out (6.671, 6.672: the point
// is the price of admission, paid unit by unit). The actor allocates each
// one's attack when it has a choice, then the reactor his (6.674).
func (s *State) beginMelee(one int) {
	s.Part = [2]bool{}
	s.Att = [2]int16{-1, -1}
	s.RAtt = [StackLimit]int16{-1, -1}
	payers := s.meleePayers(nil)
	for k, m := range s.Movers {
		if m >= 0 && slices.Contains(payers, int(m)) && (one < 0 || int(m) == one) {
			s.pos.Units[m].MP--
			s.Part[k] = true
		}
	}
	s.MeleeHex = s.MoveHex
	if one < 0 {
		s.logf("6.671", engine.Observer, "melee", s.unitID(s.lead()), Layout.Format(codeHex(s.MeleeHex)))
	} else {
		s.logf("6.671", engine.Observer, "melee", s.unitID(one), Layout.Format(codeHex(s.MeleeHex)))
		for _, m := range payers {
			if m != one {
				s.logf("6.672", engine.Observer, "meleeOut", s.unitID(m))
			}
		}
	}
	s.allocate()
}

// allocate makes the next melee allocation: forced ones at once, the
// first with a choice asked (actor's first, 6.674).
func (s *State) allocate() {
	targets := s.meleeTargets(nil)
	for k := range s.Movers {
		if s.Part[k] && s.Att[k] < 0 {
			if len(targets) == 1 {
				s.Att[k] = int16(targets[0])
				continue
			}
			s.Step, s.Decider = stMelee, s.Phasing
			return
		}
	}
	var parts []int
	for k, m := range s.Movers {
		if s.Part[k] {
			parts = append(parts, int(m))
		}
	}
	for k := range targets {
		if s.RAtt[k] < 0 {
			if len(parts) == 1 {
				s.RAtt[k] = int16(parts[0])
				continue
			}
			s.Step, s.Decider = stMelee, s.reactor()
			return
		}
	}
	s.resolveMelee()
}

// allocating is the unit whose melee attack is asked now and its choices.
func (s *State) allocating() (int, []int) {
	targets := s.meleeTargets(nil)
	if s.Decider == s.Phasing {
		for k, m := range s.Movers {
			if s.Part[k] && s.Att[k] < 0 {
				return int(m), targets
			}
		}
		return -1, nil
	}
	var parts []int
	for k, m := range s.Movers {
		if s.Part[k] {
			parts = append(parts, int(m))
		}
	}
	for k, r := range targets {
		if s.RAtt[k] < 0 {
			return r, parts
		}
	}
	return -1, nil
}

// setAttack records the attack of attacker on target (6.674).
func (s *State) setAttack(attacker, target int) {
	for k, m := range s.Movers {
		if s.Part[k] && int(m) == attacker {
			s.Att[k] = int16(target)
		}
	}
	for k, r := range s.meleeTargets(nil) {
		if r == attacker {
			s.RAtt[k] = int16(target)
		}
	}
	s.allocate()
}

// meleeTargets are the reactor's units in the melee hex: all take part,
// spent or not (6.673).
func (s *State) meleeTargets(dst []int) []int {
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Where == OnMap && u.Side == s.reactor() && u.Hex == codeHex(s.MeleeHex) {
			dst = append(dst, i)
		}
	}
	return dst
}

// resolveMelee resolves the allocated attacks (meleeRound);
// participants are spent (6.678); the move is over (6.65b). Then the
// reaction fire the expenditure allows (6.72).
func (s *State) resolveMelee() {
	var attacks []Attack
	for k, m := range s.Movers {
		if s.Part[k] {
			attacks = append(attacks, Attack{Attacker: int(m), Target: int(s.Att[k])})
		}
	}
	for k, r := range s.meleeTargets(nil) {
		attacks = append(attacks, Attack{Attacker: r, Target: int(s.RAtt[k])})
	}
	s.meleeRound(attacks, s.Phasing, s.MeleeHex)
	for _, a := range attacks {
		if u := &s.pos.Units[a.Attacker]; u.Where == OnMap {
			u.Spent = true
		}
		s.pos.Units[a.Attacker].Moving = false
	}
	s.pos.Control.Update(s.pos.Units)
	s.MeleeHex = 0
	s.Part, s.Att, s.RAtt = [2]bool{}, [2]int16{}, [StackLimit]int16{}
	s.Fired = [4]uint64{}
	s.openReaction()
}
