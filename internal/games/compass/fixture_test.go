package compass

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
)

// A fixture is a small position written as lines of text:
//
//	turn 3
//	unit 7rtr sidi-barrani [reduced] [oos] [lost]
//	unit div-cirene eliminated
//	control allied sofafi nibeiwa
//	hand allied leader air-support
//	bag italian matilda
//	rng 42
//	begin movement allied     (or: combat allied, exploitation allied, admin)
//
// Units not named are out of play. The position starts with empty hands
// and containers, Italian control everywhere but Piccadilly Circus, and the
// sequence entered at the named phase (which runs its automatic steps, such
// as the supply check that opens a player turn).
func fixture(t *testing.T, text string) *State {
	t.Helper()
	s := newState(DefaultData(), 1, true)
	s.core = core{}
	s.Turn, s.Rng = 1, engine.NewRand(1)
	for a := range s.Control {
		s.Control[a] = int8(Italian)
	}
	s.Control[s.logisticArea(Allied)] = int8(Allied)
	for u := range s.Units {
		s.Units[u] = unit{Area: boxRemoved, Target: noArea}
	}
	enginetest.Lines(t, text, func(f []string, fail func(format string, args ...any)) {
		switch f[0] {
		case "turn":
			n, _ := strconv.Atoi(f[1])
			s.Turn = int8(n)
		case "rng":
			n, _ := strconv.ParseUint(f[1], 10, 64)
			s.Rng = engine.NewRand(n)
		case "unit":
			u := mustUnit(t, s, f[1])
			switch f[2] {
			case "eliminated":
				s.Units[u].Area = boxEliminated
			case "track":
				s.Units[u].Area = boxTrack
			default:
				s.Units[u].Area = int8(mustArea(t, s, f[2]))
				s.Control[s.Units[u].Area] = int8(s.side(u))
			}
			for _, flag := range f[3:] {
				switch flag {
				case "reduced":
					s.Units[u].Hits = 1
				case "oos":
					s.Units[u].Flags |= fOOS
				case "lost":
					s.Units[u].Flags |= fLost
				default:
					fail("unknown unit flag %q", flag)
				}
			}
		case "control":
			side := mustSide(t, f[1])
			for _, a := range f[2:] {
				s.Control[mustArea(t, s, a)] = int8(side)
			}
		case "hand", "bag":
			side := mustSide(t, f[1])
			for _, e := range f[2:] {
				k, err := s.eventArg(e)
				if err != nil {
					fail("%v", err)
				}
				if f[0] == "hand" {
					s.Hand[side][k]++
				} else {
					s.Bag[side][k]++
				}
			}
		case "begin":
			switch f[1] {
			case "admin":
				s.beginTurn()
			case "movement":
				s.beginPlayerTurn(mustSide(t, f[2]))
			case "combat":
				s.Phasing = mustSide(t, f[2])
				s.beginCombatPhase()
			case "exploitation":
				s.Phasing = mustSide(t, f[2])
				s.beginExploitation()
			default:
				fail("unknown phase")
			}
		default:
			fail("unknown keyword")
		}
	})
	s.TakeLog()
	return s
}

func mustUnit(t *testing.T, s *State, id string) int {
	t.Helper()
	u, err := s.unitArg(id)
	if err != nil {
		t.Fatal(err)
	}
	return int(u)
}

func mustArea(t *testing.T, s *State, id string) int {
	t.Helper()
	a, err := s.areaArg(id)
	if err != nil {
		t.Fatal(err)
	}
	return int(a)
}

func mustSide(t *testing.T, name string) engine.Side {
	t.Helper()
	side, err := engine.SideByName(Game{}, name)
	if err != nil {
		t.Fatal(err)
	}
	return side
}

// do applies actions given as record text for whoever must decide, failing
// the test on any refusal.
func do(t *testing.T, s *State, actions ...string) {
	t.Helper()
	for _, text := range actions {
		a, err := s.DecodeAction(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(s.Decider, a); err != nil {
			t.Fatalf("%s: %v\nlegal: %v", text, err, legalTexts(s))
		}
	}
}

// refused checks that an action is not allowed now.
func refused(t *testing.T, s *State, text string) {
	t.Helper()
	a, err := s.DecodeAction(text)
	if err != nil {
		t.Fatal(err)
	}
	before := s.Marshal()
	if err := s.Apply(s.Decider, a); err == nil {
		t.Fatalf("%q was accepted; legal: %v", text, legalTexts(s))
	}
	if string(before) != string(s.Marshal()) {
		t.Fatalf("refused %q changed the state", text)
	}
}

func legalTexts(s *State) []string {
	var out []string
	for _, a := range s.Legal(s.Decider, nil) {
		out = append(out, s.EncodeAction(a))
	}
	return out
}

func hasLegal(s *State, text string) bool { return slices.Contains(legalTexts(s), text) }

// where is the id of the area a unit stands in, or its box.
func where(s *State, id string) string {
	u, _ := s.unitArg(id)
	switch a := s.Units[u].Area; {
	case a >= 0:
		return s.d.Areas[a].ID
	case a == boxEliminated:
		return "eliminated"
	case a == boxTrack:
		return "track"
	}
	return "removed"
}

// logText is the log so far, rendered in English.
func logText(s *State) string {
	var b strings.Builder
	for _, e := range s.TakeLog() {
		b.WriteString(s.RenderLog(e, "en"))
		b.WriteString("\n")
	}
	return b.String()
}
