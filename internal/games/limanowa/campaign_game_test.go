package limanowa

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/hexgrid"
)

// The engine's conformance suite on both campaigns: whole random
// campaigns (random play keeps them to a few thousand actions), the
// shorter one with the expensive checks after every action (they replay
// the record at every die roll, so their cost grows with the square of
// the length).
func TestConformanceCampaigns(t *testing.T) {
	for _, c := range []struct {
		id          string
		games, deep int
	}{{"high-water-mark", 1, 1}, {"gods-playground", 2, 0}} {
		t.Run(c.id, func(t *testing.T) {
			if testing.Short() {
				c.games = 1
			}
			enginetest.Run(t, Game{}, enginetest.Options{Scenario: c.id, Games: c.games, Deep: c.deep, Seed: 7})
		})
	}
}

// campaignAt starts campaign id and plays random actions until stop says
// so; it fails if the campaign ends first.
func campaignAt(t testing.TB, id string, seed uint64, stop func(*State) bool) *State {
	t.Helper()
	st, err := Game{}.New(engine.Setup{Scenario: id, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed)
	var legal []engine.Action
	for !stop(s) {
		if s.Over() {
			t.Fatalf("%s seed %d ended before the point sought", id, seed)
		}
		side := s.Active().Sides()[0]
		legal = slices.DeleteFunc(s.Legal(side, legal[:0]), s.Aside) // the rules' play, no standing orders
		s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
	}
	s.SetLogging(true)
	return s
}

// The campaigns' orders of battle: every force of a later day enters
// across an edge (or is placed by 11.12), so the first day's set-up
// (10.1, nextToPlace) holds only the first day's forces.
func TestCampaignLaterForcesEnter(t *testing.T) {
	for _, c := range DefaultData().Campaigns {
		for _, day := range c.Days[1:] {
			for _, f := range day.Forces {
				if !f.Enter || f.Turn != 0 {
					t.Errorf("%s %s: a force that does not enter", c.ID, day.Date)
				}
			}
		}
	}
}

// 13.0 and 11.01: a campaign starts with the Hussars' choice for the day,
// then set-up with the defender (the Russians) first.
func TestCampaignStart(t *testing.T) {
	for _, id := range []string{"gods-playground", "high-water-mark"} {
		st, err := Game{}.New(engine.Setup{Scenario: id, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		s.SetLogging(true)
		at(t, s, stHussars, Central, id+": the Hussars first")
		if got := s.legalTexts(); !slices.Equal(got, []string{"hussars mounted", "hussars dismounted"}) {
			t.Errorf("%s: %v", id, got)
		}
		play(t, s, "hussars dismounted")
		for i := range s.pos.Units {
			if c := &s.d.Counters[s.pos.Units[i].Counter]; isHussar(c) && c.ID != "hussar-sqn-dismounted" {
				t.Errorf("%s: %s not dismounted", id, s.unitID(i))
			}
		}
		at(t, s, stSetup, Russian, id+": the defender sets up first")
		if !strings.Contains(logText(s), "the Hussars are dismounted today") {
			t.Errorf("%s: no log of the choice", id)
		}
	}
	if _, err := (Game{}).New(engine.Setup{Scenario: "high-water-mark", Options: map[string]string{"x": "1"}}); err == nil {
		t.Error("an unknown option is accepted")
	}
}

// 11.12 with 13.0's edit: the fast placement search gives exactly the
// hexes Position.CanPlace allows, for both sides, at many arrivals.
func TestPlaceHexesAreCanPlace(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		n := 0
		s := campaignAt(t, "high-water-mark", seed, func(s *State) bool {
			if s.Step == stDayArrive {
				n++
			}
			return n > int(seed)*3
		})
		for _, side := range []engine.Side{Central, Russian} {
			var want []hexgrid.Hex
			for _, h := range s.d.Map.Hexes {
				if s.pos.CanPlace(s.d, side, h) {
					want = append(want, h)
				}
			}
			if got := s.placeHexes(side); !slices.Equal(got, want) || len(want) == 0 {
				t.Errorf("seed %d side %d: %d hexes, CanPlace %d", seed, side, len(got), len(want))
			}
			reach, bz := s.pos.locReach(&s.d.Map, side), s.pos.BeatenZone(side)
			for k, h := range s.d.Map.Hexes {
				if k%9 != int(seed) { // a sample: Position.LOC searches the map for each hex
					continue
				}
				if reach.traces(&s.d.Map, side, h) != s.pos.LOC(&s.d.Map, side, h, bz) {
					t.Errorf("seed %d side %d: the line of communication from %s differs", seed, side, Layout.Format(h))
				}
			}
		}
	}
}

// Every hex of the map fits a hexSet.
func TestHexSetHoldsTheMap(t *testing.T) {
	var hs hexSet
	for _, h := range DefaultData().Map.Hexes {
		if hs.has(h) {
			t.Fatalf("%s twice", Layout.Format(h))
		}
		hs.add(h)
		if !hs.has(h) {
			t.Errorf("%s does not fit", Layout.Format(h))
		}
	}
}

// 11.12a: the attacker places four, then the defender four, one at a time;
// a reinforcement may be kept off the map, a recovery may not.
func TestArrivalsAlternate(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 1, func(s *State) bool { return s.Step == stDayArrive })
	var deciders []engine.Side
	for s.Step == stDayArrive && len(deciders) < 10 {
		deciders = append(deciders, s.Decider)
		if !slices.Contains(s.legalTexts(), "off-map") {
			t.Fatal("a reinforcement cannot be kept off the map")
		}
		a := s.Legal(s.Decider, nil)[0]
		if a.Op != opArrive {
			t.Fatalf("first action %s", s.EncodeAction(a))
		}
		play(t, s, s.EncodeAction(a))
	}
	want := []engine.Side{Central, Central, Central, Central, Russian, Russian, Russian, Russian, Central, Central}
	if !slices.Equal(deciders, want) {
		t.Errorf("placing order %v, want %v", deciders, want)
	}
	s.pos.Units[s.dayArrival(Russian)].Force = -1 // a recovery now
	for s.Decider != Russian {
		play(t, s, "off-map")
	}
	if slices.Contains(s.legalTexts(), "off-map") {
		t.Error("a recovery may be kept off the map")
	}
}

// 11.12a: a side places its arrivals in the order it likes: every due
// reinforcement is offered, not only the first counter (ruling L42);
// last night's recoveries, which must be placed, come first.
func TestArrivalChoice(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 1, func(s *State) bool { return s.Step == stDayArrive })
	side := s.Decider
	due := s.dueArrivals(side)
	if len(due) < 2 {
		t.Fatalf("%d due", len(due))
	}
	offered := map[int16]bool{}
	for _, a := range s.Legal(side, nil) {
		if a.Op == opArrive {
			offered[a.A] = true
		}
	}
	for _, i := range due {
		if !offered[int16(i)] {
			t.Errorf("%s is due but not offered", s.unitID(i))
		}
	}
	last := due[len(due)-1]
	var pick string
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "arrive "+s.unitID(last)+" ") {
			pick = x
			break
		}
	}
	play(t, s, pick)
	if s.pos.Units[last].Where != OnMap || s.pos.Units[due[0]].Where != Waiting {
		t.Errorf("placed %v, first %v", s.pos.Units[last].Where, s.pos.Units[due[0]].Where)
	}
	// A recovery among them: only recoveries are offered, and no off-map.
	s.Step, s.Decider, s.Phasing = stDayArrive, side, side
	rec := due[1]
	s.pos.Units[rec].Force = -1
	for _, a := range s.Legal(side, nil) {
		if a.Op == opOffMap || a.Op == opArrive && int(a.A) != rec {
			t.Fatalf("with a recovery due: %s", s.EncodeAction(a))
		}
	}
}

// 11.31: the defender alone chooses the counter attack; 6 turns.
func TestCounterAttackChoice(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 3, func(s *State) bool { return s.Step == stCounter })
	at(t, s, stCounter, Russian, "the defender decides")
	if s.Legal(Central, nil) != nil {
		t.Error("the attacker has a say")
	}
	play(t, s, "counter-attack yes")
	if s.camp.Seg != segCounter || s.Turn != 1 || s.turns() != 6 || s.night() {
		t.Errorf("segment %d turn %d of %d", s.camp.Seg, s.Turn, s.turns())
	}
}

// 11.521: both sides choose at once; an answer is seen only by its side
// until both have answered; yes starts a 6-turn night scenario; no side
// says yes two nights running.
// (Seed 3: since 11.12a offers every due arrival, seed 2's random play
// reaches a night whose turn 1 rolls 0 couplets and passes at once.)
func TestNightChoiceSecret(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 3, func(s *State) bool { return s.Step == stNightChoice })
	if s.Active() != engine.Only(Central)|engine.Only(Russian) {
		t.Fatalf("active %v", s.Active())
	}
	s.TakeLog()
	if err := s.Apply(Central, engine.Action{Op: opNight, A: 1}); err != nil {
		t.Fatal(err)
	}
	if s.Active() != engine.Only(Russian) {
		t.Errorf("after the Central answer, active %v", s.Active())
	}
	for _, e := range s.TakeLog() {
		if e.VisibleTo(Russian) {
			t.Errorf("the Russian reads %q", s.RenderLog(e, "en"))
		}
	}
	view := func(side engine.Side) string { b, _ := json.Marshal(s.View(side, "en")); return string(b) }
	if !strings.Contains(view(Central), `"chose":"yes"`) || strings.Contains(view(Russian), `"chose"`) ||
		strings.Contains(view(engine.Observer), `"chose"`) {
		t.Error("the answer shows in the wrong views")
	}
	r := engine.NewRand(1)
	for range 20 {
		d := s.Determinize(Russian, &r).(*State)
		if d.camp.Chose[Central] == notChosen {
			t.Fatal("determinized: the answer is gone")
		}
	}
	if err := s.Apply(Russian, engine.Action{Op: opNight, A: 0}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logText(s), "night attack: Austro-Hungarian yes, Russian no") {
		t.Error("no reveal")
	}
	if !s.night() || s.Turn != 1 || s.turns() != 6 || s.camp.YesLast != [2]bool{true, false} {
		t.Errorf("night %v turn %d of %d, yes last %v", s.night(), s.Turn, s.turns(), s.camp.YesLast)
	}
	s.Step, s.camp.Chose = stNightChoice, [2]uint8{}
	if got := s.rulesLegal(Central); len(got) != 1 || got[0].A != 0 {
		t.Errorf("yes two nights running: %v", got)
	}
	if got := s.rulesLegal(Russian); len(got) != 2 {
		t.Errorf("the Russian may say yes: %v", got)
	}
}

// 11.53: each side recovers its share of each type destroyed today
// (13.0's 8 December shares), flips units, the defender first; the rest
// of the casualty list leaves the campaign (11.533). Captured units are
// never recovered.
func TestRecoverInPlay(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 2, func(s *State) bool { return s.Step == stNightChoice })
	kill := func(id string, n int, where Where) {
		for i := range s.pos.Units {
			if u := &s.pos.Units[i]; n > 0 && s.d.Counters[u.Counter].ID == id && u.Where == OnMap {
				u.Where = where
				n--
			}
		}
	}
	for i := range s.pos.Units {
		if s.pos.Units[i].Where == Destroyed {
			s.pos.Units[i].Where = Removed
		}
	}
	removed := func() int { // the killed types off the campaign for good
		n := 0
		for i := range s.pos.Units {
			id := s.d.Counters[s.pos.Units[i].Counter].ID
			n += b2i(s.pos.Units[i].Where == Removed && (id == "russian-coy" || id == "honved-coy" || id == "ah-mg"))
		}
		return n
	}
	before := removed()
	kill("russian-coy", 5, Destroyed) // 1/4 of 5: 2
	kill("russian-mg", 1, Captured)
	kill("honved-coy", 3, Destroyed) // 3/4 of 3: 3 infantry
	kill("ah-mg", 1, Destroyed)      // 3/4 of 1: 1
	for _, side := range []engine.Side{Central, Russian} {
		if err := s.Apply(side, engine.Action{Op: opNight}); err != nil {
			t.Fatal(err)
		}
	}
	at(t, s, stRecover, Russian, "recovery, the defender first")
	count := func(op uint8) int {
		n := 0
		for _, a := range s.Legal(s.Decider, nil) {
			n += b2i(a.Op == op)
		}
		return n
	}
	if count(opRecover) != 5 {
		t.Errorf("the Russian may take back %d units, want a choice among 5", count(opRecover))
	}
	for count(opRecover) > 0 {
		for _, a := range s.Legal(s.Decider, nil) {
			if a.Op == opRecover {
				play(t, s, s.EncodeAction(a))
				break
			}
		}
	}
	flip := s.Legal(Russian, nil)[0]
	u := &s.pos.Units[flip.A]
	was := u.Dispersed
	play(t, s, s.EncodeAction(flip))
	if u.Dispersed == was || slices.Contains(s.Legal(Russian, nil), flip) {
		t.Error("11.534: not flipped, or offered twice")
	}
	play(t, s, "done")
	at(t, s, stRecover, Central, "then the attacker")
	if count(opRecover) != 4 {
		t.Errorf("the Austro-Hungarian may take back %d, want 4", count(opRecover))
	}
	play(t, s, "done")
	at(t, s, stImprove, Russian, "improving, the defender first")
	back, gone := 0, removed()-before
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == Waiting && u.Force < 0 {
			back++
		}
		if u.Where == Destroyed {
			t.Errorf("%s still on the casualty list", s.unitID(i))
		}
	}
	if back != 2 || gone != 7 {
		t.Errorf("%d recovered, %d removed; want 2 and 7", back, gone)
	}
}

// 11.51, 11.531: a night melee is fought to its end; a gun destroyed in
// melee is captured in a campaign, only destroyed in a scenario.
func TestNightMelee(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 5, func(s *State) bool { return s.Step == stCounter })
	var ru, ah []int
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Where != OnMap {
			continue
		}
		if c := s.d.Counters[u.Counter].ID; c == "russian-coy" && len(ru) < 1 {
			ru = append(ru, i)
		} else if c == "ah-mg" && len(ah) < 1 {
			ah = append(ah, i)
		}
	}
	h := s.pos.Units[ru[0]].Hex
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && u.Hex == h && i != ru[0] {
			u.Where = Removed
		}
	}
	s.pos.Units[ah[0]].Hex = h
	s.TakeLog()
	s.nightMelee()
	log := logText(s)
	if !strings.Contains(log, "night melee in "+Layout.Format(h)) {
		t.Fatalf("no night melee:\n%s", log)
	}
	mg, coy := &s.pos.Units[ah[0]], &s.pos.Units[ru[0]]
	if mg.Where == OnMap && coy.Where == OnMap && !strings.Contains(log, "cannot destroy") {
		t.Errorf("the melee stopped unresolved:\n%s", log)
	}
	if mg.Where == Destroyed {
		t.Error("11.531: a gun destroyed in melee is captured")
	}
	if mg.Spent || coy.Spent {
		t.Error("ruling L43: a night melee spends nobody")
	}
	s.cp = nil
	mg.Where = OnMap
	s.captureGun(ah[0], Kill)
	if mg.Where != OnMap {
		t.Error("a scenario captures a gun")
	}
}

// 13.0's order of battle: six Polish Legion companies leave campaign 1 on
// 6 December, those off the map first (ruling L46).
func TestWithdraw(t *testing.T) {
	s := campaignAt(t, "gods-playground", 1, func(s *State) bool { return s.Step == stDayArrive && s.camp.Day == 1 })
	var legion []int
	for i := range s.pos.Units {
		if s.d.Counters[s.pos.Units[i].Counter].ID == "legion-coy" {
			legion = append(legion, i)
			s.pos.Units[i].Where, s.pos.Units[i].Hex = OnMap, Layout.MustParse("C23")
		}
	}
	s.pos.Units[legion[7]].Where = Waiting
	s.pos.Units[legion[6]].Where = Captured
	s.TakeLog()
	s.withdraw(s.cp.Days[3].Withdraw[0])
	var where []Where
	for _, i := range legion {
		where = append(where, s.pos.Units[i].Where)
	}
	want := []Where{Removed, Removed, Removed, Removed, Removed, OnMap, Captured, Removed}
	if !slices.Equal(where, want) {
		t.Errorf("withdrawn %v, want %v", where, want)
	}
}

// 13.0, ruling L45: the campaign is judged after the last day's night
// attack, by hill hexes and whole villages.
func TestCampaignJudged(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 4, func(s *State) bool { return s.Step == stNightChoice && s.lastDay() })
	for _, side := range []engine.Side{Central, Russian} {
		if err := s.Apply(side, engine.Action{Op: opNight}); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Over() {
		t.Fatal("not over")
	}
	r := s.d.Judge(Victory{Kind: HillsAndVillages}, &s.pos.Control, nil)
	if got := s.Scores(); got[0] != float64(r.Points[0]) || got[1] != float64(r.Points[1]) {
		t.Errorf("scores %v, judged %v", got, r.Points)
	}
	if !strings.Contains(logText(s), "hill hexes and whole villages") {
		t.Error("no victory line")
	}
}

// A campaign's record texts of every campaign operation decode to the
// action they encode.
func TestCampaignActionTexts(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 1, func(s *State) bool { return s.Step == stDayArrive })
	for _, a := range []engine.Action{{Op: opHussars, A: 1}, {Op: opOffMap}, {Op: opCounter, A: 1}, {Op: opNight},
		{Op: opRecover, A: 3}, {Op: opFlip, A: 4}, {Op: opScrape, A: hexCode(Layout.MustParse("C23"))},
		{Op: opRedeploy, A: 2, B: hexCode(Layout.MustParse("D22"))}, {Op: opDone},
		{Op: opArrive, A: 5, B: hexCode(Layout.MustParse("E20")), C: 1}} {
		text := s.EncodeAction(a)
		got, err := s.DecodeAction(text)
		if err != nil || got != a {
			t.Errorf("%q: %v %v", text, got, err)
		}
		for _, lang := range []string{"en", "it"} {
			if d := s.Describe(a, lang); strings.Contains(d, "{{") || d == text {
				t.Errorf("%s: %q", lang, d)
			}
		}
	}
	for _, bad := range []string{"night-attack maybe", "arrive nobody E20 formed", "scrape Z99", "done now"} {
		if _, err := s.DecodeAction(bad); err == nil {
			t.Errorf("%q decodes", bad)
		}
	}
}

// Long games (the server's replay checkpoints, internal/server/replay.go):
// a state cloned part-way through a campaign and brought forward from its
// record reaches exactly the state a straight replay reaches.
func TestCampaignCheckpoints(t *testing.T) {
	rec := playRandom(t, "gods-playground", 3)
	straight, err := engine.ReplayGame(Game{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	n := len(rec.Actions)
	for _, at := range []int{0, n / 3, n - 70} {
		st := replayTo(t, rec, at).Clone()
		forward(t, st, rec.Actions[at:])
		if engine.Hash(st) != engine.Hash(straight.State) {
			t.Errorf("from the checkpoint at %d the end differs", at)
		}
	}
}

// playRandom records a random campaign.
func playRandom(t testing.TB, id string, seed uint64) engine.Record {
	sess, err := engine.NewSession(Game{}, engine.Setup{Scenario: id, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed)
	var legal []engine.Action
	for !sess.State.Over() {
		side := sess.State.Active().Sides()[0]
		legal = sess.State.Legal(side, legal[:0])
		if err := sess.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return sess.Record
}

// forward applies record entries to st, as the server's replay viewer
// does from a checkpoint.
func forward(t testing.TB, st engine.State, entries []engine.RecordEntry) {
	for _, e := range entries {
		side, _ := engine.SideByName(Game{}, e.Side)
		a, err := st.DecodeAction(e.Action)
		if err == nil {
			err = st.Apply(side, a)
		}
		if err != nil {
			t.Fatalf("%s %s: %v", e.Side, e.Action, err)
		}
	}
}

// replayTo is the state after the record's first at actions.
func replayTo(t testing.TB, rec engine.Record, at int) engine.State {
	rec.Actions = rec.Actions[:at]
	sess, err := engine.ReplayGame(Game{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	return sess.State
}

// A whole recorded campaign of High Water Mark with the observer's log
// (testdata/playthrough-high-water-mark-SEED.json): a change that alters
// a campaign shows here, and its record must keep replaying; refresh
// with -update.
func TestGoldenCampaign(t *testing.T) {
	enginetest.GoldenScenario(t, Game{}, "high-water-mark", []uint64{3}, "en")
}
