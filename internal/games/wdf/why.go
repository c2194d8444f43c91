package wdf

// whyRadius bounds the hexes the view explains one by one (in hexes from
// the unit); farther ones share the reason under the key "+".
const whyRadius = 8

// blocked answers "why can't I?" for unit u, chosen in its side's
// movement phase (ruling W38): for each hex near it that it may not move
// to, the reason by the rules, in lang; "*" holds a reason that bars
// every hex, "+" the reason for the hexes beyond whyRadius. It applies
// the tests Reach makes (9.0, 9.1, 9.31, 11.1, 11.2) and tells the
// first that fails: the unit has moved or has no MA this phase; an
// enemy unit holds the hex; the unit's type may not enter its terrain;
// the cheapest way costs more MP than it has (how many it needs and has);
// enemy zones of control stop it on every way there; no way crosses
// terrain it may cross.
func (s *State) blocked(u int, lang string) map[string]string {
	def := &s.d.Units[u]
	us := &s.Pos.Units[u]
	if (s.Step != stMove && s.Step != stExploit) || def.Side != s.Phasing || us.Box != BoxMap {
		return nil
	}
	t := func(key string, a ...string) string { return texts.Text(lang, "why."+key, a...) }
	moving := u == s.moving()
	if s.Flags[u]&fMoved != 0 && !moving {
		return map[string]string{"*": t("moved", def.Name)}
	}
	b := s.board()
	k := s.moveKind()
	supplied := s.unitSupplied(u)
	ma := int(s.MoveLeft)
	if moving {
		_, k = s.goOn(u, k)
	} else {
		ma = b.MA(u, k, supplied)
	}
	if ma <= 0 {
		return map[string]string{"*": t("noMA", def.Name)}
	}
	start := int(us.Hex)
	open := map[int]bool{}
	for _, a := range s.unitMoves(u, nil) {
		open[int(a.B)] = true
	}
	// The least cost of every hex with no limit of MP, under the rules
	// of movement and then without zones of control.
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	m := b.unitRules(u, k)
	const far = 200 * MP
	m.search(q, start, far, !moving)
	need := make([]int, len(s.d.Hexes))
	for h := range need {
		need[h] = q.at(h)
	}
	free := m
	free.free = true
	free.search(q, start, far, !moving)
	left := mpWords(ma)
	if !supplied && !moving {
		left = t("halved", left)
	}
	out := map[string]string{"+": t("far", def.Name, left)}
	for h := range s.d.Hexes {
		if h == start || open[h] || hexDistance(s.d, start, h) > whyRadius {
			continue
		}
		id := s.hexID(h)
		fc := q.at(h) // the cost with no zones of control
		switch {
		case b.occ[h][1-def.Side] > 0:
			out[id] = t("enemy", id)
		case s.d.Tables.TEC[s.d.TECRow(h, s.Pos.fortressLost(s.d, h))].Move[def.Type] == Prohibited:
			out[id] = t("terrain", def.Name, id)
		case fc > 0 && fc <= ma:
			out[id] = t("zoc", def.Name, id)
		case need[h] > 0:
			out[id] = t("mp", id, mpWords(need[h]), def.Name, left)
		case fc > 0:
			out[id] = t("mp", id, mpWords(fc), def.Name, left)
		default:
			out[id] = t("noWay", id, def.Name)
		}
	}
	return out
}
