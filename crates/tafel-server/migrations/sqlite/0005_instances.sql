-- Several server instances on one database (issue #20): every change of a game advances its
-- stored version, and a change is written only over the version it was worked out from, so
-- that two instances changing one game at once cannot both succeed. The lease says which
-- instance plays a computer seat's move and until when (ms since the Unix epoch); any change
-- of the game ends it. On SQLite (one instance) the version is kept all the same.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN lease_owner TEXT;
ALTER TABLE games ADD COLUMN lease_until INTEGER;
