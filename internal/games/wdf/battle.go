package wdf

import (
	"fmt"
	"slices"
	"strconv"

	"sandtable/internal/engine"
)

// battle is the combat being resolved (10.1-10.27).
type battle struct {
	Phase        step // stCombat or stExploitC: where the battle returns
	Att, Def     [6]int16
	NAtt, NDef   int8
	Support      int8 // ASPs as ground support (14.1)
	Naval        bool // naval ground support (15.0)
	SpentAP      bool
	Role         int8 // 0 attacker, 1 defender: who takes losses now
	Hits         [2]int8
	Steps        int8 // step losses still owed by Role
	Retreat      int8 // hexes of retreat owed by Role
	AtkRetreated bool
	// Leader is the Axis leader whose values the combat uses, plus one (0:
	// no choice made), and Pending the resolve waiting for that choice
	// (1 without an AP, 2 with one) (13.2, 13.3, ruling W37).
	Leader, Pending int8
}

const noRole = -1

// Combat ops.
const (
	opAttack   = iota + 20 // "attack HEX HEX": begin a combat from a hex on a hex (10.1)
	opJoin                 // "join HEX": another attacking hex
	opTarget               // "target HEX": another defending hex
	opSupport              // "support N": ASPs as ground support (14.1)
	opNaval                // "naval": Allied naval ground support (15.0)
	opResolve              // "resolve AP": 1 spends an Attack Point (10.3), 0 does not
	opTake                 // "take STEPS RETREAT" (10.22, 10.23)
	opHit                  // "hit UNIT": one step loss (10.21)
	opRetreat              // "retreat UNIT HEX" (10.26)
	opAdvance              // "advance UNIT HEX" (10.27)
	opBombard              // "bombard HEX N": air bombardment with N ASPs (14.2)
	opShell                // "shell HEX": naval bombardment (15.0)
	opWithhold             // "withhold UNIT": a unit in an IP stays out (12.3)
	opLeader               // "leader LEADER": whose values the Axis side uses (13.2)
)

var combatOpName = map[uint8]string{opAttack: "attack", opJoin: "join", opTarget: "target", opSupport: "support",
	opNaval: "naval", opResolve: "resolve", opTake: "take", opHit: "hit", opRetreat: "retreat", opAdvance: "advance",
	opBombard: "bombard", opShell: "shell", opWithhold: "withhold", opLeader: "leader"}

// canAttack reports whether unit u may attack in this combat phase (10.0,
// 9.4, 9.5, 9.7): the phasing side's, on the map, not yet attacked, in the
// Regular Combat Phase not moved strategically, and in the Exploitation
// Combat Phase able to exploit (9.4: a strategic mover "cannot attack in
// the Combat Phase but is eligible for Exploitation Movement and Combat";
// 10.0: "only units capable of Exploitation Movement may attack", so not
// a unit moved by sea, which "may not use ... Exploit Movement", 9.7,
// ruling W39).
func (s *State) canAttack(u int) bool {
	def := &s.d.Units[u]
	us := &s.Pos.Units[u]
	if def.Side != s.Phasing || us.Box != BoxMap || s.Flags[u]&(fAttacked|fWithheld) != 0 {
		return false
	}
	if s.phaseStep() == stCombat && s.Flags[u]&fStrategic != 0 {
		return false
	}
	if s.phaseStep() == stExploitC {
		if s.Flags[u]&fSea != 0 {
			return false // 9.7, 10.0
		}
		caps := &s.d.Tables.Types[def.Type][def.Group()]
		share := caps.ExploitNormal
		if s.Pos.Major[def.Side] {
			share = caps.ExploitMajor
		}
		return share != NoMA
	}
	return true
}

// phaseStep is the combat phase in progress.
func (s *State) phaseStep() step {
	if s.Step == stCombat || s.Step == stExploitC {
		return s.Step
	}
	return s.Bat.Phase
}

// attackers lists the units in hex h that may attack now.
func (s *State) attackersIn(b *Board, h int) []int {
	var out []int
	for _, u := range b.Units(h) {
		if s.canAttack(u) {
			out = append(out, u)
		}
	}
	return out
}

// hasAttacker reports whether a unit in hex h may attack (attackersIn is
// not empty), without listing them.
func (s *State) hasAttacker(b *Board, h int) bool {
	for _, u := range b.Units(h) {
		if s.canAttack(u) {
			return true
		}
	}
	return false
}

func (s *State) defended(h int) bool {
	for _, d := range s.Defended[:s.NDefended] {
		if int(d) == h {
			return true
		}
	}
	return false
}

// legalCombat lists the combat phase's choices: begin a combat from any
// hex with units able to attack on any adjacent enemy hex not yet
// attacked (10.1), or end the phase once no obligation is left that can
// still be met (10.0).
func (s *State) legalCombat(dst []engine.Action) []engine.Action {
	b := s.board()
	side := s.Phasing
	for h := range s.d.Hexes {
		if !s.hasAttacker(b, h) {
			continue
		}
		for _, t := range b.MustAttack(side, h) {
			if !s.defended(t) {
				dst = append(dst, engine.Action{Op: opAttack, A: int16(h), B: int16(t)})
			}
		}
	}
	dst = s.legalBombard(b, dst)
	if !s.obligationOpen(b) {
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

// obligationOpen reports whether a hex that must be attacked (10.0) is
// not yet attacked and some unit can still attack it.
func (s *State) obligationOpen(b *Board) bool {
	for _, o := range s.Obliged[:s.NObliged] {
		h := int(o)
		if s.defended(h) || !b.Occupied(1-s.Phasing, h) {
			continue
		}
		for _, n := range s.d.Hexes[h].Neighbours {
			if n >= 0 && b.Attackable(int(n), h) && s.hasAttacker(b, int(n)) {
				return true
			}
		}
	}
	return false
}

// coverable reports whether enemy hex t can still be attacked this phase
// by units that have not attacked, from a hex not in skip (10.1).
func (s *State) coverable(b *Board, t int, skip []int16) bool {
	for _, n := range s.d.Hexes[t].Neighbours {
		if n >= 0 && !s.inList(skip, int(n)) && b.Attackable(int(n), t) && s.hasAttacker(b, int(n)) {
			return true
		}
	}
	return false
}

// obligationsMet reports whether the combat of the attacking hexes att on
// the defending hexes def may be resolved as it is (10.0, 10.1): "all
// defending units adjacent to an attacker must be attacked if any are
// attacked ... either by that attacker or some other friendly units". Every
// enemy hex adjacent to one of att (and every earlier obligation that can
// still be met) that def leaves out must be open to an attack by units
// outside att that have not attacked. Any such hex can be met that way:
// a stack attacking every enemy hex next to it creates no obligation it
// does not meet itself. A surprise Major Offensive has no obligations
// (7.92). Ruling W35.
func (s *State) obligationsMet(b *Board, att, def []int16) bool {
	side := s.Phasing
	if s.Surprise[side] {
		return true
	}
	open := func(t int) bool { return !s.inList(def, t) && !s.defended(t) && b.Occupied(1-side, t) }
	for _, o := range s.Obliged[:s.NObliged] {
		if t := int(o); open(t) && s.coverable(b, t, nil) && !s.coverable(b, t, att) {
			return false
		}
	}
	for _, a := range att {
		for _, t := range b.MustAttack(side, int(a)) {
			if open(t) && !s.coverable(b, t, att) {
				return false
			}
		}
	}
	return true
}

// completable reports whether a combat of att on def can still be made
// resolvable by adding defending hexes (10.1): adding a defender never
// breaks an obligation, so it is enough to try all that may be added.
func (s *State) completable(b *Board, att, def []int16) bool {
	all := append([]int16(nil), def...)
	for _, n := range s.d.Hexes[att[0]].Neighbours {
		h := int(n)
		if n < 0 || s.inList(all, h) || s.defended(h) || !b.Occupied(1-s.Phasing, h) {
			continue
		}
		ok := true
		for _, a := range att {
			ok = ok && b.Attackable(int(a), h)
		}
		if ok {
			all = append(all, int16(h))
		}
	}
	return s.obligationsMet(b, att, all)
}

// startBattle begins a combat from hex a on hex t.
func (s *State) startBattle(a, t int) {
	s.Bat = battle{Phase: s.Step, Role: noRole}
	s.Bat.Att[0], s.Bat.NAtt = int16(a), 1
	s.Bat.Def[0], s.Bat.NDef = int16(t), 1
	s.Step = stBuild
}

func (s *State) inList(l []int16, h int) bool {
	for _, x := range l {
		if int(x) == h {
			return true
		}
	}
	return false
}

// legalBuild lists the ways to complete the combat (10.1, 14.1, 15.0,
// 10.3): more attacking hexes adjacent to every defender (if the combat
// can still meet its obligations, ruling W35), more defending hexes
// adjacent to every attacker, ground support, and, once every enemy hex
// that must be attacked is attacked here or can be by other units,
// resolution with or without an AP.
func (s *State) legalBuild(dst []engine.Action) []engine.Action {
	b := s.board()
	side := s.Phasing
	atk, def := s.Bat.Att[:s.Bat.NAtt], s.Bat.Def[:s.Bat.NDef]
	if s.Bat.NAtt < int8(len(s.Bat.Att)) {
		more := make([]int16, len(atk)+1)
		copy(more, atk)
		for h := range s.d.Hexes {
			if s.inList(atk, h) || !s.hasAttacker(b, h) {
				continue
			}
			ok := true
			for _, t := range def {
				ok = ok && b.Attackable(h, int(t))
			}
			if more[len(atk)] = int16(h); ok && s.completable(b, more, def) {
				dst = append(dst, engine.Action{Op: opJoin, A: int16(h)})
			}
		}
	}
	if s.Bat.NDef < int8(len(s.Bat.Def)) {
		for h := range s.d.Hexes {
			if s.inList(def, h) || s.defended(h) || !b.Occupied(1-side, h) {
				continue
			}
			ok := true
			for _, a := range atk {
				ok = ok && b.Attackable(int(a), h)
			}
			if ok {
				dst = append(dst, engine.Action{Op: opTarget, A: int16(h)})
			}
		}
	}
	if int(s.Bat.Support) < min(2, int(s.ASP[side])) {
		dst = append(dst, engine.Action{Op: opSupport, A: int16(s.Bat.Support) + 1})
	}
	if side == Allied && s.Pos.Naval && !s.Bat.Naval && s.Bat.Phase == stCombat && !s.navalUsed() {
		// 15.0: "the defending hex must be a coastal hex": every one of
		// them in a multi-hex combat (ruling W40).
		coastal := true
		for _, t := range def {
			coastal = coastal && s.d.Hexes[t].Coastal
		}
		if coastal {
			dst = append(dst, engine.Action{Op: opNaval})
		}
	}
	n := 0
	for _, a := range atk {
		n += len(s.attackersIn(b, int(a)))
	}
	for _, a := range atk {
		for _, u := range s.attackersIn(b, int(a)) {
			if s.Pos.Units[u].InIP && n > 1 {
				dst = append(dst, engine.Action{Op: opWithhold, A: int16(u)})
			}
		}
	}
	if !s.obligationsMet(b, atk, def) {
		return dst // 10.0: target the hexes no one else can attack first
	}
	if side == Axis && s.leaderChoice(b) {
		for _, l := range s.axisLeaders(b) {
			if int(s.Bat.Leader) != l+1 {
				dst = append(dst, engine.Action{Op: opLeader, A: int16(l)})
			}
		}
		if !s.chosenIn(b) {
			return dst // 13.2: the Axis player chooses before he resolves
		}
	}
	inRange := false
	for _, a := range atk {
		inRange = inRange || b.inAPRange(side, int(a), int(s.Bat.Leader)-1)
	}
	if s.AP[side] >= 1 && inRange {
		dst = append(dst, engine.Action{Op: opResolve, A: 1})
	}
	return append(dst, engine.Action{Op: opResolve, A: 0})
}

// axisLeaders lists the Axis leaders on the Axis side's hexes of the
// combat being built: the attacking hexes when the Axis attacks, the
// defending ones otherwise (13.2, 13.3).
func (s *State) axisLeaders(b *Board) []int {
	hexes := s.Bat.Def[:s.Bat.NDef]
	if s.Phasing == Axis {
		hexes = s.Bat.Att[:s.Bat.NAtt]
	}
	var out []int
	for l := range s.d.Leaders {
		ls := &s.Pos.Leaders[l]
		if s.d.Leaders[l].Side == Axis && ls.Face >= 0 && s.inList(hexes, int(ls.Hex)) {
			out = append(out, l)
		}
	}
	return out
}

// leaderChoice reports whether the Axis player has a choice to make of
// the leader whose values the combat uses (13.2, 13.3, ruling W37): two
// Axis leaders are in it, and either they share a hex (the one chosen is
// also the one subject to casualty checks, 13.6) or their combat values
// for the Axis role differ.
func (s *State) leaderChoice(b *Board) bool {
	ls := s.axisLeaders(b)
	if len(ls) < 2 {
		return false
	}
	value := func(l int) int {
		f := s.Pos.leaderFace(s.d, l)
		if s.Phasing == Axis {
			return f.Attack
		}
		return f.Defense
	}
	return s.Pos.Leaders[ls[0]].Hex == s.Pos.Leaders[ls[1]].Hex || value(ls[0]) != value(ls[1])
}

// chosenIn reports whether the leader chosen is one of the combat's.
func (s *State) chosenIn(b *Board) bool {
	return s.Bat.Leader > 0 && slices.Contains(s.axisLeaders(b), int(s.Bat.Leader)-1)
}

// askOrResolve fights the combat, first letting the Axis defender choose
// his leader when it matters (13.2, ruling W37).
func (s *State) askOrResolve(spendAP bool) {
	if b := s.board(); s.Phasing == Allied && s.leaderChoice(b) && !s.chosenIn(b) {
		s.Bat.Pending = 1
		if spendAP {
			s.Bat.Pending = 2
		}
		s.Step, s.Decider = stLeader, Axis
		return
	}
	s.resolve(spendAP)
}

// chooseLeader records the Axis player's choice of leader (13.2) and,
// if the combat was waiting for it, fights it.
func (s *State) chooseLeader(l int) {
	s.Bat.Leader = int8(l + 1)
	s.logf("13.2", engine.Observer, "leaderChosen", s.leaderName(l))
	if p := s.Bat.Pending; p > 0 {
		s.Bat.Pending = 0
		s.Step, s.Decider = stBuild, s.Phasing
		s.resolve(p == 2)
	}
}

// navalUsed: the naval attack is once per turn (15.0).
func (s *State) navalUsed() bool { return s.NavalUsed }

// resolve fights the combat (10.11-10.24).
func (s *State) resolve(spendAP bool) {
	side := s.Phasing
	b := s.board()
	var atk []int
	for _, a := range s.Bat.Att[:s.Bat.NAtt] {
		atk = append(atk, s.attackersIn(b, int(a))...)
	}
	if spendAP {
		s.AP[side]--
		s.Bat.SpentAP = true
	}
	if side == Allied {
		s.AlliedAttacked = true
	}
	s.ASP[side] -= s.Bat.Support
	if s.Bat.Naval {
		s.NavalUsed = true
	}
	// 10.0: every enemy hex adjacent to an attacker must be attacked,
	// unless the offensive is a surprise (7.92).
	if !s.Surprise[side] {
		for _, a := range s.Bat.Att[:s.Bat.NAtt] {
			for _, t := range b.MustAttack(side, int(a)) {
				if !s.inList(s.Bat.Def[:s.Bat.NDef], t) && !s.inList(s.Obliged[:s.NObliged], t) && int(s.NObliged) < len(s.Obliged) {
					s.Obliged[s.NObliged] = int16(t)
					s.NObliged++
				}
			}
		}
	}
	sup := *b.report(Allied) // a copy: it is changed below
	axis := b.report(Axis)
	for u := range sup.Supplied {
		sup.Supplied[u] = sup.Supplied[u] || axis.Supplied[u]
	}
	var def []int
	for _, t := range s.Bat.Def[:s.Bat.NDef] {
		for _, u := range b.Units(int(t)) {
			if !s.Pos.Units[u].Retreated {
				def = append(def, u)
			}
		}
		for _, u := range b.Units(int(t)) {
			s.Flags[u] |= fDef
			s.Orig[u] = t
		}
	}
	for _, u := range atk {
		s.Flags[u] |= fAtk | fAttacked
		s.Orig[u] = s.Pos.Units[u].Hex
	}
	// 12.3, 10.1: a unit held out of its stack's attack in an IP does not
	// make a second attack from the stack later in the phase (ruling W35).
	for _, a := range s.Bat.Att[:s.Bat.NAtt] {
		for _, u := range b.Units(int(a)) {
			if s.Flags[u]&fWithheld != 0 {
				s.Flags[u] |= fAttacked
			}
		}
	}
	a := &Attack{Side: side, Attackers: atk, AP: spendAP, Supplied: &sup.Supplied, GroundSupport: int(s.Bat.Support), Naval: s.Bat.Naval, Leader: int(s.Bat.Leader), Explain: s.Logging()}
	for _, t := range s.Bat.Def[:s.Bat.NDef] {
		a.Defenders = append(a.Defenders, int(t))
	}
	att, dfn := b.Evaluate(a)
	// 12.3: units attacking from inside an IP-1 remove it.
	for _, u := range atk {
		if s.Pos.Units[u].InIP && s.Pos.ipAt(int(s.Pos.Units[u].Hex)) == 1 {
			k := s.Pos.ipIndex(int(s.Pos.Units[u].Hex))
			s.Pos.IPs[k] = IPState{Hex: NoHex}
			for v := range s.Pos.Units {
				if s.Pos.Units[v].Hex == int16(s.Pos.Units[u].Hex) {
					s.Pos.Units[v].InIP = false
				}
			}
		}
	}
	for _, t := range s.Bat.Def[:s.Bat.NDef] {
		if int(s.NDefended) < len(s.Defended) {
			s.Defended[s.NDefended] = t
			s.NDefended++
		}
	}
	var rep *combatReport
	if s.Logging() {
		rep = &combatReport{Side: side, AP: spendAP, Att: att, Dfn: dfn}
		for _, h := range s.Bat.Att[:s.Bat.NAtt] {
			rep.From = append(rep.From, int(h))
		}
		rep.Into = a.Defenders
		s.combat = rep
	}
	ah := s.rollHits(att.Dice, rep, 0)
	s.logf("10.11", engine.Observer, "combat", s.sideName(side), strconv.Itoa(att.Final()), strconv.Itoa(dfn.Final()), strconv.Itoa(ah))
	if Overwhelming(ah, dfn.Final()) {
		if rep != nil {
			rep.Overwhelming = true
		}
		s.logf("10.24", engine.Observer, "overwhelming")
		// Every defending unit, those that retreated into the hex too
		// (10.26: they share the hex's losses).
		for _, t := range s.Bat.Def[:s.Bat.NDef] {
			for _, u := range s.board().Units(int(t)) {
				s.eliminateUnit(u, "10.24")
			}
		}
		s.settleCasualties() // 13.6: the stack lost at once, one check
		if s.Bat.SpentAP {
			s.AP[side]++
		}
		s.Bat.Hits = [2]int8{0, 0}
		s.toAdvance()
		return
	}
	dh := s.rollHits(dfn.Dice, rep, 1)
	s.logf("10.11", engine.Observer, "defenderHits", strconv.Itoa(dh))
	s.Bat.Hits = [2]int8{int8(dh), int8(ah)} // hits suffered by attacker, defender
	s.toLoss(0)
}

// combatReport is a combat as it was resolved (State.combat).
type combatReport struct {
	Side         engine.Side
	AP           bool
	From, Into   []int // hexes
	Att, Dfn     CombatSide
	Dice         [2][]int // each die rolled, side by side: the 5-6 dice first, then the 6 ones
	Hits         [2]int   // hits scored by the attacker, by the defender
	Overwhelming bool
}

// rollHits rolls a side's dice and counts hits (10.11, 10.21); rep, when
// not nil, keeps each die for battle side i.
func (s *State) rollHits(d Dice, rep *combatReport, i int) int {
	h := 0
	for range d.On5 {
		r := s.roll()
		if rep != nil {
			rep.Dice[i] = append(rep.Dice[i], r)
		}
		if r >= 5 {
			h++
		}
	}
	for range d.On6 {
		r := s.roll()
		if rep != nil {
			rep.Dice[i] = append(rep.Dice[i], r)
		}
		if r == 6 {
			h++
		}
	}
	if rep != nil {
		rep.Hits[i] = h
	}
	return h
}

// involved lists the units of role r (0 attacker, 1 defender) still in
// the combat.
func (s *State) involved(r int8) []int {
	f := fAtk
	if r == 1 {
		f = fDef
	}
	var out []int
	for u := range s.d.Units {
		if s.Flags[u]&f != 0 && s.Pos.Units[u].Box == BoxMap {
			out = append(out, u)
		}
	}
	return out
}

// noRetreat: on turns 1-2 Italian units may not retreat (3.2); a side
// retreats all its units or none (10.25).
func (s *State) noRetreat(units []int) bool {
	if int(s.Turn) > s.d.TurnOne.ItalianNoRetreatTurns {
		return false
	}
	for _, u := range units {
		if s.d.Units[u].Nationality == Italian {
			return true
		}
	}
	return false
}

// lossOptions lists role r's ways to take its hits.
func (s *State) lossOptions(r int8) []Loss {
	h := int(s.Bat.Hits[r])
	if r == 0 {
		if s.noRetreat(s.involved(0)) {
			return []Loss{{h, 0}}
		}
		return AttackerLosses(h)
	}
	return DefenderLosses(h, s.Bat.AtkRetreated, s.noRetreat(s.involved(1)))
}

// toLoss asks role r how to take its hits, or goes on.
func (s *State) toLoss(r int8) {
	s.settleCasualties() // 13.6: the losses of the role before, one check
	s.Bat.Role = r
	if r > 1 {
		s.toAdvance()
		return
	}
	side := s.Phasing
	if r == 1 {
		side = 1 - side
	}
	if s.Bat.Hits[r] == 0 || len(s.involved(r)) == 0 {
		s.toLoss(r + 1)
		return
	}
	opts := s.lossOptions(r)
	if len(opts) == 1 {
		s.take(opts[0])
		return
	}
	s.Step, s.Decider = stLoss, side
}

// take starts satisfying the hits as l says.
func (s *State) take(l Loss) {
	r := s.Bat.Role
	s.Bat.Steps, s.Bat.Retreat = int8(l.Steps), int8(l.Retreat)
	if r == 0 && l.Retreat > 0 {
		s.Bat.AtkRetreated = true
	}
	s.logf("10.22", engine.Observer, "takes", strconv.Itoa(l.Steps), strconv.Itoa(l.Retreat))
	s.toSteps()
}

func (s *State) roleSide() engine.Side {
	if s.Bat.Role == 0 {
		return s.Phasing
	}
	return 1 - s.Phasing
}

// toSteps asks for the next step loss, or goes on to the retreat.
func (s *State) toSteps() {
	units := s.involved(s.Bat.Role)
	if s.Bat.Steps <= 0 || len(units) == 0 {
		s.toRetreat()
		return
	}
	if len(units) == 1 {
		s.Bat.Steps--
		s.stepLoss(s.board(), units[0], "10.21")
		s.toSteps()
		return
	}
	s.Step, s.Decider = stSteps, s.roleSide()
}

// toRetreat starts the retreat of the role's surviving units.
func (s *State) toRetreat() {
	units := s.involved(s.Bat.Role)
	if s.Bat.Retreat > 0 {
		for _, u := range units {
			s.RetLeft[u], s.Extra[u] = s.Bat.Retreat, 0
		}
		s.Bat.Retreat = 0
	}
	s.nextRetreat()
}

// retreatHexes lists where unit u may retreat its next hex (10.26): an
// adjacent hex it may enter, without enemy units or an unnegated EZOC,
// farther from the hex it fought in (for an attacker: from the defending
// hexes), and closer to its supply source if any such hex exists.
func (s *State) retreatHexes(b *Board, u int) []int {
	def := &s.d.Units[u]
	h := int(s.Pos.Units[u].Hex)
	away := func(x int) int {
		if s.Flags[u]&fAtk != 0 {
			m := 1 << 30
			for _, t := range s.Bat.Def[:s.Bat.NDef] {
				m = min(m, hexDistance(s.d, x, int(t)))
			}
			return m
		}
		return hexDistance(s.d, x, int(s.Orig[u]))
	}
	src := s.d.SupplySource[def.Side]
	var all, toward []int
	for dir, n := range s.d.Hexes[h].Neighbours {
		if n < 0 {
			continue
		}
		x := int(n)
		if b.enterCost(h, dir, x, def.Type) == Prohibited || b.Occupied(1-def.Side, x) || b.OpenEZOC(def.Side, x) || away(x) <= away(h) {
			continue
		}
		all = append(all, x)
		if hexDistance(s.d, x, src) < hexDistance(s.d, h, src) {
			toward = append(toward, x)
		}
	}
	if len(toward) > 0 {
		all = toward
	}
	// 10.26: "Stacking limits must be observed at the end of the
	// retreat": the last hex must keep the stacking limit if one can
	// (ruling W33).
	if s.RetLeft[u] == 1 {
		var fits []int
		for _, x := range all {
			if b.StackPoints(x)+s.stackCost(b, u, x) <= StackLimit {
				fits = append(fits, x)
			}
		}
		if len(fits) > 0 {
			return fits
		}
	}
	return all
}

// stackCost is what unit u adds to the stacking points of hex x (9.2): a
// battalion is free if x holds no other free battalion.
func (s *State) stackCost(b *Board, u, x int) int {
	def := &s.d.Units[u]
	if def.FreeStacker() {
		for _, v := range b.Units(x) {
			if s.d.Units[v].FreeStacker() {
				return def.StackPoints()
			}
		}
		return 0
	}
	return def.StackPoints()
}

// nextRetreat asks for the next retreat hex; a unit that cannot retreat
// loses a step instead (10.26).
func (s *State) nextRetreat() {
	b := s.board()
	for u := range s.d.Units {
		for s.RetLeft[u] > 0 && s.Pos.Units[u].Box == BoxMap {
			if len(s.retreatHexes(b, u)) > 0 {
				s.Step, s.Decider = stRetreat, s.d.Units[u].Side
				return
			}
			s.RetLeft[u]--
			s.logf("10.26", engine.Observer, "cannotRetreat", s.d.Units[u].Name)
			s.stepLoss(b, u, "10.26")
			b = s.board()
		}
		s.RetLeft[u] = 0
	}
	s.toLoss(s.Bat.Role + 1)
}

// retreatUnit moves u one hex of its retreat (10.26).
func (s *State) retreatUnit(u, h int) {
	from := int(s.Pos.Units[u].Hex)
	b := s.board()
	if b.Occupied(s.d.Units[u].Side, h) {
		s.Pos.Units[u].Retreated = true // 10.26: adds nothing to a later defence
	}
	s.Pos.Units[u].Hex, s.Pos.Units[u].InIP = int16(h), false
	s.RetLeft[u]--
	// 10.26: "If no other choice is available, retreat the minimum number
	// of units the fewest number of hexes to another hex until the
	// stacking limit is met": the unit whose arrival breaks the limit
	// retreats one hex more if it can (ruling W33).
	if nb := s.board(); s.RetLeft[u] == 0 && nb.Overstacked(h) && s.Extra[u] < 3 {
		s.RetLeft[u] = 1
		if len(s.retreatHexes(nb, u)) > 0 {
			s.Extra[u]++
		} else {
			s.RetLeft[u] = 0
		}
	}
	s.Pos.tidyIPs()
	s.logf("10.26", engine.Observer, "moves", s.d.Units[u].Name, s.hexID(from), s.hexID(h))
	s.entered(u, h)
	// A leader left alone goes with the last unit out (ruling W28).
	side := s.d.Units[u].Side
	if !s.board().Occupied(side, from) {
		for l := range s.d.Leaders {
			if s.d.Leaders[l].Side == side && int(s.Pos.Leaders[l].Hex) == from {
				s.Pos.Leaders[l].Hex = int16(h)
			}
		}
	}
}

// toAdvance offers the advance after combat (10.27) when a defending hex
// is empty and the attacker took all its losses as steps.
func (s *State) toAdvance() {
	s.Bat.Role = 2
	if s.Bat.AtkRetreated {
		s.endBattle()
		return
	}
	for _, u := range s.involved(0) {
		s.AdvLeft[u] = int8(s.d.Tables.Types[s.d.Units[u].Type][s.d.Units[u].Group()].Advance)
	}
	if len(s.legalAdvance(nil)) == 0 {
		s.endBattle()
		return
	}
	s.Step, s.Decider = stAdvance, s.Phasing
}

// legalAdvance lists the advances open (10.27): a surviving attacker that
// has not advanced enters an emptied defending hex adjacent to it; one in
// an emptied defending hex with a hex of advance left may go on to an
// empty adjacent hex it may enter.
func (s *State) legalAdvance(dst []engine.Action) []engine.Action {
	b := s.board()
	for _, u := range s.involved(0) {
		if s.AdvLeft[u] <= 0 {
			continue
		}
		def := &s.d.Units[u]
		h := int(s.Pos.Units[u].Hex)
		full := int(s.AdvLeft[u]) == s.d.Tables.Types[def.Type][def.Group()].Advance
		for dir, n := range s.d.Hexes[h].Neighbours {
			if n < 0 || b.enterCost(h, dir, int(n), def.Type) == Prohibited {
				continue
			}
			x := int(n)
			empty := !b.Occupied(0, x) && !b.Occupied(1, x)
			if full && s.inList(s.Bat.Def[:s.Bat.NDef], x) && !b.Occupied(1-def.Side, x) {
				dst = append(dst, engine.Action{Op: opAdvance, A: int16(u), B: int16(x)})
			}
			if !full && empty {
				dst = append(dst, engine.Action{Op: opAdvance, A: int16(u), B: int16(x)})
			}
		}
	}
	if len(dst) > 0 {
		dst = append(dst, engine.Action{Op: opDone})
	}
	return dst
}

// advanceUnit moves u one hex of its advance (10.27). Taking a defended
// fortress lowers its status (16.1).
func (s *State) advanceUnit(u, h int) {
	side := s.d.Units[u].Side
	if s.inList(s.Bat.Def[:s.Bat.NDef], h) && int(s.AdvLeft[u]) == s.d.Tables.Types[s.d.Units[u].Type][s.d.Units[u].Group()].Advance {
		for k, f := range [2]int{s.d.Tobruk, s.d.Bardia} {
			if h == f && !s.board().Occupied(side, h) && int(s.Pos.FortressLost[k]) < s.d.Places[s.d.Hexes[f].Place].FortressLevels-1 {
				s.Pos.FortressLost[k]++
				s.logf("16.1", engine.Observer, "fortress", s.d.Places[s.d.Hexes[f].Place].Name)
			}
		}
	}
	s.jump(u, h, "10.27")
	s.AdvLeft[u]--
	if len(s.legalAdvance(nil)) == 0 {
		s.endBattle()
	}
}

// endBattle clears the combat and returns to the combat phase.
func (s *State) endBattle() {
	for u := range s.Flags {
		s.Flags[u] &^= fAtk | fDef | fWithheld
		s.RetLeft[u], s.AdvLeft[u] = 0, 0
	}
	s.Step, s.Decider = s.Bat.Phase, s.Phasing
	s.Bat = battle{}
}

// eliminateUnit removes u at once (10.24), to the Recoverable or the
// Permanent box (10.21).
func (s *State) eliminateUnit(u int, rule string) {
	b := s.board()
	def := &s.d.Units[u]
	if def.Steps == 2 {
		s.Pos.Units[u].Reduced = true
	}
	s.stepLoss(b, u, rule)
}

// endCombatPhase clears the phase's records (10.1).
func (s *State) endCombatPhase() {
	s.NDefended, s.NObliged = 0, 0
	s.Defended, s.Obliged = [48]int16{}, [48]int16{}
	for u := range s.Pos.Units {
		s.Pos.Units[u].Retreated = false
		s.Flags[u] &^= fAttacked | fBombarded
	}
}

func (s *State) encodeCombat(name string, a engine.Action) string {
	unitID := func(i int16) string {
		if i < 0 || int(i) >= len(s.d.Units) {
			return "unit" + strconv.Itoa(int(i))
		}
		return s.d.Units[i].ID
	}
	switch a.Op {
	case opAttack:
		return name + " " + s.hexID(int(a.A)) + " " + s.hexID(int(a.B))
	case opJoin, opTarget, opShell:
		return name + " " + s.hexID(int(a.A))
	case opBombard:
		return name + " " + s.hexID(int(a.A)) + " " + strconv.Itoa(int(a.B))
	case opWithhold:
		return name + " " + unitID(a.A)
	case opLeader:
		if a.A >= 0 && int(a.A) < len(s.d.Leaders) {
			return name + " " + s.d.Leaders[a.A].ID
		}
		return name + " leader?"
	case opSupport:
		return name + " " + strconv.Itoa(int(a.A))
	case opResolve:
		if a.A == 1 {
			return name + " ap"
		}
		return name + " no-ap"
	case opTake:
		return name + " " + strconv.Itoa(int(a.A)) + " " + strconv.Itoa(int(a.B))
	case opHit:
		return name + " " + unitID(a.A)
	case opRetreat, opAdvance:
		return name + " " + unitID(a.A) + " " + s.hexID(int(a.B))
	}
	return name
}

func (s *State) decodeCombat(op uint8, args []string) (engine.Action, error) {
	a := engine.Action{Op: op}
	name := combatOpName[op]
	bad := func(what string) (engine.Action, error) {
		return engine.Action{}, fmtErr("wdf: %q takes %s", name, what)
	}
	hex := func(id string) (int16, bool) {
		i, ok := s.d.Lookup(id)
		return int16(i), ok
	}
	num := func(t string) (int16, bool) {
		n, err := strconv.Atoi(t)
		return int16(n), err == nil && n >= 0 && n <= 99
	}
	var ok bool
	switch op {
	case opAttack:
		if len(args) != 2 {
			return bad("two hexes")
		}
		a.A, ok = hex(args[0])
		if ok {
			a.B, ok = hex(args[1])
		}
		if !ok {
			return bad("two hexes in play")
		}
	case opBombard:
		if len(args) != 2 {
			return bad("a hex and a number of ASPs")
		}
		a.A, ok = hex(args[0])
		if ok {
			a.B, ok = num(args[1])
		}
		if !ok {
			return bad("a hex in play and a number")
		}
	case opWithhold:
		if len(args) != 1 {
			return bad("a unit")
		}
		u, found := s.d.Unit(args[0])
		if !found {
			return engine.Action{}, fmtErr("wdf: no unit %q", args[0])
		}
		a.A = int16(u)
	case opLeader:
		if len(args) != 1 {
			return bad("a leader")
		}
		l := slices.IndexFunc(s.d.Leaders, func(d LeaderDef) bool { return d.ID == args[0] })
		if l < 0 {
			return engine.Action{}, fmtErr("wdf: no leader %q", args[0])
		}
		a.A = int16(l)
	case opJoin, opTarget, opShell:
		if len(args) != 1 {
			return bad("a hex")
		}
		if a.A, ok = hex(args[0]); !ok {
			return bad("a hex in play")
		}
	case opSupport:
		if len(args) != 1 {
			return bad("a number")
		}
		if a.A, ok = num(args[0]); !ok {
			return bad("a number")
		}
	case opNaval:
		if len(args) != 0 {
			return bad("no arguments")
		}
	case opResolve:
		if len(args) != 1 || (args[0] != "ap" && args[0] != "no-ap") {
			return bad("ap or no-ap")
		}
		if args[0] == "ap" {
			a.A = 1
		}
	case opTake:
		if len(args) != 2 {
			return bad("step losses and hexes of retreat")
		}
		a.A, ok = num(args[0])
		if ok {
			a.B, ok = num(args[1])
		}
		if !ok {
			return bad("two numbers")
		}
	case opHit, opRetreat, opAdvance:
		want := 1
		if op != opHit {
			want = 2
		}
		if len(args) != want {
			return bad("a unit" + map[bool]string{true: " and a hex", false: ""}[want == 2])
		}
		u, found := s.d.Unit(args[0])
		if !found {
			return engine.Action{}, fmtErr("wdf: no unit %q", args[0])
		}
		a.A = int16(u)
		if want == 2 {
			if a.B, ok = hex(args[1]); !ok {
				return bad("a unit and a hex in play")
			}
		}
	}
	return a, nil
}

func fmtErr(format string, args ...any) error { return fmt.Errorf(format, args...) }

// BombardRange is how far from a friendly combat unit or depot air
// bombardment reaches (14.2).
const BombardRange = 5

// legalBombard lists the bombardments open now: air bombardment of an
// enemy hex within five hexes of a friendly combat unit or the depot with
// two or more ASPs (14.2), and, in the Regular Combat Phase, the Allied
// naval bombardment of a coastal hex (15.0); never twice on a unit in a
// phase.
func (s *State) legalBombard(b *Board, dst []engine.Action) []engine.Action {
	side := s.Phasing
	asp := int(s.ASP[side])
	naval := side == Allied && s.Pos.Naval && !s.navalUsed() && s.Step == stCombat
	if asp < 2 && !naval {
		return dst
	}
	for h := range s.d.Hexes {
		units := b.Units(h)
		if len(units) == 0 || s.d.Units[units[0]].Side == side {
			continue
		}
		fresh := true
		for _, u := range units {
			fresh = fresh && s.Flags[u]&fBombarded == 0
		}
		if !fresh {
			continue
		}
		if naval && s.d.Hexes[h].Coastal {
			dst = append(dst, engine.Action{Op: opShell, A: int16(h)})
		}
		if asp >= 2 && s.inBombardRange(b, h) {
			for n := 2; n <= asp; n++ {
				dst = append(dst, engine.Action{Op: opBombard, A: int16(h), B: int16(n)})
			}
		}
	}
	return dst
}

func (s *State) inBombardRange(b *Board, h int) bool {
	side := s.Phasing
	if dep := int(s.Pos.Depot[side]); dep >= 0 && hexDistance(s.d, dep, h) <= BombardRange {
		return true
	}
	for u, def := range s.d.Units {
		if def.Side == side && s.Pos.Units[u].Box == BoxMap && hexDistance(s.d, int(s.Pos.Units[u].Hex), h) <= BombardRange {
			return true
		}
	}
	return false
}

// bombard rolls a bombardment of hex h with n dice (14.2, 15.0): air hits
// on every two 6s, naval on every 6; the owner takes the hits as step
// losses, never retreats.
func (s *State) bombard(h, n int, naval bool) {
	side := s.Phasing
	sixes := 0
	for range n {
		if s.roll() == 6 {
			sixes++
		}
	}
	hits, rule := sixes/2, "14.2"
	if naval {
		hits, rule = sixes, "15.0"
		s.NavalUsed = true
	} else {
		s.ASP[side] -= int8(n)
	}
	s.logf(rule, engine.Observer, "bombard", s.hexID(h), strconv.Itoa(n), strconv.Itoa(hits))
	b := s.board()
	s.Bat = battle{Phase: s.Step, Role: 1, Steps: int8(hits)}
	for _, u := range b.Units(h) {
		s.Flags[u] |= fBombarded | fDef
	}
	s.toSteps()
}
