package limanowa

import "testing"

// The circumstance modifiers of the Example of Play (9.0), each line as
// the example adds it up, and the rules' other cases.
func TestFireModifier(t *testing.T) {
	tb := &DefaultData().Tables
	tests := []struct {
		name string
		s    Shot
		tg   Target
		want int
	}{
		{"9.0 MG reaction fire: +2 firepower, +1 formed, +1 moving, -1 craters", Shot{Firepower: 2, Range: 1}, Target{Formed: true, Moving: true, Cover: true}, 3},
		{"9.0 same hex: +1 firepower, +1 formed, +1 moving, +1 same hex, -1 craters", Shot{Firepower: 1, Range: 0}, Target{Formed: true, Moving: true, Cover: true}, 3},
		{"9.0 dispersed, stopped German: +2, -1 craters", Shot{Firepower: 2, Range: 1}, Target{Cover: true}, 1},
		{"9.0 entrenched British under MG fire: +2, -3 trench (not -1 craters too)", Shot{Firepower: 2, Range: 1}, Target{InTrench: true, Cover: true}, -1},
		{"9.0 range 3: +2, +1 formed, +1 moving, -1 crater, -1 range", Shot{Firepower: 2, Range: 3}, Target{Formed: true, Moving: true, Cover: true}, 2},
		{"9.0 artillery: +3, +1 moving, -1 range, -3 trench", Shot{Firepower: 3, Range: 2}, Target{Moving: true, InTrench: true}, 0},
		{"9.0 turn 2: +2 firepower, -1 crater", Shot{Firepower: 2, Range: 1}, Target{Cover: true}, 1},
		{"range -2 at 4 hexes, -3 at 6", Shot{Firepower: 3, Range: 6}, Target{}, 0},
		{"8.321 trench -2 against a howitzer", Shot{Firepower: 4, Howitzer: true, Range: 1}, Target{InTrench: true}, 2},
		{"8.43 hill: -1, 0 against a howitzer", Shot{Firepower: 4, Howitzer: true, Range: 1}, Target{Higher: true}, 4},
		{"8.43 hill against rifles", Shot{Firepower: 1, Range: 1}, Target{Higher: true}, 0},
		{"8.31 MG in a blockhouse", Shot{Firepower: 2, Range: 1}, Target{InBlockhouse: true, InTrench: true}, -2},
		{"4.81 one concealment hex; night is the same category", Shot{Firepower: 1, Range: 2, Concealed: true, Night: true}, Target{}, -1},
		{"7.241 FFE: no range or visibility", Shot{Firepower: 4, OMA: true, Range: 9, Concealed: true, Night: true}, Target{Formed: true, InTrench: true}, 2},
		{"7.511 gas: no firepower, range or cover", Shot{Firepower: 4, OMA: true, Gas: true, Range: 5}, Target{Formed: true, Moving: true, InTrench: true, Cover: true}, 2},
		{"7.514 shooter in gas", Shot{Firepower: 1, Range: 1, InGas: true}, Target{}, 0},
		{"card: anti-tank fire at a mover", Shot{Firepower: 2, AntiTank: true, Range: 1}, Target{Moving: true, FriendlyAFV: true}, 1},
		{"card: a friendly AFV against area fire", Shot{Firepower: 2, Range: 1}, Target{FriendlyAFV: true}, 1},
	}
	for _, tt := range tests {
		if got := tb.FireModifier(tt.s, tt.tg); got != tt.want {
			t.Errorf("%s: %+d, want %+d", tt.name, got, tt.want)
		}
	}
}
