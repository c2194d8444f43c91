package wdf

import "testing"

func TestDefaultDataLoads(t *testing.T) {
	d := DefaultData()
	t.Logf("%d hexes, %d units", len(d.Hexes), len(d.Units))
}
