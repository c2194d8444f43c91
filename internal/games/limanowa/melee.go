package limanowa

import "sandtable/internal/engine"

// Attack is one unit's melee attack on one enemy unit (6.674).
type Attack struct{ Attacker, Target int } // indexes into the units

// Hallowed is the melee bonus on hallowed ground (6.675c, 6.679): -1 to a
// unit in or adjacent to its side's hallowed hex.
const Hallowed = -1

// MeleeModifiers gives the cohesion-check modifier of every unit that is
// attacked: the sum of its attackers' melee values (6.675a), each doubled
// on turn 1 for a side using infiltration tactics (6.675b), and -1 if the
// unit is on its side's hallowed ground (6.675c). Only attacked units roll
// (ruling L10). Cover never modifies a melee check (8.02).
func (d *Data) MeleeModifiers(units []Unit, attacks []Attack, doubled [2]bool, hallowed func(*Unit) bool) map[int]int {
	out := map[int]int{}
	for _, a := range attacks {
		att := &units[a.Attacker]
		mv := att.Face(d).Melee
		if doubled[att.Side] {
			mv *= 2
		}
		out[a.Target] += mv
	}
	for t := range out {
		if hallowed != nil && hallowed(&units[t]) {
			out[t] += Hallowed
		}
	}
	return out
}

// HallowsGround says which side hallows the ground of a melee (6.679): a
// side that rolled doubles on at least one of its checks; the actor if
// both did; engine.Observer if neither did, or if the ground was hallowed
// already this scenario or day.
func HallowsGround(doubles [2]bool, actor engine.Side, already bool) engine.Side {
	switch {
	case already:
		return engine.Observer
	case doubles[actor]:
		return actor
	case doubles[1-actor]:
		return 1 - actor
	}
	return engine.Observer
}
