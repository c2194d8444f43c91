package wdf

import (
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/sequence"
)

// step is a decision point of the sequence of play (4.0), or, on the
// return stack, where a nested procedure resumes.
type step uint8

const (
	stNone     step = iota
	stDepot         // 1b Depot Placement Segment (7.11): place or relocate the depot
	stASP           // 1c the non-active player spends ASPs on the Organization die (7.2)
	stRepl          // 1d Replacements Segment (7.6)
	stReserve       // 1e Allied Reinforcement-Withdrawal Segment (7.4, 7.7, 7.8)
	stMajor         // 1f Major Offensive Declaration Segment (7.9)
	stMove          // 2 Regular Movement Phase (9.0, 9.4)
	stCombat        // 3 Regular Combat Phase (10.0)
	stExploit       // 4 Exploitation Movement Phase (9.5)
	stExploitC      // 5 Exploitation Combat Phase (10.0)
	stStack         // 9.2: the opposing player eliminates units over the limit
	stBuild         // 10.1: add attacking and defending hexes, support, resolve
	stLoss          // 10.22, 10.23: choose how to take the hits
	stSteps         // 10.21: choose the units that lose steps
	stRetreat       // 10.26: retreat the units one hex at a time
	stAdvance       // 10.27: advance after combat
	stOver          // the game is over
	stTobruk        // 8.4: the owner picks the units Tobruk supplies
	stLeader        // 13.2: the Axis player picks the leader whose values a combat uses

	// Continuations after a stacking check.
	contCombat    // begin the Regular Combat Phase
	contExploitC  // begin the Exploitation Combat Phase
	contExploit   // begin the Exploitation Movement Phase
	contAttrition // begin the Attrition Phase
	contMove      // begin the Regular Movement Phase's moves
	contAttrNow   // the Attrition Phase after the Tobruk choice
)

// ret returns from a nested procedure to where it was called
// (sequence.Track.Call).
func (s *State) ret() { s.resume(s.Return()) }

func (s *State) resume(st step) {
	switch st {
	case contCombat:
		s.Step, s.Decider = stCombat, s.Phasing
	case contExploitC:
		s.Step, s.Decider = stExploitC, s.Phasing
	case contExploit:
		s.beginExploitation()
	case contAttrition:
		s.tobrukChoice(contAttrNow)
	case contAttrNow:
		s.attrition()
	case contMove:
		s.Step, s.Decider = stMove, s.Phasing
	default:
		panic("wdf: resume at step " + strconv.Itoa(int(st)))
	}
}

// --- I, II: the turn's opening ----------------------------------------------

// beginTurn runs the Random Events Dice Roll (5.0) and the Air/Naval
// Support Phase (6.0), both skipped on turn 1 (3.1), then the Allied
// Player Turn.
func (s *State) beginTurn() {
	s.logf("4.0", engine.Observer, "turn", strconv.Itoa(int(s.Turn)), s.d.Turns[s.Turn-1].Month)
	s.SeaUsed, s.NavalUsed = 0, false
	s.Event, s.AlliedAttacked = -1, false
	if s.Turn > 1 {
		s.randomEvent()
		s.airSupport()
	}
	s.beginPlayerTurn(Allied)
}

// randomEvent rolls the Random Events table (5.0) and applies the event
// (events.go).
func (s *State) randomEvent() {
	ev := &s.d.Tables.Events
	a, x := s.roll(), s.roll()
	i := ev.Result[a-1][x-1]
	e := &ev.Events[i]
	switch {
	case i == ev.NoEvent:
	case int(s.Turn) < e.EarliestTurn, e.Once && i < len(s.EventUsed) && s.EventUsed[i], !s.eventPossible(e.ID):
		i = ev.NoEvent // 5.0: too early, once per game, or impossible
	default:
		if e.Once && i < len(s.EventUsed) {
			s.EventUsed[i] = true
		}
	}
	s.Event = int8(i)
	s.logf("5.0", engine.Observer, "event", strconv.Itoa(a*10+x), ev.Events[i].Name)
	s.applyEvent(ev.Events[i].ID)
}

// airSupport is the Air/Naval Support Phase (6.1, 6.2).
func (s *State) airSupport() {
	s.ASP = [2]int8{}
	s.Pos.Naval = false
	if s.event() == "sandstorm" {
		s.logf("5.0", engine.Observer, "sandstorm")
		return
	}
	row := RowFor(s.d.Tables.Air.Rows, int(s.Turn))
	var die, score [2]int
	for side := range engine.Side(2) {
		die[side] = s.roll()
		m := die[side] + s.airEventMod(side)
		if dep := s.Pos.Depot[side]; dep >= 0 {
			if z := s.d.ZoneOf(side, int(dep)); z != ZoneNone {
				m += s.d.Tables.Air.ZoneMod[side][z-1]
			}
		}
		m = min(max(m, 1), 6)
		score[side] = row.Value[m-1][side]
	}
	switch {
	case score[Allied] > score[Axis]:
		s.ASP[Allied] = int8(score[Allied] - score[Axis])
		s.Pos.Naval = die[Allied] == 6 && s.event() != "italian-navy-sortie" // 6.2
	case score[Axis] > score[Allied]:
		s.ASP[Axis] = int8(score[Axis] - score[Allied])
	}
	s.logf("6.1", engine.Observer, "air", strconv.Itoa(score[Allied]), strconv.Itoa(score[Axis]), strconv.Itoa(int(s.ASP[Allied])), strconv.Itoa(int(s.ASP[Axis])))
	if s.Pos.Naval {
		s.logf("6.2", engine.Observer, "naval")
	}
}

// --- III, IV 1: Organization Phase ---------------------------------------------

// beginPlayerTurn opens side's player turn with the Depot Removal Segment
// (7.13) and goes on to the Depot Placement Segment.
func (s *State) beginPlayerTurn(side engine.Side) {
	s.Phasing = side
	s.Pos.Major[side], s.Surprise[side], s.DepotShifted = false, false, false
	s.logf("4.0", engine.Observer, "playerTurn", s.sideName(side))
	if dep := int(s.Pos.Depot[side]); dep >= 0 && !s.board().DepotRoute(side, dep).Connected {
		s.Pos.Depot[side] = NoHex
		s.AP[side] = 0
		s.logf("7.13", engine.Observer, "depotCut", s.sideName(side), s.hexID(dep))
	}
	if len(s.depotHexes(side)) == 0 {
		s.logf("7.11", engine.Observer, "noDepotHex", s.sideName(side))
		s.afterDepot()
		return
	}
	s.Step, s.Decider = stDepot, side
}

// depotHexes lists where side may place its depot now (7.11).
func (s *State) depotHexes(side engine.Side) []int {
	b := s.board()
	conn := b.roadConnected(side)
	var out []int
	for z := range NumZones {
		for _, h := range s.d.Zones[side][z] {
			if h != int(s.Pos.Depot[side]) && b.canPlaceDepot(side, h, conn) {
				out = append(out, h)
			}
		}
	}
	return out
}

// placeDepot puts side's depot on hex h (7.11): on its Moved side if it
// returns after removal (7.15) or moves two or more zones (7.12).
func (s *State) placeDepot(side engine.Side, h int) {
	from := int(s.Pos.Depot[side])
	moved := from < 0
	if from >= 0 {
		dz := int(s.d.ZoneOf(side, h)) - int(s.d.ZoneOf(side, from))
		moved = dz >= 2 || dz <= -2
	}
	s.Pos.Depot[side] = int16(h)
	if moved {
		s.Pos.DepotMoved[side] = true
	}
	s.logf("7.11", engine.Observer, "depot", s.sideName(side), s.hexID(h), s.d.ZoneOf(side, h).Letter())
}

// afterDepot goes to the Attack Point segment: the non-active player first
// says how many ASPs he spends (7.2).
func (s *State) afterDepot() {
	if s.ASP[1-s.Phasing] > 0 {
		s.Step, s.Decider = stASP, 1-s.Phasing
		return
	}
	s.organize(0)
}

// organize is the Organization Phase die roll (7.0) with spent enemy ASPs:
// new Attack Points (7.3), Allied Reserve Requirements (7.4, met in the
// Reinforcement-Withdrawal Segment, ruling W30) or the Axis Supply Level
// (7.5); then replacements (7.6, ruling W29),
// reinforcements (7.7) and the Major Offensive Declaration (7.9).
func (s *State) organize(spent int) {
	side := s.Phasing
	s.ASP[1-side] -= int8(spent)
	die := s.roll()
	b := s.board()
	ap := b.NewAP(side, die, spent)
	s.AP[side] = int8(min(int(s.AP[side])+ap, MaxAP))
	s.logf("7.31", engine.Observer, "newAP", s.sideName(side), strconv.Itoa(die), strconv.Itoa(spent), strconv.Itoa(ap), strconv.Itoa(int(s.AP[side])))
	m := min(max(die-spent, 1), 6) // 7.4, 7.5: no Benghazi modifier
	if side == Axis {
		s.Pos.Level = s.levelEvent(RowFor(s.d.Tables.Supply, int(s.Turn)).Value[m-1])
		s.logf("7.5", engine.Observer, "supplyLevel", s.Pos.Level.String())
	} else {
		need := RowFor(s.d.Tables.Reserves, int(s.Turn)).Value[m-1]
		if s.event() == "allied-forces-diverted" {
			need += 2
		}
		s.ReserveNeed = int8(need)
		s.logf("7.4", engine.Observer, "reserves", strconv.Itoa(need))
	}
	s.beginReplacements(side)
}

// afterReplacements is the Reinforcement Segment (7.7) and the Major
// Offensive Declaration Segment (7.9).
func (s *State) afterReplacements() {
	if s.Phasing == Allied {
		s.beginReserves()
		return
	}
	s.reinforce(Axis)
	s.toMajor()
}

// toMajor offers the Major Offensive Declaration Segment (7.9) if the
// side can pay for one.
func (s *State) toMajor() {
	side := s.Phasing
	b := s.board()
	if cost, ok := b.MajorOffensiveCost(side); ok && int(s.AP[side]) >= cost && !(side == Axis && s.event() == "comando-supremo") {
		s.Step, s.Decider = stMajor, side
		return
	}
	s.beginMovement()
}

// reinforce places side's reinforcements due this turn on its entry hex
// (7.7): Alexandria for the Allies, 1019 for the Axis.
func (s *State) reinforce(side engine.Side) {
	if !s.entryOpen(side) {
		// Ruling W34: nothing arrives while an enemy combat unit holds the
		// entry hex; the arrivals wait for a later turn.
		for l, def := range s.d.Leaders {
			ls := &s.Pos.Leaders[l]
			if def.Side == side && ls.Hex < 0 && ls.Face >= 0 && (int(ls.Due) == int(s.Turn) || (ls.Due == 0 && def.Arrives == int(s.Turn))) {
				ls.Due = s.Turn + 1
			}
		}
		return
	}
	for u, def := range s.d.Units {
		us := &s.Pos.Units[u]
		due := us.Box == BoxNotArrived && def.Arrives > 0 && def.Arrives <= int(s.Turn)
		if def.Side == side && (due || us.Box == BoxReturning) {
			*us = UnitState{Box: BoxMap, Hex: int16(s.d.EntryHex[side]), Reduced: us.Reduced}
			s.logf("7.7", engine.Observer, "arrives", def.Name, s.hexID(s.d.EntryHex[side]))
		}
	}
	for l, def := range s.d.Leaders {
		ls := &s.Pos.Leaders[l]
		due := int(ls.Due) == int(s.Turn) || (ls.Due == 0 && def.Arrives > 0 && def.Arrives == int(s.Turn))
		if def.Side != side || ls.Hex >= 0 || ls.Face < 0 || !due {
			continue
		}
		if s.leaderOnMap(side, def.Nationality) {
			// 13.1: one leader per nationality. Montgomery comes only if
			// the Allied player chose him in this segment (13.7, swap,
			// reserve.go); otherwise O'Connor/Ritchie stays and he does not.
			s.logf("13.7", engine.Observer, "leaderHeld", def.Faces[ls.Face].Name)
			continue
		}
		ls.Hex, ls.Due = int16(s.d.EntryHex[side]), 0
		s.logf("7.7", engine.Observer, "arrives", def.Faces[ls.Face].Name, s.hexID(s.d.EntryHex[side]))
	}
}

// entryOpen reports whether side's entry hex (7.7) is free of enemy
// combat units (ruling W34).
func (s *State) entryOpen(side engine.Side) bool {
	h := s.d.EntryHex[side]
	for u, def := range s.d.Units {
		if def.Side != side && s.Pos.Units[u].Box == BoxMap && int(s.Pos.Units[u].Hex) == h {
			return false
		}
	}
	return true
}

// leaderOnMap reports whether side has a leader of nationality n (the
// Allies: any) on the map (13.1).
func (s *State) leaderOnMap(side engine.Side, n Nationality) bool {
	for l, def := range s.d.Leaders {
		if def.Side == side && s.Pos.Leaders[l].Hex >= 0 && s.Pos.Leaders[l].Face >= 0 && (side == Allied || def.Nationality == n) {
			return true
		}
	}
	return false
}

// declareMajor spends the Major Offensive's cost and rolls for surprise
// (7.9, 7.92): 1 or 2 is a surprise, plus one to the die for every three
// APs over six before the cost is paid.
func (s *State) declareMajor() {
	side := s.Phasing
	cost, _ := s.board().MajorOffensiveCost(side)
	extra := max(0, (int(s.AP[side])-6)/3)
	s.AP[side] -= int8(cost)
	s.Pos.Major[side] = true
	die := s.roll()
	s.Surprise[side] = die+extra <= 2 && !(side == Axis && s.event() == "ultra-intercept")
	s.logf("7.9", engine.Observer, "major", s.sideName(side), strconv.Itoa(cost), strconv.Itoa(die+extra), strconv.FormatBool(s.Surprise[side]))
}

// --- 2-5: movement and combat ---------------------------------------------------

func (s *State) beginMovement() {
	s.Flags = [MaxUnits]uint16{}
	s.LeaderFlags = [MaxLeaders]uint16{}
	s.tobrukChoice(contMove)
}

// tobrukChoice lets the phasing player choose which units draw on
// Tobruk's limited supply (8.4, ruling W5) when more units could use it
// than it may feed: at the start of his movement and of his Attrition
// Phase. The choice stands until the next one; then resumes at then.
func (s *State) tobrukChoice(then step) {
	side := s.Phasing
	b := s.board()
	n := len(b.TobrukUsers(side))
	capacity := b.TobrukCapacity(side)
	for u, def := range s.d.Units {
		if def.Side == side {
			s.Pos.TobrukPick[u] = false
		}
	}
	if n <= capacity {
		s.resume(then)
		return
	}
	s.TobrukLeft = int8(capacity)
	s.Call(stTobruk, then)
	s.Decider = side
}

// checkStacking closes a phase with the stacking check (9.2), then
// resumes at then.
func (s *State) checkStacking(then step) {
	b := s.board()
	for _, side := range [2]engine.Side{s.Phasing, 1 - s.Phasing} {
		if len(s.overStacked(b, side)) > 0 {
			s.Call(stStack, then)
			s.Decider = 1 - side // 9.2: opposing player's choice
			return
		}
	}
	s.resume(then)
}

// overStacked lists side's units in hexes over the stacking limit.
func (s *State) overStacked(b *Board, side engine.Side) []int {
	var out []int
	for h := range s.d.Hexes {
		if us := b.Units(h); len(us) > 0 && s.d.Units[us[0]].Side == side && b.Overstacked(h) {
			out = append(out, us...)
		}
	}
	return out
}

// stackVictim is the side whose units the decider eliminates.
func (s *State) stackVictim() engine.Side { return 1 - s.Decider }

// beginExploitation opens the Exploitation Movement Phase (9.5): every
// unit may move again, except one moved by sea, whose transfer was its
// whole move for the turn (9.7).
func (s *State) beginExploitation() {
	for u := range s.Flags {
		if s.Flags[u]&fSea == 0 {
			s.Flags[u] &^= fMoved
		}
	}
	s.LeaderFlags = [MaxLeaders]uint16{}
	s.Step, s.Decider = stExploit, s.Phasing
}

// --- 6: Attrition and the end of the turn ---------------------------------------

// attrition is the Attrition Phase (8.3): every unsupplied unit of the
// active player loses a step.
func (s *State) attrition() {
	side := s.Phasing
	b := s.board()
	sup := b.report(side)
	for u, def := range s.d.Units {
		if def.Side != side || s.Pos.Units[u].Box != BoxMap || sup.Supplied[u] {
			continue
		}
		s.stepLoss(b, u, "8.3")
	}
	s.settleCasualties() // 13.6: the units lost together, one check
	s.endPlayerTurn()
}

// stepLoss takes one step from unit u (10.21): a full-strength two-step
// unit is reduced, any other eliminated, permanently if no path of any
// length leads from its hex to its source (8.3, 10.21).
func (s *State) stepLoss(b *Board, u int, rule string) {
	def := &s.d.Units[u]
	us := &s.Pos.Units[u]
	if def.Steps == 2 && !us.Reduced {
		us.Reduced = true
		s.logf(rule, engine.Observer, "reduced", def.Name)
		return
	}
	box := BoxRecoverable
	if !b.Recoverable(def.Side, int(us.Hex)) {
		box = BoxPermanent
	}
	at := int(us.Hex)
	*us = UnitState{Box: box, Hex: NoHex}
	s.logf(rule, engine.Observer, "eliminated", def.Name, strconv.FormatBool(box == BoxPermanent))
	s.afterElimination(def.Side, at)
}

// endPlayerTurn passes to the Axis player turn, or ends the game turn:
// automatic victory (17.1), the end of the game (17.2), or the next turn
// with the depots' Moved sides flipped back (4.0).
func (s *State) endPlayerTurn() {
	for u := range s.Flags {
		s.Flags[u] = 0
	}
	// 7.91: a Major Offensive lasts only for the player turn it was
	// declared in.
	s.Pos.Major[s.Phasing], s.Surprise[s.Phasing] = false, false
	if s.Phasing == Allied {
		if s.event() == "prime-minister" && !s.AlliedAttacked {
			s.AlliedVPLoss += 3
			s.logf("5.0", engine.Observer, "primeMinister")
		}
		s.beginPlayerTurn(Axis)
		return
	}
	if w := s.automaticVictory(); w >= 0 {
		s.logf("17.1", engine.Observer, "autoVictory", s.sideName(w))
		s.Result = sequence.Win(w)
		s.Step = stOver
		return
	}
	if int(s.Turn) == NumTurns {
		s.endGame()
		return
	}
	s.Turn++
	s.Pos.DepotMoved = [2]bool{}
	s.beginTurn()
}

// automaticVictory returns the side with a supplied combat unit on the
// enemy's supply source (17.1), or -1.
func (s *State) automaticVictory() engine.Side {
	b := s.board()
	for _, side := range [2]engine.Side{Allied, Axis} {
		src := s.d.SupplySource[1-side]
		if !b.Occupied(side, src) {
			continue
		}
		sup := b.report(side)
		for _, u := range b.Units(src) {
			if sup.Supplied[u] {
				return side
			}
		}
	}
	return -1
}

// endGame assesses victory by points (17.2): reduced and eliminated enemy
// units, leaders, and the Axis reserve points; the winner needs more
// points and Tobruk. Otherwise the game is a draw (ruling W21).
func (s *State) endGame() {
	vp := s.victoryPoints()
	s.Step = stOver
	s.Result = sequence.Draw
	switch {
	case vp[Allied] > vp[Axis] && s.Pos.TobrukControl == Allied:
		s.Result = sequence.Win(Allied)
	case vp[Axis] > vp[Allied] && s.Pos.TobrukControl == Axis:
		s.Result = sequence.Win(Axis)
	}
	s.logf("17.2", engine.Observer, "victory", strconv.Itoa(vp[Allied]), strconv.Itoa(vp[Axis]), resultKey[s.Result])
}

var resultKey = [4]string{"", "alliedWin", "axisWin", "draw"}

// victoryPoints counts 17.2 for each side: every face of a leader piece
// lost counts as an eliminated leader.
func (s *State) victoryPoints() [2]int {
	var vp [2]int
	for u, def := range s.d.Units {
		us := &s.Pos.Units[u]
		if us.Box == BoxNotArrived || us.Box == BoxWithdrawn {
			continue
		}
		scorer := 1 - def.Side
		elim := us.Box == BoxRecoverable || us.Box == BoxPermanent
		switch {
		case elim && def.Type == Armor:
			vp[scorer] += 8
		case elim:
			vp[scorer] += 2
		case us.Reduced && def.Type == Armor:
			vp[scorer] += 4
		case us.Reduced:
			vp[scorer]++
		}
	}
	for l, def := range s.d.Leaders {
		switch s.Pos.Leaders[l].Face {
		case 1:
			vp[1-def.Side] += 3 // the primary leader fell (13.6)
		case -1:
			vp[1-def.Side] += 6 // both
		}
	}
	vp[Axis] += int(s.ReserveVP)
	vp[Allied] -= int(s.AlliedVPLoss)
	return vp
}
