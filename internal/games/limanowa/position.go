package limanowa

import (
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// HexMarks are the markers lying in a hex (a bit set).
type HexMarks uint8

const (
	TrenchMark     HexMarks = 1 << iota // a trench counter: connects to every adjacent trench (8.322)
	ScrapeMark                          // cover, no LOS effect (8.2)
	CraterMark                          // cover (8.2)
	BlockhouseMark                      // machine guns only, IN (8.31)
	SmokeMark                           // concealment to every level, removed in administration (4.8, 5.3, 7.52)
	GasMark                             // gas: persists for the scenario, no concealment (7.512, 7.514)
	BarrageMark                         // a creeping barrage's line: concealment while it lasts (7.43)

	// Concealing are the markers that conceal like smoke (4.8, 7.43, 7.52).
	Concealing = SmokeMark | BarrageMark
)

// SideMarks are the markers and artwork on a hexside (a bit set).
type SideMarks uint8

const (
	WireMark     SideMarks = 1 << iota // 8.34 (the Limanowa map prints none)
	BreachMark                         // the wire is negated (8.342)
	BombStopMark                       // the trench connection is negated (8.33)
	LakeMark                           // a blue hexside: never crossed (8.7; a scenario's, ruling L67)
)

// Position is what lies on the table that the rules read: units, control,
// and the markers in hexes and on hexsides.
type Position struct {
	Units   []Unit
	Control Control
	// SetupArea is where each side could set up at the start of the
	// scenario: a trench there is that side's (6.662).
	SetupArea [2][]hexgrid.Hex
	hex       [46][27]HexMarks
	side      [46][28][3]SideMarks // by the hexside's canonical hex (which may be one off the map) and direction
}

func (p *Position) sideAt(a, b hexgrid.Hex) *SideMarks {
	s, ok := hexgrid.Between(a, b)
	if !ok {
		return nil
	}
	c, r := Layout.ColRow(s.H)
	if c < 0 || c >= 46 || r < 0 || r >= 28 {
		return nil
	}
	return &p.side[c][r][s.D]
}

// EachMark calls f for every hex holding markers, and EachSideMark for
// every hexside holding markers (its two hexes), in table order: for a
// view, without a look at each of the map's hexes and hexsides.
func (p *Position) EachMark(f func(hexgrid.Hex, HexMarks)) {
	for c := range p.hex {
		for r, m := range p.hex[c] {
			if m != 0 {
				f(Layout.Hex(c, r), m)
			}
		}
	}
}

func (p *Position) EachSideMark(f func(a, b hexgrid.Hex, m SideMarks)) {
	for c := range p.side {
		for r := range p.side[c] {
			for d, m := range p.side[c][r] {
				if m != 0 {
					a, b := hexgrid.Hexside{H: Layout.Hex(c, r), D: hexgrid.Dir(d)}.Hexes()
					f(a, b, m)
				}
			}
		}
	}
}

// Marks returns the markers in h.
func (p *Position) Marks(h hexgrid.Hex) HexMarks {
	if !Layout.OnMap(h) {
		return 0
	}
	c, r := Layout.ColRow(h)
	return p.hex[c][r]
}

// Mark adds or removes markers in h.
func (p *Position) Mark(h hexgrid.Hex, m HexMarks, on bool) {
	if !Layout.OnMap(h) {
		return
	}
	c, r := Layout.ColRow(h)
	if on {
		p.hex[c][r] |= m
	} else {
		p.hex[c][r] &^= m
	}
}

// SideMarks returns the markers on the hexside between a and b.
func (p *Position) SideMarks(a, b hexgrid.Hex) SideMarks {
	if s := p.sideAt(a, b); s != nil {
		return *s
	}
	return 0
}

// MarkSide adds or removes markers on the hexside between a and b.
func (p *Position) MarkSide(a, b hexgrid.Hex, m SideMarks, on bool) {
	if s := p.sideAt(a, b); s != nil {
		if on {
			*s |= m
		} else {
			*s &^= m
		}
	}
}

// Cover reports whether fire at a unit in h meets cover in the hex itself
// (8.02: village, craters, scrapes, green-dot woods; trenches and
// blockhouses only for units IN them, 8.31, 8.321).
func (p *Position) Cover(m *Map, h hexgrid.Hex) bool {
	t := m.Terrain(h)
	return t == VillageHex || t == DotWoods || p.Marks(h)&(ScrapeMark|CraterMark) != 0
}

// TrenchConnected reports whether units IN a trench in a may move along it
// into b (8.321, 8.322: trench counters connect to every adjacent trench;
// 8.33: a bomb stop on the hexside negates the connection). The Limanowa
// map prints no trenches (rulings-data D9).
func (p *Position) TrenchConnected(a, b hexgrid.Hex) bool {
	return hexgrid.Adjacent(a, b) && p.Marks(a)&TrenchMark != 0 && p.Marks(b)&TrenchMark != 0 &&
		p.SideMarks(a, b)&BombStopMark == 0
}

// Wired reports whether crossing from a to b crosses unbreached wire
// (8.341, 8.342).
func (p *Position) Wired(a, b hexgrid.Hex) bool {
	return p.SideMarks(a, b)&(WireMark|BreachMark) == WireMark
}

// CrossWire applies 8.341 to a unit crossing from a to b: a non-AFV unit
// crossing wire is dispersed and spent at once (and so can neither enter
// a trench nor melee this turn); an AFV ignores the wire and breaches it.
// It reports whether the wire affected the unit.
func (p *Position) CrossWire(d *Data, u *Unit, a, b hexgrid.Hex) bool {
	if !p.Wired(a, b) {
		return false
	}
	c := &d.Counters[u.Counter]
	if c.Is(Tank) || c.Is(ArmoredCar) {
		p.MarkSide(a, b, BreachMark, true)
		return false
	}
	u.Dispersed, u.Spent = true, true
	return true
}

// enemyIn reports whether h holds a unit of the side opposing side.
func (p *Position) enemyIn(side engine.Side, h hexgrid.Hex) bool {
	for i := range p.Units {
		if u := &p.Units[i]; u.Where == OnMap && u.Side != side && u.Hex == h {
			return true
		}
	}
	return false
}

// CanRemoveBombStop reports whether side may remove the bomb stop on the
// hexside between a and b (6.41c, 6.42, 11.541): not when a hex of that
// hexside holds an enemy unit - so with the two sides straddling it,
// neither may.
func (p *Position) CanRemoveBombStop(side engine.Side, a, b hexgrid.Hex) bool {
	return p.SideMarks(a, b)&BombStopMark != 0 && !p.enemyIn(side, a) && !p.enemyIn(side, b)
}

// NewPosition returns a scenario's position before set-up (10.1): every
// counter of its order of battle waiting with its force, and control at
// the start (3.9, ruling L8).
func (d *Data) NewPosition(s *Scenario) *Position {
	p := &Position{Control: *NewControl(d, s.Forces, s.Control)}
	for _, h := range s.Series.Trenches {
		p.Mark(h, TrenchMark, true) // 8.32: printed for the scenario (ruling L60)
	}
	for _, h := range s.Series.Blockhouses {
		p.Mark(h, BlockhouseMark, true) // 8.31
	}
	for _, w := range s.Series.Wire {
		a, b := w.Hexes()
		p.MarkSide(a, b, WireMark, true) // 8.341
	}
	for _, l := range s.Series.Lakes {
		a, b := l.Hexes()
		p.MarkSide(a, b, LakeMark, true) // 8.7
	}
	for _, f := range s.Forces {
		if f.Turn == 0 && !f.Enter {
			for _, h := range f.Area {
				if !slices.Contains(p.SetupArea[f.Side], h) {
					p.SetupArea[f.Side] = append(p.SetupArea[f.Side], h)
				}
			}
		}
	}
	for fi, f := range s.Forces {
		for range f.Count {
			p.Units = append(p.Units, Unit{Counter: int16(f.Counter), Force: int16(fi), Side: f.Side, Where: Waiting,
				Dispersed: f.Face == DispersedFace})
		}
	}
	return p
}

// CanSetUp reports whether units[i] may set up in h before play: a hex of
// its force's area, within the play area, without breaking the stacking
// limit (3.4, 10.1, 13.0 scenario 3).
func (p *Position) CanSetUp(s *Scenario, i int, h hexgrid.Hex) bool {
	u := &p.Units[i]
	if u.Where != Waiting || u.Force < 0 {
		return false
	}
	f := &s.Forces[u.Force]
	return f.Turn == 0 && !f.Enter && slices.Contains(f.Area, h) &&
		(s.PlayArea == nil || slices.Contains(s.PlayArea, h)) && CanEnter(p.Units, u.Side, h)
}
