package limanowa

import (
	"testing"

	"sandtable/internal/engine"
)

// The melee of the Example of Play's turn 3 (9.0): the dispersed German
// company (MV +3) attacks the British MG; the MG and the British company
// (+2 and +3) attack the German. The German rolls 10 + 5 = 15 and dies;
// the MG rolls 4 + 3 = 7 and holds; the British company, attacked by
// nobody, does not roll (ruling L10). Here the Russians stand in for the
// British.
func TestMeleeExample(t *testing.T) {
	d := DefaultData()
	units := []Unit{unit(t, d, "honved-coy", "V10"), unit(t, d, "russian-mg", "V10"), unit(t, d, "russian-coy", "V10")}
	for i := range units {
		units[i].Dispersed = true
	}
	attacks := []Attack{{0, 1}, {1, 0}, {2, 0}}
	mods := d.MeleeModifiers(units, attacks, [2]bool{}, nil)
	if len(mods) != 2 || mods[0] != 5 || mods[1] != 3 {
		t.Fatalf("modifiers %v, want the German +5 and the MG +3 only", mods)
	}
	if o := (Check{[2]int{5, 5}, mods[0], units[0].Face(d).Cohesion, ByMelee}).Outcome(); o != Kill {
		t.Errorf("German 10 + 5: %d", o)
	}
	if o := (Check{[2]int{1, 3}, mods[1], units[1].Face(d).Cohesion, ByMelee}).Outcome(); o != Pass {
		t.Errorf("MG 4 + 3: %d", o)
	}
	// 6.675b and c.
	mods = d.MeleeModifiers(units, attacks, [2]bool{Central: true}, func(u *Unit) bool { return u.Side == Russian })
	if mods[0] != 5 || mods[1] != 6-1 {
		t.Errorf("doubled and hallowed: %v", mods)
	}
}

// 6.679: doubles hallow the ground; the actor's if both; once a scenario.
func TestHallowsGround(t *testing.T) {
	tests := []struct {
		doubles [2]bool
		actor   engine.Side
		already bool
		want    engine.Side
	}{
		{[2]bool{true, false}, Russian, false, Central},
		{[2]bool{true, true}, Russian, false, Russian},
		{[2]bool{false, false}, Central, false, engine.Observer},
		{[2]bool{true, true}, Central, true, engine.Observer},
	}
	for _, tt := range tests {
		if got := HallowsGround(tt.doubles, tt.actor, tt.already); got != tt.want {
			t.Errorf("%+v: %d", tt, got)
		}
	}
}
