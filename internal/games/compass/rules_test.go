package compass

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// dice returns a generator whose next rolls are the given ones, so that a
// test can fix the dice of a combat.
func dice(t *testing.T, rolls ...int) engine.Rand {
	t.Helper()
	faces := make([]string, len(rolls))
	for i, r := range rolls {
		faces[i] = strconv.Itoa(r)
	}
	return enginetest.Dice(t, faces...)
}

// --- 2, 6.5 Victory ----------------------------------------------------------

func TestVictoryPoints(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		want    [2]int8
	}{
		{"all areas Italian, no units", "", [2]int8{0, 12}},
		{"Allies hold Tobruch and Bardia", "control allied tobruch bardia", [2]int8{5, 7}},
		// 1 VP per 3 CV of Italian units on the map and in supply: 2+2+1 = 5 -> 1 VP.
		{"Italian CV in supply", "unit div-sirte el-agheila\nunit div-cirene el-agheila\nunit art-xxi-corpo el-agheila", [2]int8{0, 13}},
		// A reduced division counts its reduced CV: 1+2+2+1 = 6 -> 2 VP.
		{"reduced CV", "unit div-sirte el-agheila reduced\nunit div-cirene el-agheila\nunit div-catanzaro el-agheila\nunit art-xxi-corpo el-agheila", [2]int8{0, 14}},
		// Units that cannot trace supply do not count: Nibeiwa is cut off
		// by Allied control of everything around it.
		{"out of supply CV", "unit div-sirte nibeiwa\nunit div-cirene nibeiwa\nunit div-catanzaro nibeiwa\ncontrol allied sofafi sidi-barrani bir-enba buq-buq", [2]int8{0, 12}},
		// 3.9: the Giarabub unit is always in supply in Giarabub.
		{"Giarabub exception", "unit presidio-giarabub giarabub\nunit div-sirte el-agheila\nunit div-cirene el-agheila\ncontrol allied maddalena siwa", [2]int8{0, 12 + 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture(t, tc.fixture)
			if got := s.victoryPoints(); got != tc.want {
				t.Errorf("VP = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestGameEndsAfterTurn12WithDraw(t *testing.T) {
	// 6.5: after the Italian player turn of turn 12 the game ends; equal VP is a draw (rule 2).
	s := fixture(t, "turn 12\ncontrol allied agedabia bengasi tobruch\nunit 4-armd-bde agedabia\nbegin exploitation italian")
	// Allied: Agedabia 3 + Bengasi 3 + Tobruch 3 = 9; Italian: Bardia 2 + Giarabub 1 = 3.
	if !s.Over() || s.VP != [2]int8{9, 3} || s.Returns()[Allied] != 1 {
		t.Fatalf("over=%v VP=%v returns=%v", s.Over(), s.VP, s.Returns())
	}
	s = fixture(t, "turn 12\ncontrol allied agedabia tobruch\nbegin exploitation italian")
	if s.VP != [2]int8{6, 6} || s.Result != 3 || s.Returns()[0] != 0.5 {
		t.Fatalf("VP=%v result=%d, want a 6-6 draw", s.VP, s.Result)
	}
}

// --- 3.1 Stacking --------------------------------------------------------------

func TestStackingExcessEliminatedByOwner(t *testing.T) {
	s := fixture(t, `unit 4-armd-bde sidi-barrani
unit 7-armd-bde sidi-barrani
unit 16-bde sidi-barrani
unit 7rtr sidi-barrani
unit selby-force sidi-barrani
unit corps-arty sidi-barrani
unit 11-hussars piccadilly-circus
begin movement allied`)
	do(t, s, "move 11-hussars sidi-barrani", "done")
	if s.Step != stStack || s.Decider != Allied {
		t.Fatalf("step %d decider %d, want the Allied player eliminating excess", s.Step, s.Decider)
	}
	if len(legalTexts(s)) != 7 {
		t.Fatalf("owner may choose among all seven units, got %v", legalTexts(s))
	}
	do(t, s, "eliminate selby-force")
	if where(s, "selby-force") != "eliminated" || s.Step == stStack {
		t.Fatalf("selby-force %s, step %d", where(s, "selby-force"), s.Step)
	}
}

func TestPiccadillyCircusUnlimitedForAllies(t *testing.T) {
	s := fixture(t, `unit 4-armd-bde piccadilly-circus
unit 7-armd-bde piccadilly-circus
unit 16-bde piccadilly-circus
unit 7rtr piccadilly-circus
unit selby-force piccadilly-circus
unit corps-arty piccadilly-circus
unit 11-hussars piccadilly-circus
unit 5-ind-bde piccadilly-circus
begin movement allied`)
	do(t, s, "done")
	if s.Step == stStack {
		t.Fatal("eight Allied units in Piccadilly Circus must not be over the limit")
	}
}

// --- 3.5 Area control ---------------------------------------------------------

func TestControlChangesOnEntry(t *testing.T) {
	s := fixture(t, "unit 11-hussars piccadilly-circus\nbegin movement allied")
	bb := mustArea(t, s, "bir-enba")
	do(t, s, "move 11-hussars bir-enba")
	if s.Control[bb] != int8(Allied) {
		t.Fatal("entering an empty Italian area must give the Allies control (3.5)")
	}
	do(t, s, "move 11-hussars nibeiwa")
	if s.Control[bb] != int8(Allied) {
		t.Fatal("leaving an area does not change its control")
	}
}

// --- 3.7 Garrisons -----------------------------------------------------------

func TestGarrisonNeverMovesAndCannotRetreat(t *testing.T) {
	s := fixture(t, "unit presidio-bardia bardia\nunit div-23-marzo capuzzo\nbegin movement italian")
	for _, l := range legalTexts(s) {
		if strings.Contains(l, "presidio-bardia") {
			t.Fatalf("a garrison may not move or attack: %s", l)
		}
	}
	// Attacked and beaten, a garrison is eliminated for good (C-12, 3.7).
	s = fixture(t, `unit presidio-bardia bardia
unit 4-armd-bde sidi-azeiz
control allied sidi-azeiz
begin movement allied`)
	s.Rng = dice(t, 2, 5)                                                    // attacker hits, garrison misses
	do(t, s, "attack 4-armd-bde bardia", "done", "battle sidi-azeiz bardia") // a lone attacker is in the front line
	if where(s, "presidio-bardia") != "eliminated" || s.Units[mustUnit(t, s, "presidio-bardia")].Flags&fLost == 0 {
		t.Fatalf("garrison %s, flags %b", where(s, "presidio-bardia"), s.Units[mustUnit(t, s, "presidio-bardia")].Flags)
	}
}

// C-31: a garrison eliminated in combat is never recovered (3.7, above);
// one eliminated for stacking is, like any unit (3.12), since 3.7 bars it
// only "if eliminated in combat"; a replacement point still restores a
// reduced one (3.10).
func TestGarrisonRecoveryAndReplacement(t *testing.T) {
	s := fixture(t, `unit presidio-bardia bardia
unit div-23-marzo bardia
unit art-xxiii-corpo bardia
unit div-cirene bardia
unit div-catanzaro bardia
unit div-marmarica bardia
unit div-28-ottobre sollum
begin movement italian`)
	do(t, s, "move div-28-ottobre bardia", "done", "eliminate presidio-bardia")
	u := mustUnit(t, s, "presidio-bardia")
	if where(s, "presidio-bardia") != "eliminated" || s.Units[u].Flags&fLost != 0 {
		t.Fatalf("garrison %s, flags %b: want eliminated, recoverable", where(s, "presidio-bardia"), s.Units[u].Flags)
	}
	if !slices.Contains(s.recoverable(Italian), u) {
		t.Fatal("Unit Recovery must be able to bring back a garrison eliminated for stacking (3.12)")
	}
	// Recovered, it stands immobile in the logistic area (C-31), and the
	// invariants accept it there.
	s = fixture(t, "turn 2\nunit presidio-bardia eliminated\nhand italian unit-recovery\nbegin admin")
	for s.Step == stRefit && !hasLegal(s, "play unit-recovery presidio-bardia") {
		do(t, s, "done")
	}
	do(t, s, "play unit-recovery presidio-bardia")
	if where(s, "presidio-bardia") != "el-agheila" {
		t.Fatalf("recovered garrison in %s, want el-agheila", where(s, "presidio-bardia"))
	}
	// A fixture leaves the units it does not name removed, which the
	// invariants refuse on their own account: put them on the track.
	for u := range s.Units {
		if s.Units[u].Area == boxRemoved {
			s.Units[u].Area = boxTrack
		}
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("a garrison recovered by C-31: %v", err)
	}
	// Turn 2 gives the Italians one replacement point (track.json).
	s = fixture(t, "turn 2\nunit presidio-bardia bardia reduced\nbegin admin")
	if s.Step != stRefit || s.Decider != Italian || !hasLegal(s, "replace presidio-bardia") {
		t.Fatalf("step %d decider %d legal %v", s.Step, s.Decider, legalTexts(s))
	}
}

// --- 3.9 Supply ----------------------------------------------------------------

func TestSupplyLine(t *testing.T) {
	tests := []struct {
		name, fixture, unit string
		want                bool
	}{
		{"in the logistic area", "unit div-sirte el-agheila", "div-sirte", true},
		{"along the coast road", "unit div-sirte tobruch", "div-sirte", true},
		{"blocked by an enemy-controlled area", "unit div-sirte tobruch\ncontrol allied acroma el-adem sidi-rezegh gambut", "div-sirte", false},
		{"blocked by enemy units", "unit div-sirte tobruch\nunit 16-bde acroma\nunit 7-armd-bde el-adem\nunit 7rtr sidi-rezegh\nunit selby-force gambut", "div-sirte", false},
		// Siwa is joined to the Italian net only through Giarabub by track;
		// an adjacent area on the net is enough.
		{"adjacent area on the net", "unit div-cirene siwa", "div-cirene", true},
		// C-29: the step to the adjacent area may cross open desert (Ben
		// Gania to El Agheila), while its own tracks are cut.
		{"adjacent across desert", "unit div-sirte ben-gania\ncontrol allied agedabia msus", "div-sirte", true},
		{"Giarabub exception", "unit presidio-giarabub giarabub\ncontrol allied maddalena siwa", "presidio-giarabub", true},
		{"no exception for others", "unit div-cirene giarabub\ncontrol allied maddalena siwa", "div-cirene", false},
		{"Allies from Piccadilly Circus", "unit 7rtr buq-buq\ncontrol allied sidi-barrani", "7rtr", true},
		{"Allies with no path home", "unit 7rtr buq-buq", "7rtr", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture(t, tc.fixture)
			u := mustUnit(t, s, tc.unit)
			net := s.supplyNet(s.side(u))
			if got := s.inSupply(u, &net); got != tc.want {
				t.Errorf("in supply = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDesertLinksCarryNoSupply(t *testing.T) {
	// Ben Gania touches El Agheila and Mersa Brega only across open desert,
	// and its tracks lead to Agedabia and Msus.
	s := fixture(t, "unit div-sirte ben-gania\ncontrol allied agedabia msus el-agheila mersa-brega antelat bir-tengeder")
	u := mustUnit(t, s, "div-sirte")
	net := s.supplyNet(Italian)
	if s.inSupply(u, &net) {
		t.Fatal("with its logistic area lost, no Italian unit is in supply")
	}
}

func TestSupplyCheckMarksAndClears(t *testing.T) {
	s := fixture(t, "unit 7rtr buq-buq oos\nunit 16-bde sofafi\nbegin movement allied")
	if s.Units[mustUnit(t, s, "16-bde")].Flags&fOOS == 0 {
		t.Fatal("16 Bde at Sofafi with no Allied path must be marked out of supply (6.2.C)")
	}
	s = fixture(t, "unit 7rtr sidi-barrani oos\nbegin movement allied")
	if s.Units[mustUnit(t, s, "7rtr")].Flags&fOOS != 0 {
		t.Fatal("a unit that can trace supply again loses its marker")
	}
}

// 3.9's exception holds wherever the marker is read: the Giarabub unit,
// marked out of supply elsewhere and then moved into Giarabub, is in supply
// there until the next supply check removes the marker: no -1 CV in attack,
// no extra hit on a retreat, recoverable when eliminated, shown in supply.
func TestGiarabubExceptionHonouredEverywhere(t *testing.T) {
	// Attack from Giarabub: CV 2, not 2-1.
	s := fixture(t, "unit presidio-giarabub giarabub\nunit 11-hussars siwa\ncontrol allied siwa\nbegin movement italian")
	gia := mustUnit(t, s, "presidio-giarabub")
	s.Units[gia].Flags |= fOOS // marked at Maddalena, then moved in
	do(t, s, "attack presidio-giarabub siwa", "done", "battle giarabub siwa")
	if log := logText(s); !strings.Contains(log, "6.2.E.5: Giarabub: CV 2 = 2,") {
		t.Fatalf("Giarabub attacking from Giarabub must roll against CV 2, no out-of-supply -1; log:\n%s", log)
	}
	s = fixture(t, "unit presidio-giarabub giarabub\nbegin movement italian")
	s.Units[gia].Flags |= fOOS
	if s.outOfSupply(gia) {
		t.Fatal("outOfSupply: the Giarabub unit in Giarabub is in supply (3.9)")
	}
	if v := s.View(Italian, "en").(*View); !slices.ContainsFunc(v.Units, func(u UnitView) bool { return u.ID == "presidio-giarabub" && !u.OutOfSupply }) {
		t.Fatal("the view shows Giarabub out of supply in Giarabub")
	}

	// Beaten in Giarabub: the retreat brings no extra hit to the Giarabub
	// unit (C-13 would otherwise eliminate it before it retreats).
	s = fixture(t, `unit presidio-giarabub giarabub
unit div-cirene giarabub
unit 7-armd-bde siwa
control allied siwa
begin movement allied`)
	gia = mustUnit(t, s, "presidio-giarabub")
	s.Units[gia].Flags |= fOOS
	s.Rng = dice(t, 1, 6) // the attacker hits, the defender misses
	do(t, s, "attack 7-armd-bde giarabub", "done", "battle siwa giarabub", "hit div-cirene")
	if strings.Contains(logText(s), "extra hit") || where(s, "presidio-giarabub") == "eliminated" {
		t.Fatalf("Giarabub took the out-of-supply hit in Giarabub; log:\n%s", logText(s))
	}

	// Eliminated in Giarabub: it may be recovered (3.12 bars only units
	// eliminated out of supply).
	s = fixture(t, "unit presidio-giarabub giarabub")
	gia = mustUnit(t, s, "presidio-giarabub")
	s.Units[gia].Flags |= fOOS
	s.eliminate(gia, "6.2.E.6")
	if s.Units[gia].Flags&fLost != 0 {
		t.Fatal("Giarabub eliminated in Giarabub is marked unrecoverable")
	}
}

func TestOutOfSupplyAttacksAtMinusOne(t *testing.T) {
	// 3.9: -1 CV in attack for the front-line unit and for its support (C-24), none in defence.
	s := fixture(t, `unit 4-armd-bde nibeiwa oos
unit 7rtr nibeiwa oos
unit div-cirene sofafi oos
control allied nibeiwa
begin movement allied`)
	s.Units[mustUnit(t, s, "4-armd-bde")].Flags |= fOOS
	do(t, s, "attack 4-armd-bde sofafi", "attack 7rtr sofafi", "done", "battle nibeiwa sofafi", "front 4-armd-bde", "done", "support 7rtr 4-armd-bde")
	cv, _ := s.modifiedCV(0, 0)
	if cv != 4+2-2 {
		t.Fatalf("attacker target %d, want 4", cv)
	}
	dcv, _ := s.modifiedCV(1, 0)
	if dcv != 2 {
		t.Fatalf("defender out of supply defends normally: target %d, want 2", dcv)
	}
}

// --- 3.10 Replacements and 3.12 Unit Recovery ---------------------------------

func TestReplacementsAndRecovery(t *testing.T) {
	// Turn 4 gives the Allies one replacement point (track.json).
	s := fixture(t, `turn 4
unit 7rtr sidi-barrani reduced
unit selby-force sidi-barrani
unit 16-bde sofafi reduced
unit 4-armd-bde eliminated
unit 7-armd-bde eliminated lost
control allied sidi-barrani
hand allied unit-recovery
bag italian leader
begin admin`)
	if s.Step != stRefit || s.Decider != Allied || s.Repl[Allied] != 1 {
		t.Fatalf("step %d decider %d repl %d", s.Step, s.Decider, s.Repl[Allied])
	}
	// 16 Bde at Sofafi is cut off: only the in-supply reduced unit may be
	// restored; one-step units never (3.10).
	if !hasLegal(s, "replace 7rtr") || hasLegal(s, "replace 16-bde") || hasLegal(s, "replace selby-force") {
		t.Fatalf("legal %v", legalTexts(s))
	}
	// A unit eliminated out of supply cannot be recovered (3.12).
	if !hasLegal(s, "play unit-recovery 4-armd-bde") || hasLegal(s, "play unit-recovery 7-armd-bde") {
		t.Fatalf("legal %v", legalTexts(s))
	}
	do(t, s, "replace 7rtr", "play unit-recovery 4-armd-bde")
	if s.Units[mustUnit(t, s, "7rtr")].Hits != 0 || where(s, "4-armd-bde") != "piccadilly-circus" {
		t.Fatal("replacement or recovery not applied")
	}
	if s.Hand[Allied][UnitRecovery] != 0 || s.Bag[Allied][UnitRecovery] != 1 {
		t.Fatal("Unit Recovery returns to the container after use (7)")
	}
}

// C-32: Unit Recovery is offered only when the recovered unit can enter
// the logistic area (6.1.B note).
func TestUnitRecoveryNeedsRoomInTheLogisticArea(t *testing.T) {
	const full = `unit div-sirte el-agheila
unit div-cirene el-agheila
unit div-catanzaro el-agheila
unit div-marmarica el-agheila
unit div-28-ottobre el-agheila
`
	tests := []struct {
		name, fixture string
		offered       bool
	}{
		{"room for one", full, true},
		{"six units already", full + "unit div-23-marzo el-agheila\n", false},
		{"enemy in the logistic area", "unit 11-hussars el-agheila\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture(t, "turn 3\nunit 1-div-libica eliminated\nhand italian unit-recovery\n"+tc.fixture+"begin admin")
			if s.Step != stRefit || s.Decider != Italian {
				t.Fatalf("step %d decider %d: the Italian player holds a marker and is asked (C-9)", s.Step, s.Decider)
			}
			if got := hasLegal(s, "play unit-recovery 1-div-libica"); got != tc.offered {
				t.Fatalf("Unit Recovery offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
		})
	}
}

// --- 3.11 Reinforcements ------------------------------------------------------

func TestReinforcementsEntryAndPostponement(t *testing.T) {
	// Turn 2: 16 Aus Bde and 6 Aus Cav arrive; 5 and 11 Ind Bde and CIH leave.
	s := fixture(t, `turn 2
unit 5-ind-bde nibeiwa
unit 11-ind-bde eliminated
unit 16-aus-bde track
unit 6-aus-cav track
begin admin`)
	if where(s, "5-ind-bde") != "removed" || where(s, "11-ind-bde") != "removed" {
		t.Fatal("units withdrawn on their turn leave the map and the eliminated box (3.11)")
	}
	if where(s, "16-aus-bde") != "piccadilly-circus" || where(s, "6-aus-cav") != "piccadilly-circus" {
		t.Fatalf("reinforcements in %s, %s: Tobruch is Italian, so only Piccadilly Circus is open",
			where(s, "16-aus-bde"), where(s, "6-aus-cav"))
	}
	// With Tobruch Allied both areas are open and the owner chooses.
	s = fixture(t, "turn 2\ncontrol allied tobruch\nunit 16-aus-bde track\nunit 6-aus-cav track\nbegin admin")
	if s.Step != stPlace || !hasLegal(s, "place 16-aus-bde tobruch") {
		t.Fatalf("step %d legal %v", s.Step, legalTexts(s))
	}
	// With the Italian logistic area occupied by the enemy nothing enters
	// (6.1.B note), not even at Bengasi; entry waits for the next turn.
	s = fixture(t, "turn 2\nunit div-sabratha track\nunit 11-hussars el-agheila\nbegin admin")
	if where(s, "div-sabratha") != "track" {
		t.Fatalf("Sabratha entered at %s", where(s, "div-sabratha"))
	}
	if !strings.Contains(logText(s), "postponed") && where(s, "div-sabratha") != "track" {
		t.Fatal("postponement is logged")
	}
}

// --- 6.1.A Events ---------------------------------------------------------------

func TestTurnOneAlliedChoosesThree(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Step != stPick || s.Decider != Allied || s.Picks != 3 {
		t.Fatalf("step %d decider %d picks %d", s.Step, s.Decider, s.Picks)
	}
	if s.handCount(Italian) != 1 {
		t.Fatalf("the Italian player draws one marker on turn 1, has %d", s.handCount(Italian))
	}
	do(t, s, "pick leader", "pick leader", "pick naval-support")
	if s.Hand[Allied][Leader] != 2 || s.Hand[Allied][NavalSupport] != 1 || s.Step == stPick {
		t.Fatalf("hand %v step %d", s.Hand[Allied], s.Step)
	}
	// The Allied mix holds two Leaders: a third cannot be chosen.
	s2 := st.(*State)
	_ = s2
}

// --- 6.2.D Movement ---------------------------------------------------------------

func TestMovementCosts(t *testing.T) {
	// 7 RTR has MC 2: four road steps (½ MP each), or two across desert or track.
	s := fixture(t, "unit 7rtr piccadilly-circus\ncontrol allied sidi-barrani buq-buq sollum\nbegin movement allied")
	do(t, s, "move 7rtr sidi-barrani", "move 7rtr buq-buq", "move 7rtr sollum", "move 7rtr capuzzo")
	if s.Units[mustUnit(t, s, "7rtr")].MP != 0 {
		t.Fatalf("MP left %d, want 0", s.Units[mustUnit(t, s, "7rtr")].MP)
	}
	s = fixture(t, "unit 7rtr piccadilly-circus\nbegin movement allied")
	do(t, s, "move 7rtr bir-enba", "move 7rtr nibeiwa")
	refused(t, s, "move 7rtr sofafi")
	// C-4: ½ MP left allows a road step but not a track.
	s = fixture(t, "unit 7rtr piccadilly-circus\nbegin movement allied")
	do(t, s, "move 7rtr sidi-barrani", "move 7rtr nibeiwa")
	refused(t, s, "move 7rtr sofafi")
}

func TestNoEntryIntoEnemyAreaAndAttackDeclaration(t *testing.T) {
	s := fixture(t, "unit 7rtr piccadilly-circus\nunit div-cirene sidi-barrani\nbegin movement allied")
	refused(t, s, "move 7rtr sidi-barrani")
	do(t, s, "attack 7rtr sidi-barrani")
	u := mustUnit(t, s, "7rtr")
	if s.Units[u].Target != int8(mustArea(t, s, "sidi-barrani")) || s.Units[u].MP != 0 {
		t.Fatal("the Attack marker points at the target and movement ends (C-3)")
	}
	refused(t, s, "move 7rtr bir-enba")
	// Declaring costs 1 MP: a unit with ½ MP left cannot.
	s = fixture(t, "unit 7rtr piccadilly-circus\nunit div-cirene nibeiwa\nbegin movement allied")
	do(t, s, "move 7rtr sidi-barrani", "move 7rtr buq-buq", "move 7rtr sidi-barrani")
	refused(t, s, "attack 7rtr nibeiwa")
}

func TestMotorConvoy(t *testing.T) {
	s := fixture(t, "unit 7rtr piccadilly-circus\nhand allied motor-convoy\nbegin movement allied")
	do(t, s, "move 7rtr bir-enba", "move 7rtr nibeiwa")
	refused(t, s, "move 7rtr sofafi")
	do(t, s, "play motor-convoy 7rtr", "move 7rtr sofafi", "move 7rtr sidi-omar")
	if s.Bag[Allied][MotorConvoy] != 1 {
		t.Fatal("Motor Convoy returns to the container (7)")
	}
}

// --- 6.2.E Combat -----------------------------------------------------------------

// battleAt sets up an Allied attack from Bir Enba on Nibeiwa.
const battleAt = `unit 4-armd-bde bir-enba
unit 7-armd-bde bir-enba
unit 16-bde bir-enba
unit 7rtr bir-enba
unit corps-arty bir-enba
unit 11-hussars bir-enba
control allied bir-enba sidi-barrani
`

func TestAttackerSelection(t *testing.T) {
	s := fixture(t, battleAt+"unit 2-div-libica nibeiwa\nbegin movement allied")
	for _, u := range []string{"4-armd-bde", "7-armd-bde", "16-bde", "7rtr", "corps-arty"} {
		do(t, s, "attack "+u+" nibeiwa")
	}
	do(t, s, "done", "battle bir-enba nibeiwa")
	refused(t, s, "front 11-hussars") // no Attack marker (C-8)
	do(t, s, "front 4-armd-bde", "front 7-armd-bde", "front 16-bde")
	if s.Step != stAtkSupport {
		t.Fatal("after three front-line units the supports follow (6.2.E.1)")
	}
	refused(t, s, "support 16-bde 4-armd-bde") // no asterisk
	do(t, s, "support 7rtr 4-armd-bde")
	refused(t, s, "support corps-arty 4-armd-bde") // one support per front-line unit
	do(t, s, "support corps-arty 7-armd-bde")      // no asterisked unit left: the selection ends
	if s.Bat.NF[1] != 1 || s.Step == stDefFront {
		t.Fatal("a lone defender is placed in the front line without asking (C-7)")
	}
}

func TestDefenderMustUseUnits(t *testing.T) {
	// Five Italian units, one of them asterisked: the maximum is three
	// front-line units and one support, so the artillery must support.
	s := fixture(t, `unit 7rtr bir-enba
control allied bir-enba
unit 2-div-libica nibeiwa
unit raggr-maletti nibeiwa
unit div-cirene nibeiwa
unit div-catanzaro nibeiwa
unit art-xxi-corpo nibeiwa
begin movement allied`)
	do(t, s, "attack 7rtr nibeiwa", "done", "battle bir-enba nibeiwa")
	if s.Step != stDefFront || s.Decider != Italian {
		t.Fatalf("step %d decider %d: the defender chooses (6.2.E.2)", s.Step, s.Decider)
	}
	if hasLegal(s, "front art-xxi-corpo") {
		t.Fatal("the only asterisked unit must stay free to support, or four units could not fight")
	}
	do(t, s, "front 2-div-libica", "front raggr-maletti")
	refused(t, s, "done")
	do(t, s, "front div-cirene")
	refused(t, s, "done")
	do(t, s, "support art-xxi-corpo raggr-maletti")
	if log := logText(s); !strings.Contains(log, "Art. XXI Corpo supports Raggr. Maletti") {
		t.Fatalf("log:\n%s", log)
	}
}

// 6.2.E.2: with three units or fewer all of them fight (the note), but an
// asterisked unit may stand in the front line or support another: the
// defender is asked (C-7, C-27). With no asterisked unit the choice is made.
func TestDefenderWithFewUnitsChoosesSupports(t *testing.T) {
	// The attacker holds a marker, so the combat stops at his events.
	const attack = "unit 7rtr bir-enba\ncontrol allied bir-enba\nhand allied air-support\nbegin movement allied\n"
	tests := []struct {
		name      string
		defenders string
		actions   []string // the defender's choices
		asked     bool
		front     []string
		support   string // the support of the first front-line unit
	}{
		{"no asterisk: all in the front line", "unit 2-div-libica nibeiwa\nunit raggr-maletti nibeiwa\n",
			nil, false, []string{"2-div-libica", "raggr-maletti"}, ""},
		{"asterisked unit in support", "unit 2-div-libica nibeiwa\nunit art-xxi-corpo nibeiwa\n",
			[]string{"front 2-div-libica", "done"}, true, []string{"2-div-libica"}, "art-xxi-corpo"},
		{"asterisked unit in the front line", "unit 2-div-libica nibeiwa\nunit art-xxi-corpo nibeiwa\n",
			[]string{"front art-xxi-corpo"}, true, []string{"art-xxi-corpo", "2-div-libica"}, ""},
		{"three units, the asterisked one in support", "unit 2-div-libica nibeiwa\nunit raggr-maletti nibeiwa\nunit art-xxi-corpo nibeiwa\n",
			[]string{"front 2-div-libica", "front raggr-maletti", "done", "support art-xxi-corpo raggr-maletti"}, true, []string{"2-div-libica", "raggr-maletti"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture(t, tc.defenders+attack)
			do(t, s, "attack 7rtr nibeiwa", "done", "battle bir-enba nibeiwa")
			if asked := s.Step == stDefFront && s.Decider == Italian; asked != tc.asked {
				t.Fatalf("defender asked = %v, want %v (legal %v)", asked, tc.asked, legalTexts(s))
			}
			if tc.asked {
				refused(t, s, "done") // the note: every unit must fight
			}
			do(t, s, tc.actions...)
			if s.Step != stAtkEvents {
				t.Fatalf("selection not over: step %d legal %v", s.Step, legalTexts(s))
			}
			var front []string
			for k := range int(s.Bat.NF[1]) {
				front = append(front, s.def(int(s.Bat.Front[1][k])).ID)
			}
			if strings.Join(front, " ") != strings.Join(tc.front, " ") {
				t.Fatalf("front line %v, want %v", front, tc.front)
			}
			support := ""
			if sp := s.Bat.Supp[1][0]; sp >= 0 {
				support = s.def(int(sp)).ID
			}
			if support != tc.support {
				t.Fatalf("support of %s: %q, want %q", front[0], support, tc.support)
			}
		})
	}
}

func TestBestDefence(t *testing.T) {
	tests := []struct{ nf, ns, free, stars, want int }{
		{0, 0, 1, 0, 1}, {0, 0, 3, 3, 3}, {0, 0, 4, 0, 3}, {0, 0, 4, 1, 4},
		{0, 0, 6, 3, 6}, {0, 0, 6, 6, 6}, {0, 0, 8, 2, 5}, {3, 0, 2, 1, 4}, {3, 1, 0, 0, 4},
	}
	for _, tc := range tests {
		if got := bestDefence(tc.nf, tc.ns, tc.free, tc.stars); got != tc.want {
			t.Errorf("bestDefence(%d,%d,%d,%d) = %d, want %d", tc.nf, tc.ns, tc.free, tc.stars, got, tc.want)
		}
	}
}

func TestHitRule(t *testing.T) {
	// 6.2.E.5: hit on a roll at or under the modified CV; 1 always hits, 6 always misses.
	tests := []struct {
		die, cv int
		hit     bool
	}{{1, 0, true}, {1, 1, true}, {2, 1, false}, {3, 3, true}, {4, 3, false}, {5, 7, true}, {6, 7, false}, {6, 6, false}}
	for _, tc := range tests {
		if got := hitBy(tc.die, tc.cv); got != tc.hit {
			t.Errorf("die %d vs CV %d: hit=%v, want %v", tc.die, tc.cv, got, tc.hit)
		}
	}
}

func TestCombatEventsDiceHitsRetreatAdvance(t *testing.T) {
	s := fixture(t, battleAt+`unit 2-div-libica nibeiwa
unit raggr-maletti nibeiwa
control italian sofafi
hand allied air-support surprise
hand italian leader
begin movement allied`)
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7rtr nibeiwa", "done", "battle bir-enba nibeiwa",
		"front 4-armd-bde", "done", "support 7rtr 4-armd-bde")
	// Defender: two units, both front line (automatic).
	if s.Step != stAtkEvents {
		t.Fatalf("step %d, want the attacker's events", s.Step)
	}
	refused(t, s, "play naval-support 4-armd-bde") // not held
	do(t, s, "play air-support 4-armd-bde")
	refused(t, s, "play surprise 4-armd-bde") // one event per front-line unit
	do(t, s, "play surprise raggr-maletti", "done")
	// Defender holds a marker, so it is asked (C-9) even though Leader is not a 6.2.E.3 event.
	if s.Step != stDefEvents || len(legalTexts(s)) != 1 {
		t.Fatalf("step %d legal %v", s.Step, legalTexts(s))
	}
	// 4 Armd Bde: 4 +2 (7RTR) +1 air = 7; Libica 2; Maletti 2 -1 = 1.
	s.Rng = dice(t, 6, 3, 2, 1)
	do(t, s, "done")
	if s.Step != stDefLeader {
		t.Fatalf("step %d: attacker holds no marker, defender may use Leader", s.Step)
	}
	// Rolls: 4 Armd 6 (a 6 always misses), Libica 3 (miss), Maletti 2 (miss vs 1).
	do(t, s, "play leader raggr-maletti") // re-roll: 1 always hits
	if s.Bat.Hits != [2]int8{0, 1} {
		t.Fatalf("hits %v, want attacker 0 defender 1", s.Bat.Hits)
	}
	// The attacker distributes one hit among 4 Armd Bde and 7 RTR.
	if s.Step != stAtkHits || len(legalTexts(s)) != 2 {
		t.Fatalf("step %d legal %v", s.Step, legalTexts(s))
	}
	do(t, s, "hit 7rtr")
	if s.Units[mustUnit(t, s, "7rtr")].Hits != 1 || where(s, "2-div-libica") != "nibeiwa" {
		t.Fatal("7 RTR reduced; the defender holds (6.2.E.7, C-28)")
	}
	if log := logText(s); !strings.Contains(log, "Compass 6.2.E.7: the Italian defender holds") {
		t.Fatalf("log:\n%s", log)
	}
	if s.Hand[Italian][Leader] != 0 || s.Bag[Italian][Leader] != 0 {
		t.Fatal("Leader leaves the game after use (7)")
	}
}

// 6.2.E.3 exception: Surprise may be assigned to an enemy front-line unit in
// addition to the event its owner gives it; one enemy Surprise per unit
// (C-10); a Surprise on one's own unit is that unit's one event.
func TestSurpriseException(t *testing.T) {
	s := fixture(t, battleAt+`unit raggr-maletti nibeiwa
hand allied surprise surprise
hand italian air-support surprise surprise
begin movement allied`)
	do(t, s, "attack 4-armd-bde nibeiwa", "done", "battle bir-enba nibeiwa")
	do(t, s, "play surprise raggr-maletti")
	refused(t, s, "play surprise raggr-maletti") // one enemy Surprise per unit
	do(t, s, "done")
	// The defender's unit, already surprised, still takes its own event.
	do(t, s, "play air-support raggr-maletti", "play surprise 4-armd-bde")
	refused(t, s, "play surprise raggr-maletti") // its one event is played
	if cv, _ := s.modifiedCV(1, 0); cv != 2+1-1 {
		t.Fatalf("Maletti: 2 +1 air -1 enemy surprise = %d, want 2", cv)
	}
	if cv, _ := s.modifiedCV(0, 0); cv != 4-1 {
		t.Fatalf("4 Armd Bde: 4 -1 enemy surprise = %d, want 3", cv)
	}
	if s.Hand[Italian][Surprise] != 1 || s.Bag[Italian][Surprise] != 0 {
		t.Fatal("a played Surprise leaves the game (7)")
	}
}

// 6.2.E.4: a front-line unit whose modified CV is 0 rolls no die (11th
// Hussars, CV 1, out of supply in attack).
func TestModifiedCVZeroRollsNothing(t *testing.T) {
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa\nbegin movement allied")
	for _, u := range []string{"11-hussars", "4-armd-bde"} {
		s.Units[mustUnit(t, s, u)].Flags |= fOOS
	}
	s.Rng = dice(t, 6, 1) // 4 Armd Bde misses, Maletti hits
	do(t, s, "attack 11-hussars nibeiwa", "attack 4-armd-bde nibeiwa", "done", "battle bir-enba nibeiwa",
		"front 11-hussars", "front 4-armd-bde") // no support left: the selection ends
	if s.Bat.Die[0] != [3]int8{0, 6, 0} || s.Bat.Hits != [2]int8{0, 1} {
		t.Fatalf("dice %v hits %v", s.Bat.Die, s.Bat.Hits)
	}
	if log := logText(s); !strings.Contains(log, "Compass 6.2.E.4: 11th Hussars has modified CV 0 and does not roll") {
		t.Fatalf("log:\n%s", log)
	}
}

// 6.2.E.6: every unit that fought takes a hit before any takes a second;
// the owner chooses only where a choice is left (C-27).
func TestHitsOneEachBeforeTwo(t *testing.T) {
	s := fixture(t, battleAt+"unit 2-div-libica nibeiwa\nunit raggr-maletti nibeiwa\nbegin movement allied")
	s.Rng = dice(t, 1, 1, 1, 6, 6) // three hits on the defenders, none on the attackers
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7-armd-bde nibeiwa", "attack 16-bde nibeiwa", "done",
		"battle bir-enba nibeiwa", "front 4-armd-bde", "front 7-armd-bde", "front 16-bde")
	if s.Step != stDefHits || s.Decider != Italian {
		t.Fatalf("step %d decider %d legal %v", s.Step, s.Decider, legalTexts(s))
	}
	for _, u := range []string{"2-div-libica", "raggr-maletti"} {
		if s.Units[mustUnit(t, s, u)].Hits != 1 {
			t.Fatalf("%s not reduced by the first two hits", u)
		}
	}
	if got := strings.Join(legalTexts(s), ","); got != "hit 2-div-libica,hit raggr-maletti" {
		t.Fatalf("third hit: legal %s", got)
	}
	do(t, s, "hit raggr-maletti")
	if where(s, "raggr-maletti") != "eliminated" || where(s, "2-div-libica") == "eliminated" {
		t.Fatalf("Maletti %s, Libica %s", where(s, "raggr-maletti"), where(s, "2-div-libica"))
	}
}

// C-15: an area whose defenders are all gone has no combat yet to be
// resolved, even with Attack markers still on it: they "cannot carry out
// the combat" (6.2.E, last paragraph). A beaten unit may retreat there, and
// the markers then have a combat to fight again.
func TestRetreatIntoEmptiedTarget(t *testing.T) {
	s := fixture(t, battleAt+`unit raggr-maletti nibeiwa
unit div-cirene sofafi
control allied buq-buq
begin movement allied`)
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7rtr sofafi", "done")
	s.Units[mustUnit(t, s, "div-cirene")].Area = boxEliminated // Sofafi emptied by an earlier combat, not entered
	s.Rng = dice(t, 1, 6)                                      // the attacker hits, the defender misses
	do(t, s, "battle bir-enba nibeiwa")
	if got := where(s, "raggr-maletti"); got != "sofafi" {
		t.Fatalf("Maletti %s, want retreated to the emptied Sofafi; log:\n%s", got, logText(s))
	}
	do(t, s, "done") // no advance
	if !hasLegal(s, "battle bir-enba sofafi") {
		t.Fatalf("7 RTR's marker must have its combat again: legal %v", legalTexts(s))
	}
}

func TestRetreatAndAdvance(t *testing.T) {
	s := fixture(t, battleAt+`unit 2-div-libica nibeiwa oos
unit raggr-maletti nibeiwa
unit div-cirene sofafi
unit div-catanzaro sofafi
unit div-marmarica sofafi
unit div-28-ottobre sofafi
unit div-23-marzo sofafi
control italian buq-buq
begin movement allied`)
	s.Rng = dice(t, 1, 1, 6, 6) // attackers hit twice, defenders miss
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7-armd-bde nibeiwa", "done", "battle bir-enba nibeiwa",
		"front 4-armd-bde", "front 7-armd-bde")
	for s.Step == stAtkEvents || s.Step == stDefEvents || s.Step == stAtkLeader || s.Step == stDefLeader {
		do(t, s, "done")
	}
	// Two hits on two defenders: one each (6.2.E.6) - the step decides itself.
	// Then 2a Libica, out of supply, takes its extra hit and is eliminated
	// (3.9, C-13) and cannot be recovered; Maletti retreats. Sofafi holds
	// five Italian units, so only one more may enter; Buq Buq is open too.
	if s.Step != stRetreat {
		t.Fatalf("step %d legal %v", s.Step, legalTexts(s))
	}
	lib := mustUnit(t, s, "2-div-libica")
	if where(s, "2-div-libica") != "eliminated" || s.Units[lib].Flags&fLost == 0 {
		t.Fatalf("2a Libica %s flags %b", where(s, "2-div-libica"), s.Units[lib].Flags)
	}
	do(t, s, "retreat raggr-maletti buq-buq")
	if s.Step != stAdvance {
		t.Fatalf("step %d, want advance", s.Step)
	}
	do(t, s, "advance 4-armd-bde", "done")
	nib := mustArea(t, s, "nibeiwa")
	if where(s, "4-armd-bde") != "nibeiwa" || s.Control[nib] != int8(Allied) || where(s, "7-armd-bde") != "bir-enba" {
		t.Fatal("advance with some of the units takes control (6.2.E.8)")
	}
}

func TestRetreatImpossibleMeansElimination(t *testing.T) {
	// Everything around Nibeiwa is Allied: the beaten defender cannot
	// retreat and is eliminated (6.2.E.7).
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa\ncontrol allied sofafi buq-buq\nbegin movement allied")
	s.Rng = dice(t, 2, 6)
	do(t, s, "attack 4-armd-bde nibeiwa", "done", "battle bir-enba nibeiwa")
	for s.Step == stAtkEvents || s.Step == stDefEvents || s.Step == stAtkLeader || s.Step == stDefLeader {
		do(t, s, "done")
	}
	if where(s, "raggr-maletti") != "eliminated" {
		t.Fatalf("Maletti %s", where(s, "raggr-maletti"))
	}
}

func TestEnterVacatedTarget(t *testing.T) {
	// Two attacks on Nibeiwa from Bir Enba: once the first empties it, the
	// units still marked may move in (6.2.E, last paragraph).
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa reduced\nbegin movement allied")
	s.Rng = dice(t, 2, 6)
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 16-bde nibeiwa", "done", "battle bir-enba nibeiwa", "front 4-armd-bde", "done")
	for s.Step != stAdvance && s.Step != stCombat {
		do(t, s, "done")
	}
	if s.Step == stAdvance {
		do(t, s, "done")
	}
	if !hasLegal(s, "enter 16-bde nibeiwa") {
		t.Fatalf("legal %v", legalTexts(s))
	}
	do(t, s, "enter 16-bde nibeiwa")
	if where(s, "16-bde") != "nibeiwa" {
		t.Fatal("16 Bde did not move in")
	}
}

// C-30: after a combat the defender held, other units that declared an
// attack on the same area may fight another combat against it; those that
// fought may not.
func TestAreaAttackedAgainByOtherUnits(t *testing.T) {
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa\nbegin movement allied")
	s.Rng = dice(t, 6, 6) // both miss: a tie, both stay
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 16-bde nibeiwa", "done", "battle bir-enba nibeiwa", "front 4-armd-bde", "done")
	s.TakeLog()
	if s.Step != stCombat || where(s, "raggr-maletti") != "nibeiwa" {
		t.Fatalf("step %d, Maletti %s: want the combat phase again with the defender in place", s.Step, where(s, "raggr-maletti"))
	}
	do(t, s, "battle bir-enba nibeiwa") // 16 Bde, the only one left, is the front line
	log := logText(s)
	if !strings.Contains(log, "Compass 6.2.E.1: front line: 16th Inf Bde\n") || strings.Contains(log, "4th Armd Bde") {
		t.Fatalf("second combat:\n%s", log)
	}
}

func TestNavalSupportOnlyInEasternCoastalAreas(t *testing.T) {
	for _, tc := range []struct {
		target string
		naval  bool
	}{{"sidi-barrani", true}, {"nibeiwa", false}} {
		s := fixture(t, "unit 4-armd-bde piccadilly-circus\nunit div-cirene "+tc.target+"\nhand allied naval-support\nbegin movement allied")
		from := "piccadilly-circus"
		if tc.target == "nibeiwa" {
			do(t, s, "move 4-armd-bde bir-enba")
			from = "bir-enba"
		}
		do(t, s, "attack 4-armd-bde "+tc.target, "done", "battle "+from+" "+tc.target)
		if got := hasLegal(s, "play naval-support 4-armd-bde"); got != tc.naval {
			t.Errorf("%s: naval support allowed=%v, want %v", tc.target, got, tc.naval)
		}
	}
}

func TestMatildaAfterCombatOf7RTR(t *testing.T) {
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa\nhand italian matilda\nbegin movement allied")
	s.Rng = dice(t, 6, 6)
	do(t, s, "attack 7rtr nibeiwa", "done", "battle bir-enba nibeiwa")
	for s.Step != stMatilda {
		do(t, s, "done")
	}
	do(t, s, "play matilda 7rtr")
	if s.Units[mustUnit(t, s, "7rtr")].Hits != 1 || s.Hand[Italian][Matilda]+s.Bag[Italian][Matilda] != 0 {
		t.Fatal("Matilda costs 7 RTR a strength level")
	}
}

// --- 6.2.F Exploitation ---------------------------------------------------------

func TestSustainedAttack(t *testing.T) {
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa\nunit 16-aus-bde piccadilly-circus\nhand allied sustained-attack\nbegin exploitation allied")
	do(t, s, "play sustained-attack")
	refused(t, s, "activate 16-bde support") // no asterisk
	do(t, s, "activate 4-armd-bde front", "activate 7rtr support", "activate 16-aus-bde front", "done")
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7rtr nibeiwa")
	// 16 Aus Bde may move 1 MP: a road step and another.
	do(t, s, "move 16-aus-bde sidi-barrani", "move 16-aus-bde buq-buq")
	refused(t, s, "move 16-aus-bde sollum")
	do(t, s, "battle bir-enba nibeiwa", "support 7rtr 4-armd-bde")
	if s.Bag[Allied][SustainedAttack] != 1 {
		t.Fatal("Sustained Attack returns to the container (7)")
	}
}

// --- 7 Events ---------------------------------------------------------------------

func TestEventsReturnOrLeave(t *testing.T) {
	want := map[EventKind]bool{AirSupport: true, NavalSupport: false, Leader: false, Surprise: false,
		UnitRecovery: true, MotorConvoy: true, SustainedAttack: true, Matilda: false}
	for k, ret := range want {
		if returnsToContainer[k] != ret {
			t.Errorf("%s returns=%v, want %v", eventID[k], returnsToContainer[k], ret)
		}
	}
}

// Undo (issue 2): a side takes back its own moves, but not across the reveal
// of an event marker or a die roll.
func TestUndoStopsAtRevealAndDice(t *testing.T) {
	s := fixture(t, battleAt+"unit raggr-maletti nibeiwa\nhand allied motor-convoy\nbegin movement allied")
	sess := &engine.Session{Game: Game{}, State: s}
	apply := func(text string) {
		t.Helper()
		if err := sess.ApplyText(Allied, text); err != nil {
			t.Fatal(err)
		}
	}
	apply("move 16-bde sidi-barrani")
	apply("move 16-bde buq-buq")
	if err := sess.Undo(Allied); err != nil || where(sess.State.(*State), "16-bde") != "sidi-barrani" {
		t.Fatalf("undo of a move: %v, 16 Bde in %s", err, where(sess.State.(*State), "16-bde"))
	}
	apply("play motor-convoy 7rtr") // reveals a marker
	if sess.CanUndo(Allied) {
		t.Fatal("undo may not take back a revealed event marker")
	}
	apply("attack 4-armd-bde nibeiwa")
	if !sess.CanUndo(Allied) {
		t.Fatal("a declaration after the reveal may be taken back")
	}
	apply("done")
	apply("battle bir-enba nibeiwa") // the lone units fight at once: dice are rolled
	if log := strings.Join(sess.LogFor(engine.Observer, "en"), "\n"); !strings.Contains(log, "4th Armd Bde: CV 4 = 4, rolls") {
		t.Fatalf("no roll in the log:\n%s", log)
	}
	if sess.CanUndo(Allied) {
		t.Fatal("undo may not cross a die roll")
	}
}

// --- views and text ---------------------------------------------------------------

func TestViewHidesOpponentsMarkers(t *testing.T) {
	s := fixture(t, "hand allied leader\nhand italian matilda surprise\nbag italian air-support")
	v := s.view(Allied, "en")
	if len(v.Events[Italian].Hand) != 0 || v.Events[Italian].HandCount != 2 || v.Events[Italian].Container != 1 {
		t.Fatalf("Allied view of Italian markers: %+v", v.Events[Italian])
	}
	if len(v.Events[Allied].Hand) != 1 {
		t.Fatal("a side sees its own markers")
	}
	o := s.view(engine.Observer, "it")
	if len(o.Events[0].Hand)+len(o.Events[1].Hand) != 0 {
		t.Fatal("an observer sees no markers in hand")
	}
}

func TestLogCitesRulesInBothLanguages(t *testing.T) {
	s := fixture(t, "unit 7rtr piccadilly-circus\nunit div-cirene sidi-barrani\nbegin movement allied")
	do(t, s, "attack 7rtr sidi-barrani")
	es := s.TakeLog()
	if len(es) == 0 {
		t.Fatal("no log")
	}
	en, it := s.RenderLog(es[0], "en"), s.RenderLog(es[0], "it")
	if !strings.HasPrefix(en, "Compass 6.2.D: ") || !strings.Contains(en, "declares an attack") || !strings.Contains(it, "dichiara un attacco") {
		t.Fatalf("en %q it %q", en, it)
	}
	if got := s.Describe(engine.Action{Op: opPlay, A: int16(SustainedAttack), B: -1}, "it"); got != "Gioca Attacco Sostenuto" {
		t.Fatalf("Italian term: %q", got)
	}
}

// A turn's dates read in the reader's language, in the log and the view.
func TestDatesInBothLanguages(t *testing.T) {
	for _, c := range []struct{ in, en, it string }{
		{"9-13 Dec 1940", "9-13 Dec 1940", "9-13 dic 1940"},
		{"28 Jan-1 Feb 1941", "28 Jan-1 Feb 1941", "28 gen-1 feb 1941"},
		{"2-7 Feb 1941", "2-7 Feb 1941", "2-7 feb 1941"},
		{"Decisive", "Decisive", "Decisive"},
	} {
		if got := datesIn(c.in, "en"); got != c.en {
			t.Errorf("en %q: got %q", c.in, got)
		}
		if got := datesIn(c.in, "it"); got != c.it {
			t.Errorf("it %q: got %q", c.in, got)
		}
	}
	s := fixture(t, "")
	e := engine.LogEntry{Rule: "6.1", Key: "turn", Args: []string{"1", "9-13 Dec 1940"}}
	if got := s.RenderLog(e, "it"); got != "Compass 6.1: Turno 1 (9-13 dic 1940): fase amministrativa" {
		t.Errorf("Italian turn line %q", got)
	}
}

// A finished game's view says the outcome in words, in its language.
func TestViewResultInBothLanguages(t *testing.T) {
	s := fixture(t, "")
	s.Result = 1
	for lang, want := range map[string]string{"en": "Allied victory", "it": "vittoria alleata"} {
		if got := s.view(Allied, lang).Result; got != want {
			t.Errorf("%s: result %q, want %q", lang, got, want)
		}
	}
}

// The terminal board reads in the chosen language, with the rulebook's
// Italian terms, and shows control, supply, Attack markers and VP.
func TestBoardInBothLanguages(t *testing.T) {
	s := fixture(t, "unit 7rtr piccadilly-circus reduced\nunit div-cirene sidi-barrani\ncontrol allied bir-enba\nbegin movement allied")
	do(t, s, "attack 7rtr sidi-barrani")
	s.Units[mustUnit(t, s, "7rtr")].Flags |= fOOS
	for lang, want := range map[string][]string{
		"en": {"phase: movement", "VP now: Allied 0, Italian 12", "A 7RTR 1*-2 (red.) OOS →sidi-barrani", "Piccadilly Circus  [A] logistic", "Bir Enba           [A]\n"},
		"it": {"fase: movimento", "PV ora: Alleato 0, Italiano 12", "A 7RTR 1*-2 (rid.) FR →sidi-barrani", "Piccadilly Circus  [A] logistica", "Bir Enba           [A]\n"},
	} {
		b := s.Board(Allied, lang)
		for _, w := range want {
			if !strings.Contains(b, w) {
				t.Errorf("%s board lacks %q:\n%s", lang, w, b)
			}
		}
	}
}

func TestDecodeActionErrors(t *testing.T) {
	s := fixture(t, "")
	for _, bad := range []string{"", "fly 7rtr", "move 7rtr", "move nobody bardia", "move 7rtr atlantis", "play teleport", "activate 7rtr sideways", "done now"} {
		if _, err := s.DecodeAction(bad); err == nil {
			t.Errorf("%q decoded without error", bad)
		}
	}
}

// FuzzDecodeAction: no input makes the decoder panic, and what it accepts
// encodes back to text that decodes to the same action.
func FuzzDecodeAction(f *testing.F) {
	enginetest.FuzzActions(f, Game{}, "done", "move 7rtr bir-enba", "play sustained-attack", "activate 7rtr support", "battle bir-enba nibeiwa", "support 7rtr 4-armd-bde")
}

// F1 (6.2.F): a unit that moved into an emptied target in the combat phase
// (6.2.E, last paragraph) may still attack or move when Sustained Attack
// activates it; the move it made belongs to the combat phase.
func TestSustainedAttackAfterEnteringVacatedTarget(t *testing.T) {
	s := fixture(t, `unit 4-armd-bde sidi-barrani
unit 7-armd-bde bir-enba
unit raggr-maletti nibeiwa reduced
unit div-cirene sofafi
control allied bir-enba sidi-barrani
hand allied sustained-attack
begin movement allied`)
	s.Rng = dice(t, 1, 6) // 7 Armd Bde hits, Maletti misses
	do(t, s, "attack 4-armd-bde nibeiwa", "attack 7-armd-bde nibeiwa", "done", "battle bir-enba nibeiwa")
	for s.Step != stAdvance && s.Step != stCombat {
		do(t, s, "done")
	}
	if where(s, "raggr-maletti") != "eliminated" {
		t.Fatalf("Maletti %s", where(s, "raggr-maletti"))
	}
	if s.Step == stAdvance {
		do(t, s, "done") // 7 Armd Bde does not advance
	}
	do(t, s, "enter 4-armd-bde nibeiwa")
	if s.Step != stExploit {
		t.Fatalf("step %d legal %v", s.Step, legalTexts(s))
	}
	do(t, s, "play sustained-attack", "activate 4-armd-bde front", "done")
	for _, a := range []string{"attack 4-armd-bde sofafi", "move 4-armd-bde bir-enba"} {
		if !hasLegal(s, a) {
			t.Fatalf("%q not offered; step %d legal %v", a, s.Step, legalTexts(s))
		}
	}
}
