package primogenita

import (
	"fmt"
	"io/fs"
	"sandtable/internal/kit/datafile"
	"slices"
	"strings"
)

// ---- units.json ----

type unitsFile struct {
	Notice string     `json:"notice"`
	Units  []unitJSON `json:"units"`
	Marker struct {
		AlliedTrench  int `json:"allied_trench"`
		ItalianTrench int `json:"italian_trench"`
	} `json:"markers"`
}

type unitJSON struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Side      string `json:"side"`
	Kind      string `json:"kind"`
	Artillery bool   `json:"artillery"`
	March     bool   `json:"march"`
	Elite     bool   `json:"elite"`
	Arbegnoch bool   `json:"arbegnoch"`
	Colonial  bool   `json:"colonial"`
	French    bool   `json:"french"`
	Strength  []int  `json:"strength"`
	Move      *int   `json:"move"`
	Stack     *int   `json:"stack"`
	Remnant   string `json:"remnant"`
	RemnantOf string `json:"remnant_of"`
	VPLoss    string `json:"vp_loss"`
	Setup     string `json:"setup"`
	Arrives   string `json:"arrives"`
}

func (d *Data) loadUnits(fsys fs.FS) error {
	var f unitsFile
	p := &datafile.Errors{File: "units.json"}
	if err := datafile.Read(fsys, p.File, &f, &f.Notice, noticeDoc); err != nil {
		return err
	}
	for i, u := range f.Units {
		if !datafile.IsID(u.ID) || d.UnitIndex(u.ID) >= 0 || u.Name == "" {
			p.Add("units[%d] %q: needs a unique lower-case id and a name", i, u.ID)
			continue
		}
		d.unitIDs[u.ID] = i
	}
	if p.Len() > 0 {
		return p.Err()
	}
	for i, u := range f.Units {
		d.Units = append(d.Units, d.unit(p, fmt.Sprintf("units[%d] %s", i, u.ID), u))
	}
	// Remnants point both ways, same side (1.4).
	for i := range d.Units {
		u := &d.Units[i]
		if u.Remnant >= 0 {
			r := &d.Units[u.Remnant]
			if r.RemnantOf != i || r.Side != u.Side {
				p.Add("units %s: its remnant %s must name it in remnant_of and be on its side", u.ID, r.ID)
			}
		}
		if u.RemnantOf >= 0 && d.Units[u.RemnantOf].Remnant != i {
			p.Add("units %s: %s does not name it as its remnant", u.ID, d.Units[u.RemnantOf].ID)
		}
	}
	// 2.3: the five "5-6" remnants flip with a VP loss, 7 Ind's and Orient's
	// "4-6" remnants lose a VP when eliminated.
	var flip, elim []string
	for _, u := range d.Units {
		switch u.VPLoss {
		case LossOnFlip:
			flip = append(flip, fmt.Sprintf("%d-%d", u.Strength[0], u.Move))
		case LossOnElim:
			elim = append(elim, u.Name+fmt.Sprintf(" %d-%d", u.Strength[0], u.Move))
		}
	}
	for _, s := range flip {
		if s != "5-6" {
			p.Add("vp_loss flip is for the \"5-6\" remnants of rule 2.3, not %s", s)
		}
	}
	if slices.Sort(elim); !slices.Equal(elim, []string{"7 Ind 4-6", "Orient 4-6"}) {
		p.Add("vp_loss eliminate must be exactly 7 Ind's and Orient's \"4-6\" remnants (rule 2.3), not %v", elim)
	}
	// 1.7: Massaua Artillery sets up in Massaua.
	if m := d.UnitIndex("massaua-art"); m < 0 || d.Units[m].Setup != 'M' || !d.Units[m].Artillery {
		p.Add("units: the Massaua Artillery (massaua-art) must set up with letter M (rule 1.7)")
	}
	if n := d.count(func(u *Unit) bool { return u.Kind == Air }); n < 1 || n > 2 {
		p.Add("units: %d Air units; Orders 42 and 43 speak of one or two", n)
	}
	d.AlliedTrench, d.ItalianTrench = f.Marker.AlliedTrench, f.Marker.ItalianTrench
	if d.AlliedTrench < 1 || d.AlliedTrench > maxTrench || d.ItalianTrench < 1 || d.ItalianTrench > maxTrench {
		p.Add("markers: Trench counts must be 1-%d (Orders 37, 30, 7 place them)", maxTrench)
	}
	if p.Len() == 0 {
		d.checkSetupStacking(p)
	}
	return p.Err()
}

func (d *Data) count(f func(*Unit) bool) int {
	n := 0
	for i := range d.Units {
		if f(&d.Units[i]) {
			n++
		}
	}
	return n
}

func (d *Data) unit(p *datafile.Errors, what string, j unitJSON) Unit {
	u := Unit{ID: j.ID, Name: j.Name, Artillery: j.Artillery, March: j.March, Elite: j.Elite, Arbegnoch: j.Arbegnoch,
		Colonial: j.Colonial, French: j.French, Stack: 1, Remnant: -1, RemnantOf: -1}
	var ok bool
	if u.Side, ok = side(j.Side); !ok {
		p.Add("%s: side %q is not allied or italian", what, j.Side)
	}
	k := slices.Index(kindNames[:], j.Kind)
	if k < 0 {
		p.Add("%s: kind %q is not one of %v", what, j.Kind, kindNames)
		return u
	}
	u.Kind = Kind(k)
	if j.Stack != nil {
		u.Stack = int8(*j.Stack)
		if *j.Stack != 0 && *j.Stack != 2 {
			p.Add("%s: a printed stacking value is 0 or 2 (rule 1.5); leave it out for 1", what)
		}
	}
	switch u.Kind {
	case SD, Air:
		if len(j.Strength) != 0 || j.Artillery || j.March || j.Elite || j.Arbegnoch || j.Remnant != "" || j.RemnantOf != "" || u.Side != Allied {
			p.Add("%s: SD and Air units are Allied and have no strength, steps or flags (rules 1.4, 5.5)", what)
		}
		if u.Kind == SD && (j.Move == nil || *j.Move != SDMove) {
			p.Add("%s: an SD has a Movement Value of 4 (rule 5.5)", what)
		}
		if u.Kind == Air && (j.Move != nil || j.Stack != nil) {
			p.Add("%s: an Air unit has no movement or stacking value (it stays on the Air Base)", what)
		}
		if u.Kind == SD {
			u.Move = SDMove
		}
	default:
		if len(j.Strength) < 1 || len(j.Strength) > 2 {
			p.Add("%s: strength is [front] or [front, back]", what)
			return u
		}
		for k, s := range j.Strength {
			if s < 0 || s > maxStrength || k == 0 && s == 0 {
				p.Add("%s: strength %v out of range", what, j.Strength)
			}
			u.Strength[k] = int8(s)
		}
		u.Steps = int8(len(j.Strength))
		if j.Move == nil || *j.Move < 0 || *j.Move > maxMove {
			p.Add("%s: move must be 0-%d", what, maxMove)
		} else {
			u.Move = int8(*j.Move)
		}
		if u.Artillery && u.Arbegnoch || u.Elite && u.Side != Italian || u.Arbegnoch && u.Side != Allied {
			p.Add("%s: inconsistent flags (elite units are Italian, Arbegnoch Allied and not artillery)", what)
		}
		if u.March && u.Kind != Foot {
			p.Add("%s: only Foot units are March capable (rule 1.4)", what)
		}
	}
	if j.Remnant != "" {
		if u.Remnant = d.UnitIndex(j.Remnant); u.Remnant < 0 {
			p.Add("%s: remnant %q is not a unit", what, j.Remnant)
		} else if u.Steps != 2 {
			p.Add("%s: a unit with a remnant has two steps", what)
		}
	}
	if j.RemnantOf != "" {
		if u.RemnantOf = d.UnitIndex(j.RemnantOf); u.RemnantOf < 0 {
			p.Add("%s: remnant_of %q is not a unit", what, j.RemnantOf)
		}
		if j.Setup != "" || j.Arrives != "" {
			p.Add("%s: a remnant waits on the Order sheet: no setup or arrives (rule 1.4)", what)
		}
	}
	switch j.VPLoss {
	case "":
	case "flip", "eliminate":
		if u.RemnantOf < 0 || u.Side != Allied {
			p.Add("%s: vp_loss is for Allied remnants (rule 2.3)", what)
		}
		u.VPLoss = map[string]VPLoss{"flip": LossOnFlip, "eliminate": LossOnElim}[j.VPLoss]
		if (u.VPLoss == LossOnFlip) != (u.Steps == 2) {
			p.Add("%s: a remnant losing VP when flipped has two steps, one eliminated with VP loss one step", what)
		}
	default:
		p.Add("%s: vp_loss %q is not flip or eliminate", what, j.VPLoss)
	}
	if u.RemnantOf >= 0 {
		return u
	}
	switch {
	case j.Setup != "" && j.Arrives != "":
		p.Add("%s: a unit either sets up or arrives (rule 1.7), not both", what)
	case j.Setup == "base":
		if u.Kind != Air {
			p.Add("%s: only Air units start on the Air Base", what)
		}
		u.OnBase = true
	case j.Setup != "":
		if len(j.Setup) != 1 || d.SetupHex(u.Side, j.Setup[0]) < 0 {
			p.Add("%s: setup %q is not one of its side's Setup Letters", what, j.Setup)
		} else {
			u.Setup = j.Setup[0]
		}
	case j.Arrives != "":
		m := arrivalCode.FindStringSubmatch(j.Arrives)
		if m == nil {
			p.Add("%s: arrives %q is not an Arrival Code (turn 1-10 and a Setup Letter)", what, j.Arrives)
			break
		}
		fmt.Sscan(m[1], &u.ArriveTurn)
		if m[2] == "" {
			if u.Kind != Air {
				p.Add("%s: arrives %q needs a Setup Letter", what, j.Arrives)
			}
			break
		}
		if u.Kind == Air {
			p.Add("%s: an Air unit arrives on the Air Base: no Setup Letter", what)
		}
		u.ArriveLetter = m[2][0]
		if d.SetupHex(u.Side, u.ArriveLetter) < 0 {
			p.Add("%s: arrives %q: no %s Setup Letter %s", what, j.Arrives, sideNames[u.Side], m[2])
		}
	default:
		p.Add("%s: needs setup or arrives (rule 1.7)", what)
	}
	if u.Arbegnoch && u.ArriveLetter != 'P' && u.Setup != 'P' {
		p.Add("%s: Arbegnoch set up at the Patriot-zone letter P", what)
	}
	return u
}

// checkSetupStacking checks that each Setup Letter's units fit in or
// adjacent to their Setup Hex, outside Mountain and Alpine terrain (1.5,
// 1.7; Massaua Artillery in Massaua itself).
func (d *Data) checkSetupStacking(p *datafile.Errors) {
	for _, s := range d.SetupHexes {
		need := 0
		for i := range d.Units {
			if u := &d.Units[i]; u.Side == s.Side && u.Setup == s.Letter {
				need += int(u.Stack)
			}
		}
		if need == 0 {
			continue
		}
		room := 0
		for _, h := range append([]int{s.Hex}, d.neighbours(s.Hex)...) {
			hx := &d.Hexes[h]
			if lim := d.Stacking(h); lim < 0 {
				room += need
			} else if !hx.Terrain.Rugged() && !d.enemyEntry(s.Side, h) {
				room += lim
			}
		}
		if need > room {
			p.Add("setup %s %c: stacking %d does not fit in or next to %s (room %d, rule 1.7)",
				sideNames[s.Side], s.Letter, need, d.Hexes[s.Hex].ID, room)
		}
	}
}

func (d *Data) neighbours(h int) []int {
	var out []int
	for _, l := range d.Hexes[h].Links {
		out = append(out, l.To)
	}
	return out
}

// ---- orders.json ----

type ordersFile struct {
	Notice string `json:"notice"`
	Orders []struct {
		Priority int    `json:"priority"`
		Name     string `json:"name"`
		Side     string `json:"side"`
		Category string `json:"category"`
		Letter   string `json:"letter"`
		Enemy    bool   `json:"enemy"`
		Back     string `json:"back"`
	} `json:"orders"`
}

func (d *Data) loadOrders(fsys fs.FS) error {
	var f ordersFile
	p := &datafile.Errors{File: "orders.json"}
	if err := datafile.Read(fsys, p.File, &f, &f.Notice, noticeDoc); err != nil {
		return err
	}
	if len(f.Orders) != NumOrders {
		p.Add("%d orders, want %d (rule 3.2)", len(f.Orders), NumOrders)
	}
	var per [2][NumCategories]int
	for i, o := range f.Orders {
		what := fmt.Sprintf("orders[%d] %d %s", i, o.Priority, o.Name)
		if o.Priority < 1 || o.Priority > NumOrders || d.Orders[o.Priority].Priority != 0 {
			p.Add("%s: priorities are 1-44, each once (rule 3.2)", what)
			continue
		}
		s, ok := side(o.Side)
		c := slices.Index(categoryNames[:], o.Category)
		b := slices.Index(backNames[:], o.Back)
		if !ok || c < 0 || b < 0 || o.Name == "" {
			p.Add("%s: needs a name, a side, a category (main, combination, minor) and a back (text, cross, blank)", what)
			continue
		}
		ord := Order{Priority: o.Priority, Name: o.Name, Side: s, Category: Category(c), Back: Back(b), Enemy: o.Enemy}
		switch {
		case ord.Category == Minor && o.Letter != "":
			p.Add("%s: a Minor Order has no category letter", what)
		case ord.Category != Minor && (len(o.Letter) != 1 || !strings.Contains("ABM", o.Letter)):
			p.Add("%s: letter must be A, B or M (rules 3.1, 3.3)", what)
		case ord.Category != Minor:
			ord.Letter = o.Letter[0]
		}
		if ord.Enemy && (ord.Category != Combination || ord.Letter != 'A') {
			p.Add("%s: only an A Combination Order combines with an enemy Assault (rule 3.3)", what)
		}
		per[s][ord.Category]++
		d.Orders[o.Priority] = ord
	}
	// 3.1: 22 a side: 7 Main, 6 Combination, 9 Minor.
	for s := range per {
		if per[s] != [NumCategories]int{7, 6, 9} {
			p.Add("%s: %v Main/Combination/Minor Orders, want 7/6/9 (rule 3.1)", sideNames[s], per[s])
		}
	}
	// Section 9 fixes each Order's name, side and category; the data must
	// agree (only the backs are reconstructed).
	for pr, want := range section9 {
		o := d.Orders[pr]
		if o.Priority == 0 {
			continue
		}
		got := fmt.Sprintf("%s/%s/%s/%c", o.Name, sideNames[o.Side], o.Category, max(o.Letter, '-'))
		if got != want {
			p.Add("order %d is %s, section 9 says %s", pr, got, want)
		}
	}
	return p.Err()
}

// section9 is each Order's name, side, category and letter as section 9
// and the Order Player Aids give them (a check on orders.json).
var section9 = map[int]string{
	44: "Stand Fast/italian/combination/A", 43: "Air Bombardment/allied/minor/-", 42: "Airstrike/allied/combination/A",
	41: "Overrun/allied/combination/M", 40: "Allied Thirst/italian/minor/-", 39: "Advance/allied/combination/M",
	38: "Raid/italian/combination/M", 37: "Dig/allied/minor/-", 36: "Full Move/allied/main/M",
	35: "Arbegnoch Move/allied/minor/-", 34: "Limited Bombardment/allied/main/B", 33: "Full Bombardment/italian/main/B",
	32: "Single Reorganisation/allied/minor/-", 31: "Limited Assault/allied/main/A", 30: "Dig/italian/minor/-",
	29: "Mobile Move/italian/main/M", 28: "Full Assault/italian/main/A", 27: "Reinforcements/allied/minor/-",
	26: "Mobile Move/allied/main/M", 25: "Extra Ammo/italian/combination/B", 24: "Limited Bombardment/italian/main/B",
	23: "Extra Ammo/allied/combination/B", 22: "Full Bombardment/allied/main/B", 21: "Single Reorganisation/italian/minor/-",
	20: "Tactical Move/italian/main/M", 19: "Limited Assault/italian/main/A", 18: "Retreat/italian/combination/A",
	17: "Heroic Defense/italian/combination/A", 16: "Rough Logistics/italian/minor/-", 15: "Combined Arms/allied/combination/A",
	14: "Matildas/allied/combination/A", 13: "Counterattack/italian/combination/A", 12: "Surrender Call/allied/minor/-",
	11: "Tactical Move/allied/main/M", 10: "Trucks & Mules/allied/minor/-", 9: "Full Assault/allied/main/A",
	8: "Desperate Attack/italian/minor/-", 7: "Dig/italian/minor/-", 6: "Reinforcements/italian/minor/-",
	5: "Full Move/italian/main/M", 4: "Full Reorganisation/italian/minor/-", 3: "Stragglers/italian/minor/-",
	2: "Full Reorganisation/allied/minor/-", 1: "Replacements/allied/minor/-",
}

// ---- turns.json ----

type turnsFile struct {
	Notice string `json:"notice"`
	Turns  []struct {
		Turn        int    `json:"turn"`
		Dates       string `json:"dates"`
		VPDeduction int    `json:"vp_deduction"`
	} `json:"turns"`
}

func (d *Data) loadTurns(fsys fs.FS) error {
	var f turnsFile
	p := &datafile.Errors{File: "turns.json"}
	if err := datafile.Read(fsys, p.File, &f, &f.Notice, noticeDoc); err != nil {
		return err
	}
	if len(f.Turns) != NumTurns {
		p.Add("%d turns, want %d (rule 2.1)", len(f.Turns), NumTurns)
	}
	for i, t := range f.Turns {
		if t.Turn != i+1 || t.Dates == "" {
			p.Add("turns[%d]: turns are numbered 1-10 in order, each with its dates", i)
			continue
		}
		// 2.3: deductions begin with GT6.
		if t.VPDeduction < 0 || t.VPDeduction > maxVP || t.Turn < GreatItalyGT && t.VPDeduction != 0 {
			p.Add("turns[%d]: vp_deduction %d: none before GT6, 0-%d after (rule 2.3)", i, t.VPDeduction, maxVP)
		}
		d.Turns[t.Turn] = Turn{Number: t.Turn, Dates: t.Dates, VPDeduction: t.VPDeduction}
	}
	return p.Err()
}
