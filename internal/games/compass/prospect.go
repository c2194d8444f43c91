package compass

import (
	"slices"

	"sandtable/internal/engine"
)

// Prospect is what a battle not yet fully chosen may bring, for the odds
// the board shows before the choice that commits to it (declaring the
// attack, fighting it, naming a front-line unit or a support): every
// fielding of front-line units and supports the attacker may still make
// (6.2.E.1) and every one the defender may answer with (6.2.E.2, as many
// units as the limits allow, ruling C-7), each as the numbers its dice hit
// on. Events are left out: they are chosen after (6.2.E.3) and the
// opponent's are hidden. The client weighs them (static/js/odds.js): the
// attacker's best fielding against the defender's best answer.
type Prospect struct {
	Att []Fielding `json:"att"`
	Def []Fielding `json:"def"`
}

// Fielding is one side's participants in a battle: the modified CV of
// each front-line unit (6.2.E.5, with its support and out of supply), and
// the strength levels of every participant (6.2.E.6).
type Fielding struct {
	Targets []int `json:"targets"`
	Levels  int   `json:"levels"`
}

// prospects gives, for side's decision, the prospect of each action that
// declares, starts or shapes an attack (the attacker's) or a defence (the
// defender's front line and supports), keyed by its record text.
func (s *State) prospects(side engine.Side) map[string]*Prospect {
	if s.Result != 0 || side != s.Decider {
		return nil
	}
	switch s.Step {
	case stMove, stExploitAct, stCombat, stAtkFront, stAtkSupport, stDefFront, stDefSupport:
	default:
		return nil
	}
	i := s.role()
	out := map[string]*Prospect{}
	for _, a := range s.Legal(side, nil) {
		c := *s
		c.Log = engine.Log{}
		switch a.Op {
		case opAttack: // declared as the rules declare it; the battle then fought from here
			c.ApplyUnchecked(side, a)
			c.Bat = newBattle(int(c.Units[a.A].Area), int(a.B), s.Step == stExploitAct)
			c.Step = stAtkFront
		case opBattle:
			c.Bat = newBattle(int(a.A), int(a.B), s.Step == stExploitAct)
			c.Step = stAtkFront
		case opFront:
			c.Bat.Front[i][c.Bat.NF[i]] = int8(a.A)
			c.Bat.NF[i]++
		case opSupport:
			for k := range int(c.Bat.NF[i]) {
				if int(c.Bat.Front[i][k]) == int(a.B) {
					c.Bat.Supp[i][k] = int8(a.A)
				}
			}
			c.Step = [2]step{stAtkSupport, stDefSupport}[i]
		default:
			continue
		}
		// A support activated for a Sustained Attack may declare one
		// that no front-line unit fights yet: no odds to give.
		if p := c.prospect(); len(p.Att) > 0 && len(p.Def) > 0 {
			out[s.EncodeAction(a)] = p
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// prospect is the current battle's prospect while a side's fielding is
// still open (the attacker's at stAtkFront and stAtkSupport, the
// defender's until it is made), nil once both are made.
func (s *State) prospect() *Prospect {
	attOpen := s.Step == stAtkFront || s.Step == stAtkSupport
	defOpen := attOpen || s.Step == stDefFront || s.Step == stDefSupport
	if !s.Bat.On || !defOpen {
		return nil
	}
	p := &Prospect{Att: s.fieldings(0, attOpen, s.Step == stAtkFront, 0)}
	p.Def = s.fieldings(1, defOpen, s.Step != stDefSupport, s.maxDefence())
	return p
}

// fieldings lists side i's possible fieldings in the current battle (0 the
// attacker, 1 the defender): the units already named, and while open
// (fronts: front-line units may still be named) the free units added in
// every way the rules allow; want, if above zero, is how many units must
// fight (C-7). Units alike in what they bring are told apart only once,
// so that the list stays short.
func (s *State) fieldings(i int, open, fronts bool, want int) []Fielding {
	b := &s.Bat
	var fixed []int // front-line units, each followed by its support or -1
	for k := range int(b.NF[i]) {
		fixed = append(fixed, int(b.Front[i][k]), int(b.Supp[i][k]))
	}
	var frontBuf, suppBuf, poolBuf [maxUnits]int // the lists' room, on the stack
	canFront, canSupp := frontBuf[:0], suppBuf[:0]
	var kinds [maxUnits]int
	if open {
		pool := poolBuf[:0]
		if i == 0 {
			for u := range s.nUnits() {
				if s.canAttackIn(u, false) || s.canAttackIn(u, true) {
					pool = append(pool, u)
				}
			}
		} else {
			for _, u := range s.defenders() {
				if !s.inBattle(u) {
					pool = append(pool, u)
				}
			}
		}
		// Alike units: the same CV, levels, role and asterisk.
		for _, u := range pool {
			kinds[u] = s.kind(i, u)
		}
		slices.SortStableFunc(pool, func(x, y int) int { return kinds[x] - kinds[y] })
		for _, u := range pool {
			if fronts && (i == 1 || s.canAttackIn(u, false)) {
				canFront = append(canFront, u)
			}
			if (i == 1 && s.def(u).Support) || (i == 0 && s.canAttackIn(u, true)) {
				canSupp = append(canSupp, u)
			}
		}
	}
	var out []Fielding // each told once: few, so looked through rather than hashed
	var used [maxUnits]bool
	var targets, work []int // reused by supports and more
	// supports assigns each front-line unit without one a support or none.
	var supports func(f []int, k int)
	supports = func(f []int, k int) {
		if k == len(f) {
			// The targets are gathered in targets and copied out only for
			// a fielding not seen yet: most are alike.
			targets = targets[:0]
			levels, n := 0, 0
			for j := 0; j < len(f); j += 2 {
				targets = append(targets, max(s.baseCV(i, f[j], f[j+1]), 0))
				levels += s.levels(f[j])
				n++
				if f[j+1] >= 0 {
					levels += s.levels(f[j+1])
					n++
				}
			}
			if want > 0 && n != want || len(targets) == 0 {
				return
			}
			slices.Sort(targets)
			for _, f := range out {
				if f.Levels == levels && slices.Equal(f.Targets, targets) {
					return
				}
			}
			out = append(out, Fielding{Targets: slices.Clone(targets), Levels: levels})
			return
		}
		if f[k+1] >= 0 || !open {
			supports(f, k+2)
			return
		}
		supports(f, k+2)
		last := -1
		for _, u := range canSupp {
			if used[u] || kinds[u] == last {
				continue
			}
			last = kinds[u]
			used[u] = true
			f[k+1] = u
			supports(f, k+2)
			f[k+1] = -1
			used[u] = false
		}
	}
	// more adds front-line units from canFront[from:], alike ones once.
	var more func(f []int, from int)
	more = func(f []int, from int) {
		work = append(work[:0], f...)
		supports(work, 0)
		if len(f)/2 == 3 {
			return
		}
		last := -1
		for j := from; j < len(canFront); j++ {
			u := canFront[j]
			if kinds[u] == last {
				continue
			}
			last = kinds[u]
			used[u] = true
			more(append(f, u, -1), j+1)
			used[u] = false
		}
	}
	more(fixed, 0)
	return out
}

// kind describes what unit u brings to side i of a battle (its CV as a
// front-line unit, its levels, whether it may support or attack in the
// front line, its supply), so that alike units are enumerated once.
func (s *State) kind(i, u int) int {
	k := s.baseCV(i, u, -1)*64 + s.levels(u)*8
	if s.def(u).Support {
		k += 4
	}
	if i == 0 && s.canAttackIn(u, false) {
		k += 2
	}
	if s.outOfSupply(u) {
		k++
	}
	return k
}

// levels is how many strength levels unit u has left (6.2.E.6).
func (s *State) levels(u int) int { return s.def(u).Steps - int(s.Units[u].Hits) }

// baseCV is a front-line unit's CV modified by its support sp (or -1) and,
// attacking, by being out of supply (3.9, 6.2.E.5), before events (which
// modifiedCV adds) and before a CV below zero counts as zero.
func (s *State) baseCV(i, u, sp int) int {
	cv := s.cv(u)
	if sp >= 0 {
		cv += s.cv(sp)
		if i == 0 && s.outOfSupply(sp) {
			cv--
		}
	}
	if i == 0 && s.outOfSupply(u) {
		cv--
	}
	return cv
}
