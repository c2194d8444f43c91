package primogenita

import (
	"slices"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
)

// Action operations.
const (
	opPlace    uint8 = iota + 1 // A unit, B hex: set up (1.7)
	opPick                      // A priority: add an Order to the secret choice (3.2)
	opDrop                      // A priority: take it out again before committing
	opCommit                    // the choice is complete (3.2)
	opUncommit                  // take one's commit back while the other side has not committed
	opExecute                   // A priority: execute the drawn Order (3.2)
	opDecline                   // A priority: return it to the sheet unexecuted (3.2)
	opReturn                    // A priority: return a Combination Order from a full box (3.3)
	opRail                      // A unit, B hex: Italian rail movement (4.3)
	opPass                      // no rail movement; no more upgrades
	opUpgrade                   // A source index: upgrade an Allied LS to FS (5.3)
	opRemove                    // A unit: remove an SD for the upgrade (5.3)
	opMove                      // A unit, B hex: a step of a move (4.1)
	opHalt                      // A unit: the moving unit stops
	opDone                      // no more units move in this Order
	opDeclare                   // A priority: declare a Combination Order from the box (3.3)
	opTarget                    // A hex: bombard or assault it
	opFire                      // A unit: it takes part
	opResolve                   // roll
	opDisrupt                   // A unit: Disrupt it (6.3)
	opStep                      // A unit: it loses the step (6.3)
	opDeplete                   // A unit: deplete this SD for the step (6.3)
	opTrench                    // A hex: lose the Trench there for a "1+" (7.3)
	opTakeLoss                  // take an Oc as a "1" (7.3)
	opRetreat                   // retreat (7.3 Oc, 7.4, 7.6)
	opCounter                   // A hex: Counterattack it (7.5)
	opPush                      // Push (7.4)
	opStay                      // stay and face the Push (7.4)
	opChoose                    // A unit: the target of a Minor Order (9)
	opDuel                      // A Italian unit, B Allied unit: Desperate Attack (Order 8)
	opOpenCity                  // declare Asmara an Open City (2.2)
)

var opNames = actiontext.Ops{"", "place", "pick", "drop", "commit", "uncommit", "execute", "decline", "return", "rail", "pass", "upgrade", "remove", "move", "halt", "done", "declare", "target", "fire", "resolve", "disrupt", "step", "deplete", "trench", "loss", "retreat", "counter", "push", "stay", "choose", "duel", "open-city"}

// Legal appends every action open to side now.
func (s *State) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if !s.Active().Has(side) {
		return dst
	}
	switch s.Step {
	case stSetup:
		u := s.setupUnit()
		for _, h := range s.setupHexes(u) {
			dst = append(dst, engine.Action{Op: opPlace, A: int16(u), B: int16(h)})
		}
	case stChoose:
		if s.Committed[side] {
			if !s.Committed[Other(side)] {
				dst = append(dst, engine.Action{Op: opUncommit})
			}
			return dst
		}
		for p := NumOrders; p >= 1; p-- {
			if s.canPick(side, p) {
				dst = append(dst, engine.Action{Op: opPick, A: int16(p)})
			}
		}
		for p := NumOrders; p >= 1; p-- {
			if s.Orders[p].Where == OrdPending && s.d.Orders[p].Side == side {
				dst = append(dst, engine.Action{Op: opDrop, A: int16(p)})
			}
		}
		if s.canCommit(side) {
			dst = append(dst, engine.Action{Op: opCommit})
		}
	case stExecute:
		if s.executable(int(s.Current)) {
			dst = append(dst, engine.Action{Op: opExecute, A: int16(s.Current)})
		}
		dst = append(dst, engine.Action{Op: opDecline, A: int16(s.Current)})
	case stBoxFull:
		for p := NumOrders; p >= 1; p-- {
			if s.Orders[p].Where == OrdBox && s.d.Orders[p].Side == side {
				dst = append(dst, engine.Action{Op: opReturn, A: int16(p)})
			}
		}
	case stRail:
		for _, u := range s.railUnits() {
			for _, h := range s.railDestinations(u) {
				dst = append(dst, engine.Action{Op: opRail, A: int16(u), B: int16(h)})
			}
		}
		dst = append(dst, engine.Action{Op: opPass})
	case stSource:
		for i := range s.Markers {
			if s.canUpgrade(i) {
				dst = append(dst, engine.Action{Op: opUpgrade, A: int16(i)})
			}
		}
		dst = append(dst, engine.Action{Op: opPass})
	case stMove:
		dst = s.legalMove(dst)
		if s.Mover < 0 && !s.Advance && !s.anyMoved() && s.Decider == Allied && s.Orders[39].Where == OrdBox &&
			s.d.Orders[s.Current].Category == Main {
			dst = append(dst, engine.Action{Op: opDeclare, A: 39}) // Order 39: before any unit moves
		}
		if p := s.moveCombo(); p > 0 && s.Mover < 0 && !s.anyMoved() && !s.SDPhase {
			dst = append(dst, engine.Action{Op: opDeclare, A: int16(p)}) // Orders 41, 38: before any unit moves
		}
	case stMoveAfter:
		if p := s.moveCombo(); p > 0 {
			dst = append(dst, engine.Action{Op: opDeclare, A: int16(p)})
		}
		dst = append(dst, engine.Action{Op: opDone})
	case stRaid:
		dst = s.raids(dst)
	case stOpenCity:
		dst = append(dst, engine.Action{Op: opOpenCity}, engine.Action{Op: opPass})
	case stBombTarget, stBombFire, stBombDisrupt, stBombStep, stBombSD:
		dst = s.legalBombard(dst)
	case stAsTarget, stAsUnits, stAsLoss, stAsPlus, stAsOc, stAsPush, stAsStay, stAsRetreat, stAsAdvance, stAsWin, stAsCounter13, stAsSDLoss, stAsPushUnits, stAsPushOn, stAsPushSD:
		dst = s.legalAssault(dst)
	case stMinor:
		dst = s.minorTargets(int(s.Current), dst)
	case stResupply:
		for _, u := range s.resupplyChoices(side) {
			dst = append(dst, engine.Action{Op: opChoose, A: int16(u)})
		}
		if len(dst) == 0 {
			dst = append(dst, engine.Action{Op: opDone})
		}
	case stDigFrom:
		for i, t := range s.Pos.Trench {
			if s.Pos.Owner[i] == side && t >= 0 {
				dst = append(dst, engine.Action{Op: opTarget, A: t})
			}
		}
	case stMinorAdvance:
		dst = append(dst, engine.Action{Op: opMove, A: s.Mover, B: s.Target}, engine.Action{Op: opPass})
	case stRemoveSD:
		for u := range s.d.Units {
			if s.d.Units[u].Kind == SD && s.Pos.Units[u].Loc == OnMap {
				dst = append(dst, engine.Action{Op: opRemove, A: int16(u)})
			}
		}
	}
	return dst
}

// Apply plays a for side; an action not in Legal is refused and changes
// nothing.
func (s *State) Apply(side engine.Side, a engine.Action) error {
	if !slices.Contains(s.Legal(side, nil), a) {
		return engine.Illegal("%s may not %s now", sideNames[side], s.EncodeAction(a))
	}
	s.ApplyUnchecked(side, a)
	return nil
}

// ApplyUnchecked plays a, known to come from Legal(side) on this very
// state, without validating it (ai.UncheckedApplier: the search's
// playouts).
func (s *State) ApplyUnchecked(side engine.Side, a engine.Action) {
	switch s.Step {
	case stAsTarget, stAsUnits, stAsLoss, stAsPlus, stAsOc, stAsPush, stAsStay, stAsRetreat, stAsAdvance, stAsWin, stAsCounter13, stAsSDLoss, stAsPushUnits, stAsPushOn, stAsPushSD:
		s.applyAssault(a)
		s.advance()
		return
	case stBombTarget, stBombFire, stBombDisrupt, stBombStep, stBombSD:
		s.applyBombard(a)
		s.advance()
		return
	case stMinor:
		s.applyMinor(a)
		s.advance()
		return
	case stOpenCity:
		if a.Op == opOpenCity {
			s.declareOpenCity()
		}
		if s.Current == 0 {
			s.beginSegment(2) // after the Rail Movement Segment
		} else {
			s.finishOrder() // the end of the Move Main Order (Orders 30, 7: Trenches left empty go back)
		}
		s.advance()
		return
	case stMoveAfter:
		if a.Op == opDone {
			s.finishMove()
		} else {
			s.declareMoveCombo(int(a.A), true)
		}
		s.advance()
		return
	case stRaid:
		s.raid(int(a.A), int(a.B))
		if s.Overrun == 2 { // here: the Raid was made after the move
			s.finishMove()
		} else {
			s.Step = stMove
		}
		s.advance()
		return
	case stResupply:
		if a.Op == opChoose {
			s.Firing[a.A] = true
			s.logf("5.7", engine.Observer, "resupplied", s.d.Units[a.A].ID)
		}
		if a.Op == opDone || len(s.resupplyChoices(side)) == 0 {
			s.finishResupply(side, s.net(side, side == Allied && s.Trucks))
		}
		s.advance()
		return
	case stDigFrom:
		s.moveTrench(side, int(a.A), int(s.Target))
		s.finishOrder()
		s.advance()
		return
	case stMinorAdvance:
		if a.Op == opMove {
			s.Pos.Units[a.A].Hex = a.B
			s.logf("9", engine.Observer, "advances", s.d.Units[a.A].ID, s.d.Hexes[a.B].ID)
			s.entered(int(a.A), int(a.B))
		}
		s.Mover = -1
		s.finishOrder()
		s.advance()
		return
	}
	switch a.Op {
	case opPlace:
		s.Pos.Units[a.A] = UnitState{Loc: OnMap, Hex: a.B}
		s.logf("1.7", engine.Observer, "setup", s.d.Units[a.A].ID, s.d.Hexes[a.B].ID)
	case opPick:
		s.Orders[a.A].Where = OrdPending
		s.logf("3.2", side, "pick", strconv.Itoa(int(a.A)))
	case opDrop:
		s.Orders[a.A].Where = OrdSheet
		s.logf("3.2", side, "drop", strconv.Itoa(int(a.A)))
	case opCommit:
		s.Committed[side] = true
		s.logf("3.2", engine.Observer, "commit", sideNames[side])
		if s.Committed[Other(side)] {
			s.reveal()
		}
	case opUncommit:
		s.Committed[side] = false
		s.logf("3.2", engine.Observer, "uncommit", sideNames[side])
	case opExecute:
		if s.execute(int(a.A)) {
			s.draw()
		}
	case opDecline:
		s.Orders[a.A].Where = OrdSheet // 3.2: returned without flipping
		s.logf("3.2", engine.Observer, "decline", strconv.Itoa(int(a.A)))
		s.draw()
	case opReturn:
		s.Orders[a.A].Where = OrdSheet // 3.3: returned without being flipped
		s.logf("3.3", engine.Observer, "return", strconv.Itoa(int(a.A)))
		s.draw()
	case opRail:
		s.rail(int(a.A), int(a.B))
		s.afterRail()
	case opPass:
		if s.Step == stRail {
			s.afterRail()
		} else if s.Step == stBombSD {
			s.applyBombard(a)
		} else if s.Step == stSource {
			s.beginSegment(1)
		} else {
			s.beginSegment(2)
		}
	case opUpgrade:
		s.Step, s.Upgrading, s.ToRemove = stRemoveSD, int8(a.A), int8(upgrade[a.A].sd)
	case opTarget, opFire, opResolve, opDisrupt, opStep, opDeplete:
		s.applyBombard(a)
	case opMove:
		s.applyMove(int(a.A), int(a.B))
	case opHalt:
		s.Mover, s.MoverLeft = -1, 0
	case opDone:
		if s.Step == stBombTarget {
			s.applyBombard(a)
		} else {
			s.moveDone()
		}
	case opDeclare:
		if s.Step == stBombFire {
			s.applyBombard(a)
			break
		}
		if a.A == 41 || a.A == 38 {
			s.declareMoveCombo(int(a.A), false)
			break
		}
		s.Advance = true
		s.Orders[a.A] = OrderState{Where: OrdSheet, Flipped: true}
		s.logf("3.3", engine.Observer, "declare", strconv.Itoa(int(a.A)))
	case opRemove:
		s.Pos.Units[a.A] = UnitState{Loc: Gone}
		s.logf("5.3", engine.Observer, "sd-removed", s.d.Units[a.A].ID)
		if s.ToRemove--; s.ToRemove == 0 {
			s.Markers[s.Upgrading] = MarkerFS
			s.logf("5.3", engine.Observer, "fs-upgraded", s.d.AlliedSupply[s.Upgrading].ID)
			s.Upgrading = 0
			s.supplySourceSegment()
		}
	}
	s.advance()
	return
}

// railUnits are the Italian units that may move by rail (4.3, 8.1): a
// non-Disrupted Foot unit with a Movement Value, in a town with no flag on
// the rail line.
func (s *State) railUnits() []int {
	var out []int
	for u := range s.d.Units {
		unit, st := &s.d.Units[u], &s.Pos.Units[u]
		if unit.Side != Italian || unit.Kind != Foot || unit.Move == 0 || st.Loc != OnMap || st.Disrupted {
			continue
		}
		h := &s.d.Hexes[st.Hex]
		if h.Rail && h.Town >= 0 && s.Pos.Flags[h.Town] == NoFlag {
			out = append(out, u)
		}
	}
	return out
}

// railDestinations are the rail hexes unit u may reach by rail (4.3): any
// distance along the line, never into an enemy unit or an enemy-controlled
// town; through any enemy ZoC if the hex is friendly-occupied, through an
// empty Weak ZoC hex, but stopping in an empty Hard ZoC hex; it must fit
// where it ends (1.5).
func (s *State) railDestinations(u int) []int {
	var out []int
	for _, h := range s.railSearch(u).order {
		if s.fits(u, h) {
			out = append(out, h)
		}
	}
	return out
}

// railWay is what railSearch found: the hexes reached in the order found
// and, for each, the hex it was entered from.
type railWay struct {
	order []int
	from  map[int]int
}

// railSearch walks the rail line from unit u's hex under 4.3's limits
// (railDestinations).
func (s *State) railSearch(u int) railWay {
	start := int(s.Pos.Units[u].Hex)
	w := railWay{from: map[int]int{start: -1}}
	queue := []int{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, l := range s.d.Hexes[h].Links {
			n := l.To
			if _, seen := w.from[n]; seen || !l.Rail || s.d.Occupied(&s.Pos, Allied, n) || s.d.EnemyTown(&s.Pos, Italian, n) {
				continue
			}
			w.from[n] = h
			w.order = append(w.order, n)
			if !s.d.Occupied(&s.Pos, Italian, n) && s.d.ZoCInto(&s.Pos, Italian, n) == HardZoC {
				continue // stop here
			}
			queue = append(queue, n)
		}
	}
	return w
}

// railPath is the rail hexes unit u enters on its way to hex to, in order,
// to included (4.3).
func (s *State) railPath(u, to int) []int {
	w := s.railSearch(u)
	var path []int
	for h := to; h >= 0 && h != int(s.Pos.Units[u].Hex); h = w.from[h] {
		path = append(path, h)
	}
	slices.Reverse(path)
	return path
}

// rail moves unit u by rail to hex to (4.3), applying the effects of
// entering each hex of the way in order (2.2: passing a hex adjacent to
// Asmara cancels the Open City; 5.3, Orders 37, 30, 7: markers and
// Trenches in the hexes entered).
func (s *State) rail(u, to int) {
	path := s.railPath(u, to)
	s.Pos.Units[u].Hex = int16(to)
	s.logf("4.3", engine.Observer, "rail", s.d.Units[u].ID, s.d.Hexes[to].ID)
	for _, h := range path {
		s.entered(u, h)
	}
}

// EncodeAction gives a's record text ("place 11-ind I-1", "pick 36").
func (s *State) EncodeAction(a engine.Action) string {
	w := opNames.Word(a.Op)
	switch a.Op {
	case opPlace, opRail, opMove:
		unit := actiontext.ID(a.A, len(s.d.Units), "unit", func(i int) string { return s.d.Units[i].ID })
		hex := actiontext.ID(a.B, len(s.d.Hexes), "hex", func(i int) string { return s.d.Hexes[i].ID })
		return w + " " + unit + " " + hex
	case opDeclare:
		return w + " " + strconv.Itoa(int(a.A)) + []string{"", " split", " held"}[min(max(a.B, 0), 2)]
	case opPick, opDrop, opExecute, opDecline, opReturn:
		return w + " " + strconv.Itoa(int(a.A))
	case opUpgrade:
		return w + " " + actiontext.ID(a.A, len(s.d.AlliedSupply), "source", func(i int) string { return s.d.AlliedSupply[i].ID })
	case opTarget, opCounter, opTrench:
		return w + " " + actiontext.ID(a.A, len(s.d.Hexes), "hex", func(i int) string { return s.d.Hexes[i].ID })
	case opDuel:
		id := func(i int) string { return s.d.Units[i].ID }
		return w + " " + actiontext.ID(a.A, len(s.d.Units), "unit", id) + " " + actiontext.ID(a.B, len(s.d.Units), "unit", id)
	case opRemove, opHalt, opFire, opDisrupt, opStep, opDeplete, opChoose:
		return w + " " + actiontext.ID(a.A, len(s.d.Units), "unit", func(i int) string { return s.d.Units[i].ID })
	}
	return w
}

// DecodeAction parses a record text.
func (s *State) DecodeAction(text string) (engine.Action, error) {
	op, args, err := opNames.Split("primogenita", text)
	if err != nil {
		return engine.Action{}, engine.Illegal("%v", err)
	}
	want := func(n int, what string) error {
		if err := actiontext.Want("primogenita", opNames[op], args, n, what); err != nil {
			return engine.Illegal("%v", err)
		}
		return nil
	}
	switch op {
	case opPlace, opRail, opMove:
		if err := want(2, "a unit and a hex"); err != nil {
			return engine.Action{}, err
		}
		u, h := s.d.UnitIndex(args[0]), s.d.HexIndex(args[1])
		if u < 0 || h < 0 {
			return engine.Action{}, engine.Illegal("primogenita: unknown unit or hex in %q", text)
		}
		return engine.Action{Op: op, A: int16(u), B: int16(h)}, nil
	case opDeclare:
		if len(args) == 2 {
			how := map[string]int16{"split": airSplit, "held": airHeld}[args[1]]
			if how == 0 || args[0] != "42" {
				return engine.Action{}, engine.Illegal("primogenita: %q: only Order 42 is declared split or held", text)
			}
			return engine.Action{Op: op, A: 42, B: how}, nil
		}
		if err := want(1, "an Order's priority number"); err != nil {
			return engine.Action{}, err
		}
		p, err := strconv.Atoi(args[0])
		if err != nil || p < 1 || p > NumOrders {
			return engine.Action{}, engine.Illegal("primogenita: %q is not an Order 1-44", args[0])
		}
		return engine.Action{Op: op, A: int16(p)}, nil
	case opPick, opDrop, opExecute, opDecline, opReturn:
		if err := want(1, "an Order's priority number"); err != nil {
			return engine.Action{}, err
		}
		p, err := strconv.Atoi(args[0])
		if err != nil || p < 1 || p > NumOrders {
			return engine.Action{}, engine.Illegal("primogenita: %q is not an Order 1-44", args[0])
		}
		return engine.Action{Op: op, A: int16(p)}, nil
	case opUpgrade:
		if err := want(1, "an Allied supply source"); err != nil {
			return engine.Action{}, err
		}
		for i, src := range s.d.AlliedSupply {
			if src.ID == args[0] {
				return engine.Action{Op: op, A: int16(i)}, nil
			}
		}
		return engine.Action{}, engine.Illegal("primogenita: no Allied supply source %q", args[0])
	case opTarget, opCounter, opTrench:
		if op == opTrench && len(args) == 0 {
			return engine.Action{Op: op, A: s.Target}, nil // records before 7.3's Trench had a hex: the defender's
		}
		if err := want(1, "a hex"); err != nil {
			return engine.Action{}, err
		}
		h := s.d.HexIndex(args[0])
		if h < 0 {
			return engine.Action{}, engine.Illegal("primogenita: no hex %q", args[0])
		}
		return engine.Action{Op: op, A: int16(h)}, nil
	case opDuel:
		if err := want(2, "two units"); err != nil {
			return engine.Action{}, err
		}
		u, v := s.d.UnitIndex(args[0]), s.d.UnitIndex(args[1])
		if u < 0 || v < 0 {
			return engine.Action{}, engine.Illegal("primogenita: unknown unit in %q", text)
		}
		return engine.Action{Op: op, A: int16(u), B: int16(v)}, nil
	case opRemove, opHalt, opFire, opDisrupt, opStep, opDeplete, opChoose:
		if err := want(1, "a unit"); err != nil {
			return engine.Action{}, err
		}
		u := s.d.UnitIndex(args[0])
		if u < 0 {
			return engine.Action{}, engine.Illegal("primogenita: no unit %q", args[0])
		}
		return engine.Action{Op: op, A: int16(u)}, nil
	}
	if err := want(0, "nothing"); err != nil {
		return engine.Action{}, err
	}
	return engine.Action{Op: op}, nil
}

// anyMoved reports whether a unit has moved in the current Move Order.
func (s *State) anyMoved() bool {
	for _, m := range s.Moved[:len(s.d.Units)] {
		if m {
			return true
		}
	}
	return false
}

// declareMoveCombo declares Overrun (41) or Raid (38) before or after the
// move (section 9).
func (s *State) declareMoveCombo(p int, after bool) {
	s.Orders[p] = OrderState{Where: OrdSheet, Flipped: true}
	s.logf("3.3", engine.Observer, "declare", strconv.Itoa(p))
	if p == 41 {
		s.startOverrun(after)
		return
	}
	s.Overrun = 0
	if after {
		s.Overrun = 2 // reused as "after" for the Raid's return
	}
	s.Step = stRaid
}

// afterRail ends the Rail Movement Segment: Italy may declare Asmara an
// Open City (2.2), then the 2nd ORDER Segment.
func (s *State) afterRail() {
	if s.openCityPossible() {
		s.Step, s.Decider = stOpenCity, Italian
		return
	}
	s.beginSegment(2)
}
