package limanowa

import (
	"sync"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// The search's judgement of single actions: the prior that orders the
// choices it tries first (and, with its top-K cut, the only ones it
// tries), the rollout policy its playouts follow, and the search's own
// rule for a command (narrow). They read where the side's units head
// (its aim: the hexes the victory counts, 13.0, that it lacks, or all of
// them), so that moves, set-ups and stops go there, a command gathers a
// mass first, and a unit's fire, melee and rally come before waiting;
// and the units in the three hexes of each vertex artillery may be
// called onto. (A change of the standing reaction order is an aside,
// State.Aside: the players never weigh one.)

// goalDist is each hex's distance to the nearest hex of a victory goal.
type goalDist [46][27]int8

// at is h's distance, or farGoal off the map.
func (g *goalDist) at(h hexgrid.Hex) float64 {
	if !Layout.OnMap(h) {
		return farGoal
	}
	c, r := Layout.ColRow(h)
	return float64(g[c][r])
}

// farGoal is the distance counted for a unit not on the map.
const farGoal = 30

// goalDists caches the distance tables by goal: a scenario's id, or
// "campaign" for the two hills both campaigns count.
var goalDists sync.Map

// goal returns the distance table of s's victory goal.
func (s *State) goal() *goalDist {
	key := "campaign"
	if s.cp == nil {
		key = s.sc.ID
	}
	if g, ok := goalDists.Load(key); ok {
		return g.(*goalDist)
	}
	hexes := campaignHills
	if s.cp == nil {
		hexes = s.objective()
	}
	g := &goalDist{}
	for c := range g {
		for r := range g[c] {
			g[c][r] = farGoal
			h := Layout.Hex(c, r)
			if !Layout.OnMap(h) {
				continue
			}
			for _, o := range hexes {
				g[c][r] = min(g[c][r], int8(hexgrid.Distance(h, o)))
			}
		}
	}
	v, _ := goalDists.LoadOrStore(key, g)
	return v.(*goalDist)
}

// aim is where side's units head. A side that would not win as things
// stand heads for the hexes the victory counts that it does not control
// yet (a hex stays controlled when its units move on, 3.9, so an attacker
// sweeps the hill instead of sitting on its first hex); a side that would
// win heads for the goal's distance table, so that its units stay on the
// hexes they hold.
type aim struct {
	goal *goalDist
	open []hexgrid.Hex
}

// aimOf is side's aim in s; in a campaign, whose victory counts villages
// as well, always the goal's table.
func (s *State) aimOf(side engine.Side, buf []hexgrid.Hex) aim {
	m := aim{goal: s.goal(), open: buf[:0]}
	if s.cp != nil || s.ahead(side) {
		return m
	}
	for _, h := range s.objective() {
		if s.pos.Control.Owner(h) != side {
			m.open = append(m.open, h)
		}
	}
	return m
}

// ahead reports whether side would win a scenario as things stand (13.0).
func (s *State) ahead(side engine.Side) bool {
	margin, _ := s.victoryMargin() // in the Central Powers' favour
	if side == Central {
		return margin > 0
	}
	return margin < 0
}

// at is h's distance to the nearest hex of the aim.
func (m *aim) at(h hexgrid.Hex) float64 {
	if len(m.open) == 0 || !Layout.OnMap(h) {
		return m.goal.at(h)
	}
	d := farGoal
	for _, o := range m.open {
		d = min(d, hexgrid.Distance(h, o))
	}
	return float64(d)
}

// prior scores every legal action by actionScore.
func prior(st engine.State, side engine.Side, legal []engine.Action, scores []float64) {
	s := st.(*State)
	m := s.aimOf(side, nil)
	for i, a := range legal {
		scores[i] = s.actionScore(side, a, &m)
	}
}

// narrow is the search players' own rule for a command (Knowledge.Narrow):
// before any activated unit acts, every unit that may join the
// activation and still has ground to cover joins it, one at a time in
// the order of the units, before anything else is weighed. The order of
// the joins changes nothing a search could weigh (each joined unit still
// chooses its own action, or stays idle when the command ends, 6.03), so
// gathering the mass costs no search; a unit that holds a hex the
// victory counts is never made to join.
func narrow(st engine.State, side engine.Side) func(engine.Action) bool {
	s := st.(*State)
	if s.Step != stGroup || s.anyActed() || int(s.NGroup) >= maxGroup {
		return nil
	}
	m := s.aimOf(side, nil)
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Side == side && s.canJoin(i) && s.joins(i, &m) {
			return func(a engine.Action) bool { return a.Op != opAdd || int(a.A) != i }
		}
	}
	return nil
}

// anyActed reports whether a unit of the command under way has acted.
func (s *State) anyActed() bool {
	for k := range int(s.NGroup) {
		if s.Acted[k] {
			return true
		}
	}
	return false
}

// joins reports whether the players want units[i], which may join the
// activation, in it: it has ground to cover (not on a hex of the aim,
// or, for a side that holds every hex of its goal, not on one of them).
func (s *State) joins(i int, g *aim) bool {
	u := &s.pos.Units[i]
	return u.Where != OnMap || g.at(u.Hex) > 0
}

// rollout plays the best action by actionScore three times in four
// (ties broken at random) and otherwise any action, so that playouts
// advance on the objective, fire and melee as a player would, yet still
// try the rest.
func rollout(st engine.State, side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
	if r.IntN(4) == 0 {
		return legal[r.IntN(len(legal))]
	}
	return st.(*State).best(side, legal, r)
}

// best is the action of legal with the best actionScore, ties broken at
// random: the rollout policy's choice, and a scripted player's.
func (s *State) best(side engine.Side, legal []engine.Action, r *engine.Rand) engine.Action {
	var buf [40]hexgrid.Hex
	m := s.aimOf(side, buf[:])
	best, bestScore, ties := 0, 0.0, 0
	for i, a := range legal {
		v := s.actionScore(side, a, &m)
		switch {
		case ties == 0 || v > bestScore:
			best, bestScore, ties = i, v, 1
		case v == bestScore:
			if ties++; r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return legal[best]
}

// actionScore is how promising a looks for side, higher better: see
// the comment at the top of the file. A command is judged by what its
// units will do: a mass (3.5, 6.01c) of units that still have ground to
// cover is gathered before any of them acts, so that one command moves
// many; a move goes forward or stops, never back (a step away scores
// below a stop, so a search that wants to wait stops instead of walking
// to and fro); a call of off-map artillery is worth the enemy units in
// the three hexes it would hit (callScore).
func (s *State) actionScore(side engine.Side, a engine.Action, g *aim) float64 {
	unit := func() *Unit { return &s.pos.Units[a.A] }
	switch a.Op {
	case opPass, opCancel:
		return 0
	case opEnd:
		return 0.3
	case opActivate:
		// a unit far from the goal has the more to gain from a command,
		// and one that may lead a mass the more units it moves
		u := unit()
		return 1 + 0.02*g.at(u.Hex) + 0.25*float64(s.massMates(int(a.A), g))
	case opAdd:
		if !s.joins(int(a.A), g) {
			return 0.4 // it holds a hex the victory counts
		}
		return 3.5 // one command moves the whole mass (6.01c)
	case opMove:
		if u := unit(); u.Where == OnMap && g.at(u.Hex) == 0 && !s.pos.enemyIn(side, u.Hex) {
			return 0.2 // it holds the hex it stands on: a move only spends it (6.05)
		}
		if a.B > 0 {
			return 3 // the stack moves together
		}
		return 2.5
	case opFire, opReact, opReturn:
		return 2
	case opRally:
		return 3
	case opNoRally, opHold, opAttack, opPickUp:
		return 1
	case opDeploy:
		if unit().Dispersed {
			return 1.5 // back to the formed face
		}
		return 0.2
	case opDig:
		return 0.5
	case opStep:
		from := float64(farGoal)
		if u := unit(); u.Where == OnMap {
			from = g.at(u.Hex)
		}
		to := codeHex(a.B)
		v := 1.5 + 3*(from-g.at(to))
		if g.goal.at(to) == 0 && s.pos.Control.Owner(to) != side {
			v += 3 // taking a hex the victory counts
		}
		if s.underFire(to) {
			v -= 10 // a fire for effect attacks every unit entering its hexes (7.247)
		}
		return v
	case opMelee:
		v := 3.0
		if g.at(unit().Hex) == 0 {
			v += 2
		}
		return v
	case opStop:
		u := unit()
		if g.at(u.Hex) == 0 || u.MP <= 0 {
			return 2
		}
		return 1.2 // above a step that gains no ground
	case opExit:
		return -1
	case opPlace, opArrive:
		v := -0.3 * g.at(codeHex(a.B))
		if a.C == 0 {
			v += 0.5 // formed
		}
		return v
	case opCall:
		return s.callScore(side, a, g)
	}
	return 0.5
}

// massMates counts the units that might join units[i] in a mass (3.5)
// and still have ground to cover: identical, formed and ready, within two
// hexes, none on a hex of the aim. It is 0 for a unit that would not lead
// one: dispersed, or holding a hex its side needs to keep.
func (s *State) massMates(i int, g *aim) int {
	u := &s.pos.Units[i]
	if u.Dispersed || u.Where != OnMap || g.at(u.Hex) == 0 {
		return 0
	}
	n := 0
	for j := range s.pos.Units {
		v := &s.pos.Units[j]
		if j != i && v.Side == u.Side && v.Ready() && !v.Dispersed && hexgrid.Distance(u.Hex, v.Hex) <= 2 &&
			g.at(v.Hex) > 0 && s.d.Identical(u, v) {
			n++
		}
	}
	return min(n, MassUnits-1)
}

// underFire reports whether a fire for effect of shell lies on h
// (7.247: it attacks the units entering its hexes until administration).
func (s *State) underFire(h hexgrid.Hex) bool {
	for g := range s.groups() {
		if s.shellFFEOn(g, h) {
			return true
		}
	}
	return false
}

// callScore is a call of off-map artillery (6.1): a shell on a vertex
// whose three hexes hold enemy units scores with their number, counting
// fully those within three hexes of a friendly unit, a quarter more on a
// hex the victory counts, and a third those further off (shells on a
// reserve far from the fight are a command not spent on it), a machine
// gun whose range reaches a friendly unit as mgWorth units; more on a
// vertex the group hits more surely (preregistered, 7.3), less for each
// friendly unit it would hit too. A call on fewer than two enemy units'
// worth, on a vertex another of the side's groups already aims at, and
// smoke, score low.
func (s *State) callScore(side engine.Side, a engine.Action, g *aim) float64 {
	if a.C != 0 {
		return 0.2 // smoke, gas
	}
	for k := range s.groups() {
		if gr := &s.Groups[k]; gr.Cross == a.B && s.spec1(k).Side == side {
			return 0.1 // its shells are already on the way
		}
	}
	v := codeVertex(a.B)
	enemies, friends := 0.0, 0.0
	for _, h := range Blast(v) {
		for i := range s.pos.Units {
			u := &s.pos.Units[i]
			if u.Where != OnMap || u.Hex != h {
				continue
			}
			w := 1.0 / 3
			switch {
			case u.Side == side:
				friends++
				continue
			case s.d.Counters[u.Counter].Is(MachineGun) && s.near(side, h, u.Face(s.d).Range):
				w = mgWorth // it fires at every move within its range, unspent (6.75)
			case s.near(side, h, 3):
				w = 1
			}
			if g.goal.at(h) == 0 {
				w += 0.25
			}
			enemies += w
		}
	}
	if enemies < 2 {
		return 0.2 + 0.5*enemies
	}
	score := 1 + 0.8*enemies - 1.5*friends
	if o := s.spec1(int(a.A)); o.Preregistered != nil && *o.Preregistered == v {
		score += 0.3
	}
	return score
}

// mgWorth is what a call counts an enemy machine gun for whose range
// reaches a friendly unit: reaction fire from it does not spend it
// (6.75), so one machine gun stops a whole attack across open ground,
// and a call onto it alone is worth more than a command.
const mgWorth = 3

// near reports whether a unit of side on the map stands within n hexes
// of h.
func (s *State) near(side engine.Side, h hexgrid.Hex, n int) bool {
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Side == side && u.Where == OnMap && hexgrid.Distance(u.Hex, h) <= n {
			return true
		}
	}
	return false
}
