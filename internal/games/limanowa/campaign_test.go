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
