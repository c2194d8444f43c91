-- The PostgreSQL schema: the SQLite migrations 1 to 5 in one. Times are
-- Unix milliseconds, JSON columns text, as in SQLite.
CREATE TABLE users (
	id        BIGSERIAL PRIMARY KEY,
	name      TEXT NOT NULL UNIQUE,
	name_key  TEXT NOT NULL UNIQUE, -- the name in lower case
	pass_hash TEXT NOT NULL DEFAULT '',
	guest     BOOLEAN NOT NULL DEFAULT false,
	email     TEXT NOT NULL DEFAULT '',
	webhook   TEXT NOT NULL DEFAULT '',
	created   BIGINT NOT NULL
);

CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,
	user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	csrf       TEXT NOT NULL,
	expires    BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE games (
	id         TEXT PRIMARY KEY,
	game       TEXT NOT NULL,
	setup      TEXT NOT NULL,
	lang       TEXT NOT NULL,
	owner      BIGINT NOT NULL REFERENCES users(id),
	rematch_of TEXT NOT NULL DEFAULT '',
	move       INTEGER NOT NULL DEFAULT 0,
	active     INTEGER NOT NULL DEFAULT 0,
	status     TEXT NOT NULL DEFAULT 'active',
	result     TEXT NOT NULL DEFAULT '',
	created    BIGINT NOT NULL,
	updated    BIGINT NOT NULL,
	pace       TEXT NOT NULL DEFAULT '',
	clock      TEXT NOT NULL DEFAULT '',
	fair       TEXT NOT NULL DEFAULT ''
);

CREATE TABLE seats (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	side    INTEGER NOT NULL,
	user_id BIGINT REFERENCES users(id),
	ai      TEXT NOT NULL DEFAULT '',
	invite  TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, side)
);
CREATE INDEX seats_user ON seats(user_id);

CREATE TABLE actions (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n       INTEGER NOT NULL,
	side    TEXT NOT NULL,
	action  TEXT NOT NULL,
	hash    TEXT NOT NULL,
	created BIGINT NOT NULL,
	PRIMARY KEY (game_id, n)
);

CREATE TABLE chat (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n       INTEGER NOT NULL,
	user_id BIGINT NOT NULL REFERENCES users(id),
	side    TEXT NOT NULL,
	text    TEXT NOT NULL,
	created BIGINT NOT NULL,
	PRIMARY KEY (game_id, n)
);
