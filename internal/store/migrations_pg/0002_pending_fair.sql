-- Fair-dice commitments drawn for a user's next game and not used yet: one
-- per user, kept in the database so that any server process sharing it may
-- take the commitment another drew.
CREATE TABLE pending_fair (
	user_id    BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
	commitment TEXT NOT NULL,
	fair       TEXT NOT NULL,
	made       BIGINT NOT NULL
);
