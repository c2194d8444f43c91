package hexgrid

// Sight is what one hex between observer and target shows a line of sight,
// in the terms of the Red Poppies Campaigns LOS rules (4.0, 8.4: a
// "wedding cake" of flat elevation levels). The game's callback fills it
// for the line being traced; the game decides which artwork the line
// crosses (4.42) and which conditional rules apply.
type Sight struct {
	// Level is the highest elevation level in the hex that the line
	// crosses (a hex with several contour lines reports the highest, 8.44).
	Level int
	// Obstacle: the line crosses an obstacle - a village (full hex, 4.41),
	// green-dot woods artwork (4.42, 8.9), or for infantry and cavalry fire
	// a friendly unit not in a trench or pillbox (4.6).
	Obstacle bool
	// ObstacleLevel is the elevation level the obstacle stands on (4.53).
	ObstacleLevel int
	// Conceal: the line crosses concealment (4.8): barrage, night, rain,
	// smoke (full hex, every level), woods without a green dot or wheat
	// (artwork; wheat only between same-level units, 8.8).
	Conceal bool
}

// View is the result of a line of sight check.
type View struct {
	Visible   bool
	Concealed int  // concealment hexes crossed: 1 gives the target the concealment modifier (4.81)
	Blocker   Step // the step that blocked the line, when not Visible
}

// See evaluates a line of sight over the steps strictly between observer
// and target (obstacles in their own hexes never block, 4.2), for an
// observer and a target at the given elevation levels (each the highest
// level of its hex, 4.51). The Red Poppies rules applied:
//
//   - same level L (4.4, 8.41): blocked by a hex whose Level exceeds L
//     (4.43) or by an obstacle standing on level L or higher (4.41, 4.42);
//     obstacles down in a lower valley do not block.
//   - different levels lo < hi (4.5): blocked by a hex whose Level is at
//     least hi (4.52: a contour higher than both or equal to the higher -
//     so only crest hexes see down, 8.42), or by an obstacle standing on a
//     level from lo to hi that is within one level of lo or of hi (4.53).
//   - a second concealment hex blocks (4.82); one is counted in Concealed.
//   - a line along a hexside (Along step) is blocked only if the hexes on
//     both sides block (4.41), and concealed only if both conceal.
//
// Games whose LOS is different use AppendLine and decide for themselves.
func See(between []Step, observer, target int, sight func(Hex) Sight) View {
	lo, hi := observer, target
	if lo > hi {
		lo, hi = hi, lo
	}
	v := View{Visible: true}
	for _, st := range between {
		a := sight(st.Hex)
		block, conceal := blocks(a, lo, hi), a.Conceal
		if st.Along {
			b := sight(st.Other)
			block = block && blocks(b, lo, hi)
			conceal = conceal && b.Conceal
		}
		if conceal && !block {
			v.Concealed++
			block = v.Concealed >= 2
		}
		if block {
			return View{Visible: false, Concealed: v.Concealed, Blocker: st}
		}
	}
	return v
}

// blocks applies 4.43/4.41/4.42 (same level) or 4.52/4.53 (different).
func blocks(s Sight, lo, hi int) bool {
	if lo == hi {
		return s.Level > hi || s.Obstacle && s.ObstacleLevel >= hi
	}
	if s.Level >= hi {
		return true
	}
	ol := s.ObstacleLevel
	return s.Obstacle && ol >= lo && ol <= hi && (ol <= lo+1 || ol >= hi-1)
}

// SeeHex traces the line of sight from the centre of a to the centre of b
// (Red Poppies 4.1) and evaluates it with See. It does not allocate for
// lines up to 60 hexes.
func SeeHex(a, b Hex, observer, target int, sight func(Hex) Sight) View {
	var buf [128]Step
	line := AppendLine(buf[:0], a, b)
	if len(line) < 2 {
		return View{Visible: true}
	}
	return See(line[1:len(line)-1], observer, target, sight)
}

// VertexTarget returns the hex that a vertex counts as part of for a line
// of sight from a: the hex around v furthest from a (Red Poppies 4.92);
// ties go to the first in v.Hexes() order.
func VertexTarget(a Hex, v Vertex) Hex {
	hs := v.Hexes()
	best := hs[0]
	for _, h := range hs[1:] {
		if Distance(a, h) > Distance(a, best) {
			best = h
		}
	}
	return best
}

// SeeVertex traces the line of sight from the centre of a to vertex v and
// evaluates it with See (Red Poppies 4.92: off-map artillery observers).
// The vertex counts as part of the hex around it furthest from a, so the
// nearer hexes of its cluster that the line crosses can block; the
// furthest hex (every one at the greatest distance, if tied) is the target
// and never blocks. target is the level of that hex.
func SeeVertex(a Hex, v Vertex, observer, target int, sight func(Hex) Sight) View {
	var buf [128]Step
	line := AppendLineToVertex(buf[:0], a, v)
	far := Distance(a, VertexTarget(a, v))
	isTarget := func(h Hex) bool {
		if Distance(a, h) != far {
			return false
		}
		for _, x := range v.Hexes() {
			if x == h {
				return true
			}
		}
		return false
	}
	between := line[:0]
	for _, st := range line[1:] {
		if isTarget(st.Hex) || st.Along && isTarget(st.Other) {
			continue // a target hex never blocks, so neither does a pair with it (4.41)
		}
		between = append(between, st)
	}
	return See(between, observer, target, sight)
}
