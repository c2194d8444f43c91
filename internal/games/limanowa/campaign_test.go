package limanowa

import (
	"maps"
	"testing"
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
