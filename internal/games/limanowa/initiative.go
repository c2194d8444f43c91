package limanowa

import "sandtable/internal/engine"

// Initiative is the outcome of a turn's initiative phase (5.1).
type Initiative struct {
	Side     engine.Side // has the initiative: issues the first command of each couplet (5.21)
	Couplets int         // command couplets this turn (5.11, 5.12)
	// NightZero: the night reduction left this turn with no couplets, so
	// the next turn is spared it (5.12).
	NightZero bool
}

// RollInitiative applies 5.11 and 5.12 to the two sides' dice: the higher
// die wins and the difference is the number of couplets; a tie gives the
// Central Powers the initiative with three. At night there is one fewer,
// not below 0, unless the night reduction left the turn before with none
// (lastNightZero) - so never two turns running without couplets; one more
// when a side uses infiltration tactics (no Limanowa force does).
func RollInitiative(dice [2]int, night, lastNightZero, infiltration bool) Initiative {
	in := Initiative{Side: Central, Couplets: 3}
	switch {
	case dice[Central] > dice[Russian]:
		in.Couplets = dice[Central] - dice[Russian]
	case dice[Russian] > dice[Central]:
		in.Side, in.Couplets = Russian, dice[Russian]-dice[Central]
	}
	if night && !lastNightZero {
		in.Couplets = max(in.Couplets-1, 0)
		in.NightZero = in.Couplets == 0
	}
	if infiltration {
		in.Couplets++
	}
	return in
}
