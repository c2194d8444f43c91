package wdf

import "testing"

// TestZOC checks who exerts a zone of control and where (9.3).
func TestZOC(t *testing.T) {
	cases := []struct {
		name, fix string
		hex       string
		want      bool // the Axis exert a ZOC into hex
	}{
		{"adjacent clear hex", "unit sirte 3311", "3411", true},
		{"own hex is not in its ZOC", "unit sirte 3311", "3311", false},
		{"two hexes away", "unit sirte 3311", "3511", false},
		{"escarpment blocks", "unit sirte 3310", "3309", false},
		{"escarpment blocks 2", "unit sirte 3310", "3209", false},
		{"escarpment crossed by a track does not block", "unit sirte 3110", "3109", true},
		{"escarpment beside the track still blocks", "unit sirte 3110", "3209", false},
		{"battalion has no ZOC", "unit 3-recon 3311", "3411", false},
		{"regiment has a ZOC", "unit 104-mot 3311", "3411", true},
		{"not into terrain the type may not enter", "unit pavia 5116", "5117", false},
		{"into clear beside the Qattara", "unit pavia 5116", "5115", true},
		{"Tobruk reaches 3309 (8.3 ex. 3)", "unit sirte 3408", "3309", true},
		{"Tobruk reaches 3409 (8.3 ex. 3)", "unit sirte 3408", "3409", true},
		{"Tobruk reaches 3509 (rulings-data R3)", "unit sirte 3408", "3509", true},
		{"leaders exert no ZOC", "leader rommel-cruwell 3311", "3411", false},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		b := NewBoard(d, p)
		if got := b.ZOC(Axis, hx(t, d, c.hex)); got != c.want {
			t.Errorf("%s: Axis ZOC in %s = %v, want %v", c.name, c.hex, got, c.want)
		}
		if got := b.EZOC(Allied, hx(t, d, c.hex)); got != c.want {
			t.Errorf("%s: Allied EZOC in %s = %v, want %v", c.name, c.hex, got, c.want)
		}
	}
}

// TestNegation: a friendly combat unit negates an EZOC in its hex (8.1,
// 9.31), a leader alone does not (ruling W2).
func TestNegation(t *testing.T) {
	cases := []struct {
		fix  string
		want bool // 3411 is an open EZOC for the Allies
	}{
		{"unit sirte 3311", true},
		{"unit sirte 3311\nunit aus-16 3411", false},
		{"unit sirte 3311\nunit 11-hussars 3411", false},
		{"unit sirte 3311\nleader oconnor-ritchie 3411", true},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		if got := NewBoard(d, p).OpenEZOC(Allied, hx(t, d, "3411")); got != c.want {
			t.Errorf("%q: open EZOC %v, want %v", c.fix, got, c.want)
		}
	}
}
