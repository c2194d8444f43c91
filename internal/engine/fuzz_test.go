package engine_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest/toy"
)

// toyRecord plays a toy game from seed, always taking the legal action the
// generator picks, for at most n actions.
func toyRecord(seed uint64, n int) engine.Record {
	s, err := engine.NewSession(toy.Game{}, engine.Setup{Seed: seed})
	if err != nil {
		panic(err)
	}
	r := engine.NewRand(seed ^ 0x5eed)
	for i := 0; i < n && !s.State.Over(); i++ {
		side := s.State.Active().Sides()[0]
		legal := s.State.Legal(side, nil)
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			panic(err)
		}
	}
	return s.Record
}

// FuzzReplay feeds arbitrary bytes to DecodeRecord and Replay. Neither may
// panic; a record that replays must reproduce its own hashes, survive an
// encode/decode round trip and replay again to the same states; a record
// that does not must be refused with an error naming the action.
func FuzzReplay(f *testing.F) {
	for seed := uint64(1); seed <= 6; seed++ {
		f.Add(toyRecord(seed, 20).Encode())
		f.Add(toyRecord(seed, 3).Encode())
	}
	tampered := toyRecord(9, 20)
	tampered.Actions[1].Hash = strings.Repeat("0", 24)
	f.Add(tampered.Encode())
	illegal := toyRecord(9, 20)
	illegal.Actions[0].Side = illegal.Actions[1].Side
	f.Add(illegal.Encode())
	for _, s := range []string{
		``, `{}`, `null`, `[]`, `{"game":"toy"}`, `{"game":"chess","setup":{"seed":1}}`,
		`{"game":"toy","setup":{"scenario":"huge"}}`,
		`{"game":"toy","setup":{"seed":18446744073709551615},"actions":[{"side":"north","action":"roll"}]}`,
		`{"game":"toy","actions":[{"side":"east","action":"take 1"}]}`,
		`{"game":"toy","actions":[{"side":"north","action":"take 4"}]}`,
		`{"game":"toy","actions":[{"side":"south","action":"take 1"}]}`,
		`{"game":"toy","actions":[{"side":"north","action":"take 1","hash":""}]}`,
		`{"game":"toy","actions":null}`, `{"game":"toy","setup":{"options":{"x":"y"}},"actions":[{}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := engine.DecodeRecord(data)
		if err != nil {
			return
		}
		s, err := engine.Replay(rec)
		if err != nil {
			if s != nil && s.Move() > len(rec.Actions) {
				t.Fatalf("failed replay went past the record: %d > %d", s.Move(), len(rec.Actions))
			}
			if s != nil && !namesAction(err, s.Move()) {
				t.Fatalf("error %q does not name the failing action (replayed %d)", err, s.Move())
			}
			return
		}
		if s.Move() != len(rec.Actions) {
			t.Fatalf("replayed %d of %d actions without error", s.Move(), len(rec.Actions))
		}
		for i, e := range rec.Actions {
			if got := s.Record.Actions[i]; e.Hash != "" && got.Hash != e.Hash {
				t.Fatalf("action %d: hash %s accepted for %s", i+1, got.Hash, e.Hash)
			}
		}
		// The replayed record is canonical: it round-trips and replays to
		// the same hashes and the same final state.
		again, err := engine.DecodeRecord(s.Record.Encode())
		if err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
		s2, err := engine.Replay(again)
		if err != nil {
			t.Fatalf("re-encoded record does not replay: %v", err)
		}
		a, _ := json.Marshal(s.Record)
		b, _ := json.Marshal(s2.Record)
		if string(a) != string(b) {
			t.Fatalf("replays differ:\n%s\n%s", a, b)
		}
		if engine.Hash(s.State) != engine.Hash(s2.State) {
			t.Fatal("final states differ between replays")
		}
	})
}

// namesAction reports whether a replay error names the action that
// failed: the one after the last replayed, or the last replayed itself when
// its state hash was wrong (Replay applies an action before checking).
func namesAction(err error, replayed int) bool {
	n := replayed + 1
	if strings.Contains(err.Error(), "state hash") {
		n = replayed
	}
	msg := err.Error()
	return strings.Contains(msg, fmt.Sprintf("action %d ", n)) || strings.Contains(msg, fmt.Sprintf("action %d:", n))
}
