package limanowa

import (
	"fmt"
	"slices"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Off-map artillery in play (6.02, 6.1, 6.2, 7.2-7.3, 7.52): the groups a
// scenario lists, each called onto a vertex by a command, primed when the
// turn reaches its hourglass, rolling for signal success at each later
// command of its owner until it fires for effect or is cancelled. The
// tables are oma.go's.

// maxOMA is the most OMA groups a scenario gives both sides together.
const maxOMA = 8

// hitMemory is how many vertices a group remembers hitting (7.242); a
// group fires at most once every other turn (relay delay 1 or more) in
// the 12 turns of the longest scenario, so never more than six.
const hitMemory = 8

// omaGroup is one group's state (the core's part of it).
type omaGroup struct {
	Cross int16 // vertex code of its cross hair (7.221), 0 none
	Glass int8  // the turn of its hourglass: primed once the turn reaches it (7.222)
	FFE   int16 // vertex code of its FFE, on the map until administration (7.247), 0 none
	Spent bool  // called, cancelled or fired by accident this turn (6.05, 6.2)
	Smoke bool  // it declared smoke at the call (7.52)
	Hit   [hitMemory]int16
}

// groupCount is the number of OMA groups an order of battle lists.
func groupCount(oma []OMA) int {
	n := 0
	for _, o := range oma {
		n += o.Count
	}
	return n
}

// oma is the off-map artillery of the game under way: a scenario's own,
// or in a campaign the day's, which serves each of the day's scenarios
// (13.0's order of battle, ruling L51).
func (s *State) oma() []OMA {
	if s.cp != nil {
		return s.cp.Days[s.camp.Day].OMA
	}
	return s.sc.OMA
}

// spec is group g's line of the order of battle, and g's number among its
// side's groups (1 first).
func (s *State) spec(g int) (*OMA, int) {
	var nth [2]int
	oma := s.oma()
	for k := range oma {
		o := &oma[k]
		for range o.Count {
			nth[o.Side]++
			if g == 0 {
				return o, nth[o.Side]
			}
			g--
		}
	}
	return nil, 0
}

func (s *State) groups() int { return groupCount(s.oma()) }

// groupID is a group's record name: "oma-russian-2".
func (s *State) groupID(g int) string {
	o, n := s.spec(g)
	return fmt.Sprintf("oma-%s-%d", SideNames[o.Side], n)
}

// parseGroupID reads a group's record name: its side and its number
// among that side's groups. It needs no order of battle, so a campaign's
// log of an earlier day still reads.
func parseGroupID(id string) (engine.Side, int, bool) {
	rest, ok := strings.CutPrefix(id, "oma-")
	k := strings.LastIndexByte(rest, '-')
	if !ok || k < 0 {
		return 0, 0, false
	}
	side, n := slices.Index(SideNames, rest[:k]), 0
	if _, err := fmt.Sscan(rest[k+1:], &n); err != nil || side < 0 || n < 1 || itoa(n) != rest[k+1:] {
		return 0, 0, false
	}
	return engine.Side(side), n, true
}

func (s *State) groupByID(id string) (int, bool) {
	for g := range s.groups() {
		if s.groupID(g) == id {
			return g, true
		}
	}
	return 0, false
}

// vertexCode is a vertex as an action argument; 0 is none.
func vertexCode(v hexgrid.Vertex) int16 {
	c, r := Layout.ColRow(v.H)
	return int16(((c+1)*32+r+1)*2 + int(v.K))
}

func codeVertex(c int16) hexgrid.Vertex {
	k, n := c%2, int(c/2)
	return hexgrid.Vertex{H: Layout.Hex(n/32-1, n%32-1), K: uint8(k)}
}

// formatVertex writes a vertex as its three hexes: "AF12/AF13/AG13"; a
// hex off the map (a stray FFE at the edge, ruling L27) is "off-map".
func formatVertex(v hexgrid.Vertex) string {
	var ids []string
	for _, h := range v.Hexes() {
		if !Layout.OnMap(h) {
			ids = append(ids, "off-map")
			continue
		}
		ids = append(ids, Layout.Format(h))
	}
	return strings.Join(ids, "/")
}

// validVertex reports whether c names a vertex of three hexes on the map,
// one of them existing in the scenario.
func (s *State) validVertex(c int16) bool {
	if c <= 0 || vertexCode(codeVertex(c)) != c {
		return false
	}
	v, any := codeVertex(c), false
	for _, h := range v.Hexes() {
		if !Layout.OnMap(h) {
			return false
		}
		any = any || s.inPlayArea(h)
	}
	return any
}

// conditions are the scenario's for the mode-of-transmission table
// (7.14, 7.21): no Limanowa scenario fires a preliminary bombardment (a
// scenario's series data may), and
// "a trench on the map" is a trench counter (the map prints none, and none
// is dug before April 1915: rulings L11, D9, L28).
func (s *State) conditions() Conditions {
	// 7.14: a scenario's bombardment is fired before turn 1; a creeping
	// barrage's paralyzing bombardments from turn 1 on (ruling L59).
	pb := s.sc.Series.Bombardment != nil || s.sc.Series.Barrage != nil
	c := Conditions{Night: s.night(), PBFired: pb} // 11.522
	for col := range s.pos.hex {
		for _, m := range s.pos.hex[col] {
			c.TrenchOnMap = c.TrenchOnMap || m&TrenchMark != 0
		}
	}
	return c
}

// callable reports whether group g may be called now by its side: arrived,
// ready, with no cross hair or FFE on the map (6.1, 7.221).
func (s *State) callable(g int) bool {
	o, _ := s.spec(g)
	gr := &s.Groups[g]
	return o.Turn <= int(s.Turn) && !gr.Spent && gr.Cross == 0 && gr.FFE == 0
}

// primed reports whether group g's cross hair and hourglass are both on
// the map (7.222).
func (s *State) primed(g int) bool {
	gr := &s.Groups[g]
	return gr.Cross != 0 && int(gr.Glass) <= int(s.Turn)
}

// anyPrimed reports whether side has a primed group (6.02).
func (s *State) anyPrimed(side engine.Side) bool {
	for g := range s.groups() {
		if o, _ := s.spec(g); o.Side == side && s.primed(g) {
			return true
		}
	}
	return false
}

// seen reports whether a friendly infantry unit of side on the map, an
// observer of every mode but aircraft (7.21), sees v (4.92); the
// observers nearest v are tried first.
func (s *State) seen(side engine.Side, v hexgrid.Vertex, trenchSet bool) bool {
	var obs []hexgrid.Hex
	for i := range s.pos.Units {
		u := &s.pos.Units[i]
		if trenchSet && i != s.observer(side) { // 7.21: only the designated observer
			continue
		}
		if u.Side == side && u.Where == OnMap && s.d.Counters[u.Counter].Type == Infantry && !slices.Contains(obs, u.Hex) {
			obs = append(obs, u.Hex)
		}
	}
	at := v.Hexes()[0]
	slices.SortStableFunc(obs, func(a, b hexgrid.Hex) int { return hexgrid.Distance(a, at) - hexgrid.Distance(b, at) })
	smoky := false
	for col := range s.pos.hex {
		for _, m := range s.pos.hex[col] {
			smoky = smoky || m&Concealing != 0
		}
	}
	// The observer's line is direct fire's (6.1, 4.8): darkness (4.82: two
	// hexes at night, also in the campaign's night scenario, ruling L51)
	// and smoke or a barrage conceal.
	o := Sightline{Night: s.night(), Concealed: func(h hexgrid.Hex) bool { return s.pos.Marks(h)&Concealing != 0 }}
	for _, h := range obs {
		// Concealment only adds to the map (4.8): a line blocked in plain
		// daylight stays blocked, so the memo rules it out first.
		if s.d.Map.SeePlainVertex(h, v) && (!smoky && !o.Night || s.d.Map.SeeVertex(h, v, o).Visible) {
			return true
		}
	}
	return false
}

// callTargets are the vertex codes side's group g may be called onto
// (6.1, ruling L23), in order: its preregistered vertex, then the corners
// of hexes holding enemy units (canCall). seen memoizes the infantry's
// sight of the vertices for the groups of one Legal call.
func (s *State) callTargets(g int, seen map[int16]bool, dst []int16) []int16 {
	o, _ := s.spec(g)
	try := func(v hexgrid.Vertex) {
		if c := vertexCode(v); !slices.Contains(dst, c) && s.canCall(g, c, seen) {
			dst = append(dst, c)
		}
	}
	if o.Preregistered != nil {
		try(*o.Preregistered)
	}
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && u.Side != o.Side {
			for d := hexgrid.Dir(0); d < 6; d++ {
				try(hexgrid.Corner(u.Hex, d))
			}
		}
	}
	return dst
}

// canCall reports whether group g may be called onto vertex c (6.1,
// ruling L23): a valid vertex, its preregistered one or a corner of a hex
// holding enemy units, with an observer - aircraft see every vertex,
// flares fire only at their preregistered vertex (7.3), the other modes
// need a friendly infantry unit that sees it (4.92), a trench set its
// designated observer (7.21; no Limanowa group uses one).
func (s *State) canCall(g int, c int16, seen map[int16]bool) bool {
	if !s.validVertex(c) {
		return false
	}
	o, _ := s.spec(g)
	v := codeVertex(c)
	pre := o.Preregistered != nil && *o.Preregistered == v
	enemy := false
	for _, h := range v.Hexes() {
		enemy = enemy || s.pos.enemyIn(o.Side, h)
	}
	mode := o.Mode
	if mode == Aircraft {
		mode = effective(mode, s.conditions()) // 11.522
	}
	switch {
	case !pre && !enemy, mode == Flare && !pre:
		return false
	case mode == Aircraft:
		return true
	}
	key := c
	if mode == TrenchSet {
		key += 1 << 13 // its own observer: memoized apart (vertex codes stay below 3,000)
	}
	ok, known := seen[key]
	if !known {
		ok = s.seen(o.Side, v, mode == TrenchSet)
		seen[key] = ok
	}
	return ok
}

// primeGroups logs the groups whose hourglass the turn marker reaches
// (7.222, 7.223).
func (s *State) primeGroups() {
	for g := range s.groups() {
		if gr := &s.Groups[g]; gr.Cross != 0 && int(gr.Glass) == int(s.Turn) {
			s.logf("7.222", engine.Observer, "primed", s.groupID(g), formatVertex(codeVertex(gr.Cross)))
		}
	}
}

// call places group g's cross hair on vertex c and its hourglass the
// relay delay ahead (6.1, 7.221); the group is spent (6.05) and the
// command is over.
func (s *State) call(g int, c int16, shell int16) {
	o, _ := s.spec(g)
	gr := &s.Groups[g]
	rd := s.d.Tables.RelayDelay(o.Mode, s.conditions())
	gr.Cross, gr.Glass, gr.Spent, gr.Smoke = c, int8(int(s.Turn)+rd), true, shell == 1
	if gas := uint8(1) << g; shell == 2 {
		s.ser.Gas |= gas
	} else {
		s.ser.Gas &^= gas
	}
	switch shell {
	case 1:
		s.logf("7.52", engine.Observer, "callSmoke", s.groupID(g), formatVertex(codeVertex(c)), itoa(rd))
	case 2:
		s.logf("7.51", engine.Observer, "callGas", s.groupID(g), formatVertex(codeVertex(c)), itoa(rd))
	default:
		s.logf("6.1", engine.Observer, "call", s.groupID(g), formatVertex(codeVertex(c)), itoa(rd))
	}
	if rd == 0 {
		s.logf("7.222", engine.Observer, "primed", s.groupID(g), formatVertex(codeVertex(c)))
	}
	s.endHalf()
}

// issue carries out a command, first rolling signal success for each of
// the actor's primed groups (6.02; a cancel command does not, 6.2).
func (s *State) issue(op uint8, a, b, c int16) {
	if op != opCancel && s.anyPrimed(s.Phasing) {
		s.Pending = [4]int16{int16(op), a, b, c}
		s.SSNext = 0
		s.signals()
		return
	}
	s.command(op, a, b, c)
}

// command carries out a command once 6.02's rolls are done.
func (s *State) command(op uint8, a, b, c int16) {
	switch op {
	case opActivate:
		s.Group[0], s.NGroup = a, 1
		s.EntryUsed = [maxGroup]int16{}
		s.Step = stGroup
		s.logf("6.01", engine.Observer, "activate", s.unitID(int(a)))
	case opCall:
		s.call(int(a), b, c)
	case opCancel:
		s.cancel(int(a))
	}
}

// signals rolls signal success for the actor's primed groups from SSNext
// on (6.02, 7.23); a success fires for effect (7.24). A stray FFE waits
// for its spine; then the command interrupted goes on.
func (s *State) signals() {
	for int(s.SSNext) < s.groups() {
		g := int(s.SSNext)
		s.SSNext++
		if o, _ := s.spec(g); o.Side != s.Phasing || !s.primed(g) {
			continue
		}
		d := s.dice()
		ss := s.d.Tables.SignalSuccess(s.spec1(g).Mode, s.conditions())
		sig := SignalRoll(d[0]+d[1], ss, false)
		s.logf("7.23", engine.Observer, "signal", s.groupID(g), itoa(d[0]), itoa(d[1]), itoa(ss), signalWords[sig])
		if sig == Signalled && !s.fireForEffect(g) {
			return
		}
	}
	s.resume()
}

// spec1 is group g's line of the order of battle.
func (s *State) spec1(g int) *OMA { o, _ := s.spec(g); return o }

var signalWords = []string{"no-signal", "signalled", "accidental"}

// resume carries on with the command 6.02's rolls or an accidental FFE
// interrupted; a unit the fire left unable to act loses its command.
func (s *State) resume() {
	p := s.Pending
	s.Pending, s.SSNext = [4]int16{}, 0
	switch op := uint8(p[0]); {
	case op == opActivate && !s.commandable(int(p[1])):
		s.logf("6.02", engine.Observer, "noCommand", s.unitID(int(p[1])))
		s.endHalf()
	case op == opCancel:
		s.endHalf()
	default:
		s.command(op, p[1], p[2], p[3])
	}
}

// cancel tries to cancel primed group g (6.2, 7.224, 7.23): success takes
// its cross hair off and spends it; 11 or more fires it by accident; any
// other failure leaves it primed and ready. The command is then over.
func (s *State) cancel(g int) {
	gr := &s.Groups[g]
	d := s.dice()
	ss := s.d.Tables.SignalSuccess(s.spec1(g).Mode, s.conditions())
	sig := SignalRoll(d[0]+d[1], ss, true)
	s.logf("6.2", engine.Observer, "cancel", s.groupID(g), itoa(d[0]), itoa(d[1]), itoa(ss), signalWords[sig])
	switch sig {
	case Signalled:
		gr.Cross, gr.Glass, gr.Spent = 0, 0, true
	case Accidental:
		gr.Spent = true
		s.Pending, s.SSNext = [4]int16{int16(opCancel)}, int8(s.groups())
		if s.fireForEffect(g) { // else a stray's spine or a gas drift is asked first
			s.resume()
		}
		return
	}
	s.endHalf()
}

// highest reports whether side controls a hex at the map's highest level
// (7.242, 8.43) - of the hexes that exist in the scenario (13.0, scenario
// 3: "for all game purposes" those east of the road do not).
func (s *State) highest(side engine.Side) bool {
	hexes := s.d.Map.Hexes
	if s.sc.PlayArea != nil {
		hexes = s.sc.PlayArea
	}
	top := 0
	for _, h := range hexes {
		top = max(top, s.d.Map.Level(h))
	}
	for _, h := range hexes {
		if s.d.Map.Level(h) == top && s.pos.Control.Owner(h) == side {
			return true
		}
	}
	return false
}

// fireForEffect rolls group g's accuracy (7.242) and lands its FFE on the
// cross hair, or, on a stray, asks its owner for the "1-2" spine (7.243)
// and reports false - as it does when gas waits for a drift (7.513).
func (s *State) fireForEffect(g int) bool {
	o, _ := s.spec(g)
	gr := &s.Groups[g]
	v := codeVertex(gr.Cross)
	registered := o.Preregistered != nil && *o.Preregistered == v || slices.Contains(gr.Hit[:], gr.Cross)
	high := s.highest(o.Side)
	die := s.roll()
	hit := s.d.Tables.Accurate(die, high, registered)
	mod := -b2i(high) - b2i(registered)
	s.logf("7.242", engine.Observer, "accuracy", s.groupID(g), itoa(die), fmt.Sprintf("%+d", mod), itoa(die+mod), map[bool]string{true: "on-target", false: "strays"}[hit])
	if hit {
		return s.land(g, v)
	}
	if spines := s.spines(v); len(spines) < 2 { // no choice to ask for (ruling L27)
		start, adj := 0, v.Adjacent()
		if len(spines) == 1 {
			start = slices.Index(adj[:], codeVertex(spines[0]))
		}
		return s.stray(g, v, start)
	}
	s.Stray, s.StrayAt = int8(g+1), gr.Cross
	s.Step, s.Decider = stSpine, o.Side
	return false
}

// spines are the vertex codes of the spines from v its owner may name
// "1-2" (7.243): those leading to a vertex of three hexes on the map.
func (s *State) spines(v hexgrid.Vertex) []int16 {
	var out []int16
	for _, a := range v.Adjacent() {
		if c := vertexCode(a); s.validVertex(c) {
			out = append(out, c)
		}
	}
	return out
}

// strayAlong strays the waiting FFE with the spine named "1-2"; then the
// signal rolls go on.
func (s *State) strayAlong(start int) {
	g, v := int(s.Stray)-1, codeVertex(s.StrayAt)
	s.Stray, s.StrayAt = 0, 0
	if s.stray(g, v, start) {
		s.signals()
	}
}

// stray rolls the error die with the spine start named "1-2" (7.243) and
// lands group g's FFE (false: a gas drift waits).
func (s *State) stray(g int, v hexgrid.Vertex, start int) bool {
	die := s.roll()
	to := Stray(v, start, die)
	s.logf("7.243", engine.Observer, "stray", s.groupID(g), formatVertex(v.Adjacent()[start]), itoa(die), formatVertex(to))
	return s.land(g, to)
}

// land puts group g's FFE on v (7.242: the cross hair flips): smoke in
// its three hexes (7.52), gas (7.51, false: a drift waits), or an attack
// on every unit in them (7.245).
func (s *State) land(g int, v hexgrid.Vertex) bool {
	gr := &s.Groups[g]
	gr.Cross, gr.Glass, gr.FFE = 0, 0, vertexCode(v)
	copy(gr.Hit[:], gr.Hit[1:])
	gr.Hit[hitMemory-1] = gr.FFE
	s.logf("7.245", engine.Observer, "ffe", s.groupID(g), formatVertex(v))
	if gr.Smoke {
		for _, h := range Blast(v) {
			s.pos.Mark(h, SmokeMark, true)
		}
		return true
	}
	if s.ser.Gas&(1<<g) != 0 {
		return s.gasFFE(v)
	}
	var in []int
	blast := Blast(v)
	for i := range s.pos.Units {
		if u := &s.pos.Units[i]; u.Where == OnMap && slices.Contains(blast[:], u.Hex) {
			in = append(in, i)
		}
	}
	s.ffeAttack(s.groupShot(g), in, "7.245")
	return true
}

// ffeAttack makes an FFE's attack on units (7.241): the group's
// firepower (groupShot; none for gas, 7.511) and the card's deployment,
// movement and terrain modifiers; the off-map guns stand at ground level,
// so a hill is cover against a gun group but not a howitzer group (8.43,
// ruling L24). Every check is rolled, then all are carried out; it
// returns them.
func (s *State) ffeAttack(shot Shot, units []int, rule string) []Check {
	checks := make([]Check, len(units))
	for k, i := range units {
		u := &s.pos.Units[i]
		mod := s.d.Tables.FireModifier(shot, s.pos.targetOf(s.d, i, u.Moving, 0))
		if s.hallowed(u) {
			mod += Hallowed
		}
		checks[k] = Check{Dice: s.dice(), Modifier: mod, Cohesion: u.Face(s.d).Cohesion, Cause: ByFire}
	}
	for k, i := range units {
		o := s.pos.Units[i].Apply(checks[k])
		s.logCheck(rule, i, checks[k], o)
		if o != Pass {
			s.pos.Units[i].Moving = false
		}
	}
	s.pos.Control.Update(s.pos.Units)
	return checks
}

// shellFFEOn reports whether group g's fire for effect, not smoke, lies
// on hex h (one of the three hexes of its vertex, 7.241, 7.247).
func (s *State) shellFFEOn(g int, h hexgrid.Hex) bool {
	gr := &s.Groups[g]
	if gr.FFE == 0 || gr.Smoke {
		return false
	}
	blast := Blast(codeVertex(gr.FFE))
	return slices.Contains(blast[:], h)
}

// ffeOnEntry: an FFE attacks the movers entering a hex of its blast
// (7.247), before 6.9's consequences (ruling L25).
func (s *State) ffeOnEntry(h hexgrid.Hex) {
	for g := range s.groups() {
		if s.ser.Gas&(1<<g) != 0 || !s.shellFFEOn(g, h) { // gas: its markers attack (7.512)
			continue
		}
		var in []int
		for _, m := range s.movers(nil) {
			if s.pos.Units[m].Where == OnMap && s.pos.Units[m].Hex == h {
				in = append(in, m)
			}
		}
		if len(in) > 0 {
			s.logf("7.247", engine.Observer, "ffeEntry", s.groupID(g), Layout.Format(h))
			s.ffeAttack(s.groupShot(g), in, "7.247")
		}
	}
}

// checkArtillery: a group never has both a cross hair and an FFE on the
// map (7.221); a cross hair stands on a vertex a call may use; a stray
// waits only at the spine decision; a group not yet arrived is untouched;
// between a campaign day's scenarios only the defender's cross hairs wait,
// for the counter attack (11.2, 11.33).
func (s *State) checkArtillery() error {
	for g := range s.groups() {
		gr, o := &s.Groups[g], s.spec1(g)
		switch {
		case gr.Cross != 0 && gr.FFE != 0:
			return fmt.Errorf("7.221: %s has a cross hair and an FFE", s.groupID(g))
		case gr.Cross != 0 && !s.validVertex(gr.Cross):
			return fmt.Errorf("6.1: %s's cross hair on vertex %d", s.groupID(g), gr.Cross)
		case o.Turn > int(s.Turn) && *gr != (omaGroup{}):
			return fmt.Errorf("%s acts before its turn %d", s.groupID(g), o.Turn)
		case gr.Cross != 0 && s.cp != nil && s.Step >= stHussars && (s.Step != stCounter || o.Side == s.cp.Attacker):
			return fmt.Errorf("11.2, 11.33: %s's cross hair outlives its scenario", s.groupID(g))
		}
	}
	if !s.Over() && (s.Step == stSpine) != (s.Stray != 0) { // a game the FFE ended asks nothing more
		return fmt.Errorf("7.243: step %d with stray group %d", s.Step, s.Stray)
	}
	return nil
}

// GroupView is one OMA group as a board shows it: its cross hair and
// hourglass, or its FFE, on the map (7.221-7.247).
type GroupView struct {
	ID         string `json:"id"`
	Side       string `json:"side"`
	Mode       string `json:"mode"`
	Fire       int    `json:"fire"`
	Howitzer   bool   `json:"howitzer,omitempty"`
	Arrives    int    `json:"arrives,omitempty"`    // the turn it becomes available, if not the first
	Registered string `json:"registered,omitempty"` // its preregistered vertex (7.3)
	Cross      string `json:"cross,omitempty"`      // the vertex of its cross hair
	Glass      int    `json:"glass,omitempty"`      // the turn of its hourglass on the records track
	Primed     bool   `json:"primed,omitempty"`
	FFE        string `json:"ffe,omitempty"` // the vertex of its fire for effect
	Smoke      bool   `json:"smoke,omitempty"`
	Spent      bool   `json:"spent,omitempty"`
}

// Artillery lists the scenario's OMA groups for a view: all of it lies
// open on the table.
func (s *State) Artillery() []GroupView {
	var out []GroupView
	for g := range s.groups() {
		o, _ := s.spec(g)
		gr := &s.Groups[g]
		v := GroupView{ID: s.groupID(g), Side: SideNames[o.Side], Mode: o.Mode.String(), Fire: o.Fire, Howitzer: o.Howitzer,
			Arrives: o.Turn, Primed: s.primed(g), Smoke: gr.Smoke, Spent: gr.Spent}
		if o.Preregistered != nil {
			v.Registered = formatVertex(*o.Preregistered)
		}
		if gr.Cross != 0 {
			v.Cross, v.Glass = formatVertex(codeVertex(gr.Cross)), int(gr.Glass)
		}
		if gr.FFE != 0 {
			v.FFE = formatVertex(codeVertex(gr.FFE))
		}
		out = append(out, v)
	}
	return out
}
