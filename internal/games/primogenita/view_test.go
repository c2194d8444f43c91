package primogenita

import (
	"bytes"
	"encoding/json"
	goflag "flag"
	"os"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// The Assault view (7.1–7.3), on 7.1's example of two brigades from two
// hexes (16) against 5 in the open: 3:1 and one shift right for two hexes,
// with its reason, to 4:1; no die before the roll; after it the die and
// the Combat Table's result in that column.
func TestAssaultView(t *testing.T) {
	s, _ := twoBrigadesOnI1(t)
	a := s.viewIn(Allied, "en").Assault
	if a == nil || a.Target != "I-1" || a.Att != 16 || a.Def != 5 || a.Column != "3:1" || a.Final != "4:1" || a.Die != 0 || a.Result != "" {
		t.Fatalf("before the roll: %+v", a)
	}
	if len(a.Shifts) != 1 || a.Shifts[0] != (ShiftView{Reason: "two-hexes", By: 1}) {
		t.Errorf("shifts %+v, want one right for two hexes", a.Shifts)
	}
	if len(a.Column6) != 6 || a.Column6[0] != s.d.Tables.Combat[0][Odds4to1].String() {
		t.Errorf("the 4:1 column reads %v", a.Column6)
	}
	dieNext(t, s, 1)
	do(t, s, Allied, "resolve")
	b := s.viewIn(Allied, "it").Assault
	if b == nil || b.Die != 1 || b.Result != "1-Oc" {
		t.Fatalf("after the roll: %+v", b)
	}
	assaultFile(t, s.viewIn(Allied, "en"))
	if o := s.viewIn(Italian, "it").Orders[30]; o.Priority != 31 || o.Name == "" || o.Name == s.viewIn(Italian, "en").Orders[30].Name {
		t.Errorf("Order 31 in Italian: %+v", o)
	}
}

// assaultFile keeps testdata/assault-view.json, the view after the roll
// of TestAssaultView without the map, which the browser test draws
// (internal/web/primogenita_e2e_test.go); -update rewrites it.
func assaultFile(t *testing.T, v View) {
	t.Helper()
	v.Map = nil
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	const path = "testdata/assault-view.json"
	if f := goflag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(bytes.TrimSpace(old), b) {
		t.Errorf("%s is stale or missing (%v): rewrite it with go test -run TestAssaultView -update", path, err)
	}
}

// The reach the board lights in a Move Order (4.1): every legal next step
// is reached, and the first step of the way to every reached hex is a
// legal move; mid-move it is the moving unit's alone, from where it is.
func TestMoveReachView(t *testing.T) {
	s, f := stateWith(t)
	f.place("11-ind", "I-1")
	f.place("12-col", "G-5")
	executing(t, s, 36)
	check := func() map[string]map[string]string {
		t.Helper()
		reach := s.viewIn(Allied, "en").Reach
		legal := map[string]bool{}
		for _, x := range legalTexts(s, Allied) {
			legal[x] = true
			if f := strings.Fields(x); f[0] == "move" && reach[f[1]][f[2]] != f[2] {
				t.Errorf("%s: the reach does not lead there directly (%v)", x, reach[f[1]])
			}
		}
		for u, hexes := range reach {
			for h, via := range hexes {
				if !legal["move "+u+" "+via] {
					t.Errorf("%s to %s: the first step %s is not legal", u, h, via)
				}
			}
		}
		if s.viewIn(Italian, "en").Reach != nil {
			t.Error("the side not moving gets a reach")
		}
		return reach
	}
	if r := check(); len(r["11-ind"]) < 6 {
		t.Fatalf("11 Ind reaches %v", r["11-ind"])
	}
	do(t, s, Allied, "move 11-ind I-2")
	if r := check(); len(r) != 1 || len(r["11-ind"]) == 0 {
		t.Fatalf("mid-move reach %v", r)
	}
}

// The bombardment view (6.1–6.3), on bombardSetup's 7 strength: the "6"
// column before the roll; after a 3 ("Disr") the die, the result and the
// two units to Disrupt.
func TestBombardView(t *testing.T) {
	s, _ := bombardSetup(t)
	b := s.viewIn(Allied, "en").Bombard
	if b == nil || b.Target != "I-2" || b.Total != 7 || b.Column != "6" || len(b.Firing) != 3 || len(b.Table) != 6 || b.Die != 0 {
		t.Fatalf("before the roll: %+v", b)
	}
	dieNext(t, s, 3)
	do(t, s, Allied, "resolve")
	b = s.viewIn(Italian, "en").Bombard
	if b == nil || b.Die != 3 || b.Result != "Disr" || b.ToDisrupt != 2 {
		t.Fatalf("after the roll: %+v", b)
	}
}

// 3.2: the eight Orders revealed together stay marked revealed while they
// are drawn one by one, and only the viewer's own picks show before.
func TestRevealedView(t *testing.T) {
	s := afterSetup(t)
	for _, p := range []string{"36", "31", "27", "2"} {
		do(t, s, Allied, "pick "+p)
	}
	do(t, s, Allied, "commit")
	for _, p := range []string{"44", "28", "6", "4"} {
		do(t, s, Italian, "pick "+p)
	}
	revealed := func() (n int) {
		for _, o := range s.viewIn(engine.Observer, "en").Orders {
			if o.Revealed {
				n++
			}
		}
		return n
	}
	if revealed() != 0 {
		t.Fatal("Orders revealed before both commit")
	}
	do(t, s, Italian, "commit")
	if n := revealed(); n != 8 {
		t.Fatalf("%d Orders revealed, want 8", n)
	}
}

// BenchmarkViewMove is the cost of the moving side's view in a Move Order
// (the reach of every unit that may move) as the server sends it.
func BenchmarkViewMove(b *testing.B) {
	t := &testing.T{} // the fixture helpers take a *testing.T; this setup cannot fail
	s, f := stateWith(t)
	f.place("11-ind", "I-1")
	f.place("9-ind", "J-1")
	f.place("12-col", "G-5")
	executing(t, s, 36)
	n := 0
	for b.Loop() {
		j, _ := json.Marshal(s.viewIn(Allied, "en"))
		n = len(j)
	}
	b.ReportMetric(float64(n), "bytes/view")
}
