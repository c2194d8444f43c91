package cli

import (
	"fmt"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// textState gives its actions the record texts in a list; only
// EncodeAction and Describe are used by the action lists.
type textState struct {
	engine.State
	texts []string
}

func (s textState) EncodeAction(a engine.Action) string { return s.texts[a.A] }
func (s textState) Describe(a engine.Action, lang string) string {
	return strings.ToUpper(s.texts[a.A][:1]) + s.texts[a.A][1:]
}

func TestActionLines(t *testing.T) {
	// Actions ordered by unit, alternating verbs, as a wargame lists them.
	unitOrder := func(n int) []string {
		var out []string
		for i := 0; len(out) < n; i++ {
			for _, v := range []string{"attack", "move", "move"} {
				out = append(out, fmt.Sprintf("%s u%d h%d", v, i, len(out)))
			}
		}
		return append(out[:n], "done")
	}
	verbOrder := func(n int) []string {
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, fmt.Sprintf("take %d", i))
		}
		return append(out, "roll")
	}
	tests := []struct {
		name  string
		texts []string
		want  []string // lines, in order
		lines int      // how many lines in all
	}{
		{"short list, one per line", verbOrder(3), []string{"  1. Take 0 [take 0]", "  4. Roll [roll]"}, 4},
		{"long list grouped by verb", verbOrder(60),
			[]string{"take:", " 1. Take 0 [take 0]    2. Take 1 [take 1]", "roll:", "61. Roll [roll]"}, 18},
		{"long list grouped by unit", unitOrder(45),
			[]string{"u0:", " 1. Attack u0 h0 [attack u0 h0]    2. Move u0 h1 [move u0 h1]", "u14:", "other:", "46. Done [done]"}, 37},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := textState{texts: tt.texts}
			var legal []engine.Action
			for i := range tt.texts {
				legal = append(legal, engine.Action{A: int16(i)})
			}
			got := actionLines(st, legal, "en")
			all := strings.Join(got, "\n")
			rest := all
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("lacks %q in order:\n%s", w, all)
				}
				rest = rest[i+len(w):]
			}
			if len(got) != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", len(got), tt.lines, all)
			}
			for _, l := range got {
				if len(l) > lineWidth {
					t.Errorf("line wider than %d: %q", lineWidth, l)
				}
			}
			for i := range tt.texts {
				if !strings.Contains(all, fmt.Sprintf("%d. ", i+1)) {
					t.Errorf("action %d not numbered", i+1)
				}
			}
		})
	}
}
