package limanowa

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// Transport (6.8), as a scenario's series data may give it: a formed unit
// alone may declare, with its move command, that it uses one of its
// side's transport groups not used this turn nor lost (6.82, 6.83); its
// movement score becomes the kind's (6.84), it may not enter an enemy or
// gas hex, a wagon no crater and a truck only along roads (without the
// road bonus, already in its score); failing a check from reaction fire
// loses the group for the scenario (6.85). Rulings L63-L65.

// transportGroups are the scenario's transport groups, one per group, in
// the order of its lines.
func (s *State) transportGroups() []Transport {
	var out []Transport
	for _, t := range s.sc.Series.Transport {
		for range t.Count {
			out = append(out, Transport{Side: t.Side, Kind: t.Kind, Count: 1})
		}
	}
	return out
}

// transportID is group t's record name: "central-mule-2" (its number
// among its side's groups of that kind).
func (s *State) transportID(t int) string {
	gs := s.transportGroups()
	n := 0
	for k := 0; k <= t; k++ {
		if gs[k].Side == gs[t].Side && gs[k].Kind == gs[t].Kind {
			n++
		}
	}
	return fmt.Sprintf("%s-%s-%d", SideNames[gs[t].Side], gs[t].Kind, n)
}

// transportByID reads a transport group's record name.
func (s *State) transportByID(id string) (int, bool) {
	for t := range s.transportGroups() {
		if s.transportID(t) == id {
			return t, true
		}
	}
	return 0, false
}

// carrier is the transport group of the move under way, or -1.
func (s *State) carrier() int { return int(s.ser.Carry) - 1 }

// carrierKind is the kind of the move's transport.
func (s *State) carrierKind() (TransportKind, bool) {
	if t := s.carrier(); t >= 0 {
		return s.transportGroups()[t].Kind, true
	}
	return 0, false
}

// transportMoves adds the moves of units[i] by transport (6.82, 6.83): a
// formed unit on the map, each of its side's groups free this turn that
// could enter its hex.
func (s *State) transportMoves(i int, dst []engine.Action) []engine.Action {
	u := &s.pos.Units[i]
	if u.Where != OnMap || u.Dispersed || len(s.sc.Series.Transport) == 0 {
		return dst
	}
	for t, g := range s.transportGroups() {
		bit := uint16(1) << t
		if g.Side == u.Side && s.ser.Used&bit == 0 && s.ser.Lost&bit == 0 && s.transportMay(g.Kind, u.Hex, u.Hex, true) {
			dst = append(dst, engine.Action{Op: opMove, A: int16(i), C: int16(t + 1)})
		}
	}
	return dst
}

// transportMay reports whether transport of kind may be in to, coming
// from from (6.84): a wagon enters no crater, a truck moves only along
// roads (start: the hex it begins in, on a road).
func (s *State) transportMay(kind TransportKind, from, to hexgrid.Hex, start bool) bool {
	row := s.d.Tables.Transport[kind]
	switch {
	case row.NoCrater && s.pos.Marks(to)&CraterMark != 0:
		return false
	case row.RoadOnly && start:
		return s.d.Map.OnRoad(to)
	case row.RoadOnly:
		return s.d.Map.Road(from, to)
	}
	return true
}

// carried starts the move of units[i] by transport group t (6.82-6.84).
func (s *State) carried(i, t int) {
	u := &s.pos.Units[i]
	g := s.transportGroups()[t]
	s.ser.Carry = int8(t + 1)
	s.ser.Used |= 1 << t
	u.MP = int8(s.d.Tables.Transport[g.Kind].Move)
	s.logf("6.82", engine.Observer, "transport", s.unitID(i), s.transportID(t), itoa(int(u.MP)))
}

// carryMay reports whether the transported movers may enter h (6.82,
// 6.84): not an enemy or gas hex, and where the kind can go.
func (s *State) carryMay(h hexgrid.Hex) bool {
	kind, ok := s.carrierKind()
	if !ok {
		return true
	}
	from := codeHex(s.MoveHex)
	return !s.pos.enemyIn(s.Phasing, h) && s.pos.Marks(h)&GasMark == 0 && s.transportMay(kind, from, h, false)
}

// carryLost: a transported mover that failed a check from reaction fire
// loses its side the group for the scenario (6.85).
func (s *State) carryLost(hits []Hit) {
	t := s.carrier()
	if t < 0 {
		return
	}
	for _, h := range hits {
		if s.Movers[0] == int16(h.Unit) && h.Outcome != Pass && s.ser.Lost&(1<<t) == 0 {
			s.ser.Lost |= 1 << t
			s.logf("6.85", engine.Observer, "transportLost", s.transportID(t))
		}
	}
}

// parseTransportID splits a transport group's record name
// ("central-mule-2") without the scenario, for the log's words.
func parseTransportID(id string) (engine.Side, string, string, bool) {
	f := strings.Split(id, "-")
	if len(f) != 3 {
		return 0, "", "", false
	}
	side, ok := parseSide(f[0])
	_, err := strconv.Atoi(f[2])
	return side, f[1], f[2], ok && err == nil && slices.Contains(transportNames, f[1])
}

// decodeTransport reads "central-mule-1" for a move's second argument.
func (s *State) decodeTransport(id string) (int16, bool) {
	k := strings.LastIndexByte(id, '-')
	if k < 0 {
		return 0, false
	}
	if _, err := strconv.Atoi(id[k+1:]); err != nil {
		return 0, false
	}
	t, ok := s.transportByID(id)
	return int16(t + 1), ok
}
