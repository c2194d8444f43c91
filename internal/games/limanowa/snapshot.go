package limanowa

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"sandtable/internal/engine"
	"sandtable/internal/kit/sequence"
)

// Unmarshal restores the state whose Marshal gave data (engine.Restorer),
// so that the server opens a campaign of tens of thousands of actions
// from a snapshot instead of replaying it. What Marshal leaves out comes
// from setup: the data, the scenario or campaign and its forces (New).
// The bytes are read in Marshal's order: the core, each unit, control,
// the hex and hexside markers, then the extra part, the series part (a
// scenario with series rules, series.go) and the campaign day.
//
// Marshal does not write a unit's force, which only a waiting unit's
// arrival reads: a waiting unit that has been on the map (its hex set)
// is a recovery of 11.532, whose force is none (-1); any other keeps its
// force from the set-up.
//
// Bytes that do not fit the setup (another length, a unit of another
// counter or side, a hex off the map, a value out of its range) are
// refused, and so is anything Marshal would not write back byte for byte.
func (Game) Unmarshal(setup engine.Setup, data []byte) (engine.State, error) {
	st, err := Game{}.New(setup)
	if err != nil {
		return nil, err
	}
	return restore(st.(*State), data)
}

// restore overwrites s, new from its setup, with Marshal's bytes.
func restore(s *State, data []byte) (engine.State, error) {
	s.Log = engine.Log{}
	r := reader{data: data}
	r.decode(&s.core)
	p := &s.pos
	for i := range p.Units {
		u, b := &p.Units[i], r.take(8)
		if b == nil {
			break
		}
		c := int16(binary.LittleEndian.Uint16(b))
		if c != u.Counter && (c < 0 || int(c) >= len(s.d.Counters) || s.d.Counters[c].ID != s.d.Counters[u.Counter].Pair) {
			return nil, fmt.Errorf("limanowa: state: unit %d is counter %d, not %s or its pair", i, c, s.d.Counters[u.Counter].ID)
		}
		if engine.Side(int8(b[2])) != u.Side || Where(b[3]) > Removed || b[7]>>6 != 0 {
			return nil, fmt.Errorf("limanowa: state: unit %d: side %d, where %d, flags %#x", i, int8(b[2]), b[3], b[7])
		}
		h := int16(binary.LittleEndian.Uint16(b[4:]))
		u.Counter, u.Where, u.MP = c, Where(b[3]), int8(b[6])
		u.Dispersed, u.Spent, u.In, u.Moving, u.LostChecked, u.Shovel = b[7]&1 != 0, b[7]&2 != 0, b[7]&4 != 0, b[7]&8 != 0, b[7]&16 != 0, b[7]&32 != 0
		switch {
		case h == 0:
		case !s.validHex(h):
			return nil, fmt.Errorf("limanowa: state: unit %d in hex code %d", i, h)
		default:
			u.Hex = codeHex(h)
			if u.Where == Waiting {
				u.Force = -1 // a recovery (11.532)
			}
		}
		if u.Where == OnMap && h == 0 {
			return nil, fmt.Errorf("limanowa: state: unit %d on the map in no hex", i)
		}
	}
	for c := range p.Control.owner {
		for k, b := range r.take(len(p.Control.owner[c])) {
			if o := engine.Side(int8(b)); o == engine.Observer || o == Central || o == Russian {
				p.Control.owner[c][k] = o
			} else {
				return nil, fmt.Errorf("limanowa: state: a hex controlled by side %d", o)
			}
		}
	}
	for c := range p.hex {
		for k, b := range r.take(len(p.hex[c])) {
			p.hex[c][k] = HexMarks(b)
		}
	}
	for c := range p.side {
		for k, b := range r.take(len(p.side[c]) * 3) {
			p.side[c][k/3][k%3] = SideMarks(b)
		}
	}
	s.extra, s.ser = extra{}, seriesCore{}
	n, ex, ser, camp := len(r.data)-r.at, binary.Size(s.extra), binary.Size(s.ser), 0
	if s.cp != nil {
		camp = binary.Size(s.camp)
	}
	if n == ex+camp || n == ex+camp+1 {
		r.decode(&s.extra)
	}
	if n == ex+ser+camp || n == ex+ser+camp+1 {
		r.decode(&s.extra)
		r.decode(&s.ser)
	}
	if s.cp != nil {
		r.decode(&s.camp)
	}
	if b := r.take(len(r.data) - r.at); len(b) == 1 {
		if err := s.setChanges(b[0]); err != nil { // L70
			r.err = err
		}
	} else if len(b) > 1 {
		r.err = fmt.Errorf("long")
	}
	if r.err != nil || r.at != len(data) {
		return nil, fmt.Errorf("limanowa: state: %d bytes do not fit a %s state", len(data), s.sc.ID)
	}
	if err := s.checkRestored(); err != nil {
		return nil, fmt.Errorf("limanowa: state: %w", err)
	}
	if !bytes.Equal(s.Marshal(), data) {
		return nil, fmt.Errorf("limanowa: state: not in its canonical form")
	}
	if err := engine.TryRestored(Game{}, s); err != nil {
		return nil, fmt.Errorf("limanowa: state: %w", err)
	}
	return s, nil
}

// checkRestored refuses the values of the core that would index outside
// their tables: units, OMA groups, steps, sides, campaign days.
func (s *State) checkRestored() error {
	n := int16(len(s.pos.Units))
	unit := func(i int16) bool { return i >= -1 && i < n }
	side := func(sd engine.Side) bool { return sd == Central || sd == Russian }
	known := func(st step) bool {
		_, series := seriesSteps[st]
		return st <= stSpine || s.cp != nil && st >= stHussars && st <= stRedeploy || series
	}
	if s.NRet < 0 || s.NRet > sequence.Depth {
		return fmt.Errorf("%d nested steps", s.NRet)
	}
	for _, st := range append([]step{s.Step}, s.Ret[:s.NRet]...) {
		if !known(st) {
			return fmt.Errorf("step %d", st)
		}
	}
	switch {
	case !side(s.Decider) || !side(s.Phasing) || !side(s.Initiative) || !side(s.HallowFor) && s.HallowFor != 0:
		return fmt.Errorf("sides %d %d %d", s.Decider, s.Phasing, s.Initiative)
	case s.NGroup < 0 || int(s.NGroup) > maxGroup:
		return fmt.Errorf("%d units activated", s.NGroup)
	case !unit(s.Movers[0]) || !unit(s.Movers[1]) || !unit(s.Shooter) || !unit(s.Att[0]) || !unit(s.Att[1]) || !unit(s.Arriving):
		return fmt.Errorf("a unit index out of range")
	case s.Policy[0] >= uint8(len(policyNames)) || s.Policy[1] >= uint8(len(policyNames)) || s.changes[0] < 0 || s.changes[0] > maxChanges || s.changes[1] < 0 || s.changes[1] > maxChanges:
		return fmt.Errorf("standing orders %v", s.Policy)
	case s.Stray < 0 || int(s.Stray) > maxOMA || s.SSNext < 0 || int(s.SSNext) > maxOMA || s.ArriveOf < 0 || s.ArriveOf > 1 || s.Half < 0 || s.Half > 1:
		return fmt.Errorf("an index out of range")
	}
	for i := range s.NGroup {
		if s.Group[i] < 0 || s.Group[i] >= n {
			return fmt.Errorf("activated unit %d", s.Group[i])
		}
	}
	for _, a := range s.RAtt {
		if !unit(a) {
			return fmt.Errorf("a melee attacker out of range")
		}
	}
	for _, h := range []int16{s.MoveFrom, s.MoveHex, s.FireHex, s.MeleeHex, s.Hallowed} {
		if h != 0 && !s.validHex(h) {
			return fmt.Errorf("hex code %d", h)
		}
	}
	if err := s.checkRestoredSeries(); err != nil {
		return err
	}
	if s.cp != nil && (s.camp.Day < 0 || int(s.camp.Day) >= len(s.cp.Days) || s.camp.Seg > segNight) {
		return fmt.Errorf("campaign day %d, segment %d", s.camp.Day, s.camp.Seg)
	}
	return s.CheckInvariants()
}

// checkRestoredSeries refuses the series part's values that would index
// outside their tables: observers, transport groups, steps.
func (s *State) checkRestoredSeries() error {
	r := &s.ser
	n := int16(len(s.pos.Units))
	switch {
	case r.Pre < 0 || r.Pre > 3 || r.BreachAt < 0 || r.BreachAt > 2 || r.DriftThen < 0 || r.DriftThen > 2:
		return fmt.Errorf("series steps %d %d %d", r.Pre, r.BreachAt, r.DriftThen)
	case r.Observer[0] < 0 || r.Observer[0] > n || r.Observer[1] < 0 || r.Observer[1] > n:
		return fmt.Errorf("observers %v", r.Observer)
	case r.Drifts < 0 || r.Drifts > 32 || r.Carry < 0 || int(r.Carry) > len(s.transportGroups()):
		return fmt.Errorf("%d drifts owed, transport %d", r.Drifts, r.Carry)
	}
	return nil
}

// reader takes Marshal's bytes in order; past the end it takes nothing
// and remembers the error.
type reader struct {
	data []byte
	at   int
	err  error
}

func (r *reader) take(n int) []byte {
	if r.err != nil || n > len(r.data)-r.at {
		r.err = fmt.Errorf("short")
		return nil
	}
	b := r.data[r.at : r.at+n]
	r.at += n
	return b
}

// decode reads a flat core (kit/flat's encoding).
func (r *reader) decode(v any) {
	if r.err != nil {
		return
	}
	n, err := binary.Decode(r.data[r.at:], binary.LittleEndian, v)
	r.at += n
	r.err = err
}
