package primogenita

import (
	"sandtable/internal/engine"
)

// OrderView is an Order counter as a side sees it.
type OrderView struct {
	Priority int    `json:"priority"`
	Where    string `json:"where"` // sheet, chosen (own secret choice only), track, box, executing
	Flipped  bool   `json:"flipped"`
	// Weight is how many of the four choices it uses if chosen now (3.4);
	// 0: it cannot be chosen. Only for the viewer's own Orders while choosing.
	Weight int `json:"weight,omitempty"`
}

// ChoiceView is the shape of the secret Order choice for a client (3.2,
// 3.4): pick Orders whose weights add up to Capacity, from the viewer's
// own sheet; the other side's progress shows only as committed or not.
type ChoiceView struct {
	Capacity       int  `json:"capacity"`
	Chosen         int  `json:"chosen"`
	Committed      bool `json:"committed"`
	OtherCommitted bool `json:"other_committed"`
}

// View is what side may see (engine.State.View): everything on the map
// (the game has no hidden units), but of the other side's Order choice
// only whether it is committed, never which Orders or how many (3.2).
type View struct {
	Turn    int         `json:"turn"`
	Segment int         `json:"segment"`
	VP      int         `json:"vp"`
	Orders  []OrderView `json:"orders"`
	Choice  *ChoiceView `json:"choice,omitempty"`
	Units   []UnitState `json:"units"`
	Flags   []uint8     `json:"flags"`
	Trench  []int16     `json:"trench"`
}

var whereNames = []string{OrdSheet: "sheet", OrdPending: "chosen", OrdTrack: "track", OrdBox: "box", OrdExecuting: "executing"}

// view builds side's view; engine.Observer sees what both may see.
func (s *State) view(side engine.Side) View {
	v := View{Turn: int(s.Turn), Segment: int(s.Segment), VP: int(s.VP), Units: s.Pos.Units[:len(s.d.Units)], Flags: s.Pos.Flags[:len(s.d.Towns)], Trench: s.Pos.Trench[:s.d.AlliedTrench+s.d.ItalianTrench]}
	for p := 1; p <= NumOrders; p++ {
		o := s.Orders[p]
		own := s.d.Orders[p].Side == side
		if o.Where == OrdPending && !own {
			o.Where = OrdSheet // the other side's secret choice looks like the sheet
		}
		ov := OrderView{Priority: p, Where: whereNames[o.Where], Flipped: o.Flipped}
		if own && s.Step == stChoose && !s.Committed[side] {
			ov.Weight = s.weight(p)
		}
		v.Orders = append(v.Orders, ov)
	}
	if s.Step == stChoose && side != engine.Observer {
		v.Choice = &ChoiceView{Capacity: OrdersChosen, Chosen: s.chosen(side), Committed: s.Committed[side], OtherCommitted: s.Committed[Other(side)]}
	}
	return v
}

// determinize returns a state viewer cannot tell from s (engine.State
// .Determinize): the other side's unrevealed choice is resampled (a random
// complete choice if it has committed, a random partial one otherwise) and
// so are future dice. The policy is uniform among the Orders it may pick;
// the computer players will want a better prior (not yet written).
func (s *State) determinize(viewer engine.Side, r *engine.Rand) *State {
	c := s.clone()
	c.Rand = engine.NewRand(r.Uint64())
	if s.Step != stChoose || viewer == engine.Observer {
		return c
	}
	other := Other(viewer)
	for p := 1; p <= NumOrders; p++ {
		if c.Orders[p].Where == OrdPending && c.d.Orders[p].Side == other {
			c.Orders[p].Where = OrdSheet
		}
	}
	target := -1 // unknown progress: stop at random
	if c.Committed[other] {
		target = OrdersChosen
	}
	var opts []int
	for {
		opts = opts[:0]
		for p := 1; p <= NumOrders; p++ {
			if c.canPick(other, p) {
				opts = append(opts, p)
			}
		}
		if len(opts) == 0 || c.chosen(other) == OrdersChosen || target < 0 && r.IntN(5) == 0 {
			break
		}
		c.Orders[opts[r.IntN(len(opts))]].Where = OrdPending
	}
	return c
}
