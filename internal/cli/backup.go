package cli

import (
	"context"
	"fmt"
	"io"

	"sandtable/internal/store"
)

func init() {
	Register(Command{Name: "backup", Summary: "copy the server's SQLite database while it serves (a consistent snapshot)", Run: runBackup})
}

func runBackup(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("backup", "backup [flags] OUT.db\n\nWrites a consistent copy of the server's SQLite database to OUT.db (which must not exist),\nwhile the server keeps serving: one moment of every game, compacted (VACUUM INTO).", stderr)
	db := fs.String("db", "sandtable.db", "SQLite database file of the server")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "backup: name one file to write the copy to")
		return 2
	}
	if err := store.Backup(context.Background(), *db, fs.Arg(0)); err != nil {
		fmt.Fprintln(stderr, "backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "backup: %s copied to %s\n", *db, fs.Arg(0))
	return 0
}
