package limanowa

import (
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Control is who controls each hex (3.9): the last side to have been its
// sole occupant, or nobody (engine.Observer).
type Control struct {
	owner [46][27]engine.Side
}

// NewControl returns control at the start of a scenario (3.9: a side
// controls all the hexes of its set-up areas; then the scenario's own
// statements, 13.0) or of a campaign (its statements only: campaign 1's
// Russians control "Limanowa, but nothing else"; ruling L8).
func NewControl(d *Data, setup []Force, stated []Held) *Control {
	c := &Control{}
	for i := range c.owner {
		for j := range c.owner[i] {
			c.owner[i][j] = engine.Observer
		}
	}
	for _, f := range setup {
		if f.Turn == 0 && !f.Enter {
			for _, h := range f.Area {
				c.Set(h, f.Side)
			}
		}
	}
	for _, s := range stated {
		for _, h := range s.Hexes {
			c.Set(h, s.Side)
		}
	}
	return c
}

// Owner is the side controlling h, or engine.Observer.
func (c *Control) Owner(h hexgrid.Hex) engine.Side {
	if !Layout.OnMap(h) {
		return engine.Observer
	}
	col, row := Layout.ColRow(h)
	return c.owner[col][row]
}

// Set gives h to side.
func (c *Control) Set(h hexgrid.Hex, side engine.Side) {
	if Layout.OnMap(h) {
		col, row := Layout.ColRow(h)
		c.owner[col][row] = side
	}
}

// Update gives every hex occupied by one side only to that side (3.9);
// hexes empty or shared keep their owner.
func (c *Control) Update(units []Unit) {
	var seen [46][27]uint8 // bit per side
	for i := range units {
		if u := &units[i]; u.Where == OnMap {
			col, row := Layout.ColRow(u.Hex)
			seen[col][row] |= 1 << u.Side
		}
	}
	for col := range seen {
		for row, s := range seen[col] {
			switch s {
			case 1 << Central:
				c.owner[col][row] = Central
			case 1 << Russian:
				c.owner[col][row] = Russian
			}
		}
	}
}

// Count is how many of hs side controls.
func (c *Control) Count(side engine.Side, hs []hexgrid.Hex) int {
	n := 0
	for _, h := range hs {
		if c.Owner(h) == side {
			n++
		}
	}
	return n
}

// Result is a scenario's or campaign's outcome.
type Result struct {
	Winner engine.Side // engine.Observer: a draw
	Points [2]int      // victory points, or the hexes counted
}

// hillHexes are the hexes of the Golkow and the Jabloniec (13.0).
func (d *Data) hillHexes() []hexgrid.Hex {
	var out []hexgrid.Hex
	for _, id := range []string{"golkow", "jabloniec"} {
		if h, ok := d.Map.Hill(id); ok {
			for _, x := range h.Hexes {
				if !slices.Contains(out, x) {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// more: the side with more points wins; equal is a draw (ruling L9).
func more(p [2]int) Result {
	r := Result{Winner: engine.Observer, Points: p}
	switch {
	case p[Central] > p[Russian]:
		r.Winner = Central
	case p[Russian] > p[Central]:
		r.Winner = Russian
	}
	return r
}

// Judge applies a victory condition to the control at the end (10.1,
// 13.0). playArea, if not nil, is where hexes exist (scenario 3).
func (d *Data) Judge(v Victory, c *Control, playArea []hexgrid.Hex) Result {
	exists := func(hs []hexgrid.Hex) []hexgrid.Hex {
		if playArea == nil {
			return hs
		}
		return slices.DeleteFunc(slices.Clone(hs), func(h hexgrid.Hex) bool { return !slices.Contains(playArea, h) })
	}
	var p [2]int
	switch v.Kind {
	case MoreLimanowaHexes: // scenario 1: Limanowa = every village hex contiguous to N17
		town, _ := d.Map.VillageOf(Layout.MustParse("N17"))
		for s := range p {
			p[s] = c.Count(engine.Side(s), town.Hexes)
		}
		return more(p)
	case MoreHillHexes: // scenario 2: a point a hill hex
		for s := range p {
			p[s] = c.Count(engine.Side(s), exists(d.hillHexes()))
		}
		return more(p)
	case HillHexesAtLeast: // scenario 3: the listed side wins or loses (10.1)
		for s := range p {
			p[s] = c.Count(engine.Side(s), exists(d.hillHexes()))
		}
		r := Result{Winner: 1 - v.Side, Points: p}
		if p[v.Side] >= v.Count {
			r.Winner = v.Side
		}
		return r
	default: // campaigns: hill hexes and whole villages solely controlled
		for s := range p {
			side := engine.Side(s)
			p[s] = c.Count(side, d.hillHexes())
			for _, vil := range d.Map.Villages {
				if c.Count(side, vil.Hexes) == len(vil.Hexes) {
					p[s]++
				}
			}
		}
		return more(p)
	}
}
