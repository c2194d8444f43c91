package enginetest

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// FuzzActions fuzzes g's action text: no text makes DecodeAction panic,
// and an action it accepts encodes back to a text that decodes to the same
// action. The corpus is the text of every legal action met in the first
// decisions of two random games, and extra.
//
//	func FuzzDecodeAction(f *testing.F) { enginetest.FuzzActions(f, Game{}) }
func FuzzActions(f *testing.F, g engine.Game, extra ...string) {
	var seen []string
	for seed := uint64(1); seed <= 2; seed++ {
		for _, e := range randomPlay(f, g, seed, 60) {
			seen = append(seen, e.legal...)
		}
	}
	slices.Sort(seen)
	for _, text := range append(slices.Compact(seen), extra...) {
		f.Add(text)
	}
	s, err := g.New(engine.Setup{Seed: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := s.DecodeAction(text)
		if err != nil {
			return
		}
		b, err := s.DecodeAction(s.EncodeAction(a))
		if err != nil || a != b {
			t.Fatalf("%q -> %v -> %q -> %v, %v", text, a, s.EncodeAction(a), b, err)
		}
	})
}

// FuzzRecords fuzzes the decoding and replay of g's records: nothing may
// panic; a record that replays must reproduce its hashes; one that does
// not must fail with an error naming the action, never past the record's
// end. The corpus is the first 40 actions of each golden record in
// testdata/ (playthrough-*.json; else of two random games), broken
// copies of them (an unknown action, two actions swapped), and extra.
//
//	func FuzzReplayRecord(f *testing.F) { enginetest.FuzzRecords(f, Game{}) }
func FuzzRecords(f *testing.F, g engine.Game, extra ...string) {
	var recs []engine.Record
	files, _ := filepath.Glob(filepath.Join("testdata", "playthrough-*.json"))
	for _, path := range files {
		recs = append(recs, ReplayFile(f, path).Record)
	}
	if len(recs) == 0 {
		for seed := uint64(1); seed <= 2; seed++ {
			s, err := engine.NewSession(g, engine.Setup{Seed: seed})
			if err != nil {
				f.Fatal(err)
			}
			for _, e := range randomPlay(f, g, seed, 40) {
				if err := s.ApplyText(e.side, e.played); err != nil {
					f.Fatal(err)
				}
			}
			recs = append(recs, s.Record)
		}
	}
	for _, rec := range recs {
		short := rec
		short.Actions = rec.Actions[:min(40, len(rec.Actions))]
		f.Add(short.Encode())
		if n := len(short.Actions); n >= 2 {
			bad := short
			bad.Actions = slices.Clone(short.Actions)
			bad.Actions[n-2].Action = "no-such-action"
			f.Add(bad.Encode())
			bad.Actions[n-2] = short.Actions[n-1] // out of order: illegal or a wrong hash
			f.Add(bad.Encode())
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := engine.DecodeRecord(data)
		if err != nil || rec.Game != g.ID() {
			return
		}
		s, err := engine.Replay(rec)
		if err != nil {
			if s != nil && s.Move() > len(rec.Actions) {
				t.Fatalf("failed replay went past the record: %d > %d", s.Move(), len(rec.Actions))
			}
			if s != nil && !strings.Contains(err.Error(), "action ") {
				t.Fatalf("error %q names no action", err)
			}
			return
		}
		for i, e := range rec.Actions {
			if e.Hash != "" && s.Record.Actions[i].Hash != e.Hash {
				t.Fatalf("action %d: hash %s accepted for %s", i+1, s.Record.Actions[i].Hash, e.Hash)
			}
		}
	})
}

// decision is one step of a random game: who played what, and the text of
// every action that was legal.
type decision struct {
	side   engine.Side
	played string
	legal  []string
}

// randomPlay plays up to n decisions of a random game of g from seed.
func randomPlay(t testing.TB, g engine.Game, seed uint64, n int) []decision {
	t.Helper()
	st, err := g.New(engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed * 7919)
	var out []decision
	for len(out) < n && !st.Over() {
		side := st.Active().Sides()[0]
		legal := st.Legal(side, nil)
		d := decision{side: side}
		for _, a := range legal {
			d.legal = append(d.legal, st.EncodeAction(a))
		}
		a := legal[r.IntN(len(legal))]
		d.played = st.EncodeAction(a)
		if err := st.Apply(side, a); err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}
