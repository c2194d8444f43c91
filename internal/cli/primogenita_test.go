package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/games/primogenita"
)

// primogenitaToChoice is the input that plays the first legal action of
// each decision of humans in La Primogenita's setup until both sides
// choose their Orders (3.2).
func primogenitaToChoice(t *testing.T, seed uint64, humans engine.SideSet) []string {
	t.Helper()
	st, err := primogenita.Game{}.New(engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for len(st.Active().Sides()) == 1 {
		side := st.Active().Sides()[0]
		if err := st.Apply(side, st.Legal(side, nil)[0]); err != nil {
			t.Fatal(err)
		}
		if humans.Has(side) {
			lines = append(lines, "1")
		}
	}
	return lines
}

// TestPrimogenitaHotSeatChoice: at the secret Order choice (3.2) the hot
// seat asks the Allies for their whole choice, then Italy, and Italy's
// screen shows none of the Allied picks until both have committed; after
// the reveal it prints one side's private entries only while that side is
// at the screen.
func TestPrimogenitaHotSeatChoice(t *testing.T) {
	file := filepath.Join(t.TempDir(), "primogenita.json")
	in := append(primogenitaToChoice(t, 3, engine.Only(primogenita.Allied)|engine.Only(primogenita.Italian)), "1", "1", "1", "1", "commit", "1", "1", "1", "1", "commit", "save "+file, "quit")
	code, out, _ := runCmd(t, inputLines(in...), "play", "primogenita", "--side", "both", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	ai := strings.Index(out, "secret choice: allied only")
	it := strings.Index(out, "secret choice: italian only")
	rev := strings.Index(out, "Allies Orders: ")
	if ai < 0 || it < ai || rev < it {
		t.Fatalf("hand-over or reveal missing or out of order (%d, %d, %d):\n%s", ai, it, rev, out)
	}
	if n := strings.Count(out, "secret choice: allied only"); n != 1 {
		t.Errorf("the Allies were handed the terminal %d times, want once", n)
	}
	last := strings.LastIndex(out[:rev], "italian> ") // Italy's commit; the log follows it
	italy := out[it:last]
	if strings.Contains(italy, "you choose") {
		t.Errorf("Italy's screen shows a pick before the reveal:\n%s", italy)
	}
	if first := italy[:strings.Index(italy, "italian> ")]; !strings.Contains(first, "Your choice: — (0 of 4)") || !strings.Contains(first, "has chosen its Orders") {
		t.Errorf("Italy's first view shows an Allied pick or not that the Allies have chosen:\n%s", first)
	}
	// After the reveal the shared screen prints the private entries of the
	// side at it only: its own four picks, never the other side's.
	if n := strings.Count(out[last:], "you choose"); n != 4 {
		t.Errorf("after the reveal the log shows %d picks, want the four of the side at the screen:\n%s", n, out[last:])
	}

	// the record replays, its log in Italian
	code, out, _ = runCmd(t, "", "replay", file, "--lang", "it")
	if code != 0 || !strings.Contains(out, "every state hash verified") || !strings.Contains(out, "[2.1] turno di gioco 1") {
		t.Fatalf("replay: exit %d\n%s", code, out)
	}
}

// TestPrimogenitaComputerChoice: a computer's Order choice is announced
// once, when made, never pick by pick (which would tell how many Orders
// it took).
func TestPrimogenitaComputerChoice(t *testing.T) {
	in := primogenitaToChoice(t, 5, engine.Only(primogenita.Italian))
	code, out, _ := runCmd(t, inputLines(append(in, "1", "1", "1", "1", "commit", "quit")...), "play", "primogenita", "--side", "italian", "--ai", "random", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if n := strings.Count(out, "allied (computer): has made its secret choice"); n != 1 {
		t.Errorf("%d announcements of the Allied choice, want 1:\n%s", n, out)
	}
	if strings.Contains(out, "allied (computer): choose") {
		t.Errorf("a computer pick described:\n%s", out)
	}
}
