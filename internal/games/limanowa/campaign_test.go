package limanowa

import (
	"maps"
	"slices"
	"testing"

	"sandtable/internal/hexgrid"
)

// 11.532's example: six infantry and four machine guns destroyed today
// give back three and two; 13.0's 8 December shares.
func TestRecovery(t *testing.T) {
	d := DefaultData()
	c := &d.Campaigns[0]
	lost := map[UnitType]int{Infantry: 6, MachineGun: 4}
	num, den := c.RecoveryShare("1914-12-05", Central)
	if got := Recoverable(lost, num, den); !maps.Equal(got, map[UnitType]int{Infantry: 3, MachineGun: 2}) {
		t.Errorf("11.532: %v", got)
	}
	num, den = c.RecoveryShare("1914-12-08", Central)
	if got := Recoverable(lost, num, den); !maps.Equal(got, map[UnitType]int{Infantry: 5, MachineGun: 3}) {
		t.Errorf("8 December, Austro-Hungarian three quarters: %v", got)
	}
	num, den = c.RecoveryShare("1914-12-08", Russian)
	if got := Recoverable(lost, num, den); !maps.Equal(got, map[UnitType]int{Infantry: 2, MachineGun: 1}) {
		t.Errorf("8 December, Russian one quarter: %v", got)
	}
	if got := Recoverable(map[UnitType]int{Cavalry: 1}, 1, 2); got[Cavalry] != 1 {
		t.Errorf("half of one, rounded up: %v", got)
	}
}

// 13.0: all Hussars mounted (cavalry) or all dismounted (infantry) each day.
func TestSetHussars(t *testing.T) {
	d := DefaultData()
	units := []Unit{unit(t, d, "hussar-sqn", "C23"), unit(t, d, "hussar-sqn-dismounted", "C22"), unit(t, d, "honved-coy", "C21")}
	units[0].Dispersed = true
	if n := d.SetHussars(units, false); n != 1 {
		t.Errorf("dismounted %d", n)
	}
	for _, u := range units[:2] {
		if c := d.Counters[u.Counter]; c.ID != "hussar-sqn-dismounted" || c.Type != Infantry || !c.NoDig {
			t.Errorf("after dismounting: %s", c.ID)
		}
	}
	if !units[0].Dispersed || units[0].Hex != Layout.MustParse("C23") || d.Counters[units[2].Counter].ID != "honved-coy" {
		t.Error("the exchange moved, flipped or touched another unit")
	}
	if n := d.SetHussars(units, true); n != 2 || d.Counters[units[1].Counter].Type != Cavalry {
		t.Errorf("mounted %d", n)
	}
}

// 11.521: secret choices, a night scenario if either says yes, never yes
// two days running.
func TestNightAttack(t *testing.T) {
	if !NightScenario([2]bool{false, true}) || NightScenario([2]bool{}) {
		t.Error("night scenario")
	}
	if MayChooseNightAttack(true) || !MayChooseNightAttack(false) {
		t.Error("yes two days running")
	}
}

// 11.41: the side that checks first loses its cut-off units before the
// other side traces - here the captured Russians' beaten zones no longer
// cut the Austro-Hungarians off.
func TestIsolate(t *testing.T) {
	d := DefaultData()
	var units []Unit
	units = append(units, unit(t, d, "honved-coy", "N17"))
	// A Russian ring two hexes out around N17, cut off from its own
	// corner by an Austro-Hungarian ring four hexes out.
	for _, x := range hexgrid.Ring(Layout.MustParse("N17"), 2) {
		units = append(units, unit(t, d, "russian-coy", "A01"))
		units[len(units)-1].Hex = x
	}
	for _, x := range hexgrid.Ring(Layout.MustParse("N17"), 4) {
		units = append(units, unit(t, d, "honved-coy", "A01"))
		units[len(units)-1].Hex = x
	}
	p := &Position{Units: slices.Clone(units)}
	captured := p.Isolate(d, Russian)
	for _, i := range captured {
		if p.Units[i].Side != Russian {
			t.Errorf("the Austro-Hungarian %s captured after the Russians went", Layout.Format(p.Units[i].Hex))
		}
	}
	if len(captured) != 12 {
		t.Fatalf("%d captured, want the twelve Russians", len(captured))
	}
	q := &Position{Units: slices.Clone(units)}
	if got := q.Isolate(d, Central); !slices.Contains(got, 0) {
		t.Errorf("checking first, the Austro-Hungarian in N17 is not captured: %v", got)
	}
}
