package primogenita

import (
	"math"
	"sync"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// What the computer players know of La Primogenita: an evaluation of a
// position, an ordering of the choices, a rollout policy better than
// uniform, and (in determinizeOrders) how the other side's secret Orders are
// guessed. Everything here reads a determinized sample or public
// information only.
func init() {
	ai.RegisterKnowledge(Game{}.ID(), ai.Knowledge{
		Evaluate: evaluate,
		Rollout:  rollout,
		Prior:    prior,
		Turn:     turnOf,
		Narrow:   narrow,

		DecisionsLeft: decisionsLeft,
	})
}

// narrow is the searching players' own rule (ai.Knowledge.Narrow): a
// drawn Main Order is executed, not declined (3.2), in the 2nd ORDER
// Segment, and an Allied Move Order in the 1st as well. Executed, a Main
// Order may still end at once (done: nothing moves, fires or assaults, and
// only the units taking part check Support, 5.2), and every Order flips
// back at the next Pre-Phase (2.1a), so that in the 2nd Segment declining
// gains nothing; in the 1st it keeps the Order unflipped for the 2nd
// (3.4), but an Allied army that stands for half a turn loses ground the
// Game Turn Track does not give back (2.3). Both sides of that lie beyond
// the search's playouts (a Move Order asks up to a hundred decisions, the
// playouts look 24 ahead), where executing and declining looked alike and
// the Allies declined a quarter to a third of their Move Orders (issue 25).
func narrow(st engine.State, side engine.Side) func(engine.Action) bool {
	s := st.(*State)
	if s.Step != stExecute || s.Current == 0 {
		return nil
	}
	o := &s.d.Orders[s.Current]
	if o.Category != Main || s.Segment != 2 && !(o.Side == Allied && o.Letter == 'M') {
		return nil
	}
	return isDecline
}

// isDecline reports whether a declines the drawn Order (narrow).
func isDecline(a engine.Action) bool { return a.Op == opDecline }

// turnOf is the computer players' game turn (ai.Knowledge.Turn): each
// ORDER Segment (2.1) is one, the Rail Movement Segment with the 1st, the
// Supply Phase with the 2nd; the setup (1.7) is one of its own, and the
// Supply Source Segment belongs to the 1st ORDER Segment that follows it
// (the GT number has moved on before it, the Segment not yet). Each such
// turn has its own time budget.
func turnOf(st engine.State) int {
	s := st.(*State)
	switch s.Step {
	case stSetup:
		return 0
	case stSource, stRemoveSD:
		return int(s.Turn)*2 + 1
	}
	return int(s.Turn)*2 + int(s.Segment)
}

// decisionsLeft estimates side's decisions left in this turn (turnOf;
// ai.Knowledge.DecisionsLeft), from what side knows: the setup's units
// still to place (1.7), the Orders still to choose (3.2), and for each of
// its own Orders still to execute in this Segment one decision, with
// three a unit it may move in a Move Order (4.1: they move hex by hex)
// and eight for an Assault (7). A Segment asks from a dozen decisions to
// nearly two hundred, so that the pace of the Segments before spent the
// 10 s of normal's turn budget in the first third of a long one.
func decisionsLeft(st engine.State, side engine.Side) int {
	s := st.(*State)
	if s.Step == stSetup {
		n := 0
		for u := range s.d.Units {
			if unit := &s.d.Units[u]; unit.Side == side && unit.Setup != 0 && s.Pos.Units[u].Loc == InBox {
				n++
			}
		}
		return n
	}
	movers := 0
	for u := range s.d.Units {
		if unit := &s.d.Units[u]; unit.Side == side && s.Pos.Units[u].Loc == OnMap && unit.Move > 0 && unit.Kind != Air && !s.Moved[u] {
			movers++
		}
	}
	moveOrder := 2 + 3*movers
	order := func(p int) int {
		o := &s.d.Orders[p]
		switch {
		case o.Category != Main:
			return 1
		case o.Letter == 'M':
			return moveOrder
		case o.Letter == 'A':
			return 8
		}
		return 3
	}
	n := 0
	if s.Step == stChoose && !s.Committed[side] {
		left := OrdersChosen - s.chosen(side)
		n += left + 1 + left*moveOrder/2 // the picks, the commit, and what they will ask (half a Move Order's each)
	}
	for p := 1; p <= NumOrders; p++ {
		if w := s.Orders[p].Where; s.d.Orders[p].Side == side && (w == OrdPending || w == OrdTrack || w == OrdExecuting) {
			n += order(p)
		}
	}
	return max(n, 1)
}

// evaluate estimates side's chance of winning (2.4): a logistic of the
// VP the Allies can expect at the end against the 20 they need. The
// expectation is the VP now, less the Game Turn Track deductions still to
// come (2.3), plus a share of each Italian town's VP by how likely the
// Allies are to enter it in the turns left (their nearest unit's distance
// against the two hexes a turn of the historical advance, less if Italian
// units hold it), less a share of each Allied town Italian units stand
// next to or two hexes from (a retake, 2.2; little if Allied units hold it), plus the balance of strength on the map, worth
// more the more turns are left to use it. Supply is traced as the next
// Supply Phase will (5.7): a unit it would not reach counts less, an
// Italian one already Low or No Supply little (it would be removed), an
// Allied one a step less, and a VP less when that step costs one (2.3) —
// the Allied advance must bring its supply along. A town not yet entered counts at most townShare of its VP, so
// entering it is always worth something. The margin is the better of that
// and the VP this turn's Victory Check may see (2.4: 20 win at once), the
// towns counted by the ORDER Segments left in this turn alone.
//
// The logistic is centred on that expectation and wide (evalScale VP):
// a search compares its actions by differences of this value, and a
// value crowded near 0 for the Allies (as a plain "VP now against 20"
// is for most of the game) gave the Allied search nothing to compare.
func evaluate(st engine.State, side engine.Side) float64 {
	s := st.(*State)
	left := float64(NumTurns-int(s.Turn)) + float64(3-s.Segment)/2 // ORDER Segments left, in turns
	deduct := 0
	for t := int(s.Turn) + 1; t <= NumTurns; t++ {
		deduct += s.d.Turns[t].VPDeduction
	}
	near := s.nearest()
	now := float64(3-s.Segment) / 2 // this turn's ORDER Segments left, in turns
	expect, expectNow := 0.0, 0.0
	for t := range s.d.Towns {
		vp := float64(s.townValue(t))
		if vp == 0 {
			continue
		}
		dA, dI := float64(near[Allied][t]), float64(near[Italian][t])
		if s.Pos.TownController(t) == Italian {
			share := townShare * logistic((advance*left-dA)/2)
			shareNow := townShare * logistic((advance*now-dA)/2)
			if dI == 0 {
				share, shareNow = share*0.75, shareNow*0.75 // held: it must be assaulted (7)
			}
			expect += vp * share
			expectNow += vp * shareNow
		} else if dI <= 2 {
			risk := 0.5 - 0.2*(dI-1) // an Italian unit next to it, or two hexes away
			if dA == 0 {
				risk = 0.1 // held by the Allies
			}
			expect -= vp * risk
			expectNow -= vp * risk
		}
	}
	var str [2]float64
	for _, sd := range []engine.Side{Allied, Italian} {
		units := s.resupplyUnits(sd)
		traced := s.supported(sd, units, sd == Allied && s.Trucks)
		for k, u := range units {
			us := &s.Pos.Units[u]
			v := float64(s.d.Strength(&s.Pos, u))
			if us.Disrupted {
				v *= 0.85
			}
			switch {
			case traced[k]:
			case us.Supply == Supplied:
				v *= 0.8 // Low Supply and Disrupted at the Supply Phase (5.7)
			case sd == Italian:
				v *= 0.2 // No Supply: removed (5.7c)
			default:
				v *= 0.5 // No Supply: a step lost (5.7c) ...
				if s.vpOnStepLoss(u) {
					expect-- // ... and a VP with it (2.3)
					expectNow--
				}
			}
			str[sd] += v
		}
	}
	balance := (str[Allied] - str[Italian]) / (str[Allied] + str[Italian] + 1)
	margin := float64(s.VP) - float64(deduct) + expect + 4*balance*min(left, 5) - (WinVP - 0.5)
	// 2.4: 20 VP at this turn's Victory Check win at once, whatever the
	// Game Turn Track would take later: near 20, the towns within reach
	// this turn are the better way there.
	margin = max(margin, float64(s.VP)+expectNow-(WinVP-0.5))
	p := logistic(margin / evalScale)
	if side == Allied {
		return p
	}
	return 1 - p
}

// vpOnStepLoss reports whether u's next step lost costs the Allies a VP
// (2.3): a "5-6" remnant flipped, a "4-6" remnant eliminated (loseStep).
func (s *State) vpOnStepLoss(u int) bool {
	unit, st := &s.d.Units[u], &s.Pos.Units[u]
	if !st.Flipped && unit.Steps == 2 {
		return unit.VPLoss == LossOnFlip
	}
	return unit.Remnant < 0 && unit.VPLoss == LossOnElim
}

// The evaluation's constants: the share of an Italian town's VP the
// Allies count on before entering it, their advance in hexes a turn (21
// hexes from Kassala to Massaua in 10 turns, 1941), and the width of the
// logistic in VP.
const (
	townShare = 0.8
	advance   = 2.0
	evalScale = 5.0
)

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// townValue is what town t is worth now (2.2: Asmara as an Open City
// counts 5).
func (s *State) townValue(t int) int {
	town := &s.d.Towns[t]
	if town.OpenCityVP > 0 && s.OpenCity == OpenCityDeclared {
		return town.OpenCityVP
	}
	return town.VP
}

// nearest is, for each side and town, the distance in hexes from the
// town to the nearest of the side's combat units on the map (Entry hexes
// count where they are drawn), capped at 30.
func (s *State) nearest() [2][MaxTowns]int8 {
	var out [2][MaxTowns]int8
	for sd := range out {
		for t := range s.d.Towns {
			out[sd][t] = 30
		}
	}
	dist := s.d.townDistances()
	for u := range s.d.Units {
		us := &s.Pos.Units[u]
		if us.Loc != OnMap || s.d.Units[u].Kind == SD {
			continue
		}
		sd := s.d.Units[u].Side
		for t, d := range dist[us.Hex] {
			out[sd][t] = min(out[sd][t], d)
		}
	}
	return out
}

// townDistance is, for each hex of d, the distance in hexes to each town.
var townDistance sync.Map // *Data -> [][]int8

func (d *Data) townDistances() [][]int8 {
	if v, ok := townDistance.Load(d); ok {
		return v.([][]int8)
	}
	out := make([][]int8, len(d.Hexes))
	for h := range d.Hexes {
		out[h] = make([]int8, len(d.Towns))
		for t, town := range d.Towns {
			out[h][t] = int8(min(hexgrid.Distance(d.Hexes[h].At, d.Hexes[town.Hex].At), 100))
		}
	}
	v, _ := townDistance.LoadOrStore(d, out)
	return v.([][]int8)
}

// goalDistance is how far hex h lies from the nearest town side does not
// control (its objectives, 2.2), weighted towards the richer ones.
func (s *State) goalDistance(side engine.Side, h int) float64 {
	dist := s.d.townDistances()[h]
	best := 100.0
	for t, town := range s.d.Towns {
		if s.Pos.TownController(t) == side {
			continue
		}
		best = min(best, float64(dist[t])-0.3*float64(town.VP))
	}
	return best
}

// bestOdds is the best Combat Table column (7.1) side could assault at
// now, -1 if no unit of side stands next to an enemy unit: for each enemy
// hex next to side's units, their strength together (not Disrupted, 8.1)
// against the hex's, shifted by its terrain and Trench (7.2). The other
// shifts and what the terrain forbids are left out: it stays cheap, for
// the worth of an Assault Order, which the search asks at every sample.
func (s *State) bestOdds(side engine.Side) int {
	var str [2][MaxHexes]int16
	for u := range s.d.Units {
		if us := &s.Pos.Units[u]; us.Loc == OnMap && s.d.Units[u].Kind != SD {
			str[s.d.Units[u].Side][us.Hex] += int16(s.d.Strength(&s.Pos, u)) + 1 // +1: occupied
		}
	}
	var att [MaxHexes]int16
	for u := range s.d.Units {
		us := &s.Pos.Units[u]
		if us.Loc != OnMap || s.d.Units[u].Side != side || us.Disrupted || s.d.Units[u].Kind == SD || s.d.Units[u].Kind == Air {
			continue
		}
		for _, l := range s.d.Hexes[us.Hex].Links {
			if str[Other(side)][l.To] > 0 && s.d.Hexes[l.To].Entry < 0 {
				att[l.To] += int16(s.d.Strength(&s.Pos, u))
			}
		}
	}
	best := -1
	for h := range s.d.Hexes {
		if att[h] == 0 {
			continue
		}
		net := s.d.Tables.AssaultShift[s.d.Hexes[h].Terrain]
		if s.Pos.HasTrench(h) {
			net--
		}
		best = max(best, FinalColumn(OddsColumn(int(att[h]), int(str[Other(side)][h])-1), net))
	}
	return best
}

// gunReach is how far side's nearest Artillery able to fire (on the map,
// not Disrupted, 8.1) stands from an enemy unit it could bombard (not an
// SD, 6.1): 1 next to one (it may bombard now), 2 a hex farther (a Move
// Order drawn before the Bombardment may bring it up), else 3; 0 with no
// such Artillery.
func (s *State) gunReach(side engine.Side) int {
	best := 0
	for u := range s.d.Units {
		us, unit := &s.Pos.Units[u], &s.d.Units[u]
		if us.Loc != OnMap || unit.Side != side || !unit.Artillery || us.Disrupted {
			continue
		}
		if best == 0 {
			best = 3
		}
		at := s.d.Hexes[us.Hex].At
		for v := range s.d.Units {
			vs, enemy := &s.Pos.Units[v], &s.d.Units[v]
			if vs.Loc != OnMap || enemy.Side == side || enemy.Kind == SD || enemy.Kind == Air {
				continue
			}
			if d := hexgrid.Distance(at, s.d.Hexes[vs.Hex].At); d <= 2 && (d == 1 || best == 3) {
				best = d
			}
			if best == 1 {
				return 1
			}
		}
	}
	return best
}

// assaultGain is what the attacker choosing a target (7.1) may expect of
// assaulting hex h with every unit able to join: the Combat Table's
// column for their strength against the defenders' with 7.2's shifts,
// read die by die (7.3): a step or retreat of the defender counts for it,
// a Push half, a step of its own against it (Allied remnants cost a VP
// each, 2.3); an enemy town in h adds its VP by the chance of taking it
// (a Push, or an Oc when the defenders cannot lose a step and hold). At 1:2 and 1:1 it is below nothing; from 2:1 above.
func (s *State) assaultGain(h int) float64 {
	var att []int
	for u := range s.d.Units {
		if s.canAssault(u, h) {
			att = append(att, u)
		}
	}
	def := s.d.StackStrength(&s.Pos, Other(s.Attacker), h)
	col := FinalColumn(OddsColumn(s.strengthOf(att), def), s.shiftsAt(h, att).Net())
	g, take := 0.0, 0.0
	hold := s.canHold(s.defendersAt(h))
	for die := range s.d.Tables.Combat {
		r := s.d.Tables.Combat[die][col]
		if r.Def != Loss0 {
			g++
		}
		if r.Att != Loss0 {
			g -= 1.5
		}
		if r.Push {
			g += 0.5
		}
		if r.Push || r.Def == LossOc && !hold {
			take++ // an Oc taken as a "1" keeps the hex while the defenders can hold it (ocScore)
		}
	}
	n := float64(len(s.d.Tables.Combat))
	if t := s.d.Hexes[h].Town; t >= 0 && s.d.EnemyTown(&s.Pos, s.Attacker, h) {
		g += 0.3 * float64(s.townValue(t)) * take
	}
	return g / n
}

// orderWorths is how much choosing each of side's Orders looks worth now
// (0: it cannot be chosen), judged only from what both sides see: Main
// Orders above Combination and Minor Orders (3.1), an Assault Order by
// the best odds its side could assault at now (bestOdds, 7.1), a
// Bombardment Order by how near its side's Artillery stands to a target
// (gunReach, 6.1: little with none in reach), Reinforcements (27, 6) when some are
// due, Order 43 only with Air units on the Air Base, a Combination Order
// little when its owner's box is full (3.3), and an Order costing two or
// three of the four choices (3.4) at a share of its worth; the
// Reorganisation Orders by the Disrupted units, Trucks & Mules by the
// Allied units out of FS and LS range (orderNeeds). It stays cheap
// (the search asks it at every sample and playout of a choice): Minor
// Orders' targets are not traced.
func (s *State) orderWorths(side engine.Side) *[NumOrders + 1]float64 {
	var out [NumOrders + 1]float64
	odds, guns := s.bestOdds(side), s.gunReach(side)
	boxFull := s.boxCount(side) >= MaxComboBox
	due := s.due(side)
	air := s.airOnBase() > 0
	disrupted, cut := s.orderNeeds(side)
	for p := 1; p <= NumOrders; p++ {
		o := &s.d.Orders[p]
		w := float64(s.weight(p))
		if o.Side != side || w == 0 {
			continue
		}
		v := 1.0
		switch o.Category {
		case Main:
			v = 3
			switch o.Letter {
			case 'A': // by the best odds in reach (7.1): none, 1:2 ... 5:1
				v = []float64{1, 1, 2, 3.5, 4.5, 5, 5}[odds+1]
			case 'B': // Artillery next to a target (6.1), or a hex from one
				v = []float64{0.3, 3, 1.5, 0.3}[guns]
			}
		case Combination:
			v = 1.5
			if boxFull {
				v = 0.2
			}
		}
		switch {
		case p == 27 || p == 6:
			v = 0.05
			if due {
				v = 5
			}
		case p == 43 && !air:
			v = 0.05
		case p == 2 || p == 4: // Full Reorganisation: every Disrupted marker
			v = min(0.3+0.5*float64(disrupted), 4)
		case p == 32 || p == 21: // Single Reorganisation: one
			v = 0.05
			if disrupted > 0 {
				v = 1
			}
		case p == 10: // Trucks & Mules: the units out of FS and LS range (5.7b)
			v = min(0.3+float64(cut), 5)
		}
		out[p] = v / (w * w)
	}
	return &out
}

// orderNeeds counts side's units on the map that are Disrupted (8.1: the
// Reorganisation Orders remove the markers) and, for the Allies, the
// units no FS or LS reaches now (Order 10 extends their range for the
// Resupply Segment, 5.7b).
func (s *State) orderNeeds(side engine.Side) (disrupted, cut int) {
	var f *supplyField
	if side == Allied {
		var buf [512]byte
		f = s.alliedField(buf[:0])
	}
	for _, u := range s.resupplyUnits(side) {
		st := &s.Pos.Units[u]
		if st.Disrupted {
			disrupted++
		}
		if f != nil && f[st.Hex]&fieldFull == 0 {
			cut++
		}
	}
	return disrupted, cut
}

// determinizeOrders replaces other's unrevealed choice in c (a copy) by
// one drawn in proportion to orderWorths, what anyone sees of the
// situation: a complete choice if other has committed, else a partial one
// of random length.
func (c *State) determinizeOrders(other engine.Side, r *engine.Rand) {
	for p := 1; p <= NumOrders; p++ {
		if c.Orders[p].Where == OrdPending && c.d.Orders[p].Side == other {
			c.Orders[p].Where = OrdSheet // forgotten: it is what the viewer cannot see
		}
	}
	worth := c.orderWorths(other)
	for c.chosen(other) < OrdersChosen {
		total := 0.0
		for p := 1; p <= NumOrders; p++ {
			if c.canPick(other, p) {
				total += worth[p]
			}
		}
		if total == 0 || !c.Committed[other] && r.IntN(5) == 0 {
			return
		}
		x := float64(r.Uint64()>>11) / (1 << 53) * total
		for p := 1; p <= NumOrders; p++ {
			if c.canPick(other, p) && worth[p] > 0 {
				if x -= worth[p]; x < 0 {
					c.Orders[p].Where = OrdPending
					break
				}
			}
		}
	}
}

// score is how promising action a looks for side (any scale, higher
// better): the Prior, and the Rollout's preference. field is the Allied
// supply field (alliedField) if known, else nil, and is filled when an
// Allied move needs it, so that a caller scoring several actions of one
// state traces it once.
func (s *State) score(side engine.Side, a engine.Action, worth *[NumOrders + 1]float64, field **supplyField) float64 {
	switch a.Op {
	case opPick:
		if worth == nil {
			worth = s.orderWorths(side)
		}
		return worth[a.A]
	case opCommit:
		return 10 // a complete choice: commit it
	case opDrop, opUncommit:
		return 0
	case opExecute:
		return 2
	case opDecline:
		return 0.5
	case opMove, opRail:
		from := int(s.Pos.Units[a.A].Hex)
		v := 1 + s.goalDistance(side, from) - s.goalDistance(side, int(a.B))
		if side == Allied {
			if *field == nil {
				var buf [512]byte
				*field = s.alliedField(buf[:0])
			}
			v += s.supplyScore(*field, int(a.A), from, int(a.B)) - s.unguarded(int(a.A), from)
		}
		return v
	case opUpgrade:
		return 3 // an FS serves every unit in range, and the turn after (5.3)
	case opTarget:
		switch s.Step {
		case stAsTarget: // the odds the Assault would get, and the town it may take
			return max(0.05, 1+2*s.assaultGain(int(a.A)))
		case stBombTarget:
			return 1 + 6/(1+float64(s.d.StackStrength(&s.Pos, Other(side), int(a.A))))
		}
		return 1
	case opFire:
		return 2 + float64(s.d.Strength(&s.Pos, int(a.A)))
	case opStep, opDisrupt:
		if s.d.Units[a.A].Side == side {
			return 10 - float64(s.d.Strength(&s.Pos, int(a.A)))
		}
		return 1 + float64(s.d.Strength(&s.Pos, int(a.A)))
	case opTakeLoss, opRetreat, opCounter:
		if s.Step == stAsOc {
			return s.ocScore(side, a.Op)
		}
		return 1
	case opHalt, opDone:
		if s.Step == stMove {
			return holdScore
		}
		return 0.7
	case opPass:
		return 0.7
	}
	return 1
}

// ocScore is how answering an Oc result (7.3) looks to the side that
// must: taking it as a "1" keeps the hex while its units can lose a step
// and still hold it (canHold), retreating gives the hex up, and with it a
// town the side holds there (2.2); a Counterattack (7.5) lies between.
// The playouts drew the three alike, so that a defender walked out of
// Cheren one time in two or three, and the attacker's search counted on
// it when it weighed an assault at 1:1 (issue 25).
func (s *State) ocScore(side engine.Side, op uint8) float64 {
	units := s.lossCandidates()
	if len(units) == 0 {
		return 1
	}
	hold := s.canHold(units)
	switch op {
	case opTakeLoss:
		if hold {
			return 2
		}
		return 0.5 // the last step: lost, and the hex with it
	case opRetreat:
		if t := s.d.Hexes[s.Pos.Units[units[0]].Hex].Town; hold && t >= 0 && s.Pos.TownController(t) == side {
			return 0.3
		}
	}
	return 1
}

// canHold reports whether units, standing together, can lose a step and
// still hold their hex (loseStep): more than one of them, or one with a
// step or a remnant to come.
func (s *State) canHold(units []int) bool {
	if len(units) > 1 {
		return true
	}
	for _, u := range units {
		if unit := &s.d.Units[u]; !s.Pos.Units[u].Flipped && unit.Steps == 2 || unit.Remnant >= 0 {
			return true
		}
	}
	return false
}

// holdScore is the score of halting the moving unit, or of moving no
// more units, in a Move Order (4.1): a hair above a step that gains no
// ground (1), which only spends Movement points. At 0.7, below such
// steps, the search's three best never held a hex once a unit had three
// sideways steps: it walked on until its Movement points ran out, and
// its playouts stepped to and fro. Measured over eight Allied games
// against greedy each: 9.1% of normal's steps went back into a hex
// already entered in that move, 6.7% with this score; 4 games won against
// 5, which eight games cannot tell apart (issue 25, docs/ai.md).
const holdScore = 1.05

// unguarded is what the Allied unit u leaving hex from gives away: when
// it is the last Allied combat unit in a town the Allies took and an
// Italian combat unit stands within two hexes, the town's VP (lost on its
// retake, 2.2) weigh against the move.
func (s *State) unguarded(u, from int) float64 {
	t := s.d.Hexes[from].Town
	if t < 0 || s.d.Towns[t].AlliedAtStart || s.Pos.TownController(t) != Allied || s.d.Units[u].Kind == SD {
		return 0
	}
	at := s.d.Hexes[from].At
	threat := false
	for v := range s.d.Units {
		unit, st := &s.d.Units[v], &s.Pos.Units[v]
		if v == u || st.Loc != OnMap || unit.Kind == SD || unit.Kind == Air {
			continue
		}
		if unit.Side == Allied && int(st.Hex) == from {
			return 0 // another unit holds it
		}
		if unit.Side == Italian && hexgrid.Distance(at, s.d.Hexes[st.Hex].At) <= 2 {
			threat = true
		}
	}
	if !threat {
		return 0
	}
	return 1 + 0.5*float64(s.townValue(t))
}

// prior orders side's actions by score.
func prior(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
	s := st.(*State)
	var worth *[NumOrders + 1]float64
	if s.Step == stChoose {
		worth = s.orderWorths(side)
	}
	var field *supplyField
	for i, a := range legal {
		scores[i] = s.score(side, a, worth, &field)
	}
}

// rollout picks side's action in a playout: the choice of Orders drawn by
// their worth and committed once complete (never dropped or taken back);
// otherwise, one time in five, a uniform choice, else the best scored step
// of all in a Move Order (a playout's 24 actions then move units towards
// their goals, not three steps drawn at random: issue 25) and the best
// scored of three actions drawn at random elsewhere.
func rollout(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
	s := st.(*State)
	if len(legal) == 1 {
		return legal[0]
	}
	if s.Step == stChoose {
		worth := s.orderWorths(side)
		total := 0.0
		for _, a := range legal {
			if a.Op == opCommit {
				return a
			}
			if a.Op == opPick {
				total += worth[a.A]
			}
		}
		x := float64(r.Uint64()>>11) / (1 << 53) * total
		for _, a := range legal {
			if a.Op == opPick {
				if x -= worth[a.A]; x < 0 {
					return a
				}
			}
		}
		return legal[0]
	}
	if r.IntN(5) == 0 {
		return legal[r.IntN(len(legal))]
	}
	best, bestScore := legal[0], math.Inf(-1)
	var field *supplyField
	if s.Step == stMove {
		for _, a := range legal {
			if v := s.score(side, a, nil, &field); v > bestScore {
				best, bestScore = a, v
			}
		}
		return best
	}
	for range 3 {
		a := legal[r.IntN(len(legal))]
		if v := s.score(side, a, nil, &field); v > bestScore {
			best, bestScore = a, v
		}
	}
	return best
}

// Scores are the Victory Points (2.2) for the Allies and their negative
// for Italy (ai.Scorer): sim averages them.
func (s *State) Scores() []float64 { return []float64{float64(s.VP), -float64(s.VP)} }
