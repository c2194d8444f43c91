package limanowa

import "slices"

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
