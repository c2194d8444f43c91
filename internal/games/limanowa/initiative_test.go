package limanowa

import "testing"

// 5.11, 5.12 and the Example of Play (9.0; the Germans there are the
// Central Powers, the British the other side).
func TestInitiative(t *testing.T) {
	tests := []struct {
		name                       string
		dice                       [2]int
		night, lastZero, infiltrat bool
		want                       Initiative
	}{
		{"9.0 turn 1: Germans 4, British 6", [2]int{4, 6}, false, false, false, Initiative{Russian, 2, false}},
		{"9.0 turn 2: both 5, the Central Powers with three", [2]int{5, 5}, false, false, false, Initiative{Central, 3, false}},
		{"9.0 turn 3: Germans win with five", [2]int{6, 1}, false, false, false, Initiative{Central, 5, false}},
		{"5.12 night: one fewer", [2]int{6, 3}, true, false, false, Initiative{Central, 2, false}},
		{"5.12 night to zero", [2]int{3, 4}, true, false, false, Initiative{Russian, 0, true}},
		{"5.12 the next night turn is spared", [2]int{3, 4}, true, true, false, Initiative{Russian, 1, false}},
		{"5.12 a night tie", [2]int{2, 2}, true, false, false, Initiative{Central, 2, false}},
		{"5.12 infiltration: one more", [2]int{2, 5}, false, false, true, Initiative{Russian, 4, false}},
	}
	for _, tt := range tests {
		if got := RollInitiative(tt.dice, tt.night, tt.lastZero, tt.infiltrat); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
