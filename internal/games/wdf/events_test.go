package wdf

import "testing"

// withEvent sets this turn's event by id.
func withEvent(t *testing.T, s *State, id string) {
	t.Helper()
	for i, e := range s.d.Tables.Events.Events {
		if e.ID == id {
			s.Event = int8(i)
			return
		}
	}
	t.Fatalf("no event %s", id)
}

// TestEventEffects checks the reconstructed random events (5.0).
func TestEventEffects(t *testing.T) {
	s := stateAt(t, "", 10, Allied)
	s.AP = [2]int8{11, 1}
	for _, c := range []struct {
		id   string
		want [2]int8
	}{{"lrdg-raid", [2]int8{11, 0}}, {"axis-convoy-sunk", [2]int8{11, 0}}, {"special-allied-convoy", [2]int8{12, 0}}, {"special-axis-convoy", [2]int8{12, 3}}, {"malta-neutralized", [2]int8{12, 5}}} {
		s.applyEvent(c.id)
		if s.AP != c.want {
			t.Errorf("%s: AP %v, want %v", c.id, s.AP, c.want)
		}
	}
	for _, c := range []struct {
		id   string
		in   SupplyLevel
		want SupplyLevel
	}{{"fuel-shortage", SupplyPoor, SupplyBad}, {"fuel-shortage", SupplyNone, SupplyNone}, {"malta-neutralized", SupplyNormal, SupplyExcellent}, {"malta-neutralized", SupplyExcellent, SupplyExcellent}, {"no-event", SupplyPoor, SupplyPoor}} {
		withEvent(t, s, c.id)
		if got := s.levelEvent(c.in); got != c.want {
			t.Errorf("%s: level %s → %s, want %s", c.id, c.in, got, c.want)
		}
	}
	withEvent(t, s, "raf-reinforced")
	if s.airEventMod(Allied) != 1 || s.airEventMod(Axis) != 0 {
		t.Error("RAF reinforced modifies the wrong die")
	}
	withEvent(t, s, "sandstorm")
	s.ASP = [2]int8{3, 0}
	s.airSupport()
	if s.ASP != [2]int8{} || s.Pos.Naval || s.Epoch() != 0 {
		t.Errorf("sandstorm: ASP %v naval %v dice %d", s.ASP, s.Pos.Naval, s.Epoch())
	}
}

// TestEventConditions: impossible events are No Event (5.0).
func TestEventConditions(t *testing.T) {
	s := stateAt(t, "", 10, Allied)
	if s.eventPossible("rommel-assassination") || s.eventPossible("tobruk-reconstruction") {
		t.Error("events possible without Rommel on the map or Tobruk reduced")
	}
	s = stateAt(t, "leader rommel-cruwell 2306\nlost tobruk 1", 10, Allied)
	if !s.eventPossible("rommel-assassination") || !s.eventPossible("tobruk-reconstruction") {
		t.Error("events impossible with Rommel on the map and Tobruk reduced")
	}
	s.applyEvent("tobruk-reconstruction")
	if s.Pos.FortressLost[0] != 0 {
		t.Error("Tobruk not restored")
	}
}

// TestPrimeMinister: the Allies lose 3 VP unless they attack this turn.
func TestPrimeMinister(t *testing.T) {
	for _, attacked := range []bool{false, true} {
		s := stateAt(t, "unit aus-16 5109\nunit babini 2710", 10, Allied)
		withEvent(t, s, "prime-minister")
		s.AlliedAttacked = attacked
		s.endPlayerTurn()
		if want := map[bool]int8{false: 3, true: 0}[attacked]; s.AlliedVPLoss != want {
			t.Errorf("attacked %v: VP loss %d, want %d", attacked, s.AlliedVPLoss, want)
		}
	}
}

// TestComandoSupremo: no Axis Major Offensive this turn.
func TestComandoSupremo(t *testing.T) {
	s := stateAt(t, "depot axis 2306", 10, Axis)
	s.AP[Axis] = 12
	withEvent(t, s, "comando-supremo")
	s.toMajor()
	if s.Step == stMajor {
		t.Error("Major Offensive offered under the Comando Supremo event")
	}
	s.Event = -1
	s.toMajor()
	if s.Step != stMajor {
		t.Error("Major Offensive not offered")
	}
}
