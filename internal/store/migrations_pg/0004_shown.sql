-- The move number players are shown (engine.Session.Shown): the record's
-- length without the sealed actions of a secret choice under way (La
-- Primogenita's picks of Orders), so that the list of games does not count
-- the other side's secret actions. Written with every change of the record.
ALTER TABLE games ADD COLUMN shown INTEGER NOT NULL DEFAULT 0;
UPDATE games SET shown = move;
