package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"sandtable/internal/engine"
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
	for i, id := range []string{"good", "bad"} {
		setup := engine.Setup{Scenario: "standard", Seed: 1}
		sess, err := engine.NewSession(mustGame(t, "toy"), setup)
		if err != nil {
			t.Fatal(err)
		}
		g := store.Game{ID: id, Game: "toy", Setup: setup, Lang: "en", Owner: u.ID, Status: store.StatusActive, Active: sess.State.Active(),
			Seats: []store.Seat{{Side: 0, UserID: u.ID}, {Side: 1, UserID: u.ID}}}
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		side := sess.State.Active().Sides()[0]
		if err := sess.Apply(side, sess.State.Legal(side, nil)[0]); err != nil {
			t.Fatal(err)
		}
		entry := sess.Record.Actions[0]
		if i == 1 {
			entry.Hash = strings.Repeat("0", len(entry.Hash)) // not the state the action made
		}
		if err := st.AppendAction(ctx, id, 0, entry, store.Progress{Active: sess.State.Active(), Status: store.StatusActive}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	for _, args := range [][]string{{"serve", "--db", path, "--verify"}, {"verify", "--db", path}} {
		code, out, errs := runCmd(t, "", args...)
		if code != 1 || !strings.Contains(out, "ok good (toy, 1 actions)") || !strings.Contains(out, "MISMATCH bad") || !strings.Contains(out, "2 games, 1 mismatches") {
			t.Errorf("%v: %d %q %q", args, code, out, errs)
		}
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
