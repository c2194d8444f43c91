package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"sandtable/internal/store"
)

// TestBackup copies a database that is open for writing (as under a
// running server); the copy verifies, and existing files and missing
// arguments are refused.
func TestBackup(t *testing.T) {
	dir := t.TempDir()
	path, out := filepath.Join(dir, "games.db"), filepath.Join(dir, "copy.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	u, _ := st.CreateUser(ctx, store.User{Name: "ann"})
	storeToyGame(t, st, u.ID, "g", false)
	if code, _, errs := runCmd(t, "", "backup", "--db", path, out); code != 0 {
		t.Fatalf("backup: %d %s", code, errs)
	}
	if code, stdout, errs := runCmd(t, "", "verify", "--db", out); code != 0 || !strings.Contains(stdout, "1 games, 0 mismatches") {
		t.Fatalf("verify of the copy: %d %q %q", code, stdout, errs)
	}
	if code, _, _ := runCmd(t, "", "backup", "--db", path, out); code != 1 {
		t.Fatalf("backup over an existing file: exit %d, want 1", code)
	}
	if code, _, _ := runCmd(t, "", "backup", "--db", path); code != 2 {
		t.Fatalf("backup without a file: exit %d, want 2", code)
	}
}
