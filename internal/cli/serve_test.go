package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/server"
	"sandtable/internal/store"
)

// TestServeVerify runs `sandtable serve --verify` and `sandtable verify`
// on a database with a good game and one whose record was tampered with:
// both report the mismatch and exit 1; on a good database they exit 0.
func TestServeVerify(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	if code, out, errs := runCmd(t, "", "serve", "--db", path, "--verify"); code != 0 || !strings.Contains(out, "0 games, 0 mismatches") {
		t.Fatalf("verify of a new database: %d %q %q", code, out, errs)
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	u, err := st.CreateUser(ctx, store.User{Name: "ann"})
	if err != nil {
		t.Fatal(err)
	}
	storeToyGame(t, st, u.ID, "good", false)
	storeToyGame(t, st, u.ID, "bad", true)
	st.Close()
	for _, args := range [][]string{{"serve", "--db", path, "--verify"}, {"verify", "--db", path}} {
		code, out, errs := runCmd(t, "", args...)
		if code != 1 || !strings.Contains(out, "ok good (toy, 1 actions)") || !strings.Contains(out, "MISMATCH bad") || !strings.Contains(out, "2 games, 1 mismatches") {
			t.Errorf("%v: %d %q %q", args, code, out, errs)
		}
	}
}

// storeToyGame stores a toy game id of one action, for a user playing
// both sides; tampered, the action's state hash is wrong.
func storeToyGame(t *testing.T, st store.Store, user int64, id string, tampered bool) {
	t.Helper()
	ctx := context.Background()
	setup := engine.Setup{Scenario: "standard", Seed: 1}
	sess, err := engine.NewSession(mustGame(t, "toy"), setup)
	if err != nil {
		t.Fatal(err)
	}
	g := store.Game{ID: id, Game: "toy", Setup: setup, Lang: "en", Owner: user, Status: store.StatusActive, Active: sess.State.Active(),
		Seats: []store.Seat{{Side: 0, UserID: user}, {Side: 1, UserID: user}}}
	if err := st.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	side := sess.State.Active().Sides()[0]
	if err := sess.Apply(side, sess.State.Legal(side, nil)[0]); err != nil {
		t.Fatal(err)
	}
	entry := sess.Record.Actions[0]
	if tampered {
		entry.Hash = strings.Repeat("0", len(entry.Hash)) // not the state the action made
	}
	if err := st.AppendAction(ctx, id, 0, entry, store.Progress{Active: sess.State.Active(), Status: store.StatusActive}); err != nil {
		t.Fatal(err)
	}
}

// TestServeFlags: bad command lines are refused with exit code 2 before
// anything is opened.
func TestServeFlags(t *testing.T) {
	path := filepath.Join(t.TempDir(), "never.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--db", path, "extra"}, "unexpected arguments"},
		{[]string{"serve", "--db", path, "--smtp", "mail.example.org:25"}, "--smtp needs --smtp-from"},
		{[]string{"serve", "--db", path, "--no-such-flag"}, "no-such-flag"},
		{[]string{"serve", "--db", path, "--trusted-proxy", "10.0.0.0/8,proxy.local"}, "neither an address"},
	} {
		if code, _, errs := runCmd(t, "", c.args...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: %d %q", c.args, code, errs)
		}
	}
	if code, _, errs := runCmd(t, "", "verify", "--db", path); code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("verify of a missing database: %d %q", code, errs)
	}
}

func mustGame(t *testing.T, id string) engine.Game {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestVerifyRecordFile: `sandtable verify FILE` checks a record's fair
// dice, and refuses one whose seed does not come from its secret and
// contributions.
func TestVerifyRecordFile(t *testing.T) {
	secret := strings.Repeat("ab", 32)
	sum := sha256.Sum256(bytes.Repeat([]byte{0xab}, 32))
	contributions := map[string]string{"north": "n1", "south": "s2"}
	seed, err := server.FairSeed(secret, []string{"north", "south"}, contributions)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := engine.NewSession(mustGame(t, "toy"), engine.Setup{Scenario: "standard", Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"roll", "take 3"} {
		if err := sess.ApplyText(sess.State.Active().Sides()[0], a); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name string, rec engine.Record, secret string) string {
		b, _ := json.Marshal(map[string]any{"game": rec.Game, "setup": rec.Setup, "actions": rec.Actions,
			"fair": map[string]any{"scheme": "sandtable-fair-v1", "commitment": hex.EncodeToString(sum[:]), "secret": secret, "contributions": contributions, "closed": true}})
		path := filepath.Join(t.TempDir(), name)
		os.WriteFile(path, b, 0o644)
		return path
	}
	good := write("good.json", sess.Record, secret)
	if code, out, errs := runCmd(t, "", "verify", good); code != 0 || !strings.Contains(out, "the dice are fair") || strings.Contains(out, "FAIL") {
		t.Fatalf("a fair record: %d %q %q", code, out, errs)
	}
	other := sess.Record
	other.Setup.Seed++
	for name, path := range map[string]string{"seed": write("seed.json", other, secret), "secret": write("secret.json", sess.Record, strings.Repeat("cd", 32))} {
		if code, out, _ := runCmd(t, "", "verify", path); code != 1 || !strings.Contains(out, "FAIL") {
			t.Errorf("tampered %s: %d %q", name, code, out)
		}
	}
}
