package primogenita

import (
	"slices"
	"strconv"

	"sandtable/internal/engine"
)

// assaultOrders are the Assault Orders: true for a Full one (several
// hexes), false for a Limited one (section 9).
var assaultOrders = map[int]bool{9: true, 31: false, 28: true, 19: false}

// beginAssault starts Assault Order p (7.1).
func (s *State) beginAssault(p int) {
	s.Step, s.Decider = stAsTarget, s.d.Orders[p].Side
	s.Attacker = s.Decider
	s.Moved, s.Hit = [MaxUnits]bool{}, [MaxHexes]bool{} // here: units that have assaulted, hexes assaulted
	s.beginSupport()
}

// canAssault reports whether unit u may assault hex h now (7.1, 8.1): a
// non-Disrupted unit with strength, adjacent, not yet in an Assault this
// Order, and allowed to enter h from where it is (Alpine is open to Foot;
// Artillery may assault a hex it could not enter). A unit that Overruns
// takes part in the Move Order, so it must be one the Order names (Order
// 41: an Arbegnoch not under Full Move 36).
func (s *State) canAssault(u, h int) bool {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if unit.Side != s.Attacker || st.Loc != OnMap || st.Disrupted || s.Moved[u] && s.Overrun == 0 || unit.Kind == SD || unit.Kind == Air {
		return false
	}
	if s.Overrun != 0 && !s.d.named(u, moveOrders[int(s.Current)]) {
		return false
	}
	l, adj := s.d.Hexes[st.Hex].Link(h)
	if !adj {
		return false
	}
	if unit.Artillery {
		return true
	}
	return s.terrainOpen(unit.Kind == Mobile, int(st.Hex), h, l)
}

// terrainOpen reports whether the terrain lets a unit cross from hex a to
// the adjacent hex b (4.1), ignoring units: Mobile units cross no cliff
// and enter or leave no Mountain or Alpine hex off road or track.
func (s *State) terrainOpen(mobile bool, a, b int, l Link) bool {
	if !mobile || l.Along() {
		return true
	}
	return !l.Cliff && !s.d.Hexes[a].Terrain.Rugged() && !s.d.Hexes[b].Terrain.Rugged()
}

// assaultable reports whether hex h may be assaulted: enemy units in it,
// not an Entry hex, not yet assaulted in this Order, with a unit able to
// assault it (7.1).
func (s *State) assaultable(h int) bool {
	if s.Hit[h] || s.d.Hexes[h].Entry >= 0 || !s.d.Occupied(&s.Pos, Other(s.Attacker), h) {
		return false
	}
	for u := range s.d.Units {
		if s.canAssault(u, h) && !s.d.Units[u].Artillery {
			return true
		}
	}
	return false
}

// nonArtilleryWith reports whether a non-Artillery unit in u's hex may
// still join the Assault (joinable).
func (s *State) nonArtilleryWith(u int, joinable func(int) bool) bool {
	for v := range s.d.Units {
		if !s.d.Units[v].Artillery && s.Pos.Units[v].Hex == s.Pos.Units[u].Hex && s.Pos.Units[v].Loc == OnMap && joinable(v) {
			return true
		}
	}
	return false
}

// defenders are the enemy units in the hex assaulted.
func (s *State) defenders() []int { return s.defendersAt(int(s.Target)) }

// defendersAt are the units of the Attacker's enemy in hex h.
func (s *State) defendersAt(h int) []int {
	var out []int
	for u := range s.d.Units {
		if s.Pos.at(u, h) && s.d.Units[u].Side != s.Attacker {
			out = append(out, u)
		}
	}
	return out
}

// attackers are the units taking part in the Assault under way.
func (s *State) attackers() []int {
	var out []int
	for u, f := range s.Firing[:len(s.d.Units)] {
		if f && s.Pos.Units[u].Loc == OnMap && s.d.Units[u].Side == s.Attacker {
			out = append(out, u)
		}
	}
	return out
}

// nonArtilleryAttacks reports whether a non-Artillery unit takes part in
// the Assault under way (7.1: without one Artillery may not Assault).
func (s *State) nonArtilleryAttacks() bool {
	return slices.ContainsFunc(s.attackers(), func(u int) bool { return !s.d.Units[u].Artillery })
}

// assaultShifts are 7.2's shifts for the Assault under way (none in a
// Counterattack, 7.5).
func (s *State) assaultShifts() Shifts { return s.shiftsAt(int(s.Target), s.attackers()) }

// shiftsAt are 7.2's shifts for attackers (units of s.Attacker)
// assaulting hex h: assaultShifts for the Assault under way, and the
// computer players' look at one not yet begun (assaultGain, ai.go).
func (s *State) shiftsAt(h int, attackers []int) Shifts {
	sh := Shifts{Terrain: s.d.Tables.AssaultShift[s.d.Hexes[h].Terrain], Trench: s.Pos.HasTrench(h)}
	onlyArt := true
	for _, u := range s.defendersAt(h) {
		if !s.d.Units[u].Artillery {
			// 7.2 "Only consists of Artillery": an SD is a unit (1.4, 5.5)
			// that is not Artillery, so it ends the shift too.
			onlyArt = false
			if s.Pos.Units[u].Disrupted {
				sh.Disrupted = true
			}
		}
	}
	sh.OnlyArtillery = onlyArt
	hexes := map[int16]bool{}
	uphill, nonArt := true, 0
	for _, u := range attackers {
		if s.d.Units[u].Artillery {
			continue
		}
		nonArt++
		from := s.Pos.Units[u].Hex
		hexes[from] = true
		if l, _ := s.d.Hexes[from].Link(h); !(l.Cliff && l.Uphill) {
			uphill = false
		}
	}
	sh.Uphill = nonArt > 0 && uphill
	sh.TwoHexes = len(hexes) >= 2
	return sh
}

// strengthOf is the total strength of units.
func (s *State) strengthOf(units []int) int {
	n := 0
	for _, u := range units {
		n += s.d.Strength(&s.Pos, u)
	}
	return n
}

// How Order 42's Air units are used (section 9, ruling P16): all in this
// Assault (0), one now and one held for another Assault of the same
// Order (airSplit), or the one held (airHeld).
const (
	airSplit int16 = 1
	airHeld  int16 = 2
)

// The windows in which Combination Orders are declared during an Assault
// (3.3, section 9), in the order they open.
const (
	winNone      int8 = iota
	winRetreat        // Order 18: before Support and the Allied Combination Orders
	winAllied         // Orders 42, 15: before the initial roll
	winHeroic         // Order 17: after the Allied choices, before the roll
	winMatildas       // Order 14: after the initial result, before losses
	winCounter        // Order 13: when the Allies get a Push
	winStandFast      // Order 44: after the initial losses and the Push decision
)

// windowOrders are the Combination Orders that may be declared in window
// w now.
func (s *State) windowOrders(w int8) []int {
	if s.Attacker != Allied || s.Overrun != 0 {
		// Every "A" Combination Order concerns an Allied Assault; none
		// with an Overrun (Order 41).
		return nil
	}
	box := func(p int) bool { return s.Orders[p].Where == OrdBox }
	var out []int
	switch w {
	case winRetreat:
		if box(18) {
			out = append(out, 18)
		}
	case winAllied:
		if box(42) && s.airOnBase() > 0 || s.AirHeld > 0 {
			out = append(out, 42) // Order 42, or its second Air unit held for this Assault (ruling P16)
		}
		if box(15) && s.Pos.HasTrench(int(s.Target)) && slices.ContainsFunc(s.attackers(), func(u int) bool { return s.d.Units[u].Artillery }) {
			out = append(out, 15)
		}
	case winHeroic:
		if box(17) {
			out = append(out, 17)
		}
	case winMatildas:
		if box(14) && slices.ContainsFunc(s.attackers(), func(u int) bool { return s.d.Units[u].ID == "matilda" }) {
			out = append(out, 14)
		}
	case winCounter:
		if box(13) && !s.Matildas && len(s.counterHexes()) > 0 {
			out = append(out, 13)
		}
	case winStandFast:
		if box(44) && len(s.defenders()) > 0 {
			out = append(out, 44)
		}
	}
	return out
}

// windowSide is the side declaring in window w.
func windowSide(w int8) engine.Side {
	switch w {
	case winAllied, winMatildas:
		return Allied
	}
	return Italian
}

// openWindow stops at window w if an Order may be declared in it, else
// carries on past it.
func (s *State) openWindow(w int8) {
	s.Window = w
	if len(s.windowOrders(w)) > 0 {
		s.Step, s.Decider = stAsWin, windowSide(w)
		return
	}
	s.closeWindow()
}

// closeWindow carries the Assault on after window s.Window.
func (s *State) closeWindow() {
	w := s.Window
	s.Window = winNone
	s.Decider = s.Attacker
	switch w {
	case winRetreat:
		s.supportChecks()
	case winAllied:
		s.openWindow(winHeroic)
	case winHeroic:
		s.rollAssault()
	case winMatildas:
		s.startLosses()
	case winCounter:
		s.offerPush()
	case winStandFast:
		if s.PushChosen {
			s.Step, s.Decider = stAsStay, Other(s.Attacker)
		} else {
			s.endAssault()
		}
	}
}

// declareCombo applies Combination Order p declared in the open window
// (section 9) and flips it back to its sheet (3.2).
func (s *State) declareCombo(p int, how int16) {
	if how != airHeld {
		s.Orders[p] = OrderState{Where: OrdSheet, Flipped: true}
	}
	s.logf("3.3", engine.Observer, "declare", strconv.Itoa(p))
	switch p {
	case 18: // Retreat: every defender retreats 1 hex; no Support, no combat.
		s.RetreatOrder = true
		s.Window = winNone
		s.Step, s.Decider = stAsRetreat, Italian
		s.retreatNext()
		return
	case 42: // Airstrike: one column right per Air unit (ruling P16 for the split).
		switch how {
		case airSplit:
			s.OrderShift++
			s.AirHeld = 1
		case airHeld:
			s.OrderShift++
			s.AirHeld = 0
		default:
			s.OrderShift += int8(min(2, s.airOnBase()))
		}
	case 15: // Combined Arms: the defender's Trench (and its shift) goes.
		s.removeTrench(int(s.Target))
	case 17: // Heroic Defense: one column left.
		s.OrderShift--
	case 14: // Matildas: a Push regardless of the result; an Oc is cancelled (ruling P15).
		s.Matildas = true
		s.Result.Push = true
		if s.Result.Def == LossOc {
			s.Result.Def = Loss0
		}
	case 13: // Counterattack at 3:1 instead of the Push.
		s.Window = winNone
		s.Step, s.Decider = stAsCounter13, Italian
		return
	case 44: // Stand Fast: a Trench in the defending hex.
		if !s.Pos.HasTrench(int(s.Target)) && !s.dig(Italian, int(s.Target)) {
			// Stand Fast with every Trench on the map: the first is taken
			// (ruling P13).
			for i, t := range s.Pos.Trench {
				if s.Pos.Owner[i] == Italian && t >= 0 {
					s.moveTrench(Italian, int(t), int(s.Target))
					break
				}
			}
		}
	}
	if len(s.windowOrders(s.Window)) == 0 {
		s.closeWindow()
	}
}

// resolveAssault starts the initial Assault once its units are chosen
// (the windows, Support, the roll), or rolls the Push (7.4: no Support
// again; Combination shifts do not remain).
func (s *State) resolveAssault() {
	if s.Pushing {
		s.OrderShift = 0
		s.rollAssault()
		return
	}
	s.openWindow(winRetreat)
}

// supportChecks is 5.2 for both sides just before the Assault. In an
// Overrun neither side checks for the combat, but the units that Overrun
// check for the Move Order, when named for it, once in the Order (Order
// 41, ruling P7). A remnant that replaces an attacker at its check
// assaults in its place (takePlace). 7.1: if the checks leave no
// non-Artillery attacker, the Assault ends with no roll (the hex still
// counts as assaulted); the defenders have checked all the same, as 5.2
// has both sides check together just before the Assault.
func (s *State) supportChecks() {
	for _, u := range s.attackers() {
		s.checkSupport(u)
	}
	if s.Overrun == 0 {
		for _, u := range s.defenders() {
			s.checkDefender(u)
		}
	}
	defs := s.defenders()
	switch {
	case len(defs) == 0:
		s.beginAdvance() // 5.2: the hex vacated by a Support loss
	case !s.nonArtilleryAttacks():
		s.logf("7.1", engine.Observer, "assault-off", s.d.Hexes[s.Target].ID)
		s.endAssault()
	case s.strengthOf(defs) == 0:
		s.sdOverrun(defs) // 5.5: only SD: no die
	default:
		s.openWindow(winAllied)
	}
}

// rollAssault computes the odds and shifts (7.1, 7.2), rolls and applies
// the result (7.3).
func (s *State) rollAssault() {
	defs, atts := s.defenders(), s.attackers()
	col := OddsColumn(s.strengthOf(atts), s.strengthOf(defs))
	sh := s.assaultShifts()
	sh.Orders = int(s.OrderShift)
	net := sh.Net()
	final := FinalColumn(col, net)
	die := s.roll()
	r := s.d.Tables.Combat[die-1][final]
	if s.Pushing {
		r.Push = false // 7.4: no Push from a Push (ruling P9)
	}
	if r.Att == LossOc {
		r.Att = Loss1 // ruling P8
	}
	s.logf("7.3", engine.Observer, "assault", s.d.Hexes[s.Target].ID, strconv.Itoa(s.strengthOf(atts)), strconv.Itoa(s.strengthOf(defs)),
		oddsNames[col], strconv.Itoa(net), oddsNames[final], strconv.Itoa(die), r.String())
	s.Result = r
	if s.Pushing {
		s.startLosses()
		return
	}
	s.openWindow(winMatildas)
}

// startLosses applies the attacker's result, then the defender's (7.3).
func (s *State) startLosses() {
	s.lossTurn(s.Attacker, s.Result.Att)
}

// lossTurn asks side to take loss l, or goes on when there is none to
// take.
func (s *State) lossTurn(side engine.Side, l Loss) {
	s.LossSide, s.LossLeft, s.LossPlus = side, 0, false
	switch l {
	case Loss1:
		s.LossLeft = 1
	case Loss1Plus:
		s.LossLeft, s.LossPlus = 1, true
	case LossOc:
		s.Step, s.Decider = stAsOc, side
		if len(s.legalAssault(nil)) == 0 {
			s.LossLeft = 1
			break
		}
		return
	}
	s.nextLoss()
}

// lossCandidates are the units of the side losing that may take a step
// (7.3): participants only, not an Artillery unit while another can.
func (s *State) lossCandidates() []int {
	var art, other []int
	for _, u := range s.lossPool() {
		switch {
		case s.d.Units[u].Kind == SD:
		case s.d.Units[u].Artillery:
			art = append(art, u)
		default:
			other = append(other, u)
		}
	}
	if len(other) > 0 {
		return other
	}
	return art
}

// lossPool is the units of the side losing that took part in the combat
// whose result is applied (7.3): in a Counterattack, the original
// defender's units that counterattacked and the original attacker's units
// it struck (7.5); else every attacker or every defender.
func (s *State) lossPool() []int {
	switch {
	case s.LossSide == s.Attacker && s.Countering:
		return s.counterStruck(int(s.CounterHex))
	case s.LossSide == s.Attacker:
		return s.attackers()
	case s.Countering:
		return s.counterForce()
	}
	return s.defenders()
}

// nextLoss asks for the next step loss or goes on.
func (s *State) nextLoss() {
	for s.LossLeft > 0 || s.LossPlus {
		if s.LossLeft > 0 {
			c := s.lossCandidates()
			if len(c) == 0 {
				s.LossLeft = 0
				continue
			}
			if len(c) == 1 {
				s.LossLeft--
				s.loseStep(c[0], "7.3")
				continue
			}
			s.Step, s.Decider = stAsLoss, s.LossSide
			return
		}
		// 1+: also a Trench or an Artillery step, if any (7.3).
		s.LossPlus = false
		art, trenches := s.plusArtillery(), s.plusTrenches()
		switch {
		case len(art)+len(trenches) > 1:
			s.Step, s.Decider = stAsPlus, s.LossSide // the side losing chooses (7.3, ruling P21)
			return
		case len(trenches) == 1:
			s.removeTrench(trenches[0])
		case len(art) == 1:
			s.loseStep(art[0], "7.3")
		}
	}
	s.afterLosses()
}

// plusArtillery are the Artillery units a "1+" may take a step from
// (7.3): the side's Artillery that took part, in any hex.
func (s *State) plusArtillery() []int {
	var out []int
	for _, u := range s.lossPool() {
		if s.d.Units[u].Artillery {
			out = append(out, u)
		}
	}
	return out
}

// plusTrenches are the hexes whose Trench a "1+" may remove (7.3, ruling
// P21): the side's own Trench in a hex holding a unit of it that took
// part (the defending hex; for the attacker, a hex it assaulted from).
func (s *State) plusTrenches() []int {
	var out []int
	for _, u := range s.lossPool() {
		h := int(s.Pos.Units[u].Hex)
		if s.trenchOf(s.LossSide, h) && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// trenchOf reports whether side has a Trench in hex h.
func (s *State) trenchOf(side engine.Side, h int) bool {
	for i, t := range s.Pos.Trench {
		if int(t) == h && s.Pos.Owner[i] == side {
			return true
		}
	}
	return false
}

func (s *State) removeTrench(h int) {
	for i, t := range s.Pos.Trench {
		if int(t) == h {
			s.Pos.Trench[i] = -1
			s.logf("7.3", engine.Observer, "trench-lost", s.d.Hexes[h].ID)
		}
	}
}

// afterLosses moves from the attacker's losses to the defender's, then to
// Push, Counterattack, Advance or the next Assault.
func (s *State) afterLosses() {
	if s.LossSide == s.Attacker && !s.DefDone {
		s.DefDone = true
		s.lossTurn(Other(s.Attacker), s.Result.Def)
		return
	}
	s.DefDone = false
	if len(s.defenders()) == 0 {
		// 7.4: with a Push result and the defender gone, the attacker may
		// advance and Push another hex with the units that advanced.
		s.PushAfter = s.Result.Push && !s.Pushing && !s.Countering
		s.beginAdvance()
		return
	}
	switch {
	case s.Pushing:
		s.endAssault()
	case s.Countering:
		// Order 44 after the Counterattack that answered the initial
		// result (an Oc, or Order 13) (ruling P22).
		s.PushChosen = false
		s.openWindow(winStandFast)
	case s.Result.Push:
		s.openWindow(winCounter) // Order 13 on the Push result, before the Allies decide (ruling P24)
	default:
		s.PushChosen = false
		s.openWindow(winStandFast)
	}
}

// offerPush lets the attacker decide on a Push after a Push result (or
// Order 14) if it may Push (canPush); else the Push is out, logged when
// only Artillery is left of the Assault (7.1), and Order 44's window opens.
func (s *State) offerPush() {
	if s.canPush() {
		s.Step, s.Decider = stAsPush, s.Attacker
		return
	}
	if len(s.attackers()) > 0 && !s.nonArtilleryAttacks() {
		s.logf("7.1", engine.Observer, "push-off", s.d.Hexes[s.Target].ID)
	}
	s.PushChosen = false
	s.openWindow(winStandFast)
}

// canPush reports whether the attacker may Push: a non-Artillery unit is
// left of the Assault (7.1: "An Artillery unit may only Assault if a
// non-Artillery unit participates"; Order 14's Push may follow a "1" that
// took the Matilda), and one of its units is within range of a friendly
// FS or a loaded SD (7.4).
func (s *State) canPush() bool {
	if !s.nonArtilleryAttacks() {
		return false
	}
	for _, u := range s.attackers() {
		if s.inRangeOfFS(s.Attacker, int(s.Pos.Units[u].Hex)) || s.loadedSDFor(u) >= 0 {
			return true
		}
	}
	return false
}

// loadedSDFor is a loaded SD of the attacker within 2mp of unit u, or -1.
func (s *State) loadedSDFor(u int) int {
	for sd := range s.d.Units {
		if s.dumpServes(sd, u) {
			return sd
		}
	}
	return -1
}

// dumpServes reports whether unit sd is a loaded SD of the attacker within
// 2mp of unit u (7.4).
func (s *State) dumpServes(sd, u int) bool {
	st := &s.Pos.Units[sd]
	return s.d.Units[sd].Kind == SD && s.d.Units[sd].Side == s.Attacker && st.Loc == OnMap && !st.Flipped &&
		s.d.Reaches(&s.Pos, s.Attacker, int(st.Hex), DumpRange*MP, int(s.Pos.Units[u].Hex))
}

// pushDumps are the loaded SD a Push may deplete (7.4): none if a unit of
// the Push is within range of a friendly FS, else every loaded SD within
// 2mp of one of them.
func (s *State) pushDumps() []int {
	atts := s.attackers()
	for _, u := range atts {
		if s.inRangeOfFS(s.Attacker, int(s.Pos.Units[u].Hex)) {
			return nil
		}
	}
	var out []int
	for sd := range s.d.Units {
		if slices.ContainsFunc(atts, func(u int) bool { return s.dumpServes(sd, u) }) {
			out = append(out, sd)
		}
	}
	return out
}

// push starts the Push the attacker chose (7.4): with no FS in range a
// loaded SD in range is depleted, the attacker choosing it when there are
// several.
func (s *State) push() {
	s.PushChosen = true
	switch sds := s.pushDumps(); {
	case len(sds) > 1:
		s.Step, s.Decider = stAsPushSD, s.Attacker
	case len(sds) == 1:
		s.depletePushSD(sds[0])
	default:
		s.pushChosen()
	}
}

// depletePushSD depletes SD sd for the Push (7.4) and goes on.
func (s *State) depletePushSD(sd int) {
	s.Pos.Units[sd].Flipped = true
	s.logf("7.4", engine.Observer, "sd-depleted", s.d.Units[sd].ID)
	s.pushChosen()
}

// pushChosen goes on once the Push is decided: Order 44's window, then
// the defender stays or retreats (7.4). A Push on another hex follows no
// initial combat there, so it has no Stand Fast (ruling P23).
func (s *State) pushChosen() {
	if s.PushedOn {
		s.Step, s.Decider = stAsStay, Other(s.Attacker)
		return
	}
	s.openWindow(winStandFast)
}

// beginRetreat removes the defenders that cannot retreat (Artillery,
// Disrupted, No Supply; 7.6) and asks the defender to retreat the rest.
func (s *State) beginRetreat() {
	s.FromHex = s.Target
	for _, u := range s.defenders() {
		st := &s.Pos.Units[u]
		if s.d.Units[u].Kind != SD && (s.d.Units[u].Artillery || st.Disrupted || st.Supply == NoSupply) {
			s.eliminate(u, "7.6", "eliminated")
		}
	}
	s.Step, s.Decider = stAsRetreat, Other(s.Attacker)
	s.retreatNext()
}

// retreatHexes are where unit u may retreat (7.6), or go as an SD of a
// hex of SD only (5.5, sdEscapeHexes).
func (s *State) retreatHexes(u int) []int {
	if s.SDEscape {
		return s.sdEscapeHexes(u)
	}
	side := s.d.Units[u].Side
	from := int(s.Pos.Units[u].Hex)
	var out []int
	for _, l := range s.d.Hexes[from].Links {
		h := l.To
		hx := &s.d.Hexes[h]
		switch {
		case s.d.Occupied(&s.Pos, Other(side), h):
			continue // not onto an enemy unit
		case s.d.enemyEntry(side, h):
			continue
		case side == Allied && hx.Town >= 0 && s.Pos.Flags[hx.Town] == NoFlag:
			continue // Allied units retreat into a town only if it has a flag
		case !s.fits(u, h):
			continue
		case !l.Along() && (l.Cliff || hx.Terrain.Rugged() || s.d.Hexes[from].Terrain.Rugged()) && !(s.RetreatOrder && s.d.Units[u].Kind == Foot):
			continue // 7.6: Mountain, Alpine, cliffs only along road/track (Order 18 lifts it for Foot)
		}
		if side == Italian && s.hasSD(h) {
			continue // Italian units may not retreat onto an SD
		}
		if s.canTraceTo(side, h, from) {
			out = append(out, h)
		}
	}
	return out
}

func (s *State) hasSD(h int) bool {
	for u := range s.d.Units {
		if s.d.Units[u].Kind == SD && s.Pos.at(u, h) {
			return true
		}
	}
	return false
}

// canTraceTo reports whether hex h can trace from any friendly source
// other than one in hex not (7.6).
func (s *State) canTraceTo(side engine.Side, h, not int) bool {
	for _, src := range s.sources(side, false) {
		if src.hex != not && s.d.Reaches(&s.Pos, side, src.hex, src.rng, h) {
			return true
		}
	}
	return false
}

// retreatNext asks for the next retreat, eliminating units with nowhere
// to go (ruling P10; 5.5's SD: ruling P27); then the attacker may advance.
func (s *State) retreatNext() {
	for _, u := range s.defenders() {
		if len(s.retreatHexes(u)) > 0 {
			return
		}
		if s.SDEscape {
			s.eliminate(u, "5.5", "sd-nowhere") // ruling P27
		} else {
			s.eliminate(u, "7.6", "no-retreat") // ruling P10
		}
	}
	s.emptyTrench(int(s.Target))
	s.beginAdvance()
}

// retreatTo moves unit u of the defender to hex h: a retreat (7.6), or an
// SD leaving a hex of SD only (5.5); an SD becomes depleted either way.
func (s *State) retreatTo(u, h int) {
	s.Pos.Units[u].Hex = int16(h)
	if s.d.Units[u].Kind == SD {
		s.Pos.Units[u].Flipped = true
	}
	if s.SDEscape {
		s.logf("5.5", engine.Observer, "moves", s.d.Units[u].ID, s.d.Hexes[h].ID)
	} else {
		s.logf("7.6", engine.Observer, "retreats", s.d.Units[u].ID, s.d.Hexes[h].ID)
	}
	s.entered(u, h)
	s.retreatNext()
}

// sdEscapeHexes are the hexes SD u may go to from a hex of SD only that
// was assaulted (5.5: "any adjacent hex they are allowed to enter"):
// those movement lets it enter (4.1: terrain, no enemy unit, an Entry hex
// only its own across the arrow) where it fits (1.5); not 7.6's limits.
// An Italian town so entered is taken (1.6, 2.2; rulings P19, P27).
func (s *State) sdEscapeHexes(u int) []int {
	from := int(s.Pos.Units[u].Hex)
	var out []int
	for _, l := range s.d.Hexes[from].Links {
		if _, _, ok := s.d.EnterCost(&s.Pos, s.moverOf(u), from, l.To); ok && s.fits(u, l.To) {
			out = append(out, l.To)
		}
	}
	return out
}

// sdOverrun: a hex of SD only is not rolled for; the defender eliminates
// one SD and retreats the rest, depleted (5.5).
func (s *State) sdOverrun(defs []int) {
	if len(defs) > 1 {
		s.Step, s.Decider = stAsSDLoss, Other(s.Attacker) // the defender chooses the SD
		return
	}
	s.sdLost(defs[0])
}

// sdLost eliminates SD u of a hex of SD only and retreats the others (5.5).
func (s *State) sdLost(u int) {
	s.eliminate(u, "5.5", "eliminated")
	s.Step, s.Decider, s.SDEscape = stAsRetreat, Other(s.Attacker), true
	s.retreatNext()
}

// beginAdvance lets the attacker advance into the vacated hex (7.7).
func (s *State) beginAdvance() {
	s.Step, s.Decider = stAsAdvance, s.Attacker
	if len(s.legalAssault(nil)) <= 1 {
		s.endAssault()
	}
}

// advanced are the units that advanced into the hex assaulted (7.4).
func (s *State) advanced() []int {
	var out []int
	for _, u := range s.attackers() {
		if int(s.Pos.Units[u].Hex) == int(s.Target) {
			out = append(out, u)
		}
	}
	return out
}

// pushOnTargets are the hexes the units that advanced may Push against
// (7.4): enemy-occupied, adjacent, not an Entry hex, open to one of them.
func (s *State) pushOnTargets() []int {
	var out []int
	for _, l := range s.d.Hexes[s.Target].Links {
		h := l.To
		if s.d.Hexes[h].Entry >= 0 || !s.d.Occupied(&s.Pos, Other(s.Attacker), h) {
			continue
		}
		for _, u := range s.advanced() {
			if !s.d.Units[u].Artillery && s.terrainOpen(s.d.Units[u].Kind == Mobile, int(s.Target), h, l) &&
				(s.inRangeOfFS(s.Attacker, int(s.Target)) || s.loadedSDFor(u) >= 0) {
				out = append(out, h)
				break
			}
		}
	}
	return out
}

// pushOn starts a Push against hex h with the units that advanced (7.4):
// the new defender checks Support (not after an Overrun: Order 41,
// neither side checks for the Overrun combat); the defender stays or
// retreats.
func (s *State) pushOn(h int) {
	adv := s.advanced()
	for u := range s.Firing[:len(s.d.Units)] {
		if s.Firing[u] && s.Overrun == 0 {
			s.Moved[u] = true // 7.1: it has assaulted in this Order, though it stays behind
		}
		s.Firing[u] = false
	}
	for _, u := range adv {
		s.Firing[u] = true
	}
	s.Target, s.Hit[h], s.PushAfter, s.PushedOn = int16(h), true, false, true
	s.logf("7.4", engine.Observer, "push", s.d.Hexes[h].ID)
	for _, u := range s.defenders() {
		if s.Overrun == 0 {
			s.checkDefender(u)
		}
	}
	if len(s.defenders()) == 0 {
		s.beginAdvance()
		return
	}
	s.push()
}

// endAssault goes on with the Order: another Assault in a Full Assault
// Order, else the Order ends (section 9).
func (s *State) endAssault() {
	for u := range s.Firing[:len(s.d.Units)] {
		if s.Firing[u] && s.Overrun == 0 {
			s.Moved[u] = true
		}
		s.Firing[u], s.OutOfPush[u] = false, false
	}
	if s.Overrun != 0 {
		s.endOverrun()
		return
	}
	s.Pushing, s.RetreatOrder, s.Countering, s.DefDone, s.SDEscape, s.Decider = false, false, false, false, false, s.Attacker
	s.OrderShift, s.Matildas, s.PushChosen, s.Window, s.PushAfter, s.PushedOn = 0, false, false, winNone, false, false
	if assaultOrders[int(s.Current)] {
		s.Step = stAsTarget
		return
	}
	s.finishOrder()
}

// legalAssault lists the Assault decisions.
func (s *State) legalAssault(dst []engine.Action) []engine.Action {
	switch s.Step {
	case stAsTarget:
		for h := range s.d.Hexes {
			if s.assaultable(h) {
				dst = append(dst, engine.Action{Op: opTarget, A: int16(h)})
			}
		}
		return append(dst, engine.Action{Op: opDone})
	case stAsUnits:
		nonArt, stack := false, int16(-1)
		for u := range s.d.Units {
			if s.Firing[u] {
				nonArt = nonArt || !s.d.Units[u].Artillery
				stack = s.Pos.Units[u].Hex
			}
		}
		joinable := func(u int) bool {
			return !s.Firing[u] && (s.Overrun == 0 || stack < 0 || s.Pos.Units[u].Hex == stack) && s.canAssault(u, int(s.Target))
		}
		for u := range s.d.Units {
			if !joinable(u) { // Order 41: a single unit or stack
				continue
			}
			// 7.1: Artillery only with a non-Artillery unit (ruling P17). In an
			// Overrun, Artillery whose hex has no non-Artillery unit to
			// join it would leave the Assault with no way on.
			if s.d.Units[u].Artillery && !nonArt && s.Overrun != 0 && !s.nonArtilleryWith(u, joinable) {
				continue
			}
			dst = append(dst, engine.Action{Op: opFire, A: int16(u)})
		}
		if nonArt {
			dst = append(dst, engine.Action{Op: opResolve}) // 7.1: Artillery only with a non-Artillery unit
		}
	case stAsLoss:
		for _, u := range s.lossCandidates() {
			dst = append(dst, engine.Action{Op: opStep, A: int16(u)})
		}
	case stAsPlus:
		for _, u := range s.plusArtillery() {
			dst = append(dst, engine.Action{Op: opStep, A: int16(u)})
		}
		for _, h := range s.plusTrenches() {
			dst = append(dst, engine.Action{Op: opTrench, A: int16(h)})
		}
	case stAsOc:
		dst = append(dst, engine.Action{Op: opTakeLoss}) // take it as a "1"
		if s.canRetreatAny() {
			dst = append(dst, engine.Action{Op: opRetreat})
		}
		if !s.Countering { // 7.4: a Push can result in a Counterattack too
			for _, h := range s.counterHexes() {
				dst = append(dst, engine.Action{Op: opCounter, A: int16(h)})
			}
		}
	case stAsPush:
		dst = append(dst, engine.Action{Op: opPush}, engine.Action{Op: opPass})
	case stAsWin:
		for _, p := range s.windowOrders(s.Window) {
			switch {
			case p == 42 && s.AirHeld > 0 && s.Orders[42].Where != OrdBox:
				dst = append(dst, engine.Action{Op: opDeclare, A: 42, B: airHeld})
			case p == 42 && s.airOnBase() >= 2:
				dst = append(dst, engine.Action{Op: opDeclare, A: 42}, engine.Action{Op: opDeclare, A: 42, B: airSplit})
			default:
				dst = append(dst, engine.Action{Op: opDeclare, A: int16(p)})
			}
		}
		dst = append(dst, engine.Action{Op: opPass})
	case stAsCounter13:
		for _, h := range s.counterHexes() {
			dst = append(dst, engine.Action{Op: opCounter, A: int16(h)})
		}
	case stAsStay:
		dst = append(dst, engine.Action{Op: opStay})
		if s.canRetreatAny() {
			dst = append(dst, engine.Action{Op: opRetreat})
		}
	case stAsPushOn:
		for _, h := range s.pushOnTargets() {
			dst = append(dst, engine.Action{Op: opTarget, A: int16(h)})
		}
		dst = append(dst, engine.Action{Op: opPass})
	case stAsSDLoss:
		for _, u := range s.defenders() {
			dst = append(dst, engine.Action{Op: opStep, A: int16(u)})
		}
	case stAsPushSD:
		for _, u := range s.pushDumps() {
			dst = append(dst, engine.Action{Op: opDeplete, A: int16(u)})
		}
	case stAsPushUnits:
		// 7.4: the Push is made with some or all of the initial units.
		n := 0
		for _, u := range s.attackers() {
			if !s.d.Units[u].Artillery {
				n++
			}
		}
		for _, u := range s.attackers() {
			if !s.d.Units[u].Artillery && n > 1 || s.d.Units[u].Artillery {
				dst = append(dst, engine.Action{Op: opHalt, A: int16(u)})
			}
		}
		dst = append(dst, engine.Action{Op: opResolve})
	case stAsRetreat:
		for _, u := range s.defenders() {
			for _, h := range s.retreatHexes(u) {
				dst = append(dst, engine.Action{Op: opMove, A: int16(u), B: int16(h)})
			}
		}
	case stAsAdvance:
		for u := range s.d.Units {
			unit := &s.d.Units[u]
			if !s.Firing[u] || unit.Side != s.Attacker || unit.Artillery || unit.Kind == SD || s.Pos.Units[u].Loc != OnMap ||
				int(s.Pos.Units[u].Hex) == int(s.Target) || !s.fits(u, int(s.Target)) {
				continue
			}
			from := int(s.Pos.Units[u].Hex)
			if l, adj := s.d.Hexes[from].Link(int(s.Target)); adj && s.terrainOpen(unit.Kind == Mobile, from, int(s.Target), l) {
				dst = append(dst, engine.Action{Op: opMove, A: int16(u), B: s.Target})
			}
		}
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

// canRetreatAny reports whether the defender may choose to retreat (7.6):
// always, the units that cannot being eliminated.
func (s *State) canRetreatAny() bool { return true }

// counterHexes are the attacker hexes a Counterattack may strike (7.5):
// each holding a non-Artillery unit that assaulted, Entry hexes included,
// if the defender has a non-Artillery, non-Disrupted unit.
func (s *State) counterHexes() []int {
	able := false
	for _, u := range s.counterForce() {
		if !s.d.Units[u].Artillery && s.d.Units[u].Kind != SD {
			able = true
		}
	}
	if !able {
		return nil
	}
	var out []int
	for _, u := range s.initialUnits() {
		if h := int(s.Pos.Units[u].Hex); !s.d.Units[u].Artillery && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// initialUnits are the attacker's units on the map that took part in the
// initial Assault under way, those left out of its Push included (7.5);
// after a Push on another hex, the units that advanced (7.4).
func (s *State) initialUnits() []int {
	var out []int
	for u := range s.d.Units {
		if (s.Firing[u] || s.OutOfPush[u]) && s.Pos.Units[u].Loc == OnMap && s.d.Units[u].Side == s.Attacker {
			out = append(out, u)
		}
	}
	return out
}

// counterForce are the units a Counterattack is made with (7.5): every
// unit in the defending hex that is not Disrupted.
func (s *State) counterForce() []int {
	var out []int
	for _, u := range s.defenders() {
		if !s.Pos.Units[u].Disrupted {
			out = append(out, u)
		}
	}
	return out
}

// counterStruck are the units a Counterattack on hex h counts and strikes
// (7.5): "all non-Artillery units in the opponent's hex that participated
// in the initial Assault", those left out of a Push too.
func (s *State) counterStruck(h int) []int {
	var out []int
	for _, u := range s.initialUnits() {
		if int(s.Pos.Units[u].Hex) == h && !s.d.Units[u].Artillery {
			out = append(out, u)
		}
	}
	return out
}

// counterattackAt is 7.5: the defender's non-Disrupted units in the hex
// against the non-Artillery attackers in hex h, no shifts, losses only;
// forced is Order 13's column, or -1.
func (s *State) counterattackAt(h, forced int) {
	mine, theirs := s.counterForce(), s.counterStruck(h)
	col := OddsColumn(s.strengthOf(mine), s.strengthOf(theirs))
	if forced >= 0 {
		col = forced
	}
	die := s.roll()
	r := s.d.Tables.Combat[die-1][col]
	s.logf("7.5", engine.Observer, "counterattack", s.d.Hexes[h].ID, strconv.Itoa(s.strengthOf(mine)), strconv.Itoa(s.strengthOf(theirs)),
		oddsNames[col], strconv.Itoa(die), r.String())
	// Ruling P9: only losses; the counterattacker reads the left result.
	fix := func(l Loss) Loss {
		if l == LossOc {
			return Loss1
		}
		return l
	}
	s.Countering = true
	s.CounterHex = int16(h)
	// The original attacker (in hex h) takes the right-hand result, the
	// original defender the left; each from its own units.
	s.Result = CombatResult{Att: fix(r.Def), Def: fix(r.Att)}
	s.DefDone = false
	s.lossTurn(s.Attacker, s.Result.Att)
}

// applyAssault plays an Assault decision.
func (s *State) applyAssault(a engine.Action) {
	switch a.Op {
	case opTarget:
		if s.Step == stAsPushOn {
			s.pushOn(int(a.A))
			break
		}
		s.Target, s.Hit[a.A], s.Step = a.A, true, stAsUnits
	case opFire:
		s.Firing[a.A] = true
	case opResolve:
		s.resolveAssault()
	case opTakeLoss:
		s.LossLeft = 1
		s.nextLoss()
	case opStep:
		switch {
		case s.Step == stAsSDLoss:
			s.sdLost(int(a.A))
		case s.Step == stAsPlus:
			s.loseStep(int(a.A), "7.3")
			s.nextLoss()
		default:
			s.LossLeft--
			s.loseStep(int(a.A), "7.3")
			s.nextLoss()
		}
	case opTrench:
		s.removeTrench(int(a.A))
		s.nextLoss()
	case opRetreat:
		s.logf("7.6", engine.Observer, "retreat", s.d.Hexes[s.Target].ID)
		s.beginRetreat()
	case opCounter:
		if s.Step == stAsCounter13 {
			s.counterattackAt(int(a.A), Odds3to1) // Order 13: at 3:1
		} else {
			s.counterattackAt(int(a.A), -1)
		}
	case opPush:
		s.logf("7.4", engine.Observer, "push", s.d.Hexes[s.Target].ID)
		s.push()
	case opPass:
		switch s.Step {
		case stAsWin:
			s.closeWindow()
		case stAsPushOn:
			s.PushAfter = false
			s.endAssault()
		default: // no Push
			s.PushChosen = false
			s.openWindow(winStandFast)
		}
	case opDeclare:
		s.declareCombo(int(a.A), a.B)
	case opDeplete:
		s.depletePushSD(int(a.A))
	case opStay:
		s.Pushing = true
		s.Step, s.Decider = stAsPushUnits, s.Attacker
	case opHalt: // a unit stays out of the Push (7.4); a Counterattack still counts it (7.5)
		s.Firing[a.A], s.OutOfPush[a.A] = false, true
		if s.Overrun == 0 {
			s.Moved[a.A] = true // Order 41: the Move Order's units may still move
		}
	case opMove:
		if s.Step == stAsRetreat {
			s.retreatTo(int(a.A), int(a.B))
			return
		}
		s.Pos.Units[a.A].Hex = a.B
		s.logf("7.7", engine.Observer, "advances", s.d.Units[a.A].ID, s.d.Hexes[a.B].ID)
		s.entered(int(a.A), int(a.B))
	case opDone:
		switch {
		case s.Step == stAsTarget && s.Overrun != 0:
			s.endOverrun()
		case s.Step == stAsTarget:
			s.finishOrder()
		case s.Step == stAsAdvance && s.PushAfter && len(s.pushOnTargets()) > 0:
			s.Step = stAsPushOn // 7.4: Push another hex, or settle for the advance
		default:
			s.endAssault()
		}
	}
}
