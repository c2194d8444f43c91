package limanowa

import (
	"slices"
	"strings"
	"testing"
)

// eopData is the default data with the Example of Play's British infantry
// company (9.0 has it fire at +1 when dispersed), standing on the Russian
// side: the Ypres counters are not in the Limanowa mix.
func eopData() *Data {
	d := *DefaultData()
	d.Counters = append(slices.Clone(d.Counters), Counter{ID: "british-coy", Name: "British infantry company", Side: Russian,
		Nation: "british", Type: Infantry, Count: 9,
		Formed: Face{Fire: 1, Range: 2, Cohesion: 8, Move: 3, Melee: 3}, Dispersed: Face{Fire: 1, Range: 2, Cohesion: 7, Move: 1, Melee: 3}})
	german := d.Counters[len(d.Counters)-1]
	german.ID, german.Name, german.Side, german.Nation = "german-coy", "German infantry company", Central, "german"
	d.Counters = append(d.Counters, german)
	return &d
}

// eopBoard is the Example of Play's ground on the Limanowa map's V and W
// columns: the British trenches in V09-V12, craters there and in no man's
// land (W10, W11); add places a counter and returns its index.
func eopBoard(t *testing.T, d *Data) (*Position, func(id, hex string, dispersed, in bool) int) {
	h := Layout.MustParse
	p := &Position{}
	for _, id := range []string{"V09", "V10", "V11", "V12"} {
		p.Mark(h(id), TrenchMark|CraterMark, true)
	}
	for _, id := range []string{"W10", "W11"} {
		p.Mark(h(id), CraterMark, true)
	}
	return p, func(id, hex string, dispersed, in bool) int {
		u := unit(t, d, id, hex)
		u.Dispersed, u.In = dispersed, in
		p.Units = append(p.Units, u)
		return len(p.Units) - 1
	}
}

// The fire of the Example of Play's first turn (9.0), shot by shot, with
// its rolls, on the Limanowa map's V and W columns: the British (here the
// Russian side) dispersed and IN their trenches in V09-V12 after the
// bombardment, craters in no man's land and the British hexes, the
// Germans (the Central side) formed.
func TestExampleOfPlayFire(t *testing.T) {
	d := eopData()
	h := Layout.MustParse
	p, add := eopBoard(t, d)
	mg := add("russian-mg", "V10", true, true)
	coy09 := add("british-coy", "V09", true, true)
	coy11 := add("british-coy", "V11", true, true)
	mg12 := add("russian-mg", "V12", true, true)
	var moving int
	isMoving := func(i int) bool { return i == moving }
	shoot := func(name string, shooter int, target string, rolls ...[2]int) []Hit {
		t.Helper()
		f := FireAt{Shooter: shooter, Target: h(target), Reaction: true, Moving: isMoving}
		if !p.CanFire(d, f) {
			t.Fatalf("%s: cannot fire", name)
		}
		return p.AreaFire(d, f, func() [2]int { r := rolls[0]; rolls = rolls[1:]; return r })
	}
	want := func(name string, hits []Hit, unit, mod int, o Outcome) {
		t.Helper()
		for _, hit := range hits {
			if hit.Unit == unit {
				if hit.Check.Modifier != mod || hit.Outcome != o {
					t.Errorf("%s: modifier %+d outcome %d, want %+d %d", name, hit.Check.Modifier, hit.Outcome, mod, o)
				}
				return
			}
		}
		t.Errorf("%s: unit %d not hit", name, unit)
	}

	// The company under the MG in X09 moves into W10: +2 +1 +1 -1 = +3, 5 + 3 = 8.
	g1 := add("honved-coy", "W10", false, false)
	moving = g1
	hits := shoot("MG at W10", mg, "W10", [2]int{2, 3})
	want("MG at W10", hits, g1, 3, Pass)
	if p.Units[mg].Spent {
		t.Error("6.75: the MG is spent after firing at a mover without doubles")
	}
	// It goes on into V09, where the British company fires in its own hex:
	// +1 +1 +1 +1 (same hex) -1 = +3; 7 + 3 = 10 disperses and spends it.
	p.Units[g1].Hex = h("V09")
	hits = shoot("company at V09", coy09, "V09", [2]int{3, 4})
	want("company at V09", hits, g1, 3, Fail)
	if !p.Units[g1].Dispersed || !p.Units[g1].Spent || !p.Units[coy09].Spent {
		t.Error("after the company's fire")
	}
	moving = -1 // 6.65a: failing its check ended the German's move

	// The top company of X10 into W10: 3 + 3 = 6; then into V09, where
	// the MG's fire hits all three: 8 + 3 = 11 kills the mover, the
	// dispersed German 8 + 1 = 9, the British in the trench 8 + 2 - 3 = 7.
	p.Units[mg].Spent = false
	g2 := add("honved-coy", "W10", false, false)
	moving = g2
	want("MG at W10 again", shoot("MG at W10 again", mg, "W10", [2]int{1, 2}), g2, 3, Pass)
	p.Units[g2].Hex = h("V09")
	hits = shoot("MG at V09", mg, "V09", [2]int{3, 5}, [2]int{2, 6}, [2]int{3, 5})
	want("moving German", hits, g2, 3, Kill)
	want("dispersed German", hits, g1, 1, Fail)
	want("British in the trench", hits, coy09, -1, Pass)
	if p.Units[mg].Spent {
		t.Error("no doubles: the MG stays ready")
	}
	// The other X10 company into W10: 9 + 3 = 12.
	g3 := add("honved-coy", "W10", false, false)
	moving = g3
	want("MG kills at W10", shoot("MG kills at W10", mg, "W10", [2]int{4, 5}), g3, 3, Kill)

	// X11's top company into W11: 12 + 3 = 15, doubles: the MG is spent.
	g4 := add("honved-coy", "W11", false, false)
	moving = g4
	want("MG at W11", shoot("MG at W11", mg, "W11", [2]int{6, 6}), g4, 3, Kill)
	if !p.Units[mg].Spent {
		t.Error("6.75: a moving target's doubles spend the MG")
	}
	// The second X11 company into W11: the dispersed British in V11, +1 +1
	// +1 -1 = +2, a net 9 disperses it.
	g5 := add("honved-coy", "W11", false, false)
	moving = g5
	want("company at W11", shoot("company at W11", coy11, "W11", [2]int{3, 4}), g5, 2, Fail)
	if !p.Units[coy11].Spent {
		t.Error("infantry reaction fire spends the shooter")
	}

	// X12's two companies reach W10; the MG in V12 fires at range 3 when
	// the second enters: +2 +1 +1 -1 -1 = +2, 6 + 2 = 8; the first, now
	// stopped, +1: 7 + 1 = 8.
	g6 := add("honved-coy", "W10", false, false)
	g7 := add("honved-coy", "W10", false, false)
	moving = g7
	hits = shoot("MG in V12 at W10", mg12, "W10", [2]int{3, 4}, [2]int{2, 4}) // units in order: the stopped one first
	want("moving, range 3", hits, g7, 2, Pass)
	want("stopped, range 3", hits, g6, 1, Pass)
}

// 6.51: no fire out of a hex holding enemy units; mortars never fire into
// their own hex; range and sight.
func TestCanFire(t *testing.T) {
	d := eopData()
	h := Layout.MustParse
	p := &Position{Units: []Unit{unit(t, d, "honved-coy", "T17"), unit(t, d, "russian-coy", "T17"), unit(t, d, "russian-coy", "T19"), unit(t, d, "honved-coy", "T15")}}
	if p.CanFire(d, FireAt{Shooter: 0, Target: h("T19")}) {
		t.Error("fired out of a hex holding the enemy")
	}
	if !p.CanFire(d, FireAt{Shooter: 0, Target: h("T17")}) {
		t.Error("cannot fire at the enemy in its own hex")
	}
	if !p.CanFire(d, FireAt{Shooter: 2, Target: h("T17")}) || p.CanFire(d, FireAt{Shooter: 2, Target: h("T15")}) {
		t.Error("range 2: T17 in, T15 out")
	}
	// 4.6: infantry cannot fire through a friendly unit not IN a trench.
	q := &Position{Units: []Unit{unit(t, d, "honved-coy", "T15"), unit(t, d, "honved-coy", "T16"), unit(t, d, "russian-coy", "T17")}}
	if q.CanFire(d, FireAt{Shooter: 0, Target: h("T17")}) {
		t.Error("infantry fired through a friendly unit")
	}
	q.Units[1].In = true
	if !q.CanFire(d, FireAt{Shooter: 0, Target: h("T17")}) {
		t.Error("a friendly unit IN a trench blocked infantry fire")
	}
	q.Units[0].Spent = true
	if q.CanFire(d, FireAt{Shooter: 0, Target: h("T17")}) {
		t.Error("a spent unit fired")
	}
}

// moverAndMG is a formed company in from, about to move (unit 0), and a
// deployed Russian machine gun in mg (unit 1).
func moverAndMG(t *testing.T, d *Data, from, mg string) *Position {
	p := &Position{Units: []Unit{unit(t, d, "honved-coy", from), unit(t, d, "russian-mg", mg)}}
	p.Units[1].Dispersed = true
	return p
}

// 6.65's note: a unit that crosses a stream is spent at once (and one that
// crosses wire also dispersed), yet it is still "moving" when shot at
// until 6.65a-d ends its move.
func TestStillMoving665(t *testing.T) {
	d := eopData()
	h := Layout.MustParse
	p := moverAndMG(t, d, "K17", "K19")
	e := p.Enter(d, 0, h("K18"), false, nil)
	if !e.Allowed || !e.Stream {
		t.Fatalf("K17 to K18 does not cross the Sowlina: %+v", e)
	}
	p.Units[0].Hex, p.Units[0].Spent = h("K18"), true // 8.7: spent, not dispersed
	moving := func(i int) bool { return i == 0 }      // 6.65: still moving
	hits := p.AreaFire(d, FireAt{Shooter: 1, Target: h("K18"), Reaction: true, Moving: moving}, func() [2]int { return [2]int{1, 2} })
	// +2 firepower, +1 formed, +1 moving.
	if len(hits) != 1 || hits[0].Check.Modifier != 4 {
		t.Errorf("fire at the spent mover: %+v", hits)
	}
	if p.Units[1].Spent {
		t.Error("6.75: the MG fired at a moving unit without doubles")
	}
}

// 6.72's examples: reaction fire comes after the MP's consequences. A unit
// entering a trench hex is shot there without the trench's cover; once it
// pays another point to go IN, the trench protects it. And a melee started
// by the MP is finished first: a reactor it spends or kills cannot fire.
func TestReactionOrder672(t *testing.T) {
	d := eopData()
	h := Layout.MustParse
	p := moverAndMG(t, d, "T18", "T20")
	p.Mark(h("T19"), TrenchMark, true)
	if e := p.Enter(d, 0, h("T19"), false, nil); !e.Allowed {
		t.Fatal(e)
	}
	p.Units[0].Hex = h("T19")
	shot := func() int {
		p.Units[1].Spent = false
		f := FireAt{Shooter: 1, Target: h("T19"), Reaction: true, Moving: func(i int) bool { return i == 0 }}
		if !p.CanFire(d, f) {
			t.Fatal("the MG cannot fire")
		}
		hits := p.AreaFire(d, f, func() [2]int { return [2]int{1, 2} })
		return hits[0].Check.Modifier
	}
	if got := shot(); got != 2+1+1 {
		t.Errorf("in the hex, not IN the trench: %+d, want +4", got)
	}
	p.Units[0].In = true // the next MP: IN the trench
	if got := shot(); got != 2+1+1-3 {
		t.Errorf("IN the trench: %+d, want +1", got)
	}
	// The melee comes first: a reactor it kills or spends can no longer fire.
	q := &Position{Units: []Unit{unit(t, d, "honved-coy", "T19"), unit(t, d, "british-coy", "T19"), unit(t, d, "russian-mg", "T19")}}
	mods := d.MeleeModifiers(q.Units, []Attack{{0, 2}, {1, 0}, {2, 0}}, [2]bool{}, nil)
	if o := q.Units[2].Apply(Check{[2]int{5, 4}, mods[2], q.Units[2].Face(d).Cohesion, ByMelee}); o != Kill { // 9 + 3: the MG dies
		t.Fatalf("the MG: %d", o)
	}
	for i := range q.Units {
		q.Units[i].Spent = true // 6.678: every participant is spent
	}
	if q.CanFire(d, FireAt{Shooter: 2, Target: h("T19"), Reaction: true}) {
		t.Error("a reactor spent in the melee fired")
	}
}

// The Example of Play's turns 2 and 3 (9.0): the British MG fires at the
// two companies that dispersed in W10 (+2, -1 craters = +1), both pass
// and the MG is spent, its targets not moving; then the British company
// in V09 fires at the German in its hex, who shoots back at once (6.74):
// +1 firepower, +1 same hex, -3 trench for the British and -1 craters for
// the German; both fail, the German with 11 and dies.
func TestExampleOfPlayLaterTurns(t *testing.T) {
	d := eopData()
	h := Layout.MustParse
	p, add := eopBoard(t, d)
	mg := add("russian-mg", "V10", true, true)
	a := add("german-coy", "W10", true, false)
	b := add("german-coy", "W10", true, false)
	f := FireAt{Shooter: mg, Target: h("W10")}
	if !p.CanFire(d, f) {
		t.Fatal("the MG cannot fire")
	}
	hits := p.AreaFire(d, f, func() [2]int { return [2]int{2, 3} })
	if len(hits) != 2 || hits[0].Unit != a || hits[1].Unit != b || hits[0].Check.Modifier != 1 || hits[1].Check.Modifier != 1 ||
		hits[0].Outcome != Pass || hits[1].Outcome != Pass || !p.Units[mg].Spent {
		t.Errorf("turn 2: %+v, MG spent %v", hits, p.Units[mg].Spent)
	}

	brit := add("british-coy", "V09", true, true)
	ger := add("german-coy", "V09", true, false)
	fires := []FireAt{{Shooter: brit, Target: h("V09")}, {Shooter: ger, Target: h("V09"), Reaction: true}}
	for _, x := range fires {
		if !p.CanFire(d, x) {
			t.Fatalf("%+v cannot fire", x)
		}
	}
	rolls := [][2]int{{4, 6}, {4, 5}} // the German's check, then the British's
	out := p.Firefight(d, fires, func() [2]int { r := rolls[0]; rolls = rolls[1:]; return r })
	if g := out[0][0]; g.Unit != ger || g.Check.Modifier != 1 || g.Outcome != Kill {
		t.Errorf("the German: %+v", g)
	}
	if br := out[1][0]; br.Unit != brit || br.Check.Modifier != -1 || br.Outcome != Fail {
		t.Errorf("the British: %+v", br)
	}
	if p.Units[ger].Where != Destroyed || !p.Units[brit].Dispersed || !p.Units[brit].Spent {
		t.Error("both results are carried out")
	}
}

// Ruling L72 (6.51, 6.53, 9.0): fire at the enemy in the shooter's own hex
// checks every unit there but the shooter, its stack-mate included.
func TestOwnHexFireSparesOnlyTheShooter(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 L20 formed
		cossack-sqn-2 L20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "fire cossack-sqn-1 L20")
	if s.Step == stReturn {
		play(t, s, "hold")
	}
	txt := logText(s)
	for _, want := range []string{"Cossack squadron 2 cohesion check", "Hussar squadron, mounted 1 cohesion check"} {
		if !strings.Contains(txt, want) {
			t.Errorf("log lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "Cossack squadron 1 cohesion check") {
		t.Errorf("6.51: the shooter was checked:\n%s", txt)
	}
}
