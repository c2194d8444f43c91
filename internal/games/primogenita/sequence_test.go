package primogenita

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// do applies an action given as record text, failing the test if refused.
func do(t *testing.T, s *State, side engine.Side, text string) {
	t.Helper()
	a, err := s.DecodeAction(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(side, a); err != nil {
		t.Fatalf("%s %q: %v", sideNames[side], text, err)
	}
}

// afterSetup returns a game whose setup is done (first legal hex each).
func afterSetup(t *testing.T) *State {
	t.Helper()
	s := NewState(DefaultData(), 1)
	for s.Step == stSetup {
		l := s.Legal(s.Decider, nil)
		if len(l) == 0 {
			t.Fatalf("setup dead end for %s", sideNames[s.Decider])
		}
		if err := s.Apply(s.Decider, l[0]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func legalTexts(s *State, side engine.Side) []string {
	var out []string
	for _, a := range s.Legal(side, nil) {
		out = append(out, s.EncodeAction(a))
	}
	return out
}

// 1.7: Italy sets up first, then the Allies; every unit with a Setup
// Letter ends in or next to its hex, never in Mountain or Alpine, within
// the stacking limits, Massaua Artillery in Massaua.
func TestSetup17(t *testing.T) {
	s := NewState(DefaultData(), 1)
	if s.Decider != Italian || s.Active() != engine.Only(Italian) {
		t.Fatal("Italy does not set up first")
	}
	s = afterSetup(t)
	d := s.d
	for u, unit := range d.Units {
		st := s.Pos.Units[u]
		if unit.Setup == 0 {
			if st.Loc == OnMap {
				t.Errorf("%s is on the map without a Setup Letter", unit.ID)
			}
			continue
		}
		home := d.SetupHex(unit.Side, unit.Setup)
		if st.Loc != OnMap || int(st.Hex) != home && !slices.Contains(d.neighbours(home), int(st.Hex)) {
			t.Errorf("%s set up at %v, not in or next to %s", unit.ID, st, d.Hexes[home].ID)
		}
		if d.Hexes[st.Hex].Terrain.Rugged() {
			t.Errorf("%s set up in %s terrain", unit.ID, d.Hexes[st.Hex].Terrain)
		}
	}
	for h := range d.Hexes {
		if d.Overstacked(&s.Pos, h) {
			t.Errorf("%s overstacked after setup", d.Hexes[h].ID)
		}
	}
	if m := s.Pos.Units[d.UnitIndex("massaua-art")]; int(m.Hex) != d.HexIndex("H-22") {
		t.Errorf("Massaua Artillery not in Massaua")
	}
	if s.Step != stChoose || s.Active() != engine.Only(Allied)|engine.Only(Italian) {
		t.Fatalf("after setup: step %d, active %v; want both sides choosing", s.Step, s.Active())
	}
}

// 3.2: four Orders chosen in secret; the other side sees only that a
// side has committed; a commit may be taken back until the other side
// commits; then all eight are revealed at once (one epoch step).
func TestSecretChoice32(t *testing.T) {
	s := afterSetup(t)
	s.SetLogging(true)
	s.TakeLog()
	for _, p := range []string{"36", "31", "27", "2"} {
		do(t, s, Allied, "pick "+p)
	}
	view := func(side engine.Side) string {
		b, _ := json.Marshal(s.view(side))
		return string(b)
	}
	if strings.Contains(view(Italian), `"where":"chosen"`) || strings.Contains(view(engine.Observer), `"where":"chosen"`) {
		t.Error("the Allied choice shows in the Italian or observer view")
	}
	if !strings.Contains(view(Allied), `"where":"chosen"`) {
		t.Error("the Allies do not see their own choice")
	}
	for _, e := range s.TakeLog() {
		if e.VisibleTo(Italian) {
			t.Errorf("log entry %v readable by Italy", e)
		}
	}
	if slices.Contains(legalTexts(s, Allied), "pick 43") {
		t.Error("a fifth Order may be picked")
	}
	do(t, s, Allied, "commit")
	if got := legalTexts(s, Allied); !slices.Equal(got, []string{"uncommit"}) {
		t.Fatalf("after commit the Allies may %v, want only uncommit", got)
	}
	do(t, s, Allied, "uncommit")
	do(t, s, Allied, "drop 2")
	do(t, s, Allied, "pick 43")
	do(t, s, Allied, "commit")
	epoch := s.Epoch()
	for _, p := range []string{"44", "28", "6", "4"} {
		do(t, s, Italian, "pick "+p)
	}
	// The Italian view after the Allied commit: committed, nothing else.
	if c := s.view(Italian).Choice; c == nil || !c.OtherCommitted || c.Chosen != 4 {
		t.Errorf("Italian choice view %+v", c)
	}
	do(t, s, Italian, "commit")
	if s.Epoch() != epoch+1 {
		t.Error("the reveal did not start a new epoch (undo would cross it)")
	}
	if slices.Contains(legalTexts(s, Allied), "uncommit") {
		t.Error("uncommit offered after both committed")
	}
	// Drawn by priority: 44 (Stand Fast, a Combination Order) goes to the
	// Italian box, then 43 (Air Bombardment) is the first to execute.
	if s.Orders[44].Where != OrdBox {
		t.Error("Stand Fast did not go to the Combination Orders Box")
	}
	if s.Step != stExecute || s.Current != 43 || s.Decider != Allied {
		t.Fatalf("first executed Order %d by %d, want 43 by the Allies", s.Current, s.Decider)
	}
	// Declined Orders go back unflipped, executed ones flipped.
	for _, want := range []int{43, 36, 31, 28, 27, 6, 4} {
		if int(s.Current) != want {
			t.Fatalf("drawn %d, want %d (priority order)", s.Current, want)
		}
		if want == 4 {
			do(t, s, Italian, "execute 4")
		} else {
			do(t, s, s.Decider, "decline "+strconv.Itoa(want))
		}
	}
	if !s.Orders[4].Flipped || s.Orders[36].Flipped || s.Orders[4].Where != OrdSheet {
		t.Error("executed Order not flipped or declined Order flipped")
	}
	if s.Step != stRail || s.Decider != Italian {
		t.Fatalf("after the 1st ORDER Segment: step %d, want the Rail Movement Segment", s.Step)
	}
}

// 3.4's example: 2 non-flipped and 1 flipped Order with text on its back
// make only 3 Orders; a cross counts three; a blank back cannot be chosen.
func TestSecondSegment34(t *testing.T) {
	s := afterSetup(t)
	s.Segment = 2
	s.Orders[31].Flipped = true // Limited Assault: text
	s.Orders[36].Flipped = true // Full Move: cross
	s.Orders[10].Flipped = true // Trucks & Mules: blank
	do(t, s, Allied, "pick 43")
	do(t, s, Allied, "pick 37")
	do(t, s, Allied, "pick 31")
	if s.chosen(Allied) != 4 || !s.canCommit(Allied) {
		t.Fatalf("2 + flipped text: weight %d, commit %v; want 4, complete with 3 Orders", s.chosen(Allied), s.canCommit(Allied))
	}
	do(t, s, Allied, "drop 31")
	do(t, s, Allied, "drop 37")
	if !slices.Contains(legalTexts(s, Allied), "pick 36") {
		t.Error("a flipped cross Order cannot complete 1 + 3")
	}
	do(t, s, Allied, "pick 36")
	if s.chosen(Allied) != 4 {
		t.Errorf("1 + cross = %d, want 4", s.chosen(Allied))
	}
	do(t, s, Allied, "drop 36")
	if slices.Contains(legalTexts(s, Allied), "pick 10") {
		t.Error("a flipped Order with a blank back may be chosen again")
	}
}

// 3.3: at most three Combination Orders in the box; a fourth drawn
// returns one of the four to the sheet unflipped; the box is kept across
// turns and its Orders cannot be chosen.
func TestComboBox33(t *testing.T) {
	s := afterSetup(t)
	for _, p := range []int{42, 41, 39} {
		s.Orders[p].Where = OrdBox
	}
	for _, p := range []string{"23", "2", "1", "32"} {
		do(t, s, Allied, "pick "+p)
	}
	if slices.Contains(legalTexts(s, Allied), "pick 42") {
		t.Error("an Order in the box may be chosen")
	}
	do(t, s, Allied, "commit")
	for _, p := range []string{"40", "30", "21", "16"} {
		do(t, s, Italian, "pick "+p)
	}
	do(t, s, Italian, "commit")
	for s.Step == stExecute {
		do(t, s, s.Decider, "decline "+strconv.Itoa(int(s.Current)))
	}
	if s.Step != stBoxFull || s.Decider != Allied || s.boxCount(Allied) != 4 {
		t.Fatalf("a fourth Combination Order did not ask the Allies to return one (step %d)", s.Step)
	}
	do(t, s, Allied, "return 42")
	if s.Orders[42].Where != OrdSheet || s.Orders[42].Flipped || s.boxCount(Allied) != 3 {
		t.Error("returned Combination Order not on the sheet unflipped")
	}
}

// 2.3 and 2.4: the GT track's deductions from GT6; +1 VP if Agordat or
// Barentù is Allied at the end of GT1, 1 VP in total; 20 VP wins; 7 or
// less from GT6 is a great Italian victory.
func TestVictory(t *testing.T) {
	s := afterSetup(t)
	d := s.d
	s.Pos.Flags[d.town("agordat")] = BritishFlag
	s.Pos.Flags[d.town("barentu")] = BritishFlag
	s.Segment = 2
	s.draw() // empty track: Supply Phase, Victory Check, GT2
	if s.VP != StartVP+1 || s.Turn != 2 {
		t.Fatalf("end of GT1 with Agordat and Barentù: VP %d turn %d, want %d (1 VP in total) and GT2", s.VP, s.Turn, StartVP+1)
	}
	s.Turn, s.VP = 5, 9
	s.Segment = 2
	s.draw() // GT6 begins: deduct 1
	if s.VP != 8 || s.Turn != 6 {
		t.Fatalf("GT6: VP %d, want 8", s.VP)
	}
	s.VP = 7
	s.Segment = 2
	s.draw()
	if !s.Over() || s.Winner != int8(Italian) || !s.Great {
		t.Fatalf("7 VP on GT6: over %v winner %d great %v", s.Over(), s.Winner, s.Great)
	}
	w := afterSetup(t)
	w.Turn, w.VP, w.Segment = 9, 20, 2
	w.draw()
	if !w.Over() || w.Winner != int8(Allied) || !w.Great {
		t.Fatal("20 VP on GT9 is not a great Allied victory")
	}
	m := afterSetup(t)
	m.Turn, m.VP, m.Segment = 10, 19, 2
	m.draw()
	if !m.Over() || m.Winner != int8(Italian) || m.Great {
		t.Fatal("19 VP at the end of GT10 is not a marginal Italian victory")
	}
}

// Determinize keeps what the viewer sees: its view is unchanged.
func TestDeterminizeKeepsView(t *testing.T) {
	s := afterSetup(t)
	for _, p := range []string{"36", "31", "27", "2"} {
		do(t, s, Allied, "pick "+p)
	}
	do(t, s, Italian, "pick 5")
	r := engine.NewRand(3)
	for i := 0; i < 50; i++ {
		c := s.Determinize(Italian, &r).(*State)
		a, _ := json.Marshal(s.view(Italian))
		b, _ := json.Marshal(c.view(Italian))
		if string(a) != string(b) {
			t.Fatalf("the Italian view changed:\n%s\n%s", a, b)
		}
	}
	do(t, s, Allied, "commit")
	for i := 0; i < 20; i++ {
		if c := s.Determinize(Italian, &r).(*State); c.chosen(Allied) != OrdersChosen {
			t.Fatalf("a committed choice resampled to weight %d", c.chosen(Allied))
		}
	}
}

// Every action's record text decodes back to it.
func TestActionText(t *testing.T) {
	s := afterSetup(t)
	for _, side := range []engine.Side{Allied, Italian} {
		for _, a := range s.Legal(side, nil) {
			b, err := s.DecodeAction(s.EncodeAction(a))
			if err != nil || b != a {
				t.Errorf("%q: %v %v", s.EncodeAction(a), b, err)
			}
		}
	}
	for _, bad := range []string{"", "pick", "pick 45", "pick x", "place 11-ind Z-99", "fly"} {
		if _, err := s.DecodeAction(bad); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}
