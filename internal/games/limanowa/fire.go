package limanowa

import (
	"slices"

	"sandtable/internal/hexgrid"
)

// modifierIDs are the reference card's circumstance modifiers the rules
// code applies; tables.json must give each exactly once.
var modifierIDs = []string{
	"formed", "moving-area", "moving-at", "range", "same-hex", "blockhouse", "trench",
	"cover", "hill", "friendly-afv", "concealment", "night", "gas-shooter", "hallowed",
}

// Shot is what a fire attack brings to a target's cohesion check.
type Shot struct {
	Firepower int  // the shooter's firepower or anti-tank firepower (6.53, 6.54), the group's for OMA (7.241)
	AntiTank  bool // anti-tank fire at an AFV (6.54)
	OMA       bool // an FFE: no range or visibility modifiers (7.241)
	Gas       bool // a gas attack: no firepower, range or cover (7.511)
	Howitzer  bool // mortar or howitzer fire (8.321, 8.43)
	Range     int  // hexes counted as 6.52 does; 0 in the same hex
	Concealed bool // the line crosses one hex of concealment (4.81)
	Night     bool // 5.12, card: visibility
	InGas     bool // the shooter is in a gas hex (7.514)
}

// Target is the situation of the unit checking cohesion.
type Target struct {
	Formed       bool // 3.2
	Moving       bool // 6.65
	InBlockhouse bool // a machine gun IN a blockhouse (8.31)
	InTrench     bool // infantry or gun IN a trench (8.321)
	Cover        bool // village, craters, scrapes, green-dot woods in its hex (8.1, 8.2, 8.9)
	Higher       bool // on a hill above the shooter's level (8.43)
	FriendlyAFV  bool // a friendly AFV in its hex, against area fire (card)
}

// FireModifier is the total a fire attack adds to the target's check
// (6.53): the firepower, then one circumstance modifier per category -
// where several apply the target picks, so the lowest is used.
func (t *Tables) FireModifier(s Shot, tg Target) int {
	total := 0
	if !s.Gas {
		total = s.Firepower
	}
	for _, cat := range t.Categories {
		if s.OMA && !slices.Contains(t.FFECategories, cat) {
			continue
		}
		best, any := 0, false
		for i := range t.Modifiers {
			m := &t.Modifiers[i]
			if m.Category != cat {
				continue
			}
			v, ok := m.applies(s, tg)
			if ok && (!any || v < best) {
				best, any = v, true
			}
		}
		total += best
	}
	return total
}

// applies returns a modifier's value for this shot and target, and
// whether it applies.
func (m *Modifier) applies(s Shot, tg Target) (int, bool) {
	v := m.Value
	if s.Howitzer && m.VsHowitzer != nil {
		v = *m.VsHowitzer
	}
	switch m.ID {
	case "formed":
		return v, tg.Formed
	case "moving-area":
		return v, tg.Moving && !s.AntiTank
	case "moving-at":
		return v, tg.Moving && s.AntiTank
	case "range":
		return v * (s.Range / m.Per), !s.Gas && s.Range >= m.Per
	case "same-hex":
		return v, !s.Gas && s.Range == 0
	case "blockhouse":
		return v, !s.Gas && tg.InBlockhouse
	case "trench":
		return v, !s.Gas && tg.InTrench
	case "cover":
		return v, !s.Gas && tg.Cover
	case "hill":
		return v, !s.Gas && tg.Higher
	case "friendly-afv":
		return v, !s.Gas && !s.AntiTank && tg.FriendlyAFV
	case "concealment":
		return v, s.Concealed
	case "night":
		return v, s.Night
	case "gas-shooter":
		return v, s.InGas
	}
	return 0, false
}

// FireAt is an area fire attack about to be made (6.5, 6.7).
type FireAt struct {
	Shooter  int         // index into Position.Units
	Target   hexgrid.Hex // the target hex
	Reaction bool        // reaction fire (6.71)
	// Moving reports which units are moving (6.65); nil for none.
	Moving func(i int) bool
	Night  bool
	// Smoke reports full-hex concealment other than night (4.8); nil for
	// none.
	Smoke func(hexgrid.Hex) bool
}

// Sight returns the line of sight of an attack, with 4.6's friendly units
// in the way of infantry and cavalry fire (those not IN a trench).
func (p *Position) Sight(d *Data, f FireAt) hexgrid.View {
	s := &p.Units[f.Shooter]
	c := &d.Counters[s.Counter]
	o := Sightline{Night: f.Night, Concealed: func(h hexgrid.Hex) bool {
		return p.Marks(h)&Concealing != 0 || f.Smoke != nil && f.Smoke(h) // smoke (7.52), a creeping barrage (7.43) and the caller's concealment
	}}
	if c.Is(Infantry) || c.Is(Cavalry) {
		o.Blocker = func(h hexgrid.Hex) bool {
			for i := range p.Units {
				if u := &p.Units[i]; i != f.Shooter && u.Where == OnMap && u.Side == s.Side && u.Hex == h && !u.In {
					return true
				}
			}
			return false
		}
	}
	return d.Map.See(s.Hex, f.Target, o)
}

// CanFire reports whether the shooter may make the attack (6.51, 6.52,
// 6.71): on the map and ready, the target within range (hexes counted
// without the firing hex, with the target's) and in sight; not out of a
// hex holding enemy units, though any unit but a mortar may fire at the
// enemy in its own hex; mortars never react. Ready-ness of reaction fire
// the caller checks with the rest of 6.7.
func (p *Position) CanFire(d *Data, f FireAt) bool {
	s := &p.Units[f.Shooter]
	c := &d.Counters[s.Counter]
	if !s.Ready() || f.Reaction && c.Is(Mortar) {
		return false
	}
	if s.Hex == f.Target {
		return !c.Is(Mortar) && p.enemyIn(s.Side, f.Target)
	}
	if p.enemyIn(s.Side, s.Hex) || hexgrid.Distance(s.Hex, f.Target) > s.Face(d).Range {
		return false
	}
	return p.Sight(d, f).Visible
}

// Hit is one unit's cohesion check under fire.
type Hit struct {
	Unit    int
	Check   Check
	Outcome Outcome
}

// AreaFire resolves an area fire attack (6.53): every unit in the target
// hex but the shooter checks cohesion with the shooter's firepower and
// the circumstance modifiers (friend and foe alike, 9.0), and the outcome
// is applied at once. The shooter is then spent, except a machine gun
// reacting against a hex with a moving unit when no moving unit's check
// was doubles (6.56, 6.75). dice rolls two dice. The caller has checked
// CanFire.
func (p *Position) AreaFire(d *Data, f FireAt, dice func() [2]int) []Hit {
	hits := p.FireChecks(d, f, dice)
	p.ApplyFire(d, f, hits)
	return hits
}

// Firefight resolves the simultaneous fire of 6.74: an attack and the
// reaction fire of units in its target hex at the attacker are rolled,
// then all their results applied together, so both sides may fall.
func (p *Position) Firefight(d *Data, fires []FireAt, dice func() [2]int) [][]Hit {
	out := make([][]Hit, len(fires))
	for i, f := range fires {
		out[i] = p.FireChecks(d, f, dice)
	}
	for i, f := range fires {
		p.ApplyFire(d, f, out[i])
	}
	return out
}

// FireChecks rolls the cohesion checks of an area fire attack without
// applying them (see AreaFire).
func (p *Position) FireChecks(d *Data, f FireAt, dice func() [2]int) []Hit {
	s := &p.Units[f.Shooter]
	sc := &d.Counters[s.Counter]
	view := p.Sight(d, f)
	shot := Shot{
		Firepower: s.Face(d).Fire,
		Howitzer:  sc.Is(Mortar),
		Range:     hexgrid.Distance(s.Hex, f.Target),
		Concealed: view.Concealed > 0,
		Night:     f.Night,
		InGas:     p.Marks(s.Hex)&GasMark != 0, // 7.514
	}
	var hits []Hit
	for i := range p.Units {
		u := &p.Units[i]
		if i == f.Shooter || u.Where != OnMap || u.Hex != f.Target {
			continue
		}
		uc := &d.Counters[u.Counter]
		if uc.Is(Tank) || uc.Is(ArmoredCar) {
			continue // area fire affects non-AFV units only (6.53)
		}
		tg := p.targetOf(d, i, f.Moving != nil && f.Moving(i), d.Map.Level(s.Hex))
		c := Check{Dice: dice(), Modifier: d.Tables.FireModifier(shot, tg), Cohesion: u.Face(d).Cohesion, Cause: ByFire}
		hits = append(hits, Hit{Unit: i, Check: c, Outcome: c.Outcome()})
	}
	return hits
}

// targetOf is units[i]'s situation under fire from level from (6.53,
// 8.02, 8.31, 8.321, 8.43).
func (p *Position) targetOf(d *Data, i int, moving bool, from int) Target {
	u := &p.Units[i]
	uc := &d.Counters[u.Counter]
	return Target{
		Formed:       !u.Dispersed,
		Moving:       moving,
		InTrench:     u.In && (uc.Type == Infantry || uc.Type.IsGun()) && p.Marks(u.Hex)&TrenchMark != 0,
		InBlockhouse: u.In && uc.Is(MachineGun) && p.Marks(u.Hex)&BlockhouseMark != 0,
		Cover:        p.Cover(&d.Map, u.Hex),
		Higher:       d.Map.Level(u.Hex) > from,
	}
}

// ApplyFire carries out the checks of an attack and spends the shooter
// (6.56), unless it is a machine gun reacting against a hex with a moving
// unit none of whose checks was doubles (6.75).
func (p *Position) ApplyFire(d *Data, f FireAt, hits []Hit) {
	moving, doubles := false, false
	for _, hit := range hits {
		p.Units[hit.Unit].Apply(hit.Check)
		if f.Moving != nil && f.Moving(hit.Unit) {
			moving = true
			doubles = doubles || hit.Check.Doubles()
		}
	}
	s := &p.Units[f.Shooter]
	if !(f.Reaction && d.Counters[s.Counter].Is(MachineGun) && moving && !doubles) {
		s.Spent = true
	}
}
