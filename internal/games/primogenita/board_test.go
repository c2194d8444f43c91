package primogenita

import (
	"strconv"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// The terminal board (Board) in both languages: the turn and VP, the
// towns and the occupied hexes; at the secret choice (3.2) the chooser's
// own Orders listed as its choice, and of the other side's only that it
// has chosen: the Allies' board, and an observer's, is the same whichever
// Orders Italy committed.
func TestBoardSecretChoice(t *testing.T) {
	high, low := choosing(t, true), choosing(t, false)
	for _, c := range []struct{ lang, status, choice, other string }{
		{"en", "Game Turn 1 of 10", "Your choice: ", "has chosen its Orders"},
		{"it", "Turno 1 di 10", "La tua scelta: ", "ha scelto i suoi ordini"},
	} {
		allied := high.Board(Allied, c.lang)
		if allied != low.Board(Allied, c.lang) {
			t.Errorf("%s: the Allies' board depends on Italy's secret choice", c.lang)
		}
		if high.Board(engine.Observer, c.lang) != low.Board(engine.Observer, c.lang) {
			t.Errorf("%s: the observer's board depends on Italy's secret choice", c.lang)
		}
		for _, want := range []string{c.status, "Agordat H-11 3 I", "H-11 Agordat", c.other, c.choice + "— (0 "} {
			if !strings.Contains(allied, want) {
				t.Errorf("%s: the Allies' board lacks %q:\n%s", c.lang, want, allied)
			}
		}
		italy := high.Board(Italian, c.lang)
		line := italy[strings.Index(italy, c.choice):]
		line = line[:strings.Index(line, "\n")]
		for p := 1; p <= NumOrders; p++ {
			if high.Orders[p].Where == OrdPending {
				name, _ := text(c.lang, "order."+strconv.Itoa(p))
				if !strings.Contains(line, strconv.Itoa(p)+" "+name) {
					t.Errorf("%s: Italy's choice line lacks Order %d: %q", c.lang, p, line)
				}
			}
		}
	}
}

// The Assault under way on the board: the odds, every shift with its
// reason (7.2), the final column and the die's result, as the view has
// them (TestAssaultView's position).
func TestBoardAssault(t *testing.T) {
	s, _ := twoBrigadesOnI1(t)
	dieNext(t, s, 1)
	do(t, s, Allied, "resolve")
	for _, c := range []struct{ lang, want string }{
		{"en", "Assault on I-1 (Allies): "},
		{"it", "Assalto a I-1 (Alleati): "},
	} {
		b := s.Board(Allied, c.lang)
		for _, want := range []string{c.want, "16:5 → 3:1", "+1 " + texts.Text(c.lang, "client.reason.two-hexes"), " 4:1 (", ": 1-Oc"} {
			if !strings.Contains(b, want) {
				t.Errorf("%s: the board lacks %q:\n%s", c.lang, want, b)
			}
		}
	}
}

// hexLess orders hex ids by row, then column as a number, Entry hexes last.
func TestHexLess(t *testing.T) {
	for _, c := range []struct {
		a, b string
		less bool
	}{{"A-2", "A-10", true}, {"A-10", "A-2", false}, {"B-1", "A-9", false}, {"R-28", "west-kassala", true}, {"west-kassala", "A-1", false}} {
		if got := hexLess(c.a, c.b); got != c.less {
			t.Errorf("hexLess(%s, %s) = %v", c.a, c.b, got)
		}
	}
}
