package store

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"sandtable/internal/engine"
)

//go:embed migrations_pg/*.sql
var pgMigrationFiles embed.FS

// Postgres is the Store kept in a PostgreSQL database, for a site served
// by several processes. Each change is one transaction that locks its
// game's row first (SELECT ... FOR UPDATE), so that two processes never
// both append the same move; PostgreSQL groups concurrent commits into one
// WAL flush itself.
type Postgres struct {
	changes // the changes to games, shared with SQLite
	pool    *pgxpool.Pool
	origin  string // this process, in the notices it sends
}

var _ Store = (*Postgres)(nil)

// OpenPostgres connects to the database at url (postgres://...) and applies
// the migrations it has not seen yet, one process at a time.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	p := &Postgres{pool: pool, origin: hex.EncodeToString(randomBytes(8))}
	p.changes = changes{run: p.change}
	if err := p.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return p, nil
}

// Pool is the connection pool (for LISTEN/NOTIFY and advisory locks).
func (p *Postgres) Pool() *pgxpool.Pool { return p.pool }

func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}

// migrationLock is the advisory lock key held while migrating, so that
// replicas starting together apply each migration once.
const migrationLock = 0x5a4d7461626c65

func (p *Postgres) migrate(ctx context.Context) error {
	names, err := fs.Glob(pgMigrationFiles, "migrations_pg/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return fmt.Errorf("store: migration lock: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		var version int
		err := tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&version)
		if errors.Is(err, pgx.ErrNoRows) {
			_, err = tx.Exec(ctx, `INSERT INTO schema_version VALUES (0)`)
		}
		if err != nil {
			return fmt.Errorf("store: reading schema version: %w", err)
		}
		if version > len(names) {
			return fmt.Errorf("store: database schema version %d is newer than this program (%d)", version, len(names))
		}
		for i := version; i < len(names); i++ {
			text, err := pgMigrationFiles.ReadFile(names[i])
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, string(text)); err != nil {
				return fmt.Errorf("store: migration %s: %w", names[i], err)
			}
		}
		_, err = tx.Exec(ctx, `UPDATE schema_version SET version = $1`, len(names))
		return err
	})
}

func pgUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

func pgNotFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

func pgOneRow(tag pgconn.CommandTag, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return nil
}

func (p *Postgres) tx(ctx context.Context, f func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, p.pool, f)
}

// change runs f in a transaction of its own (tx); PostgreSQL groups
// concurrent commits into one WAL flush itself.
func (p *Postgres) change(ctx context.Context, f func(context.Context, tx) error) error {
	return p.tx(ctx, func(t pgx.Tx) error { return f(ctx, pgTx{t, p}) })
}

// pgTx is a transaction for the changes shared with SQLite: it locks the
// rows it checks (several processes write) and notifies the others.
type pgTx struct {
	t pgx.Tx
	p *Postgres
}

func (t pgTx) exec(ctx context.Context, query string, args ...any) error {
	_, err := t.update(ctx, query, args...)
	return err
}

func (t pgTx) update(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := t.t.Exec(ctx, pgQuery(query), args...)
	if pgUnique(err) {
		return 0, fmt.Errorf("%w: %v", errUnique, err)
	}
	return tag.RowsAffected(), err
}

func (t pgTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	return pgRow{t.t.QueryRow(ctx, pgQuery(query), args...)}
}

func (pgTx) forUpdate() string { return " FOR UPDATE" }

func (t pgTx) changed(ctx context.Context, c Change) error { return t.p.notify(ctx, t.t, c) }

type pgRow struct{ r pgx.Row }

func (r pgRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return errNoRow
	}
	return err
}

func (p *Postgres) CreateUser(ctx context.Context, u User) (User, error) {
	u.Created = time.UnixMilli(now())
	err := p.pool.QueryRow(ctx,
		`INSERT INTO users(name, name_key, pass_hash, guest, email, webhook, created) VALUES($1,lower($1),$2,$3,$4,$5,$6) RETURNING id`,
		u.Name, u.PassHash, u.Guest, u.Email, u.Webhook, u.Created.UnixMilli()).Scan(&u.ID)
	if pgUnique(err) {
		return User{}, fmt.Errorf("store: user %q: %w", u.Name, ErrExists)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: creating user: %w", err)
	}
	return u, nil
}

func pgScanUser(row pgx.Row, what string) (User, error) {
	var u User
	var created int64
	if err := row.Scan(&u.ID, &u.Name, &u.PassHash, &u.Guest, &u.Email, &u.Webhook, &created); err != nil {
		return User{}, pgNotFound(err, what)
	}
	u.Created = time.UnixMilli(created)
	return u, nil
}

func (p *Postgres) UserByName(ctx context.Context, name string) (User, error) {
	return pgScanUser(p.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE name = $1 OR name_key = lower($1)
		ORDER BY name = $1 DESC LIMIT 1`, name), "user "+name)
}

func (p *Postgres) UserByID(ctx context.Context, id int64) (User, error) {
	return pgScanUser(p.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE id = $1`, id), fmt.Sprint("user ", id))
}

func (p *Postgres) SetPassword(ctx context.Context, id int64, hash string) error {
	tag, err := p.pool.Exec(ctx, `UPDATE users SET pass_hash = $1 WHERE id = $2`, hash, id)
	return pgOneRow(tag, err, fmt.Sprint("user ", id))
}

func (p *Postgres) SetNotify(ctx context.Context, id int64, email, webhook string) error {
	tag, err := p.pool.Exec(ctx, `UPDATE users SET email = $1, webhook = $2 WHERE id = $3`, email, webhook, id)
	return pgOneRow(tag, err, fmt.Sprint("user ", id))
}

func (p *Postgres) CreateSession(ctx context.Context, se Session) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO sessions(token_hash, user_id, csrf, expires) VALUES($1,$2,$3,$4)`,
		se.TokenHash, se.UserID, se.CSRF, se.Expires.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: creating session: %w", err)
	}
	return nil
}

func (p *Postgres) Session(ctx context.Context, tokenHash string) (Session, error) {
	var se Session
	var exp int64
	err := p.pool.QueryRow(ctx, `SELECT token_hash, user_id, csrf, expires FROM sessions WHERE token_hash = $1 AND expires > $2`,
		tokenHash, now()).Scan(&se.TokenHash, &se.UserID, &se.CSRF, &exp)
	if err != nil {
		return Session{}, pgNotFound(err, "session")
	}
	se.Expires = time.UnixMilli(exp)
	return se, nil
}

func (p *Postgres) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1 OR expires <= $2`, tokenHash, now()); err != nil {
		return fmt.Errorf("store: deleting session: %w", err)
	}
	return nil
}

func (p *Postgres) DeleteSessionsOf(ctx context.Context, userID int64, keep string) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM sessions WHERE (user_id = $1 AND token_hash <> $2) OR expires <= $3`, userID, keep, now()); err != nil {
		return fmt.Errorf("store: deleting sessions: %w", err)
	}
	return nil
}

func (p *Postgres) Game(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(p.pool.QueryRow(ctx, `SELECT `+gameCols+` FROM games WHERE id = $1`, id))
	if err != nil {
		return Game{}, pgNotFound(err, "game "+id)
	}
	g.Seats, err = p.seats(ctx, id)
	return g, err
}

func (p *Postgres) seats(ctx context.Context, id string) ([]Seat, error) {
	rows, err := p.pool.Query(ctx, `SELECT side, COALESCE(user_id, 0), ai, invite FROM seats WHERE game_id = $1 ORDER BY side`, id)
	if err != nil {
		return nil, fmt.Errorf("store: seats of %s: %w", id, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Seat, error) {
		var st Seat
		err := r.Scan(&st.Side, &st.UserID, &st.AI, &st.Invite)
		return st, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: seats of %s: %w", id, err)
	}
	return out, nil
}

func (p *Postgres) GamesOf(ctx context.Context, userID int64) ([]Game, error) {
	return p.games(ctx, fmt.Sprint("games of user ", userID), `SELECT `+gameCols+` FROM games WHERE id IN
		(SELECT game_id FROM seats WHERE user_id = $1) ORDER BY updated DESC, id`, userID)
}

func (p *Postgres) OpenGames(ctx context.Context) ([]Game, error) {
	return p.games(ctx, "open games", `SELECT `+gameCols+` FROM games WHERE status = $1 AND id IN
		(SELECT game_id FROM seats WHERE invite = $2) ORDER BY created DESC, id LIMIT 200`, StatusActive, OpenSeat)
}

func (p *Postgres) games(ctx context.Context, what, query string, args ...any) ([]Game, error) {
	rows, err := p.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Game, error) { return scanGame(r) })
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	for i := range out {
		if out[i].Seats, err = p.seats(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (p *Postgres) ids(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := p.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	return out, nil
}

func (p *Postgres) GameIDs(ctx context.Context) ([]string, error) {
	return p.ids(ctx, "listing games", `SELECT id FROM games ORDER BY created, id`)
}

func (p *Postgres) ClockedGames(ctx context.Context) ([]string, error) {
	return p.ids(ctx, "listing clocked games", `SELECT id FROM games WHERE pace != '' AND status = $1 ORDER BY id`, StatusActive)
}

func (p *Postgres) Record(ctx context.Context, gameID string) (engine.Record, error) {
	// One snapshot for the game and its actions.
	var rec engine.Record
	err := pgx.BeginTxFunc(ctx, p.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		g, err := scanGame(tx.QueryRow(ctx, `SELECT `+gameCols+` FROM games WHERE id = $1`, gameID))
		if err != nil {
			return pgNotFound(err, "game "+gameID)
		}
		rec = engine.Record{Game: g.Game, Setup: g.Setup, Actions: []engine.RecordEntry{}}
		rows, err := tx.Query(ctx, `SELECT side, action, hash FROM actions WHERE game_id = $1 ORDER BY n`, gameID)
		if err != nil {
			return fmt.Errorf("store: record of %s: %w", gameID, err)
		}
		acts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (engine.RecordEntry, error) {
			var e engine.RecordEntry
			err := r.Scan(&e.Side, &e.Action, &e.Hash)
			return e, err
		})
		if err != nil {
			return fmt.Errorf("store: record of %s: %w", gameID, err)
		}
		rec.Actions = append(rec.Actions, acts...)
		return nil
	})
	return rec, err
}

func (p *Postgres) Snapshots(ctx context.Context, gameID string) ([]engine.Snapshot, error) {
	rows, err := p.pool.Query(ctx, pgQuery(snapshotsQuery), gameID)
	if err != nil {
		return nil, fmt.Errorf("store: snapshots of %s: %w", gameID, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (engine.Snapshot, error) { return scanSnapshot(r) })
	if err != nil {
		return nil, fmt.Errorf("store: snapshots of %s: %w", gameID, err)
	}
	return out, nil
}

func (p *Postgres) SetPendingFair(ctx context.Context, userID int64, f Fair, made time.Time) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO pending_fair(user_id, commitment, fair, made) VALUES($1,$2,$3,$4)
		ON CONFLICT(user_id) DO UPDATE SET commitment = excluded.commitment, fair = excluded.fair, made = excluded.made`,
		userID, f.Commitment, fairJSON(&f), made.UnixMilli())
	if err != nil {
		return fmt.Errorf("store: pending commitment: %w", err)
	}
	return nil
}

func (p *Postgres) TakePendingFair(ctx context.Context, userID int64, commitment string, since time.Time) (*Fair, error) {
	var text string
	err := p.pool.QueryRow(ctx, `DELETE FROM pending_fair WHERE user_id = $1 AND commitment = $2 AND made >= $3 RETURNING fair`,
		userID, commitment, since.UnixMilli()).Scan(&text)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return pendingFair(text, err)
}

func (p *Postgres) AddChat(ctx context.Context, gameID string, userID int64, side, text string) (ChatLine, error) {
	line := ChatLine{UserID: userID, Side: side, Text: text, Created: time.UnixMilli(now())}
	err := p.tx(ctx, func(tx pgx.Tx) error {
		// The game's row orders the chat lines of concurrent writers.
		var move int
		var status string
		if err := tx.QueryRow(ctx, `SELECT shown, status FROM games WHERE id = $1 FOR UPDATE`, gameID).Scan(&move, &status); err != nil {
			return pgNotFound(err, "chat of game "+gameID)
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = $1`, gameID).Scan(&line.N); err != nil {
			return fmt.Errorf("store: chat: %w", err)
		}
		_, err := tx.Exec(ctx, `INSERT INTO chat(game_id, n, user_id, side, text, created) VALUES($1,$2,$3,$4,$5,$6)`,
			gameID, line.N, userID, side, text, line.Created.UnixMilli())
		if err != nil {
			return fmt.Errorf("store: chat: %w", err)
		}
		return p.notify(ctx, tx, Change{Game: gameID, Move: move, Status: status, Chat: line.N})
	})
	return line, err
}

func (p *Postgres) Chat(ctx context.Context, gameID string, after int) ([]ChatLine, error) {
	rows, err := p.pool.Query(ctx, `SELECT n, user_id, side, text, created FROM chat WHERE game_id = $1 AND n > $2 ORDER BY n`, gameID, after)
	if err != nil {
		return nil, fmt.Errorf("store: chat: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ChatLine, error) {
		var l ChatLine
		var created int64
		err := r.Scan(&l.N, &l.UserID, &l.Side, &l.Text, &created)
		l.Created = time.UnixMilli(created)
		return l, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: chat: %w", err)
	}
	return out, nil
}

// Change is a notice that a game changed, sent by the process that
// changed it to the others sharing the database.
type Change struct {
	Game   string `json:"g"`
	Move   int    `json:"m"` // the move number players are shown (Game.Shown)
	Status string `json:"s"`
	Chat   int    `json:"c,omitempty"` // the number of a new chat line
	// Quiet: a sealed action (Progress.Quiet), which no page is told of.
	Quiet  bool   `json:"q,omitempty"`
	Origin string `json:"o"`
}

// changesChannel is the LISTEN/NOTIFY channel of game changes.
const changesChannel = "sandtable_games"

// notify sends c to the other processes when tx commits (NOTIFY is
// transactional: a change rolled back is never announced).
func (p *Postgres) notify(ctx context.Context, tx pgx.Tx, c Change) error {
	c.Origin = p.origin
	b, _ := json.Marshal(c)
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, changesChannel, string(b)); err != nil {
		return fmt.Errorf("store: notify: %w", err)
	}
	return nil
}

// Listen calls f with each change that other processes commit, until ctx
// ends; a lost connection is opened again (after which f gets a Change
// with an empty Game: anything may have changed meanwhile).
func (p *Postgres) Listen(ctx context.Context, f func(Change)) {
	for ctx.Err() == nil {
		err := p.listen(ctx, f)
		if ctx.Err() != nil {
			return
		}
		slog.Warn("listening for changes of other processes", "err", err)
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return
		}
		f(Change{})
	}
}

func (p *Postgres) listen(ctx context.Context, f func(Change)) error {
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+changesChannel); err != nil {
		return err
	}
	defer conn.Exec(context.Background(), "UNLISTEN "+changesChannel)
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			conn.Conn().Close(context.Background()) // not back to the pool half-listening
			return err
		}
		var c Change
		if json.Unmarshal([]byte(n.Payload), &c) != nil || c.Origin == p.origin {
			continue
		}
		f(c)
	}
}

// leaderLock is the advisory lock held by the process that runs the
// computer players and the clocks.
const leaderLock = 0x5a4d746c656164

// Lead runs lead(ctx) while this process holds the leader's lock (one
// process of those sharing the database at a time), taking the lock over
// when its holder is gone (its connection closed: the lock is the
// session's), until ctx ends. lead's ctx ends when the lock is lost.
func (p *Postgres) Lead(ctx context.Context, every time.Duration, lead func(ctx context.Context)) {
	for ctx.Err() == nil {
		p.leadOnce(ctx, every, lead)
		select {
		case <-time.After(every):
		case <-ctx.Done():
		}
	}
}

func (p *Postgres) leadOnce(ctx context.Context, every time.Duration, lead func(ctx context.Context)) {
	pc, err := p.pool.Acquire(ctx)
	if err != nil {
		return
	}
	conn := pc.Hijack() // the lock lives as long as this connection
	defer conn.Close(context.Background())
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, leaderLock).Scan(&got); err != nil || !got {
		return
	}
	lctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); lead(lctx) }()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
		case <-t.C:
			if conn.Ping(ctx) == nil {
				continue
			}
		}
		cancel()
		<-done
		return
	}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}
