-- Instances that add capacity (issue #51): see migrations/sqlite/0023_game_owners.sql.
ALTER TABLE lease_holders ADD COLUMN address TEXT, ADD COLUMN token TEXT;
