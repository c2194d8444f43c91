package primogenita

import (
	"testing"

	"sandtable/internal/engine"
)

// FuzzDecodeAction: any text decodes to an action whose text decodes back
// to it, or is refused with engine.ErrIllegal; never a panic.
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{"pick 36", "place 11-ind I-1", "declare 42 split", "move cih west-kassala", "duel 12-col cih",
		"upgrade agordat", "target H-11", "commit", "open-city", "pick 0", "place x y z", "declare 41 held"} {
		f.Add(s)
	}
	st := NewState(DefaultData(), 1)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := st.DecodeAction(text)
		if err != nil {
			return
		}
		b, err := st.DecodeAction(st.EncodeAction(a))
		if err != nil || b != a {
			t.Fatalf("%q: %+v encodes as %q, decodes to %+v (%v)", text, a, st.EncodeAction(a), b, err)
		}
		_ = st.Describe(a, "it")
		if !engine.IsLegal(st, Italian, a) {
			c := st.clone()
			before := string(c.Marshal())
			if c.Apply(Italian, a) == nil || string(c.Marshal()) != before {
				t.Fatalf("%q: an illegal action was applied or changed the state", text)
			}
		}
	})
}
