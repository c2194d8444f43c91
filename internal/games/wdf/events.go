package wdf

import (
	"strconv"

	"sandtable/internal/engine"
)

// The random events' effects, as the reconstructed table's texts give
// them (5.0; data/tables.json, docs/wdf/data.md T8).

// event returns the id of this turn's random event, "" before one is
// rolled.
func (s *State) event() string {
	if s.Event < 0 || int(s.Event) >= len(s.d.Tables.Events.Events) {
		return ""
	}
	return s.d.Tables.Events.Events[s.Event].ID
}

// rommel returns the Rommel/Crüwell piece if it shows Rommel on the map,
// else -1.
func (s *State) rommel() int {
	for l, def := range s.d.Leaders {
		if def.Nationality == German && s.Pos.Leaders[l].Hex >= 0 && s.Pos.Leaders[l].Face == 0 && def.Faces[0].Name == "Rommel" {
			return l
		}
	}
	return -1
}

// eventPossible: an event that cannot be carried out is No Event (5.0).
func (s *State) eventPossible(id string) bool {
	switch id {
	case "rommel-assassination":
		return s.rommel() >= 0
	case "tobruk-reconstruction":
		return s.Pos.FortressLost[0] == 1
	}
	return true
}

// addAP changes side's Attack Points within 0-12 (7.3).
func (s *State) addAP(side engine.Side, n int) {
	s.AP[side] = int8(min(max(int(s.AP[side])+n, 0), MaxAP))
}

// applyEvent carries out the effects that happen at once; the others are
// read where they apply (air phase, Organization Phase, replacements,
// Major Offensive, end of the Allied player turn).
func (s *State) applyEvent(id string) {
	switch id {
	case "rommel-assassination":
		s.leaderCasualty(s.rommel(), 3, false)
	case "lrdg-raid":
		s.addAP(Axis, -1)
	case "ultra-intercept":
		s.addAP(Allied, 1)
	case "special-allied-convoy":
		s.addAP(Allied, 3)
	case "tobruk-reconstruction":
		s.Pos.FortressLost[0] = 0
	case "axis-convoy-sunk":
		s.addAP(Axis, -2)
	case "malta-neutralized":
		s.addAP(Axis, 2)
	case "special-axis-convoy":
		s.addAP(Axis, 3)
	case "prime-minister":
		s.addAP(Allied, 1)
	default:
		return
	}
	s.logf("5.0", engine.Observer, "eventAP", strconv.Itoa(int(s.AP[Allied])), strconv.Itoa(int(s.AP[Axis])))
}

// airEventMod is the event's modifier to side's Air Superiority die.
func (s *State) airEventMod(side engine.Side) int {
	switch {
	case side == Allied && s.event() == "raf-reinforced", side == Axis && s.event() == "luftwaffe-reinforced":
		return 1
	}
	return 0
}

// levelEvent shifts the Axis Supply Level for the turn's event.
func (s *State) levelEvent(l SupplyLevel) SupplyLevel {
	switch s.event() {
	case "fuel-shortage":
		if l > SupplyNone {
			l--
		}
	case "malta-neutralized":
		if l < SupplyExcellent {
			l++
		}
	}
	return l
}
