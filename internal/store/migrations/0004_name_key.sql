-- Account names are unique without regard to case: name_key is the name in
-- lower case. Accounts made before this rule whose names differ only in
-- case keep them: the oldest owns the key, each later one gets a key
-- carrying its id ('#' is not allowed in names), and logs in with its exact name.
ALTER TABLE users ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE users SET name_key = lower(name) WHERE id IN (SELECT min(id) FROM users GROUP BY lower(name));
UPDATE users SET name_key = lower(name) || '#' || id WHERE name_key = '';
CREATE UNIQUE INDEX users_name_key ON users(name_key);
