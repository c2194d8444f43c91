-- Provably fair dice: the server's secret seed material, its published
-- commitment and the players' contributions, as JSON (empty: a game whose
-- seed was chosen, or made before this scheme).
ALTER TABLE games ADD COLUMN fair TEXT NOT NULL DEFAULT '';
