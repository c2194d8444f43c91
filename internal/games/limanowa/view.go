package limanowa

import "sandtable/internal/engine"

// UnitView is one unit as a board draws it.
type UnitView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Side      string `json:"side"`
	Hex       string `json:"hex,omitempty"`
	Where     string `json:"where"`
	Dispersed bool   `json:"dispersed,omitempty"`
	Spent     bool   `json:"spent,omitempty"`
	Moving    bool   `json:"moving,omitempty"`
	MP        int    `json:"mp,omitempty"`
	Face      string `json:"face"` // 13.0's notation of the face up
}

// View is what a side sees: everything on the table (the units are open,
// 2.1) and its own standing reaction order, not the other's.
type View struct {
	Scenario   string      `json:"scenario"`
	Turn       int         `json:"turn"`
	Turns      int         `json:"turns"`
	Initiative string      `json:"initiative,omitempty"`
	Couplets   int         `json:"couplets"`
	Actor      string      `json:"actor"`
	Units      []UnitView  `json:"units"`
	Control    [2][]string `json:"control"` // the hexes the scenario's victory counts each side controls (3.9, 13.0)
	Hallowed   string      `json:"hallowed,omitempty"`
	Prompt     string      `json:"prompt"`
	Reaction   *Reaction   `json:"reaction,omitempty"`
	Policy     string      `json:"policy,omitempty"`   // the viewer's standing reaction order
	Campaign   *DayView    `json:"campaign,omitempty"` // a campaign's day (campaign_day.go)
}

var whereNames = []string{"waiting", "map", "destroyed", "captured", "exited", "absent", "removed"}

// View is the same for every viewer.
func (s *State) View(side engine.Side, lang string) any {
	v := View{Scenario: s.sc.ID, Turn: int(s.Turn), Turns: s.turns(), Couplets: int(s.Couplets),
		Actor: SideNames[s.Phasing], Prompt: s.Prompt(side, lang)}
	if s.Turn > 0 {
		v.Initiative = SideNames[s.Initiative]
	}
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		id := s.unitID(i)
		uv := UnitView{ID: id, Name: s.unitName(id, lang), Side: SideNames[u.Side], Where: whereNames[u.Where],
			Dispersed: u.Dispersed, Spent: u.Spent, Moving: u.Moving, MP: int(u.MP), Face: u.Face(s.d).String()}
		if u.Where == OnMap {
			uv.Hex = Layout.Format(u.Hex)
		}
		v.Units = append(v.Units, uv)
	}
	for _, h := range s.objective() {
		if o := s.pos.Control.Owner(h); o != engine.Observer {
			v.Control[o] = append(v.Control[o], Layout.Format(h))
		}
	}
	if side == Central || side == Russian {
		v.Policy = policyNames[s.Policy[side]] // a player's standing order is his own
	}
	if s.Step == stReact {
		v.Reaction = s.reaction()
	}
	if s.Hallowed != 0 {
		v.Hallowed = Layout.Format(codeHex(s.Hallowed))
	}
	v.Campaign = s.campaignView(side)
	return v
}

// Reaction is what a reaction prompt shows (6.71): the movers' hex, the
// movers, and each unit that may fire with the odds of its shot on every
// unit there.
type Reaction struct {
	Hex      string    `json:"hex"`
	Movers   []string  `json:"movers"`
	Shooters []Shooter `json:"shooters"`
}

// Shooter is a unit that may fire and what its shot would do.
type Shooter struct {
	ID   string `json:"id"`
	Odds []Odds `json:"odds"`
}

// Odds is one target's check under a shot: the modifier and the chances,
// in percent, that it fails (dispersed or worse) and that it is destroyed
// (3.72, 3.73).
type Odds struct {
	Target   string `json:"target"`
	Modifier int    `json:"modifier"`
	Fail     int    `json:"fail"`
	Destroy  int    `json:"destroy"`
}

func (s *State) reaction() *Reaction {
	h := codeHex(s.MoveHex)
	r := &Reaction{Hex: Layout.Format(h)}
	for _, m := range s.movers(nil) {
		r.Movers = append(r.Movers, s.unitID(m))
	}
	for _, i := range s.reactors(nil) {
		sh := Shooter{ID: s.unitID(i)}
		hits := s.pos.FireChecks(s.d, s.fireAt(i, h, true), func() [2]int { return [2]int{0, 0} })
		for _, hit := range hits {
			mod := hit.Check.Modifier
			if s.hallowed(&s.pos.Units[hit.Unit]) {
				mod += Hallowed
			}
			fail, kill := 0, 0
			for a := 1; a <= 6; a++ {
				for b := 1; b <= 6; b++ {
					c := Check{Dice: [2]int{a, b}, Modifier: mod, Cohesion: hit.Check.Cohesion, Cause: ByFire}
					switch c.Outcome() {
					case Fail:
						fail++
					case Kill:
						fail++
						kill++
					}
				}
			}
			sh.Odds = append(sh.Odds, Odds{Target: s.unitID(hit.Unit), Modifier: mod, Fail: fail * 100 / 36, Destroy: kill * 100 / 36})
		}
		r.Shooters = append(r.Shooters, sh)
	}
	return r
}
