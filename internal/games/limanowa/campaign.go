package limanowa

import "sandtable/internal/engine"

// RecoveryShare is the share of a day's destroyed units side may recover
// that night (11.531: half; 13.0: on 8 December the Austro-Hungarians
// three quarters, the Russians one quarter).
func (c *Campaign) RecoveryShare(date string, side engine.Side) (num, den int) {
	for _, r := range c.Recovery {
		if r.Date == date {
			return r.Num[side], r.Den[side]
		}
	}
	return 1, 2
}

// Recoverable is how many units of each type may be recovered from the
// day's casualty list (11.532): the share of each type, fractions rounded
// up; captured units are not on the list (11.531).
func Recoverable(destroyed map[UnitType]int, num, den int) map[UnitType]int {
	out := map[UnitType]int{}
	for t, n := range destroyed {
		out[t] = (n*num + den - 1) / den
	}
	return out
}

// SetHussars exchanges every Hussar counter in the campaign for its
// mounted or dismounted partner (13.0's campaign special rule: each day,
// all of them one way), keeping where it is and which side is up. It
// returns how many were exchanged.
func (d *Data) SetHussars(units []Unit, mounted bool) int {
	want, ok := d.Counter("hussar-sqn")
	if !ok {
		return 0
	}
	if !mounted {
		want, _ = d.Counter(want.Pair)
	}
	n := 0
	for i := range units {
		c := &d.Counters[units[i].Counter]
		if c.Pair == want.ID {
			for j := range d.Counters {
				if d.Counters[j].ID == want.ID {
					units[i].Counter = int16(j)
				}
			}
			n++
		}
	}
	return n
}

// MayChooseNightAttack reports whether a side may answer "yes" to the
// night attack (11.521): not two days running.
func MayChooseNightAttack(yesYesterday bool) bool { return !yesYesterday }

// NightScenario reports whether the revealed choices start a 6-turn night
// scenario (11.521): if either side said yes.
func NightScenario(yes [2]bool) bool { return yes[0] || yes[1] }

// Isolate carries out the isolation segment (11.41) once the dice have
// said which side checks first: every unit of that side without a line of
// communication is captured, then every unit of the other side, traced
// after those captures. It returns the captured units in order.
func (p *Position) Isolate(d *Data, first engine.Side) []int {
	var captured []int
	for _, side := range []engine.Side{first, 1 - first} {
		reach := p.locReach(&d.Map, side)
		var now []int
		for i := range p.Units {
			u := &p.Units[i]
			if u.Where == OnMap && u.Side == side && !reach.traces(&d.Map, side, u.Hex) {
				now = append(now, i)
			}
		}
		for _, i := range now {
			p.Units[i].Where, p.Units[i].In = Captured, false
		}
		captured = append(captured, now...)
	}
	return captured
}
