-- Accounts. A guest is a user without a password, for hot-seat play and
-- games against the computer.
CREATE TABLE users (
	id        INTEGER PRIMARY KEY,
	name      TEXT NOT NULL UNIQUE,
	pass_hash TEXT NOT NULL DEFAULT '',
	guest     INTEGER NOT NULL DEFAULT 0,
	email     TEXT NOT NULL DEFAULT '',
	webhook   TEXT NOT NULL DEFAULT '',
	created   INTEGER NOT NULL
);

-- Login sessions, keyed by the SHA-256 of the cookie token.
CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	csrf       TEXT NOT NULL,
	expires    INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- A game: its setup and summary columns for the lobby. The actions table
-- holds its record, which is the truth; move, active and status are
-- written in the same transaction as each action.
CREATE TABLE games (
	id         TEXT PRIMARY KEY,
	game       TEXT NOT NULL,
	setup      TEXT NOT NULL,
	lang       TEXT NOT NULL,
	owner      INTEGER NOT NULL REFERENCES users(id),
	rematch_of TEXT NOT NULL DEFAULT '',
	move       INTEGER NOT NULL DEFAULT 0,
	active     INTEGER NOT NULL DEFAULT 0,
	status     TEXT NOT NULL DEFAULT 'active',
	result     TEXT NOT NULL DEFAULT '',
	created    INTEGER NOT NULL,
	updated    INTEGER NOT NULL
);

-- Who plays each side: a user, the computer (ai names the player kind),
-- or nobody yet (an invitation waiting for its token).
CREATE TABLE seats (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	side    INTEGER NOT NULL,
	user_id INTEGER REFERENCES users(id),
	ai      TEXT NOT NULL DEFAULT '',
	invite  TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, side)
);
CREATE INDEX seats_user ON seats(user_id);

-- The record: every accepted action with the hash of the state it made.
CREATE TABLE actions (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n       INTEGER NOT NULL,
	side    TEXT NOT NULL,
	action  TEXT NOT NULL,
	hash    TEXT NOT NULL,
	created INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
);
