package wdf

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// pairWhere finds adjacent hexes a (clear, off roads and tracks) and t
// such that match(t) and the hexside between them has exactly flags f.
func pairWhere(t *testing.T, d *Data, f SideFlags, match func(t int) bool) (string, string) {
	t.Helper()
	a, n := find(t, d, func(a, dir, n int) bool {
		h := &d.Hexes[a]
		return h.Sides[dir] == f && h.Terrain == Clear && h.Place < 0 && !h.Road && !h.Track && match(n)
	})
	return d.Hexes[a].ID, d.Hexes[n].ID
}

// TestEvaluate checks final combat strengths and dice (10.11-10.13,
// 10.21, 10.3, 10.5, 11.0-11.2, 12.3, 13.3, 16.2).
func TestEvaluate(t *testing.T) {
	d := DefaultData()
	clear := func(t int) bool { h := &d.Hexes[t]; return h.Terrain == Clear && h.Place < 0 && !h.Road && !h.Track }
	mA, mT := pairWhere(t, d, 0, func(t int) bool { return d.Hexes[t].Terrain == Mountain && d.Hexes[t].Place < 0 })
	rA, rT := pairWhere(t, d, 0, func(t int) bool { return d.Hexes[t].Terrain == Rough && d.Hexes[t].Place < 0 })
	vA, vT := pairWhere(t, d, RiverSide, clear)
	gA, gT := pairWhere(t, d, RidgeSide, clear)
	const brit = "unit 4-armd 3617\nunit 7-armd 3617\nunit 7-sg 3617\n"
	const ital = "unit 1-libyan 3618 ip\nunit cirene 3618 ip\nip 3618 1\n"
	const pz = "unit 5-pz-1 3617\nunit 5-pz-2 3617\nunit 104-mot 3617\n"
	cases := []struct {
		name, fix  string
		attackers  string // unit ids
		defenders  string // hex ids
		ap         bool
		unsupplied string // unit ids
		support    int
		naval      bool
		att, dfn   Dice
	}{
		{"10.13 example", brit + ital + "depot allied 3617", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 13}, Dice{0, 7}},
		{"no IP", brit + "unit 1-libyan 3618\nunit cirene 3618\ndepot allied 3617", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 13}, Dice{0, 5}},
		{"units outside the IP", brit + "unit 1-libyan 3618\nunit cirene 3618\nip 3618 1\ndepot allied 3617", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 13}, Dice{0, 5}},
		{"no AP: -2 each", brit + ital, "4-armd 7-armd 7-sg", "3618", false, "", 0, false, Dice{0, 7}, Dice{0, 7}},
		{"AP spent, out of range", brit + ital + "depot allied 4217\n", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 7}, Dice{0, 7}},
		{"AP spent, in range", brit + ital + "depot allied 4017\n", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 13}, Dice{0, 7}},
		{"leader in the stack extends the range and adds dice", brit + ital + "depot allied 4217\nleader oconnor-ritchie 3617", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 15}, Dice{0, 7}},
		{"leader with the depot extends the range", brit + ital + "depot allied 4217\nleader oconnor-ritchie 4217", "4-armd 7-armd 7-sg", "3618", true, "", 0, false, Dice{0, 13}, Dice{0, 7}},
		{"two armor brigades alone: no division integrity", brit + ital + "depot allied 3617", "4-armd 7-armd", "3618", true, "", 0, false, Dice{0, 9}, Dice{0, 7}},
		{"10.32: unsupplied with AP halves", "unit 4-armd 3617\nunit 1-libyan 3618\ndepot allied 3617", "4-armd", "3618", true, "4-armd", 0, false, Dice{0, 3}, Dice{0, 2}},
		{"10.32: unsupplied without AP: -2 then halve", "unit 4-armd 3617\nunit 1-libyan 3618", "4-armd", "3618", false, "4-armd", 0, false, Dice{0, 2}, Dice{0, 2}},
		{"never below 0", "unit 11-hussars 3617\nunit 1-libyan 3618", "11-hussars", "3618", false, "", 0, false, Dice{0, 0}, Dice{0, 2}},
		{"reduced side", "unit 4-armd 3617 reduced\nunit 1-libyan 3618 reduced\ndepot allied 3617", "4-armd", "3618", true, "", 0, false, Dice{0, 3}, Dice{0, 1}},
		{"11.0 example: mountain, unsupplied, leader", fmt.Sprintf("unit aus-16 %s\nunit cirene %s\nunit 1-libyan %s\nleader bergonzoli-gambara %s\ndepot allied %s", mA, mT, mT, mT, mA), "aus-16", mT, true, "cirene 1-libyan", 0, false, Dice{0, 3}, Dice{0, 2 + 2 + 1}},
		{"German armor hits on 5 attacking; division integrity", pz + "unit aus-16 3618\ndepot axis 3617", "5-pz-1 5-pz-2 104-mot", "3618", true, "", 0, false, Dice{10, 4 + 2}, Dice{0, 3}},
		{"Major Offensive: attackers hit on 5", pz + "unit aus-16 3618\ndepot axis 3617\nmajor axis", "5-pz-1 5-pz-2 104-mot", "3618", true, "", 0, false, Dice{16, 0}, Dice{0, 3}},
		{"German infantry hits on 5 defending", "unit aus-16 3617\nunit 125-inf 3618\ndepot allied 3617", "aus-16", "3618", true, "", 0, false, Dice{0, 3}, Dice{3, 0}},
		{"fortress", "unit 4-armd 3309\nunit sirte 3408\ndepot allied 3309\nmajor allied", "4-armd", "3408", true, "", 0, false, Dice{0, 4}, Dice{4, 0}},
		{"Tobruk reduced is still a fortress", "unit 4-armd 3309\nunit sirte 3408\ndepot allied 3309\nlost tobruk 1", "4-armd", "3408", true, "", 0, false, Dice{0, 4}, Dice{4, 0}},
		{"Tobruk destroyed is a city", "unit 4-armd 3309\nunit sirte 3408\ndepot allied 3309\nlost tobruk 2", "4-armd", "3408", true, "", 0, false, Dice{0, 4}, Dice{0, 3}},
		{"armor attacking from a city", "unit 4-armd 3408\nunit sirte 3309\ndepot allied 3408\nlost tobruk 2\ntobruk allied", "4-armd", "3309", true, "", 0, false, Dice{0, 4}, Dice{0, 3}},
		{"IP-2 defenders hit on 5", "unit aus-16 3617\nunit cirene 3618 ip\nip 3618 2\ndepot allied 3617", "aus-16", "3618", true, "", 0, false, Dice{0, 3}, Dice{4, 0}},
		{"rough: +1 per defending stack", fmt.Sprintf("unit aus-16 %s\nunit cirene %s\nunit 1-libyan %s\ndepot allied %s", rA, rT, rT, rA), "aus-16", rT, true, "", 0, false, Dice{0, 3}, Dice{0, 3 + 2 + 1}},
		// Ruling W42: supply halving is per unit; the stack's +1 for rough
		// terrain and its division integrity bonus are added after it and
		// not halved (3 and 2 halved are 2 and 1; +1; 5+5+4 halved are 3, 3
		// and 2; +2).
		{"rough, unsupplied: units halved, then +1", fmt.Sprintf("unit aus-16 %s\nunit cirene %s\nunit 1-libyan %s\ndepot allied %s", rA, rT, rT, rA), "aus-16", rT, true, "cirene 1-libyan", 0, false, Dice{0, 3}, Dice{0, 2 + 1 + 1}},
		{"division integrity, unsupplied: units halved, then +2", "unit aus-16 3617\n" + strings.ReplaceAll(pz, "3617", "3618") + "depot allied 3617", "aus-16", "3618", true, "5-pz-1 5-pz-2 104-mot", 0, false, Dice{0, 3}, Dice{2, 3 + 3 + 2}},
		{"river: -1 attacking across", fmt.Sprintf("unit aus-16 %s\nunit cirene %s\ndepot allied %s", vA, vT, vA), "aus-16", vT, true, "", 0, false, Dice{0, 2}, Dice{0, 3}},
		{"ridge: -1 attacking across", fmt.Sprintf("unit aus-16 %s\nunit cirene %s\ndepot allied %s", gA, gT, gA), "aus-16", gT, true, "", 0, false, Dice{0, 2}, Dice{0, 3}},
		{"escarpment with a track: -1", "unit aus-16 3110\nunit cirene 3109\ndepot allied 3110", "aus-16", "3109", true, "", 0, false, Dice{0, 2}, Dice{0, 3}},
		{"ground and naval support hit on 6", pz + "unit aus-16 3618\ndepot axis 3617\nmajor axis", "5-pz-1", "3618", true, "", 3, true, Dice{5, 2 + 2}, Dice{0, 3}},
		{"German division integrity defending", "unit aus-16 3617\n" + strings.ReplaceAll(pz, "3617", "3618") + "depot allied 3617", "aus-16", "3618", true, "", 0, false, Dice{0, 3}, Dice{4, 10 + 2}},
		{"two hexes defending, two attacking", "unit aus-16 3617\nunit aus-17 3718\nunit cirene 3618\nunit 1-libyan 3717\ndepot allied 3617", "aus-16 aus-17", "3618 3717", true, "", 0, false, Dice{0, 6}, Dice{0, 5}},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		b := NewBoard(d, p)
		a := &Attack{Side: d.Units[unit(t, d, strings.Fields(c.attackers)[0])].Side, AP: c.ap, GroundSupport: c.support, Naval: c.naval, Supplied: &[MaxUnits]bool{}}
		for u := range d.Units {
			a.Supplied[u] = true
		}
		for _, id := range strings.Fields(c.unsupplied) {
			a.Supplied[unit(t, d, id)] = false
		}
		for _, id := range strings.Fields(c.attackers) {
			a.Attackers = append(a.Attackers, unit(t, d, id))
		}
		for _, id := range strings.Fields(c.defenders) {
			a.Defenders = append(a.Defenders, hx(t, d, id))
		}
		att, dfn := b.Evaluate(a)
		if att.Dice != c.att || dfn.Dice != c.dfn {
			t.Errorf("%s: attacker %+v defender %+v, want %+v and %+v", c.name, att.Dice, dfn.Dice, c.att, c.dfn)
		}
	}
}

// TestRetreatedDefenders: units that retreated into the hex add nothing
// (10.26).
func TestRetreatedDefenders(t *testing.T) {
	d, p := fixture(t, "unit aus-16 3617\nunit cirene 3618\nunit 1-libyan 3618\ndepot allied 3617")
	p.Units[unit(t, d, "1-libyan")].Retreated = true
	sup := &[MaxUnits]bool{}
	for u := range sup {
		sup[u] = true
	}
	_, dfn := NewBoard(d, p).Evaluate(&Attack{Side: Allied, Attackers: []int{unit(t, d, "aus-16")}, Defenders: []int{hx(t, d, "3618")}, AP: true, Supplied: sup})
	if dfn.Final() != 3 {
		t.Errorf("defender final CS %d, want 3", dfn.Final())
	}
}

// TestAttackable checks which hexes may and must be attacked (10.0, 10.1,
// 11.2).
func TestAttackable(t *testing.T) {
	d, p := fixture(t, "unit aus-16 3617\nunit cirene 3618\nunit 1-libyan 3716\nunit pavia 3619\nunit sirte 3310\nunit aus-17 3309\nunit aus-19 3110\nunit bologna 3109")
	b := NewBoard(d, p)
	ids := func(hs []int) string {
		var s []string
		for _, h := range hs {
			s = append(s, d.Hexes[h].ID)
		}
		slices.Sort(s)
		return strings.Join(s, " ")
	}
	cases := []struct{ hex, want string }{
		{"3617", "3618"}, // 3716 is not adjacent to 3617; 3619 two hexes away
		{"3309", ""},     // 3310 across an escarpment without road or track
		{"3110", "3109"}, // the track crosses the escarpment at 3110/3109
	}
	for _, c := range cases {
		if got := ids(b.MustAttack(Allied, hx(t, d, c.hex))); got != c.want {
			t.Errorf("MustAttack from %s: %q, want %q", c.hex, got, c.want)
		}
	}
	if b.Attackable(hx(t, d, "3309"), hx(t, d, "3310")) {
		t.Error("attack across an escarpment without road or track allowed")
	}
	if !b.CanCombine([]int{hx(t, d, "3617")}, []int{hx(t, d, "3618")}) {
		t.Error("single attack refused")
	}
	if b.CanCombine([]int{hx(t, d, "3617"), hx(t, d, "3309")}, []int{hx(t, d, "3618")}) {
		t.Error("attackers not all adjacent to the defenders combined")
	}
}

// TestOverwhelming checks 10.24 and its example.
func TestOverwhelming(t *testing.T) {
	for cs, need := range map[int]int{1: 2, 2: 3, 3: 5, 4: 6, 7: 11, 0: 1} {
		if Overwhelming(need-1, cs) || !Overwhelming(need, cs) {
			t.Errorf("defender CS %d: want %d hits to overwhelm", cs, need)
		}
	}
}

// TestLosses checks the ways to take hits (10.22, 10.23, 10.25 and their
// examples).
func TestLosses(t *testing.T) {
	str := func(ls []Loss) string {
		var s []string
		for _, l := range ls {
			s = append(s, fmt.Sprintf("%d+%d", l.Steps, l.Retreat))
		}
		slices.Sort(s)
		return strings.Join(s, " ")
	}
	cases := []struct {
		name      string
		got, want string
	}{
		// 10.23 ex. 2: the attacker's four hits: retreat one hex, three steps.
		{"10.23 ex. 2 attacker", str(AttackerLosses(4)), "3+1 4+0"},
		{"attacker, one hit", str(AttackerLosses(1)), "1+0"},
		// 10.23 ex. 2: defender's three hits after the attacker retreated.
		{"10.23 ex. 2 defender", str(DefenderLosses(3, true, false)), "1+2 2+1 3+0"},
		// ... and had the attacker not retreated: two steps to retreat at all.
		{"10.23 ex. 2 defender, no attacker retreat", str(DefenderLosses(3, false, false)), "2+1 3+0"},
		// 10.23 ex. 1 and 10.25 ex.: four hits, one step and three hexes
		// (ruling W17: the examples assume the attacker retreated).
		{"10.23 ex. 1", str(DefenderLosses(4, true, false)), "1+3 2+2 3+1 4+0"},
		{"four hits, no attacker retreat", str(DefenderLosses(4, false, false)), "2+2 3+1 4+0"},
		{"3.2 no retreat", str(DefenderLosses(4, true, true)), "4+0"},
		{"one hit", str(DefenderLosses(1, true, false)), "1+0"},
		{"no hits", str(DefenderLosses(0, false, false)), "0+0"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %s, want %s", c.name, c.got, c.want)
		}
	}
}

// TestStacking checks 9.2.
func TestStacking(t *testing.T) {
	cases := []struct {
		fix  string
		pts  int
		over bool
	}{
		{"unit cirene 3618\nunit pavia 3618", 4, false},
		{"unit cirene 3618\nunit pavia 3618\nunit 3-recon 3618", 4, false},
		{"unit cirene 3618\nunit pavia 3618\nunit 3-recon 3618\nunit 33-recon 3618", 5, true},
		{"unit cirene 3618\nunit pavia 3618\nunit maletti 3618", 5, true},
		{"unit 4-armd 3618\nunit 7-armd 3618\nunit 7-sg 3618\nunit aus-16 3618\nunit 11-hussars 3618", 4, false},
		{"unit 4-armd 3618\nunit 7-armd 3618\nunit 7-sg 3618\nunit aus-16 3618\nunit aus-17 3618", 5, true},
		{"leader rommel-cruwell 3618\nleader bergonzoli-gambara 3618\ndepot axis 3618", 0, false},
	}
	for _, c := range cases {
		d, p := fixture(t, c.fix)
		b := NewBoard(d, p)
		h := hx(t, d, "3618")
		if b.StackPoints(h) != c.pts || b.Overstacked(h) != c.over {
			t.Errorf("%q: %d points (over %v), want %d (%v)", c.fix, b.StackPoints(h), b.Overstacked(h), c.pts, c.over)
		}
	}
}

// TestTwoAxisLeaders: two Axis leaders in one hex add only one leader's
// dice, the better (13.2, 13.3).
func TestTwoAxisLeaders(t *testing.T) {
	d, p := fixture(t, "unit 104-mot 3617\nunit aus-16 3618\nleader rommel-cruwell 3617\nleader bergonzoli-gambara 3617\ndepot axis 3617")
	sup := &[MaxUnits]bool{}
	for u := range sup {
		sup[u] = true
	}
	att, _ := NewBoard(d, p).Evaluate(&Attack{Side: Axis, Attackers: []int{unit(t, d, "104-mot")}, Defenders: []int{hx(t, d, "3618")}, AP: true, Supplied: sup})
	if att.Dice != (Dice{0, 4 + 2}) {
		t.Errorf("attacker dice %+v, want 6 on 6 (Rommel's 2, not 2+1)", att.Dice)
	}
}
