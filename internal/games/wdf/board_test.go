package wdf

import (
	"slices"
	"testing"

	"sandtable/internal/engine"
)

// TestBoardFollows: a board derived from the one before (Board.follow)
// is the board read afresh, and the supply nets and reports it keeps are
// those traced afresh, at every action of uniformly random games (which move
// units most).
func TestBoardFollows(t *testing.T) {
	games, most := 2, 30000
	if testing.Short() {
		games, most = 1, 3000
	}
	d := DefaultData()
	for seed := range uint64(games) {
		st, _ := Game{}.New(engine.Setup{Seed: seed + 1})
		s := st.(*State)
		s.SetLogging(false)
		r := engine.NewRand(seed)
		followed := 0
		for n := 0; n < most && !s.Over(); n++ {
			side := s.Active().Sides()[0]
			legal := s.Legal(side, nil)
			before := s.bd
			s.ApplyUnchecked(side, legal[r.IntN(len(legal))])
			b := s.board()
			if b == before {
				continue
			}
			fresh := NewBoard(d, &s.Pos)
			if b.grid != fresh.grid {
				t.Fatalf("seed %d action %d: the derived board differs from the board read afresh", seed+1, n)
			}
			for p := range engine.Side(2) {
				if r := b.sup[p].Load(); r != nil {
					want := fresh.Supply(p)
					if r.From != want.From || r.Supplied != want.Supplied || r.ViaTobruk != want.ViaTobruk || !slices.Equal(r.Tobruk, want.Tobruk) {
						t.Fatalf("seed %d action %d: %s's kept supply report differs from the report traced afresh", seed+1, n, s.sideName(p))
					}
				}
				net := b.net[p].Load()
				if net == nil {
					continue
				}
				followed++
				want := fresh.NewSupplyNet(p, d.SupplySource[p])
				if net.Source != want.Source || !slices.Equal(net.road, want.road) || !slices.Equal(net.track, want.track) {
					t.Fatalf("seed %d action %d: %s's kept supply net differs from the net traced afresh", seed+1, n, s.sideName(p))
				}
			}
		}
		if followed == 0 {
			t.Errorf("seed %d: no supply net was kept from one board to the next", seed+1)
		}
	}
}

// TestBoardKeepsReports: a board on which no unit changed place keeps the
// supply reports of the board before only when nothing else Supply reads
// changed (Board.keepReports).
func TestBoardKeepsReports(t *testing.T) {
	d := DefaultData()
	tests := []struct {
		name   string
		change func(p *Position)
		kept   bool
	}{
		{"a step lost", func(p *Position) { p.Units[0].Reduced = !p.Units[0].Reduced }, true},
		{"an IP built", func(p *Position) { p.IPs[0] = IPState{Hex: p.Units[0].Hex, Level: 1} }, true},
		{"a leader moved", func(p *Position) { p.Leaders[0].Hex++ }, false},
		{"a unit to draw on Tobruk", func(p *Position) { p.TobrukPick[0] = true }, false},
		{"Tobruk changed hands", func(p *Position) { p.TobrukControl = 1 - p.TobrukControl }, false},
		{"Naval Support", func(p *Position) { p.Naval = !p.Naval }, false},
		{"a fortress lost", func(p *Position) { p.FortressLost[0]++ }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := &Board{D: d, snap: SetupPosition(d)}
			old.P = &old.snap
			old.read()
			old.report(Allied)
			b := &Board{D: d, snap: old.snap}
			b.P = &b.snap
			tt.change(&b.snap)
			if !b.follow(old) {
				t.Fatal("no unit moved, yet the board was not derived")
			}
			if kept := b.sup[Allied].Load() != nil; kept != tt.kept {
				t.Errorf("report kept %v, want %v", kept, tt.kept)
			}
		})
	}
}

// TestUnloggedMovesAsLogged: a game played without its log, whose moves
// skip finding their way when it cannot matter (moveUnit's known cost),
// passes through the same states as the same game logged, action by
// action, in uniformly random games (which move most).
func TestUnloggedMovesAsLogged(t *testing.T) {
	most := 30000
	if testing.Short() {
		most = 3000
	}
	for seed := range uint64(2) {
		st, _ := Game{}.New(engine.Setup{Seed: seed + 1})
		quiet := st.(*State)
		quiet.SetLogging(false)
		st, _ = Game{}.New(engine.Setup{Seed: seed + 1})
		logged := st.(*State)
		r := engine.NewRand(seed)
		for n := 0; n < most && !quiet.Over(); n++ {
			side := quiet.Active().Sides()[0]
			legal := quiet.Legal(side, nil)
			a := legal[r.IntN(len(legal))]
			quiet.ApplyUnchecked(side, a)
			if err := logged.Apply(side, a); err != nil {
				t.Fatalf("seed %d action %d: the logged game refused %s: %v", seed+1, n, logged.EncodeAction(a), err)
			}
			if !slices.Equal(quiet.Marshal(), logged.Marshal()) {
				t.Fatalf("seed %d action %d (%s): the unlogged state differs from the logged", seed+1, n, logged.EncodeAction(a))
			}
		}
	}
}
