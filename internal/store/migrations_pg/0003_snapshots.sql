-- Snapshots of long games (engine.Snapshot), written with the action that
-- reaches every 256th move: the state after move n in its canonical bytes
-- (State.Marshal) and the log entries written after move from_n
-- (engine.MarshalLog).
-- Derived from the record, which stays the truth: opening a game restores
-- the newest snapshot whose hash is the record's and replays the actions
-- after it. Server-side only: they hold every side's secrets.
CREATE TABLE snapshots (
	game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	n       INTEGER NOT NULL,
	from_n  INTEGER NOT NULL,
	state   BYTEA NOT NULL,
	log     BYTEA NOT NULL,
	PRIMARY KEY (game_id, n)
);
