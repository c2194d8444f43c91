package primogenita

import (
	"testing"

	"sandtable/internal/engine"

	"sandtable/internal/kit/words/wordstest"
)

// TestLogKeys: every key the code logs has a text in the catalog (which
// was checked when it loaded: every key in both languages, the same
// placeholders).
func TestLogKeys(t *testing.T) { wordstest.LogKeys(t, texts, 30) }

// TestActionsInWords: every action Legal lists in a random game has its
// text in both languages, never its record text.
func TestActionsInWords(t *testing.T) { wordstest.ActionsInWords(t, Game{}, 1) }

// TestPromptNamesTheSideDeciding: a side that waits is told who it waits
// for when one side decides; while both choose in secret, an observer
// waits for "the other side".
func TestPromptNamesTheSideDeciding(t *testing.T) {
	s := afterSetup(t)
	if got := s.Prompt(engine.Observer, "en"); got != "Waiting for the other side" {
		t.Errorf("observer while both choose: %q", got)
	}
	if got := s.Prompt(Allied, "en"); got != "Choose your Orders in secret (3.2)" {
		t.Errorf("Allies while both choose: %q", got)
	}
	s.Step = stMove
	for _, c := range []struct {
		decider, viewer engine.Side
		lang, want      string
	}{
		{Italian, Allied, "en", "Waiting for Italy"},
		{Italian, Allied, "it", "In attesa dell'Italia"},
		{Allied, Italian, "en", "Waiting for the Allies"},
		{Allied, engine.Observer, "it", "In attesa degli Alleati"},
		{Allied, Allied, "en", "Move your units (4)"},
	} {
		s.Decider = c.decider
		if got := s.Prompt(c.viewer, c.lang); got != c.want {
			t.Errorf("%s deciding, side %d viewing (%s): %q, want %q", sideNames[c.decider], c.viewer, c.lang, got, c.want)
		}
	}
}

// TestPromptForAChoiceOnTheMap: the steps whose choice is made on the map
// say what to choose there, in both languages.
func TestPromptForAChoiceOnTheMap(t *testing.T) {
	s := afterSetup(t)
	s.Decider = Allied
	for _, c := range []struct {
		st         step
		lang, want string
	}{
		{stAsPlus, "en", `"1+": remove your Trench or a step of your Artillery, on the map (7.3)`},
		{stAsPushSD, "it", "Spinta: scegli sulla mappa il deposito carico che esaurisce (7.4)"},
		{stAsLoss, "en", "Assault (7)"},
	} {
		s.Step = c.st
		if got := s.Prompt(Allied, c.lang); got != c.want {
			t.Errorf("step %d (%s): %q, want %q", c.st, c.lang, got, c.want)
		}
	}
}
