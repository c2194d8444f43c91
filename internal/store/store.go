// Package store keeps accounts, login sessions and games. A game is kept
// as its engine.Record (setup, seed, actions and state hashes): the record
// is the truth, and the summary columns beside it (move, whose turn,
// status) are written in the same transaction as each action.
//
// Store is the interface the server uses; Open returns the SQLite
// implementation, so another database can follow behind the same methods.
package store

import (
	"context"
	"errors"
	"time"

	"sandtable/internal/engine"
)

// Errors the methods return, to be tested with errors.Is.
var (
	ErrNotFound = errors.New("not found")
	ErrExists   = errors.New("already exists")
	// ErrConflict means the game moved on since the caller read it (the
	// move number does not match) or the seat is already taken.
	ErrConflict = errors.New("conflict")
)

// User is an account. A guest has no password and plays only at one
// screen or against the computer.
type User struct {
	ID       int64
	Name     string
	PassHash string
	Guest    bool
	Email    string // "your turn" mail goes here when set
	Webhook  string // "your turn" JSON is posted here when set
	Created  time.Time
}

// Session is a login: the hash of the cookie token, the user and the
// token that state-changing requests must echo (CSRF).
type Session struct {
	TokenHash string
	UserID    int64
	CSRF      string
	Expires   time.Time
}

// Seat says who plays one side: a user, the computer (AI names the player
// kind), or nobody yet (Invite holds the token of the invitation, or
// OpenSeat when anyone may take it).
type Seat struct {
	Side   engine.Side
	UserID int64
	AI     string
	Invite string
}

// OpenSeat is the Invite of a seat that anyone may take, from the lobby.
const OpenSeat = "*"

// Game statuses.
const (
	StatusActive = "active"
	StatusOver   = "over"
)

// Game is one stored game without its actions.
type Game struct {
	ID        string
	Game      string // engine game ID
	Setup     engine.Setup
	Lang      string
	Owner     int64
	RematchOf string
	Move      int            // actions in the record
	Shown     int            // the move number players are shown (Progress.Sealed)
	Active    engine.SideSet // sides to decide now
	Status    string
	Result    string // how it ended, for people and the lobby
	Created   time.Time
	Updated   time.Time
	Seats     []Seat
	Pace      string // time control, "" for none
	Clock     Clock
	// Fair is the game's provably fair dice; nil when the seed was chosen
	// (hot seat, against the computer) or the game is older than the scheme.
	Fair *Fair
}

// Fair is the seed material of a game whose dice the players can check:
// the server's secret, the SHA-256 commitment to it published when the
// game was made, and each side's contribution of entropy. The secret stays
// in the store until the game ends; Closed says the contributions are in
// and the game's seed was derived from them all (the game has begun).
type Fair struct {
	Secret        string            `json:"secret"`
	Commitment    string            `json:"commitment"`
	Contributions map[string]string `json:"contributions,omitempty"` // by side name
	Closed        bool              `json:"closed,omitempty"`
}

// Clock is a game's time control state: each side's time left, in
// milliseconds, as of Since (Unix milliseconds); the clocks of the sides to
// decide run from Since. Since 0 means every clock is stopped.
type Clock struct {
	Left  []int64 `json:"left,omitempty"`
	Since int64   `json:"since,omitempty"`
}

// Progress is the summary written with each change of a game's record.
type Progress struct {
	Active engine.SideSet
	Status string
	Result string
	Clock  *Clock // nil leaves the clock as it is
	// Sealed is how many of the record's actions are sealed: secret
	// actions of a choice several sides are making at once, which the move
	// number players are shown leaves out (engine.Session.Shown).
	Sealed int
	// Quiet says the change is itself such an action: the game's time of
	// change stays as it was, and the other processes drop their copy but
	// tell no page (Change.Quiet).
	Quiet bool
}

// ChatLine is one message of a game's chat, numbered from 1.
type ChatLine struct {
	N       int
	UserID  int64
	Side    string // the writer's side (or sides, in a hot-seat game)
	Text    string
	Created time.Time
}

// Store is the storage the server needs.
type Store interface {
	// CreateUser adds u (its ID and Created are set) or fails with
	// ErrExists, also when the name differs only in case from another.
	CreateUser(ctx context.Context, u User) (User, error)
	// UserByName finds an account by name, without regard to case.
	UserByName(ctx context.Context, name string) (User, error)
	UserByID(ctx context.Context, id int64) (User, error)
	// SetPassword replaces a user's password hash.
	SetPassword(ctx context.Context, id int64, hash string) error
	// SetNotify sets where a user's "your turn" notices go.
	SetNotify(ctx context.Context, id int64, email, webhook string) error

	CreateSession(ctx context.Context, s Session) error
	// Session returns the unexpired session with that token hash.
	Session(ctx context.Context, tokenHash string) (Session, error)
	DeleteSession(ctx context.Context, tokenHash string) error
	// DeleteSessionsOf ends every session of the user but keep (a token
	// hash; "" ends them all).
	DeleteSessionsOf(ctx context.Context, userID int64, keep string) error

	// CreateGame stores a new game with its seats and no actions.
	CreateGame(ctx context.Context, g Game) error
	Game(ctx context.Context, id string) (Game, error)
	// GamesOf lists the games in which the user holds a seat, most
	// recently changed first.
	GamesOf(ctx context.Context, userID int64) ([]Game, error)
	// GameIDs lists every stored game.
	GameIDs(ctx context.Context) ([]string, error)
	// ClockedGames lists the unfinished games with a time control.
	ClockedGames(ctx context.Context) ([]string, error)
	// OpenGames lists the unfinished games with a seat anyone may take,
	// newest first.
	OpenGames(ctx context.Context) ([]Game, error)
	// ClaimSeat gives the open seat of side to userID if invite matches
	// (any invite, for an OpenSeat).
	ClaimSeat(ctx context.Context, gameID string, side engine.Side, invite string, userID int64) error

	// Record returns a game's record.
	Record(ctx context.Context, gameID string) (engine.Record, error)
	// AppendAction adds the action that makes move+1 out of move, in one
	// transaction with p; ErrConflict if the game is not at move.
	AppendAction(ctx context.Context, gameID string, move int, e engine.RecordEntry, p Progress) error
	// AppendSnapshot is AppendAction that also keeps sn, the snapshot of
	// the state the action makes (sn.Move is move+1), in the same
	// transaction.
	AppendSnapshot(ctx context.Context, gameID string, move int, e engine.RecordEntry, p Progress, sn engine.Snapshot) error
	// Snapshots returns a game's snapshots, oldest first (server-side
	// only: they hold every side's secrets).
	Snapshots(ctx context.Context, gameID string) ([]engine.Snapshot, error)
	// Truncate drops the actions after keep (undo), and the snapshots
	// after it, in one transaction with p; ErrConflict if the game is not
	// at move.
	Truncate(ctx context.Context, gameID string, move, keep int, p Progress) error
	// Rewrite replaces a game's whole record (re-hashing after a change of
	// rules), and drops its snapshots, if the game is at move.
	Rewrite(ctx context.Context, gameID string, move int, actions []engine.RecordEntry, p Progress) error
	// SetSetup replaces the setup and fair-dice material of a game that has
	// no action yet (its seed becomes final when it begins), with p.
	SetSetup(ctx context.Context, gameID string, setup engine.Setup, fair *Fair, p Progress) error
	// SetProgress changes the summary alone (a resignation), if the game
	// is at move.
	SetProgress(ctx context.Context, gameID string, move int, p Progress) error

	// SetPendingFair keeps f, drawn at made, as the commitment of the
	// user's next game, replacing any other.
	SetPendingFair(ctx context.Context, userID int64, f Fair, made time.Time) error
	// TakePendingFair returns and forgets the user's pending commitment if
	// it is the one named and was drawn after since; nil if not.
	TakePendingFair(ctx context.Context, userID int64, commitment string, since time.Time) (*Fair, error)

	// AddChat appends a line to a game's chat and returns it numbered.
	AddChat(ctx context.Context, gameID string, userID int64, side, text string) (ChatLine, error)
	// Chat returns the lines after number after, oldest first.
	Chat(ctx context.Context, gameID string, after int) ([]ChatLine, error)

	Close() error
}
