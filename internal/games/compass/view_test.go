package compass

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"sandtable/internal/engine"
)

// viewsHash is the SHA-256 of every view TestViewsUnchanged builds, as
// main's view.go built them at 7728fe5 (before its allocations were cut):
// the cheaper view must say exactly the same. A change of what a view
// says is a new hash: print it with -v and say why in the commit.
const viewsHash = "4e39b46518d02b1d5991aa79679f21fd9098ea633789837ca65cd00c064ab18c"

// TestViewsUnchanged: the JSON of both sides' views, in English and in
// Italian, after every action of random games, is byte for byte the
// views recorded in viewsHash.
func TestViewsUnchanged(t *testing.T) {
	h := sha256.New()
	n := 0
	for seed := uint64(1); seed <= 3; seed++ {
		st := newState(DefaultData(), seed, false)
		r := engine.NewRand(seed)
		for !st.Over() {
			for side := engine.Side(0); side < 2; side++ {
				for _, lang := range []string{"en", "it"} {
					b, err := json.Marshal(st.view(side, lang))
					if err != nil {
						t.Fatal(err)
					}
					h.Write(b)
					n++
				}
			}
			legal := st.Legal(st.Decider, nil)
			st.ApplyUnchecked(st.Decider, legal[r.IntN(len(legal))])
		}
	}
	got := hex.EncodeToString(h.Sum(nil))
	t.Logf("%d views, hash %s", n, got)
	if got != viewsHash {
		t.Errorf("the views changed: hash %s, want %s", got, viewsHash)
	}
}
