package primogenita

import (
	"fmt"

	"sandtable/internal/engine"
)

// Game is La Primogenita for the engine, registered from init.
type Game struct{}

func init() { engine.Register(Game{}) }

func (Game) ID() string          { return "primogenita" }
func (Game) Title() string       { return "La Primogenita" }
func (Game) SideNames() []string { return []string{"allied", "italian"} }
func (Game) Scenarios() []string { return []string{"campaign"} }

// New returns the start of the campaign (1.7): Italy sets up first.
func (Game) New(setup engine.Setup) (engine.State, error) {
	if setup.Scenario != "" && setup.Scenario != "campaign" {
		return nil, fmt.Errorf("primogenita: unknown scenario %q (campaign)", setup.Scenario)
	}
	return NewState(DefaultData(), setup.Seed), nil
}

// Clone returns an independent copy without a log (engine.State).
func (s *State) Clone() engine.State { return s.clone() }

// Waiting reports that side has committed its Order choice and may only
// take it back while the other side chooses (3.2, ruling P3;
// engine.Waiter).
func (s *State) Waiting(side engine.Side) bool {
	return s.Step == stChoose && side >= 0 && side < 2 && s.Committed[side]
}

// Aside reports that a only takes back part of the side's own secret
// choice before the reveal (3.2: drop, uncommit; engine.Asider): it answers
// no question of the game, the same side decides after it, and the server
// credits it no clock time. The computer players leave asides alone: a
// search that may drop and pick again spent a third of its Order choices
// on going round that loop (issue 25).
func (s *State) Aside(a engine.Action) bool { return a.Op == opDrop || a.Op == opUncommit }

// Determinize resamples what viewer cannot see (engine.State).
// The other side's unrevealed Orders are drawn by what the situation seen
// from outside calls for (determinizeOrders, ai.go); future dice from a
// new seed.
func (s *State) Determinize(viewer engine.Side, r *engine.Rand) engine.State {
	c := s.clone()
	c.Rand = engine.NewRand(r.Uint64())
	if s.Step == stChoose {
		for _, side := range []engine.Side{Allied, Italian} {
			if side != viewer { // an observer knows neither side's choice (3.2)
				c.determinizeOrders(side, r)
			}
		}
	}
	return c
}

// View is what side may see (engine.State).
func (s *State) View(side engine.Side, lang string) any { return s.viewIn(side, lang) }

// CheckInvariants verifies what must always hold: no hex holds both sides'
// units; units on the map are on hexes; no hex ever exceeds its Stacking
// Limit (1.5; ruling P14 keeps it so during Orders too); a Trench lies on a
// hex or its sheet; the Order counters are where the sequence allows.
func (s *State) CheckInvariants() error {
	side := make([]int8, len(s.d.Hexes))
	for u := range s.d.Units {
		st := &s.Pos.Units[u]
		if st.Loc != OnMap {
			continue
		}
		if st.Hex < 0 || int(st.Hex) >= len(s.d.Hexes) {
			return fmt.Errorf("%s on hex %d", s.d.Units[u].ID, st.Hex)
		}
		sd := int8(s.d.Units[u].Side) + 1
		if side[st.Hex] != 0 && side[st.Hex] != sd {
			return fmt.Errorf("both sides in %s", s.d.Hexes[st.Hex].ID)
		}
		side[st.Hex] = sd
		if s.d.enemyEntry(s.d.Units[u].Side, int(st.Hex)) {
			return fmt.Errorf("%s in the enemy Entry hex %s", s.d.Units[u].ID, s.d.Hexes[st.Hex].ID)
		}
	}
	for h := range s.d.Hexes {
		if s.d.Overstacked(&s.Pos, h) {
			return fmt.Errorf("%s over its Stacking Limit (1.5)", s.d.Hexes[h].ID)
		}
	}
	for _, t := range s.Pos.Trench {
		if t < noTrench || int(t) >= len(s.d.Hexes) {
			return fmt.Errorf("Trench on hex %d", t)
		}
	}
	for p := 1; p <= NumOrders; p++ {
		o := s.Orders[p]
		if o.Where == OrdPending && s.Step != stChoose {
			return fmt.Errorf("Order %d still secret outside the choice", p)
		}
		if o.Where == OrdBox && s.d.Orders[p].Category != Combination {
			return fmt.Errorf("Order %d in the Combination Orders Box", p)
		}
	}
	for _, side := range []engine.Side{Allied, Italian} {
		if s.boxCount(side) > MaxComboBox && s.Step != stBoxFull {
			return fmt.Errorf("%s box holds %d Combination Orders", sideNames[side], s.boxCount(side))
		}
	}
	return nil
}
