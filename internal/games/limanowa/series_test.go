package limanowa

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/hexgrid"
)

// seriesScenario is a constructed scenario that brings every series rule
// no Limanowa scenario does (docs/limanowa/data.md "series"): scenario
// 1's map and victory, Russian infantry and a machine gun around N17
// behind wire and in trenches, Austro-Hungarian infantry around K19, a
// pulverizing bombardment and a creeping barrage by the Austro-Hungarians,
// gas, a trench set and an aircraft group, transport for both sides,
// Austro-Hungarian infiltration tactics and a lake shore.
func seriesScenario(d *Data) *Scenario {
	h := Layout.MustParse
	probe := d.Scenarios[0]
	counter := func(id string) int {
		i := slices.IndexFunc(d.Counters, func(c Counter) bool { return c.ID == id })
		if i < 0 {
			panic("no counter " + id)
		}
		return i
	}
	russian, central := d.Map.within(h("N17"), 2), d.Map.within(h("K19"), 1)
	sc := &Scenario{ID: "series-test", Name: "Series test", Number: 99, Date: "1916-07-01", Turns: 6,
		First: Russian, Victory: probe.Victory, Control: probe.Control, Source: "series_test.go",
		Forces: []Force{
			{Side: Russian, Counter: counter("russian-coy"), Count: 3, Area: russian},
			{Side: Russian, Counter: counter("russian-mg"), Count: 1, Area: russian},
			{Side: Central, Counter: counter("landsturm-coy"), Count: 3, Area: central},
			{Side: Central, Counter: counter("hussar-sqn-dismounted"), Count: 1, Area: central},
		},
		OMA: []OMA{
			{Side: Central, Count: 1, Fire: 4, Mode: TrenchSet},
			{Side: Central, Count: 1, Fire: 3, Mode: Telephone},
			{Side: Russian, Count: 1, Fire: 3, Mode: Runner},
			{Side: Russian, Count: 1, Fire: 3, Mode: Aircraft},
		},
	}
	col, _ := Layout.ColRow(h("J19"))
	sc.Series = Series{
		Bombardment:  &PB{Side: Central, Kind: Pulverizing},
		Barrage:      &Barrage{Side: Central, Cols: true, Start: col, Advance: 1},
		Gas:          true,
		Trenches:     []hexgrid.Hex{h("L17"), h("M18"), h("N17"), h("M17")},
		Blockhouses:  []hexgrid.Hex{h("O16")},
		Transport:    []Transport{{Side: Central, Kind: Mule, Count: 1}, {Side: Central, Kind: Wagon, Count: 1}, {Side: Central, Kind: Truck, Count: 1}, {Side: Russian, Kind: Mule, Count: 1}},
		Infiltration: [2]bool{Central: true},
	}
	for _, l := range [][2]string{{"I19", "J19"}, {"I19", "J20"}, {"I20", "J20"}} { // a lake shore west of K19
		hs, _ := hexgrid.Between(h(l[0]), h(l[1]))
		sc.Series.Lakes = append(sc.Series.Lakes, hs)
	}
	// Wire round the Russian position: every hexside from its outer ring
	// outwards.
	for _, a := range russian {
		for _, b := range a.Neighbours() {
			if hexgrid.Distance(b, h("N17")) == 3 && d.Map.InPlay(b) {
				hs, _ := hexgrid.Between(a, b)
				sc.Series.Wire = append(sc.Series.Wire, hs)
			}
		}
	}
	return sc
}

// seriesGame is the game with seriesScenario for every setup.
type seriesGame struct{ Game }

func (seriesGame) New(setup engine.Setup) (engine.State, error) {
	d := DefaultData()
	return newScenario(d, seriesScenario(d), setup)
}

// Unmarshal restores through the series scenario, as Game's through the
// setup's.
func (g seriesGame) Unmarshal(setup engine.Setup, data []byte) (engine.State, error) {
	st, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	return restore(st.(*State), data)
}

// TestRestoreSeries: the series part of a state (series.go) is restored
// from its bytes, so a scenario with series rules opens from a snapshot
// as the others do.
func TestRestoreSeries(t *testing.T) {
	enginetest.Restore(t, seriesGame{}, enginetest.Options{Games: 3, Scenario: "series-test", Seed: 1}, 5)
}

// The engine's conformance suite on the constructed series scenario:
// random games through the observers, the bombardment's breaches and
// craters, the barrage, gas drifts and transport, with replay and undo.
func TestSeriesConformance(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 5
	}
	enginetest.Run(t, seriesGame{}, enginetest.Options{Scenario: "series-test", Games: games, Deep: 2, MaxActions: 40000, Seed: 1})
}

// seriesBegin is the series scenario started, with the fixture's units
// set up in turn as records name them ("russian-coy-1 N17 formed").
func seriesBegin(t *testing.T, seed uint64) *State {
	t.Helper()
	st, err := seriesGame{}.New(engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.SetLogging(true)
	return s
}

// Set-up, the trench-set observer (7.21), the pulverizing bombardment of
// the Russian set-up area with 7.12's results, the breaches (the targeted
// player's first, 7.12a) and the six craters (7.13), then turn 1 with
// the barrage's first detonation (7.42) and signal success after a
// bombardment (7.14).
func TestBombardmentInPlay(t *testing.T) {
	s := seriesBegin(t, 1)
	play(t, s,
		"place russian-coy-1 L17 formed", // IN a trench in the open: dispersed, rolls
		"place russian-coy-2 M19 formed", // in the open: eliminated
		"place russian-coy-3 O16 formed", // a blockhouse is a machine gun's only: eliminated
		"place russian-mg-1 O16 formed",  // IN the blockhouse: dispersed, rolls
		"place landsturm-coy-1 K19 formed",
		"place landsturm-coy-2 K18 formed",
		"place landsturm-coy-3 K20 formed",
		"place hussar-sqn-dismounted-1 K19 formed")
	if u := s.unit(t, "russian-coy-1"); !u.In {
		t.Error("a unit set up in a scenario's trench is not IN it (8.322)")
	}
	at(t, s, stObserver, Central, "the trench set's observer")
	legal := s.legalTexts()
	if len(legal) != 4 || !slices.Contains(legal, "observer landsturm-coy-2") {
		t.Fatalf("observer candidates %v", legal)
	}
	s.Rng = enginetest.Dice(t, "6", "3")
	play(t, s, "observer landsturm-coy-2")
	var log string
	logHas(t, s, &log, "trench-set observer is k.k. Landsturm company 2 in K18 (7.21)",
		"fires a pulverizing preliminary bombardment (7.11)",
		"Russian infantry company 1 is dispersed by the bombardment and rolls 6: destroyed (7.12)",
		"Russian infantry company 2 is caught in the open by the bombardment: eliminated (7.12)",
		"Russian infantry company 3 is caught in the open",
		"Russian machine-gun section 1 is dispersed by the bombardment and rolls 3: dispersed (7.12)")
	if u := s.unit(t, "russian-mg-1"); u.Where != OnMap || !u.Dispersed || u.Spent {
		t.Errorf("the machine gun after the bombardment: %+v", *u)
	}
	at(t, s, stBreach, Russian, "the targeted player's breach first (7.12a)")
	breaches := s.legalTexts()
	if len(breaches) < 10 {
		t.Fatalf("breaches offered: %v", breaches)
	}
	play(t, s, breaches[0])
	at(t, s, stBreach, Central, "the firing player's breach")
	if slices.Contains(s.legalTexts(), breaches[0]) {
		t.Error("a breached hexside is offered again")
	}
	play(t, s, s.legalTexts()[0])
	for k := range cratersPerPB {
		at(t, s, stCrater, Central, "the craters")
		if k == 0 && (slices.Contains(s.legalTexts(), "crater K19") || !slices.Contains(s.legalTexts(), "crater N17")) {
			t.Fatalf("crater hexes %v", s.legalTexts())
		}
		play(t, s, s.legalTexts()[k])
	}
	n := 0
	s.pos.EachMark(func(h hexgrid.Hex, m HexMarks) { n += b2i(m&CraterMark != 0) })
	if n != cratersPerPB {
		t.Errorf("%d craters, want 6", n)
	}
	if s.Turn != 1 {
		t.Fatalf("turn %d after the bombardment", s.Turn)
	}
	logHas(t, s, &log, "breaches the wire on", "a crater in", "the Austro-Hungarian creeping barrage falls on column J (7.42)")
	if c := s.conditions(); !c.PBFired || s.d.Tables.SignalSuccess(Telephone, c) != 0 || s.d.Tables.RelayDelay(Runner, c) != 6 {
		t.Errorf("7.14: conditions %+v", c)
	}
	if s.pos.Marks(Layout.MustParse("J19"))&BarrageMark == 0 || s.pos.Marks(Layout.MustParse("K19"))&BarrageMark != 0 {
		t.Error("the barrage's markers are not on column J")
	}
}

// 7.21: the trench set's observer is the only one it has, and it may not
// leave its set-up hex; aircraft see every vertex.
func TestTrenchSetObserver(t *testing.T) {
	s := seriesState(t)
	ts, _ := s.groupByID("oma-central-1")
	tel, _ := s.groupByID("oma-central-2")
	obs := s.observer(Central)
	if obs < 0 {
		t.Fatal("no observer")
	}
	seen := map[int16]bool{}
	a, b := s.callTargets(ts, seen, nil), s.callTargets(tel, seen, nil)
	if len(a) == 0 || len(a) > len(b) {
		t.Errorf("the trench set sees %d vertices, the telephone group %d", len(a), len(b))
	}
	for _, c := range a {
		if !s.d.Map.SeePlainVertex(s.pos.Units[obs].Hex, codeVertex(c)) {
			t.Errorf("the trench set is offered %s, which its observer does not see", formatVertex(codeVertex(c)))
		}
	}
	// Aircraft: every corner of every hex holding enemy units, seen or not.
	air, _ := s.groupByID("oma-russian-2")
	corners := map[int16]bool{}
	for _, id := range []string{"K18", "K19", "K20", "L19"} {
		for d := hexgrid.Dir(0); d < 6; d++ {
			corners[vertexCode(hexgrid.Corner(Layout.MustParse(id), d))] = true
		}
	}
	if got := s.callTargets(air, map[int16]bool{}, nil); len(got) != len(corners) {
		t.Errorf("the aircraft group is offered %d vertices, want %d", len(got), len(corners))
	}
	s.Step, s.Decider, s.Phasing = stCommand, Central, Central
	play(t, s, "activate "+s.unitID(obs), "move "+s.unitID(obs))
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "step ") || strings.HasPrefix(x, "exit ") {
			t.Errorf("the observer may %s", x)
		}
	}
}

// seriesState is the series scenario at turn 1's first command: a
// Russian infantry company IN the N17 trench and a machine gun IN the
// O16 blockhouse, the Austro-Hungarian infantry around K19, landsturm 2
// the trench set's observer; the bombardment has not been fired (its
// dice are the test's business).
func seriesState(t *testing.T) *State {
	t.Helper()
	s := seriesBegin(t, 1)
	place := map[string]string{"russian-coy-1": "L17", "russian-coy-2": "M16", "russian-coy-3": "O18", "russian-mg-1": "O16",
		"landsturm-coy-1": "K19", "landsturm-coy-2": "K18", "landsturm-coy-3": "K20", "hussar-sqn-dismounted-1": "L19"}
	for id, at := range place {
		i, _ := s.unitByID(id)
		u := &s.pos.Units[i]
		u.Where, u.Hex = OnMap, Layout.MustParse(at)
		s.settleIn(i)
	}
	s.pos.Control.Update(s.pos.Units)
	i, _ := s.unitByID("landsturm-coy-2")
	s.ser.Observer[Central], s.ser.Pre = int16(i+1), 3
	s.Turn, s.Initiative, s.Couplets = 1, Central, 3
	s.Step = stCommand
	s.Half, s.Decider, s.Phasing = 0, Central, Central
	s.TakeLog()
	return s
}

// unitsIn are the record ids of the units on the map in hexes.
func (s *State) unitsIn(hexes ...hexgrid.Hex) []string {
	var out []string
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && slices.Contains(hexes, u.Hex) {
			out = append(out, s.unitID(i))
		}
	}
	return out
}

// gasHexes are the hexes holding gas, in table order.
func (s *State) gasHexes() []hexgrid.Hex {
	var out []hexgrid.Hex
	s.pos.EachMark(func(h hexgrid.Hex, m HexMarks) {
		if m&GasMark != 0 {
			out = append(out, h)
		}
	})
	return out
}

// 7.51-7.513 in play: a gas FFE puts gas in its three hexes and attacks
// the units there without firepower or cover (7.511: the Russian company
// IN its trench checks with formed's +1 only); its doubles make the
// Russians move every gas marker (7.513), units in a hex the gas drifts
// into are attacked; the command interrupted goes on. Gas outlives the
// administration phase (7.512) and attacks a unit entering it, and a
// unit firing out of gas has -1 (7.514).
func TestGasInPlay(t *testing.T) {
	s := seriesState(t)
	h := Layout.MustParse
	ts, _ := s.groupByID("oma-central-1") // trench set: SS 8 after a bombardment too (7.21)
	v, ok := hexgrid.VertexOf(h("L17"), h("L18"), h("M18"))
	if !ok {
		t.Fatal("no vertex L17/L18/M18")
	}
	s.Groups[ts].Cross, s.Groups[ts].Glass = vertexCode(v), 1
	s.ser.Gas |= 1 << ts
	blast := Blast(v)
	in := s.unitsIn(blast[:]...)
	if !slices.Equal(in, []string{"russian-coy-1"}) {
		t.Fatalf("units in the blast: %v", in)
	}
	//                        signal  accuracy  gas check
	s.Rng = enginetest.Dice(t, "3", "3", "1", "4", "4")
	play(t, s, "activate landsturm-coy-1")
	at(t, s, stDrift, Russian, "the Russians' doubles drift the gas")
	var log string
	logHas(t, s, &log, "signal success 3+3 against 8: success", "fires for effect on "+formatVertex(v),
		"Russian infantry company 1 cohesion check 4+4+1 = 9 against 7", "doubles: the Russian player must make the gas drift (7.513)")
	if g := s.gasHexes(); len(g) != 3 {
		t.Fatalf("gas in %v", g)
	}
	if u := s.unit(t, "russian-coy-1"); !u.Dispersed || u.Where != OnMap {
		t.Errorf("the gassed company: %+v", *u)
	}
	// Drift north-west: L17's gas goes to K17, L18's to K18 (the trench
	// set's observer there is attacked), M18's to L17 (gassed already).
	s.Rng = enginetest.Dice(t, "2", "1")
	before := s.gasHexes()
	play(t, s, "drift nw")
	var want []hexgrid.Hex
	for _, b := range before {
		want = append(want, b.Neighbour(4))
	}
	if got := s.gasHexes(); len(got) != 3 || !slices.ContainsFunc(got, func(x hexgrid.Hex) bool { return x == want[0] }) {
		t.Errorf("after the drift gas in %v, want %v", got, want)
	}
	logHas(t, s, &log, "the Russian player makes every gas marker drift north-west (7.513)", "k.k. Landsturm company 2 cohesion check 2+1+1")
	at(t, s, stGroup, Central, "the command goes on")
	if s.ser.Drifts != 0 || s.ser.DriftThen != 0 {
		t.Errorf("drifts left %d, then %d", s.ser.Drifts, s.ser.DriftThen)
	}
	// 7.512: the gas stays through administration and attacks a mover
	// (the barrage kept out of the way).
	s.sc.Series.Barrage = nil
	s.Rng = enginetest.Dice(t, "6", "1")
	s.administration()
	if len(s.gasHexes()) != 3 {
		t.Fatal("the gas was lifted in administration")
	}
	gas := s.gasHexes()[0]
	s.Step, s.Decider, s.Phasing, s.NGroup = stCommand, Central, Central, 0
	mover := "landsturm-coy-3"
	u := s.unit(t, mover)
	u.Hex, u.Spent, u.Dispersed = gas.Neighbour(1), false, false
	if s.pos.Marks(u.Hex)&GasMark != 0 {
		u.Hex = gas.Neighbour(2)
	}
	s.Rng = enginetest.Dice(t, "1", "2")
	play(t, s, "activate "+mover, "move "+mover, "step "+mover+" "+Layout.Format(gas))
	logHas(t, s, &log, "the gas attacks the units entering "+Layout.Format(gas)+" (7.512)", "k.k. Landsturm company 3 cohesion check 1+2+2")
}

// 7.514: the same shot out of a gas hex has -1.
func TestFireOutOfGas(t *testing.T) {
	s := seriesState(t)
	h := Layout.MustParse
	shooter, _ := s.unitByID("landsturm-coy-1")
	f := s.fireAt(shooter, h("K18"), false)
	roll := func() [2]int { return [2]int{1, 1} }
	clear := s.pos.FireChecks(s.d, f, roll)
	s.pos.Mark(h("K19"), GasMark, true)
	gassed := s.pos.FireChecks(s.d, f, roll)
	if len(clear) == 0 || gassed[0].Check.Modifier != clear[0].Check.Modifier-1 {
		t.Errorf("out of gas %+v, out of clear air %+v", gassed, clear)
	}
}

// 7.41-7.45 in play: the barrage detonates in column J at the start of
// turn 1's first couplet and in column K at the second's, a paralyzing
// bombardment on every unit there (7.43: the Austro-Hungarians in the open
// are eliminated, the Russian machine gun IN its blockhouse would only be
// dispersed); the third couplet leaves it, attacking only units that
// enter (7.45); the next turn it hits K again first; a turn of one
// couplet moves it on with no effect (7.44). Its hexes conceal (7.43).
func TestCreepingBarrage(t *testing.T) {
	s := seriesState(t)
	s.sc.Series.Infiltration = [2]bool{} // 5.12's extra couplet would hide 7.44
	h := Layout.MustParse
	s.Couplets = 3
	s.Rng = enginetest.Dice(t)
	s.startHalf(0)
	var log string
	logHas(t, s, &log, "the Austro-Hungarian creeping barrage falls on column J (7.42)")
	if !strings.Contains(log, "column J") || strings.Contains(log, "eliminated") {
		t.Fatalf("column J holds no unit: %s", log)
	}
	at(t, s, stCommand, Central, "no wire borders column J: no breach")
	// Concealment: a line across K19 while the barrage is there.
	f := s.fireAt(s.unitIdx(t, "hussar-sqn-dismounted-1"), h("J19"), false)
	plain := s.pos.Sight(s.d, f).Concealed
	s.endHalf()
	s.endHalf()
	logHas(t, s, &log, "the Austro-Hungarian creeping barrage falls on column K (7.42)",
		"k.k. Landsturm company 1 is caught in the open by the bombardment: eliminated (7.43)")
	if got := s.unitsIn(h("K18"), h("K19"), h("K20")); len(got) != 0 {
		t.Errorf("left in column K: %v", got)
	}
	if s.pos.Sight(s.d, f).Concealed <= plain {
		t.Error("the barrage's column does not conceal (7.43)")
	}
	// The third couplet: no detonation, but a unit entering is attacked.
	s.endHalf()
	s.endHalf()
	if strings.Contains(logText(s), "creeping barrage falls") {
		t.Error("the barrage moved in the third couplet (7.45)")
	}
	s.Decider, s.Phasing = Central, Central
	u := s.unit(t, "hussar-sqn-dismounted-1") // in L19, next to K19
	u.Spent = false
	s.Rng = enginetest.Dice(t, "4")
	play(t, s, "activate hussar-sqn-dismounted-1", "move hussar-sqn-dismounted-1", "step hussar-sqn-dismounted-1 K19")
	logHas(t, s, &log, "the creeping barrage attacks the units entering K19 (7.43)")
	if u.Where != Destroyed {
		t.Errorf("a unit entering the barrage in the open: %v", u.Where)
	}
	// Administration after three couplets: it stays in K; turn 2's first
	// couplet hits K again.
	s.Rng = enginetest.Dice(t, "2", "3") // 1 couplet, Russian initiative
	s.administration()
	logHas(t, s, &log, "turn 2", "the Austro-Hungarian creeping barrage falls on column K (7.42)")
	if strings.Contains(log, "rolls on") {
		t.Error("7.44 moved a barrage that had two couplets")
	}
	// Turn 2 has one couplet: after it the barrage rolls on to L (7.44).
	s.Rng = enginetest.Dice(t, "6", "1")
	s.endHalf()
	s.endHalf()
	logHas(t, s, &log, "the creeping barrage rolls on to column L, with no effect (7.44)", "turn 3", "falls on column L")
}

func (s *State) unitIdx(t *testing.T, id string) int {
	t.Helper()
	i, ok := s.unitByID(id)
	if !ok {
		t.Fatalf("no unit %s", id)
	}
	return i
}

// 6.81-6.85 in play: a formed unit alone moves by mule with a movement
// score of 2, never into an enemy or gas hex and without picking anyone
// up; the group carries one unit a turn; a failed check from reaction
// fire loses it for the scenario. A truck moves 15 along roads only and
// without the road bonus; a wagon enters no crater.
func TestTransport(t *testing.T) {
	s := seriesState(t)
	h := Layout.MustParse
	legal := s.legalTexts()
	mover := "landsturm-coy-1" // K19
	play(t, s, "activate "+mover)
	legal = s.legalTexts()
	if !slices.Contains(legal, "move "+mover+" central-mule-1") || !slices.Contains(legal, "move "+mover+" central-wagon-1") ||
		slices.Contains(legal, "move "+mover+" russian-mule-1") {
		t.Fatalf("transport offered: %v", legal)
	}
	if on := s.d.Map.OnRoad(h("K19")); on != slices.Contains(legal, "move "+mover+" central-truck-1") {
		t.Errorf("a truck offered off the road, or not on it (on road %v)", on)
	}
	u := s.unit(t, mover)
	nb := h("K19").Neighbours()
	s.pos.Mark(nb[0], GasMark, true)
	ru := s.unit(t, "russian-coy-2")
	ru.Hex = nb[1]
	play(t, s, "move "+mover+" central-mule-1")
	if u.MP != 2 || s.ser.Used != 1 {
		t.Fatalf("by mule: MP %d, used %b", u.MP, s.ser.Used)
	}
	var log string
	logHas(t, s, &log, "k.k. Landsturm company 1 moves by transport, Austro-Hungarian mule group 1: 2 MP (6.82)")
	legal = s.legalTexts()
	for _, bad := range []string{"step " + mover + " " + Layout.Format(nb[0]), "step " + mover + " " + Layout.Format(nb[1])} {
		if slices.Contains(legal, bad) {
			t.Errorf("transport may %s (6.82: no gas or enemy hex)", bad)
		}
	}
	if len(s.pickUps(nil)) != 0 {
		t.Error("transport picks up a second unit")
	}
	// 6.85: a check failed under reaction fire loses the group.
	s.carryLost([]Hit{{Unit: s.unitIdx(t, mover), Outcome: Pass + 1}})
	if s.ser.Lost != 1 {
		t.Errorf("lost %b", s.ser.Lost)
	}
	logHas(t, s, &log, "the transport Austro-Hungarian mule group 1 is lost for the scenario (6.85)")
	play(t, s, "stop "+mover)
	if s.ser.Carry != 0 {
		t.Error("the transport outlives the move")
	}
	// 6.83: used this turn, lost for good: the mule is not offered again;
	// the wagon enters no crater (6.84).
	s.ser.Used = 2            // the wagon too
	s.sc.Series.Barrage = nil // out of the way
	s.administration()
	if s.ser.Used != 0 || s.ser.Lost != 1 {
		t.Errorf("after administration used %b, lost %b", s.ser.Used, s.ser.Lost)
	}
	s.Step, s.Decider, s.Phasing, s.NGroup = stCommand, Central, Central, 0
	s.Couplets, s.Half = 3, 0
	other := "landsturm-coy-3" // K20
	s.pos.Mark(h("K20").Neighbour(2), CraterMark, true)
	play(t, s, "activate "+other)
	legal = s.legalTexts()
	if slices.Contains(legal, "move "+other+" central-mule-1") || !slices.Contains(legal, "move "+other+" central-wagon-1") {
		t.Fatalf("after the loss: %v", legal)
	}
	play(t, s, "move "+other+" central-wagon-1")
	if slices.Contains(s.legalTexts(), "step "+other+" "+Layout.Format(h("K20").Neighbour(2))) {
		t.Error("a wagon enters a crater")
	}
}

// 6.84: a truck from a road hex moves along the road only, 15 points,
// with no road bonus.
func TestTruck(t *testing.T) {
	s := seriesState(t)
	road := s.d.Map.Roads[0].Hexes
	var at hexgrid.Hex
	for _, r := range road {
		if len(s.unitsIn(r)) == 0 && s.pos.Marks(r) == 0 && s.d.Map.InPlay(r) && !s.pos.enemyIn(Central, r) && hexgrid.Distance(r, Layout.MustParse("N17")) > 4 {
			at = r
			break
		}
	}
	mover := "landsturm-coy-3"
	u := s.unit(t, mover)
	u.Hex = at
	play(t, s, "activate "+mover, "move "+mover+" central-truck-1")
	if u.MP != 15 || s.bonusOpen() {
		t.Fatalf("truck: MP %d, bonus open %v", u.MP, s.bonusOpen())
	}
	for _, x := range s.legalTexts() {
		if to, ok := strings.CutPrefix(x, "step "+mover+" "); ok && !s.d.Map.Road(at, Layout.MustParse(to)) {
			t.Errorf("a truck leaves the road to %s", to)
		}
	}
}

// 8.321: a unit pays a point to go IN a trench after entering its hex,
// keeps IN along a connected trench, and leaves it by moving out.
func TestGoIn(t *testing.T) {
	s := seriesState(t)
	mover := "landsturm-coy-3"
	u := s.unit(t, mover)
	for _, id := range []string{"russian-coy-1", "russian-coy-2", "russian-coy-3", "russian-mg-1"} {
		s.unit(t, id).Where = Exited // nobody reacts
	}
	s.pos.Control.Update(s.pos.Units)
	// From a hex next to a trench hex with a connected trench beyond,
	// across neither stream nor wire.
	var from, trench, along hexgrid.Hex
	for _, b := range s.sc.Series.Trenches {
		for _, a := range b.Neighbours() {
			for _, c := range b.Neighbours() {
				if s.d.Map.InPlay(a) && s.pos.Marks(a)&TrenchMark == 0 && s.d.Map.Sides.At(a, b)&StreamSide == 0 && !s.pos.Wired(a, b) &&
					len(s.unitsIn(a)) == 0 && s.pos.Marks(c)&TrenchMark != 0 && s.d.Map.Sides.At(b, c)&StreamSide == 0 {
					from, trench, along = a, b, c
				}
			}
		}
	}
	if trench == (hexgrid.Hex{}) {
		t.Fatal("no way into the trenches")
	}
	u.Hex = from
	play(t, s, "activate "+mover, "move "+mover, "step "+mover+" "+Layout.Format(trench))
	if u.In || !slices.Contains(s.legalTexts(), "in "+mover) {
		t.Fatalf("in the trench hex: IN %v, legal %v\n%s", u.In, s.legalTexts()[:3], logText(s))
	}
	mp := u.MP
	play(t, s, "in "+mover)
	if !u.In || u.MP != mp-1 {
		t.Fatalf("after going IN: IN %v, MP %d (was %d)", u.In, u.MP, mp)
	}
	var log string
	logHas(t, s, &log, "goes IN the fortification of "+Layout.Format(trench))
	play(t, s, "step "+mover+" "+Layout.Format(along)) // along the trench
	if !u.In {
		t.Error("IN lost along a connecting trench (8.321)")
	}
	if u.MP > 0 {
		var out string
		for _, n := range along.Neighbours() {
			if s.pos.Marks(n)&TrenchMark == 0 && slices.Contains(s.legalTexts(), "step "+mover+" "+Layout.Format(n)) {
				out = Layout.Format(n)
				break
			}
		}
		if out != "" {
			play(t, s, "step "+mover+" "+out)
			if u.In {
				t.Error("still IN after leaving the trench")
			}
		}
	}
}

// scenarios.json's optional "series" object: read into Scenario.Series,
// and refused where a rule or the map forbids it.
func TestLoadSeries(t *testing.T) {
	series := `"series": {
		"bombardment": {"side": "central", "kind": "paralyzing", "area": {"centre": "N17", "radius": 2}},
		"barrage": {"side": "central", "col": "J", "advance": 1},
		"trenches": ["L17", "M18"], "blockhouses": ["O16"], "wire": ["L17/K17", "M18/M19"], "lakes": ["I19/J19"],
		"infiltration": ["russian"],
		"transport": [{"side": "central", "kind": "mule", "count": 2}, {"side": "russian", "kind": "truck", "count": 1}]
	}, "source": "rulebook 13.0"`
	load := func(body string) (*Data, error) {
		fsys := dataFiles(t)
		b := string(fsys["scenarios.json"].Data)
		fsys["scenarios.json"] = &fstest.MapFile{Data: []byte(strings.Replace(b, `"source": "rulebook 13.0"`, body, 1))}
		return LoadData(fsys)
	}
	d, err := load(series)
	if err != nil {
		t.Fatal(err)
	}
	got := d.Scenarios[0].Series
	col, _ := Layout.ColRow(Layout.MustParse("J01"))
	if got.Bombardment == nil || got.Bombardment.Kind != Paralyzing || got.Bombardment.Side != Central || len(got.Bombardment.Area) != 19 ||
		got.Barrage == nil || !got.Barrage.Cols || got.Barrage.Start != col || got.Barrage.Advance != 1 ||
		len(got.Trenches) != 2 || len(got.Blockhouses) != 1 || len(got.Wire) != 2 || len(got.Transport) != 2 || got.Transport[1].Kind != Truck || got.Gas ||
		len(got.Lakes) != 1 || got.Infiltration != [2]bool{Russian: true} {
		t.Errorf("series read as %+v", got)
	}
	if r := d.Tables.Transport; r[Mule].Move != 2 || !r[Wagon].NoCrater || !r[Truck].RoadOnly || r[Truck].Move != 15 {
		t.Errorf("6.84's transport table read as %+v", r)
	}
	for _, tt := range []struct{ name, body, want string }{
		{"gas in 1914", `"series": {"gas": true}, "source": "rulebook 13.0"`, "7.51"},
		{"bombardment kind", `"series": {"bombardment": {"side": "central", "kind": "heavy"}}, "source": "rulebook 13.0"`, "pulverizing or paralyzing"},
		{"barrage advance", `"series": {"barrage": {"side": "central", "col": "J", "advance": 2}}, "source": "rulebook 13.0"`, "advance 2"},
		{"barrage line", `"series": {"barrage": {"side": "central", "col": "J", "row": "03", "advance": 1}}, "source": "rulebook 13.0"`, "one of col and row"},
		{"wire", `"series": {"wire": ["L17/N17"]}, "source": "rulebook 13.0"`, "wire"},
		{"transport", `"series": {"transport": [{"side": "central", "kind": "camel", "count": 1}]}, "source": "rulebook 13.0"`, "camel"},
		{"too much transport", `"series": {"transport": [{"side": "central", "kind": "mule", "count": 17}]}, "source": "rulebook 13.0"`, "at most 16"},
		{"infiltration", `"series": {"infiltration": ["central", "central"]}, "source": "rulebook 13.0"`, "twice"},
		{"unknown field", `"series": {"tanks": 3}, "source": "rulebook 13.0"`, `unknown field "tanks"`},
	} {
		if _, err := load(tt.body); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

// Infiltration tactics (3.6, 5.12, 6.01e, 6.675b): one couplet more
// each turn, a blob of up to four dispersed ready units each next to
// another, melee values doubled on game turn 1 only. A lake shore is
// never crossed (8.7).
func TestInfiltrationAndLakes(t *testing.T) {
	if in := RollInitiative([2]int{4, 2}, false, false, true); in.Couplets != 3 {
		t.Errorf("5.12: %d couplets", in.Couplets)
	}
	s := seriesState(t)
	h := Layout.MustParse
	for _, id := range []string{"landsturm-coy-1", "landsturm-coy-2", "landsturm-coy-3", "hussar-sqn-dismounted-1"} {
		s.unit(t, id).Dispersed = true
	}
	play(t, s, "activate landsturm-coy-1")
	legal := s.legalTexts()
	for _, id := range []string{"landsturm-coy-2", "landsturm-coy-3", "hussar-sqn-dismounted-1"} { // K18, K20, L19: a chain
		if !slices.Contains(legal, "add "+id) {
			t.Errorf("%s may not join the blob: %v", id, legal)
		}
	}
	play(t, s, "add landsturm-coy-2", "add landsturm-coy-3", "add hussar-sqn-dismounted-1")
	if s.NGroup != BlobUnits {
		t.Errorf("a blob of %d", s.NGroup)
	}
	s.sc.Series.Infiltration = [2]bool{}
	s.NGroup = 1
	if slices.Contains(s.legalTexts(), "add landsturm-coy-3") {
		t.Error("a blob without infiltration tactics")
	}
	s.sc.Series.Infiltration = [2]bool{Central: true}
	if got := s.infiltrationMelee(); got != [2]bool{Central: true} {
		t.Errorf("turn 1 melee doubled for %v", got)
	}
	s.Turn = 2
	if got := s.infiltrationMelee(); got != [2]bool{} {
		t.Errorf("turn 2 melee doubled for %v", got)
	}
	// 8.7: the lake shore I19/J19.
	i := s.unitIdx(t, "landsturm-coy-1")
	s.pos.Units[i].Hex = h("J19")
	if e := s.pos.Enter(s.d, i, h("I19"), false, nil); e.Allowed || e.Rule != "8.7" {
		t.Errorf("across the lake shore: %+v", e)
	}
	if e := s.pos.Enter(s.d, i, h("J18"), false, nil); !e.Allowed {
		t.Errorf("along the lake: %+v", e)
	}
}

// 6.41b-c, 6.42, 8.33: in administration the owner of a unit that dug IN
// a trench chooses its shovel's use: a scrape, a bomb stop between its
// trench and a connected one, or removing an adjacent bomb stop - not
// when an enemy unit is in a hex of that hexside.
func TestShovelInTrench(t *testing.T) {
	s := seriesState(t)
	s.sc.Series.Barrage = nil
	h := Layout.MustParse
	coy := s.unit(t, "russian-coy-1") // IN the L17 trench, next to M17's and M18's
	coy.Shovel = true
	s.administration()
	at(t, s, stShovel, Russian, "the shovel's use")
	legal := s.legalTexts()
	for _, want := range []string{"shovel-scrape russian-coy-1", "bomb-stop russian-coy-1 M17", "bomb-stop russian-coy-1 M18"} {
		if !slices.Contains(legal, want) {
			t.Errorf("%q not offered: %v", want, legal)
		}
	}
	play(t, s, "bomb-stop russian-coy-1 M17")
	if s.pos.TrenchConnected(h("L17"), h("M17")) || !s.pos.TrenchConnected(h("L17"), h("M18")) {
		t.Error("the bomb stop does not cut L17/M17 alone")
	}
	if s.Turn != 2 || s.ser.InAdmin {
		t.Fatalf("administration did not go on: turn %d", s.Turn)
	}
	var log string
	logHas(t, s, &log, "Russian infantry company 1 digs a bomb stop on L17/M17 (6.41)")
	// Next administration: removing it, but not with an enemy in M17.
	coy.Shovel = true
	s.unit(t, "landsturm-coy-1").Hex = h("M17")
	s.administration()
	if slices.Contains(s.legalTexts(), "remove-stop russian-coy-1 M17") || slices.Contains(s.legalTexts(), "bomb-stop russian-coy-1 M17") {
		t.Errorf("6.42: %v", s.legalTexts())
	}
	s.unit(t, "landsturm-coy-1").Hex = h("K19")
	if !slices.Contains(s.legalTexts(), "remove-stop russian-coy-1 M17") {
		t.Errorf("the bomb stop cannot be removed: %v", s.legalTexts())
	}
	play(t, s, "remove-stop russian-coy-1 M17")
	if !s.pos.TrenchConnected(h("L17"), h("M17")) {
		t.Error("the bomb stop is still there")
	}
}

// A whole recorded game of the series scenario with the observer's log in
// English and Italian (testdata/series-test-1.json); refresh with -update.
func TestSeriesGolden(t *testing.T) {
	enginetest.GoldenNamed(t, seriesGame{}, engine.Setup{Scenario: "series-test", Seed: 1}, "series-test-1", "en", "it")
}

func FuzzSeriesActions(f *testing.F) {
	enginetest.FuzzActions(f, seriesGame{}, "drift ne", "breach L17/K17", "crater N17", "observer landsturm-coy-1",
		"in russian-coy-1", "bomb-stop russian-coy-1 M17", "remove-stop russian-coy-1 M17", "shovel-scrape russian-coy-1",
		"move landsturm-coy-1 central-mule-1", "call oma-central-2 L17/L18/M18 gas")
}

// 8.323: cavalry entering a trench hex checks cohesion ("bog"): a
// movement check, which disperses and spends but never destroys.
func TestBog(t *testing.T) {
	s := seriesState(t)
	i := s.unitIdx(t, "russian-coy-2")
	u := &s.pos.Units[i]
	u.Counter = int16(slices.IndexFunc(s.d.Counters, func(c Counter) bool { return c.ID == "cossack-sqn" }))
	id := s.unitID(i)
	var to hexgrid.Hex
	for _, n := range u.Hex.Neighbours() {
		if s.pos.Marks(n)&TrenchMark != 0 && s.pos.Enter(s.d, i, n, false, nil).Allowed && s.d.Map.Sides.At(u.Hex, n)&StreamSide == 0 {
			to = n
		}
	}
	if to == (hexgrid.Hex{}) {
		t.Fatal("no trench hex to ride into")
	}
	s.Step, s.Decider, s.Phasing = stCommand, Russian, Russian
	s.Rng = enginetest.Dice(t, "6", "6")
	play(t, s, "activate "+id, "move "+id, "step "+id+" "+Layout.Format(to))
	var log string
	logHas(t, s, &log, "cohesion check 6+6")
	if !strings.Contains(log, "(8.323)") || u.Where != OnMap || !u.Dispersed || !u.Spent {
		t.Errorf("after the bog check: %+v\n%s", *u, log)
	}
}

// 6.85 in play: reaction fire makes the transported mover fail its
// check, and its side loses the mule for the scenario.
func TestTransportLostToReaction(t *testing.T) {
	s := seriesState(t)
	for _, id := range []string{"russian-coy-1", "russian-coy-3", "russian-mg-1", "hussar-sqn-dismounted-1"} {
		s.unit(t, id).Where = Exited
	}
	mover := "landsturm-coy-1"
	play(t, s, "activate "+mover, "move "+mover+" central-mule-1")
	var to hexgrid.Hex
	for _, x := range s.legalTexts() {
		if h, ok := strings.CutPrefix(x, "step "+mover+" "); ok && !s.pos.Wired(s.unit(t, mover).Hex, Layout.MustParse(h)) {
			to = Layout.MustParse(h)
			break
		}
	}
	reactor := s.unit(t, "russian-coy-2")
	for _, n := range to.Neighbours() {
		if s.d.Map.InPlay(n) && n != s.unit(t, mover).Hex && len(s.unitsIn(n)) == 0 {
			reactor.Hex = n
			break
		}
	}
	reactor.Dispersed, reactor.Spent = false, false
	s.pos.Control.Update(s.pos.Units)
	play(t, s, "step "+mover+" "+Layout.Format(to))
	at(t, s, stReact, Russian, "the reaction")
	s.Rng = enginetest.Dice(t, "6", "6")
	play(t, s, "react russian-coy-2")
	if s.ser.Lost&1 == 0 {
		t.Errorf("the mule is not lost: %s", logText(s))
	}
}

// 6.62 option 4 (and 9.0's example of play, turn 3): a unit that enters a
// trench hex holding the enemy may go IN the trench and initiate a melee
// there for its one movement point, with no reaction window between.
func TestGoInAndMelee(t *testing.T) {
	s := seriesState(t)
	mover := "landsturm-coy-3"
	u := s.unit(t, mover)
	for _, id := range []string{"russian-coy-2", "russian-coy-3", "russian-mg-1"} {
		s.unit(t, id).Where = Exited
	}
	tr := Layout.MustParse("L17")
	var from hexgrid.Hex
	for _, a := range tr.Neighbours() {
		if s.d.Map.InPlay(a) && s.pos.Marks(a)&TrenchMark == 0 && s.d.Map.Sides.At(a, tr)&StreamSide == 0 && !s.pos.Wired(a, tr) && len(s.unitsIn(a)) == 0 {
			from = a
		}
	}
	u.Hex = from
	s.pos.Control.Update(s.pos.Units)
	play(t, s, "activate "+mover, "move "+mover, "step "+mover+" L17")
	want := "in " + mover + " melee"
	for i := 0; i < 5 && !slices.Contains(s.legalTexts(), "in "+mover); i++ {
		play(t, s, s.legalTexts()[len(s.legalTexts())-1]) // the reactor holds
	}
	u.MP = 1
	if !slices.Contains(s.legalTexts(), want) {
		t.Fatalf("no %q among %v", want, s.legalTexts())
	}
	if a, err := s.DecodeAction(want); err != nil || s.EncodeAction(a) != want || !strings.Contains(s.Describe(a, "it"), "mischia") {
		t.Errorf("%q: %v, %q", want, err, s.Describe(a, "en"))
	}
	s.TakeLog()
	play(t, s, want)
	// One point in all: IN, then the melee at once (its cohesion checks
	// may destroy the unit, so the log tells it).
	lt := logText(s)
	in, melee := strings.Index(lt, "goes IN the trench of L17 to melee there (6.62)"), strings.Index(lt, "starts a melee in L17 (6.671)")
	if u.MP != 0 || in < 0 || melee < in || strings.Contains(lt[max(in, 0):max(melee, 0)], "react") {
		t.Errorf("after %q: MP %d, log:\n%s", want, u.MP, lt)
	}
}

// Ruling L75 (10.21, 8.321, 8.322, 8.323): a unit walking on into a
// trench hex on the edge comes along the connected trench of the hex's
// mirror image - infantry arrives IN the trench, and mounted cavalry
// checks for bogging as on any entry into a trench hex (a 6+6 fails it).
func TestWalkOnIntoTrench(t *testing.T) {
	for _, tt := range []struct {
		id, counter string
		in, bog     bool
	}{
		{"landsturm-coy-3", "", true, false},
		{"hussar-sqn-dismounted-1", "hussar-sqn", false, true},
	} {
		s := seriesState(t)
		for _, id := range []string{"russian-coy-1", "russian-coy-2", "russian-coy-3", "russian-mg-1"} {
			s.unit(t, id).Where = Exited // nobody reacts
		}
		i := s.unitIdx(t, tt.id)
		u := &s.pos.Units[i]
		if tt.counter != "" {
			u.Counter = int16(slices.IndexFunc(s.d.Counters, func(c Counter) bool { return c.ID == tt.counter }))
		}
		// An edge hex in the open, off woods and roads (no lost check),
		// with the scenario's trench printed there.
		var edge hexgrid.Hex
		for _, h := range s.d.Map.Hexes {
			if tr := s.d.Map.Terrain(h); s.d.Map.EdgeHex(h) && s.d.Map.InPlay(h) && tr != Woods && tr != DotWoods && !s.d.Map.OnRoad(h) && len(s.unitsIn(h)) == 0 {
				edge = h
				break
			}
		}
		if edge == (hexgrid.Hex{}) {
			t.Fatal("no open edge hex")
		}
		sc := *s.sc
		sc.Forces = slices.Clone(sc.Forces)
		sc.Series.Trenches = append(slices.Clone(sc.Series.Trenches), edge)
		s.sc = &sc
		s.pos.Mark(edge, TrenchMark, true)
		f := &sc.Forces[u.Force]
		f.Enter, f.Turn, f.Area = true, 1, []hexgrid.Hex{edge}
		u.Where, u.In = Waiting, false
		s.pos.Control.Update(s.pos.Units)
		id := s.unitID(i)
		s.Rng = enginetest.Dice(t, "6", "6")
		play(t, s, "activate "+id, "move "+id, "step "+id+" "+Layout.Format(edge))
		var log string
		logHas(t, s, &log, "enters the map in "+Layout.Format(edge))
		if u.Where != OnMap || u.Hex != edge || u.In != tt.in {
			t.Errorf("%s: on %v at %s, IN %v, want IN %v\n%s", id, u.Where, Layout.Format(u.Hex), u.In, tt.in, log)
		}
		if got := strings.Contains(log, "(8.323)"); got != tt.bog || tt.bog && (!u.Dispersed || !u.Spent) {
			t.Errorf("%s: bog check %v, want %v; dispersed %v, spent %v\n%s", id, got, tt.bog, u.Dispersed, u.Spent, log)
		}
		if tt.in && !strings.Contains(log, "IN the trench of "+Layout.Format(edge)) {
			t.Errorf("%s: no IN in the log\n%s", id, log)
		}
	}
}
