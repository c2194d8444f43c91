package compass

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata/")

// TestGoldenPlaythroughs replays whole recorded games and compares every
// state hash and the full log, in English and in Italian, with the files in
// testdata/. A change of rules that alters a game shows here; regenerate
// with `go test ./internal/games/compass -run Golden -update` once the
// change is meant, and read the diff.
func TestGoldenPlaythroughs(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		name := fmt.Sprintf("playthrough-%d", seed)
		t.Run(name, func(t *testing.T) {
			recPath := filepath.Join("testdata", name+".json")
			if *update {
				s := playRandom(t, seed)
				writeGolden(t, recPath, s.Record.Encode())
			}
			data, err := os.ReadFile(recPath)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			rec, err := engine.DecodeRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			s, err := engine.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !s.State.Over() {
				t.Fatal("the recorded game does not reach its end")
			}
			for _, lang := range []string{"en", "it"} {
				logPath := filepath.Join("testdata", name+"."+lang+".log")
				got := strings.Join(s.LogFor(engine.Observer, lang), "\n") + "\n"
				if *update {
					writeGolden(t, logPath, []byte(got))
				}
				want, err := os.ReadFile(logPath)
				if err != nil {
					t.Fatal(err)
				}
				if got != string(want) {
					t.Errorf("%s: the observer's log differs from the golden file", logPath)
				}
			}
		})
	}
}

// playRandom plays a game with seeded random choices through a session.
func playRandom(t *testing.T, seed uint64) *engine.Session {
	s, err := engine.NewSession(Game{}, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(seed * 7919)
	for !s.State.Over() {
		side := s.State.Active().Sides()[0]
		legal := s.State.Legal(side, nil)
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func writeGolden(t *testing.T, path string, data []byte) {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// FuzzReplayRecord feeds arbitrary bytes, starting from the openings of the
// golden records and broken copies of them (whole games are replayed by
// TestGoldenPlaythroughs; short ones keep the fuzzer fast), to the record decoder and Replay. Nothing may
// panic; a record that replays must reproduce its hashes; one that does not
// must fail with an error naming the action, never past the record's end.
func FuzzReplayRecord(f *testing.F) {
	for seed := 1; seed <= 3; seed++ {
		data, err := os.ReadFile(filepath.Join("testdata", fmt.Sprintf("playthrough-%d.json", seed)))
		if err != nil {
			f.Fatal(err)
		}
		rec, err := engine.DecodeRecord(data)
		if err != nil {
			f.Fatal(err)
		}
		short := rec
		short.Actions = rec.Actions[:40]
		f.Add(short.Encode())
		bad := short
		bad.Actions = append([]engine.RecordEntry(nil), short.Actions...)
		bad.Actions[30].Action = "move 7rtr atlantis"
		f.Add(bad.Encode())
		bad.Actions[30] = short.Actions[31] // out of order: illegal or a wrong hash
		f.Add(bad.Encode())
	}
	f.Add([]byte(`{"game":"compass","setup":{"scenario":"desert"}}`))
	f.Add([]byte(`{"game":"compass","setup":{"seed":1},"actions":[{"side":"italian","action":"done"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := engine.DecodeRecord(data)
		if err != nil || rec.Game != "compass" {
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
