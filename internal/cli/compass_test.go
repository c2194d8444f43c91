package cli

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	_ "sandtable/internal/games/compass"
)

// TestCompassFromTheTerminal runs the commands issue 2 names on Compass
// itself: play with --side, --ai, --lang and --seed, and undo, save, help,
// quit; play --load; replay FILE; sim; and the engine protocol.
func TestCompassFromTheTerminal(t *testing.T) {
	file := filepath.Join(t.TempDir(), "compass.json")

	// play: the Allied player chooses two events in Italian, asks for help,
	// takes the second back, saves and quits.
	code, out, errOut := runCmd(t, inputLines("pick leader", "2", "help", "undo", "save "+file, "quit"),
		"play", "compass", "--side", "allied", "--ai", "random", "--lang", "it", "--seed", "7")
	if code != 0 {
		t.Fatalf("play: exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{
		"allied: you", "italian: the computer (random)",
		"Turno 1/12", "[Mappa e pedine sono una ricostruzione",
		"6.1.A: scegli un segnalino evento dal contenitore (ne restano 3)", "Scegli Leader [pick leader]",
		"Compass 6.1.A: scegli Leader", "undo ", "Took back: Scegli Supporto Navale",
		"Saved 1 actions to ", "Game left unfinished.",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
	if rec := loadRecord(t, file); actionTexts(rec) != "allied:pick leader" || rec.Setup.Seed != 7 {
		t.Fatalf("saved record: seed %d, actions %s", rec.Setup.Seed, actionTexts(rec))
	}

	// play --load: the game resumes after its verified record, hot seat.
	code, out, _ = runCmd(t, inputLines("quit"), "play", "--load", file, "--side", "both")
	if code != 0 || !strings.Contains(out, "1 actions replayed, every state hash verified") ||
		!strings.Contains(out, "choose an event marker from your container (2 left)") {
		t.Fatalf("play --load: exit %d\n%s", code, out)
	}

	// replay: verifies the hashes and prints the log in Italian.
	code, out, _ = runCmd(t, "", "replay", file, "--lang", "it")
	if code != 0 || !strings.Contains(out, "1 actions, every state hash verified") ||
		!strings.Contains(out, "Compass 6.1: Turno 1") || !strings.Contains(out, "Compass 6.1.A: scegli Leader") {
		t.Fatalf("replay: exit %d\n%s", code, out)
	}

	// sim: computer against computer, a table of results by side.
	code, out, errOut = runCmd(t, "", "sim", "compass", "--games", "2", "--ai", "random,greedy", "--seed", "3")
	if code != 0 || !strings.Contains(out, "allied") || !strings.Contains(out, "italian") || !strings.Contains(out, "wins") {
		t.Fatalf("sim: exit %d\n%s\n%s", code, out, errOut)
	}

	// engine: a Compass game driven by JSON lines; the Italian view never
	// holds the Allied player's chosen markers.
	code, out, _ = runCmd(t, strings.Join([]string{
		`{"cmd":"new","game":"compass","setup":{"seed":4,"options":{"lang":"it"}}}`,
		`{"cmd":"apply","side":"allied","action":"pick leader"}`,
		`{"cmd":"undo","side":"allied"}`,
		`{"cmd":"apply","side":"allied","action":"pick surprise"}`,
		`{"cmd":"apply","side":"italian","action":"done"}`,
		`{"cmd":"view","side":"italian"}`,
		`{"cmd":"legal","side":"allied"}`,
	}, "\n")+"\n", "engine")
	if code != 0 {
		t.Fatalf("engine: exit %d\n%s", code, out)
	}
	var replies []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("engine reply %q: %v", sc.Text(), err)
		}
		replies = append(replies, r)
	}
	oks := []bool{true, true, true, true, false, true, true}
	if len(replies) != len(oks) {
		t.Fatalf("%d replies, want %d:\n%s", len(replies), len(oks), out)
	}
	for i, ok := range oks {
		if replies[i]["ok"] != ok {
			t.Fatalf("reply %d ok=%v, want %v: %v", i+1, replies[i]["ok"], ok, replies[i])
		}
	}
	if replies[2]["move"] != 0.0 || replies[3]["move"] != 1.0 {
		t.Fatalf("undo then apply: moves %v, %v", replies[2]["move"], replies[3]["move"])
	}
	allied := replies[5]["view"].(map[string]any)["events"].([]any)[0].(map[string]any)
	if _, shown := allied["hand"]; shown || allied["hand_count"] != 1.0 {
		t.Fatalf("the Italian view of the Allied markers: %v (want their number only)", allied)
	}
	if !strings.Contains(out, `"label":"Scegli Leader"`) {
		t.Fatalf("legal actions not labelled in the game's language:\n%s", out)
	}
}
