package primogenita

import (
	"strconv"
	"strings"

	"sandtable/internal/engine"
)

// advance runs the automatic stages of the sequence of play (2.1) until
// a side must decide or the game is over.
func (s *State) advance() {
	for {
		switch s.Step {
		case stSetup:
			if s.setupUnit() >= 0 {
				return
			}
			if s.Decider == Italian {
				s.Decider = Allied // 1.7: Italy sets up first, then the Allies
				continue
			}
			s.beginTurn()
			return
		default:
			return
		}
	}
}

// setupUnit is the next unit of the deciding side still to set up (1.7),
// in the order of units.json, or -1.
func (s *State) setupUnit() int {
	for u := range s.d.Units {
		if unit := &s.d.Units[u]; unit.Side == s.Decider && unit.Setup != 0 && s.Pos.Units[u].Loc == InBox {
			return u
		}
	}
	return -1
}

// setupHexes are where unit u may set up (1.7): in or adjacent to its
// Setup Hex, not in Mountain or Alpine terrain, not in an enemy Entry hex,
// within the Stacking Limit (1.5); Massaua Artillery in Massaua itself.
func (s *State) setupHexes(u int) []int {
	unit := &s.d.Units[u]
	home := s.d.SetupHex(unit.Side, unit.Setup)
	cands := []int{home}
	if unit.ID != "massaua-art" {
		cands = append(cands, s.d.neighbours(home)...)
	}
	var out []int
	for _, h := range cands {
		hx := &s.d.Hexes[h]
		if hx.Terrain.Rugged() || s.d.enemyEntry(unit.Side, h) {
			continue
		}
		if !s.fits(u, h) {
			continue
		}
		out = append(out, h)
	}
	return out
}

// beginTurn runs the Pre-Phase (2.1): flip back every executed Order on
// the sheets, deduct the GT track's VP from GT6 (2.3); then the Operation
// Phase's Supply Source Segment and the 1st ORDER Segment.
func (s *State) beginTurn() {
	for p := range s.Orders {
		if s.Orders[p].Where == OrdSheet {
			s.Orders[p].Flipped = false
		}
	}
	s.Trucks = false
	s.logf("2.1", engine.Observer, "turn", strconv.Itoa(int(s.Turn)))
	if n := s.d.Turns[s.Turn].VPDeduction; n > 0 {
		s.VP -= int8(n)
		s.logf("2.3", engine.Observer, "deduct", strconv.Itoa(n), strconv.Itoa(int(s.VP)))
	}
	s.supplySourceSegment()
}

// supplySourceSegment is 2.1's Operation Phase a): the Agordat and Asmara
// LS are placed when their condition holds; the Allies may upgrade LS
// markers to FS (5.3). Then the 1st ORDER Segment.
func (s *State) supplySourceSegment() {
	s.placeMarkers()
	for i := range s.Markers {
		if s.canUpgrade(i) {
			s.Step, s.Decider = stSource, Allied
			return
		}
	}
	s.beginSegment(1)
}

// beginSegment starts an ORDER Segment: both sides choose in secret (3.2).
func (s *State) beginSegment(n int8) {
	s.Segment = n
	s.Committed = [2]bool{}
	s.Revealed = [NumOrders + 1]bool{}
	s.Step = stChoose
}

// weight is how many of the four choices Order p uses now (3.2, 3.4): 1
// unflipped, 2 or 3 flipped by its back, 0 if it cannot be chosen.
func (s *State) weight(p int) int {
	if s.Orders[p].Where != OrdSheet {
		return 0
	}
	if !s.Orders[p].Flipped {
		return 1
	}
	return s.d.Orders[p].Back.Weight()
}

// chosen is the weight side has chosen so far.
func (s *State) chosen(side engine.Side) int {
	n := 0
	for p := 1; p <= NumOrders; p++ {
		if s.Orders[p].Where == OrdPending && s.d.Orders[p].Side == side {
			if s.Orders[p].Flipped {
				n += s.d.Orders[p].Back.Weight()
			} else {
				n++
			}
		}
	}
	return n
}

// canPick reports whether side may add Order p to its choice.
func (s *State) canPick(side engine.Side, p int) bool {
	w := s.weight(p)
	return s.d.Orders[p].Side == side && w > 0 && s.chosen(side)+w <= OrdersChosen
}

// canCommit reports whether side's choice is complete: four (3.2), counting
// flipped Orders as two or three (3.4), or less when no Order fits the
// rest (ruling P1).
func (s *State) canCommit(side engine.Side) bool {
	if s.chosen(side) == OrdersChosen {
		return true
	}
	for p := 1; p <= NumOrders; p++ {
		if s.canPick(side, p) {
			return false
		}
	}
	return true
}

// reveal turns both choices face up on the Order Track (3.2) and draws.
func (s *State) reveal() {
	s.Epochs++
	for _, side := range []engine.Side{Allied, Italian} {
		var list []string
		for p := NumOrders; p >= 1; p-- {
			if s.Orders[p].Where == OrdPending && s.d.Orders[p].Side == side {
				s.Orders[p].Where = OrdTrack
				s.Revealed[p] = true
				list = append(list, strconv.Itoa(p))
			}
		}
		s.logf("3.2", engine.Observer, "reveal", sideNames[side], strings.Join(list, ", "))
	}
	s.draw()
}

// boxCount is how many Combination Orders side has in its box.
func (s *State) boxCount(side engine.Side) int {
	n := 0
	for p := 1; p <= NumOrders; p++ {
		if s.Orders[p].Where == OrdBox && s.d.Orders[p].Side == side {
			n++
		}
	}
	return n
}

// draw takes the Orders from the Track, highest priority first (3.2): a
// Combination Order goes to its owner's box (3.3), a Main or Minor Order
// to the Order being executed Box, where its owner executes or declines
// it. When the Track is empty the segment ends.
func (s *State) draw() {
	for p := NumOrders; p >= 1; p-- {
		if s.Orders[p].Where != OrdTrack {
			continue
		}
		o := &s.d.Orders[p]
		s.logf("3.2", engine.Observer, "drawn", strconv.Itoa(p))
		if o.Category == Combination {
			s.Orders[p].Where = OrdBox
			if s.boxCount(o.Side) > MaxComboBox {
				s.Step, s.Decider, s.Current = stBoxFull, o.Side, int8(p)
				return
			}
			continue
		}
		s.Orders[p].Where = OrdExecuting
		s.Step, s.Decider, s.Current = stExecute, o.Side, int8(p)
		return
	}
	s.Current = 0
	if s.Segment == 1 {
		s.Step, s.Decider = stRail, Italian // 2.1 c) Rail Movement Segment
		return
	}
	s.supplyPhase()
}

// executable reports whether the engine can carry out Order p's effects
// now. Only the Orders whose section 9 effects are implemented can be
// executed; every Order can be declined (3.2).
func (s *State) executable(p int) bool {
	switch p {
	case 2, 4, 10:
		return true
	case 27, 6: // Reinforcements: only when some are due
		return s.due(s.d.Orders[p].Side)
	}
	if _, ok := moveOrders[p]; ok {
		return true
	}
	if _, ok := bombardOrders[p]; ok {
		return true
	}
	if _, ok := assaultOrders[p]; ok {
		return true
	}
	if minorOrders[p] {
		// The targets as the Order begins (beginMinor): Picks may still
		// count an earlier Order's choices, and with them Order 1 offered
		// a "pass" with no unit to replace, a dead end once begun.
		picks := s.Picks
		s.Picks = 0
		n := len(s.minorTargets(p, nil))
		s.Picks = picks
		return n > 0 && (p != 43 || s.airOnBase() > 0)
	}
	return false
}

// execute carries out Order p (section 9) and flips it (3.2); it reports
// whether the Order is finished (a Move Order goes on as decisions).
func (s *State) execute(p int) bool {
	o := &s.d.Orders[p]
	s.logf("9", engine.Observer, "execute", strconv.Itoa(p))
	if _, ok := moveOrders[p]; ok {
		s.beginMove(p)
		return false
	}
	if _, ok := bombardOrders[p]; ok {
		s.beginBombard(p)
		return false
	}
	if _, ok := assaultOrders[p]; ok {
		s.beginAssault(p)
		return false
	}
	if minorOrders[p] {
		s.beginMinor(p)
		return false
	}
	switch p {
	case 2, 4: // Full Reorganisation: remove all Disrupted markers from the side's units.
		for u := range s.d.Units {
			if s.d.Units[u].Side == o.Side && s.Pos.Units[u].Disrupted {
				s.Pos.Units[u].Disrupted = false
			}
		}
	case 10: // Trucks & Mules: Allied ranges extended in the Resupply Segment.
		s.Trucks = true
	case 27, 6: // Reinforcements: every one due this turn, in its Setup Hex.
		s.placeReinforcements(o.Side, false)
	}
	s.Orders[p] = OrderState{Where: OrdSheet, Flipped: true}
	return true
}

// supplyPhase runs the Supply Phase (2.1, 5.7): Emergency Reinforcements,
// Resupply, Attrition, then the Victory Check (2.4).
func (s *State) supplyPhase() {
	s.placeReinforcements(Allied, true)
	s.placeReinforcements(Italian, true)
	s.logf("5.7", engine.Observer, "resupply")
	s.beginResupply(Allied)
}

// endSupplyPhase is the Attrition and Victory Check Segments (5.7c, 2.4),
// then the next Game Turn.
func (s *State) endSupplyPhase() {
	s.attrition()
	// 2.3: +1 VP if Agordat or Barentù is Allied at the end of GT1 (1 in total).
	if s.Turn == 1 {
		for _, id := range []string{"agordat", "barentu"} {
			if t := s.d.town(id); t >= 0 && s.Pos.TownController(t) == Allied {
				s.VP++
				s.logf("2.3", engine.Observer, "bonus", strconv.Itoa(int(s.VP)))
				break
			}
		}
	}
	if s.victoryCheck() {
		return
	}
	s.Turn++
	s.beginTurn()
}

// victoryCheck applies 2.4 at the Victory Check Segment and reports
// whether the game ended.
func (s *State) victoryCheck() bool {
	switch {
	case s.VP >= WinVP:
		s.end(Allied, s.Turn < NumTurns) // great on GT9 or earlier, marginal on GT10
	case s.Turn >= GreatItalyGT && s.VP <= GreatItalyVP:
		s.end(Italian, true) // ruling P2: "only 7vp" is 7 or fewer
	case s.Turn == NumTurns:
		s.end(Italian, false)
	default:
		return false
	}
	return true
}

func (s *State) end(w engine.Side, great bool) {
	s.Winner, s.Great, s.Step = int8(w), great, stOver
	level := "marginal"
	if great {
		level = "great"
	}
	s.logf("2.4", engine.Observer, "victory", sideNames[w], level, strconv.Itoa(int(s.VP)))
}
