-- Chat between the players of a game (observers do not read it).
CREATE TABLE chat (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n       INTEGER NOT NULL,
	user_id INTEGER NOT NULL REFERENCES users(id),
	side    TEXT NOT NULL,
	text    TEXT NOT NULL,
	created INTEGER NOT NULL,
	PRIMARY KEY (game_id, n)
);
