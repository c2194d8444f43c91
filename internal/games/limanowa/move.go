package limanowa

import (
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Green reports whether the hexside between a and b is a green bar
// (interior woods, 6.661a, 8.9): on the reconstructed map, every hexside
// between two woods hexes (rulings-data D16).
func (m *Map) Green(a, b hexgrid.Hex) bool {
	woods := func(h hexgrid.Hex) bool { t := m.Terrain(h); return t == Woods || t == DotWoods }
	return hexgrid.Adjacent(a, b) && woods(a) && woods(b)
}

// Road reports whether a unit crossing from a to b follows a road (8.6):
// the hexside is crossed by the road's artwork.
func (m *Map) Road(a, b hexgrid.Hex) bool { return m.Sides.At(a, b)&RoadSide != 0 }

// Step is one hex entered by a moving unit, as 6.661 needs it.
type Step struct {
	From, To       hexgrid.Hex
	Night          bool
	FriendlyTrench bool // it moves along a connecting friendly trench (6.661c, 6.662)
	EnemyTrench    bool // it goes IN an enemy trench hex from IN an adjacent, connecting enemy trench (6.661b)
}

// MustCheckLost reports whether the step makes the unit check cohesion to
// avoid getting lost (6.661): never along a road; crossing a green bar
// hexside, going IN along an enemy trench, or entering a hex at night
// other than by a road or friendly trench. 6.663's once a turn is the
// caller's to keep.
func (m *Map) MustCheckLost(s Step) bool {
	return lostCheck(m.Road(s.From, s.To), m.Green(s.From, s.To), s)
}

// lostCheck is 6.661 for step s made along a road or not, across a green
// bar hexside or not (MustCheckLost; a walk-on, walkOnLost).
func lostCheck(road, green bool, s Step) bool {
	if road {
		return false
	}
	return green || s.EnemyTrench || s.Night && !s.FriendlyTrench
}

// RallyCandidates are the units that may rally when units[mover], formed,
// enters its hex (3.8): its side's ready, dispersed units there.
func RallyCandidates(units []Unit, mover int) []int {
	m := &units[mover]
	if m.Dispersed || m.Where != OnMap {
		return nil
	}
	var out []int
	for i := range units {
		u := &units[i]
		if i != mover && u.Side == m.Side && u.Hex == m.Hex && u.Ready() && u.Dispersed {
			out = append(out, i)
		}
	}
	return out
}

// Entry is what entering a hex means for a moving unit (6.6, 8.0): whether
// it may, and the consequences the move procedure then carries out in
// 6.9's order (rally, lost, melee, reaction fire).
type Entry struct {
	Allowed bool
	Rule    string // the rule that forbids it, when not Allowed
	Road    bool   // it crossed a road hexside (6.64, 8.6)
	Stream  bool   // it crossed a stream without a bridge: spent at once, not dispersed (8.7)
	Wire    bool   // it crossed unbreached wire: a non-AFV unit is dispersed and spent at once (8.341)
	Bog     bool   // cavalry or an AFV entering a trench hex checks cohesion (8.323)
	Lost    bool   // it must check for getting lost (6.661), unless it has this turn (6.663)
}

// Enter says what units[i] entering the adjacent hex to means (6.61-6.63,
// 6.661, 8.323, 8.341, 8.7). playArea, if not nil, is where hexes exist
// (scenario 3). The caller applies the consequences and spends the MP.
func (p *Position) Enter(d *Data, i int, to hexgrid.Hex, night bool, playArea []hexgrid.Hex) Entry {
	u := &p.Units[i]
	from := u.Hex
	switch {
	case u.Where != OnMap || !hexgrid.Adjacent(from, to):
		return Entry{Rule: "6.61"}
	case !d.Map.InPlay(to) || playArea != nil && !slices.Contains(playArea, to):
		return Entry{Rule: "2.2"}
	case p.enemyIn(u.Side, from):
		return Entry{Rule: "6.63"}
	case !CanEnter(p.Units, u.Side, to):
		return Entry{Rule: "3.4"}
	case p.SideMarks(from, to)&LakeMark != 0:
		return Entry{Rule: "8.7"} // units cannot cross blue hexsides
	}
	c := &d.Counters[u.Counter]
	fl := d.Map.Sides.At(from, to)
	e := Entry{Allowed: true, Road: fl&RoadSide != 0}
	e.Stream = fl&StreamSide != 0 && fl&Bridge == 0
	e.Wire = p.Wired(from, to) && !c.Is(Tank) && !c.Is(ArmoredCar)
	e.Bog = p.Bogs(c, to)
	along := u.In && p.TrenchConnected(from, to) // moving IN, along the trench
	enemy := func(h hexgrid.Hex) bool { return p.enemyGround(u.Side, h) }
	e.Lost = d.Map.MustCheckLost(Step{From: from, To: to, Night: night,
		FriendlyTrench: along && !enemy(to), EnemyTrench: along && enemy(from) && enemy(to)})
	return e
}

// enemyGround reports whether side's enemy could set up in hex h at the
// start of the scenario: a trench there is an enemy trench to side
// (6.662).
func (p *Position) enemyGround(side engine.Side, h hexgrid.Hex) bool {
	return slices.Contains(p.SetupArea[1-side], h)
}

// Bogs reports whether a unit of counter c entering to checks cohesion
// for bogging (8.323: "Whenever cavalry or AFV enter a trench hex"), by
// ordinary movement or walking on (10.21, ruling L75).
func (p *Position) Bogs(c *Counter, to hexgrid.Hex) bool {
	return c.Bogs() && p.Marks(to)&TrenchMark != 0
}

// RoadBonus reports whether a unit that has moved along path (its start
// hex first) earns the road bonus (6.64, 8.6): it started on a road hex
// and crossed a road hexside every time it entered a new hex. The bonus is
// one more hex along the road that turn.
func (m *Map) RoadBonus(path []hexgrid.Hex) bool {
	if len(path) < 2 || !m.OnRoad(path[0]) {
		return false
	}
	for i := 1; i < len(path); i++ {
		if !m.Road(path[i-1], path[i]) {
			return false
		}
	}
	return true
}

// OnRoad reports whether a road runs through h.
func (m *Map) OnRoad(h hexgrid.Hex) bool {
	for _, n := range h.Neighbours() {
		if m.Road(h, n) {
			return true
		}
	}
	return false
}

// RedeployHexes is how far a gun redeploys at night (11.55).
const RedeployHexes = 8

// RedeployReach returns the hexes a gun unit may redeploy to at night
// (11.55): entering at most eight hexes, each controlled by its side and
// none next to an enemy unit, the destination included (ruling L13).
func (p *Position) RedeployReach(d *Data, i int) []hexgrid.Hex {
	u := &p.Units[i]
	if u.Where != OnMap || !d.Counters[u.Counter].Type.IsGun() {
		return nil
	}
	nearEnemy := func(h hexgrid.Hex) bool {
		for j := range p.Units {
			e := &p.Units[j]
			if e.Where == OnMap && e.Side != u.Side && (e.Hex == h || hexgrid.Adjacent(e.Hex, h)) {
				return true
			}
		}
		return false
	}
	s := hexgrid.NewSearch(d.Map.Hexes)
	reached := s.Reach(u.Hex, RedeployHexes, func(_, to hexgrid.Hex, _ hexgrid.Hexside) (int, bool) {
		if p.Control.Owner(to) != u.Side || nearEnemy(to) || !CanEnter(p.Units, u.Side, to) {
			return -1, false
		}
		return 1, false
	})
	var out []hexgrid.Hex
	for _, r := range reached[1:] {
		out = append(out, r.Hex)
	}
	return out
}
