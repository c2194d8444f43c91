package primogenita

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"sandtable/internal/engine"
)

// Board draws side's view as text for the terminal (cli.Boarder), in
// lang: the turn, phase and VP (2.1, 2.2); the towns with their VP and who
// holds them (1.6); every occupied hex with its terrain and stack (1.4,
// 1.5, 5.2), the supply sources (5.1) and Trenches; the units off the map;
// both Order sheets with the Order Track and the Combination Orders Boxes
// (3.1–3.4), side's own secret choice and, of the other side's, only
// whether it has chosen (3.2); the Assault or bombardment under way (6,
// 7). It reads only the View, so it shows what the View shows.
func (s *State) Board(side engine.Side, lang string) string {
	v := s.viewIn(side, lang)
	var b strings.Builder
	w := func(key string, args ...string) string { return texts.Text(lang, key, args...) }
	n := strconv.Itoa
	sideWord := func(sd string) string { return w("client." + sd) }

	dates, deduct := "", 0
	for _, r := range v.Map.GameTurn {
		if r.Number == v.Turn {
			dates = r.Dates
		}
		if r.Number > v.Turn {
			deduct += r.Deduction
		}
	}
	fmt.Fprintln(&b, w("board.status", n(v.Turn), n(v.Turns), dates, w("board.step."+boardStep(v)), n(v.VP), n(WinVP), n(deduct)))
	switch {
	case v.Winner != "":
		fmt.Fprintln(&b, w("board.winner", sideWord(v.Winner)))
	case v.Decider != "":
		fmt.Fprintln(&b, w("board.decider", sideWord(v.Decider)))
	}
	fmt.Fprintln(&b, w("board.notice"))

	hexes := map[string]*HexView{}
	for i := range v.Map.Hexes {
		hexes[v.Map.Hexes[i].ID] = &v.Map.Hexes[i]
	}
	var towns []string
	townAt := map[string]string{}
	for i, t := range v.Map.Towns {
		townAt[t.Hex] = t.Name
		vp := t.VP
		if t.OpenCityVP > 0 && v.OpenCity == "declared" {
			vp = t.OpenCityVP
		}
		towns = append(towns, fmt.Sprintf("%s %s %d %s", t.Name, t.Hex, vp, sideInitial(v.Towns[i].Controller)))
	}
	fmt.Fprintln(&b, w("board.towns", strings.Join(towns, ", ")))
	if v.OpenCity != "" {
		fmt.Fprintln(&b, w("board.opencity."+v.OpenCity))
	}

	// The map: every hex with a unit, a Trench or a supply source.
	marks := map[string][]string{}
	off := map[string][]string{} // side and box: units
	for _, u := range v.Units {
		if u.Where != "map" {
			key := u.Side + " " + u.Where
			label := u.Name
			if u.Arrives != "" {
				label += " (" + u.Arrives + ")"
			}
			off[key] = append(off[key], label)
			continue
		}
		marks[u.Hex] = append(marks[u.Hex], sideInitial(u.Side)+" "+unitTag(&u, w))
	}
	for _, t := range v.Trenches {
		marks[t.Hex] = append(marks[t.Hex], w("board.trench", sideWord(t.Side)))
	}
	for _, src := range v.Sources {
		if src.Level != "" {
			marks[src.Hex] = append(marks[src.Hex], w("client."+src.Level))
		}
	}
	ids := make([]string, 0, len(marks))
	for id := range marks {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return hexLess(ids[i], ids[j]) })
	for _, id := range ids {
		label := id
		if hx := hexes[id]; hx != nil {
			if name := townAt[id]; name != "" {
				label += " " + name
			} else if hx.Place != "" {
				label += " " + hx.Place
			}
			label += " (" + w("client."+hx.Terrain) + ")"
		}
		fmt.Fprintf(&b, "  %-26s %s\n", label, strings.Join(marks[id], " · "))
	}
	for _, sd := range []string{"allied", "italian"} {
		for _, where := range []string{"box", "base", "gone"} {
			if units := off[sd+" "+where]; len(units) > 0 {
				fmt.Fprintf(&b, "%s — %s: %s\n", sideWord(sd), w("board.where."+where), strings.Join(units, ", "))
			}
		}
	}

	// The Orders (3): each side's sheet, then the track and the boxes.
	var track, box []string
	for _, sd := range []string{"allied", "italian"} {
		fmt.Fprintln(&b, w("board.sheet", sideWord(sd)))
		var chosen []string
		for _, cat := range []string{"main", "combination", "minor"} {
			var line []string
			for i := len(v.Orders) - 1; i >= 0; i-- {
				o := &v.Orders[i]
				if o.Side != sd || o.Category != cat {
					continue
				}
				label := orderTag(o)
				switch o.Where {
				case "sheet":
					if o.Flipped {
						label += " ↺"
					}
					if v.Choice != nil && !v.Choice.Committed && o.Weight > 1 {
						label += " ×" + n(o.Weight)
					}
					line = append(line, label)
				case "chosen":
					chosen = append(chosen, label)
				case "track", "executing":
					if o.Where == "executing" {
						label = "▶ " + label
					}
					track = append(track, sideInitial(sd)+" "+label)
				case "box":
					box = append(box, sideInitial(sd)+" "+label)
				}
			}
			if len(line) > 0 {
				fmt.Fprintf(&b, "  %-13s %s\n", w("client."+cat)+":", strings.Join(line, ", "))
			}
		}
		if c := v.Choice; c != nil {
			if sd == sideNames[side] {
				list := strings.Join(chosen, ", ")
				if list == "" {
					list = "—"
				}
				fmt.Fprintln(&b, "  "+w("board.choice", list, n(c.Chosen), n(c.Capacity)))
			} else if c.OtherCommitted {
				fmt.Fprintln(&b, "  "+w("board.other-chosen"))
			} else {
				fmt.Fprintln(&b, "  "+w("board.other-choosing"))
			}
		}
	}
	if len(track) > 0 {
		fmt.Fprintln(&b, w("board.track", strings.Join(track, ", ")))
	}
	if len(box) > 0 {
		fmt.Fprintln(&b, w("board.box", strings.Join(box, ", ")))
	}

	if a := v.Assault; a != nil {
		var shifts []string
		for _, sh := range a.Shifts {
			shifts = append(shifts, fmt.Sprintf("%+d %s", sh.By, w("client.reason."+sh.Reason)))
		}
		if len(shifts) == 0 {
			shifts = append(shifts, w("client.noShift"))
		}
		key := "board.assault"
		if a.Counter {
			key = "board.counter"
		}
		fmt.Fprintln(&b, w(key, a.Target, sideWord(a.Attacker), strings.Join(a.Attackers, " "), strings.Join(a.Defenders, " "),
			n(a.Att), n(a.Def), a.Column, strings.Join(shifts, "; "), a.Final, strings.Join(a.Column6, " | ")))
		if a.Die > 0 {
			fmt.Fprintln(&b, "  "+w("board.roll", n(a.Die), a.Result))
		}
	}
	if bm := v.Bombard; bm != nil {
		fmt.Fprintln(&b, w("board.bombard", bm.Target, strings.Join(bm.Firing, " "), n(bm.Total), bm.Column, strings.Join(bm.Table, " | ")))
		if bm.Die > 0 {
			fmt.Fprintln(&b, "  "+w("board.roll", n(bm.Die), bm.Result))
		}
	}
	return b.String()
}

// boardStep names where the turn stands (2.1) for the status line: a key
// of the catalog's board.step.
func boardStep(v View) string {
	switch v.Step {
	case "setup", "over", "choose":
		return v.Step
	case "source", "remove-sd":
		return "source"
	case "rail", "open-city":
		return "rail"
	case "resupply":
		return "supply"
	}
	if v.Segment == 2 {
		return "order2"
	}
	return "order1"
}

// sideInitial marks a side in the terminal's lists: A (Allied), I
// (Italian); a town no side holds has none.
func sideInitial(sd string) string {
	switch sd {
	case "allied":
		return "A"
	case "italian":
		return "I"
	}
	return ""
}

// unitTag is a counter in a few characters: its name, strength and
// Movement Value (* March-capable), then its steps left when two-step,
// Elite, Disrupted, and Low or No Supply (1.4, 5.2).
func unitTag(u *UnitView, w func(string, ...string) string) string {
	if u.Kind == "sd" {
		tag := w("board.sd")
		if u.Flipped {
			tag += " ∅"
		}
		return u.Name + " " + tag
	}
	tag := fmt.Sprintf("%s %d-%d", u.Name, u.Strength, u.Move)
	if u.March {
		tag += "*"
	}
	var notes []string
	if u.Reduced {
		notes = append(notes, w("board.reduced"))
	}
	if u.Elite {
		notes = append(notes, w("client.elite"))
	}
	if u.Disrupted {
		notes = append(notes, w("client.disrupted"))
	}
	if u.Supply != "" {
		notes = append(notes, w("client."+u.Supply))
	}
	if len(notes) > 0 {
		tag += " [" + strings.Join(notes, ", ") + "]"
	}
	return tag
}

// orderTag is an Order as its counter reads: priority and name.
func orderTag(o *OrderView) string { return strconv.Itoa(o.Priority) + " " + o.Name }

// hexLess orders hex ids as the map reads them: by row letter, then
// column number (A-2 before A-10); Entry hexes after the map.
func hexLess(a, b string) bool {
	ra, ca, oka := strings.Cut(a, "-")
	rb, cb, okb := strings.Cut(b, "-")
	if oka != okb {
		return oka
	}
	if ra != rb {
		return ra < rb
	}
	na, _ := strconv.Atoi(ca)
	nb, _ := strconv.Atoi(cb)
	if na != nb {
		return na < nb
	}
	return a < b
}
