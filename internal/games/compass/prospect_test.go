package compass

import (
	"fmt"
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// fieldingsText writes fieldings as "targets/levels", sorted, for tests.
func fieldingsText(fs []Fielding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%v/%d", f.Targets, f.Levels))
	}
	slices.Sort(out)
	return out
}

// inSupply lifts every Out of Supply marker of a fixture (whose Italian
// control around an Allied area would put it out of supply, 3.9).
func inSupply(s *State) {
	for u := range s.Units {
		s.Units[u].Flags &^= fOOS
	}
}

// TestProspects: before each choice that commits an attack (declaring it,
// fighting it, naming a front-line unit or a support), the view lists what
// each side may field (6.2.E.1-2), with the defender fielding as many
// units as it can (C-7) and an attacker out of supply at -1 (3.9).
func TestProspects(t *testing.T) {
	s := fixture(t, `unit 4-armd-bde nibeiwa
unit 7rtr nibeiwa
unit div-cirene sofafi
unit art-xxi-corpo sofafi
control allied nibeiwa
begin movement allied`)
	inSupply(s)
	// Defender: Cirene (2) with the artillery (1*) behind it, or both in
	// the front line; never Cirene alone (C-7).
	def := []string{"[1 2]/3", "[3]/3"}
	check := func(action string, att []string) {
		t.Helper()
		p := s.view(Allied, "en").Prospects[action]
		if p == nil {
			t.Fatalf("no prospect for %q", action)
		}
		if got := fieldingsText(p.Att); !slices.Equal(got, att) {
			t.Errorf("%s: attacker may field %v, want %v", action, got, att)
		}
		if got := fieldingsText(p.Def); !slices.Equal(got, def) {
			t.Errorf("%s: defender may field %v, want %v", action, got, def)
		}
	}
	check("attack 4-armd-bde sofafi", []string{"[4]/2"})
	do(t, s, "attack 4-armd-bde sofafi")
	// 7 RTR (2*) joins: in front, behind 4th Armd (4+2), or beside it.
	check("attack 7rtr sofafi", []string{"[2 4]/4", "[2]/2", "[4]/2", "[6]/4"})
	do(t, s, "attack 7rtr sofafi", "done")
	check("battle nibeiwa sofafi", []string{"[2 4]/4", "[2]/2", "[4]/2", "[6]/4"})
	do(t, s, "battle nibeiwa sofafi")
	check("front 4-armd-bde", []string{"[2 4]/4", "[4]/2", "[6]/4"})
	do(t, s, "front 4-armd-bde", "done")
	check("support 7rtr 4-armd-bde", []string{"[6]/4"})
	// The battle itself, while the defender's choice is open.
	if bv := s.view(Italian, "en").Battle; bv.Prospect == nil || !slices.Equal(fieldingsText(bv.Prospect.Att), []string{"[4]/2", "[6]/4"}) {
		t.Fatalf("the battle's prospect while the attacker chooses supports: %+v", bv.Prospect)
	}
	do(t, s, "support 7rtr 4-armd-bde")
	// The defender's choices: Cirene in the front line leaves the
	// artillery to support it or to stand beside it; the artillery in the
	// front line leaves Cirene (no asterisk) only the front line too.
	if s.Step == stDefFront {
		def = []string{"[1 2]/3", "[3]/3"}
		v := s.view(Italian, "en")
		for action, want := range map[string][]string{"front div-cirene": def, "front art-xxi-corpo": {"[1 2]/3"}} {
			p := v.Prospects[action]
			if p == nil || !slices.Equal(fieldingsText(p.Att), []string{"[6]/4"}) || !slices.Equal(fieldingsText(p.Def), want) {
				t.Errorf("defender's %s: prospect %+v, want the attack [6]/4 against %v", action, p, want)
			}
		}
	} else {
		t.Errorf("step %d: the defender, with an asterisked unit, was not asked for its front line (C-27)", s.Step)
	}
	// Both chosen (the defender's choice was its only one, or asked):
	// then nothing is open once the fielding is made.
	for s.Step == stDefFront || s.Step == stDefSupport {
		do(t, s, legalTexts(s)[0])
	}
	if bv := s.view(Allied, "en").Battle; bv.Prospect != nil {
		t.Fatalf("a prospect after both sides fielded: %+v", bv.Prospect)
	}

	// Out of supply: -1 attacking, for the unit and its support (3.9, C-24).
	s = fixture(t, `unit 4-armd-bde nibeiwa
unit 7rtr nibeiwa
unit div-cirene sofafi
control allied nibeiwa
begin movement allied`)
	inSupply(s)
	s.Units[mustUnit(t, s, "4-armd-bde")].Flags |= fOOS
	s.Units[mustUnit(t, s, "7rtr")].Flags |= fOOS
	do(t, s, "attack 4-armd-bde sofafi")
	def = []string{"[2]/2"}
	check("attack 7rtr sofafi", []string{"[1 3]/4", "[1]/2", "[3]/2", "[4]/4"})
}

// TestProspectsRandomGames: in random games, every prospect offered has
// fieldings for both sides, the defender's all of one size, and the
// fielding the rules then make is among them.
func TestProspectsRandomGames(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 12; seed++ {
		s := newState(DefaultData(), seed, false)
		r := engine.NewRand(seed ^ 0x9a05)
		var want *Prospect // the prospect of the battle being chosen
		at := 0
		for n := 0; !s.Over() && n < 4000; n++ {
			side := s.Decider
			if !s.Bat.On {
				want = nil // a battle may end with no decision after the fielding
			}
			if s.Bat.On && s.Step > stDefSupport && want != nil {
				bv := s.battleView()
				for i, p := range [2][]Fielding{want.Att, want.Def} {
					var got Fielding
					for k, f := range bv.Sides[i] {
						cv := s.baseCV(i, int(s.Bat.Front[i][k]), int(s.Bat.Supp[i][k]))
						got.Targets = append(got.Targets, max(cv, 0))
						got.Levels += s.levels(int(s.Bat.Front[i][k]))
						if f.Support != "" {
							got.Levels += s.levels(int(s.Bat.Supp[i][k]))
						}
					}
					slices.Sort(got.Targets)
					if !slices.Contains(fieldingsText(p), fieldingsText([]Fielding{got})[0]) {
						t.Fatalf("seed %d: side %d fielded %v, not among %v (%+v, captured at %d)", seed, i, fieldingsText([]Fielding{got}), fieldingsText(p), bv, at)
					}
				}
				checked++
				want = nil
			}
			if s.Step == stAtkFront && s.Bat.NF[0] == 0 || s.Step == stAtkFront && want == nil {
				want, at = s.prospect(), n
			}
			for text, p := range s.view(side, "en").Prospects {
				if len(p.Att) == 0 || len(p.Def) == 0 {
					t.Fatalf("seed %d step %d: %s: an empty side %+v", seed, s.Step, text, p)
				}
				for _, f := range p.Def {
					if len(f.Targets) == 0 {
						t.Fatalf("seed %d: %s: a defence without a front line", seed, text)
					}
				}
			}
			legal := s.Legal(side, nil)
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
		}
	}
	if checked < 20 {
		t.Fatalf("only %d battles checked", checked)
	}
}
