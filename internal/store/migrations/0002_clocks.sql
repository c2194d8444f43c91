-- Time controls: the game's pace (empty: none) and its clock as JSON
-- (each side's time left and when the running clocks started).
ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';
