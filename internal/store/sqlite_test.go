package store

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"sandtable/internal/engine"
)

func open(t *testing.T) *SQLite {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestMigrationsApplyOnceInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	for i := 0; i < 2; i++ { // the second open finds everything applied
		s, err := Open(path)
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		v, err := s.SchemaVersion()
		if names, _ := fs.Glob(migrationFiles, "migrations/*.sql"); err != nil || v != len(names) || v < 5 {
			t.Fatalf("open %d: schema version %d, %v; want %d", i, v, err, len(names))
		}
		s.Close()
	}
}

func TestUsers(t *testing.T) { eachStore(t, testUsers) }

func testUsers(t *testing.T, s Store) {
	ctx := context.Background()
	u, err := s.CreateUser(ctx, User{Name: "ann", PassHash: "h"})
	if err != nil || u.ID == 0 {
		t.Fatalf("CreateUser: %+v, %v", u, err)
	}
	if _, err := s.CreateUser(ctx, User{Name: "ann"}); !errors.Is(err, ErrExists) {
		t.Fatalf("duplicate name: %v, want ErrExists", err)
	}
	if err := s.SetNotify(ctx, u.ID, "a@example.org", "http://hook"); err != nil {
		t.Fatal(err)
	}
	got, err := s.UserByName(ctx, "ann")
	if err != nil || got.ID != u.ID || got.Email != "a@example.org" || got.Webhook != "http://hook" || got.PassHash != "h" {
		t.Fatalf("UserByName: %+v, %v", got, err)
	}
	if _, err := s.UserByName(ctx, "bob"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown user: %v", err)
	}
	if err := s.SetNotify(ctx, 999, "", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("SetNotify unknown user: %v", err)
	}
}

func TestSessions(t *testing.T) { eachStore(t, testSessions) }

func testSessions(t *testing.T, s Store) {
	ctx := context.Background()
	u, _ := s.CreateUser(ctx, User{Name: "ann"})
	live := Session{TokenHash: "t1", UserID: u.ID, CSRF: "c", Expires: time.Now().Add(time.Hour)}
	dead := Session{TokenHash: "t2", UserID: u.ID, CSRF: "c", Expires: time.Now().Add(-time.Hour)}
	for _, se := range []Session{live, dead} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.Session(ctx, "t1"); err != nil || got.UserID != u.ID || got.CSRF != "c" {
		t.Fatalf("live session: %+v, %v", got, err)
	}
	if _, err := s.Session(ctx, "t2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("expired session: %v, want ErrNotFound", err)
	}
	if err := s.DeleteSession(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, "t1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted session: %v", err)
	}
}

func newGame(t *testing.T, s Store) (Game, User, User) {
	ctx := context.Background()
	a, _ := s.CreateUser(ctx, User{Name: "ann"})
	b, _ := s.CreateUser(ctx, User{Name: "bob"})
	g := Game{ID: "g1", Game: "toy", Setup: engine.Setup{Scenario: "standard", Seed: 7}, Lang: "en", Owner: a.ID,
		Active: engine.Only(0),
		Seats:  []Seat{{Side: 0, UserID: a.ID}, {Side: 1, Invite: "secret"}}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	return g, a, b
}

func TestGamesAndSeats(t *testing.T) { eachStore(t, testGamesAndSeats) }

func testGamesAndSeats(t *testing.T, s Store) {
	ctx := context.Background()
	g, a, b := newGame(t, s)
	if err := s.CreateGame(ctx, g); !errors.Is(err, ErrExists) {
		t.Fatalf("duplicate game: %v", err)
	}
	got, err := s.Game(ctx, "g1")
	if err != nil || got.Setup.Seed != 7 || got.Status != StatusActive || len(got.Seats) != 2 || got.Seats[1].Invite != "secret" || got.Active != engine.Only(0) {
		t.Fatalf("Game: %+v, %v", got, err)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown game: %v", err)
	}
	if err := s.ClaimSeat(ctx, "g1", 1, "wrong", b.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("wrong invitation: %v", err)
	}
	if err := s.ClaimSeat(ctx, "g1", 0, "", b.ID); !errors.Is(err, ErrConflict) {
		t.Fatalf("taken seat: %v", err)
	}
	if err := s.ClaimSeat(ctx, "g1", 1, "secret", b.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimSeat(ctx, "g1", 1, "secret", a.ID); !errors.Is(err, ErrConflict) {
		t.Fatalf("second claim: %v", err)
	}
	for _, u := range []User{a, b} {
		list, err := s.GamesOf(ctx, u.ID)
		if err != nil || len(list) != 1 || list[0].ID != "g1" || len(list[0].Seats) != 2 {
			t.Fatalf("GamesOf %s: %+v, %v", u.Name, list, err)
		}
	}
	ids, err := s.GameIDs(ctx)
	if err != nil || len(ids) != 1 {
		t.Fatalf("GameIDs: %v, %v", ids, err)
	}
}

func TestRecordAppendTruncate(t *testing.T) { eachStore(t, testRecordAppendTruncate) }

func testRecordAppendTruncate(t *testing.T, s Store) {
	ctx := context.Background()
	newGame(t, s)
	e := func(n string) engine.RecordEntry {
		return engine.RecordEntry{Side: "north", Action: "take " + n, Hash: "h" + n}
	}
	if err := s.AppendAction(ctx, "g1", 0, e("1"), Progress{Active: engine.Only(1)}); err != nil {
		t.Fatal(err)
	}
	// A second writer that read move 0 is refused and changes nothing.
	if err := s.AppendAction(ctx, "g1", 0, e("2"), Progress{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale append: %v, want ErrConflict", err)
	}
	if err := s.AppendAction(ctx, "g1", 1, e("2"), Progress{Active: engine.Only(0)}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendAction(ctx, "nope", 0, e("1"), Progress{}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown game: %v", err)
	}
	rec, err := s.Record(ctx, "g1")
	if err != nil || rec.Game != "toy" || rec.Setup.Seed != 7 || len(rec.Actions) != 2 || rec.Actions[1] != e("2") {
		t.Fatalf("Record: %+v, %v", rec, err)
	}
	if err := s.Truncate(ctx, "g1", 1, 1, Progress{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale truncate: %v", err)
	}
	if err := s.Truncate(ctx, "g1", 2, 1, Progress{Active: engine.Only(1)}); err != nil {
		t.Fatal(err)
	}
	rec, _ = s.Record(ctx, "g1")
	g, _ := s.Game(ctx, "g1")
	if len(rec.Actions) != 1 || g.Move != 1 || g.Active != engine.Only(1) {
		t.Fatalf("after truncate: %d actions, game %+v", len(rec.Actions), g)
	}
	if err := s.Rewrite(ctx, "g1", 0, nil, Progress{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale rewrite: %v", err)
	}
	if err := s.Rewrite(ctx, "g1", 1, []engine.RecordEntry{e("3")}, Progress{Active: engine.Only(1)}); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Record(ctx, "g1"); len(rec.Actions) != 1 || rec.Actions[0] != e("3") {
		t.Fatalf("after rewrite: %+v", rec.Actions)
	}
	if err := s.SetProgress(ctx, "g1", 1, Progress{Status: StatusOver, Result: "north resigned"}); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(ctx, "g1"); g.Status != StatusOver || g.Result != "north resigned" || g.Move != 1 {
		t.Fatalf("after SetProgress: %+v", g)
	}
}

func TestReopenKeepsCommittedActions(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.CreateUser(ctx, User{Name: "ann"})
	s.CreateGame(ctx, Game{ID: "g", Game: "toy", Owner: a.ID, Seats: []Seat{{Side: 0, UserID: a.ID}}})
	for i := 0; i < 5; i++ {
		if err := s.AppendAction(ctx, "g", i, engine.RecordEntry{Side: "north", Action: "take 1", Hash: "x"}, Progress{}); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rec, err := s.Record(ctx, "g")
	if err != nil || len(rec.Actions) != 5 {
		t.Fatalf("after reopen: %d actions, %v", len(rec.Actions), err)
	}
}

func TestClocks(t *testing.T) { eachStore(t, testClocks) }

func testClocks(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := s.CreateUser(ctx, User{Name: "ann"})
	g := Game{ID: "c", Game: "toy", Owner: a.ID, Pace: "fast", Clock: Clock{Left: []int64{10, 20}}, Seats: []Seat{{Side: 0, UserID: a.ID}}}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, Game{ID: "n", Game: "toy", Owner: a.ID}); err != nil {
		t.Fatal(err)
	}
	if ids, err := s.ClockedGames(ctx); err != nil || len(ids) != 1 || ids[0] != "c" {
		t.Fatalf("ClockedGames: %v, %v", ids, err)
	}
	got, _ := s.Game(ctx, "c")
	if got.Pace != "fast" || len(got.Clock.Left) != 2 || got.Clock.Left[1] != 20 || got.Clock.Since != 0 {
		t.Fatalf("stored clock: %+v %q", got.Clock, got.Pace)
	}
	// An action without a clock leaves it; one with a clock sets it.
	s.AppendAction(ctx, "c", 0, engine.RecordEntry{Side: "north", Action: "take 1", Hash: "x"}, Progress{})
	s.AppendAction(ctx, "c", 1, engine.RecordEntry{Side: "south", Action: "take 1", Hash: "y"}, Progress{Clock: &Clock{Left: []int64{5, 6}, Since: 99}})
	got, _ = s.Game(ctx, "c")
	if got.Clock.Left[0] != 5 || got.Clock.Since != 99 {
		t.Fatalf("clock after actions: %+v", got.Clock)
	}
	s.SetProgress(ctx, "c", 2, Progress{Status: StatusOver, Result: "north ran out of time"})
	if ids, _ := s.ClockedGames(ctx); len(ids) != 0 {
		t.Fatalf("finished game still clocked: %v", ids)
	}
}

// TestMigrationUpgradesOldDatabase: a database at schema 1 with a game
// in it gets the later migrations on open, and keeps the game.
func TestMigrationUpgradesOldDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.CreateUser(ctx, User{Name: "ann"})
	s.CreateGame(ctx, Game{ID: "g", Game: "toy", Owner: a.ID})
	// Take the database back to schema 1.
	for _, q := range []string{`ALTER TABLE games DROP COLUMN shown`, `DROP TABLE snapshots`, `DROP TABLE pending_fair`, `DROP INDEX users_name_key`, `ALTER TABLE users DROP COLUMN name_key`, `ALTER TABLE games DROP COLUMN fair`,
		`DROP TABLE chat`, `ALTER TABLE games DROP COLUMN clock`, `ALTER TABLE games DROP COLUMN pace`, `PRAGMA user_version = 1`} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	names, _ := fs.Glob(migrationFiles, "migrations/*.sql")
	if v, _ := s.SchemaVersion(); v != len(names) {
		t.Fatalf("schema version %d after upgrade", v)
	}
	if g, err := s.Game(ctx, "g"); err != nil || g.Pace != "" {
		t.Fatalf("game after upgrade: %+v, %v", g, err)
	}
}

func TestChat(t *testing.T) { eachStore(t, testChat) }

func testChat(t *testing.T, s Store) {
	ctx := context.Background()
	_, a, b := newGame(t, s)
	if _, err := s.AddChat(ctx, "g1", a.ID, "north", "hello"); err != nil {
		t.Fatal(err)
	}
	if l, err := s.AddChat(ctx, "g1", b.ID, "south", "good luck"); err != nil || l.N != 2 {
		t.Fatalf("second line: %+v, %v", l, err)
	}
	if _, err := s.AddChat(ctx, "nope", a.ID, "north", "x"); err == nil {
		t.Fatal("chat in an unknown game accepted")
	}
	all, err := s.Chat(ctx, "g1", 0)
	if err != nil || len(all) != 2 || all[0].Text != "hello" || all[1].UserID != b.ID {
		t.Fatalf("chat: %+v, %v", all, err)
	}
	if later, _ := s.Chat(ctx, "g1", 1); len(later) != 1 || later[0].N != 2 {
		t.Fatalf("chat after 1: %+v", later)
	}
}

func TestOpenSeats(t *testing.T) { eachStore(t, testOpenSeats) }

func testOpenSeats(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := s.CreateUser(ctx, User{Name: "ann"})
	b, _ := s.CreateUser(ctx, User{Name: "bob"})
	s.CreateGame(ctx, Game{ID: "o", Game: "toy", Owner: a.ID, Seats: []Seat{{Side: 0, UserID: a.ID}, {Side: 1, Invite: OpenSeat}}})
	s.CreateGame(ctx, Game{ID: "i", Game: "toy", Owner: a.ID, Seats: []Seat{{Side: 0, UserID: a.ID}, {Side: 1, Invite: "tok"}}})
	list, err := s.OpenGames(ctx)
	if err != nil || len(list) != 1 || list[0].ID != "o" || len(list[0].Seats) != 2 {
		t.Fatalf("OpenGames: %+v, %v", list, err)
	}
	if err := s.ClaimSeat(ctx, "o", 1, "", b.ID); err != nil {
		t.Fatalf("taking an open seat: %v", err)
	}
	if list, _ := s.OpenGames(ctx); len(list) != 0 {
		t.Fatalf("a taken seat is still open: %+v", list)
	}
}

// TestNamesIgnoreCase: a name differing only in case is taken, and a name
// is found whatever its case (issue 23, item 8).
func TestNamesIgnoreCase(t *testing.T) { eachStore(t, testNamesIgnoreCase) }

func testNamesIgnoreCase(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := s.CreateUser(ctx, User{Name: "alice"})
	if _, err := s.CreateUser(ctx, User{Name: "ALICE"}); !errors.Is(err, ErrExists) {
		t.Fatalf("ALICE beside alice: %v, want ErrExists", err)
	}
	if got, err := s.UserByName(ctx, "Alice"); err != nil || got.ID != a.ID {
		t.Fatalf("Alice: %+v, %v", got, err)
	}
}

// TestNameMigrationKeepsDuplicates: accounts registered before the rule
// with names equal but for case survive the migration, each reachable by
// its exact name, the oldest by any other spelling.
func TestNameMigrationKeepsDuplicates(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`ALTER TABLE games DROP COLUMN shown`, `DROP TABLE snapshots`, `DROP TABLE pending_fair`, `DROP INDEX users_name_key`, `ALTER TABLE users DROP COLUMN name_key`, `ALTER TABLE games DROP COLUMN fair`, `PRAGMA user_version = 3`,
		`INSERT INTO users(name, created) VALUES('bob', 1), ('BOB', 2), ('Bob', 3), ('carl', 4)`} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	s.Close()
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct{ ask, want string }{{"bob", "bob"}, {"BOB", "BOB"}, {"Bob", "Bob"}, {"bOB", "bob"}, {"CARL", "carl"}} {
		if u, err := s.UserByName(ctx, c.ask); err != nil || u.Name != c.want {
			t.Errorf("%s: %+v, %v, want %s", c.ask, u, err, c.want)
		}
	}
	if _, err := s.CreateUser(ctx, User{Name: "boB"}); !errors.Is(err, ErrExists) {
		t.Fatalf("boB after the migration: %v", err)
	}
}

func TestPasswordAndSessionsOf(t *testing.T) { eachStore(t, testPasswordAndSessionsOf) }

func testPasswordAndSessionsOf(t *testing.T, s Store) {
	ctx := context.Background()
	u, _ := s.CreateUser(ctx, User{Name: "ann", PassHash: "old"})
	for _, h := range []string{"a", "b", "c"} {
		s.CreateSession(ctx, Session{TokenHash: h, UserID: u.ID, CSRF: "x", Expires: time.Now().Add(time.Hour)})
	}
	if err := s.SetPassword(ctx, u.ID, "new"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.UserByID(ctx, u.ID); got.PassHash != "new" {
		t.Fatalf("hash %q", got.PassHash)
	}
	if err := s.DeleteSessionsOf(ctx, u.ID, "b"); err != nil {
		t.Fatal(err)
	}
	for h, want := range map[string]bool{"a": false, "b": true, "c": false} {
		if _, err := s.Session(ctx, h); (err == nil) != want {
			t.Errorf("session %s: %v", h, err)
		}
	}
	s.DeleteSessionsOf(ctx, u.ID, "")
	if _, err := s.Session(ctx, "b"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("every session: %v", err)
	}
}

func TestSetSetupBeforeTheFirstAction(t *testing.T) { eachStore(t, testSetSetupBeforeTheFirstAction) }

func testSetSetupBeforeTheFirstAction(t *testing.T, s Store) {
	ctx := context.Background()
	g, _, _ := newGame(t, s)
	fair := &Fair{Secret: "s", Commitment: "c", Contributions: map[string]string{"north": "x"}, Closed: true}
	if err := s.SetSetup(ctx, g.ID, engine.Setup{Scenario: "standard", Seed: 42}, fair, Progress{Active: engine.Only(1)}); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game(ctx, g.ID)
	if got.Setup.Seed != 42 || got.Fair == nil || got.Fair.Contributions["north"] != "x" || !got.Fair.Closed || got.Active != engine.Only(1) {
		t.Fatalf("after SetSetup: %+v %+v", got, got.Fair)
	}
	if err := s.AppendAction(ctx, g.ID, 0, engine.RecordEntry{Side: "south", Action: "a", Hash: "h"}, Progress{}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSetup(ctx, g.ID, engine.Setup{Seed: 1}, nil, Progress{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("SetSetup after an action: %v", err)
	}
}

// TestPendingFair: one pending commitment per user, replaced by the next,
// taken once, only by its name and while fresh.
func TestPendingFair(t *testing.T) { eachStore(t, testPendingFair) }

func testPendingFair(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := s.CreateUser(ctx, User{Name: "ann"})
	b, _ := s.CreateUser(ctx, User{Name: "bob"})
	t0 := time.UnixMilli(1_000_000)
	for _, c := range []string{"c1", "c2"} {
		if err := s.SetPendingFair(ctx, a.ID, Fair{Secret: "s-" + c, Commitment: c}, t0); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		user       int64
		commitment string
		since      time.Time
	}{{a.ID, "c1", t0}, {b.ID, "c2", t0}, {a.ID, "c2", t0.Add(time.Millisecond)}} {
		if f, err := s.TakePendingFair(ctx, c.user, c.commitment, c.since); err != nil || f != nil {
			t.Fatalf("%+v: %+v, %v; want none", c, f, err)
		}
	}
	f, err := s.TakePendingFair(ctx, a.ID, "c2", t0)
	if err != nil || f == nil || f.Secret != "s-c2" || f.Commitment != "c2" {
		t.Fatalf("take: %+v, %v", f, err)
	}
	if f, err := s.TakePendingFair(ctx, a.ID, "c2", t0); err != nil || f != nil {
		t.Fatalf("taken twice: %+v, %v", f, err)
	}
}

// TestWriterStatementsPrepared: a change's statements, once committed,
// are kept prepared on the writer, and the changes that run them
// prepared answer as before: a second game of the same id is ErrExists,
// a stale append ErrConflict, an unknown game ErrNotFound.
func TestWriterStatementsPrepared(t *testing.T) {
	ctx := context.Background()
	s := open(t)
	g, _, _ := newGame(t, s)
	e := engine.RecordEntry{Side: "north", Action: "take 1", Hash: "h"}
	for m := range 3 {
		if err := s.AppendAction(ctx, "g1", m, e, Progress{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{`INSERT INTO actions(game_id, n, side, action, hash, created) VALUES(?,?,?,?,?,?)`, `UPDATE games SET move = ?, shown = ?, active = ?, status = ?, result = ?, updated = ?, clock = COALESCE(?, clock) WHERE id = ? AND move = ?`} {
		if s.stmts.m[q] == nil {
			t.Errorf("not prepared after use: %s", q)
		}
	}
	if err := s.CreateGame(ctx, g); !errors.Is(err, ErrExists) {
		t.Fatalf("the same game again: %v, want ErrExists", err)
	}
	if err := s.CreateGame(ctx, g); !errors.Is(err, ErrExists) {
		t.Fatalf("the same game again, prepared: %v, want ErrExists", err)
	}
	if err := s.AppendAction(ctx, "g1", 1, e, Progress{}); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale append: %v, want ErrConflict", err)
	}
	if err := s.AppendAction(ctx, "nope", 0, e, Progress{}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown game: %v, want ErrNotFound", err)
	}
	if rec, err := s.Record(ctx, "g1"); err != nil || len(rec.Actions) != 3 {
		t.Fatalf("record: %d actions, %v", len(rec.Actions), err)
	}
}
