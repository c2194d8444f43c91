package compass

import (
	"strconv"
	"strings"

	"sandtable/internal/engine"
)

// battle is one combat being resolved by the procedure of 6.2.E steps 1-8.
// Index 0 of each pair is the attacker (the phasing side), 1 the defender.
type battle struct {
	On    bool       `json:"on"`
	Sust  bool       `json:"sust"` // fought under Sustained Attack (6.2.F)
	Src   int8       `json:"src"`  // the single area the attack comes from
	Tgt   int8       `json:"tgt"`  // the attacked area
	Front [2][3]int8 `json:"front"`
	Supp  [2][3]int8 `json:"supp"` // support of each front-line unit, or -1
	NF    [2]int8    `json:"nf"`
	Ev    [2][3]int8 `json:"ev"`   // event a side assigned its own front-line unit, or -1
	Surp  [2][3]bool `json:"surp"` // the enemy's Surprise lowers this unit by 1
	Die   [2][3]int8 `json:"die"`  // die rolled, 0 for none
	Rer   [2][3]bool `json:"rer"`  // re-rolled with Leader
	Hits  [2]int8    `json:"hits"` // hits each side inflicted
	Left  [2]int8    `json:"left"` // hits each side has still to take
	Taken [2][6]int8 `json:"taken"`
}

// Participant slots 0-2 are the front-line units, 3-5 their supports.
func (b *battle) slot(i, k int) int8 {
	if k < 3 {
		return b.Front[i][k]
	}
	return b.Supp[i][k-3]
}

func newBattle(src, tgt int, sust bool) battle {
	b := battle{On: true, Sust: sust, Src: int8(src), Tgt: int8(tgt)}
	for i := range 2 {
		for k := range 3 {
			b.Front[i][k], b.Supp[i][k], b.Ev[i][k] = -1, -1, -1
		}
	}
	return b
}

// bside is the side playing role i (0 attacker, 1 defender).
func (s *State) bside(i int) engine.Side {
	if i == 0 {
		return s.Phasing
	}
	return 1 - s.Phasing
}

// --- the combat phase (6.2.E) ---------------------------------------------

// beginCombatPhase opens phase E.
func (s *State) beginCombatPhase() { s.toCombat() }

// toCombat offers the next combat; with none left to fight, the phase ends.
func (s *State) toCombat() {
	s.Step, s.Decider = stCombat, s.Phasing
	if len(s.legalCombat(nil)) == 1 { // only "done"
		s.endCombatPhase()
	}
}

// legalCombat lists the combats the attacker may fight next, in the order
// he decides (6.2.E): each pair of a source area and an attacked area with
// units marked to attack it that have not attacked yet (an area may be
// attacked again by other units, ruling C-30); the units whose target has
// emptied may move into it (6.2.E, last paragraph); or the phase ends
// (combat is never mandatory).
func (s *State) legalCombat(dst []engine.Action) []engine.Action {
	return s.legalBattles(dst, fDeclared)
}

func (s *State) legalBattles(dst []engine.Action, marker uint8) []engine.Action {
	p := s.Phasing
	var seen [maxAreas][maxAreas]bool
	for u := range s.nUnits() {
		us := &s.Units[u]
		if s.side(u) != p || us.Area < 0 || us.Flags&marker == 0 || us.Target < 0 || (marker == fDeclared && us.Flags&fAttacked != 0) {
			continue
		}
		t := int(us.Target)
		if s.occupied(t, 1-p) {
			if !seen[us.Area][t] && (marker == fDeclared || us.Flags&fActiveFront != 0) {
				seen[us.Area][t] = true
				dst = append(dst, engine.Action{Op: opBattle, A: int16(us.Area), B: int16(t)})
			}
		} else if s.count(t, p) < s.stackLimit(t, p) {
			dst = append(dst, engine.Action{Op: opEnter, A: int16(u), B: int16(t)})
		}
	}
	return append(dst, engine.Action{Op: opDone})
}

// enterVacated moves a unit whose attacked area has emptied into it.
func (s *State) enterVacated(u int) {
	t := int(s.Units[u].Target)
	s.Units[u].Target = noArea
	s.Units[u].Flags &^= fDeclared | fExploitAttack
	s.Units[u].Flags |= fAttacked | fMoved
	s.enter(u, t)
	s.logf("6.2.E", engine.Observer, "entersVacated", s.def(u).Name, s.d.Areas[t].Name)
}

// endCombatPhase removes the remaining Attack markers and checks stacking.
// It also clears fMoved, which enterVacated sets in this phase: a unit that
// moved into an emptied target (6.2.E, last paragraph) may still be
// activated by Sustained Attack and attack or move (6.2.F, ruling C-14).
func (s *State) endCombatPhase() {
	for u := range s.nUnits() {
		s.Units[u].Flags &^= fDeclared | fMoved
		s.Units[u].Target = noArea
	}
	s.checkStacking(contExploit)
}

// startBattle begins the procedure of 6.2.E for an attack from src on tgt.
func (s *State) startBattle(src, tgt int, sust bool) {
	s.Bat = newBattle(src, tgt, sust)
	back := stCombat
	if sust {
		back = stExploitAct
	}
	s.logf("6.2.E.1", engine.Observer, "battle", s.sideName(s.Phasing), s.d.Areas[src].Name, s.d.Areas[tgt].Name)
	s.Call(stAtkFront, back)
	s.Decider = s.Phasing
	// A battle is fought by at least one front-line unit: with a single
	// candidate the choice is made.
	if l := s.legalAtkFront(nil); len(l) == 1 && l[0].Op == opFront {
		s.addFront(0, int(l[0].A))
		s.afterAtkFront()
	}
}

// canAttackIn reports whether u may join the current battle as an attacker
// in the given role (true: support).
func (s *State) canAttackIn(u int, support bool) bool {
	b := &s.Bat
	us := &s.Units[u]
	if s.side(u) != s.Phasing || us.Area != b.Src || us.Target != b.Tgt || s.inBattle(u) {
		return false
	}
	if support && !s.def(u).Support {
		return false
	}
	if b.Sust {
		role := uint8(fActiveFront)
		if support {
			role = fActiveSupport
		}
		return us.Flags&fExploitAttack != 0 && us.Flags&role != 0
	}
	return us.Flags&fDeclared != 0 && us.Flags&fAttacked == 0
}

func (s *State) inBattle(u int) bool {
	for i := range 2 {
		for k := range 6 {
			if int(s.Bat.slot(i, k)) == u {
				return true
			}
		}
	}
	return false
}

// legalAtkFront: 6.2.E.1, up to three front-line units.
func (s *State) legalAtkFront(dst []engine.Action) []engine.Action {
	b := &s.Bat
	if b.NF[0] < 3 {
		for u := range s.nUnits() {
			if s.canAttackIn(u, false) {
				dst = append(dst, engine.Action{Op: opFront, A: int16(u)})
			}
		}
	}
	if b.NF[0] > 0 {
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

// legalAtkSupport: 6.2.E.1, at most one asterisked support per front-line unit.
func (s *State) legalAtkSupport(dst []engine.Action) []engine.Action {
	b := &s.Bat
	for u := range s.nUnits() {
		if !s.canAttackIn(u, true) {
			continue
		}
		for k := range int(b.NF[0]) {
			if b.Supp[0][k] < 0 {
				dst = append(dst, engine.Action{Op: opSupport, A: int16(u), B: int16(b.Front[0][k])})
			}
		}
	}
	return append(dst, engine.Action{Op: opDone})
}

func (s *State) addFront(i, u int) {
	b := &s.Bat
	b.Front[i][b.NF[i]] = int8(u)
	b.NF[i]++
	s.logf("6.2.E."+strconv.Itoa(i+1), engine.Observer, "front", s.def(u).Name)
}

func (s *State) addSupport(i, u, front int) {
	b := &s.Bat
	for k := range int(b.NF[i]) {
		if int(b.Front[i][k]) == front {
			b.Supp[i][k] = int8(u)
		}
	}
	s.logf("6.2.E."+strconv.Itoa(i+1), engine.Observer, "support", s.def(u).Name, s.def(front).Name)
}

// afterAtkFront moves on once the attacker has his front line.
func (s *State) afterAtkFront() {
	if s.Bat.NF[0] == 3 || len(s.legalAtkFront(nil)) == 1 {
		s.toAtkSupport()
	}
}

// toAtkSupport asks for supports while one may still be assigned.
func (s *State) toAtkSupport() {
	s.Step = stAtkSupport
	if len(s.legalAtkSupport(nil)) == 1 {
		s.endAtkSelection()
	}
}

// role is 0 when the decision point belongs to the attacker, 1 to the defender.
func (s *State) role() int {
	switch s.Step {
	case stDefFront, stDefSupport, stDefEvents, stDefLeader, stDefHits, stRetreat:
		return 1
	}
	return 0
}

// endAtkSelection marks the attackers as having attacked this turn (6.2.E:
// no unit attacks more than once) and passes to the defender (6.2.E.2).
func (s *State) endAtkSelection() {
	b := &s.Bat
	for k := range 6 {
		if u := b.slot(0, k); u >= 0 {
			s.Units[u].Flags |= fAttacked
			s.Units[u].Flags &^= fDeclared | fExploitAttack
			s.Units[u].Target = noArea
			if b.Sust {
				s.Units[u].Flags |= fMoved // it has used its activation
			}
		}
	}
	s.Step, s.Decider = stDefFront, s.bside(1)
	s.autoDefence()
}

// defenders lists the defender's units in the attacked area.
func (s *State) defenders() []int {
	var out []int
	d := s.bside(1)
	for u := range s.nUnits() {
		if s.side(u) == d && int(s.Units[u].Area) == int(s.Bat.Tgt) {
			out = append(out, u)
		}
	}
	return out
}

// Rule 6.2.E.2 note: the defender may leave units out only if there are more
// than may fight. Ruling C-7: he must field as many units as the limits
// allow (three front-line units, each with at most one asterisked support),
// so every selection step keeps that maximum reachable.

// bestDefence is the most units the defender can field when nf front-line
// units are chosen (stars of them asterisked), ns supports assigned, and
// free units remain of which freeStars are asterisked.
func bestDefence(nf, ns, free, freeStars int) int {
	best := 0
	for x := 0; x <= 3-nf && x <= free; x++ {
		plain := free - freeStars
		y := min(x, plain)               // new fronts taken from plain units first
		starsLeft := freeStars - (x - y) // asterisked units still free
		sup := ns + min(nf+x-ns, starsLeft)
		best = max(best, nf+x+sup)
	}
	return best
}

func (s *State) defenceCounts() (nf, ns, free, freeStars int) {
	b := &s.Bat
	nf = int(b.NF[1])
	for k := range nf {
		if b.Supp[1][k] >= 0 {
			ns++
		}
	}
	for _, u := range s.defenders() {
		if !s.inBattle(u) {
			free++
			if s.def(u).Support {
				freeStars++
			}
		}
	}
	return
}

func (s *State) maxDefence() int {
	n := len(s.defenders())
	stars := 0
	for _, u := range s.defenders() {
		if s.def(u).Support {
			stars++
		}
	}
	return bestDefence(0, 0, n, stars)
}

func (s *State) legalDefFront(dst []engine.Action) []engine.Action {
	want := s.maxDefence()
	nf, ns, free, freeStars := s.defenceCounts()
	if nf < 3 {
		for _, u := range s.defenders() {
			if s.inBattle(u) {
				continue
			}
			st := 0
			if s.def(u).Support {
				st = 1
			}
			if bestDefence(nf+1, ns, free-1, freeStars-st) == want {
				dst = append(dst, engine.Action{Op: opFront, A: int16(u)})
			}
		}
	}
	if nf > 0 && nf+min(nf, freeStars) == want {
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

func (s *State) legalDefSupport(dst []engine.Action) []engine.Action {
	b := &s.Bat
	want := s.maxDefence()
	nf, ns, _, freeStars := s.defenceCounts()
	for _, u := range s.defenders() {
		if s.inBattle(u) || !s.def(u).Support {
			continue
		}
		if nf+ns+1+min(nf-ns-1, freeStars-1) != want {
			continue
		}
		for k := range nf {
			if b.Supp[1][k] < 0 {
				dst = append(dst, engine.Action{Op: opSupport, A: int16(u), B: int16(b.Front[1][k])})
			}
		}
	}
	if nf+ns == want {
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

// autoDefence makes the defender's forced selections (ruling C-27): a step
// with a single choice is taken, and when every free unit must fight in the
// front line (no asterisked unit left free to support, and room for all of
// them among the three front-line places) they are placed there, since the
// order in which they are named changes nothing. A defender with an
// asterisked unit and another unit to put it behind is asked: 6.2.E.2 lets
// him field it as a support instead of in the front line.
func (s *State) autoDefence() {
	for {
		switch s.Step {
		case stDefFront:
			l := s.legalDefFront(nil)
			if len(l) > 1 {
				nf, _, free, freeStars := s.defenceCounts()
				if freeStars > 0 || nf+free > 3 {
					return
				}
				s.addFront(1, int(l[0].A))
				continue
			}
			if l[0].Op == opFront {
				s.addFront(1, int(l[0].A))
				continue
			}
			s.Step = stDefSupport
		case stDefSupport:
			l := s.legalDefSupport(nil)
			if len(l) > 1 {
				return
			}
			if l[0].Op == opSupport {
				s.addSupport(1, int(l[0].A), int(l[0].B))
				continue
			}
			s.beginEvents()
			return
		default:
			return
		}
	}
}

// --- 6.2.E.3 events ----------------------------------------------------------

// beginEvents asks the attacker, then the defender, for events. A side is
// asked whenever it holds any event marker (ruling C-9: asking only when it
// holds a combat event would tell the opponent what it holds).
func (s *State) beginEvents() {
	s.Step, s.Decider = stAtkEvents, s.bside(0)
	if s.handCount(s.Decider) == 0 {
		s.afterAtkEvents()
	}
}

func (s *State) afterAtkEvents() {
	s.Step, s.Decider = stDefEvents, s.bside(1)
	if s.handCount(s.Decider) == 0 {
		s.roll()
	}
}

// legalEvents: 6.2.E.3. Air Support, Naval Support (in the coastal areas
// east of Tobruch inclusive, rule 7) and Surprise on one's own front-line
// units, one event per unit; Surprise also on an enemy front-line unit, in
// addition to its own event (the exception), once per enemy unit (ruling C-10).
func (s *State) legalEvents(i int, dst []engine.Action) []engine.Action {
	b := &s.Bat
	side := s.bside(i)
	h := &s.Hand[side]
	naval := s.d.Areas[b.Tgt].NavalSupport
	for k := range int(b.NF[i]) {
		if b.Ev[i][k] >= 0 {
			continue
		}
		u := int16(b.Front[i][k])
		for _, e := range [3]EventKind{AirSupport, NavalSupport, Surprise} {
			if h[e] > 0 && (e != NavalSupport || naval) {
				dst = append(dst, engine.Action{Op: opPlay, A: int16(e), B: u})
			}
		}
	}
	if h[Surprise] > 0 {
		for k := range int(b.NF[1-i]) {
			if !b.Surp[1-i][k] {
				dst = append(dst, engine.Action{Op: opPlay, A: int16(Surprise), B: int16(b.Front[1-i][k])})
			}
		}
	}
	return append(dst, engine.Action{Op: opDone})
}

// playCombatEvent assigns event e to unit u in the current battle.
func (s *State) playCombatEvent(side engine.Side, e EventKind, u int) {
	b := &s.Bat
	s.spend(side, e)
	for i := range 2 {
		for k := range int(b.NF[i]) {
			if int(b.Front[i][k]) != u {
				continue
			}
			if s.bside(i) == side {
				b.Ev[i][k] = int8(e)
			} else {
				b.Surp[i][k] = true
			}
		}
	}
	key := "event"
	if s.side(u) != side {
		key = "eventAgainst" // the Surprise exception
	}
	s.logf("6.2.E.3", engine.Observer, key, s.sideName(side), eventID[e], s.def(u).Name)
}

// spend takes a played marker from side's hand; it goes back to the
// container or leaves the game as rule 7 says of each event.
func (s *State) spend(side engine.Side, e EventKind) {
	s.Hand[side][e]--
	if returnsToContainer[e] {
		s.Bag[side][e]++
	}
	s.Epo++ // a marker is revealed
}

// returnsToContainer: rule 7, what happens to each event after use.
var returnsToContainer = [NumEvents]bool{
	AirSupport: true, NavalSupport: false, Leader: false, Surprise: false,
	UnitRecovery: true, MotorConvoy: true, SustainedAttack: true, Matilda: false,
}

// --- 6.2.E.4-5 dice ------------------------------------------------------------

// modifiedCV is the target number of front-line slot k of role i (6.2.E.5):
// the unit's CV, plus its support's, +1 for an assigned event, -1 for an
// enemy Surprise, and -1 for each attacking unit out of supply (3.9).
func (s *State) modifiedCV(i, k int) (int, string) {
	b := &s.Bat
	u, sp := int(b.Front[i][k]), int(b.Supp[i][k])
	cv := s.baseCV(i, u, sp)
	var mods []string
	if sp >= 0 {
		mods = append(mods, "+"+strconv.Itoa(s.cv(sp))+" support")
		if i == 0 && s.outOfSupply(sp) {
			mods = append(mods, "-1 oos")
		}
	}
	if e := b.Ev[i][k]; e >= 0 {
		cv++
		mods = append(mods, "+1 "+eventID[e])
	}
	if b.Surp[i][k] {
		cv--
		mods = append(mods, "-1 surprise")
	}
	if i == 0 && s.outOfSupply(u) {
		mods = append(mods, "-1 oos")
	}
	return max(cv, 0), strings.Join(mods, ",")
}

// hitBy applies 6.2.E.5: a 1 always hits, a 6 always misses, otherwise a
// roll equal to or under the modified CV hits.
func hitBy(die, cv int) bool { return die == 1 || (die != 6 && die <= cv) }

// roll is 6.2.E.4: one die for each front-line unit whose modified CV is
// above zero.
func (s *State) roll() {
	b := &s.Bat
	for i := range 2 {
		for k := range int(b.NF[i]) {
			cv, mods := s.modifiedCV(i, k)
			if cv == 0 {
				s.logf("6.2.E.4", engine.Observer, "noRoll", s.def(int(b.Front[i][k])).Name)
				continue
			}
			b.Die[i][k] = int8(s.Rng.D6())
			s.logDie(i, k, cv, mods, false)
		}
	}
	s.Epo++
	s.Step, s.Decider = stAtkLeader, s.bside(0)
	if !s.mayReroll(0) {
		s.afterAtkLeader()
	}
}

func (s *State) logDie(i, k, cv int, mods string, reroll bool) {
	b := &s.Bat
	s.rolledCV[i][k] = int8(cv)
	u := int(b.Front[i][k])
	d := int(b.Die[i][k])
	res := "miss"
	if hitBy(d, cv) {
		res = "hit"
	}
	key := "die"
	if reroll {
		key = "reroll"
	}
	s.logf("6.2.E.5", engine.Observer, key, s.def(u).Name, strconv.Itoa(s.cv(u)), mods, strconv.Itoa(cv), strconv.Itoa(d), res)
}

// mayReroll: a side is asked about Leader when it has a die it may re-roll
// and holds any marker (ruling C-9).
func (s *State) mayReroll(i int) bool {
	if s.handCount(s.bside(i)) == 0 {
		return false
	}
	b := &s.Bat
	for k := range int(b.NF[i]) {
		if b.Die[i][k] > 0 && !b.Rer[i][k] {
			return true
		}
	}
	return false
}

// legalLeader: 6.2.E.4, Leader cancels one of one's own dice and rolls it
// again; the second result cannot be changed.
func (s *State) legalLeader(i int, dst []engine.Action) []engine.Action {
	b := &s.Bat
	if s.Hand[s.bside(i)][Leader] > 0 {
		for k := range int(b.NF[i]) {
			if b.Die[i][k] > 0 && !b.Rer[i][k] {
				dst = append(dst, engine.Action{Op: opPlay, A: int16(Leader), B: int16(b.Front[i][k])})
			}
		}
	}
	return append(dst, engine.Action{Op: opDone})
}

func (s *State) playLeader(i, u int) {
	b := &s.Bat
	s.spend(s.bside(i), Leader)
	for k := range int(b.NF[i]) {
		if int(b.Front[i][k]) == u {
			b.Die[i][k] = int8(s.Rng.D6())
			b.Rer[i][k] = true
			cv, mods := s.modifiedCV(i, k)
			s.logf("6.2.E.4", engine.Observer, "event", s.sideName(s.bside(i)), eventID[Leader], s.def(u).Name)
			s.logDie(i, k, cv, mods, true)
		}
	}
}

func (s *State) afterAtkLeader() {
	s.Step, s.Decider = stDefLeader, s.bside(1)
	if !s.mayReroll(1) {
		s.countHits()
	}
}

// countHits totals 6.2.E.5's hits and starts 6.2.E.6, the attacker
// distributing his losses first.
func (s *State) countHits() {
	b := &s.Bat
	for i := range 2 {
		for k := range int(b.NF[i]) {
			cv, _ := s.modifiedCV(i, k)
			if b.Die[i][k] > 0 && hitBy(int(b.Die[i][k]), cv) {
				b.Hits[i]++
			}
		}
	}
	b.Left[0], b.Left[1] = b.Hits[1], b.Hits[0]
	s.logf("6.2.E.5", engine.Observer, "hits", strconv.Itoa(int(b.Hits[0])), strconv.Itoa(int(b.Hits[1])))
	s.Step, s.Decider = stAtkHits, s.bside(0)
	s.autoHits()
}

// --- 6.2.E.6 losses ----------------------------------------------------------

// hitCandidates are the participants of role i that may take the next hit:
// every unit takes one hit before any takes two.
func (s *State) hitCandidates(i int) []int {
	b := &s.Bat
	low := int8(99)
	for k := range 6 {
		if u := b.slot(i, k); u >= 0 && s.onMap(int(u)) {
			low = min(low, b.Taken[i][k])
		}
	}
	var out []int
	for k := range 6 {
		if u := b.slot(i, k); u >= 0 && s.onMap(int(u)) && b.Taken[i][k] == low {
			out = append(out, int(u))
		}
	}
	return out
}

func (s *State) legalHits(i int, dst []engine.Action) []engine.Action {
	for _, u := range s.hitCandidates(i) {
		dst = append(dst, engine.Action{Op: opHit, A: int16(u)})
	}
	return dst
}

func (s *State) takeHit(i, u int) {
	b := &s.Bat
	for k := range 6 {
		if int(b.slot(i, k)) == u {
			b.Taken[i][k]++
		}
	}
	b.Left[i]--
	s.hit(u, "6.2.E.6")
}

// autoHits distributes hits where there is no choice: a single candidate, or
// hits enough to eliminate every participant.
func (s *State) autoHits() {
	for {
		i := s.role()
		b := &s.Bat
		c := s.hitCandidates(i)
		if b.Left[i] == 0 || len(c) == 0 {
			b.Left[i] = 0
			if i == 0 {
				s.Step, s.Decider = stDefHits, s.bside(1)
				continue
			}
			s.afterLosses()
			return
		}
		// Forced: every candidate must take a hit before any takes a second,
		// or the hits eliminate every participant anyway.
		if len(c) <= int(b.Left[i]) || int(b.Left[i]) >= s.stepsLeft(i) {
			for _, u := range c {
				if b.Left[i] > 0 {
					s.takeHit(i, u)
				}
			}
			continue
		}
		if len(c) > 1 {
			return
		}
		s.takeHit(i, c[0])
	}
}

// stepsLeft counts the strength levels the surviving participants of role i
// still have.
func (s *State) stepsLeft(i int) int {
	n := 0
	for k := range 6 {
		if u := s.Bat.slot(i, k); u >= 0 && s.onMap(int(u)) {
			n += s.def(int(u)).Steps - int(s.Units[u].Hits)
		}
	}
	return n
}

// afterLosses applies 6.2.E.7: the defender retreats if the attacker
// inflicted more hits; otherwise both stay (the paragraph on ties belongs
// to step 7 in the Italian original; the English numbers it 8, ruling C-28).
func (s *State) afterLosses() {
	b := &s.Bat
	if b.Hits[0] > b.Hits[1] {
		s.logf("6.2.E.7", engine.Observer, "mustRetreat", s.sideName(s.bside(1)), s.d.Areas[b.Tgt].Name)
		// 3.9: each out-of-supply unit forced to retreat takes one more hit.
		for _, u := range s.defenders() {
			if s.outOfSupply(u) {
				s.logf("3.9", engine.Observer, "oosHit", s.def(u).Name)
				s.hit(u, "3.9")
			}
		}
		s.Step, s.Decider = stRetreat, s.bside(1)
		s.autoRetreat()
		return
	}
	if b.Hits[0] == b.Hits[1] {
		s.logf("6.2.E.7", engine.Observer, "tie")
	} else {
		s.logf("6.2.E.7", engine.Observer, "holds", s.sideName(s.bside(1)))
	}
	s.toAdvance()
}

// --- 6.2.E.7 retreat ---------------------------------------------------------

// retreatAreas are where defender unit u may retreat (6.2.E.7): an adjacent
// area with no combat still to be resolved, not controlled by the opponent,
// with room under the stacking limit. Garrisons, having no movement
// capacity, cannot retreat (ruling C-12).
func (s *State) retreatAreas(u int, dst []engine.Action) []engine.Action {
	if s.def(u).MC == 0 {
		return dst
	}
	d := s.side(u)
	for _, l := range s.d.Areas[s.Units[u].Area].Links {
		if s.Control[l.To] != int8(d) || s.occupied(l.To, 1-d) || s.pendingTarget(l.To) {
			continue
		}
		if s.count(l.To, d) < s.stackLimit(l.To, d) {
			dst = append(dst, engine.Action{Op: opRetreat, A: int16(u), B: int16(l.To)})
		}
	}
	return dst
}

// pendingTarget reports whether an attack on area a is still to be resolved
// this phase (6.2.E.7): some unit of the phasing side has its marker on it
// and the enemy is still there. Markers on an area the enemy has left
// "cannot carry out the combat" (6.2.E, last paragraph), so an emptied area
// has no combat pending (ruling C-15).
func (s *State) pendingTarget(a int) bool {
	if !s.occupied(a, 1-s.Phasing) {
		return false
	}
	for u := range s.nUnits() {
		if int(s.Units[u].Target) == a && s.side(u) == s.Phasing && s.onMap(u) {
			return true
		}
	}
	return false
}

func (s *State) legalRetreat(dst []engine.Action) []engine.Action {
	for _, u := range s.defenders() {
		dst = s.retreatAreas(u, dst)
	}
	return dst
}

// autoRetreat eliminates the units that cannot retreat and moves the units
// that have only one way, until the defender has a real choice.
func (s *State) autoRetreat() {
	for {
		for _, u := range s.defenders() {
			if len(s.retreatAreas(u, nil)) == 0 {
				s.logf("6.2.E.7", engine.Observer, "cannotRetreat", s.def(u).Name)
				s.eliminate(u, "6.2.E.7")
			}
		}
		l := s.legalRetreat(nil)
		switch {
		case len(l) == 0:
			s.toAdvance()
			return
		case len(l) == 1:
			s.retreat(int(l[0].A), int(l[0].B))
		default:
			return
		}
	}
}

func (s *State) retreat(u, to int) {
	from := s.Units[u].Area
	s.enter(u, to)
	s.logf("6.2.E.7", engine.Observer, "retreats", s.def(u).Name, s.d.Areas[from].Name, s.d.Areas[to].Name)
}

// --- 6.2.E.8 advance ---------------------------------------------------------

// legalAdvance: if the attacked area is empty of defenders, the attacker may
// move into it with all or some of the units that fought.
func (s *State) legalAdvance(dst []engine.Action) []engine.Action {
	b := &s.Bat
	for k := range 6 {
		if u := b.slot(0, k); u >= 0 && s.Units[u].Area == b.Src {
			dst = append(dst, engine.Action{Op: opAdvance, A: int16(u)})
		}
	}
	return append(dst, engine.Action{Op: opDone})
}

func (s *State) toAdvance() {
	s.Step, s.Decider = stAdvance, s.bside(0)
	if s.occupied(int(s.Bat.Tgt), s.bside(1)) || len(s.legalAdvance(nil)) == 1 {
		s.endBattle()
	}
}

func (s *State) advance(u int) {
	s.enter(u, int(s.Bat.Tgt))
	s.logf("6.2.E.8", engine.Observer, "advances", s.def(u).Name, s.d.Areas[s.Bat.Tgt].Name)
}

// endBattle closes the combat: the Italian player may play Matilda if 7 RTR
// took part (rule 7), then the procedure returns to its phase.
func (s *State) endBattle() {
	if rtr := s.matildaUnit(); rtr >= 0 && s.onMap(rtr) && s.inBattle(rtr) && s.handCount(Italian) > 0 {
		s.Step, s.Decider = stMatilda, Italian
		return
	}
	s.closeBattle()
}

func (s *State) closeBattle() {
	s.Bat = battle{}
	s.ret()
}

func (s *State) matildaUnit() int {
	for u := range s.nUnits() {
		if s.def(u).Matilda {
			return u
		}
	}
	return -1
}

// legalMatilda: rule 7, played at the end of a combat in which 7 RTR took
// part; 7 RTR loses a strength level to mechanical wear.
func (s *State) legalMatilda(dst []engine.Action) []engine.Action {
	if s.Hand[Italian][Matilda] > 0 {
		dst = append(dst, engine.Action{Op: opPlay, A: int16(Matilda), B: int16(s.matildaUnit())})
	}
	return append(dst, engine.Action{Op: opDone})
}

func (s *State) playMatilda() {
	u := s.matildaUnit()
	s.spend(Italian, Matilda)
	s.logf("7", engine.Observer, "event", s.sideName(Italian), eventID[Matilda], s.def(u).Name)
	s.hit(u, "7")
}
