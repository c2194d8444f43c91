package limanowa

import (
	"fmt"
	"slices"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
)

// The operations, by Action.Op.
const (
	opPlace    = iota + 1 // A unit, B hex, C 0 formed / 1 dispersed (10.1, 6.3)
	opPass                // pass on the command (5.21)
	opActivate            // A unit: a command activates it (6.01)
	opAdd                 // A unit: it joins the activation as a stack or mass (6.01b, c)
	opEnd                 // the command ends, the rest of the units idle (6.03)
	opDeploy              // A unit flips (6.3)
	opDig                 // A unit digs (6.41)
	opFire                // A unit, B hex (6.5)
	opMove                // A unit declares a move (6.6)
	opStep                // A unit, B hex: one movement point into the hex (6.62)
	opMelee               // A unit: one movement point to melee in its hex (6.671); B 0 every able mover pays it, else unit B-1 alone (6.672)
	opStop                // A unit ends its move (6.65)
	opRally               // A unit tries to rally (3.8)
	opNoRally             // no more rallies at this entry (3.8)
	opReact               // A unit fires at the moving unit's hex (6.71)
	opHold                // no more reaction or return fire now (6.71, 6.74)
	opReturn              // A unit shoots back at the shooter (6.74)
	opAttack              // A unit attacks B unit in melee (6.674)
	opPickUp              // A unit joins the lone mover in its hex (6.61)
	opPolicy              // A the side's standing reaction order (AskEach...)
	opExit                // A the movers leave the map across its edge (10.3)
	opCall                // A OMA group, B vertex, C 0 shell / 1 smoke (6.1, 7.52)
	opCancel              // A OMA group (6.2)
	opSpine               // A OMA group, B the vertex the spine named "1-2" leads to (7.243)
)

var ops = actiontext.Ops{"", "place", "pass", "activate", "add", "end", "deploy", "dig", "fire", "move", "step",
	"melee", "stop", "rally", "no-rally", "react", "hold", "return", "attack", "pick-up", "policy", "exit",
	"call", "cancel", "spine"}

var shells = []string{"shell", "smoke", "gas"}

var faces = []string{"formed", "dispersed"}

// Legal lists every action open to side now.
func (s *State) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	return s.legal(side, dst, true)
}

// legal lists side's actions, the calls of off-map artillery only if
// calls (listing them traces the observers' lines to many vertices).
func (s *State) legal(side engine.Side, dst []engine.Action, calls bool) []engine.Action {
	if s.Over() || !s.Active().Has(side) {
		return dst
	}
	add := func(op uint8, a, b, c int) {
		dst = append(dst, engine.Action{Op: op, A: int16(a), B: int16(b), C: int16(c)})
	}
	n := len(dst)
	switch s.Step {
	case stSetup, stArrive:
		i := s.nextToPlace(side)
		if s.Step == stArrive {
			i = int(s.Arriving)
		}
		f := s.force(i)
		for _, h := range f.Area {
			if s.Step == stSetup && !s.pos.CanSetUp(s.sc, i, h) || s.Step == stArrive && !slices.Contains(s.arrivalHexes(i, nil), h) {
				continue
			}
			if f.Face != DispersedFace {
				add(opPlace, i, int(hexCode(h)), 0)
			}
			if f.Face != FormedFace {
				add(opPlace, i, int(hexCode(h)), 1)
			}
		}
	case stCommand:
		add(opPass, 0, 0, 0)
		dst = s.orders(side, dst)
		for i := range s.pos.Units {
			if u := &s.pos.Units[i]; u.Side == side && s.commandable(i) {
				add(opActivate, i, 0, 0)
			}
		}
		var seen map[int16]bool
		for g := range s.groups() {
			if o, _ := s.spec(g); o.Side != side {
				continue
			}
			if calls && s.callable(g) {
				if seen == nil {
					seen = map[int16]bool{}
				}
				for _, c := range s.callTargets(g, seen, nil) {
					add(opCall, g, int(c), 0)
					add(opCall, g, int(c), 1)
					if s.sc.Series.Gas {
						add(opCall, g, int(c), 2) // 7.51
					}
				}
			}
			if s.primed(g) && !s.Groups[g].Spent {
				add(opCancel, g, 0, 0)
			}
		}
	case stGroup:
		dst = s.groupActions(dst)
	case stMove:
		m := s.able(nil)[0]
		u := &s.pos.Units[m]
		nb := u.Hex.Neighbours()
		next := nb[:]
		if s.offMap() {
			next = s.entryHexes(m, nil)
		}
		for _, h := range next {
			if s.canStep(h) {
				add(opStep, m, int(hexCode(h)), 0)
			}
		}
		if u.Where == OnMap && s.pos.enemyIn(side, u.Hex) && slices.ContainsFunc(s.able(nil), func(i int) bool { return s.pos.Units[i].MP > 0 }) {
			add(opMelee, m, 0, 0)
			// 6.671/6.672: each mover elects to pay the point; with two
			// that may, one may melee alone.
			if ps := s.meleePayers(nil); len(ps) > 1 {
				for _, p := range ps {
					add(opMelee, m, p+1, 0)
				}
			}
		}
		if s.canExit() {
			add(opExit, m, 0, 0)
		}
		if s.canGoIn() {
			add(opIn, m, 0, 0) // 8.321
			if s.canGoInMelee() {
				add(opIn, m, 0, 1) // 6.62 option 4
			}
		}
		for _, v := range s.pickUps(nil) {
			add(opPickUp, v, 0, 0)
		}
		add(opStop, m, 0, 0)
	case stRally:
		for _, i := range s.rallyCandidates(nil) {
			add(opRally, i, 0, 0)
		}
		add(opNoRally, 0, 0, 0)
	case stReact:
		for _, i := range s.reactors(nil) {
			add(opReact, i, 0, 0)
		}
		add(opHold, 0, 0, 0)
	case stReturn:
		for _, i := range s.returners(nil) {
			add(opReturn, i, 0, 0)
		}
		add(opHold, 0, 0, 0)
	case stMelee:
		a, targets := s.allocating()
		for _, t := range targets {
			add(opAttack, a, t, 0)
		}
	case stSpine:
		for _, c := range s.spines(codeVertex(s.StrayAt)) {
			add(opSpine, int(s.Stray)-1, int(c), 0)
		}
	case stObserver, stBreach, stCrater, stDrift, stShovel:
		dst = s.seriesLegal(side, dst)
	default:
		dst = s.campaignLegal(side, dst)
	}
	// The command lists them after its pass; a forced answer, with no
	// other to choose, asks nothing (the page answers it for a player who
	// wants, the computer without a search).
	if s.Step != stCommand && len(dst)-n > 1 {
		dst = s.orders(side, dst)
	}
	return dst
}

// orders appends side's changes of its standing reaction order (6.71: a
// choice the player makes once instead of at every window; opPolicy),
// open at every decision of his with a choice in it, so that he may give
// it at the first reaction window he is asked about, or at any other
// question.
func (s *State) orders(side engine.Side, dst []engine.Action) []engine.Action {
	if s.changes[side] >= maxChanges {
		return dst // L70: answer the question first
	}
	for p := range numPolicies {
		if p != s.Policy[side] {
			dst = append(dst, engine.Action{Op: opPolicy, A: int16(p)})
		}
	}
	return dst
}

// maxChanges is how many times in a row a side may change its standing
// reaction order before it answers the question it is asked (ruling L70):
// one change reaches any order, a second mends a slip, and a record
// gathers at most two asides for every answer.
const maxChanges = 2

// Aside reports that a is a change of the standing reaction order
// (engine.Asider): an action of the side, recorded, that answers no
// question of the game, so it earns no time on the clock.
func (s *State) Aside(a engine.Action) bool { return a.Op == opPolicy }

// groupActions are the activated units' actions (6.03) and whether more
// may join (6.01).
func (s *State) groupActions(dst []engine.Action) []engine.Action {
	add := func(op uint8, a, b int) { dst = append(dst, engine.Action{Op: op, A: int16(a), B: int16(b)}) }
	acted := false
	for k := range int(s.NGroup) {
		acted = acted || s.Acted[k]
	}
	if !acted && int(s.NGroup) < maxGroup {
		for i := range s.pos.Units {
			if s.canJoin(i) {
				add(opAdd, i, 0)
			}
		}
	}
	for k := range int(s.NGroup) {
		i := int(s.Group[k])
		u := &s.pos.Units[i]
		if s.Acted[k] || !s.commandable(i) {
			continue
		}
		add(opDeploy, i, 0)
		if u.Where == OnMap { // off the map a unit may only flip or enter (10.2)
			if s.d.Counters[u.Counter].CanDig() {
				add(opDig, i, 0)
			}
			for _, h := range s.fireTargets(i, nil) {
				add(opFire, i, int(h))
			}
		}
		add(opMove, i, 0)
		dst = s.transportMoves(i, dst)              // 6.82
		for k2 := k + 1; k2 < int(s.NGroup); k2++ { // 6.61: a stack moves together
			if j := int(s.Group[k2]); !s.Acted[k2] && s.commandable(j) && s.pos.Units[j].Where == u.Where && s.pos.Units[j].Hex == u.Hex {
				add(opMove, i, j+1)
			}
		}
	}
	return append(dst, engine.Action{Op: opEnd})
}

// canJoin reports whether units[i] may join the activation: the group and
// it are a stack of two ready units in one hex (6.01b) or a mass (3.5,
// 6.01c).
func (s *State) canJoin(i int) bool {
	u := &s.pos.Units[i]
	if u.Side != s.Phasing || !s.commandable(i) {
		return false
	}
	ids := make([]int, 0, s.NGroup+1)
	for k := range int(s.NGroup) {
		if int(s.Group[k]) == i {
			return false
		}
		ids = append(ids, int(s.Group[k]))
	}
	ids = append(ids, i)
	if s.entering(ids[0]) || s.entering(i) {
		return s.offMapGroup(ids)
	}
	if len(ids) == 2 && s.pos.Units[ids[0]].Hex == u.Hex {
		return true
	}
	return s.d.IsMass(s.pos.Units, ids) || s.sc.Series.Infiltration[u.Side] && IsBlob(s.pos.Units, ids) // 6.01e
}

// offMapGroup reports whether entering reinforcements may be commanded
// together (10.21: off the map up to 12 are assumed adjacent): any two as
// a stack, or a mass of identical formed units (3.5).
func (s *State) offMapGroup(ids []int) bool {
	first := &s.pos.Units[ids[0]]
	for _, i := range ids {
		u := &s.pos.Units[i]
		if !s.entering(i) || len(ids) > StackLimit && (u.Dispersed || !s.d.Identical(u, first)) {
			return false
		}
	}
	return true
}

// fireTargets are the hex codes holding enemy units that units[i] may
// fire at (6.51, 6.52; ruling L15: a shot at a hex without enemy units is
// not offered).
func (s *State) fireTargets(i int, dst []int16) []int16 {
	u := &s.pos.Units[i]
	for j := range s.pos.Units {
		e := &s.pos.Units[j]
		if e.Where != OnMap || e.Side == u.Side {
			continue
		}
		c := hexCode(e.Hex)
		seen := false
		for _, x := range dst {
			seen = seen || x == c
		}
		if !seen && s.pos.CanFire(s.d, s.fireAt(i, e.Hex, false)) {
			dst = append(dst, c)
		}
	}
	return dst
}

// Apply plays a for side.
func (s *State) Apply(side engine.Side, a engine.Action) error {
	if err := s.refuseChange(side, a); err != nil {
		return err
	}
	if !s.allowed(side, a) {
		return engine.Illegal("limanowa: %s is not open to %s now", s.EncodeAction(a), s.sideName(side))
	}
	s.decides(side)
	s.apply(a)
	return nil
}

// refuseChange says why a change of the standing reaction order that the
// side could otherwise give is refused (ruling L70): it changes nothing,
// or the side has changed the order maxChanges times since the last
// answer to a question.
func (s *State) refuseChange(side engine.Side, a engine.Action) error {
	if a.Op != opPolicy || s.Over() || !s.Active().Has(side) || a.A < 0 || a.A >= int16(numPolicies) {
		return nil
	}
	switch {
	case uint8(a.A) == s.Policy[side]:
		return engine.Illegal("limanowa: the standing reaction order is already %s: a change must change it (L70)", policyNames[a.A])
	case s.changes[side] >= maxChanges:
		return engine.Illegal("limanowa: the standing reaction order has been changed %d times in a row: answer the question first (L70)", s.changes[side])
	}
	return nil
}

// allowed reports whether a is open to side, as engine.IsLegal would, but
// judging a call by itself rather than by listing every cross hair the
// observers see (a validated apply, as the greedy player makes for every
// action it weighs, stays cheap).
func (s *State) allowed(side engine.Side, a engine.Action) bool {
	if !s.Active().Has(side) {
		return false
	}
	if a.Op != opCall {
		return slices.Contains(s.legal(side, nil, false), a)
	}
	g := int(a.A)
	if s.Over() || side != s.Decider || s.Step != stCommand || g < 0 || g >= s.groups() || a.C < 0 || int(a.C) > 1+b2i(s.sc.Series.Gas) {
		return false
	}
	return s.spec1(g).Side == side && s.callable(g) && s.canCall(g, a.B, map[int16]bool{})
}

// ApplyUnchecked plays an action known to be legal (ai.UncheckedApplier).
func (s *State) ApplyUnchecked(side engine.Side, a engine.Action) {
	s.decides(side)
	s.apply(a)
}

func (s *State) sideName(side engine.Side) string {
	if side >= 0 && int(side) < len(SideNames) {
		return SideNames[side]
	}
	return fmt.Sprintf("side %d", side)
}

func (s *State) apply(a engine.Action) {
	i := int(a.A)
	if a.Op != opPolicy {
		s.changes = [2]int8{} // L70: an answer ends the runs of changes
	}
	switch a.Op {
	case opPlace:
		if s.Step == stArrive {
			s.arrive(i, codeHex(a.B), a.C == 1)
			return
		}
		u := &s.pos.Units[i]
		u.Where, u.Hex, u.Dispersed = OnMap, codeHex(a.B), a.C == 1
		s.settleIn(i) // 8.322
		s.logf("10.1", engine.Observer, "placed", s.unitID(i), Layout.Format(u.Hex), faces[a.C])
		s.pos.Control.Update(s.pos.Units)
		s.nextSetup()
	case opPass:
		s.logf("5.21", engine.Observer, "pass", SideNames[s.Phasing])
		s.endHalf()
	case opActivate, opCall, opCancel:
		s.issue(a.Op, a.A, a.B, a.C)
	case opSpine:
		adj := codeVertex(s.StrayAt).Adjacent()
		s.strayAlong(slices.Index(adj[:], codeVertex(a.B)))
	case opAdd:
		s.Group[s.NGroup] = a.A
		s.NGroup++
		s.logf("6.01", engine.Observer, "joins", s.unitID(i))
	case opEnd:
		s.logf("6.03", engine.Observer, "end")
		s.endHalf()
	case opDeploy:
		u := &s.pos.Units[i]
		u.Dispersed, u.Spent = !u.Dispersed, true
		s.logf("6.3", engine.Observer, "deploys", s.unitID(i), faces[b2i(u.Dispersed)])
		s.afterAction(i)
	case opDig:
		u := &s.pos.Units[i]
		u.Shovel, u.Spent = true, true
		s.logf("6.41", engine.Observer, "digs", s.unitID(i))
		s.afterAction(i)
	case opFire:
		s.Shooter, s.FireHex = a.A, a.B
		s.Fired = [4]uint64{}
		s.logf("6.51", engine.Observer, "fires", s.unitID(i), Layout.Format(codeHex(a.B)))
		if len(s.returners(nil)) > 0 {
			s.Step, s.Decider = stReturn, s.reactor()
			return
		}
		s.fire()
	case opMove:
		s.logf("6.61", engine.Observer, "declares", s.unitID(i))
		if a.B > 0 {
			s.logf("6.61", engine.Observer, "declares", s.unitID(int(a.B-1)))
		}
		s.startMove(i, int(a.B)-1)
		if a.C > 0 {
			s.carried(i, int(a.C)-1)
		}
	case opStep:
		s.step(codeHex(a.B))
	case opMelee:
		s.beginMelee(int(a.B) - 1)
	case opStop:
		s.logf("6.65", engine.Observer, "stops", s.unitID(i))
		s.endMove()
	case opRally:
		s.setFired(i)
		s.check(i, 0, ByRally, "3.8")
		if len(s.rallyCandidates(nil)) == 0 {
			s.consequences()
		}
	case opNoRally:
		for _, r := range s.rallyCandidates(nil) {
			s.setFired(r)
		}
		s.consequences()
	case opReact:
		s.react(i)
		if len(s.reactors(nil)) == 0 {
			s.continueMove()
		}
	case opPolicy:
		s.Policy[s.Decider] = uint8(a.A)
		s.changes[s.Decider]++
		s.logf("6.71", s.Decider, "policy", SideNames[s.Decider], policyNames[a.A]) // the other side is not told
		if s.Step == stReact {
			s.openReaction() // the order given at a window answers it at once
		}
	case opHold:
		if s.Step == stReturn {
			s.fire()
		} else {
			s.continueMove()
		}
	case opReturn:
		s.setFired(i)
		if len(s.returners(nil)) == 0 {
			s.fire()
		}
	case opAttack:
		s.setAttack(i, int(a.B))
	case opPickUp:
		s.pickUp(i)
	case opExit:
		s.exit()
	case opObserver, opBreach, opCrater, opDrift, opIn, opShovelScrape, opBombStop, opRemoveStop:
		s.seriesApply(a)
	default:
		s.campaignApply(a)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// EncodeAction is the record text: "step hussar-sqn-2 D22".
func (s *State) EncodeAction(a engine.Action) string {
	if a.Op >= opSeries {
		return s.encodeSeries(a)
	}
	if a.Op >= opCampaign {
		return s.encodeCampaign(a)
	}
	w := ops.Word(a.Op)
	unit := func(i int16) string {
		return actiontext.ID(i, len(s.pos.Units), "unit", s.unitID)
	}
	hex := func(c int16) string {
		if !s.validHex(c) {
			return fmt.Sprintf("hex%d", c)
		}
		return Layout.Format(codeHex(c))
	}
	group := func(g int16) string { return actiontext.ID(g, s.groups(), "group", s.groupID) }
	vertex := func(c int16) string {
		if !s.validVertex(c) {
			return fmt.Sprintf("vertex%d", c)
		}
		return formatVertex(codeVertex(c))
	}
	switch a.Op {
	case opPlace:
		return w + " " + unit(a.A) + " " + hex(a.B) + " " + actiontext.ID(a.C, 2, "face", func(i int) string { return faces[i] })
	case opPass, opEnd, opNoRally, opHold:
		return w
	case opCall:
		return w + " " + group(a.A) + " " + vertex(a.B) + " " + actiontext.ID(a.C, len(shells), "shell", func(i int) string { return shells[i] })
	case opCancel:
		return w + " " + group(a.A)
	case opSpine:
		return w + " " + group(a.A) + " " + vertex(a.B)
	case opFire, opStep:
		return w + " " + unit(a.A) + " " + hex(a.B)
	case opAttack:
		return w + " " + unit(a.A) + " " + unit(a.B)
	case opMelee:
		if a.B != 0 {
			return w + " " + unit(a.A) + " " + unit(a.B-1)
		}
	case opPolicy:
		return w + " " + actiontext.ID(a.A, len(policyNames), "policy", func(i int) string { return policyNames[i] })
	case opMove:
		if a.B != 0 {
			return w + " " + unit(a.A) + " " + unit(a.B-1)
		}
		if a.C != 0 {
			return w + " " + unit(a.A) + " " + actiontext.ID(a.C-1, len(s.transportGroups()), "transport", s.transportID)
		}
	}
	return w + " " + unit(a.A)
}

// DecodeAction parses a record text.
func (s *State) DecodeAction(text string) (engine.Action, error) {
	if a, ok, err := s.decodeCampaign(text); ok {
		return a, err
	}
	if a, ok, err := s.decodeSeries(text); ok {
		return a, err
	}
	op, args, err := ops.Split("limanowa", text)
	if err != nil {
		return engine.Action{}, err
	}
	w := ops.Word(op)
	a := engine.Action{Op: op}
	unit, hex := s.decodeUnit, s.decodeHex
	group := func(id string) (int16, error) {
		g, ok := s.groupByID(id)
		if !ok {
			return 0, fmt.Errorf("limanowa: no OMA group %q in this scenario", id)
		}
		return int16(g), nil
	}
	vertex := func(id string) (int16, error) {
		v, err := parseVertex(id)
		if err != nil || !s.validVertex(vertexCode(v)) {
			return 0, fmt.Errorf("limanowa: %q is not a vertex of three hexes on the map", id)
		}
		return vertexCode(v), nil
	}
	switch op {
	case opPass, opEnd, opNoRally, opHold:
		return a, actiontext.Want("limanowa", w, args, 0, "nothing")
	case opCall:
		if err := actiontext.Want("limanowa", w, args, 3, "an OMA group, a vertex and shell, smoke or gas"); err != nil {
			return a, err
		}
		if a.A, err = group(args[0]); err != nil {
			return a, err
		}
		if a.B, err = vertex(args[1]); err != nil {
			return a, err
		}
		c := slices.Index(shells, strings.ToLower(args[2]))
		if c < 0 {
			return a, fmt.Errorf("limanowa: %q is not shell, smoke or gas", args[2])
		}
		a.C = int16(c)
		return a, nil
	case opCancel:
		if err := actiontext.Want("limanowa", w, args, 1, "an OMA group"); err != nil {
			return a, err
		}
		a.A, err = group(args[0])
		return a, err
	case opSpine:
		if err := actiontext.Want("limanowa", w, args, 2, "an OMA group and the vertex its stray spine leads to"); err != nil {
			return a, err
		}
		if a.A, err = group(args[0]); err != nil {
			return a, err
		}
		a.B, err = vertex(args[1])
		return a, err
	case opPlace:
		if err := actiontext.Want("limanowa", w, args, 3, "a unit, a hex and formed or dispersed"); err != nil {
			return a, err
		}
		if a.A, err = unit(args[0]); err != nil {
			return a, err
		}
		if a.B, err = hex(args[1]); err != nil {
			return a, err
		}
		switch strings.ToLower(args[2]) {
		case "formed":
		case "dispersed":
			a.C = 1
		default:
			return a, fmt.Errorf("limanowa: %q is neither formed nor dispersed", args[2])
		}
		return a, nil
	case opFire, opStep:
		if err := actiontext.Want("limanowa", w, args, 2, "a unit and a hex"); err != nil {
			return a, err
		}
		if a.A, err = unit(args[0]); err != nil {
			return a, err
		}
		a.B, err = hex(args[1])
		return a, err
	case opAttack:
		if err := actiontext.Want("limanowa", w, args, 2, "two units"); err != nil {
			return a, err
		}
		if a.A, err = unit(args[0]); err != nil {
			return a, err
		}
		a.B, err = unit(args[1])
		return a, err
	}
	if op == opPolicy {
		if err := actiontext.Want("limanowa", w, args, 1, "ask, mg-fire, all-fire or never"); err != nil {
			return a, err
		}
		p := slices.Index(policyNames, args[0])
		if p < 0 {
			return a, fmt.Errorf("limanowa: no reaction order %q (ask, mg-fire, all-fire, never)", args[0])
		}
		a.A = int16(p)
		return a, nil
	}
	if op == opMelee && len(args) == 2 { // one mover alone (6.672)
		if a.A, err = unit(args[0]); err != nil {
			return a, err
		}
		b, err := unit(args[1])
		a.B = b + 1
		return a, err
	}
	if op == opMove && len(args) == 2 {
		if a.A, err = unit(args[0]); err != nil {
			return a, err
		}
		if t, ok := s.decodeTransport(args[1]); ok {
			a.C = t
			return a, nil
		}
		b, err := unit(args[1])
		a.B = b + 1
		return a, err
	}
	if err := actiontext.Want("limanowa", w, args, 1, "a unit"); err != nil {
		return a, err
	}
	a.A, err = unit(args[0])
	return a, err
}

// decodeUnit reads a unit's record id, as the action decoders do.
func (s *State) decodeUnit(id string) (int16, error) {
	i, ok := s.unitByID(id)
	if !ok {
		return 0, fmt.Errorf("limanowa: no unit %q in this game", id)
	}
	return int16(i), nil
}

// decodeHex reads a hex in play, as the action decoders do.
func (s *State) decodeHex(id string) (int16, error) {
	h, err := Layout.Parse(id)
	if err != nil || !s.d.Map.InPlay(h) {
		return 0, fmt.Errorf("limanowa: %q is not a hex in play", id)
	}
	return hexCode(h), nil
}
