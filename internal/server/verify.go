package server

import (
	"context"
	"fmt"
	"io"

	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// Verify replays every stored game from its record (engine.Replay checks
// each action's legality and state hash) and writes one line per game to
// w. It returns how many games failed.
func Verify(ctx context.Context, st store.Store, w io.Writer) (failed int, err error) {
	ids, err := st.GameIDs(ctx)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		rec, err := st.Record(ctx, id)
		if err != nil {
			return failed, err
		}
		if _, err := engine.Replay(rec); err != nil {
			failed++
			fmt.Fprintf(w, "MISMATCH %s (%s, %d actions): %v\n", id, rec.Game, len(rec.Actions), err)
			continue
		}
		fmt.Fprintf(w, "ok %s (%s, %d actions)\n", id, rec.Game, len(rec.Actions))
	}
	fmt.Fprintf(w, "%d games, %d mismatches\n", len(ids), failed)
	return failed, nil
}
