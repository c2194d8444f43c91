package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver

	"sandtable/internal/engine"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// SQLite is the Store kept in one SQLite file.
//
// Its changes of more than one statement (every action, undo, new game,
// seat, chat line) are group-committed: the caller that finds no commit
// under way becomes the committer, takes the changes queued (its own
// first), runs each in a savepoint of one transaction and commits them all
// with one fsync, then hands the role to the first caller still queued.
// Each caller returns only once its change is committed (or refused alone,
// its savepoint rolled back). A caller alone commits its change itself,
// with no hand-over between goroutines.
type SQLite struct {
	changes         // the changes to games, shared with PostgreSQL
	db      *sql.DB // the writer: one connection, as SQLite has one writer
	rd      *sql.DB // readers: a pool that reads beside the writer (WAL)
	// The reads of every request (who is asking), prepared once on the
	// readers rather than parsed each time.
	sessionQ, userQ *sql.Stmt
	// The writer's statements, prepared once (only the committer uses it).
	stmts stmtCache

	qmu        sync.Mutex
	idle       *sync.Cond // signalled when committing turns false
	queue      []*job     // changes waiting for a commit
	committing bool       // a caller is committing (it holds the writer)
	closed     bool

	closeOnce sync.Once
	closeErr  error
	// OnCommit, when set before the first change, is told each group
	// commit's size and time (for metrics).
	OnCommit func(changes int, took time.Duration)
}

// job is one change waiting for a group commit.
type job struct {
	ctx    context.Context
	f      func(context.Context, *sql.Tx) error
	result chan answer
}

// answer is what a queued caller is told: its change's outcome, or that
// it is now the committer.
type answer struct {
	err  error
	lead bool
}

// maxGroup bounds the changes committed together.
const maxGroup = 512

// ErrClosed is returned for changes asked of a closed store.
var ErrClosed = errors.New("store: closed")

var _ Store = (*SQLite)(nil)

// Open opens (creating it if needed) the SQLite database at path and
// applies the migrations it has not seen yet, in order. ":memory:" gives
// a private in-memory database.
func Open(path string) (*SQLite, error) {
	// WAL lets readers run beside the writer; synchronous=FULL makes each
	// committed action durable before it is acknowledged.
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_txlock=immediate"
	if path != ":memory:" {
		dsn += "&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// One connection: SQLite has a single writer anyway, and an in-memory
	// database exists only inside its connection.
	db.SetMaxOpenConns(1)
	s := &SQLite{db: db, rd: db}
	s.changes = changes{run: s.change}
	s.idle = sync.NewCond(&s.qmu)
	if err := s.migrate(); err != nil {
		db.Close()
		return nil, err
	}
	if path != ":memory:" {
		rd, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)")
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("store: %w", err)
		}
		rd.SetMaxOpenConns(8)
		s.rd = rd
	}
	if err := s.prepare(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *SQLite) prepare() (err error) {
	if s.sessionQ, err = s.rd.Prepare(`SELECT token_hash, user_id, csrf, expires FROM sessions WHERE token_hash = ? AND expires > ?`); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if s.userQ, err = s.rd.Prepare(`SELECT ` + userCols + ` FROM users WHERE id = ?`); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Close refuses new changes, waits until those queued are committed, and
// closes the database.
func (s *SQLite) Close() error {
	s.closeOnce.Do(func() {
		s.qmu.Lock()
		s.closed = true
		for s.committing {
			s.idle.Wait()
		}
		s.qmu.Unlock()
		s.stmts.close()
		for _, st := range []*sql.Stmt{s.sessionQ, s.userQ} {
			if st != nil {
				st.Close()
			}
		}
		if s.rd != s.db {
			s.rd.Close()
		}
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// migrate applies migrations/NNNN_*.sql past PRAGMA user_version, each in
// its own transaction together with the new version number.
func (s *SQLite) migrate() error {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	var version int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("store: reading schema version: %w", err)
	}
	if version > len(names) {
		return fmt.Errorf("store: database schema version %d is newer than this program (%d)", version, len(names))
	}
	for i := version; i < len(names); i++ {
		text, err := migrationFiles.ReadFile(names[i])
		if err != nil {
			return err
		}
		tx, err := s.db.Begin()
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if _, err := tx.Exec(string(text)); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %s: %w", names[i], err)
		}
		if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", i+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %s: %w", names[i], err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("store: migration %s: %w", names[i], err)
		}
	}
	return nil
}

// SchemaVersion is the number of migrations applied.
func (s *SQLite) SchemaVersion() (int, error) {
	var v int
	err := s.db.QueryRow("PRAGMA user_version").Scan(&v)
	return v, err
}

func now() int64 { return time.Now().UnixMilli() }

func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

func (s *SQLite) CreateUser(ctx context.Context, u User) (User, error) {
	u.Created = time.UnixMilli(now())
	res, err := s.db.ExecContext(ctx,
		`INSERT INTO users(name, name_key, pass_hash, guest, email, webhook, created) VALUES(?,lower(?),?,?,?,?,?)`,
		u.Name, u.Name, u.PassHash, u.Guest, u.Email, u.Webhook, u.Created.UnixMilli())
	if isUnique(err) {
		return User{}, fmt.Errorf("store: user %q: %w", u.Name, ErrExists)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: creating user: %w", err)
	}
	u.ID, err = res.LastInsertId()
	return u, err
}

const userCols = `id, name, pass_hash, guest, email, webhook, created`

func scanUser(row *sql.Row, what string) (User, error) {
	var u User
	var created int64
	if err := row.Scan(&u.ID, &u.Name, &u.PassHash, &u.Guest, &u.Email, &u.Webhook, &created); err != nil {
		return User{}, notFound(err, what)
	}
	u.Created = time.UnixMilli(created)
	return u, nil
}

// UserByName finds the account named name without regard to case; of
// accounts older than that rule whose names differ only in case, the one
// with exactly that name, else the oldest.
func (s *SQLite) UserByName(ctx context.Context, name string) (User, error) {
	return scanUser(s.rd.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE name = ?1 OR name_key = lower(?1)
		ORDER BY name = ?1 DESC LIMIT 1`, name), "user "+name)
}

func (s *SQLite) SetPassword(ctx context.Context, id int64, hash string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE users SET pass_hash = ? WHERE id = ?`, hash, id)
	return oneRow(res, err, fmt.Sprint("user ", id))
}

func (s *SQLite) UserByID(ctx context.Context, id int64) (User, error) {
	return scanUser(s.userQ.QueryRowContext(ctx, id), fmt.Sprint("user ", id))
}

func (s *SQLite) SetNotify(ctx context.Context, id int64, email, webhook string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE users SET email = ?, webhook = ? WHERE id = ?`, email, webhook, id)
	return oneRow(res, err, fmt.Sprint("user ", id))
}

func oneRow(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return nil
}

func (s *SQLite) CreateSession(ctx context.Context, se Session) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions(token_hash, user_id, csrf, expires) VALUES(?,?,?,?)`,
		se.TokenHash, se.UserID, se.CSRF, se.Expires.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: creating session: %w", err)
	}
	return nil
}

func (s *SQLite) Session(ctx context.Context, tokenHash string) (Session, error) {
	var se Session
	var exp int64
	err := s.sessionQ.QueryRowContext(ctx, tokenHash, now()).Scan(&se.TokenHash, &se.UserID, &se.CSRF, &exp)
	if err != nil {
		return Session{}, notFound(err, "session")
	}
	se.Expires = time.UnixMilli(exp)
	return se, nil
}

func (s *SQLite) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ? OR expires <= ?`, tokenHash, now())
	if err != nil {
		return fmt.Errorf("store: deleting session: %w", err)
	}
	return nil
}

func (s *SQLite) DeleteSessionsOf(ctx context.Context, userID int64, keep string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE (user_id = ? AND token_hash <> ?) OR expires <= ?`, userID, keep, now())
	if err != nil {
		return fmt.Errorf("store: deleting sessions: %w", err)
	}
	return nil
}

// sqliteTx is a change of a group commit, for the changes shared with
// PostgreSQL: SQLite has one writer, so no row needs a lock, and one
// process, so no other needs telling. Its statements are the writer's
// prepared ones where the cache has them.
type sqliteTx struct {
	t     *sql.Tx
	stmts *stmtCache
}

func (t sqliteTx) exec(ctx context.Context, query string, args ...any) error {
	_, err := t.update(ctx, query, args...)
	return err
}

func (t sqliteTx) update(ctx context.Context, query string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if st := t.stmts.get(query); st != nil {
		res, err = t.t.StmtContext(ctx, st).ExecContext(ctx, args...)
	} else {
		res, err = t.t.ExecContext(ctx, query, args...)
	}
	if isUnique(err) {
		return 0, fmt.Errorf("%w: %v", errUnique, err)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (t sqliteTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	if st := t.stmts.get(query); st != nil {
		return sqliteRow{t.t.StmtContext(ctx, st).QueryRowContext(ctx, args...)}
	}
	return sqliteRow{t.t.QueryRowContext(ctx, query, args...)}
}

// stmtCache keeps the writer's statements prepared, by their text: under
// load, parsing the statements of the changes took a twentieth of the
// server's CPU, more than running them. The writer has one connection,
// which a transaction holds, so a statement first seen in a transaction
// runs unprepared and is prepared after that commit (prepareMissed). Only
// the committer uses it, one at a time. The statements are constants of
// this package, so it stays small; maxStmts bounds it all the same.
type stmtCache struct {
	m      map[string]*sql.Stmt
	missed []string
}

const maxStmts = 64

func (c *stmtCache) get(query string) *sql.Stmt {
	if st, ok := c.m[query]; ok {
		return st
	}
	if len(c.m)+len(c.missed) < maxStmts && !slices.Contains(c.missed, query) {
		c.missed = append(c.missed, query)
	}
	return nil
}

// prepareMissed prepares on db the statements run unprepared since the
// last call. A statement that fails to prepare is run unprepared for good
// (it fails or not as it did).
func (c *stmtCache) prepareMissed(db *sql.DB) {
	if len(c.missed) == 0 {
		return
	}
	if c.m == nil {
		c.m = make(map[string]*sql.Stmt)
	}
	for _, q := range c.missed {
		c.m[q], _ = db.Prepare(q) // nil on an error
	}
	c.missed = c.missed[:0]
}

func (c *stmtCache) close() {
	for _, st := range c.m {
		if st != nil {
			st.Close()
		}
	}
	c.m = nil
}

func (sqliteTx) forUpdate() string                     { return "" }
func (sqliteTx) changed(context.Context, Change) error { return nil }

type sqliteRow struct{ r *sql.Row }

func (r sqliteRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return errNoRow
	}
	return err
}

// change runs f as a change of the next group commit (tx).
func (s *SQLite) change(ctx context.Context, f func(context.Context, tx) error) error {
	return s.tx(ctx, func(ctx context.Context, t *sql.Tx) error { return f(ctx, sqliteTx{t, &s.stmts}) })
}

// tx runs f in the next group commit, in a savepoint of its own, and
// returns once that commit is done: nil means f's change is durable. An
// error from f rolls back f's change alone. f gets a context that is never
// cancelled (an interrupted statement would roll back the whole group);
// the caller's ctx is checked before f runs.
func (s *SQLite) tx(ctx context.Context, f func(context.Context, *sql.Tx) error) error {
	j := &job{ctx: ctx, f: f, result: make(chan answer, 1)}
	s.qmu.Lock()
	if s.closed {
		s.qmu.Unlock()
		return ErrClosed
	}
	s.queue = append(s.queue, j)
	lead := !s.committing
	s.committing = true
	s.qmu.Unlock()
	for {
		if lead {
			s.commitQueued()
		}
		a := <-j.result
		if !a.lead {
			return a.err
		}
		lead = true
	}
}

// commitQueued commits the changes queued (up to maxGroup) as one group,
// then hands the committer's role to the first caller still queued, or
// ends it. While one group's fsync runs the next one gathers, so the
// commits follow the load: one change alone when the server is quiet,
// hundreds when it is busy.
func (s *SQLite) commitQueued() {
	s.qmu.Lock()
	n := min(len(s.queue), maxGroup)
	group := s.queue[:n:n]
	s.queue = s.queue[n:]
	s.qmu.Unlock()
	s.commitGroup(group)
	s.qmu.Lock()
	defer s.qmu.Unlock()
	if len(s.queue) == 0 {
		s.committing = false
		s.idle.Broadcast()
		return
	}
	s.queue[0].result <- answer{lead: true}
}

// commitGroup runs each change of group in its savepoint of one
// transaction, commits, and answers every caller.
func (s *SQLite) commitGroup(group []*job) {
	start := time.Now()
	results := make([]error, len(group))
	ctx := context.Background()
	// Once the writer's connection is free again.
	defer s.stmts.prepareMissed(s.db)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		for _, j := range group {
			j.result <- answer{err: fmt.Errorf("store: %w", err)}
		}
		return
	}
	if len(group) == 1 {
		// A change alone needs no savepoint: it fails, the transaction
		// is rolled back.
		j := group[0]
		err := j.ctx.Err()
		if err == nil {
			err = j.f(context.WithoutCancel(j.ctx), tx)
		} else {
			err = fmt.Errorf("store: %w", err)
		}
		if err != nil {
			tx.Rollback()
		} else if err = tx.Commit(); err != nil {
			err = fmt.Errorf("store: commit: %w", err)
		}
		if s.OnCommit != nil {
			s.OnCommit(1, time.Since(start))
		}
		j.result <- answer{err: err}
		return
	}
	st := sqliteTx{tx, &s.stmts}
	for i, j := range group {
		if err := j.ctx.Err(); err != nil {
			results[i] = fmt.Errorf("store: %w", err)
			continue
		}
		if err := st.exec(ctx, "SAVEPOINT change"); err != nil {
			results[i] = fmt.Errorf("store: %w", err)
			continue
		}
		results[i] = j.f(context.WithoutCancel(j.ctx), tx)
		if results[i] != nil {
			if err := st.exec(ctx, "ROLLBACK TO change"); err != nil {
				// SQLite rolled the whole transaction back (a full disk, an
				// I/O error): nothing of the group is kept.
				tx.Rollback()
				for k, j := range group {
					if k != i {
						j.result <- answer{err: fmt.Errorf("store: group rolled back: %w", err)}
					}
				}
				group[i].result <- answer{err: results[i]}
				return
			}
		}
		if err := st.exec(ctx, "RELEASE change"); err != nil && results[i] == nil {
			results[i] = fmt.Errorf("store: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		for i := range results {
			if results[i] == nil {
				results[i] = fmt.Errorf("store: commit: %w", err)
			}
		}
	}
	if s.OnCommit != nil {
		s.OnCommit(len(group), time.Since(start))
	}
	for i, j := range group {
		j.result <- answer{err: results[i]}
	}
}

const gameCols = `id, game, setup, lang, owner, rematch_of, move, shown, active, status, result, created, updated, pace, clock, fair`

type scanner interface{ Scan(...any) error }

func scanGame(r scanner) (Game, error) {
	var g Game
	var setup string
	var active int
	var created, updated int64
	var clock, fair string
	if err := r.Scan(&g.ID, &g.Game, &setup, &g.Lang, &g.Owner, &g.RematchOf, &g.Move, &g.Shown, &active, &g.Status, &g.Result, &created, &updated, &g.Pace, &clock, &fair); err != nil {
		return Game{}, err
	}
	if fair != "" {
		g.Fair = &Fair{}
		if err := json.Unmarshal([]byte(fair), g.Fair); err != nil {
			return Game{}, fmt.Errorf("store: game %s fair dice: %w", g.ID, err)
		}
	}
	if clock != "" {
		if err := json.Unmarshal([]byte(clock), &g.Clock); err != nil {
			return Game{}, fmt.Errorf("store: game %s clock: %w", g.ID, err)
		}
	}
	if err := json.Unmarshal([]byte(setup), &g.Setup); err != nil {
		return Game{}, fmt.Errorf("store: game %s setup: %w", g.ID, err)
	}
	g.Active = engine.SideSet(active)
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	return g, nil
}

func (s *SQLite) Game(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(s.rd.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE id = ?`, id))
	if err != nil {
		return Game{}, notFound(err, "game "+id)
	}
	g.Seats, err = s.seats(ctx, id)
	return g, err
}

func (s *SQLite) seats(ctx context.Context, id string) ([]Seat, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT side, COALESCE(user_id, 0), ai, invite FROM seats WHERE game_id = ? ORDER BY side`, id)
	if err != nil {
		return nil, fmt.Errorf("store: seats of %s: %w", id, err)
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.Side, &st.UserID, &st.AI, &st.Invite); err != nil {
			return nil, fmt.Errorf("store: seats of %s: %w", id, err)
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

func (s *SQLite) GamesOf(ctx context.Context, userID int64) ([]Game, error) {
	return s.games(ctx, fmt.Sprint("games of user ", userID), `SELECT `+gameCols+` FROM games WHERE id IN
		(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY updated DESC, id`, userID)
}

func (s *SQLite) OpenGames(ctx context.Context) ([]Game, error) {
	return s.games(ctx, "open games", `SELECT `+gameCols+` FROM games WHERE status = ? AND id IN
		(SELECT game_id FROM seats WHERE invite = ?) ORDER BY created DESC, id LIMIT 200`, StatusActive, OpenSeat)
}

// games runs a query for games and fills their seats.
func (s *SQLite) games(ctx context.Context, what, query string, args ...any) ([]Game, error) {
	rows, err := s.rd.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Seats, err = s.seats(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *SQLite) GameIDs(ctx context.Context) ([]string, error) {
	return s.ids(ctx, "listing games", `SELECT id FROM games ORDER BY created, id`)
}

func (s *SQLite) ClockedGames(ctx context.Context) ([]string, error) {
	return s.ids(ctx, "listing clocked games", `SELECT id FROM games WHERE pace != '' AND status = ? ORDER BY id`, StatusActive)
}

// ids lists the ids a query selects.
func (s *SQLite) ids(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := s.rd.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

func (s *SQLite) Record(ctx context.Context, gameID string) (engine.Record, error) {
	g, err := scanGame(s.rd.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE id = ?`, gameID))
	if err != nil {
		return engine.Record{}, notFound(err, "game "+gameID)
	}
	rec := engine.Record{Game: g.Game, Setup: g.Setup, Actions: []engine.RecordEntry{}}
	rows, err := s.rd.QueryContext(ctx, `SELECT side, action, hash FROM actions WHERE game_id = ? ORDER BY n`, gameID)
	if err != nil {
		return engine.Record{}, fmt.Errorf("store: record of %s: %w", gameID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e engine.RecordEntry
		if err := rows.Scan(&e.Side, &e.Action, &e.Hash); err != nil {
			return engine.Record{}, fmt.Errorf("store: record of %s: %w", gameID, err)
		}
		rec.Actions = append(rec.Actions, e)
	}
	return rec, rows.Err()
}

func (s *SQLite) Snapshots(ctx context.Context, gameID string) ([]engine.Snapshot, error) {
	rows, err := s.rd.QueryContext(ctx, snapshotsQuery, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: snapshots of %s: %w", gameID, err)
	}
	defer rows.Close()
	var out []engine.Snapshot
	for rows.Next() {
		sn, err := scanSnapshot(rows)
		if err != nil {
			return nil, fmt.Errorf("store: snapshots of %s: %w", gameID, err)
		}
		out = append(out, sn)
	}
	return out, rows.Err()
}

func (s *SQLite) SetPendingFair(ctx context.Context, userID int64, f Fair, made time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO pending_fair(user_id, commitment, fair, made) VALUES(?,?,?,?)
		ON CONFLICT(user_id) DO UPDATE SET commitment = excluded.commitment, fair = excluded.fair, made = excluded.made`,
		userID, f.Commitment, fairJSON(&f), made.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: pending commitment: %w", err)
	}
	return nil
}

func (s *SQLite) TakePendingFair(ctx context.Context, userID int64, commitment string, since time.Time) (*Fair, error) {
	var text string
	err := s.db.QueryRowContext(ctx, `DELETE FROM pending_fair WHERE user_id = ? AND commitment = ? AND made >= ? RETURNING fair`,
		userID, commitment, since.UnixMilli()).Scan(&text)
	return pendingFair(text, err)
}

// pendingFair reads a pending commitment taken from the database.
func pendingFair(text string, err error) (*Fair, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: pending commitment: %w", err)
	}
	f := &Fair{}
	if err := json.Unmarshal([]byte(text), f); err != nil {
		return nil, fmt.Errorf("store: pending commitment: %w", err)
	}
	return f, nil
}

func (s *SQLite) AddChat(ctx context.Context, gameID string, userID int64, side, text string) (ChatLine, error) {
	line := ChatLine{UserID: userID, Side: side, Text: text, Created: time.UnixMilli(now())}
	err := s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = ?`, gameID).Scan(&line.N); err != nil {
			return fmt.Errorf("store: chat: %w", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO chat(game_id, n, user_id, side, text, created) VALUES(?,?,?,?,?,?)`,
			gameID, line.N, userID, side, text, line.Created.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: chat: %w", err)
		}
		return nil
	})
	return line, err
}

func (s *SQLite) Chat(ctx context.Context, gameID string, after int) ([]ChatLine, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT n, user_id, side, text, created FROM chat WHERE game_id = ? AND n > ? ORDER BY n`, gameID, after)
	if err != nil {
		return nil, fmt.Errorf("store: chat: %w", err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var l ChatLine
		var created int64
		if err := rows.Scan(&l.N, &l.UserID, &l.Side, &l.Text, &created); err != nil {
			return nil, fmt.Errorf("store: chat: %w", err)
		}
		l.Created = time.UnixMilli(created)
		out = append(out, l)
	}
	return out, rows.Err()
}

// Backup writes a consistent copy of the SQLite database at path to out
// (which must not exist), while servers keep using it: VACUUM INTO reads
// one snapshot of the database (a read transaction beside the writer, in
// WAL mode) and writes it compacted to the new file.
func Backup(ctx context.Context, path, out string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("store: backup: %s exists already", out)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, out); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
