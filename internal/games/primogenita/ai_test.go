package primogenita

import (
	"math"
	"slices"
	"testing"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// randomStates plays seeded random games (a side that has committed its
// Orders waits, engine.Deciding) and returns a state every 25 actions.
func randomStates(t *testing.T, games int) []*State {
	t.Helper()
	var out []*State
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s := NewState(DefaultData(), seed)
		s.SetLogging(false)
		r := engine.NewRand(seed + 100)
		for i := 0; !s.Over(); i++ {
			side := engine.Deciding(s).Sides()[0]
			legal := s.Legal(side, nil)
			if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if i%25 == 0 {
				out = append(out, s.clone())
			}
		}
	}
	return out
}

// choosing returns a game at its first Order choice (3.2) in which Italy
// has committed four Orders, the highest it may pick or the lowest, the
// Allies not yet.
func choosing(t *testing.T, highest bool) *State {
	t.Helper()
	s := afterSetup(t)
	for !s.Committed[Italian] {
		var picks []engine.Action
		for _, a := range s.Legal(Italian, nil) {
			if a.Op == opPick {
				picks = append(picks, a)
			}
		}
		a := engine.Action{Op: opCommit}
		if len(picks) > 0 && s.chosen(Italian) < OrdersChosen {
			a = picks[len(picks)-1]
			if highest {
				a = picks[0]
			}
		}
		if err := s.Apply(Italian, a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// The computer players never read Italy's secret choice: two games that
// differ only in the Orders Italy committed give the Allies the same
// samples, the same greedy choice and the same search statistics.
func TestSearchNeverReadsTheSecretChoice(t *testing.T) {
	a, b := choosing(t, true), choosing(t, false)
	if slices.Equal(a.Marshal(), b.Marshal()) {
		t.Fatal("the two choices are the same: the test shows nothing")
	}
	ra, rb := engine.NewRand(9), engine.NewRand(9)
	for range 20 {
		da, db := a.Determinize(Allied, &ra), b.Determinize(Allied, &rb)
		if !slices.Equal(da.Marshal(), db.Marshal()) {
			t.Fatal("Determinize for the Allies depends on Italy's secret choice")
		}
		if da.(*State).chosen(Italian) != OrdersChosen {
			t.Fatalf("Italy committed, but its sampled choice weighs %d", da.(*State).chosen(Italian))
		}
		// An observer (the coach in hot seat, a replay) knows neither choice.
		if oa, ob := a.Determinize(engine.Observer, &ra), b.Determinize(engine.Observer, &rb); !slices.Equal(oa.Marshal(), ob.Marshal()) {
			t.Fatal("Determinize for an observer depends on Italy's secret choice")
		}
	}
	cfg := ai.FixedConfig
	cfg.Iterations = 200
	for _, name := range []string{"greedy", "random"} {
		pa, _ := ai.New(name, Game{}, 4)
		pb, _ := ai.New(name, Game{}, 4)
		if x, y := pa.Choose(a, Allied), pb.Choose(b, Allied); x != y {
			t.Errorf("%s chose %v and %v", name, x, y)
		}
	}
	sa := ai.NewMCTS(Game{}, cfg, 4).Search(a, Allied)
	sb := ai.NewMCTS(Game{}, cfg, 4).Search(b, Allied)
	if !slices.Equal(sa, sb) {
		t.Fatalf("the search depends on Italy's secret choice:\n%v\n%v", sa, sb)
	}
}

// The guess at the other side's Orders follows what the situation calls
// for: Orders it could not execute come up far less often than others.
func TestDeterminizeWeighsOrders(t *testing.T) {
	s := afterSetup(t)
	worth := s.orderWorths(Italian)
	r := engine.NewRand(5)
	count := map[int]int{}
	for range 400 {
		c := s.Determinize(Allied, &r).(*State)
		for p := 1; p <= NumOrders; p++ {
			if c.Orders[p].Where == OrdPending {
				if c.d.Orders[p].Side != Italian {
					t.Fatalf("the Allies' own Order %d sampled", p)
				}
				count[p]++
			}
		}
	}
	best, worst := 0, 0
	for p := 1; p <= NumOrders; p++ {
		if s.d.Orders[p].Side != Italian {
			continue
		}
		if best == 0 || worth[p] > worth[best] {
			best = p
		}
		if worst == 0 || worth[p] < worth[worst] {
			worst = p
		}
	}
	if count[best] <= count[worst] {
		t.Errorf("Order %d (worth %.2f) sampled %d times, Order %d (worth %.2f) %d times",
			best, worth[best], count[best], worst, worth[worst], count[worst])
	}
}

// The evaluation is a chance both sides share, the prior scores every
// action, and the rollout returns one of the legal actions, never taking a
// choice of Orders back.
func TestKnowledgeOnRandomStates(t *testing.T) {
	k := ai.KnowledgeFor(Game{}.ID())
	r := engine.NewRand(1)
	for i, s := range randomStates(t, 2) {
		if s.Over() {
			continue
		}
		a, b := k.Evaluate(s, Allied), k.Evaluate(s, Italian)
		if a < 0 || a > 1 || math.Abs(a+b-1) > 1e-9 {
			t.Fatalf("state %d: Allied %v, Italian %v", i, a, b)
		}
		for _, side := range engine.Deciding(s).Sides() {
			legal := s.Legal(side, nil)
			scores := make([]float64, len(legal))
			k.Prior(s, side, legal, scores)
			for _, v := range scores {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("state %d: prior %v", i, scores)
				}
			}
			got := k.Rollout(s, side, legal, &r)
			if !slices.Contains(legal, got) {
				t.Fatalf("state %d: rollout %v not legal", i, got)
			}
			if s.Step == stChoose && (got.Op == opDrop || got.Op == opUncommit) {
				t.Fatalf("state %d: rollout takes a choice back: %s", i, s.EncodeAction(got))
			}
		}
	}
}

// Every player chooses legal actions (PlayGame refuses any other): greedy
// through a whole game, the search through its first 200 actions (setup
// and the first choices of Orders).
func TestPlayersPlayLegalGames(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	g := Game{}
	greedy, _ := ai.New("greedy", g, 1)
	random, _ := ai.New("random", g, 2)
	res, err := ai.PlayGame(g, engine.Setup{Seed: 3}, []ai.Player{random, greedy}, 0)
	if err != nil || res.Capped || len(res.Returns) != 2 {
		t.Fatalf("greedy's game: %v, %+v", err, res)
	}
	search, _ := ai.New("mcts:iter=10", g, 4)
	if _, err := ai.PlayGame(g, engine.Setup{Seed: 5}, []ai.Player{greedy, search}, 200); err != nil {
		t.Fatal(err)
	}
}

// The evaluation judges what decides the game: at the start it is neither
// side's certainty (a search compares its actions by differences of it);
// it rises when the Allies enter a town (2.2), falls when an Italian unit
// comes within two hexes of an empty town they took (a retake) and when an Allied
// unit no supply reaches is already on Low Supply (5.7c: a step lost at
// the Supply Phase).
func TestEvaluateJudges(t *testing.T) {
	start := afterSetup(t)
	if v := evaluate(start, Allied); v < 0.1 || v > 0.9 {
		t.Errorf("at the start the Allies' chance is %.3f: crowded at one end", v)
	}
	cutOff := func(s *State, f *fixture) { s.Pos.Units[f.unit("11-ind")].Hex = int16(f.hex("P-20")) }
	cases := []struct {
		name           string
		before, change func(s *State, f *fixture)
		up             bool
	}{
		{"the Allies enter Sabderat", nil, func(s *State, f *fixture) {
			s.Pos.Units[f.unit("11-ind")].Hex = int16(f.hex("I-3"))
			s.setFlag(s.d.town("sabderat"), Allied)
		}, true},
		{"an Italian battalion two hexes from Sabderat, taken and left empty", sabderatTaken, func(s *State, f *fixture) {
			s.Pos.Units[f.unit("12-col")].Hex = int16(f.hex("I-5"))
		}, false},
		{"an Allied brigade cut off, Low Supply", cutOff, func(s *State, f *fixture) {
			s.Pos.Units[f.unit("11-ind")].Supply = LowSupply
		}, false},
	}
	// 2.4: one town from 20 VP late in GT7, with a brigade next to it and
	// none to defend it, the Victory Check at the turn's end is better than
	// even; the Game Turn Track's 5 VP to come do not count against it.
	late := start.clone()
	f := &fixture{t: t, d: late.d, p: &late.Pos}
	late.Turn, late.Segment, late.VP = 7, 2, 19
	late.Pos.Units[f.unit("12-col")].Hex = int16(f.hex("J-19"))
	late.Pos.Units[f.unit("11-ind")].Hex = int16(f.hex("H-5"))
	if v := evaluate(late, Allied); v < 0.5 {
		t.Errorf("19 VP in GT7's 2nd Segment, next to an empty Keru: the Allies' chance is %.3f", v)
	}
	for _, c := range cases {
		s := start.clone()
		f := &fixture{t: t, d: s.d, p: &s.Pos}
		if c.before != nil {
			c.before(s, f)
		}
		before := evaluate(s, Allied)
		c.change(s, f)
		after := evaluate(s, Allied)
		if after > before != c.up || after == before {
			t.Errorf("%s: %.4f -> %.4f", c.name, before, after)
		}
	}
}

// sabderatTaken is the start with Sabderat Allied and empty, and the
// Italian units near it gone to Asmara.
func sabderatTaken(s *State, f *fixture) {
	s.setFlag(s.d.town("sabderat"), Allied)
	for _, id := range []string{"12-col", "bande"} {
		s.Pos.Units[f.unit(id)].Hex = int16(f.hex("J-19"))
	}
}

// TestBombardmentWorth: a Bombardment Order is worth choosing with the
// side's Artillery next to an enemy unit (6.1), less a hex farther (a Move
// Order may bring it up), little with none in reach.
func TestBombardmentWorth(t *testing.T) {
	worth := func(gun string) float64 {
		s := afterSetup(t)
		f := &fixture{t: t, d: s.d, p: &s.Pos}
		for u := range s.d.Units {
			if s.d.Units[u].Side == Allied && s.d.Units[u].Artillery && s.Pos.Units[u].Loc == OnMap {
				s.Pos.Units[u].Hex = int16(f.hex("I-1"))
			}
		}
		s.Pos.Units[f.unit("12-col")].Hex = int16(f.hex("G-5"))
		if gun != "" {
			s.Pos.Units[f.unit("4-ra-1")].Hex = int16(f.hex(gun))
		}
		return s.orderWorths(Allied)[22]
	}
	next, two, none := worth("H-5"), worth("H-4"), worth("")
	if !(next > two && two > none) {
		t.Errorf("Full Bombardment's worth: next to the column %.3f, two hexes %.3f, out of reach %.3f", next, two, none)
	}
}

// TestNarrowExecutesMainOrders: over random games, the searching players
// weigh no decline of a drawn Main Order in the 2nd ORDER Segment, nor of
// an Allied Move Order in the 1st (narrow), and every other choice as the
// rules give it.
func TestNarrowExecutesMainOrders(t *testing.T) {
	seen := [2]int{}
	walkRandomGames(t, 3, 400, func(s *State, side engine.Side, legal []engine.Action) bool {
		drop := narrow(s, side)
		want := false
		if s.Step == stExecute {
			o := &s.d.Orders[s.Current]
			want = o.Category == Main && (s.Segment == 2 || o.Side == Allied && o.Letter == 'M')
			if want {
				seen[s.Segment-1]++
			}
		}
		if (drop != nil) != want {
			t.Fatalf("GT%d Segment %d step %d Order %d: narrowed %v, want %v", s.Turn, s.Segment, s.Step, s.Current, drop != nil, want)
		}
		for _, a := range legal {
			if drop != nil && drop(a) != (a.Op == opDecline) {
				t.Fatalf("narrow leaves out %s", s.EncodeAction(a))
			}
		}
		return true
	})
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("narrowed %d times in the 1st Segment, %d in the 2nd", seen[0], seen[1])
	}
}

// TestRolloutMovesByScore: in a Move Order the rollout plays the best
// scored step of all (four times in five; a uniform one otherwise), so
// that a playout's 24 actions bring the army nearer its goals.
func TestRolloutMovesByScore(t *testing.T) {
	seen := 0
	for _, s := range randomStates(t, 3) {
		if s.Step != stMove {
			continue
		}
		side := s.Decider
		legal := s.Legal(side, nil)
		if len(legal) < 4 {
			continue
		}
		seen++
		var field *supplyField
		best := math.Inf(-1)
		for _, a := range legal {
			best = max(best, s.score(side, a, nil, &field))
		}
		r := engine.NewRand(uint64(seen))
		hits := 0
		for range 200 {
			if s.score(side, rollout(s, side, legal, &r), nil, &field) == best {
				hits++
			}
		}
		if hits < 140 {
			t.Errorf("GT%d: the best scored step played %d times in 200", s.Turn, hits)
		}
	}
	if seen < 5 {
		t.Fatalf("only %d Move decisions", seen)
	}
}

// TestTurnAndAsides: over random games, the computer players' game turn
// (turnOf) never goes back, is the setup's own while it lasts and changes
// only at a new ORDER Segment (2.1), so that each Segment has one time
// budget; the only asides (engine.Asider) are the drop and the uncommit of
// a secret choice (3.2), and a complete choice leaves the players only its
// commit.
func TestTurnAndAsides(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := NewState(DefaultData(), seed)
		s.SetLogging(false)
		r := engine.NewRand(seed + 200)
		last := turnOf(s)
		if last != 0 {
			t.Fatalf("setup's turn %d, want 0", last)
		}
		for !s.Over() {
			side := engine.Deciding(s).Sides()[0]
			legal := s.Legal(side, nil)
			for _, a := range legal {
				if want := a.Op == opDrop || a.Op == opUncommit; s.Aside(a) != want {
					t.Fatalf("Aside(%s) = %v", s.EncodeAction(a), !want)
				}
			}
			if s.Step == stChoose && s.chosen(side) == OrdersChosen {
				if c := slices.DeleteFunc(slices.Clone(legal), s.Aside); len(c) != 1 || c[0].Op != opCommit {
					t.Fatalf("a complete choice leaves %v", c)
				}
			}
			if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			turn := turnOf(s)
			switch {
			case turn < last:
				t.Fatalf("turn went back from %d to %d at GT%d", last, turn, s.Turn)
			case turn != last && s.Step != stSetup && s.Step != stChoose && s.Step != stSource && !s.Over():
				t.Fatalf("turn changed from %d to %d at step %d, not at an ORDER Segment's choice", last, turn, s.Step)
			}
			last = turn
		}
	}
}

// TestAssaultTargetsByOdds: where an Assault's target is chosen (7.1) in
// random games, the prior ranks the targets by the odds every unit able
// to join would get (7.2's shifts included): a target that is no enemy
// town ranks below ending the Order at 1:2 and 1:1 and above it from 3:1,
// and a better column never ranks below a worse one.
func TestAssaultTargetsByOdds(t *testing.T) {
	seen := 0
	walkRandomGames(t, 6, 300, func(s *State, side engine.Side, legal []engine.Action) bool {
		if s.Step == stAsTarget {
			seen++
			var field *supplyField
			done := s.score(side, engine.Action{Op: opDone}, nil, &field)
			type target struct {
				col   int
				score float64
			}
			var plain []target
			for _, a := range legal {
				if a.Op != opTarget || s.d.Hexes[a.A].Town >= 0 {
					continue
				}
				h := int(a.A)
				var att []int
				for u := range s.d.Units {
					if s.canAssault(u, h) {
						att = append(att, u)
					}
				}
				col := FinalColumn(OddsColumn(s.strengthOf(att), s.d.StackStrength(&s.Pos, Other(side), h)), s.shiftsAt(h, att).Net())
				v := s.score(side, a, nil, &field)
				switch {
				case col <= Odds1to1 && v >= done:
					t.Fatalf("GT%d: a target at column %d scores %v, ending the Order %v", s.Turn, col, v, done)
				case col >= Odds3to1 && v <= done:
					t.Fatalf("GT%d: a target at column %d scores %v, ending the Order %v", s.Turn, col, v, done)
				}
				for _, o := range plain {
					if o.col > col && o.score < v || o.col < col && o.score > v {
						t.Fatalf("GT%d: column %d scores %v, column %d %v", s.Turn, o.col, o.score, col, v)
					}
				}
				plain = append(plain, target{col, v})
			}
		}
		return true
	})
	if seen < 20 {
		t.Fatalf("only %d target choices", seen)
	}
}

// TestDecisionsLeft: the estimate of a side's decisions left in its turn
// (decisionsLeft, the turn budget's spread) is at least one wherever the
// side decides, and reads nothing the side cannot see: it is the same on
// any determinization of the state from the side's view.
func TestDecisionsLeft(t *testing.T) {
	r := engine.NewRand(9)
	for i, s := range randomStates(t, 2) {
		for _, side := range engine.Deciding(s).Sides() {
			n := decisionsLeft(s, side)
			if n < 1 {
				t.Fatalf("state %d: %d decisions left", i, n)
			}
			if m := decisionsLeft(s.Determinize(side, &r), side); m != n {
				t.Fatalf("state %d: %d decisions left, %d on a determinization", i, n, m)
			}
		}
	}
}

// TestHoldingIsWeighed: in a Move Order (4.1), stopping the moving unit
// scores above every step that brings it no nearer its goal and gains
// nothing else (Italy's steps, which have no supply terms), so that it
// ranks among the search's three best (TopK) unless three steps gain
// ground: a unit with sideways steps may still stop, instead of walking
// until its Movement points are spent (issue 25).
func TestHoldingIsWeighed(t *testing.T) {
	seen := 0
	for _, s := range randomStates(t, 8) {
		if s.Step != stMove || s.Mover < 0 || s.Decider != Italian {
			continue
		}
		legal := s.Legal(Italian, nil)
		scores := make([]float64, len(legal))
		prior(s, Italian, legal, scores)
		hold := scores[slices.IndexFunc(legal, func(a engine.Action) bool { return a.Op == opHalt })]
		from := int(s.Pos.Units[s.Mover].Hex)
		for i, a := range legal {
			if a.Op == opMove && s.goalDistance(Italian, int(a.B)) >= s.goalDistance(Italian, from) {
				seen++
				if scores[i] >= hold {
					t.Errorf("GT%d: a step that gains no ground scores %.2f, halting %.2f", s.Turn, scores[i], hold)
				}
			}
		}
	}
	if seen < 5 {
		t.Fatalf("only %d steps that gain no ground", seen)
	}
}

// TestOcAnswers: at an Oc (7.3) the prior and the playouts take the
// result as a "1" while the units can lose a step and hold their hex, and
// retreat or counterattack when the step would be their last (issue 25:
// the playouts drew the answers alike, and defenders walked out of
// Cheren).
func TestOcAnswers(t *testing.T) {
	seen := [2]int{}
	walkRandomGames(t, 30, 300, func(s *State, side engine.Side, legal []engine.Action) bool {
		if s.Step == stAsOc {
			scores := make([]float64, len(legal))
			prior(s, side, legal, scores)
			hold := s.canHold(s.lossCandidates())
			for i, a := range legal {
				if a.Op == opTakeLoss {
					continue
				}
				take := scores[slices.IndexFunc(legal, func(a engine.Action) bool { return a.Op == opTakeLoss })]
				if hold && scores[i] >= take || !hold && scores[i] <= take {
					t.Errorf("GT%d: hold %v, take a \"1\" %.2f, op %d %.2f", s.Turn, hold, take, a.Op, scores[i])
				}
			}
			if hold {
				seen[0]++
			} else {
				seen[1]++
			}
		}
		return seen[0]+seen[1] < 20
	})
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("Oc answers seen: %d that can hold, %d that cannot", seen[0], seen[1])
	}
}

// walkRandomGames plays seeded random games (seeds 1 to games, the
// choices drawn from engine.NewRand(seed+offset)) and calls visit at
// every decision, before its action is applied; visit returns false to
// stop.
func walkRandomGames(t *testing.T, games int, offset uint64, visit func(s *State, side engine.Side, legal []engine.Action) bool) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s := NewState(DefaultData(), seed)
		s.SetLogging(false)
		r := engine.NewRand(seed + offset)
		for !s.Over() {
			side := engine.Deciding(s).Sides()[0]
			legal := s.Legal(side, nil)
			if !visit(s, side, legal) {
				return
			}
			if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
