package wdf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
)

// Operation codes of WDF actions; their record text is given in
// EncodeAction.
const (
	opDone      = iota + 1 // "done": end this step or phase, or pass
	opDepot                // "depot HEX": place or relocate the depot (7.11)
	opSpend                // "spend N": ASPs against the Organization die (7.2)
	opMajor                // "major": declare a Major Offensive (7.9)
	opMove                 // "move UNIT HEX" (9.1, 9.5)
	opStrategic            // "strategic UNIT HEX" (9.4)
	opEliminate            // "eliminate UNIT": stacking excess (9.2)
	opLead                 // "lead LEADER HEX": move a leader (13.4)
	opEntrench             // "entrench UNIT": build or upgrade an IP (12.1)
	opDig                  // "dig UNIT": enter the hex's IP (12.2)
	opSea                  // "sea UNIT": Allied sea transfer (9.7)
	opReplace              // "replace UNIT": one replacement point (7.6)
	opReserve              // "reserve UNIT": to the Allied Reserve Box (7.8)
	opRelease              // "release UNIT": from the Reserve Box to the map (7.8)
	opSwap                 // "swap LEADER": the arriving leader replaces the one in play (13.7)
	opRefit                // "refit UNIT": the Allied armor refit (7.62)
	opTobruk               // "tobruk UNIT": the unit draws on Tobruk's limited supply (8.4)
	opPick                 // "pick UNIT|LEADER": choose the piece to act next in a movement phase (ruling W38)
)

var opName = actiontext.Ops{"", "done", "depot", "spend", "major", "move", "strategic", "eliminate", "lead", "entrench", "dig", "sea", "replace", "reserve", "release", "swap", "refit", "tobruk", "pick"}

// Legal lists every action open to side at this decision point.
func (s *State) Legal(side engine.Side, dst []engine.Action) []engine.Action {
	if s.Result != 0 || side != s.Decider {
		return dst
	}
	switch s.Step {
	case stDepot:
		for _, h := range s.depotHexes(side) {
			dst = append(dst, engine.Action{Op: opDepot, A: int16(h)})
		}
		if s.Pos.Depot[side] >= 0 {
			dst = append(dst, engine.Action{Op: opDone}) // keep it where it is
		}
	case stASP:
		for n := range int16(s.ASP[side]) + 1 {
			dst = append(dst, engine.Action{Op: opSpend, A: n})
		}
	case stMajor:
		dst = append(dst, engine.Action{Op: opMajor}, engine.Action{Op: opDone})
	case stReserve:
		dst = s.legalReserves(dst)
	case stRepl:
		if s.Repl > 0 {
			for _, u := range s.replaceable(side) {
				dst = append(dst, engine.Action{Op: opReplace, A: int16(u)})
			}
		}
		if s.RefitDue {
			for _, u := range s.refitCandidates() {
				dst = append(dst, engine.Action{Op: opRefit, A: int16(u)})
			}
		}
		dst = append(dst, engine.Action{Op: opDone})
	case stTobruk:
		sup := s.board().report(side)
		for _, u := range sup.Tobruk {
			if !s.Pos.TobrukPick[u] {
				dst = append(dst, engine.Action{Op: opTobruk, A: int16(u)})
			}
		}
	case stMove, stExploit:
		if p := s.chosenPiece(); p >= 0 {
			dst = s.pieceActions(p, dst)
		}
		dst = s.legalPicks(dst)
		dst = s.depotMoves(dst)
		dst = append(dst, engine.Action{Op: opDone})
	case stCombat, stExploitC:
		dst = s.legalCombat(dst)
	case stBuild:
		dst = s.legalBuild(dst)
	case stLeader:
		for _, l := range s.axisLeaders(s.board()) {
			dst = append(dst, engine.Action{Op: opLeader, A: int16(l)})
		}
	case stLoss:
		for _, l := range s.lossOptions(s.Bat.Role) {
			dst = append(dst, engine.Action{Op: opTake, A: int16(l.Steps), B: int16(l.Retreat)})
		}
	case stSteps:
		for _, u := range s.involved(s.Bat.Role) {
			dst = append(dst, engine.Action{Op: opHit, A: int16(u)})
		}
	case stRetreat:
		b := s.board()
		for u := range s.d.Units {
			if s.RetLeft[u] > 0 && s.Pos.Units[u].Box == BoxMap {
				for _, h := range s.retreatHexes(b, u) {
					dst = append(dst, engine.Action{Op: opRetreat, A: int16(u), B: int16(h)})
				}
			}
		}
	case stAdvance:
		dst = s.legalAdvance(dst)
	case stStack:
		for _, u := range s.overStacked(s.board(), s.stackVictim()) {
			dst = append(dst, engine.Action{Op: opEliminate, A: int16(u)})
		}
	}
	return dst
}

// A move in a movement phase is two decisions (ruling W38): the piece,
// then what it does. Legal lists the chosen piece's actions, a pick of
// every other piece that has something to do, the depot's move and done;
// so a decision lists tens of actions, not the thousand moves of every
// unit to every hex it may reach, and each piece's reach is found only
// when it is chosen.

// chosenPiece is the piece chosen (a unit's index, or MaxUnits plus a
// leader's), or -1.
func (s *State) chosenPiece() int { return int(s.chosen) - 1 }

// moveKind is the kind of move of the current movement phase.
func (s *State) moveKind() MoveKind {
	if s.Step == stExploit {
		return ExploitMove
	}
	return RegularMove
}

// pieceActions lists the actions of piece p: a leader's moves, or a
// unit's moves and its other actions (unitExtras).
func (s *State) pieceActions(p int, dst []engine.Action) []engine.Action {
	if p >= MaxUnits {
		return s.leaderMoves(p-MaxUnits, dst)
	}
	dst = s.unitMoves(p, dst)
	return s.unitExtras(p, dst)
}

// legalPicks lists a pick of every piece of the phasing side but the one
// chosen that has an action (pickable).
func (s *State) legalPicks(dst []engine.Action) []engine.Action {
	b := s.board()
	for u := range s.d.Units {
		if u != s.chosenPiece() && s.pickable(b, u) {
			dst = append(dst, engine.Action{Op: opPick, A: int16(u)})
		}
	}
	for l := range s.d.Leaders {
		if p := MaxUnits + l; p != s.chosenPiece() && s.pickable(b, p) {
			dst = append(dst, engine.Action{Op: opPick, A: int16(p)})
		}
	}
	return dst
}

// idleLeader reports whether p is a leader of the phasing side on the map
// that has not moved this phase.
func (s *State) idleLeader(p int) bool {
	l := p - MaxUnits
	if l < 0 || l >= len(s.d.Leaders) {
		return false
	}
	ls := &s.Pos.Leaders[l]
	return s.d.Leaders[l].Side == s.Phasing && ls.Hex >= 0 && ls.Face >= 0 && s.LeaderFlags[l]&fMoved == 0
}

// pickable reports whether piece p has an action: a leader if it has a
// move (its reach is traced); a unit without finding its reach: it moves if it may enter a neighbouring hex, since it may
// always move one hex at the start of its move (9.0) and every longer
// move, strategic ones too (9.4), begins with such a step; the unit part
// way through its move if a neighbour costs no more than it has left
// (ruling W36).
func (s *State) pickable(b *Board, p int) bool {
	if p < 0 {
		return false
	}
	if p >= MaxUnits {
		l := p - MaxUnits
		if !s.idleLeader(p) {
			return false
		}
		// A leader with no hex to move to (every neighbour held by the
		// enemy, or no allowance) is not offered (W38).
		return b.LeaderCanMove(l, s.moveKind())
	}
	u := p
	if u >= len(s.d.Units) {
		return false
	}
	def := &s.d.Units[u]
	us := &s.Pos.Units[u]
	if def.Side != s.Phasing || us.Box != BoxMap {
		return false
	}
	moving := u == s.moving()
	if s.Flags[u]&fMoved != 0 && !moving {
		return false
	}
	k := s.moveKind()
	budget := int(s.MoveLeft)
	if !moving {
		budget = b.MA(u, k, true) // 8.2: halved it is still more than none
	} else if s.Flags[u]&fStrategic != 0 && k == RegularMove {
		k = StrategicMove
	}
	if budget > 0 {
		step := b.unitRules(u, k)
		from := int(us.Hex)
		for dir, nb := range s.d.Hexes[from].Neighbours {
			if nb < 0 {
				continue
			}
			if c := step.cost(from, dir, int(nb)); c != Prohibited && (!moving || c <= budget) {
				return true
			}
		}
	}
	return s.canDig(b, u) || !moving && s.Step == stMove && (s.canSea(b, u) || s.canEntrench(b, u) && s.unitSupplied(u))
}

// unitMoves lists unit u's moves: for the unit part way through its move,
// every hex it may go on to with the MP it has left (ruling W36); for a
// unit that has not moved, every hex it may reach (9.1), strategic moves
// in the Regular Movement Phase (9.4), exploitation moves in the
// Exploitation Movement Phase (9.5). Supply is traced as the unit begins
// (8.0, 8.2).
func (s *State) unitMoves(u int, dst []engine.Action) []engine.Action {
	if s.d.Units[u].Side != s.Phasing || s.Pos.Units[u].Box != BoxMap {
		return dst
	}
	if !s.memo.fits(s, u) {
		m := movesMemo{bd: s.board(), u: u, step: s.Step, moveUnit: s.MoveUnit, left: s.MoveLeft, flags: s.Flags[u], calm: true}
		s.findMoves(u, &m)
		s.memo = m
	}
	for _, mv := range s.memo.moves {
		dst = append(dst, mv.a)
	}
	return dst
}

// movesMemo is the moves unitMoves found for a unit on a board, kept on
// the state (its acts shared by its clones: they never change) so that Apply,
// which follows Legal, checks a move without searching again, and a move
// whose way does not matter is made without finding it (moveUnit).
type movesMemo struct {
	bd             *Board
	u              int
	step           step
	moveUnit, left int16
	flags          uint16
	moves          []memoMove
	// calm: no hex the searches reached is one whose entering sets
	// something off (enteringActs), so every way to every hex is alike but
	// for the hexes it names.
	calm bool
}

// memoMove is a move and its least cost in sixths.
type memoMove struct {
	a    engine.Action
	cost int16
}

// find returns the memo's entry for move a, or nil.
func (m *movesMemo) find(a engine.Action) *memoMove {
	for i := range m.moves {
		if m.moves[i].a == a {
			return &m.moves[i]
		}
	}
	return nil
}

// cost returns the least cost of move a when the memo fits and is calm,
// else -1.
func (m *movesMemo) cost(s *State, a engine.Action) int {
	if !m.calm || !m.fits(s, int(a.A)) {
		return -1
	}
	if mv := m.find(a); mv != nil {
		return int(mv.cost)
	}
	return -1
}

// fits reports whether the memo holds unit u's moves in s.
func (m *movesMemo) fits(s *State, u int) bool {
	return m.bd != nil && m.u == u && m.bd == s.board() && m.step == s.Step && m.moveUnit == s.MoveUnit && m.left == s.MoveLeft && m.flags == s.Flags[u]
}

// findMoves is unitMoves without the memo: it fills m's moves and calm
// (gathered in pooled scratch, kept in one allocation of their size).
func (s *State) findMoves(u int, m *movesMemo) {
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	buf := q.moves[:0]
	s.gatherMoves(u, m, &buf)
	m.moves = slices.Clone(buf)
	q.moves = buf
}

// gatherMoves appends unit u's moves to buf (findMoves).
func (s *State) gatherMoves(u int, m *movesMemo, buf *[]memoMove) {
	b := s.board()
	kind := s.moveKind()
	side := s.d.Units[u].Side
	add := func(op uint8) func(h, c int) {
		return func(h, c int) {
			*buf = append(*buf, memoMove{engine.Action{Op: op, A: int16(u), B: int16(h)}, int16(c)})
			m.calm = m.calm && !s.enteringActs(side, h)
		}
	}
	if u == s.moving() {
		op, k := s.goOn(u, kind)
		b.reachEach(u, k, int(s.MoveLeft), false, add(op))
		return
	}
	if s.Flags[u]&fMoved != 0 {
		return
	}
	supplied := s.unitSupplied(u)
	b.reachEach(u, kind, b.MA(u, kind, supplied), true, add(opMove))
	if kind == RegularMove && b.CanStrategic(u, supplied) {
		b.reachEach(u, StrategicMove, b.MA(u, StrategicMove, true), true, add(opStrategic))
	}
}

// moving returns the unit part way through its move, or -1.
func (s *State) moving() int { return int(s.MoveUnit) - 1 }

// goOn is the action and the kind of move with which unit u, part way
// through its move in a phase of moves of kind k, goes on: a strategic
// move stays strategic (9.4; the flag outlives the Regular Movement Phase,
// where strategic moves are made).
func (s *State) goOn(u int, k MoveKind) (uint8, MoveKind) {
	if k == RegularMove && s.Flags[u]&fStrategic != 0 {
		return opStrategic, StrategicMove
	}
	return opMove, k
}

// legalMove reports whether the move a is in unitMoves, finding only the
// reach it needs.
func (s *State) legalMove(a engine.Action) bool {
	u, h := int(a.A), int(a.B)
	if u < 0 || u >= len(s.d.Units) || h < 0 || h >= len(s.d.Hexes) {
		return false
	}
	def := &s.d.Units[u]
	if def.Side != s.Phasing || s.Pos.Units[u].Box != BoxMap || h == int(s.Pos.Units[u].Hex) {
		return false
	}
	if s.memo.fits(s, u) {
		return s.memo.find(a) != nil
	}
	kind := s.moveKind()
	b := s.board()
	if u == s.moving() {
		op, k := s.goOn(u, kind)
		return a.Op == op && b.reaches(u, k, int(s.MoveLeft), false, h)
	}
	if s.Flags[u]&fMoved != 0 {
		return false
	}
	supplied := s.unitSupplied(u)
	if a.Op == opStrategic {
		if kind != RegularMove || !b.CanStrategic(u, supplied) {
			return false
		}
		return b.reaches(u, StrategicMove, b.MA(u, StrategicMove, true), true, h)
	}
	return b.reaches(u, kind, b.MA(u, kind, supplied), true, h)
}

// legalPieceAction reports whether a, an action of one piece, is among
// that piece's actions (pieceActions), and returns the piece.
func (s *State) legalPieceAction(a engine.Action) (int, bool) {
	switch a.Op {
	case opMove, opStrategic:
		return int(a.A), s.legalMove(a)
	case opLead:
		if a.A < 0 || int(a.A) >= len(s.d.Leaders) {
			return -1, false
		}
		return MaxUnits + int(a.A), slices.Contains(s.leaderMoves(int(a.A), nil), a)
	case opDig, opEntrench, opSea:
		if a.A < 0 || int(a.A) >= len(s.d.Units) {
			return -1, false
		}
		return int(a.A), slices.Contains(s.unitExtras(int(a.A), nil), a)
	}
	return -1, false
}

// Apply plays a for side after checking it is in Legal(side); a refused
// action leaves the state unchanged.
func (s *State) Apply(side engine.Side, a engine.Action) error {
	if s.Result != 0 {
		return engine.Illegal("the game is over")
	}
	if side != s.Decider {
		return engine.Illegal("it is the %s player's decision now", s.sideName(s.Decider))
	}
	if s.Step == stMove || s.Step == stExploit {
		// A piece's action is checked against that piece's actions only
		// (9.1). With no piece chosen, it is also taken whole, as records
		// made before the two decisions of a move hold it (ruling W38).
		ok := false
		switch a.Op {
		case opDone:
			ok = true
		case opPick:
			// Until 2026-11-28 an idle leader was offered even where it
			// had no move (in exploitation without an allowance); records
			// that chose one still replay: the choice changes nothing else.
			ok = int(a.A) != s.chosenPiece() && (s.pickable(s.board(), int(a.A)) || s.idleLeader(int(a.A)))
		case opDepot:
			ok = slices.Contains(s.depotMoves(nil), a)
		default:
			p, legal := s.legalPieceAction(a)
			ok = legal && (p == s.chosenPiece() || s.chosen == 0)
		}
		if ok {
			s.ApplyUnchecked(side, a)
			return nil
		}
		return engine.Illegal("%s is not a legal move now", s.EncodeAction(a))
	}
	for _, l := range s.Legal(side, nil) {
		if l == a {
			s.ApplyUnchecked(side, a)
			return nil
		}
	}
	return engine.Illegal("%q is not allowed now (%s)", s.EncodeAction(a), s.Prompt(side, "en"))
}

// ApplyUnchecked plays a legal action without checking it.
func (s *State) ApplyUnchecked(side engine.Side, a engine.Action) {
	u, h := int(a.A), int(a.B)
	chosen := s.chosen
	s.chosen = 0
	if a.Op == opPick {
		s.chosen = a.A + 1 // ruling W38: nothing else changes
		return
	}
	switch s.Step {
	case stDepot:
		if a.Op == opDepot {
			s.placeDepot(side, u)
		}
		s.afterDepot()
	case stASP:
		s.logf("7.2", engine.Observer, "spend", s.sideName(side), strconv.Itoa(u))
		s.organize(u)
	case stReserve:
		s.applyReserves(a)
	case stRepl:
		if a.Op == opDone {
			s.endReplacements(side)
			return
		}
		if a.Op == opRefit {
			s.doRefit(u)
		} else {
			s.replace(u)
		}
		if !s.replsLeft(side) {
			s.endReplacements(side)
		}
	case stTobruk:
		s.Pos.TobrukPick[u] = true
		s.TobrukLeft--
		s.logf("8.4", engine.Observer, "tobrukPick", s.d.Units[u].Name)
		if s.TobrukLeft <= 0 {
			s.ret()
		}
	case stMajor:
		if a.Op == opMajor {
			s.declareMajor()
		}
		s.beginMovement()
	case stMove, stExploit:
		// A move's least cost when its way does not matter (movesMemo),
		// found before the state changes.
		known := -1
		if (a.Op == opMove || a.Op == opStrategic) && !s.Logging() {
			known = s.memo.cost(s, a)
		}
		// 9.1: units move one at a time; any other action ends the move
		// of the unit part way through it (ruling W36).
		if (a.Op != opMove && a.Op != opStrategic && a.Op != opDig) || u != s.moving() {
			s.MoveUnit, s.MoveLeft = 0, 0
		}
		if a.Op == opDone {
			if s.Step == stMove {
				s.checkStacking(contCombat)
			} else {
				s.checkStacking(contExploitC)
			}
			return
		}
		switch a.Op {
		case opMove, opStrategic:
			s.moveUnit(u, h, a.Op == opStrategic, known)
			if int(chosen) == u+1 && s.moving() == u {
				s.chosen = chosen // it may go on, and stays chosen (ruling W38)
			}
		case opLead:
			s.moveLeader(u, h)
		case opEntrench:
			s.entrench(u)
		case opDig:
			s.dig(u)
		case opSea:
			s.seaTransfer(u)
		case opDepot:
			s.DepotShifted = true
			s.Pos.Depot[side] = int16(u)
			s.logf("7.16", engine.Observer, "depot", s.sideName(side), s.hexID(u), s.d.ZoneOf(side, u).Letter())
		}
	case stCombat, stExploitC:
		switch a.Op {
		case opAttack:
			s.startBattle(u, h)
			return
		case opBombard, opShell:
			s.bombard(u, max(h, 2), a.Op == opShell)
			return
		}
		// 9.2: stacking is checked at the end of every phase.
		s.endCombatPhase()
		if s.Step == stCombat {
			s.checkStacking(contExploit)
		} else {
			s.checkStacking(contAttrition)
		}
	case stBuild:
		switch a.Op {
		case opJoin:
			s.Bat.Att[s.Bat.NAtt] = int16(u)
			s.Bat.NAtt++
		case opTarget:
			s.Bat.Def[s.Bat.NDef] = int16(u)
			s.Bat.NDef++
			if s.Bat.Naval && !s.d.Hexes[u].Coastal {
				// 15.0, ruling W40: naval ground support only against
				// coastal hexes; it is withdrawn, not spent.
				s.Bat.Naval = false
				s.logf("15.0", engine.Observer, "navalOff", s.hexID(u))
			}
		case opSupport:
			s.Bat.Support = int8(u)
		case opNaval:
			s.Bat.Naval = true
		case opResolve:
			s.askOrResolve(u == 1)
		case opLeader:
			s.chooseLeader(u)
		case opWithhold:
			s.Flags[u] |= fWithheld
		}
	case stLeader:
		s.chooseLeader(u)
	case stLoss:
		s.take(Loss{u, h})
	case stSteps:
		s.Bat.Steps--
		s.stepLoss(s.board(), u, "10.21")
		s.toSteps()
	case stRetreat:
		s.retreatUnit(u, h)
		s.nextRetreat()
	case stAdvance:
		if a.Op == opDone {
			s.endBattle()
			return
		}
		s.advanceUnit(u, h)
	case stStack:
		b := s.board()
		s.logf("9.2", engine.Observer, "overstack", s.hexID(int(s.Pos.Units[u].Hex)))
		def := &s.d.Units[u]
		box := BoxRecoverable
		if !b.Recoverable(def.Side, int(s.Pos.Units[u].Hex)) {
			box = BoxPermanent
		}
		at := int(s.Pos.Units[u].Hex)
		s.Pos.Units[u] = UnitState{Box: box, Hex: NoHex}
		s.logf("9.2", engine.Observer, "eliminated", def.Name, strconv.FormatBool(box == BoxPermanent))
		s.afterElimination(def.Side, at)
		if len(s.overStacked(s.board(), s.stackVictim())) == 0 {
			s.settleCasualties() // 13.6: one check for the phase's excess
			s.checkStacking(s.Return())
		}
	}
}

// moveUnit moves u to hex h in a movement phase (9.1, 9.4, 9.5): at the
// start of its move with its whole allowance, or on from where it stopped
// with what it has left (ruling W36). It goes the least costly way, and
// of those the one that enters the fewest hexes where entering does
// something (an enemy depot or leader, Tobruk or Benghazi held by the
// enemy); every hex it enters has its effect (entered), in passing too.
// With MP left, and not stopped by an EZOC (9.31), it may go on. known,
// when not -1, is the move's least cost and says that no hex within reach
// sets anything off on entering (movesMemo.calm): every least-cost way
// then ends alike, and unlogged the way is not needed, so it is not found.
func (s *State) moveUnit(u, h int, strategic bool, known int) {
	def := &s.d.Units[u]
	b := s.board()
	kind := RegularMove
	if strategic {
		kind = StrategicMove
	} else if s.Step == stExploit {
		kind = ExploitMove
	}
	first := u != s.moving()
	budget := int(s.MoveLeft)
	if first {
		// 8.2: supply as the unit begins.
		supplied := s.unitSupplied(u)
		budget = b.MA(u, kind, kind == StrategicMove || supplied)
	}
	side := def.Side
	path, cost := []int{h}, known
	if known < 0 {
		path, cost = b.Path(u, kind, budget, first, h, func(x int) bool { return s.enteringActs(side, x) })
	}
	stop := b.MustStop(u, h)
	from := int(s.Pos.Units[u].Hex)
	s.Flags[u] |= fMoved
	rule := "9.1"
	if strategic {
		s.Flags[u] |= fStrategic
		rule = "9.4"
	} else if s.Step == stExploit {
		rule = "9.5"
	}
	if len(path) > 1 {
		via := make([]string, len(path)-1)
		for i, x := range path[:len(path)-1] {
			via[i] = s.hexID(x)
		}
		s.logf(rule, engine.Observer, "movesVia", def.Name, s.hexID(from), s.hexID(h), strings.Join(via, " "))
	} else {
		s.logf(rule, engine.Observer, "moves", def.Name, s.hexID(from), s.hexID(h))
	}
	for _, x := range path {
		s.place(u, x)
	}
	s.MoveUnit, s.MoveLeft = 0, 0
	if left := budget - cost; left > 0 && !stop && s.Pos.Units[u].Box == BoxMap {
		s.MoveUnit, s.MoveLeft = int16(u+1), int16(left)
	}
}

// jump puts u in hex h in one step that is not a move through the hexes
// between (an advance after combat, 10.27; a sea transfer, 9.7).
func (s *State) jump(u, h int, rule string) {
	from := int(s.Pos.Units[u].Hex)
	s.Flags[u] |= fMoved
	s.logf(rule, engine.Observer, "moves", s.d.Units[u].Name, s.hexID(from), s.hexID(h))
	s.place(u, h)
}

// place puts u in hex h, outside any IP (12.2), and applies what entering
// h brings.
func (s *State) place(u, h int) {
	s.Pos.Units[u].Hex = int16(h)
	s.Pos.Units[u].InIP = false
	s.Pos.tidyIPs()
	s.entered(u, h)
}

// enteringActs reports whether a unit of side entering hex h sets off a
// rule of entering (entered): the enemy depot is there (7.14), an enemy
// leader (13.4), or it is Tobruk or Benghazi under the enemy's control
// (8.4).
func (s *State) enteringActs(side engine.Side, h int) bool {
	if int(s.Pos.Depot[1-side]) == h {
		return true
	}
	if (h == s.d.Tobruk && s.Pos.TobrukControl != side) || (h == s.d.Benghazi && s.Pos.BenghaziControl != side) {
		return true
	}
	for l := range s.d.Leaders {
		if s.d.Leaders[l].Side != side && int(s.Pos.Leaders[l].Hex) == h && s.Pos.Leaders[l].Face >= 0 {
			return true
		}
	}
	return false
}

// entered applies what a combat unit's entering hex h brings, by movement,
// advance or retreat: control of Tobruk and Benghazi (8.4: the last to
// occupy), a casualty check for enemy leaders there (13.4, 13.6) and the
// capture of the enemy depot (7.14).
func (s *State) entered(u, h int) {
	def := &s.d.Units[u]
	if h == s.d.Tobruk {
		s.Pos.TobrukControl = def.Side
	}
	if h == s.d.Benghazi {
		s.Pos.BenghaziControl = def.Side
	}
	enemy := 1 - def.Side
	for l := range s.d.Leaders {
		if s.d.Leaders[l].Side == enemy && int(s.Pos.Leaders[l].Hex) == h && s.Pos.Leaders[l].Face >= 0 {
			s.leaderCasualty(l, 3, true)
		}
	}
	if int(s.Pos.Depot[enemy]) == h {
		s.Pos.Depot[enemy] = NoHex
		s.AP[enemy] = 0
		die := s.roll()
		s.AP[def.Side] = int8(min(int(s.AP[def.Side])+die, MaxAP))
		s.logf("7.14", engine.Observer, "captured", s.sideName(def.Side), strconv.Itoa(die))
	}
}

// EncodeAction writes the stable record text of a.
func (s *State) EncodeAction(a engine.Action) string {
	if n, ok := combatOpName[a.Op]; ok {
		return s.encodeCombat(n, a)
	}
	unitID := func(i int16) string {
		return actiontext.ID(i, len(s.d.Units), "unit", func(i int) string { return s.d.Units[i].ID })
	}
	name := opName.Word(a.Op)
	switch a.Op {
	case opDepot:
		return name + " " + s.hexID(int(a.A))
	case opSpend:
		return name + " " + strconv.Itoa(int(a.A))
	case opMove, opStrategic:
		return name + " " + unitID(a.A) + " " + s.hexID(int(a.B))
	case opEliminate, opEntrench, opDig, opSea, opReplace, opReserve, opRelease, opRefit, opTobruk:
		return name + " " + unitID(a.A)
	case opPick:
		if a.A >= MaxUnits && int(a.A) < MaxUnits+len(s.d.Leaders) {
			return name + " " + s.d.Leaders[a.A-MaxUnits].ID
		}
		return name + " " + unitID(a.A)
	case opSwap:
		if a.A >= 0 && int(a.A) < len(s.d.Leaders) {
			return name + " " + s.d.Leaders[a.A].ID
		}
		return name + " leader?"
	case opLead:
		l := "leader?"
		if a.A >= 0 && int(a.A) < len(s.d.Leaders) {
			l = s.d.Leaders[a.A].ID
		}
		return name + " " + l + " " + s.hexID(int(a.B))
	}
	return name
}

// DecodeAction parses an action's record text. It checks the words, not
// legality: Apply does that.
func (s *State) DecodeAction(text string) (engine.Action, error) {
	if f := strings.Fields(text); len(f) > 0 {
		for o, n := range combatOpName {
			if n == f[0] {
				return s.decodeCombat(o, f[1:])
			}
		}
	}
	op, args, err := opName.Split("wdf", text)
	if err != nil {
		return engine.Action{}, err
	}
	a := engine.Action{Op: op}
	want := func(n int, what string) error { return actiontext.Want("wdf", opName[op], args, n, what) }
	hex := func(id string) (int16, error) {
		i, ok := s.d.Lookup(id)
		if !ok {
			return 0, fmt.Errorf("wdf: no hex %q in play", id)
		}
		return int16(i), nil
	}
	unitArg := func(id string) (int16, error) {
		if u, ok := s.d.Unit(id); ok {
			return int16(u), nil
		}
		return 0, fmt.Errorf("wdf: no unit %q", id)
	}
	switch op {
	case opDone, opMajor:
		err = want(0, "no arguments")
	case opDepot:
		if err = want(1, "a hex"); err == nil {
			a.A, err = hex(args[0])
		}
	case opSpend:
		if err = want(1, "a number of ASPs"); err == nil {
			var n int
			n, err = strconv.Atoi(args[0])
			if err != nil || n < 0 || n > 12 {
				err = fmt.Errorf("wdf: spend takes a number of ASPs 0-12, not %q", args[0])
			}
			a.A = int16(n)
		}
	case opMove, opStrategic:
		if err = want(2, "a unit and a hex"); err == nil {
			if a.A, err = unitArg(args[0]); err == nil {
				a.B, err = hex(args[1])
			}
		}
	case opEliminate, opEntrench, opDig, opSea, opReplace, opReserve, opRelease, opRefit, opTobruk:
		if err = want(1, "a unit"); err == nil {
			a.A, err = unitArg(args[0])
		}
	case opPick:
		if err = want(1, "a unit or a leader"); err == nil {
			if l, ok := s.d.Leader(args[0]); ok {
				a.A = int16(MaxUnits + l)
			} else {
				a.A, err = unitArg(args[0])
			}
		}
	case opSwap:
		if err = want(1, "a leader"); err == nil {
			l, ok := s.d.Leader(args[0])
			if !ok {
				err = fmt.Errorf("wdf: no leader %q", args[0])
			}
			a.A = int16(l)
		}
	case opLead:
		if err = want(2, "a leader and a hex"); err == nil {
			l, ok := s.d.Leader(args[0])
			if !ok {
				err = fmt.Errorf("wdf: no leader %q", args[0])
			} else {
				a.A = int16(l)
				a.B, err = hex(args[1])
			}
		}
	}
	if err != nil {
		return engine.Action{}, err
	}
	return a, nil
}
