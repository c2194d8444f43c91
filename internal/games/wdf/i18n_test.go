package wdf

import (
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
)

// TestCatalog: the catalog loads from its files (every key in every
// language, the same placeholders) and has every step's prompt and phase.
func TestCatalog(t *testing.T) {
	c, err := words.Load("wdf", wordFiles, "words")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Langs()) < 2 {
		t.Errorf("languages %v", c.Langs())
	}
	for st, k := range stepKey {
		if !c.Has("phase."+k) || (st != stOver && !c.Has("prompt."+k)) {
			t.Errorf("step %d (%s) has no phase or prompt", st, k)
		}
	}
	for op, name := range opName[1:] {
		if !c.Has("action." + name) {
			t.Errorf("op %d (%s) has no words", op+1, name)
		}
	}
	for op, name := range combatOpName {
		if !c.Has("action."+name) && op != opResolve {
			t.Errorf("op %d (%s) has no words", op, name)
		}
	}
}

// TestRenderLogLanguages: the same stored entry reads in either language.
func TestRenderLogLanguages(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	for _, c := range []struct {
		e      engine.LogEntry
		en, it string
	}{
		{engine.LogEntry{Rule: "4.0", Key: "playerTurn", Args: []string{"axis"}}, "[4.0] axis player turn", "[4.0] turno del giocatore dell'Asse"},
		{engine.LogEntry{Rule: "9.2", Key: "eliminated", Args: []string{"2/Scots Gds", "true"}}, "[9.2] 2/Scots Gds is eliminated (permanently: true)", "[9.2] 2/Scots Gds è eliminata (definitivamente: sì)"},
		{engine.LogEntry{Rule: "7.5", Key: "supplyLevel", Args: []string{"poor"}}, "[7.5] Axis Supply Level: poor", "[7.5] livello di rifornimento dell'Asse: scarso"},
		{engine.LogEntry{Rule: "17.2", Key: "victory", Args: []string{"12", "9", "alliedWin"}}, "[17.2] victory points Allied 12, Axis 9: Allied victory", "[17.2] punti vittoria alleati 12, Asse 9: vittoria alleata"},
	} {
		if got := s.RenderLog(c.e, "en"); got != c.en {
			t.Errorf("en: got %q, want %q", got, c.en)
		}
		if got := s.RenderLog(c.e, "it"); got != c.it {
			t.Errorf("it: got %q, want %q", got, c.it)
		}
	}
}

// TestViewLanguages: the view's date, phase, prompt and result follow the
// viewer's language; the codes the client keys on (sides) do not.
func TestViewLanguages(t *testing.T) {
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	en, it := s.view(s.Decider, "en"), s.view(s.Decider, "it")
	if en.Phasing != it.Phasing || en.Decider != it.Decider {
		t.Errorf("side codes differ by language: %q/%q, %q/%q", en.Phasing, it.Phasing, en.Decider, it.Decider)
	}
	if en.Phase == it.Phase || en.Prompt == it.Prompt || en.Date == it.Date {
		t.Errorf("view not in Italian: phase %q, prompt %q, date %q", it.Phase, it.Prompt, it.Date)
	}
	if want := texts.Text("it", "prompt."+stepKey[s.Step]); it.Prompt != want {
		t.Errorf("Italian prompt %q, want %q", it.Prompt, want)
	}
	other := s.view(1-s.Decider, "it")
	if !strings.HasPrefix(other.Prompt, "in attesa del giocatore ") {
		t.Errorf("the waiting side's Italian prompt is %q", other.Prompt)
	}
	s.Result = 2
	if got := s.view(Allied, "it").Result; got != "vittoria dell'Asse" {
		t.Errorf("Italian result %q", got)
	}
	if got := s.view(Allied, "en").Result; got != "Axis victory" {
		t.Errorf("English result %q", got)
	}
	s.Result = 0
	for _, a := range legalAll(s, s.Decider) {
		if d := s.Describe(a, "it"); d == "" {
			t.Errorf("action %s has no Italian description", s.EncodeAction(a))
		}
	}
}

// TestDescribeInWords: every action met in random games is told in words
// in English and Italian, never as its record text, and the two differ
// (the combat steps stayed English and raw before: "shell 3408",
// "resolve no-ap", "spend 0").
func TestDescribeInWords(t *testing.T) {
	seen := map[uint8]bool{}
	for seed := uint64(1); seed <= 3; seed++ {
		st, _ := Game{}.New(engine.Setup{Seed: seed})
		s := st.(*State)
		r := engine.NewRand(seed)
		for n := 0; !s.Over() && n < 1500; n++ {
			side := s.Active().Sides()[0]
			legal := legalAll(s, side)
			for _, a := range legal {
				if seen[a.Op] && a.Op != opResolve {
					continue
				}
				seen[a.Op] = true
				rec, en, it := s.EncodeAction(a), s.Describe(a, "en"), s.Describe(a, "it")
				if (en == rec && a.Op != opDone) || it == rec || en == it || strings.Contains(en, "%!") || strings.Contains(it, "%!") {
					t.Errorf("%q is told as %q / %q", rec, en, it)
				}
			}
			a := legal[r.IntN(len(legal))]
			if r.IntN(3) == 0 {
				a = legal[len(legal)-1]
			}
			s.ApplyUnchecked(side, a)
		}
	}
	for _, op := range []uint8{opMove, opAttack, opSupport, opResolve} {
		if !seen[op] {
			t.Errorf("op %d never met in the random games: the test does not cover it", op)
		}
	}
	// The rest, made up: every op with words takes its arguments.
	st, _ := Game{}.New(engine.Setup{Seed: 1})
	s := st.(*State)
	for op := uint8(1); op < 64; op++ {
		name, ok := combatOpName[op]
		if !ok && int(op) < len(opName) {
			name = opName[op]
		}
		if name == "" || !texts.Has("action."+name) || op == opResolve {
			continue
		}
		a := engine.Action{Op: op, A: 1, B: 2}
		for _, lang := range []string{"en", "it"} {
			if d := s.Describe(a, lang); strings.Contains(d, "%!") || d == s.EncodeAction(a) && op != opDone {
				t.Errorf("%q is told in %s as %q", s.EncodeAction(a), lang, d)
			}
		}
	}
}
