package limanowa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/hexgrid"
)

// probe returns scenario 1 at the first command of turn 1 with the units
// placed by the fixture's lines ("cossack-sqn-1 H20 formed"; units not
// named are off the map) and actor holding the initiative with three
// couplets. The state logs.
func probe(t *testing.T, actor engine.Side, fixture string) *State {
	t.Helper()
	return begin(t, "probe", actor, fixture)
}

// begin is probe for any scenario.
func begin(t *testing.T, scenario string, actor engine.Side, fixture string) *State {
	t.Helper()
	st, err := Game{}.New(engine.Setup{Scenario: scenario, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for i := range s.pos.Units {
		s.pos.Units[i].Where = Exited
	}
	enginetest.Lines(t, fixture, func(f []string, fail func(string, ...any)) {
		i, ok := s.unitByID(f[0])
		if !ok || len(f) != 3 {
			fail("want a unit id, a hex and formed or dispersed")
		}
		u := &s.pos.Units[i]
		u.Where, u.Hex, u.Dispersed = OnMap, Layout.MustParse(f[1]), f[2] == "dispersed"
	})
	s.pos.Control.Update(s.pos.Units)
	s.Turn, s.Initiative, s.Couplets = 1, actor, 3
	s.startHalf(0)
	s.SetLogging(true)
	return s
}

// play applies the record texts in order, each by the side deciding.
func play(t *testing.T, s *State, texts ...string) {
	t.Helper()
	for _, x := range texts {
		a, err := s.DecodeAction(x)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(s.Decider, a); err != nil {
			t.Fatalf("%s: %v (step %d, legal %v)", x, err, s.Step, s.legalTexts())
		}
	}
}

// at fails the test unless the game stands at step st with side deciding.
func at(t *testing.T, s *State, st step, side engine.Side, what string) {
	t.Helper()
	if s.Step != st || s.Decider != side {
		t.Fatalf("%s: step %d, decider %d, legal %v", what, s.Step, s.Decider, s.legalTexts())
	}
}

// legalTexts are the decider's actions but the changes of his standing
// reaction order, open at every decision (TestStandingOrderAtEveryDecision).
func (s *State) legalTexts() []string {
	var out []string
	for _, a := range s.rulesLegal(s.Decider) {
		out = append(out, s.EncodeAction(a))
	}
	return out
}

// rulesLegal is Legal(side) without the asides (State.Aside).
func (s *State) rulesLegal(side engine.Side) []engine.Action {
	return slices.DeleteFunc(s.Legal(side, nil), s.Aside)
}

func (s *State) unit(t *testing.T, id string) *Unit {
	t.Helper()
	i, ok := s.unitByID(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return &s.pos.Units[i]
}

func logText(s *State) string {
	var b strings.Builder
	for _, e := range s.TakeLog() {
		b.WriteString(s.RenderLog(e, "en") + "\n")
	}
	return b.String()
}

// Set-up (10.1): the Russians place their three squadrons within four
// hexes of N17, then the Hungarians theirs on or next to C23; turn 1
// begins with the initiative roll.
func TestSetUp(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Scenario: "probe", Seed: 1})
	s := st.(*State)
	if s.Decider != Russian || s.Step != stSetup {
		t.Fatalf("the Russians set up first: decider %d step %d", s.Decider, s.Step)
	}
	for _, a := range s.rulesLegal(Russian) {
		if h := codeHex(a.B); hexDistance(h, "N17") > 4 {
			t.Fatalf("%s outside four hexes of N17", s.EncodeAction(a))
		}
	}
	play(t, s, "place cossack-sqn-1 N17 formed", "place cossack-sqn-2 N17 dispersed")
	if slices.Contains(s.legalTexts(), "place cossack-sqn-3 N17 formed") {
		t.Fatal("3.4: a third unit offered in N17")
	}
	play(t, s, "place cossack-sqn-3 M17 formed")
	if s.Decider != Central {
		t.Fatal("the Hungarians set up second")
	}
	for _, a := range s.rulesLegal(Central) {
		if h := codeHex(a.B); hexDistance(h, "C23") > 1 {
			t.Fatalf("%s not on or next to C23", s.EncodeAction(a))
		}
	}
	play(t, s, "place hussar-sqn-1 C23 formed", "place hussar-sqn-2 C23 formed", "place hussar-sqn-3 B23 formed", "place hussar-sqn-4 D23 formed")
	if s.Turn != 1 || s.Step != stCommand || s.Couplets < 1 || s.Decider != s.Initiative {
		t.Fatalf("turn 1's first command expected: turn %d step %d couplets %d", s.Turn, s.Step, s.Couplets)
	}
}

func hexDistance(h hexgrid.Hex, id string) int { return hexgrid.Distance(h, Layout.MustParse(id)) }

// 6.71, 6.72: the reactor is asked only when a shot is possible - a
// Hussar (range 1) is not asked while the Cossack moves two hexes away, is
// asked when it comes next to it, and the shot comes after the point is
// spent, at the new hex.
func TestReactionAskedOnlyWhenPossible(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 J20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 I20", "step cossack-sqn-1 J20")
	at(t, s, stMove, Russian, "no reaction possible at range 2, yet step")
	play(t, s, "step cossack-sqn-1 K20")
	if s.Step != stReact || s.Decider != Central || !slices.Equal(s.legalTexts(), []string{"react hussar-sqn-1", "hold"}) {
		t.Fatalf("reaction window expected: step %d legal %v", s.Step, s.legalTexts())
	}
	v := s.View(Central, "en").(View)
	if v.Reaction == nil || v.Reaction.Hex != "K20" || len(v.Reaction.Shooters) != 1 || len(v.Reaction.Shooters[0].Odds) != 1 {
		t.Fatalf("the prompt shows the mover, the shooter and the odds: %+v", v.Reaction)
	}
	// Cohesion 7 against 2d6 plus the modifier: the odds follow from it.
	if o := v.Reaction.Shooters[0].Odds[0]; o.Target != "cossack-sqn-1" || o.Fail <= 0 || o.Destroy > o.Fail {
		t.Fatalf("odds %+v", o)
	}
	play(t, s, "hold")
	if s.Step != stMove || s.unit(t, "cossack-sqn-1").MP != 6 {
		t.Fatalf("back to the mover with 6 MP: step %d MP %d", s.Step, s.unit(t, "cossack-sqn-1").MP)
	}
	// A shot of 12 destroys the mover (3.73); the Hussar is spent (6.75),
	// the command is over and the Hungarians command.
	s.Rng = enginetest.Dice(t, "6", "6")
	play(t, s, "step cossack-sqn-1 K21")
	if s.Step != stReact {
		t.Skip("K21 is out of the Hussar's sight on this map")
	}
	play(t, s, "react hussar-sqn-1")
	c, h := s.unit(t, "cossack-sqn-1"), s.unit(t, "hussar-sqn-1")
	if c.Where != Destroyed || !h.Spent || s.Step != stCommand || s.Decider != Central {
		t.Fatalf("cossack %v, hussar spent %v, step %d decider %d\n%s", c.Where, h.Spent, s.Step, s.Decider, logText(s))
	}
}

// 6.74: units in the target hex shoot back; both shots are rolled, then
// both carried out - mutual destruction - and every shooter is spent.
func TestReturnFire(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 K20 formed
		hussar-sqn-1 L20 formed
		hussar-sqn-2 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "fire cossack-sqn-1 L20")
	at(t, s, stReturn, Central, "return fire window expected, step")
	s.Rng = enginetest.Dice(t, "6", "6", "1", "1", "6", "6")
	play(t, s, "return hussar-sqn-1", "hold")
	c, h1, h2 := s.unit(t, "cossack-sqn-1"), s.unit(t, "hussar-sqn-1"), s.unit(t, "hussar-sqn-2")
	// The Cossack's shot at L20 checks both Hussars (6,6 destroys the
	// first, 1,1 leaves the second); the first Hussar's return shot is
	// carried out all the same (6,6 on the Cossack).
	if c.Where != Destroyed || h1.Where != Destroyed || h2.Where != OnMap || h2.Dispersed {
		t.Fatalf("cossack %v, hussar-1 %v, hussar-2 %v\n%s", c.Where, h1.Where, h2.Where, logText(s))
	}
	if h2.Spent {
		t.Fatal("a unit that did not shoot back is not spent (6.56)")
	}
}

// 6.63, 6.671-6.679: a mover enters the enemy's hex, cannot leave it, and
// spends a point to melee; the reactor's unit attacks it back; both checks
// are made with the enemy's melee value before either is carried out;
// doubles hallow the ground; every participant is spent.
func TestMelee(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 K20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 L20")
	if s.Step == stReact {
		play(t, s, "hold")
	}
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "step ") {
			t.Fatalf("6.63: %s offered out of an enemy hex", x)
		}
	}
	s.Rng = enginetest.Dice(t, "3", "3", "2", "5")
	play(t, s, "melee cossack-sqn-1")
	c, h := s.unit(t, "cossack-sqn-1"), s.unit(t, "hussar-sqn-1")
	// Cossack: 3+3 +3 (the Hussar's MV) = 9 > 7; Hussar: 2+5 +3 = 10 > 8.
	if !c.Dispersed || !c.Spent || !h.Dispersed || !h.Spent {
		t.Fatalf("both fail: cossack %+v hussar %+v\n%s", *c, *h, logText(s))
	}
	if s.Hallowed != hexCode(Layout.MustParse("L20")) || s.HallowFor != Russian {
		t.Fatalf("the Russian doubles hallow L20: %d %d", s.Hallowed, s.HallowFor)
	}
	at(t, s, stCommand, Central, "the command is over: step")
}

// 6.9: rally before reaction fire; 3.8: a passed rally flips the unit
// formed and spends it.
func TestRallyBeforeReaction(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 J20 formed
		cossack-sqn-2 K20 dispersed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 K20")
	at(t, s, stRally, Russian, "rally first: step")
	s.Rng = enginetest.Dice(t, "1", "1")
	play(t, s, "rally cossack-sqn-2")
	r := s.unit(t, "cossack-sqn-2")
	if r.Dispersed || !r.Spent {
		t.Fatalf("rallied: %+v", *r)
	}
	at(t, s, stReact, Central, "then the reaction window: step")
}

// 6.01: a stack is two ready units in one hex; a mass identical, formed,
// ready units in a chain. 6.05: a unit that acted is spent and cannot be
// commanded again until administration (5.3).
func TestCommandsAndSpent(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 J20 formed
		cossack-sqn-2 J20 dispersed
		cossack-sqn-3 K20 formed`)
	play(t, s, "activate cossack-sqn-1")
	got := s.legalTexts()
	if !slices.Contains(got, "add cossack-sqn-2") || !slices.Contains(got, "add cossack-sqn-3") {
		t.Fatalf("stack and mass partners expected: %v", got)
	}
	play(t, s, "add cossack-sqn-3")
	if slices.Contains(s.legalTexts(), "add cossack-sqn-2") {
		t.Fatal("3.5: a dispersed unit cannot join a mass")
	}
	play(t, s, "deploy cossack-sqn-1")
	if slices.Contains(s.legalTexts(), "add cossack-sqn-2") || s.Step != stGroup {
		t.Fatal("no unit joins once one has acted")
	}
	play(t, s, "end", "pass")
	if slices.Contains(s.legalTexts(), "activate cossack-sqn-1") || !slices.Contains(s.legalTexts(), "activate cossack-sqn-3") {
		t.Fatalf("6.05: the deployed unit is spent, the idle one ready: %v", s.legalTexts())
	}
	if u := s.unit(t, "cossack-sqn-1"); !u.Dispersed || !u.Spent {
		t.Fatalf("6.3: deployed and spent: %+v", *u)
	}
	play(t, s, "pass", "pass", "pass", "pass")
	if s.Turn != 2 || s.unit(t, "cossack-sqn-1").Spent {
		t.Fatalf("5.3: administration removes spent markers: turn %d", s.Turn)
	}
}

// 13.0: at the end of turn 6 the side controlling more hexes of Limanowa
// wins; the Russians control them all at the start.
func TestVictory(t *testing.T) {
	s := probe(t, Central, `
		cossack-sqn-1 J20 formed
		hussar-sqn-1 C23 formed`)
	s.Turn = 6
	s.Couplets = 1
	play(t, s, "pass", "pass")
	if !s.Over() || !slices.Equal(s.Returns(), []float64{0, 1}) {
		t.Fatalf("the Russians win: over %v returns %v\n%s", s.Over(), s.Returns(), logText(s))
	}
}

// adjacentPair finds two adjacent hexes in play that satisfy ok.
func adjacentPair(t *testing.T, d *Data, ok func(a, b hexgrid.Hex) bool) (string, string) {
	t.Helper()
	for _, a := range d.Map.Hexes {
		for _, b := range a.Neighbours() {
			if d.Map.InPlay(b) && ok(a, b) {
				return Layout.Format(a), Layout.Format(b)
			}
		}
	}
	t.Fatal("no such hexes on the map")
	return "", ""
}

// 6.661a, 6.663, 3.73: crossing a green bar hexside into woods calls a lost
// check, once a turn; a 12 on it disperses but never destroys.
func TestLostInPlay(t *testing.T) {
	d := DefaultData()
	var third hexgrid.Hex
	a, b := adjacentPair(t, d, func(a, b hexgrid.Hex) bool {
		if !d.Map.Green(a, b) || d.Map.Road(a, b) || d.Map.Sides.At(a, b)&StreamSide != 0 {
			return false
		}
		for _, c := range b.Neighbours() {
			if c != a && d.Map.InPlay(c) && d.Map.Green(b, c) && !d.Map.Road(b, c) && d.Map.Sides.At(b, c)&StreamSide == 0 {
				third = c
				return true
			}
		}
		return false
	})
	s := probe(t, Russian, "cossack-sqn-1 "+a+" formed")
	s.Rng = enginetest.Dice(t, "6", "6")
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 "+b)
	u := s.unit(t, "cossack-sqn-1")
	if u.Where != OnMap || !u.Dispersed || !u.Spent || !u.LostChecked {
		t.Fatalf("lost check of 12: dispersed, not destroyed: %+v\n%s", *u, logText(s))
	}
	// Another unit's second green crossing the same turn checks again;
	// the same unit's would not (6.663) - it is spent anyway, so take a
	// fresh one and cross twice.
	s = probe(t, Russian, "cossack-sqn-2 "+a+" formed")
	s.Rng = enginetest.Dice(t, "1", "1")
	play(t, s, "activate cossack-sqn-2", "move cossack-sqn-2", "step cossack-sqn-2 "+b, "step cossack-sqn-2 "+Layout.Format(third))
	if n := strings.Count(logText(s), "cohesion check"); n != 1 {
		t.Fatalf("6.663: one lost check a turn, got %d", n)
	}
}

// 8.7, 6.65: crossing a stream without a bridge spends the unit at once;
// its move is over.
func TestStreamInPlay(t *testing.T) {
	d := DefaultData()
	a, b := adjacentPair(t, d, func(a, b hexgrid.Hex) bool {
		f := d.Map.Sides.At(a, b)
		return f&StreamSide != 0 && f&Bridge == 0 && !d.Map.Green(a, b)
	})
	s := probe(t, Russian, "cossack-sqn-1 "+a+" formed")
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 "+b)
	if u := s.unit(t, "cossack-sqn-1"); !u.Spent || u.Dispersed || s.Step != stCommand {
		t.Fatalf("spent, not dispersed, move over: %+v step %d", *u, s.Step)
	}
}

// The log and the actions read in both languages.
func TestTexts(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 K20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1")
	a, _ := s.DecodeAction("fire cossack-sqn-1 L20")
	if got := s.Describe(a, "it"); got != "squadrone cosacco 1 fa fuoco su L20" {
		t.Fatalf("Italian description %q", got)
	}
	s.Rng = enginetest.Dice(t, "1", "2", "1", "2")
	play(t, s, "fire cossack-sqn-1 L20", "hold")
	for _, e := range s.TakeLog() {
		for _, lang := range []string{"en", "it"} {
			if txt := s.RenderLog(e, lang); strings.Contains(txt, "%!") || !strings.Contains(txt, "("+e.Rule+")") {
				t.Errorf("%s: %q", lang, txt)
			}
		}
	}
}

// 6.61: a stack moves together, each unit spending its own points; when a
// check fails for one, the other goes on. 6.672-6.674: both movers pay to
// melee and each attacks; the reactor, facing two, chooses whom his unit
// attacks.
func TestStackMoveAndMelee(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 J20 formed
		cossack-sqn-2 J20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "add cossack-sqn-2")
	if !slices.Contains(s.legalTexts(), "move cossack-sqn-1 cossack-sqn-2") {
		t.Fatalf("a stack move expected: %v", s.legalTexts())
	}
	play(t, s, "move cossack-sqn-1 cossack-sqn-2", "step cossack-sqn-1 K20")
	if c1, c2 := s.unit(t, "cossack-sqn-1"), s.unit(t, "cossack-sqn-2"); c1.Hex != c2.Hex || c1.MP != 8 || c2.MP != 8 {
		t.Fatalf("in unison: %+v %+v", *c1, *c2)
	}
	play(t, s, "hold", "step cossack-sqn-1 L20")
	if s.Step == stReact {
		play(t, s, "hold")
	}
	s.Rng = enginetest.Dice(t, "1", "2", "1", "2")
	play(t, s, "melee cossack-sqn-1")
	at(t, s, stMelee, Central, "the reactor allocates against two: step")
	play(t, s, "attack hussar-sqn-1 cossack-sqn-2")
	txt := logText(s)
	for _, want := range []string{"Cossack squadron 1 attacks Hussar squadron, mounted 1", "Cossack squadron 2 attacks Hussar squadron, mounted 1",
		"Hussar squadron, mounted 1 attacks Cossack squadron 2", "Hussar squadron, mounted 1 cohesion check 1+2+6"} {
		if !strings.Contains(txt, want) {
			t.Errorf("log lacks %q:\n%s", want, txt)
		}
	}
	for _, id := range []string{"cossack-sqn-1", "cossack-sqn-2", "hussar-sqn-1"} {
		if !s.unit(t, id).Spent {
			t.Errorf("6.678: %s spent after melee", id)
		}
	}
}

// 6.671/6.672: each mover of a stack elects to pay the point to melee;
// one may melee alone, and its stack-mate, which did not pay, takes no
// part, keeps its points and is not spent (the reactor's unit then has a
// single target, so its attack is made at once).
func TestStackMeleeOneAlone(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 J20 formed
		cossack-sqn-2 J20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "activate cossack-sqn-1", "add cossack-sqn-2", "move cossack-sqn-1 cossack-sqn-2", "step cossack-sqn-1 K20", "hold", "step cossack-sqn-1 L20")
	if s.Step == stReact {
		play(t, s, "hold")
	}
	for _, want := range []string{"melee cossack-sqn-1", "melee cossack-sqn-1 cossack-sqn-1", "melee cossack-sqn-1 cossack-sqn-2"} {
		if !slices.Contains(s.legalTexts(), want) {
			t.Fatalf("6.672: %q not offered: %v", want, s.legalTexts())
		}
	}
	mp := s.unit(t, "cossack-sqn-1").MP
	s.Rng = enginetest.Dice(t, "1", "2", "1", "2")
	play(t, s, "melee cossack-sqn-1 cossack-sqn-2")
	c1, c2, h := s.unit(t, "cossack-sqn-1"), s.unit(t, "cossack-sqn-2"), s.unit(t, "hussar-sqn-1")
	if c1.Spent || c1.MP != mp || !c2.Spent || !h.Spent {
		t.Fatalf("only cossack-sqn-2 pays and melees: %+v %+v %+v\n%s", *c1, *c2, *h, logText(s))
	}
	txt := logText(s)
	for _, want := range []string{"Cossack squadron 2 attacks Hussar squadron, mounted 1", "Hussar squadron, mounted 1 attacks Cossack squadron 2",
		"Cossack squadron 1 does not pay the point and stays out of the melee (6.672)"} {
		if !strings.Contains(txt, want) {
			t.Errorf("log lacks %q:\n%s", want, txt)
		}
	}
	if strings.Contains(txt, "Cossack squadron 1 attacks") {
		t.Errorf("6.672: the mover that did not pay attacked:\n%s", txt)
	}
	a, err := s.DecodeAction("melee cossack-sqn-1 cossack-sqn-2")
	if err != nil || s.EncodeAction(a) != "melee cossack-sqn-1 cossack-sqn-2" {
		t.Errorf("record text: %v %q", err, s.EncodeAction(a))
	}
}

// 6.61: a lone mover picks up another unit of the same activation in its
// hex; the pair goes on with the points the first has left.
func TestPickUp(t *testing.T) {
	s := probe(t, Russian, `
		cossack-sqn-1 I20 formed
		cossack-sqn-2 J20 formed`)
	play(t, s, "activate cossack-sqn-1", "add cossack-sqn-2", "move cossack-sqn-1", "step cossack-sqn-1 J20")
	if !slices.Contains(s.legalTexts(), "pick-up cossack-sqn-2") {
		t.Fatalf("pick-up expected: %v", s.legalTexts())
	}
	play(t, s, "pick-up cossack-sqn-2", "step cossack-sqn-1 K20")
	if c2 := s.unit(t, "cossack-sqn-2"); c2.Hex != Layout.MustParse("K20") || c2.MP != 7 {
		t.Fatalf("picked up with 9-1 points, then moved: %+v", *c2)
	}
	play(t, s, "stop cossack-sqn-1")
	if !s.unit(t, "cossack-sqn-1").Spent || !s.unit(t, "cossack-sqn-2").Spent || s.Step != stCommand {
		t.Fatalf("both spent, command over: step %d", s.Step)
	}
}

// A standing reaction order is the player's own choice applied for him:
// "never" closes the window unasked, "all-fire" shoots at once.
func TestStandingReactionOrder(t *testing.T) {
	s := probe(t, Central, `
		cossack-sqn-1 J20 formed
		hussar-sqn-1 L20 formed`)
	play(t, s, "policy never", "pass", "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 K20")
	at(t, s, stMove, Russian, "never: the window is not opened, step")
	s = probe(t, Central, `
		cossack-sqn-1 J20 formed
		hussar-sqn-1 L20 formed`)
	s.Rng = enginetest.Dice(t, "6", "6")
	play(t, s, "policy all-fire", "pass", "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 K20")
	if s.unit(t, "cossack-sqn-1").Where != Destroyed || !s.unit(t, "hussar-sqn-1").Spent {
		t.Fatalf("all-fire: the Hussar fires unasked\n%s", logText(s))
	}
	if txt := logText(s); !strings.Contains(txt, "the Austro-Hungarian player's standing order:") {
		t.Fatalf("the log says the shot was the standing order's:\n%s", txt)
	}
}

// 10.3: a unit along the map's edge pays a point to leave it, for good.
func TestExit(t *testing.T) {
	s := probe(t, Central, "hussar-sqn-1 C25 formed")
	if !s.d.Map.EdgeHex(Layout.MustParse("C25")) {
		t.Skip("C25 is not an edge hex on this map")
	}
	play(t, s, "activate hussar-sqn-1", "move hussar-sqn-1", "exit hussar-sqn-1")
	if u := s.unit(t, "hussar-sqn-1"); u.Where != Exited || s.Step != stCommand {
		t.Fatalf("exited: %+v step %d", *u, s.Step)
	}
	if slices.Contains(s.legalTexts(), "activate hussar-sqn-1") {
		t.Fatal("an exited unit cannot return")
	}
}

// 6.65's note in play: a unit spent by crossing a stream is still moving
// when the reactor shoots at it; its move ends after the window.
func TestStreamStillMoving(t *testing.T) {
	d := DefaultData()
	var enemy hexgrid.Hex
	a, b := adjacentPair(t, d, func(a, b hexgrid.Hex) bool {
		f := d.Map.Sides.At(a, b)
		if f&StreamSide == 0 || f&Bridge != 0 || d.Map.Green(a, b) {
			return false
		}
		for _, c := range b.Neighbours() {
			if c != a && d.Map.InPlay(c) && d.Map.Sides.At(b, c)&StreamSide == 0 {
				enemy = c
				return true
			}
		}
		return false
	})
	s := probe(t, Russian, "cossack-sqn-1 "+a+" formed\nhussar-sqn-1 "+Layout.Format(enemy)+" formed")
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 "+b)
	at(t, s, stReact, Central, "the window after the stream")
	if u := s.unit(t, "cossack-sqn-1"); !u.Spent || !u.Moving {
		t.Fatalf("spent and still moving: %+v", *u)
	}
	play(t, s, "hold")
	at(t, s, stCommand, Central, "the move ended with the window")
}

// 6.9's whole order at one entry: the rally, then the lost check, then
// reaction fire.
func TestOrderOfConsequences(t *testing.T) {
	d := DefaultData()
	var enemy hexgrid.Hex
	a, b := adjacentPair(t, d, func(a, b hexgrid.Hex) bool {
		if !d.Map.Green(a, b) || d.Map.Road(a, b) || d.Map.Sides.At(a, b)&StreamSide != 0 {
			return false
		}
		for _, c := range b.Neighbours() {
			if c != a && d.Map.InPlay(c) {
				enemy = c
				return true
			}
		}
		return false
	})
	s := probe(t, Russian, "cossack-sqn-1 "+a+" formed\ncossack-sqn-2 "+b+" dispersed\nhussar-sqn-1 "+Layout.Format(enemy)+" formed")
	play(t, s, "activate cossack-sqn-1", "move cossack-sqn-1", "step cossack-sqn-1 "+b)
	at(t, s, stRally, Russian, "1) rally")
	if s.unit(t, "cossack-sqn-1").LostChecked {
		t.Fatal("the lost check comes after the rally")
	}
	s.Rng = enginetest.Dice(t, "1", "1", "1", "1")
	play(t, s, "rally cossack-sqn-2")
	if !s.unit(t, "cossack-sqn-1").LostChecked {
		t.Fatal("2) the lost check after the rally")
	}
	at(t, s, stReact, Central, "4) reaction fire last")
}
