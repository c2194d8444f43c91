package compass

import (
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/sequence"
)

// step is a decision point of the sequence of play (rule 6), or, on the
// return stack, the place a nested procedure returns to.
type step uint8

const (
	stNone       step = iota
	stPick            // 6.1.A exception: the Allied player chooses his turn 1 events
	stPlace           // 6.1.B, 3.11: place a reinforcement
	stRefit           // 6.1.B, 3.10: replacement points and Unit Recovery
	stMove            // 6.2.D movement phase
	stStack           // 3.1: eliminate units over the stacking limit
	stCombat          // 6.2.E: choose the next combat, or end the phase
	stAtkFront        // 6.2.E.1 attacker's front-line units
	stAtkSupport      // 6.2.E.1 attacker's supports
	stDefFront        // 6.2.E.2 defender's front-line units
	stDefSupport      // 6.2.E.2 defender's supports
	stAtkEvents       // 6.2.E.3 attacker's events
	stDefEvents       // 6.2.E.3 defender's events
	stAtkLeader       // 6.2.E.4 attacker's Leader re-roll
	stDefLeader       // 6.2.E.4 defender's Leader re-roll
	stAtkHits         // 6.2.E.6 attacker distributes the hits it suffered
	stDefHits         // 6.2.E.6 defender distributes the hits it suffered
	stRetreat         // 6.2.E.7 retreat of the defender's units
	stAdvance         // 6.2.E.8 advance into the vacated area
	stMatilda         // rule 7: Matilda at the end of a combat of 7 RTR
	stExploit         // 6.2.F: play Sustained Attack, or end the phase
	stActivate        // 6.2.F: choose the units Sustained Attack activates
	stExploitAct      // 6.2.F: activated units move or attack
	stOver            // 6.5: the game is over

	// Continuations: where the sequence resumes after a stacking check.
	contCombat  // begin the combat phase
	contExploit // begin the exploitation phase
	contEndTurn // end the player turn
)

// ret returns from a nested procedure to where it was called
// (sequence.Track.Call).
func (s *State) ret() { s.resume(s.Return()) }

// resume carries on the sequence at st.
func (s *State) resume(st step) {
	switch st {
	case contCombat:
		s.beginCombatPhase()
	case contExploit:
		s.beginExploitation()
	case contEndTurn:
		s.endPlayerTurn()
	case stCombat:
		s.toCombat()
	case stExploitAct:
		s.toExploitAct()
	default:
		panic("compass: resume at step " + strconv.Itoa(int(st)))
	}
}

// --- 6.1 Administrative phase ----------------------------------------------

// turnOnePicks is how many events the Allied player chooses on turn 1
// (6.1.A exception: "three events of his choice").
const turnOnePicks = 3

// beginTurn starts a game turn with its administrative phase.
func (s *State) beginTurn() {
	s.logf("6.1", engine.Observer, "turn", strconv.Itoa(int(s.Turn)), s.d.Turns[s.Turn-1].Dates)
	td := s.d.Turns[s.Turn-1]
	// 6.1.A: each player draws the markers the turn track shows ...
	s.draw(Italian, td.Events[Italian])
	if s.Turn == 1 {
		// ... except that on turn 1 the Allied player takes three events
		// of his choice, and draws none (ruling C-2).
		s.Picks = int8(min(turnOnePicks, s.bagCount(Allied)))
		if s.Picks > 0 {
			s.Step, s.Decider = stPick, Allied
			return
		}
	} else {
		s.draw(Allied, td.Events[Allied])
	}
	s.beginReinforcements()
}

func (s *State) bagCount(side engine.Side) int {
	n := 0
	for k := range NumEvents {
		n += int(s.Bag[side][k])
	}
	return n
}

func (s *State) handCount(side engine.Side) int {
	n := 0
	for k := range NumEvents {
		n += int(s.Hand[side][k])
	}
	return n
}

// draw takes n markers at random from side's container (6.1.A). The owner
// learns what it drew; the opponent only how many.
func (s *State) draw(side engine.Side, n int) {
	drawn := 0
	for range n {
		total := s.bagCount(side)
		if total == 0 {
			break
		}
		r := s.Rng.IntN(total)
		for k := range NumEvents {
			if r < int(s.Bag[side][k]) {
				s.Bag[side][k]--
				s.Hand[side][k]++
				s.logf("6.1.A", side, "drew", eventID[k])
				break
			}
			r -= int(s.Bag[side][k])
		}
		drawn++
	}
	if drawn > 0 {
		s.Epo++
		s.logf("6.1.A", engine.Observer, "draws", s.sideName(side), strconv.Itoa(drawn))
	}
}

// beginReinforcements removes the units the chart withdraws this turn and
// brings in the reinforcements due (6.1.B, 3.11), Allied first.
func (s *State) beginReinforcements() {
	for u := range s.nUnits() {
		if int(s.def(u).Removed) == int(s.Turn) && s.Units[u].Area != boxRemoved {
			s.Units[u] = unit{Area: boxRemoved, Target: noArea, Flags: fLost}
			s.logf("3.11", engine.Observer, "withdrawn", s.def(u).Name)
		}
	}
	s.placeReinforcements(Allied)
}

// entryAreas are where side's reinforcements may enter now (3.11): the
// logistic area or the second entry area, each only if side controls it and
// it has room under the stacking limit. None may enter while the enemy
// occupies the logistic area (6.1.B note).
func (s *State) entryAreas(side engine.Side) []int {
	la := s.logisticArea(side)
	if s.occupied(la, 1-side) {
		return nil
	}
	var out []int
	for _, a := range [2]int{la, s.secondEntry(side)} {
		if a >= 0 && s.Control[a] == int8(side) && s.count(a, side) < s.stackLimit(a, side) {
			out = append(out, a)
		}
	}
	return out
}

// secondEntry is Tobruch for the Allies and Bengasi for the Italians (3.11).
func (s *State) secondEntry(side engine.Side) int {
	if side == Allied {
		return s.areaByID("tobruch")
	}
	return s.areaByID("bengasi")
}

func (s *State) logisticArea(side engine.Side) int {
	for a, ar := range s.d.Areas {
		if ar.Logistic == side {
			return a
		}
	}
	panic("compass: no logistic area")
}

func (s *State) areaByID(id string) int {
	for a, ar := range s.d.Areas {
		if ar.ID == id {
			return a
		}
	}
	return noArea
}

// due lists side's units waiting on the turn track whose turn has come.
func (s *State) due(side engine.Side) []int {
	var out []int
	for u := range s.nUnits() {
		if s.side(u) == side && s.Units[u].Area == boxTrack && s.def(u).Arrives <= int(s.Turn) {
			out = append(out, u)
		}
	}
	return out
}

// placeReinforcements places side's due units. When only one entry area is
// open they go there; when two are, the owner chooses (stPlace); when none
// has room, entry is postponed to the next turn (6.1.B note).
func (s *State) placeReinforcements(side engine.Side) {
	for {
		due := s.due(side)
		if len(due) == 0 {
			break
		}
		areas := s.entryAreas(side)
		if len(areas) == 2 {
			s.Step, s.Decider = stPlace, side
			return
		}
		if len(areas) == 0 {
			for _, u := range due {
				s.logf("6.1.B", engine.Observer, "postponed", s.def(u).Name)
			}
			break
		}
		s.place(due[0], areas[0])
	}
	if side == Allied {
		s.placeReinforcements(Italian)
		return
	}
	s.beginRefit(Allied)
}

func (s *State) place(u, a int) {
	s.Units[u] = unit{Target: noArea}
	s.enter(u, a)
	s.logf("3.11", engine.Observer, "arrives", s.def(u).Name, s.d.Areas[a].Name)
}

// beginRefit gives side its replacement points (3.10) and the chance to
// play Unit Recovery (rule 7). The step is offered when side has points to
// spend on an eligible unit or holds any event marker (asking only when it
// holds Unit Recovery would tell the opponent what it holds).
func (s *State) beginRefit(side engine.Side) {
	s.Repl[side] = int8(s.d.Turns[s.Turn-1].Replacements[side])
	if s.Repl[side] > 0 && len(s.replaceable(side)) == 0 {
		s.logf("3.10", engine.Observer, "replLost", s.sideName(side), strconv.Itoa(int(s.Repl[side])))
		s.Repl[side] = 0
	}
	if s.Repl[side] > 0 || s.handCount(side) > 0 {
		s.Step, s.Decider, s.Refit = stRefit, side, side
		return
	}
	s.endRefit(side)
}

func (s *State) endRefit(side engine.Side) {
	if s.Repl[side] > 0 {
		s.logf("3.10", engine.Observer, "replLost", s.sideName(side), strconv.Itoa(int(s.Repl[side])))
		s.Repl[side] = 0
	}
	if side == Allied {
		s.beginRefit(Italian)
		return
	}
	s.beginPlayerTurn(Allied)
}

// replaceable lists side's reduced, in-supply units on the map that a
// replacement point may restore (3.10).
func (s *State) replaceable(side engine.Side) []int {
	var out []int
	var sup supplyNet
	for u := range s.nUnits() {
		if s.side(u) == side && s.onMap(u) && s.Units[u].Hits > 0 && s.def(u).Steps == 2 {
			if !sup.ready {
				sup = s.supplyNet(side)
			}
			if s.inSupply(u, &sup) {
				out = append(out, u)
			}
		}
	}
	return out
}

// recoverable lists side's eliminated units that Unit Recovery may bring
// back (3.12: not withdrawn, not eliminated out of supply; 3.7: no garrison
// eliminated in combat), when the logistic area can take one (6.1.B note,
// ruling C-32).
func (s *State) recoverable(side engine.Side) []int {
	la := s.logisticArea(side)
	if s.occupied(la, 1-side) || s.count(la, side) >= s.stackLimit(la, side) {
		return nil
	}
	var out []int
	for u := range s.nUnits() {
		if s.side(u) == side && s.Units[u].Area == boxEliminated && s.Units[u].Flags&fLost == 0 {
			out = append(out, u)
		}
	}
	return out
}

// --- 6.2 / 6.3 Player turns ------------------------------------------------

// beginPlayerTurn runs phase C, the supply check, and opens phase D.
func (s *State) beginPlayerTurn(side engine.Side) {
	s.Phasing = side
	s.logf("6.2", engine.Observer, "playerTurn", s.sideName(side))
	s.supplyCheck(side)
	for u := range s.nUnits() {
		if s.side(u) == side && s.onMap(u) {
			s.Units[u].MP = int8(2 * s.def(u).MC)
		}
	}
	s.Step, s.Decider = stMove, side
}

// endMovement closes phase D with the stacking check (3.1).
func (s *State) endMovement() { s.checkStacking(contCombat) }

// checkStacking lets the owners of units over the limit eliminate the
// excess (3.1), the phasing side first, then resumes at then.
func (s *State) checkStacking(then step) {
	for _, side := range [2]engine.Side{s.Phasing, 1 - s.Phasing} {
		if len(s.overStacked(side)) > 0 {
			s.Stacked = side
			s.Call(stStack, then)
			s.Decider = side
			return
		}
	}
	s.resume(then)
}

// overStacked lists side's units standing in areas over the stacking limit.
func (s *State) overStacked(side engine.Side) []int {
	var out []int
	occ := s.tally()
	for a := range s.d.Areas {
		if int(occ[a][side]) > s.stackLimit(a, side) {
			for u := range s.nUnits() {
				if int(s.Units[u].Area) == a && s.side(u) == side {
					out = append(out, u)
				}
			}
		}
	}
	return out
}

// endPlayerTurn clears the markers of the turn and passes to the Italian
// player turn (6.3) or to the next game turn (6.4).
func (s *State) endPlayerTurn() {
	for u := range s.nUnits() {
		s.Units[u].Flags &= fOOS | fLost
		s.Units[u].Target = noArea
		s.Units[u].MP = 0
	}
	s.Sust = sustained{}
	if s.Phasing == Allied {
		s.beginPlayerTurn(Italian)
		return
	}
	if s.Turn == int8(len(s.d.Turns)) {
		s.endGame()
		return
	}
	s.Turn++ // 6.4
	s.beginTurn()
}

// endGame counts the victory points (rule 2, 6.5).
func (s *State) endGame() {
	s.VP = s.victoryPoints()
	s.Step = stOver
	switch {
	case s.VP[Allied] > s.VP[Italian]:
		s.Result = sequence.Win(Allied)
	case s.VP[Italian] > s.VP[Allied]:
		s.Result = sequence.Win(Italian)
	default:
		s.Result = sequence.Draw
	}
	s.logf("6.5", engine.Observer, "victory", strconv.Itoa(int(s.VP[Allied])), strconv.Itoa(int(s.VP[Italian])), resultKey[s.Result])
}

var resultKey = [4]string{"", "alliedWin", "italianWin", "draw"}

// victoryPoints counts rule 2: the VP areas each side controls, and for the
// Italians 1 VP per 3 points of combat value of their units on the map and
// in supply (traced now).
func (s *State) victoryPoints() [2]int8 {
	var vp [2]int8
	for a, ar := range s.d.Areas {
		if ar.VP > 0 {
			vp[s.Control[a]] += int8(ar.VP)
		}
	}
	sup := s.supplyNet(Italian)
	cv := 0
	for u := range s.nUnits() {
		if s.side(u) == Italian && s.onMap(u) && s.inSupply(u, &sup) {
			cv += s.cv(u)
		}
	}
	vp[Italian] += int8(cv / 3)
	return vp
}
