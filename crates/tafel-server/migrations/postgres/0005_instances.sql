-- The stored version of each game and the computer seat's lease (see
-- migrations/sqlite/0005_instances.sql).
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN lease_owner TEXT;
ALTER TABLE games ADD COLUMN lease_until BIGINT;

CREATE INDEX games_leased ON games (lease_owner) WHERE lease_owner IS NOT NULL;
