package enginetest

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

// Golden replays whole recorded games of g and compares every state hash
// and the observer's full log, in each of langs, with the files in
// testdata/: playthrough-SEED.json (the record) and
// playthrough-SEED.LANG.log. A change of rules that alters a game shows
// here. With -update (go test ./internal/games/GAME -run Golden -update)
// it plays the games again, seeded random choices from Setup{Seed: seed},
// and rewrites the files: do it once the change is meant, and read the
// diff.
func Golden(t *testing.T, g engine.Game, seeds []uint64, langs ...string) {
	t.Helper()
	GoldenScenario(t, g, "", seeds, langs...)
}

// GoldenScenario is Golden for games of one scenario, in the files
// playthrough-SCENARIO-SEED.json and .LANG.log.
func GoldenScenario(t *testing.T, g engine.Game, scenario string, seeds []uint64, langs ...string) {
	t.Helper()
	for _, seed := range seeds {
		name := fmt.Sprintf("playthrough-%d", seed)
		if scenario != "" {
			name = fmt.Sprintf("playthrough-%s-%d", scenario, seed)
		}
		GoldenNamed(t, g, engine.Setup{Scenario: scenario, Seed: seed}, name, langs...)
	}
}

// GoldenNamed is one golden game of g from setup in the files
// testdata/NAME.json and NAME.LANG.log, replayed by g itself: a test's
// own game, not registered, has goldens too (named apart from
// playthrough-*, which FuzzRecords replays by the registered game).
func GoldenNamed(t *testing.T, g engine.Game, setup engine.Setup, name string, langs ...string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		recPath := filepath.Join("testdata", name+".json")
		if *update {
			writeGolden(t, recPath, playRandom(t, g, setup).Record.Encode())
		}
		s := replayFileOf(t, g, recPath)
		if !s.State.Over() {
			t.Fatal("the recorded game does not reach its end")
		}
		for _, lang := range langs {
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

// PlayRandom plays a whole game of g from Setup{Seed: seed} through a
// session, each decision a uniformly random legal action of the first
// active side, drawn from a generator seeded by seed too (so that a seed
// is a game).
func PlayRandom(t testing.TB, g engine.Game, seed uint64) *engine.Session {
	t.Helper()
	return playRandom(t, g, engine.Setup{Seed: seed})
}

func playRandom(t testing.TB, g engine.Game, setup engine.Setup) *engine.Session {
	t.Helper()
	s, err := engine.NewSession(g, setup)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(setup.Seed * 7919)
	for !s.State.Over() {
		side := s.State.Active().Sides()[0]
		legal := s.State.Legal(side, nil)
		if err := s.Apply(side, legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// ReplayFile reads a record file and replays it, checking every hash.
func ReplayFile(t testing.TB, path string) *engine.Session {
	t.Helper()
	return replayFileOf(t, nil, path)
}

// replayFileOf is ReplayFile by game g, or by the record's registered
// game when g is nil.
func replayFileOf(t testing.TB, g engine.Game, path string) *engine.Session {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	replay := engine.Replay
	if g != nil {
		replay = func(rec engine.Record) (*engine.Session, error) { return engine.ReplayGame(g, rec) }
	}
	s, err := replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func writeGolden(t *testing.T, path string, data []byte) {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Lines reads a fixture, a test position written as text: it calls fn
// with the words of each line that has any, in order; fail stops the test
// with a message naming the line.
func Lines(t testing.TB, text string, fn func(f []string, fail func(format string, args ...any))) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		fn(f, func(format string, args ...any) {
			t.Helper()
			t.Fatalf("fixture line %q: %s", line, fmt.Sprintf(format, args...))
		})
	}
}

// Dice returns the generator of the smallest seed whose next dice show,
// one by one, a face listed in faces ("6", "34", "12345"), so that a test
// can play a rulebook example with the dice it names.
func Dice(t testing.TB, faces ...string) engine.Rand {
	t.Helper()
	for seed := uint64(0); seed < 1<<24; seed++ {
		r := engine.NewRand(seed)
		ok := true
		for _, f := range faces {
			if !strings.ContainsRune(f, rune('0'+r.D6())) {
				ok = false
				break
			}
		}
		if ok {
			return engine.NewRand(seed)
		}
	}
	t.Fatalf("no seed rolls %v", faces)
	return engine.Rand{}
}
