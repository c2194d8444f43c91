package primogenita

import (
	"testing"

	"sandtable/internal/kit/words/wordstest"
)

// TestLogKeys: every key the code logs has a text in the catalog (which
// was checked when it loaded: every key in both languages, the same
// placeholders).
func TestLogKeys(t *testing.T) { wordstest.LogKeys(t, texts, 30) }

// TestActionsInWords: every action Legal lists in a random game has its
// text in both languages, never its record text.
func TestActionsInWords(t *testing.T) { wordstest.ActionsInWords(t, Game{}, 1) }
