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

// View is what a side sees: everything (the units are open, 2.1; nothing
// in a scenario is secret).
type View struct {
	Scenario   string      `json:"scenario"`
	Turn       int         `json:"turn"`
	Turns      int         `json:"turns"`
	Initiative string      `json:"initiative,omitempty"`
	Couplets   int         `json:"couplets"`
	Actor      string      `json:"actor"`
	Units      []UnitView  `json:"units"`
	Control    [2][]string `json:"control"` // the hexes of Limanowa each side controls (3.9, 13.0)
	Hallowed   string      `json:"hallowed,omitempty"`
	Prompt     string      `json:"prompt"`
}

var whereNames = []string{"waiting", "map", "destroyed", "captured", "exited"}

// View is the same for every viewer.
func (s *State) View(side engine.Side, lang string) any {
	v := View{Scenario: s.sc.ID, Turn: int(s.Turn), Turns: s.sc.Turns, Couplets: int(s.Couplets),
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
	if town, ok := s.d.Map.VillageOf(Layout.MustParse("N17")); ok {
		for _, h := range town.Hexes {
			if o := s.pos.Control.Owner(h); o != engine.Observer {
				v.Control[o] = append(v.Control[o], Layout.Format(h))
			}
		}
	}
	if s.Hallowed != 0 {
		v.Hallowed = Layout.Format(codeHex(s.Hallowed))
	}
	return v
}
