package wdf

import "sandtable/internal/engine"

// Combat arithmetic of 10.1-10.2: which hexes may and must be attacked,
// final combat strengths and dice with their hit numbers, overwhelming
// attacks and the ways hits may be taken. No decisions and no dice here.

// APRange is the depot-to-unit AP range in hexes (10.31).
const APRange = 4

// NoAPPenalty is the CS penalty of each unit attacking without an AP
// (10.3, 10.31).
const NoAPPenalty = -2

// Attackable reports whether units in hex a may attack hex t (10.1, 11.2):
// the hexes are adjacent and the hexside between them does not prohibit
// combat (an escarpment not crossed by a road or track).
func (b *Board) Attackable(a, t int) bool {
	for dir, n := range b.D.Hexes[a].Neighbours {
		if int(n) != t {
			continue
		}
		f := b.D.Hexes[a].Sides[dir]
		for k, flag := range [NumHexsideKinds]SideFlags{EscarpmentSide, RidgeSide, RiverSide} {
			e := &b.D.Tables.Hexside[k]
			if f&flag != 0 && e.AttackProhibited && f&e.NegatedBy == 0 {
				return false
			}
		}
		return true
	}
	return false
}

// acrossMod is the modifier of each unit attacking from hex a into hex t
// across their hexside (11.2: -1 across a ridge, a river or an escarpment
// crossed by a road or track).
func (b *Board) acrossMod(a, t int) int {
	m := 0
	for dir, n := range b.D.Hexes[a].Neighbours {
		if int(n) != t {
			continue
		}
		f := b.D.Hexes[a].Sides[dir]
		for k, flag := range [NumHexsideKinds]SideFlags{EscarpmentSide, RidgeSide, RiverSide} {
			if f&flag != 0 {
				m = min(m, b.D.Tables.Hexside[k].AttackUnit)
			}
		}
	}
	return m
}

// MustAttack returns the enemy-occupied hexes that side's units in hex a
// may attack; if they attack at all, all of these must be attacked, by
// them or by other units (10.0, 10.1), unless the attacker has a
// surprise Major Offensive (7.92).
func (b *Board) MustAttack(side engine.Side, a int) []int {
	var out []int
	for _, n := range b.D.Hexes[a].Neighbours {
		if n >= 0 && b.occ[n][1-side] > 0 && b.Attackable(a, int(n)) {
			out = append(out, int(n))
		}
	}
	return out
}

// CanCombine reports whether the attacking hexes may make one attack on
// the defending hexes (10.1): every attacker may attack every defender.
func (b *Board) CanCombine(attackers, defenders []int) bool {
	if len(attackers) == 0 || len(defenders) == 0 {
		return false
	}
	for _, a := range attackers {
		for _, t := range defenders {
			if !b.Attackable(a, t) {
				return false
			}
		}
	}
	return true
}

// InAPRange reports whether side's unit in hex h is within AP range of its
// depot (10.31, 13.5): four hexes from the depot, or the range of a leader
// stacked with the unit measured from the depot to the leader, or else the
// range of a leader stacked with the depot.
func (b *Board) InAPRange(side engine.Side, h int) bool { return b.inAPRange(side, h, -1) }

// inAPRange is InAPRange where chosen (>= 0) is the Axis leader whose
// values the stack uses if he is in h (13.2).
func (b *Board) inAPRange(side engine.Side, h, chosen int) bool {
	dep := int(b.P.Depot[side])
	if dep < 0 {
		return false
	}
	r := APRange
	if chosen >= 0 && int(b.P.Leaders[chosen].Hex) == h {
		r = b.P.leaderFace(b.D, chosen).Range
	} else if lr := b.bestLeader(side, h, faceRange); lr >= 0 {
		r = lr
	} else if lr := b.bestLeader(side, dep, faceRange); lr >= 0 {
		r = lr
	}
	return hexDistance(b.D, dep, h) <= r
}

func hexDistance(d *Data, a, b int) int {
	ha, hb := d.Hexes[a].Hex, d.Hexes[b].Hex
	dq, dr := ha.Q-hb.Q, ha.R-hb.R
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Dice are a side's dice in one combat, by the lowest result that hits
// (10.11: dice hitting on 5-6 are rolled apart from those hitting on 6).
type Dice struct {
	On5, On6 int
}

// Total is the number of dice: the side's final combat strength.
func (d Dice) Total() int { return d.On5 + d.On6 }

func (d *Dice) add(n, hit int) {
	if n <= 0 {
		return
	}
	if hit <= 5 {
		d.On5 += n
	} else {
		d.On6 += n
	}
}

// Attack is one combat to evaluate.
type Attack struct {
	Side      engine.Side // the attacker
	Attackers []int       // attacking units
	Defenders []int       // defending hexes
	// AP: an Attack Point is spent (10.3); units out of AP range still
	// suffer the penalty (10.31).
	AP bool
	// Supplied is the supply state of every unit at the instant of combat
	// (8.0 check 4), indexed by unit.
	Supplied *[MaxUnits]bool
	// GroundSupport: ASPs spent as ground support, at most two (14.1);
	// Naval: the 2-CS naval ground support (15.0).
	GroundSupport int
	Naval         bool
	// Leader is the Axis leader the Axis player chose to lend his values
	// to the combat, plus one; 0 when there was no choice (13.2, 13.3,
	// ruling W37).
	Leader int
	// Explain asks Evaluate to list each modifier with its rule (Mods), for
	// the battle panel; the computer players leave it off.
	Explain bool
}

// Mod is one modifier of a unit's or a stack's strength, or what set a hit
// number, with its rule: What is a key the view puts into words.
type Mod struct {
	N    int    `json:"n"`
	What string `json:"what"`
	Rule string `json:"rule"`
}

// UnitCS is one unit's strength in a combat after the unit-level
// modifiers and supply (10.12), and the number its dice hit on (10.21).
type UnitCS struct {
	Unit, CS, Hit int
	Mods          []Mod // with Attack.Explain: how CS and Hit came about
}

// CombatSide is one side's final strength in a combat.
type CombatSide struct {
	Units []UnitCS
	// Stack is what the stack-level modifiers add (leaders, division
	// integrity, rough and salt marsh; 10.13), Support the combat-level
	// ground support (10.13, 14.1, 15.0).
	Stack, Support int
	Dice           Dice
	StackMods      []Mod // with Attack.Explain: Stack's and Support's parts
}

// Final is the side's final combat strength (10.11).
func (s *CombatSide) Final() int { return s.Dice.Total() }

// Evaluate works out the final combat strengths and the dice of both sides
// of attack a (10.11-10.13, 10.21, 10.31-10.32, 10.5, 11.0-11.2, 12.3, 13.3,
// 16.2). Modifiers apply per unit, then per stack, then per combat; a
// unit's pluses and minuses come before its halving for supply, and no
// unit goes below 0 (rulings W12-W15).
func (b *Board) Evaluate(a *Attack) (att, dfn CombatSide) {
	d := b.D
	fortress := false // a defending hex is a fortress: attackers hit on 6 (16.2)
	armorInto := 0
	for _, t := range a.Defenders {
		tec := &d.Tables.TEC[d.TECRow(t, b.P.fortressLost(d, t))]
		fortress = fortress || tec.Fortress
		armorInto = min(armorInto, tec.ArmorAttackInto)
	}
	major := b.P.Major[a.Side]

	// The attacker, stack by stack.
	byHex := map[int][]int{}
	var order []int
	for _, u := range a.Attackers {
		h := int(b.P.Units[u].Hex)
		if _, ok := byHex[h]; !ok {
			order = append(order, h)
		}
		byHex[h] = append(byHex[h], u)
	}
	leaderDice := 0
	for _, h := range order {
		stack := byHex[h]
		from := &d.Tables.TEC[d.TECRow(h, b.P.fortressLost(d, h))]
		across := 0
		for _, t := range a.Defenders {
			across = min(across, b.acrossMod(h, t))
		}
		worst := 5
		for _, u := range stack {
			def := &d.Units[u]
			caps := &d.Tables.Types[def.Type][def.Group()]
			cs := b.baseCS(u)
			var why explain
			why.on = a.Explain
			why.add(cs, "base", "10.12")
			if !a.AP {
				cs += NoAPPenalty
				why.add(NoAPPenalty, "noAP", "10.3")
			} else if !b.inAPRange(a.Side, h, a.Leader-1) {
				cs += NoAPPenalty
				why.add(NoAPPenalty, "apRange", "10.31")
			}
			if def.Type == Armor {
				cs += armorInto + from.ArmorAttackFrom
				why.add(armorInto, "armorInto", "11.1")
				why.add(from.ArmorAttackFrom, "armorFrom", "11.1")
			}
			cs += across
			why.add(across, "across", "11.2")
			cs = max(cs, 0)
			if !a.Supplied[u] {
				why.add(halfUp(cs)-cs, "halved", "8.2")
				cs = halfUp(cs)
			}
			hit := caps.HitAttack
			why.set(hit, "hitAttack", "10.21")
			if major {
				hit = caps.HitMajor
				why.set(hit, "hitMajor", "7.91")
			}
			if fortress {
				hit = 6
				why.set(hit, "hitFortress", "16.2")
			}
			worst = max(worst, hit)
			att.Units = append(att.Units, UnitCS{u, cs, hit, why.mods})
			att.Dice.add(cs, hit)
		}
		di := b.divisionIntegrity(stack)
		att.Stack += di
		att.Dice.add(di, worst)
		if a.Explain && di > 0 {
			att.StackMods = append(att.StackMods, Mod{di, "division", "10.5"})
		}
		leaderDice = max(leaderDice, b.bestLeader(a.Side, h, faceAttack))
	}
	if a.Leader > 0 && a.Side == Axis {
		leaderDice = b.P.leaderFace(d, a.Leader-1).Attack // 13.3: the one chosen
	}
	att.Stack += leaderDice
	att.Dice.add(leaderDice, 6)
	att.Support = min(a.GroundSupport, 2)
	if a.Naval {
		att.Support += 2
	}
	att.Dice.add(att.Support, 6)
	if a.Explain {
		if leaderDice > 0 {
			att.StackMods = append(att.StackMods, Mod{leaderDice, "leader", "13.3"})
		}
		if g := min(a.GroundSupport, 2); g > 0 {
			att.StackMods = append(att.StackMods, Mod{g, "ground", "14.1"})
		}
		if a.Naval {
			att.StackMods = append(att.StackMods, Mod{2, "naval", "15.0"})
		}
	}

	// The defender, hex by hex.
	enemy := 1 - a.Side
	leaderDice = 0
	for _, t := range a.Defenders {
		tec := &d.Tables.TEC[d.TECRow(t, b.P.fortressLost(d, t))]
		ip := b.P.ipAt(t)
		var stack []int
		worst := 5
		for _, u := range b.Units(t) {
			us := &b.P.Units[u]
			if us.Retreated {
				continue // 10.26: contributes nothing
			}
			stack = append(stack, u)
			ud := &d.Units[u]
			caps := &d.Tables.Types[ud.Type][ud.Group()]
			cs := b.baseCS(u) + tec.DefendUnit
			var why explain
			why.on = a.Explain
			why.add(b.baseCS(u), "base", "10.12")
			why.add(tec.DefendUnit, "terrain", "11.1")
			if ud.Type == Armor {
				cs += tec.ArmorDefend
				why.add(tec.ArmorDefend, "armorDefend", "11.1")
			}
			hit := caps.HitDefend
			why.set(hit, "hitDefend", "10.21")
			if us.InIP && ip > 0 {
				cs++ // 12.3: +1 to every unit in an IP
				why.add(1, "ip", "12.3")
				if ip == 2 {
					hit = 5 // 10.21, 12.3
					why.set(hit, "hitIP2", "12.3")
				}
			}
			if tec.Fortress {
				hit = 5 // 10.21, 16.2
				why.set(hit, "hitFortressDef", "16.2")
			}
			cs = max(cs, 0)
			if !a.Supplied[u] {
				why.add(halfUp(cs)-cs, "halved", "8.2")
				cs = halfUp(cs)
			}
			worst = max(worst, hit)
			dfn.Units = append(dfn.Units, UnitCS{u, cs, hit, why.mods})
			dfn.Dice.add(cs, hit)
		}
		if len(stack) == 0 {
			continue
		}
		di := b.divisionIntegrity(stack)
		st := di + tec.DefendStack
		dfn.Stack += st
		dfn.Dice.add(st, worst)
		if a.Explain {
			if di > 0 {
				dfn.StackMods = append(dfn.StackMods, Mod{di, "division", "10.5"})
			}
			if tec.DefendStack != 0 {
				dfn.StackMods = append(dfn.StackMods, Mod{tec.DefendStack, "terrainStack", "11.1"})
			}
		}
		leaderDice = max(leaderDice, b.bestLeader(enemy, t, faceDefense))
	}
	if a.Leader > 0 && enemy == Axis {
		leaderDice = b.P.leaderFace(d, a.Leader-1).Defense // 13.3: the one chosen
	}
	dfn.Stack += leaderDice
	dfn.Dice.add(leaderDice, 6)
	if a.Explain && leaderDice > 0 {
		dfn.StackMods = append(dfn.StackMods, Mod{leaderDice, "leader", "13.3"})
	}
	return att, dfn
}

// explain gathers a unit's modifiers when asked (Attack.Explain): add
// notes a change of strength (none when it is 0), set what fixed the hit
// number.
type explain struct {
	on   bool
	mods []Mod
}

func (e *explain) add(n int, what, rule string) {
	if e.on && (n != 0 || what == "base") {
		e.mods = append(e.mods, Mod{n, what, rule})
	}
}

func (e *explain) set(hit int, what, rule string) {
	if !e.on {
		return
	}
	for i, m := range e.mods {
		if len(m.What) > 3 && m.What[:3] == "hit" {
			e.mods[i] = Mod{hit, what, rule}
			return
		}
	}
	e.mods = append(e.mods, Mod{hit, what, rule})
}

// baseCS is unit u's printed combat strength on the side it shows.
func (b *Board) baseCS(u int) int {
	if b.P.Units[u].Reduced {
		return b.D.Units[u].CS[1]
	}
	return b.D.Units[u].CS[0]
}

// divisionIntegrity is the stack modifier of 10.5 and 10.51: +2 when at
// least three units of one division are in the stack; +1 for any two
// British armor brigades with a British motorized brigade; at most one
// bonus per stack (ruling W14).
func (b *Board) divisionIntegrity(stack []int) int {
	d := b.D
	armor, motor := 0, 0
	for i, u := range stack {
		ud := &d.Units[u]
		if ud.Division != "" {
			n := 0
			for _, v := range stack[i:] {
				if d.Units[v].Division == ud.Division {
					n++
				}
			}
			if n >= 3 {
				return 2
			}
		}
		if ud.Nationality == British && ud.Size == Brigade {
			switch ud.Type {
			case Armor:
				armor++
			case Motorized:
				motor++
			}
		}
	}
	if armor >= 2 && motor >= 1 {
		return 1
	}
	return 0
}

// Overwhelming reports whether hits scored against a defending final CS
// are an overwhelming attack (10.24): at least 150 percent of it, rounded
// up, and at least one hit (ruling W16).
func Overwhelming(hits, defenderCS int) bool {
	return hits >= 1 && hits >= (3*defenderCS+1)/2
}

// Loss is one way to satisfy hits: step losses and hexes of retreat.
type Loss struct{ Steps, Retreat int }

// AttackerLosses lists how the attacker may take h hits (10.22): all as
// step losses, or one as a one-hex retreat and the rest as step losses;
// at least one step loss either way.
func AttackerLosses(h int) []Loss {
	if h <= 0 {
		return []Loss{{}}
	}
	out := []Loss{{h, 0}}
	if h >= 2 {
		out = append(out, Loss{h - 1, 1})
	}
	return out
}

// DefenderLosses lists how the defender may take h hits (10.23, 10.25): all
// as step losses, or at least one step loss and the rest as hexes of
// retreat; if the attacker did not retreat, at least half the hits,
// rounded up, as step losses before retreating: the text says "rounded
// down", 10.23's example 2 (three hits, two step losses) rounds up, and
// the example is followed (ruling W17). noRetreat:
// the units may not retreat (3.2 Mussolini's orders; no retreat possible,
// 10.26).
func DefenderLosses(h int, attackerRetreated, noRetreat bool) []Loss {
	if h <= 0 {
		return []Loss{{}}
	}
	out := []Loss{{h, 0}}
	if noRetreat {
		return out
	}
	least := 1
	if !attackerRetreated {
		least = max(1, (h+1)/2)
	}
	for s := h - 1; s >= least; s-- {
		out = append(out, Loss{s, h - s})
	}
	return out
}
