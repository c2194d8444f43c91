package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sandtable/internal/engine"
)

// The changes to games are the same on SQLite and PostgreSQL: changes
// implements them once over tx, which each store gives for its own
// transactions (SQLite: a savepoint of a group commit; PostgreSQL: a
// transaction that locks the game's row and notifies the other processes).
type changes struct {
	// run runs f in one transaction and returns once it is durable.
	run func(ctx context.Context, f func(context.Context, tx) error) error
}

// tx is a transaction of either database. Statements are written with ?
// placeholders (the PostgreSQL store numbers them: pgQuery).
type tx interface {
	// exec runs a statement; a unique key violated is errUnique.
	exec(ctx context.Context, query string, args ...any) error
	// update is exec, and says how many rows the statement changed.
	update(ctx context.Context, query string, args ...any) (int64, error)
	// queryRow runs a query of one row; no row is errNoRow.
	queryRow(ctx context.Context, query string, args ...any) scanner
	// forUpdate is what a SELECT appends to lock the rows it reads until
	// the transaction ends ("" where the store has one writer).
	forUpdate() string
	// changed tells the other processes sharing the database, once the
	// transaction commits, that a game changed.
	changed(ctx context.Context, c Change) error
}

var (
	errUnique = errors.New("unique key violated")
	errNoRow  = errors.New("no row")
)

// missing is err as ErrNotFound when no row was found.
func missing(err error, what string) error {
	if errors.Is(err, errNoRow) {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// pgQuery numbers a statement's ? placeholders for PostgreSQL ($1, $2...).
// The statements here hold no ? of their own.
func pgQuery(q string) string {
	var b strings.Builder
	n := 0
	for _, part := range strings.SplitAfter(q, "?") {
		if p, ok := strings.CutSuffix(part, "?"); ok {
			n++
			b.WriteString(p + "$" + strconv.Itoa(n))
		} else {
			b.WriteString(part)
		}
	}
	return b.String()
}

func (c changes) CreateGame(ctx context.Context, g Game) error {
	setup, err := json.Marshal(g.Setup)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if g.Status == "" {
		g.Status = StatusActive
	}
	t := now()
	return c.run(ctx, func(ctx context.Context, tx tx) error {
		err := tx.exec(ctx, `INSERT INTO games(id, game, setup, lang, owner, rematch_of, move, active, status, result, created, updated, pace, clock, fair)
			VALUES(?,?,?,?,?,?,0,?,?,?,?,?,?,?,?)`,
			g.ID, g.Game, string(setup), g.Lang, g.Owner, g.RematchOf, int(g.Active), g.Status, g.Result, t, t, g.Pace, clockJSON(g.Clock), fairJSON(g.Fair))
		if errors.Is(err, errUnique) {
			return fmt.Errorf("store: game %s: %w", g.ID, ErrExists)
		}
		if err != nil {
			return fmt.Errorf("store: creating game: %w", err)
		}
		for _, st := range g.Seats {
			var uid any
			if st.UserID != 0 {
				uid = st.UserID
			}
			if err := tx.exec(ctx, `INSERT INTO seats(game_id, side, user_id, ai, invite) VALUES(?,?,?,?,?)`,
				g.ID, int(st.Side), uid, st.AI, st.Invite); err != nil {
				return fmt.Errorf("store: creating seat: %w", err)
			}
		}
		return nil
	})
}

func (c changes) ClaimSeat(ctx context.Context, gameID string, side engine.Side, invite string, userID int64) error {
	return c.run(ctx, func(ctx context.Context, tx tx) error {
		var have string
		var uid int64
		err := tx.queryRow(ctx, `SELECT invite, COALESCE(user_id, 0) FROM seats WHERE game_id = ? AND side = ?`+tx.forUpdate(), gameID, int(side)).Scan(&have, &uid)
		if err != nil {
			return missing(err, "seat")
		}
		if uid != 0 || have == "" {
			return fmt.Errorf("store: seat already taken: %w", ErrConflict)
		}
		if have != invite && have != OpenSeat {
			return fmt.Errorf("store: invitation: %w", ErrNotFound)
		}
		err = tx.exec(ctx, `UPDATE seats SET user_id = ?, invite = '' WHERE game_id = ? AND side = ?`, userID, gameID, int(side))
		var move int
		var status string
		if err == nil {
			err = tx.queryRow(ctx, `UPDATE games SET updated = ? WHERE id = ? RETURNING shown, status`, now(), gameID).Scan(&move, &status)
		}
		if err != nil {
			return fmt.Errorf("store: claiming seat: %w", err)
		}
		return tx.changed(ctx, Change{Game: gameID, Move: move, Status: status})
	})
}

// moveOn writes the game's summary at move after (and its clock, when p
// has one), if the game is at move: one statement finds it there, locks
// its row until the transaction ends where several processes write (a
// second process moving the game on from the same move waits for the
// first, then finds it moved on) and moves it on. A game elsewhere is
// ErrConflict, no game ErrNotFound.
func moveOn(ctx context.Context, tx tx, gameID string, move, after int, p Progress) error {
	if p.Status == "" {
		p.Status = StatusActive
	}
	var clock *string
	if p.Clock != nil {
		c := clockJSON(*p.Clock)
		clock = &c
	}
	// A quiet change keeps the time of change: the list of games, most
	// recently changed first, would tell when a secret action was made.
	stamp, args := "updated = ?, ", []any{after, after - p.Sealed, int(p.Active), p.Status, p.Result, now(), clock, gameID, move}
	if p.Quiet {
		stamp, args = "", slices.Delete(args, 5, 6)
	}
	n, err := tx.update(ctx, `UPDATE games SET move = ?, shown = ?, active = ?, status = ?, result = ?, `+stamp+`clock = COALESCE(?, clock) WHERE id = ? AND move = ?`,
		args...)
	if err != nil {
		return fmt.Errorf("store: updating game %s: %w", gameID, err)
	}
	if n == 0 {
		var have int
		if err := tx.queryRow(ctx, `SELECT move FROM games WHERE id = ?`, gameID).Scan(&have); err != nil {
			return missing(err, "game "+gameID)
		}
		return fmt.Errorf("store: game %s is at move %d, not %d: %w", gameID, have, move, ErrConflict)
	}
	return tx.changed(ctx, Change{Game: gameID, Move: after - p.Sealed, Status: p.Status, Quiet: p.Quiet})
}

// atMoveThen moves the game from move to after (moveOn) and runs f, in
// one transaction: a game not at move is refused before f runs.
func (c changes) atMoveThen(ctx context.Context, gameID string, move, after int, p Progress, f func(context.Context, tx) error) error {
	return c.run(ctx, func(ctx context.Context, tx tx) error {
		if err := moveOn(ctx, tx, gameID, move, after, p); err != nil {
			return err
		}
		if f != nil {
			return f(ctx, tx)
		}
		return nil
	})
}

func (c changes) SetSetup(ctx context.Context, gameID string, setup engine.Setup, fair *Fair, p Progress) error {
	b, err := json.Marshal(setup)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return c.atMoveThen(ctx, gameID, 0, 0, p, func(ctx context.Context, tx tx) error {
		if err := tx.exec(ctx, `UPDATE games SET setup = ?, fair = ? WHERE id = ?`, string(b), fairJSON(fair), gameID); err != nil {
			return fmt.Errorf("store: updating game %s: %w", gameID, err)
		}
		return nil
	})
}

func (c changes) AppendAction(ctx context.Context, gameID string, move int, e engine.RecordEntry, p Progress) error {
	return c.atMoveThen(ctx, gameID, move, move+1, p, func(ctx context.Context, tx tx) error {
		return appendAction(ctx, tx, gameID, move, e)
	})
}

func appendAction(ctx context.Context, tx tx, gameID string, move int, e engine.RecordEntry) error {
	if err := tx.exec(ctx, `INSERT INTO actions(game_id, n, side, action, hash, created) VALUES(?,?,?,?,?,?)`,
		gameID, move+1, e.Side, e.Action, e.Hash, now()); err != nil {
		return fmt.Errorf("store: appending action: %w", err)
	}
	return nil
}

func (c changes) AppendSnapshot(ctx context.Context, gameID string, move int, e engine.RecordEntry, p Progress, sn engine.Snapshot) error {
	if sn.Move != move+1 {
		return fmt.Errorf("store: a snapshot of move %d with action %d", sn.Move, move+1)
	}
	log := engine.MarshalLog(sn.Log)
	return c.atMoveThen(ctx, gameID, move, move+1, p, func(ctx context.Context, tx tx) error {
		if err := appendAction(ctx, tx, gameID, move, e); err != nil {
			return err
		}
		if err := tx.exec(ctx, `INSERT INTO snapshots(game_id, n, from_n, state, log) VALUES(?,?,?,?,?)
			ON CONFLICT(game_id, n) DO UPDATE SET from_n = excluded.from_n, state = excluded.state, log = excluded.log`,
			gameID, sn.Move, sn.From, sn.State, log); err != nil {
			return fmt.Errorf("store: keeping a snapshot: %w", err)
		}
		return nil
	})
}

// scanSnapshot reads a row of n, from_n, state, log.
func scanSnapshot(s scanner) (engine.Snapshot, error) {
	var sn engine.Snapshot
	var log []byte
	err := s.Scan(&sn.Move, &sn.From, &sn.State, &log)
	if err != nil {
		return sn, err
	}
	sn.Log, err = engine.UnmarshalLog(log)
	return sn, err
}

// snapshotsQuery reads a game's snapshots for scanSnapshot.
const snapshotsQuery = `SELECT n, from_n, state, log FROM snapshots WHERE game_id = ? ORDER BY n`

func (c changes) Truncate(ctx context.Context, gameID string, move, keep int, p Progress) error {
	if keep < 0 || keep > move {
		return fmt.Errorf("store: cannot keep %d actions of %d", keep, move)
	}
	return c.atMoveThen(ctx, gameID, move, keep, p, func(ctx context.Context, tx tx) error {
		if err := tx.exec(ctx, `DELETE FROM actions WHERE game_id = ? AND n > ?`, gameID, keep); err != nil {
			return fmt.Errorf("store: truncating: %w", err)
		}
		if err := tx.exec(ctx, `DELETE FROM snapshots WHERE game_id = ? AND n > ?`, gameID, keep); err != nil {
			return fmt.Errorf("store: truncating: %w", err)
		}
		return nil
	})
}

func (c changes) SetProgress(ctx context.Context, gameID string, move int, p Progress) error {
	return c.atMoveThen(ctx, gameID, move, move, p, nil)
}

func (c changes) Rewrite(ctx context.Context, gameID string, move int, actions []engine.RecordEntry, p Progress) error {
	return c.atMoveThen(ctx, gameID, move, len(actions), p, func(ctx context.Context, tx tx) error {
		if err := tx.exec(ctx, `DELETE FROM actions WHERE game_id = ?`, gameID); err != nil {
			return fmt.Errorf("store: rewriting: %w", err)
		}
		if err := tx.exec(ctx, `DELETE FROM snapshots WHERE game_id = ?`, gameID); err != nil {
			return fmt.Errorf("store: rewriting: %w", err)
		}
		t := now()
		for i, e := range actions {
			if err := tx.exec(ctx, `INSERT INTO actions(game_id, n, side, action, hash, created) VALUES(?,?,?,?,?,?)`,
				gameID, i+1, e.Side, e.Action, e.Hash, t); err != nil {
				return fmt.Errorf("store: rewriting: %w", err)
			}
		}
		return nil
	})
}

func clockJSON(c Clock) string {
	if c.Left == nil && c.Since == 0 {
		return ""
	}
	b, _ := json.Marshal(c)
	return string(b)
}

func fairJSON(f *Fair) string {
	if f == nil {
		return ""
	}
	b, _ := json.Marshal(f)
	return string(b)
}
