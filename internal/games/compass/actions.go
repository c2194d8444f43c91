package compass

import (
	"fmt"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
)

// Operation codes of Compass actions. Their record text is given in
// EncodeAction.
const (
	opDone      = iota + 1 // "done": end this step or phase, or pass
	opPick                 // "pick EVENT": choose a turn 1 event (6.1.A)
	opPlace                // "place UNIT AREA": place a reinforcement (3.11)
	opReplace              // "replace UNIT": spend a replacement point (3.10)
	opPlay                 // "play EVENT [UNIT]": play an event marker (rule 7)
	opMove                 // "move UNIT AREA" (6.2.D, 6.2.F)
	opAttack               // "attack UNIT AREA": declare an attack (6.2.D, 6.2.F)
	opEliminate            // "eliminate UNIT": stacking excess (3.1)
	opBattle               // "battle FROM AREA": fight a combat (6.2.E)
	opEnter                // "enter UNIT AREA": move into an emptied target (6.2.E)
	opFront                // "front UNIT": a front-line unit (6.2.E.1-2)
	opSupport              // "support UNIT FRONT": a support unit (6.2.E.1-2)
	opHit                  // "hit UNIT": take one hit (6.2.E.6)
	opRetreat              // "retreat UNIT AREA" (6.2.E.7)
	opAdvance              // "advance UNIT" (6.2.E.8)
	opActivate             // "activate UNIT front|support" (6.2.F)
)

var opName = actiontext.Ops{"", "done", "pick", "place", "replace", "play", "move", "attack", "eliminate", "battle", "enter", "front", "support", "hit", "retreat", "advance", "activate"}

// eventID is the record name of each event.
var eventID = [NumEvents]string{"air-support", "naval-support", "leader", "surprise", "unit-recovery", "motor-convoy", "sustained-attack", "matilda"}

// Legal lists every action open to side at this decision point.
func (s *State) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if s.Result != 0 || side != s.Decider {
		return dst
	}
	switch s.Step {
	case stPick:
		for k := range NumEvents {
			if s.Bag[Allied][k] > 0 {
				dst = append(dst, engine.Action{Op: opPick, A: int16(k)})
			}
		}
	case stPlace:
		areas := s.entryAreas(side)
		for _, u := range s.due(side) {
			for _, a := range areas {
				dst = append(dst, engine.Action{Op: opPlace, A: int16(u), B: int16(a)})
			}
		}
	case stRefit:
		if s.Repl[side] > 0 {
			for _, u := range s.replaceable(side) {
				dst = append(dst, engine.Action{Op: opReplace, A: int16(u)})
			}
		}
		if s.Hand[side][UnitRecovery] > 0 {
			for _, u := range s.recoverable(side) {
				dst = append(dst, engine.Action{Op: opPlay, A: int16(UnitRecovery), B: int16(u)})
			}
		}
		dst = append(dst, engine.Action{Op: opDone})
	case stMove:
		dst = s.legalMovement(dst)
	case stStack:
		for _, u := range s.overStacked(side) {
			dst = append(dst, engine.Action{Op: opEliminate, A: int16(u)})
		}
	case stCombat:
		dst = s.legalCombat(dst)
	case stAtkFront:
		dst = s.legalAtkFront(dst)
	case stAtkSupport:
		dst = s.legalAtkSupport(dst)
	case stDefFront:
		dst = s.legalDefFront(dst)
	case stDefSupport:
		dst = s.legalDefSupport(dst)
	case stAtkEvents:
		dst = s.legalEvents(0, dst)
	case stDefEvents:
		dst = s.legalEvents(1, dst)
	case stAtkLeader:
		dst = s.legalLeader(0, dst)
	case stDefLeader:
		dst = s.legalLeader(1, dst)
	case stAtkHits:
		dst = s.legalHits(0, dst)
	case stDefHits:
		dst = s.legalHits(1, dst)
	case stRetreat:
		dst = s.legalRetreat(dst)
	case stAdvance:
		dst = s.legalAdvance(dst)
	case stMatilda:
		dst = s.legalMatilda(dst)
	case stExploit:
		dst = s.legalExploit(dst)
	case stActivate:
		dst = s.legalActivate(dst)
	case stExploitAct:
		dst = s.legalExploitAct(dst)
	}
	return dst
}

// Apply plays a for side after checking it is in Legal(side); a refused
// action leaves the state unchanged.
func (s *State) Apply(side engine.Side, a engine.Action) error {
	if s.Result != 0 {
		return engine.Illegal("the game is over")
	}
	if side != s.Decider {
		return engine.Illegal("it is %s's decision now, not %s's", s.sideName(s.Decider), sideLabel(side))
	}
	var buf [128]engine.Action
	for _, l := range s.Legal(side, buf[:0]) {
		if l == a {
			s.ApplyUnchecked(side, a)
			return nil
		}
	}
	return engine.Illegal("%q is not allowed now (%s)", s.EncodeAction(a), s.Prompt(side, "en"))
}

func sideLabel(side engine.Side) string {
	if side == Allied || side == Italian {
		return Game{}.SideNames()[side]
	}
	return "an observer"
}

// ApplyUnchecked plays a legal action without checking it; search uses it
// on actions it took from Legal.
func (s *State) ApplyUnchecked(side engine.Side, a engine.Action) {
	u, b := int(a.A), int(a.B)
	switch s.Step {
	case stPick:
		s.Bag[Allied][u]--
		s.Hand[Allied][u]++
		s.Picks--
		s.logf("6.1.A", Allied, "picked", eventID[u])
		if s.Picks == 0 || s.bagCount(Allied) == 0 {
			s.logf("6.1.A", engine.Observer, "picks", s.sideName(Allied), fmt.Sprint(s.handCount(Allied)))
			s.beginReinforcements()
		}
	case stPlace:
		s.place(u, b)
		s.placeReinforcements(side)
	case stRefit:
		switch a.Op {
		case opReplace:
			s.Repl[side]--
			s.Units[u].Hits = 0
			s.logf("3.10", engine.Observer, "replaced", s.def(u).Name)
			if s.Repl[side] > 0 && len(s.replaceable(side)) == 0 {
				s.logf("3.10", engine.Observer, "replLost", s.sideName(side), fmt.Sprint(s.Repl[side]))
				s.Repl[side] = 0
			}
		case opPlay:
			s.spend(side, UnitRecovery)
			s.Units[b] = unit{Target: noArea}
			s.enter(b, s.logisticArea(side))
			s.logf("7", engine.Observer, "recovered", s.sideName(side), s.def(b).Name, s.d.Areas[s.logisticArea(side)].Name)
		case opDone:
			s.endRefit(side)
		}
	case stMove:
		switch a.Op {
		case opMove:
			s.moveUnit(u, b)
		case opAttack:
			s.declareAttack(u, b)
		case opPlay:
			s.spend(side, MotorConvoy)
			s.Units[b].MP += convoyMP
			s.logf("7", engine.Observer, "event", s.sideName(side), eventID[MotorConvoy], s.def(b).Name)
		case opDone:
			s.logf("6.2.D", engine.Observer, "endMovement", s.sideName(side))
			s.endMovement()
		}
	case stStack:
		s.logf("3.1", engine.Observer, "overstack", s.d.Areas[s.Units[u].Area].Name)
		s.eliminate(u, "3.1")
		if len(s.overStacked(side)) == 0 {
			// Return from the check, then check again: the other side's
			// units may be over the limit too.
			s.checkStacking(s.Return())
		}
	case stCombat:
		switch a.Op {
		case opBattle:
			s.startBattle(u, b, false)
		case opEnter:
			s.enterVacated(u)
			s.toCombat()
		case opDone:
			s.logf("6.2.E", engine.Observer, "endCombat", s.sideName(side))
			s.endCombatPhase()
		}
	case stAtkFront:
		if a.Op == opDone {
			s.toAtkSupport()
			return
		}
		s.addFront(0, u)
		s.afterAtkFront()
	case stAtkSupport:
		if a.Op == opDone {
			s.endAtkSelection()
			return
		}
		s.addSupport(0, u, b)
		s.toAtkSupport()
	case stDefFront:
		if a.Op == opDone {
			s.Step = stDefSupport
		} else {
			s.addFront(1, u)
		}
		s.autoDefence()
	case stDefSupport:
		if a.Op == opDone {
			s.beginEvents()
			return
		}
		s.addSupport(1, u, b)
		s.autoDefence()
	case stAtkEvents, stDefEvents:
		if a.Op == opDone {
			if s.Step == stAtkEvents {
				s.afterAtkEvents()
			} else {
				s.roll()
			}
			return
		}
		s.playCombatEvent(side, EventKind(u), b)
	case stAtkLeader, stDefLeader:
		i := s.role()
		if a.Op == opPlay {
			s.playLeader(i, b)
			if s.mayReroll(i) {
				return
			}
		}
		if i == 0 {
			s.afterAtkLeader()
		} else {
			s.countHits()
		}
	case stAtkHits, stDefHits:
		s.takeHit(s.role(), u)
		s.autoHits()
	case stRetreat:
		s.retreat(u, b)
		s.autoRetreat()
	case stAdvance:
		if a.Op == opDone {
			s.endBattle()
			return
		}
		s.advance(u)
		if len(s.legalAdvance(nil)) == 1 {
			s.endBattle()
		}
	case stMatilda:
		if a.Op == opPlay {
			s.playMatilda()
		}
		s.closeBattle()
	case stExploit:
		if a.Op == opPlay {
			s.playSustained()
			return
		}
		s.logf("6.2.F", engine.Observer, "endExploitation", s.sideName(side))
		s.checkStacking(contEndTurn)
	case stActivate:
		if a.Op == opDone {
			s.toExploitAct()
			return
		}
		s.activate(u, b == 1)
	case stExploitAct:
		switch a.Op {
		case opMove:
			s.exploitMove(u, b)
			s.toExploitAct()
		case opAttack:
			s.exploitDeclare(u, b)
		case opBattle:
			s.startBattle(u, b, true)
		case opEnter:
			s.enterVacated(u)
			s.toExploitAct()
		case opDone:
			s.endSustained()
		}
	}
}

// EncodeAction writes the stable record text of a.
func (s *State) EncodeAction(a engine.Action) string {
	unitID := func(i int16) string {
		return actiontext.ID(i, len(s.d.Units), "unit", func(i int) string { return s.d.Units[i].ID })
	}
	areaID := func(i int16) string {
		return actiontext.ID(i, len(s.d.Areas), "area", func(i int) string { return s.d.Areas[i].ID })
	}
	name := opName.Word(a.Op)
	switch a.Op {
	case opDone:
		return name
	case opPick:
		return name + " " + eventName(a.A)
	case opReplace, opEliminate, opFront, opHit, opAdvance:
		return name + " " + unitID(a.A)
	case opPlay:
		if a.B < 0 {
			return name + " " + eventName(a.A)
		}
		return name + " " + eventName(a.A) + " " + unitID(a.B)
	case opPlace, opMove, opAttack, opEnter, opRetreat:
		return name + " " + unitID(a.A) + " " + areaID(a.B)
	case opBattle:
		return name + " " + areaID(a.A) + " " + areaID(a.B)
	case opSupport:
		return name + " " + unitID(a.A) + " " + unitID(a.B)
	case opActivate:
		if a.B == 1 {
			return name + " " + unitID(a.A) + " support"
		}
		return name + " " + unitID(a.A) + " front"
	}
	return name
}

func eventName(k int16) string {
	return actiontext.ID(k, len(eventID), "event", func(i int) string { return eventID[i] })
}

// DecodeAction parses an action's record text. It checks the words, not
// legality: Apply does that.
func (s *State) DecodeAction(text string) (engine.Action, error) {
	op, args, err := opName.Split("compass", text)
	if err != nil {
		return engine.Action{}, err
	}
	a := engine.Action{Op: op, B: -1}
	want := func(n int, what string) error { return actiontext.Want("compass", opName[op], args, n, what) }
	switch op {
	case opDone:
		a.B = 0
		err = want(0, "no arguments")
	case opPick:
		a.B = 0
		if err = want(1, "an event"); err == nil {
			a.A, err = s.eventArg(args[0])
		}
	case opReplace, opEliminate, opFront, opHit, opAdvance:
		a.B = 0
		if err = want(1, "a unit"); err == nil {
			a.A, err = s.unitArg(args[0])
		}
	case opPlay:
		if len(args) < 1 || len(args) > 2 {
			return engine.Action{}, fmt.Errorf("compass: %q takes an event and, for most events, a unit", opName[op])
		}
		if a.A, err = s.eventArg(args[0]); err == nil && len(args) == 2 {
			a.B, err = s.unitArg(args[1])
		}
	case opPlace, opMove, opAttack, opEnter, opRetreat:
		if err = want(2, "a unit and an area"); err == nil {
			if a.A, err = s.unitArg(args[0]); err == nil {
				a.B, err = s.areaArg(args[1])
			}
		}
	case opBattle:
		if err = want(2, "the area attacked from and the area attacked"); err == nil {
			if a.A, err = s.areaArg(args[0]); err == nil {
				a.B, err = s.areaArg(args[1])
			}
		}
	case opSupport:
		if err = want(2, "the support unit and the front-line unit"); err == nil {
			if a.A, err = s.unitArg(args[0]); err == nil {
				a.B, err = s.unitArg(args[1])
			}
		}
	case opActivate:
		if err = want(2, "a unit and front or support"); err == nil {
			if a.A, err = s.unitArg(args[0]); err == nil {
				switch args[1] {
				case "front":
					a.B = 0
				case "support":
					a.B = 1
				default:
					err = fmt.Errorf("compass: activate takes front or support, not %q", args[1])
				}
			}
		}
	}
	if err != nil {
		return engine.Action{}, err
	}
	return a, nil
}

func (s *State) unitArg(id string) (int16, error) {
	for i, u := range s.d.Units {
		if u.ID == id {
			return int16(i), nil
		}
	}
	return 0, fmt.Errorf("compass: no unit %q", id)
}

func (s *State) areaArg(id string) (int16, error) {
	for i, a := range s.d.Areas {
		if a.ID == id {
			return int16(i), nil
		}
	}
	return 0, fmt.Errorf("compass: no area %q", id)
}

func (s *State) eventArg(id string) (int16, error) {
	for i, n := range eventID {
		if n == id {
			return int16(i), nil
		}
	}
	return 0, fmt.Errorf("compass: no event %q (events: %s)", id, strings.Join(eventID[:], ", "))
}

// SecretAction reports whether side's action a, about to be played, must
// stay hidden from the other side: the Allied choice of turn 1 events
// (6.1.A), which only its owner sees.
func (s *State) SecretAction(side engine.Side, a engine.Action) bool {
	return s.Step == stPick && a.Op == opPick
}
