package limanowa

import (
	"fmt"
	"slices"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
)

// The campaign day's operations (campaign_day.go), numbered apart from
// the scenario's: Action.Op is opCampaign plus the index in campaignOps.
const (
	opCampaign = 64
	opHussars  = opCampaign + iota // A 1 mounted, 0 dismounted (13.0)
	opArrive                       // A unit, B hex, C 0 formed / 1 dispersed (11.12)
	opOffMap                       // the side's remaining arrivals stay off the map today (11.12a)
	opCounter                      // A 1 start a counter attack, 0 decline (11.31)
	opNight                        // A 1 night attack, 0 none (11.521)
	opRecover                      // A unit: taken back from the casualty list (11.532)
	opFlip                         // A unit: its other face up (11.534)
	opScrape                       // A hex: a scrape placed there (11.543)
	opRedeploy                     // A unit, B hex (11.55)
	opDone                         // the side ends its part of this night sub-segment
)

var campaignOps = actiontext.Ops{"", "hussars", "arrive", "off-map", "counter-attack", "night-attack",
	"recover", "flip", "scrape", "redeploy", "done"}

var mountedNames = []string{"dismounted", "mounted"}

// campaignLegal lists a campaign decision's actions (Legal's other steps).
func (s *State) campaignLegal(side engine.Side, dst []engine.Action) []engine.Action {
	add := func(op uint8, a, b, c int) {
		dst = append(dst, engine.Action{Op: op, A: int16(a), B: int16(b), C: int16(c)})
	}
	switch s.Step {
	case stHussars:
		add(opHussars, 1, 0, 0)
		add(opHussars, 0, 0, 0)
	case stDayArrive:
		// 11.12a: any due unit, recoveries first (ruling L42).
		due := s.dueArrivals(side)
		hexes := s.placeHexes(side)
		for _, i := range due {
			fu := s.dayArriveFaces(i)
			for _, h := range hexes {
				if fu != DispersedFace {
					add(opArrive, i, int(hexCode(h)), 0)
				}
				if fu != FormedFace {
					add(opArrive, i, int(hexCode(h)), 1)
				}
			}
		}
		if len(due) > 0 && s.pos.Units[due[0]].Force >= 0 {
			add(opOffMap, 0, 0, 0)
		}
	case stCounter:
		add(opCounter, 1, 0, 0)
		add(opCounter, 0, 0, 0)
	case stNightChoice:
		if MayChooseNightAttack(s.camp.YesLast[side]) {
			add(opNight, 1, 0, 0)
		}
		add(opNight, 0, 0, 0)
	case stRecover:
		for i := range s.pos.Units {
			if s.recoverable(side, i) {
				add(opRecover, i, 0, 0)
			}
			if u := &s.pos.Units[i]; u.Side == side && u.Where == OnMap && !s.flipped(i) {
				add(opFlip, i, 0, 0)
			}
		}
		add(opDone, 0, 0, 0)
	case stImprove:
		for _, h := range s.scrapeHexes(side) {
			add(opScrape, int(hexCode(h)), 0, 0)
		}
		add(opDone, 0, 0, 0)
	case stRedeploy:
		for i := range s.pos.Units {
			if u := &s.pos.Units[i]; u.Side == side && u.Where == OnMap {
				for _, h := range s.pos.RedeployReach(s.d, i) {
					add(opRedeploy, i, int(hexCode(h)), 0)
				}
			}
		}
		add(opDone, 0, 0, 0)
	}
	return dst
}

// decides makes side the decider of a simultaneous choice, where each
// active side acts in turn (11.521).
func (s *State) decides(side engine.Side) {
	if s.Step == stNightChoice {
		s.Decider = side
	}
}

// campaignApply plays a campaign decision (Apply's other operations).
func (s *State) campaignApply(a engine.Action) {
	i, side := int(a.A), s.Decider
	switch a.Op {
	case opHussars:
		s.setHussars(a.A == 1)
	case opArrive:
		s.placeArrival(i, codeHex(a.B), a.C == 1)
	case opOffMap:
		s.camp.OffMap[side] = true
		s.logf("11.12", engine.Observer, "offMap", SideNames[side])
		s.nextDayArrival()
	case opCounter:
		s.logf("11.31", engine.Observer, "counterAttack", yesNo[a.A])
		if a.A == 1 {
			s.startScenario(segCounter)
		} else {
			s.isolation()
		}
	case opNight:
		s.chooseNight(side, a.A == 1)
	case opRecover:
		u := &s.pos.Units[i]
		s.camp.Quota[side][s.d.Counters[u.Counter].Type]--
		u.Where, u.Force = Waiting, -1
		s.logf("11.532", engine.Observer, "recovered", s.unitID(i))
	case opFlip:
		u := &s.pos.Units[i]
		u.Dispersed = !u.Dispersed
		s.camp.Flipped[i/64] |= 1 << (i % 64)
		s.logf("11.534", engine.Observer, "flipped", s.unitID(i), faces[b2i(u.Dispersed)])
	case opScrape:
		s.pos.Mark(codeHex(a.A), ScrapeMark, true)
		s.logf("11.543", engine.Observer, "nightScrape", Layout.Format(codeHex(a.A)))
	case opRedeploy:
		u := &s.pos.Units[i]
		from := u.Hex
		u.Hex = codeHex(a.B)
		s.logf("11.55", engine.Observer, "redeploys", s.unitID(i), Layout.Format(from), Layout.Format(u.Hex))
		s.pos.Control.Update(s.pos.Units)
		s.doneNight()
	case opDone:
		s.doneNight()
	}
}

// encodeCampaign is a campaign action's record text ("arrive honved-coy-3 C22 formed").
func (s *State) encodeCampaign(a engine.Action) string {
	w := campaignOps.Word(a.Op - opCampaign)
	unit := func(i int16) string { return actiontext.ID(i, len(s.pos.Units), "unit", s.unitID) }
	hex := func(c int16) string {
		if !s.validHex(c) {
			return fmt.Sprintf("hex%d", c)
		}
		return Layout.Format(codeHex(c))
	}
	yn := func(i int16) string { return actiontext.ID(i, 2, "answer", func(k int) string { return yesNo[k] }) }
	switch a.Op {
	case opHussars:
		return w + " " + actiontext.ID(a.A, 2, "hussars", func(k int) string { return mountedNames[k] })
	case opArrive:
		return w + " " + unit(a.A) + " " + hex(a.B) + " " + actiontext.ID(a.C, 2, "face", func(k int) string { return faces[k] })
	case opCounter, opNight:
		return w + " " + yn(a.A)
	case opRecover, opFlip:
		return w + " " + unit(a.A)
	case opScrape:
		return w + " " + hex(a.A)
	case opRedeploy:
		return w + " " + unit(a.A) + " " + hex(a.B)
	}
	return w
}

// decodeCampaign parses a campaign action's record text; ok is false when
// the text's word is not a campaign operation.
func (s *State) decodeCampaign(text string) (a engine.Action, ok bool, err error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return a, false, nil
	}
	k := slices.Index([]string(campaignOps), f[0])
	if k <= 0 {
		return a, false, nil
	}
	a.Op = uint8(opCampaign + k)
	w, args := f[0], f[1:]
	unit, hex := s.decodeUnit, s.decodeHex
	word := func(arg string, names []string) (int16, error) {
		if k := slices.Index(names, strings.ToLower(arg)); k >= 0 {
			return int16(k), nil
		}
		return 0, fmt.Errorf("limanowa: %q takes %s, not %q", w, strings.Join(names, " or "), arg)
	}
	switch a.Op {
	case opOffMap, opDone:
		return a, true, actiontext.Want("limanowa", w, args, 0, "nothing")
	case opHussars, opCounter, opNight:
		if err := actiontext.Want("limanowa", w, args, 1, "one word"); err != nil {
			return a, true, err
		}
		names := yesNo
		if a.Op == opHussars {
			names = mountedNames
		}
		a.A, err = word(args[0], names)
		return a, true, err
	case opRecover, opFlip:
		if err := actiontext.Want("limanowa", w, args, 1, "a unit"); err != nil {
			return a, true, err
		}
		a.A, err = unit(args[0])
		return a, true, err
	case opScrape:
		if err := actiontext.Want("limanowa", w, args, 1, "a hex"); err != nil {
			return a, true, err
		}
		a.A, err = hex(args[0])
		return a, true, err
	case opRedeploy:
		if err := actiontext.Want("limanowa", w, args, 2, "a unit and a hex"); err != nil {
			return a, true, err
		}
		if a.A, err = unit(args[0]); err != nil {
			return a, true, err
		}
		a.B, err = hex(args[1])
		return a, true, err
	}
	// opArrive
	if err := actiontext.Want("limanowa", w, args, 3, "a unit, a hex and formed or dispersed"); err != nil {
		return a, true, err
	}
	if a.A, err = unit(args[0]); err != nil {
		return a, true, err
	}
	if a.B, err = hex(args[1]); err != nil {
		return a, true, err
	}
	a.C, err = word(args[2], faces)
	return a, true, err
}

// campaignSteps names the campaign's decision points (the prompts'
// keys, "prompt.<name>"; a board may show them).
var campaignSteps = map[step]string{stHussars: "hussars", stDayArrive: "dayArrive", stCounter: "counterAttack",
	stNightChoice: "nightAttack", stRecover: "recover", stImprove: "improve", stRedeploy: "redeploy"}

// campaignPrompt says what a campaign decision asks of side.
func (s *State) campaignPrompt(side engine.Side, lang string) (string, bool) {
	key, ok := campaignSteps[s.Step]
	if !ok {
		return "", false
	}
	if s.Step == stDayArrive {
		return texts.Text(lang, "prompt.dayArrive", itoa(len(s.dueArrivals(side)))), true
	}
	return texts.Text(lang, "prompt."+key), true
}

// DayView is where a campaign stands, as a board shows it: the date, the
// scenario under way, the viewer's own secret night-attack answer (never
// the other's), the Hussars, and what each side may still recover.
type DayView struct {
	Campaign string   `json:"campaign"`
	Day      int      `json:"day"`
	Days     int      `json:"days"`
	Date     string   `json:"date"`
	Dates    []string `json:"dates"`   // every day's, for the day track
	Segment  string   `json:"segment"` // the scenario under way (attack, counter-attack, night), else the decision (campaignSteps)
	Mounted  bool     `json:"mounted"`
	Chose    string   `json:"chose,omitempty"` // the viewer's answer while the other chooses
	Quota    [2]int   `json:"quota"`           // units each side may still recover tonight (11.532)
}

// campaignView is nil in a scenario.
func (s *State) campaignView(side engine.Side) *DayView {
	if s.cp == nil {
		return nil
	}
	v := &DayView{Campaign: s.cp.ID, Day: int(s.camp.Day) + 1, Days: len(s.cp.Days), Date: s.date(),
		Segment: segNames[s.camp.Seg], Mounted: s.camp.Mounted}
	for _, d := range s.cp.Days {
		v.Dates = append(v.Dates, d.Date)
	}
	if name, ok := campaignSteps[s.Step]; ok {
		v.Segment = name // between the scenarios: the decision under way
	} else if s.Step == stSetup {
		v.Segment = "setup"
	}
	if s.Step == stNightChoice && (side == Central || side == Russian) && s.camp.Chose[side] != notChosen {
		v.Chose = yesNo[s.camp.Chose[side]-chosenNo]
	}
	if s.Step == stRecover {
		for side, q := range s.camp.Quota {
			for _, n := range q {
				v.Quota[side] += int(n)
			}
		}
	}
	return v
}

// determinizeNight: a side that has answered the night attack in secret
// is given a random answer open to it, unless the viewer is that side
// (11.521).
func (s *State) determinizeNight(viewer engine.Side, r *engine.Rand) {
	if s.cp == nil || s.Step != stNightChoice {
		return
	}
	for side := range s.camp.Chose {
		if engine.Side(side) == viewer || s.camp.Chose[side] == notChosen {
			continue
		}
		yes := MayChooseNightAttack(s.camp.YesLast[side]) && r.IntN(2) == 1
		s.camp.Chose[side] = chosenNo + uint8(b2i(yes))
	}
}
