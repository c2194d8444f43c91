package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// playRecord plays actions (side:text) of game from setup and returns the
// record.
func playRecord(t *testing.T, game string, setup engine.Setup, actions ...string) engine.Record {
	t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewSession(g, setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		name, text, _ := strings.Cut(a, ":")
		side, err := engine.SideByName(g, name)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.ApplyText(side, text); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	return s.Record
}

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, rec engine.Record) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, rec.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	duelRec := playRecord(t, "clitest-duel", engine.Setup{Seed: 1}, "red:pick 3", "blue:pick 2", "red:step", "red:end")
	duel := write("duel.json", duelRec)
	toy := write("toy.json", playRecord(t, "toy", engine.Setup{Seed: 5}, "north:roll", "north:take 2", "south:take 1"))

	tampered := duelRec
	tampered.Actions = append([]engine.RecordEntry{}, duelRec.Actions...)
	tampered.Actions[2].Hash = strings.Repeat("0", 24)
	tamperedFile := write("tampered.json", tampered)
	unhashed := duelRec
	unhashed.Actions = append([]engine.RecordEntry{}, duelRec.Actions...)
	unhashed.Actions[1].Hash = ""
	unhashedFile := write("unhashed.json", unhashed)
	illegal := duelRec
	illegal.Actions = append([]engine.RecordEntry{}, duelRec.Actions...)
	illegal.Actions[3].Action = "pick 1"
	illegalFile := write("illegal.json", illegal)
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("{not json"), 0o644)

	tests := []struct {
		name    string
		args    []string
		code    int
		want    []string // in stdout
		notWant []string // not in stdout
		errWant string
	}{
		{"all entries", []string{duel}, 0,
			[]string{"Test duel (clitest-duel)", "4 actions, every state hash verified", "   1  (D0) picked [3]",
				"   2  (D0) picked [2]", "   2  (D1) revealed [3 2]", "   3  (D1) stepped", "Game over.", "red: 1 (win), score 4", "blue: 0 (loss), score 2"},
			nil, ""},
		{"one side's log", []string{duel, "--side", "blue"}, 0,
			[]string{"(D0) picked [2]", "(D1) revealed"}, []string{"picked [3]"}, ""},
		{"observer's log", []string{"--side", "observer", duel}, 0,
			[]string{"(D1) revealed"}, []string{"picked"}, ""},
		{"unfinished game", []string{toy, "--lang", "it"}, 0,
			[]string{"3 actions, every state hash verified", "   1  [2] roll [0", "   3  [1] take [1 1]", "Game not finished; to decide: [north]."}, nil, ""},
		{"tampered hash", []string{tamperedFile}, 1, nil, []string{"verified"}, "action 3 (red step): state hash"},
		{"missing hash", []string{unhashedFile}, 1, nil, nil, "action 2 (blue pick 2) has no state hash"},
		{"illegal action", []string{illegalFile}, 1, nil, nil, "action 4 (red pick 1)"},
		{"not a record", []string{garbage}, 1, nil, nil, "garbage.json: record:"},
		{"missing file", []string{filepath.Join(dir, "none.json")}, 1, nil, nil, "no such file"},
		{"no file", nil, 2, nil, nil, "give one record file"},
		{"unknown side", []string{duel, "--side", "green"}, 2, nil, nil, `no side "green"`},
		{"unknown language", []string{duel, "--lang", "de"}, 2, nil, nil, `unknown language "de"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", append([]string{"replay"}, tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q\n%s", code, tt.code, errOut, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out, w) {
					t.Errorf("stdout holds %q:\n%s", w, out)
				}
			}
			if !strings.Contains(errOut, tt.errWant) {
				t.Errorf("stderr %q lacks %q", errOut, tt.errWant)
			}
		})
	}
}
