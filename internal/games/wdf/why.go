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
	open := make([]bool, len(s.d.Hexes))
	for _, a := range s.unitMoves(u, nil) {
		open[a.B] = true
	}
	// The hexes explained one by one, and of them those whose reason is a
	// cost: neither enemy-held nor closed to the unit's type.
	var near, costed []int
	for h := range s.d.Hexes {
		if h == start || open[h] || hexDistance(s.d, start, h) > whyRadius {
			continue
		}
		near = append(near, h)
		if b.occ[h][1-def.Side] == 0 && s.d.Tables.TEC[s.d.TECRow(h, s.Pos.fortressLost(s.d, h))].Move[def.Type] != Prohibited {
			costed = append(costed, h)
		}
	}
	// The least cost of each, with no limit of MP, without zones of
	// control (free) and then, for those it reaches that way but not with
	// its MP, under the rules of movement (need: never less, nor reaching
	// more, as those rules only add costs and bar steps). Each search
	// stops once it has settled the hexes asked (the least costs come
	// first), not the whole map.
	q := searchers.Get().(*searcher)
	defer searchers.Put(q)
	m := b.unitRules(u, k)
	free := m
	free.free = true
	fc := leastCosts(q, &free, s.d, start, costed)
	var far []int
	for i, h := range costed {
		if fc[i] > ma {
			far = append(far, h)
		}
	}
	// cost and need by hex: -2 where not asked (cost: the hex's reason
	// is not a cost), -1 where no way leads.
	cost := make([]int, 2*len(s.d.Hexes))
	cost, need := cost[:len(s.d.Hexes)], cost[len(s.d.Hexes):]
	for h := range cost {
		cost[h], need[h] = -2, -2
	}
	for i, h := range costed {
		cost[h] = fc[i]
	}
	for i, c := range leastCosts(q, &m, s.d, start, far) {
		need[far[i]] = c
	}
	left := mpWords(ma)
	if !supplied && !moving {
		left = t("halved", left)
	}
	out := make(map[string]string, len(near)+1)
	out["+"] = t("far", def.Name, left)
	for _, h := range near {
		id := s.hexID(h)
		fc, costs := cost[h], cost[h] != -2 // the cost with no zones of control
		switch {
		case !costs && b.occ[h][1-def.Side] > 0:
			out[id] = t("enemy", id)
		case !costs:
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

// whyFar is the budget of the "why not" searches, in sixths: more than
// any way across the map costs, so no way is cut short.
const whyFar = 200 * MP

// leastCosts is the least cost of each hex of want from start under the
// rules m with no limit of MP (-1 where no way leads), searching only
// until every hex of want is settled. (The rule that a unit may always
// move one hex, 9.0, adds nothing here: the budget holds any step.)
func leastCosts(q *searcher, m *moveRules, d *Data, start int, want []int) []int {
	out := make([]int, len(want))
	if len(want) == 0 {
		return out
	}
	asked := make([]bool, len(d.Hexes))
	for _, h := range want {
		asked[h] = true
	}
	left := len(want)
	search(q, start, whyFar, d, m, func(h, _ int) bool {
		if asked[h] {
			left--
		}
		return left > 0
	})
	for i, h := range want {
		out[i] = q.at(h)
	}
	return out
}
