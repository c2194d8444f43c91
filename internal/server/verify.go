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

// Rehash replays every game whose record no longer replays to its hashes
// (after a change of rules), ignoring the old hashes, and where every
// action is still legal writes the record again with the new hashes. A
// game with an action now illegal is reported and left as it is. Run it
// with the server stopped: a running server keeps such games frozen until
// it restarts.
func Rehash(ctx context.Context, st store.Store, w io.Writer) (fixed, failed int, err error) {
	ids, err := st.GameIDs(ctx)
	if err != nil {
		return 0, 0, err
	}
	for _, id := range ids {
		rec, err := st.Record(ctx, id)
		if err != nil {
			return fixed, failed, err
		}
		if _, err := engine.Replay(rec); err == nil {
			continue
		}
		bare := rec
		bare.Actions = make([]engine.RecordEntry, len(rec.Actions))
		for i, e := range rec.Actions {
			bare.Actions[i] = engine.RecordEntry{Side: e.Side, Action: e.Action}
		}
		sess, err := engine.Replay(bare)
		if err != nil {
			failed++
			fmt.Fprintf(w, "CANNOT %s: %v\n", id, err)
			continue
		}
		g, err := st.Game(ctx, id)
		if err != nil {
			return fixed, failed, err
		}
		p := progress(sess)
		if g.Status == store.StatusOver && !sess.State.Over() {
			p = store.Progress{Status: g.Status, Result: g.Result} // resigned
		}
		if err := st.Rewrite(ctx, id, len(rec.Actions), sess.Record.Actions, p); err != nil {
			return fixed, failed, err
		}
		fixed++
		fmt.Fprintf(w, "rehashed %s (%s, %d actions)\n", id, rec.Game, len(rec.Actions))
	}
	fmt.Fprintf(w, "%d games rehashed, %d cannot be replayed\n", fixed, failed)
	return fixed, failed, nil
}
