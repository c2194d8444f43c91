package limanowa

import (
	"fmt"
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// A campaign game (11.0, 13.0) is a run of days; each day (11.02) is:
//
//  1. reinforcements and recoveries (11.1): the Hussars mounted or
//     dismounted for the day (13.0), then the day's arrivals placed by
//     11.12 with 13.0's edit, attacker first, four at a time;
//  2. the 12-turn attack scenario (11.2), the turns of state.go;
//  3. the optional 6-turn counter attack, the defender's choice (11.3);
//  4. isolation (11.4): units without a line of communication captured;
//  5. night (11.5): every melee fought out (11.51), the secret night-attack
//     choice and the 6-turn night scenario (11.52), recovery and flipping
//     (11.53), scrapes (11.54), one gun redeployed a side (11.55).
//
// The first day starts with set-up (11.01: the defender first) and the
// last ends after its night attack, when the campaign is judged (13.0).

// Segments of a campaign day that are scenarios (11.02).
const (
	segAttack  uint8 = iota // 11.2
	segCounter              // 11.3
	segNight                // 11.521's night scenario
)

var segNames = []string{"attack", "counter-attack", "night"}

// The campaign's decision points, numbered apart from the scenario's.
const (
	stHussars     step = 32 + iota // 13.0: all Hussars mounted or all dismounted today
	stDayArrive                    // 11.12: place the next arrival, or keep the rest off the map
	stCounter                      // 11.31: the defender starts a counter attack or declines
	stNightChoice                  // 11.521: both sides choose a night attack in secret
	stRecover                      // 11.53: recover casualties and flip units
	stImprove                      // 11.54: place scrapes
	stRedeploy                     // 11.55: redeploy one gun
)

// campCore is where a campaign day stands; Marshal encodes it after the
// position in a campaign only (a scenario's bytes are unchanged).
type campCore struct {
	Day     int8  // index into Campaign.Days
	Seg     uint8 // the scenario being played (segAttack...)
	Mounted bool  // today's Hussars (13.0)
	Chose   [2]uint8
	YesLast [2]bool // each side said yes to a night attack last night (11.521)
	OffMap  [2]bool // the side keeps its remaining arrivals off the map today (11.12a)
	Batch   int8    // arrivals the deciding side has placed in its turn of four (11.12a)
	Quota   [2][numTypes]int8
	Flipped [4]uint64 // units flipped this night (11.534)
}

// Night-attack answers in campCore.Chose (11.521).
const (
	notChosen uint8 = iota
	chosenNo
	chosenYes
)

const numTypes = 9 // UnitType values

// campaign returns the campaign with the given id, or nil.
func (d *Data) campaign(id string) *Campaign {
	for i := range d.Campaigns {
		if d.Campaigns[i].ID == id {
			return &d.Campaigns[i]
		}
	}
	return nil
}

// newCampaign starts campaign c: its days' forces make one order of
// battle; the day-one forces not entering set up (11.01: the defender
// first, 10.1), after the A-H player has mounted or dismounted his Hussars
// for the day (13.0; ruling L41). Control is the campaign's statements
// only (ruling L8).
func newCampaign(d *Data, c *Campaign, setup engine.Setup) (engine.State, error) {
	for k := range setup.Options {
		return nil, fmt.Errorf("limanowa: unknown option %q", k)
	}
	sc := &Scenario{ID: c.ID, Name: c.Name, Number: 3 + c.Number, Date: c.Days[0].Date, Turns: d.Turns.Turns,
		First: c.Defender, Victory: Victory{Kind: HillsAndVillages}, Control: c.Control}
	var day []int8
	for di := range c.Days {
		if n := groupCount(c.Days[di].OMA); n > maxOMA {
			return nil, fmt.Errorf("limanowa: %s %s has %d OMA groups, at most %d", c.ID, c.Days[di].Date, n, maxOMA)
		}
		for _, f := range c.Days[di].Forces {
			sc.Forces = append(sc.Forces, f)
			day = append(day, int8(di))
		}
	}
	s := &State{d: d, sc: sc, cp: c, day: day, pos: *d.NewPosition(sc)}
	s.pos.Control = *NewControl(d, nil, c.Control)
	s.Rng = engine.NewRand(setup.Seed)
	s.Movers = [2]int16{-1, -1}
	s.Shooter = -1
	s.Decider, s.Phasing = c.Defender, c.Defender
	s.Step = stSetup
	s.logf("11.0", engine.Observer, "campaign", c.ID, c.Days[0].Date, itoa(len(c.Days)))
	s.startDay()
	return s, nil
}

// night reports whether a night scenario is being played (5.12, 11.52).
func (s *State) night() bool { return s.cp != nil && s.camp.Seg == segNight }

// turns is the length of the scenario under way: a scenario's own, or a
// campaign's attack, counter attack or night scenario (11.2, 11.31,
// 11.521; the turn record card).
func (s *State) turns() int {
	if s.cp == nil {
		return s.sc.Turns
	}
	return [...]int{s.d.Turns.Turns, s.d.Turns.CounterAttack, s.d.Turns.Night}[s.camp.Seg]
}

func (s *State) date() string { return s.cp.Days[s.camp.Day].Date }

func (s *State) lastDay() bool { return int(s.camp.Day) == len(s.cp.Days)-1 }

// startDay begins a campaign day (11.02): the day's withdrawals, then the
// reinforcements and recoveries segment, which starts with the Hussars.
func (s *State) startDay() {
	s.logf("11.02", engine.Observer, "day", s.date())
	s.Hallowed = 0                // 6.679: hallowed ground once per day (ruling L47)
	s.Groups = [maxOMA]omaGroup{} // the day's own OMA groups (ruling L51)
	for _, w := range s.cp.Days[s.camp.Day].Withdraw {
		s.withdraw(w)
	}
	if s.hasHussars() {
		s.Step, s.Decider = stHussars, Central
		return
	}
	s.afterHussars()
}

// afterHussars goes on with set-up on the first day, else the arrivals.
func (s *State) afterHussars() {
	if s.Turn == 0 && s.Halves == 0 && s.camp.Day == 0 {
		s.Step, s.Decider, s.Phasing = stSetup, s.sc.First, s.sc.First
		s.nextSetup()
		return
	}
	s.dayArrivals()
}

// withdraw takes w's units out of the campaign (13.0's order of battle):
// those not on the map first, then those on it, in unit order (ruling
// L46).
func (s *State) withdraw(w Withdrawal) {
	n := w.Count
	for _, onMap := range []bool{false, true} {
		for i := range s.pos.Units {
			u := &s.pos.Units[i]
			if n > 0 && u.Side == w.Side && int(u.Counter) == w.Counter && (u.Where == OnMap) == onMap &&
				u.Where != Captured && u.Where != Removed {
				u.Where = Removed
				n--
				s.logf("13.0", engine.Observer, "withdrawn", s.unitID(i))
			}
		}
	}
	s.pos.Control.Update(s.pos.Units)
}

// hasHussars reports whether the A-H player has a Hussar still in the
// campaign (13.0's choice is his only then).
func (s *State) hasHussars() bool {
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if isHussar(&s.d.Counters[u.Counter]) && u.Where != Captured && u.Where != Removed {
			return true
		}
	}
	return false
}

func isHussar(c *Counter) bool { return c.ID == "hussar-sqn" || c.Pair == "hussar-sqn" }

// setHussars exchanges every Hussar for the day's choice (13.0).
func (s *State) setHussars(mounted bool) {
	s.camp.Mounted = mounted
	n := s.d.SetHussars(s.pos.Units, mounted)
	s.logf("13.0", engine.Observer, "hussars", mountedNames[b2i(mounted)], itoa(n))
	s.afterHussars()
}

var yesNo = []string{"no", "yes"}

// --- 11.1: reinforcements and recoveries ---

// dayArrivals starts the placement of the day's arrivals (11.12a): the
// attacker first.
func (s *State) dayArrivals() {
	s.camp.OffMap = [2]bool{}
	s.camp.Batch = 0
	s.Decider, s.Phasing = s.cp.Attacker, s.cp.Attacker
	s.logf("11.1", engine.Observer, "arrivals")
	s.nextDayArrival()
}

// due reports whether units[i] is an arrival the owner may place now: a
// recovery of last night (Force -1), or a reinforcement of today or of an
// earlier day not yet arrived (10.2: "on or after"; ruling L42).
func (s *State) due(i int) bool {
	u := &s.pos.Units[i]
	if u.Where != Waiting {
		return false
	}
	return u.Force < 0 || s.day[u.Force] <= s.camp.Day && s.sc.Forces[u.Force].Enter
}

// dayArrival is the first of side's units it may place now (11.12a), or -1:
// none due, no hex may take one, or the side keeps its reinforcements off
// the map. dueArrivals lists them all.
func (s *State) dayArrival(side engine.Side) int {
	if a := s.dueArrivals(side); len(a) > 0 {
		return a[0]
	}
	return -1
}

// dueArrivals are the units side may place now (11.12a), the owner choosing
// which: last night's recoveries while any is due (they must be placed,
// while a reinforcement may instead enter across the edge; ruling L42),
// then every due reinforcement, none once the side keeps them off the map
// or when no hex may take one.
func (s *State) dueArrivals(side engine.Side) []int {
	var out []int
	for _, recovered := range []bool{true, false} {
		if !recovered && s.camp.OffMap[side] {
			break
		}
		for i := range s.pos.Units {
			if u := &s.pos.Units[i]; u.Side == side && s.due(i) && (u.Force < 0) == recovered {
				out = append(out, i)
			}
		}
		if len(out) > 0 {
			break
		}
	}
	if len(out) > 0 && len(s.placeHexes(side)) == 0 {
		return nil
	}
	return out
}

// nextDayArrival gives the placement to the side whose turn it is (11.12a:
// four units each, one at a time, alternating; a side with fewer places
// all it has), or starts the attack scenario once neither has any.
func (s *State) nextDayArrival() {
	cur := s.Decider
	if s.camp.Batch < 4 && s.dayArrival(cur) >= 0 {
		s.Step = stDayArrive
		return
	}
	s.camp.Batch = 0
	for _, side := range []engine.Side{1 - cur, cur} {
		if s.dayArrival(side) >= 0 {
			s.Step, s.Decider, s.Phasing = stDayArrive, side, side
			return
		}
	}
	s.startScenario(segAttack)
}

// hexSet is a set of hexes of the map, by axial coordinates (the map's
// columns are Q 0-45, its rows R from -23 to 26; cheaper than Layout's
// column and row in the searches below). A hex outside is never in it.
type hexSet [46][72]bool

func (hs *hexSet) at(h hexgrid.Hex) *bool {
	if h.Q < 0 || h.Q >= len(hs) || h.R+40 < 0 || h.R+40 >= len(hs[0]) {
		return nil
	}
	return &hs[h.Q][h.R+40]
}

func (hs *hexSet) has(h hexgrid.Hex) bool {
	p := hs.at(h)
	return p != nil && *p
}

func (hs *hexSet) add(h hexgrid.Hex) {
	if p := hs.at(h); p != nil {
		*p = true
	}
}

// locReach is where side's lines of communication run (11.42): the
// in-play hexes holding no enemy unit and outside the enemy's beaten zones
// (ruling L12) that such a path joins to the friendly edge. A line starts
// in any hex: a unit in h has one when h is an edge hex or h or one of
// its neighbours is in the set (Position.LOC, found for all hexes in one
// search).
func (p *Position) locReach(m *Map, side engine.Side) *hexSet {
	var blocked, reach hexSet
	for i := range p.Units {
		u := &p.Units[i]
		if u.Where != OnMap || u.Side == side {
			continue
		}
		blocked.add(u.Hex)
		if !p.enemyIn(u.Side, u.Hex) {
			for _, n := range u.Hex.Neighbours() {
				blocked.add(n)
			}
		}
	}
	var queue []hexgrid.Hex
	for _, h := range m.Edges[side] {
		if m.InPlay(h) && !blocked.has(h) && !reach.has(h) {
			reach.add(h)
			queue = append(queue, h)
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range x.Neighbours() {
			if !reach.has(n) && !blocked.has(n) && m.InPlay(n) {
				reach.add(n)
				queue = append(queue, n)
			}
		}
	}
	return &reach
}

// traces reports whether a unit of side in h has a line of communication,
// reach being locReach(side).
func (reach *hexSet) traces(m *Map, side engine.Side, h hexgrid.Hex) bool {
	if reach.has(h) || slices.Contains(m.Edges[side], h) {
		return true
	}
	for _, n := range h.Neighbours() {
		if reach.has(n) {
			return true
		}
	}
	return false
}

// placeHexes are the hexes where side may place an arrival (11.12 b-d with
// 13.0's edit; Position.CanPlace for every hex at once).
func (s *State) placeHexes(side engine.Side) []hexgrid.Hex {
	p := &s.pos
	var near, anchor hexSet // in or next to an enemy unit (11.12b); next to a non-cavalry friend (11.12d, 13.0)
	for i := range p.Units {
		u := &p.Units[i]
		if u.Where != OnMap {
			continue
		}
		if u.Side != side {
			near.add(u.Hex)
		}
		for _, n := range u.Hex.Neighbours() {
			if u.Side != side {
				near.add(n)
			} else if !s.d.Counters[u.Counter].Is(Cavalry) {
				anchor.add(n)
			}
		}
	}
	reach := p.locReach(&s.d.Map, side)
	var out []hexgrid.Hex
	for _, h := range s.d.Map.Hexes {
		if anchor.has(h) && !near.has(h) && CanEnter(p.Units, side, h) && reach.traces(&s.d.Map, side, h) {
			out = append(out, h)
		}
	}
	return out
}

// placeArrival places units[i] in h (11.12).
func (s *State) placeArrival(i int, h hexgrid.Hex, dispersed bool) {
	u := &s.pos.Units[i]
	u.Where, u.Hex, u.Dispersed, u.Force = OnMap, h, dispersed, -1
	s.logf("11.12", engine.Observer, "dayArrives", s.unitID(i), Layout.Format(h), faces[b2i(dispersed)])
	s.pos.Control.Update(s.pos.Units)
	s.camp.Batch++
	s.nextDayArrival()
}

// dayArriveFaces are the faces units[i] may arrive with: its force's (10.1),
// either for a recovery (11.531 lets its owner set it).
func (s *State) dayArriveFaces(i int) FaceUp {
	if f := s.pos.Units[i].Force; f >= 0 {
		return s.sc.Forces[f].Face
	}
	return EitherFace
}

// --- 11.2, 11.3 and 11.52: the day's scenarios ---

// startScenario begins the attack, counter attack or night scenario: the
// units stay as they lie (11.2, 11.32), turn 1 begins.
func (s *State) startScenario(seg uint8) {
	s.camp.Seg = seg
	s.Turn, s.NightZero = 0, false
	s.logf([...]string{"11.2", "11.31", "11.521"}[seg], engine.Observer, "segment", segNames[seg], itoa(s.turns()))
	if seg == segCounter {
		s.carryOver()
	}
	s.beginTurn()
}

// endScenario follows a scenario's last administration: a scenario is
// judged (13.0); a campaign goes on with the day (11.02).
func (s *State) endScenario() {
	if s.cp == nil {
		s.judge()
		return
	}
	switch s.camp.Seg {
	case segAttack: // 11.31: the defender alone decides
		s.liftCrossHairs("11.2", s.cp.Attacker)
		s.Step, s.Decider, s.Phasing = stCounter, s.cp.Defender, s.cp.Defender
	case segCounter:
		s.isolation()
	default:
		s.liftCrossHairs("11.33", Central, Russian) // ruling L52
		s.afterNight()
	}
}

// liftCrossHairs takes sides' cross hairs and hourglasses off the map
// (11.2: the attacker's after the attack scenario; 11.33: both sides'
// after the counter attack, or when the defender declines one; ruling
// L52). An FFE is already lifted in administration (7.247).
func (s *State) liftCrossHairs(rule string, sides ...engine.Side) {
	for g := range s.groups() {
		gr := &s.Groups[g]
		if gr.Cross != 0 && slices.Contains(sides, s.spec1(g).Side) {
			s.logf(rule, engine.Observer, "crossLifted", s.groupID(g), formatVertex(codeVertex(gr.Cross)))
			gr.Cross, gr.Glass, gr.Smoke = 0, 0, false
		}
	}
}

// carryOver starts the counter attack with the defender's cross hairs
// where they lie, the relay delay already elapsed carried over (11.32):
// the hourglass goes to the turn Turns.CarriedOver gives, and a group
// primed in the attack scenario is primed from turn 1. Only the
// defender's are left (liftCrossHairs).
func (s *State) carryOver() {
	for g := range s.groups() {
		gr := &s.Groups[g]
		if gr.Cross == 0 {
			continue
		}
		rd := s.d.Tables.RelayDelay(s.spec1(g).Mode, s.conditions())
		gr.Glass = int8(s.d.Turns.CarriedOver(int(gr.Glass)-rd, rd)) // Glass is the turn placed plus the delay
		s.logf("11.32", engine.Observer, "crossCarried", s.groupID(g), formatVertex(codeVertex(gr.Cross)), itoa(max(int(gr.Glass), 1)))
	}
}

// isolation is 11.41: each side rolls a die, ties rerolled; the high roll
// checks first; units without a line of communication are captured. Then
// the night begins with its melees (11.51) and the night-attack choice.
func (s *State) isolation() {
	s.liftCrossHairs("11.33", Central, Russian)
	var d [2]int
	for d[0] == d[1] {
		d = s.dice()
	}
	first := Central
	if d[Russian] > d[Central] {
		first = Russian
	}
	s.logf("11.41", engine.Observer, "isolation", itoa(d[Central]), itoa(d[Russian]), SideNames[first])
	for _, i := range s.pos.Isolate(s.d, first) {
		s.logf("11.41", engine.Observer, "captured", s.unitID(i))
	}
	s.pos.Control.Update(s.pos.Units)
	s.nightMelee()
	s.camp.Chose = [2]uint8{}
	s.Step = stNightChoice
}

// nightRounds bounds a night melee (ruling L44).
const nightRounds = 100

// nightMelee is 11.51: in every hex holding both sides' units, every unit
// takes part, round after round, until one side is gone; each unit
// attacks the enemy unit in the hex in the same place as it among its
// side's (the first if there is only one; ruling L43); doubles hallow the
// ground for the campaign's attacker if both rolled them.
func (s *State) nightMelee() {
	for _, h := range s.d.Map.Hexes {
		for round := 0; round < nightRounds; round++ {
			var sides [2][]int
			for i := range s.pos.Units {
				if u := &s.pos.Units[i]; u.Where == OnMap && u.Hex == h {
					sides[u.Side] = append(sides[u.Side], i)
				}
			}
			if len(sides[0]) == 0 || len(sides[1]) == 0 {
				break
			}
			if round == 0 {
				s.logf("11.51", engine.Observer, "nightMelee", Layout.Format(h))
			}
			var attacks []Attack
			for side, us := range sides {
				them := sides[1-side]
				for k, i := range us {
					attacks = append(attacks, Attack{Attacker: i, Target: them[min(k, len(them)-1)]})
				}
			}
			if !s.meleeCanDestroy(attacks) {
				s.logf("11.51", engine.Observer, "nightMeleeStuck", Layout.Format(h))
				break
			}
			s.meleeRound(attacks, s.cp.Attacker, hexCode(h))
			for side := range sides {
				for _, i := range sides[side] {
					s.pos.Units[i].Spent = false // ruling L43: outside any turn
				}
			}
		}
	}
	s.pos.Control.Update(s.pos.Units)
}

// meleeCanDestroy reports whether some check of the attacks could destroy
// its unit (3.73: 11 or more).
func (s *State) meleeCanDestroy(attacks []Attack) bool {
	for _, mod := range s.d.MeleeModifiers(s.pos.Units, attacks, [2]bool{}, s.hallowed) {
		if 12+mod >= s.d.Tables.Destroy {
			return true
		}
	}
	return false
}

// captureGun: in a campaign a gun destroyed in melee is captured, never
// recovered (11.531).
func (s *State) captureGun(i int, o Outcome) {
	u := &s.pos.Units[i]
	if s.cp != nil && o == Kill && s.d.Counters[u.Counter].Type.IsGun() {
		u.Where = Captured
		s.logf("11.531", engine.Observer, "captured", s.unitID(i))
	}
}

// choosing is the set of sides still to choose a night attack (11.521).
func (s *State) choosing() engine.SideSet {
	var set engine.SideSet
	for side, c := range s.camp.Chose {
		if c == notChosen {
			set |= engine.Only(engine.Side(side))
		}
	}
	return set
}

// chooseNight records side's secret answer (11.521); once both have
// answered they are revealed together, and a yes starts the night
// scenario.
func (s *State) chooseNight(side engine.Side, yes bool) {
	s.camp.Chose[side] = chosenNo + uint8(b2i(yes))
	s.logf("11.521", side, "nightChosen", yesNo[b2i(yes)]) // only the chooser reads it
	if s.choosing() != 0 {
		return
	}
	s.Epo++ // a reveal
	var said [2]bool
	for k := range said {
		said[k] = s.camp.Chose[k] == chosenYes
	}
	s.camp.YesLast = said
	s.logf("11.521", engine.Observer, "nightRevealed", yesNo[b2i(said[Central])], yesNo[b2i(said[Russian])])
	s.camp.Chose = [2]uint8{}
	if NightScenario(said) {
		s.startScenario(segNight)
		return
	}
	s.afterNight()
}

// afterNight: on the last day the campaign is judged (ruling L45);
// otherwise recovery begins (11.53), the defender first (ruling L48).
func (s *State) afterNight() {
	if s.lastDay() {
		s.judge()
		return
	}
	for side := range s.camp.Quota {
		num, den := s.cp.RecoveryShare(s.date(), engine.Side(side))
		lost := map[UnitType]int{}
		for i := range s.pos.Units {
			if u := &s.pos.Units[i]; u.Side == engine.Side(side) && u.Where == Destroyed {
				lost[s.d.Counters[u.Counter].Type]++
			}
		}
		s.camp.Quota[side] = [numTypes]int8{}
		for t, n := range Recoverable(lost, num, den) {
			s.camp.Quota[side][t] = int8(n)
		}
		s.logf("11.531", engine.Observer, "recovery", SideNames[side], itoa(num), itoa(den))
	}
	s.camp.Flipped = [4]uint64{}
	s.Step, s.Decider, s.Phasing = stRecover, s.cp.Defender, s.cp.Defender
}

// recoverable reports whether side may still take units[i] back (11.532).
func (s *State) recoverable(side engine.Side, i int) bool {
	u := &s.pos.Units[i]
	return u.Side == side && u.Where == Destroyed && s.camp.Quota[side][s.d.Counters[u.Counter].Type] > 0
}

func (s *State) flipped(i int) bool { return s.camp.Flipped[i/64]&(1<<(i%64)) != 0 }

// doneNight ends side's part of a night sub-segment: the other side's
// turn, or the next sub-segment (11.53 recovery, 11.54 improving - the
// defender first - and 11.55 redeploying - the Central Powers first).
func (s *State) doneNight() {
	first := s.cp.Defender
	if s.Step == stRedeploy {
		first = Central
	}
	if s.Decider == first {
		s.Decider, s.Phasing = 1-first, 1-first
		return
	}
	switch s.Step {
	case stRecover:
		for i := range s.pos.Units {
			if u := &s.pos.Units[i]; u.Where == Destroyed {
				u.Where = Removed // 11.533
				s.logf("11.533", engine.Observer, "removed", s.unitID(i))
			}
		}
		s.Step, s.Decider, s.Phasing = stImprove, s.cp.Defender, s.cp.Defender
	case stImprove:
		s.Step, s.Decider, s.Phasing = stRedeploy, Central, Central
	default:
		s.camp.Day++
		s.startDay()
	}
}

// scrapeHexes are the hexes where side may place a scrape tonight
// (11.543: on friendly infantry and gun units, scrapes until March 1915;
// 13.0: never on Cossacks or Hussars; ruling L11) - hexes without one.
func (s *State) scrapeHexes(side engine.Side) []hexgrid.Hex {
	var out []hexgrid.Hex
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if u.Where == OnMap && u.Side == side && s.d.Counters[u.Counter].CanDig() &&
			s.pos.Marks(u.Hex)&ScrapeMark == 0 && !slices.Contains(out, u.Hex) {
			out = append(out, u.Hex)
		}
	}
	return out
}
