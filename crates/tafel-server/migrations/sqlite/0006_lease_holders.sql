-- Leases without deadlocks (issue #29). A game's computer move is leased to the instance named
-- in `games.lease_owner` (the writer of the game's last change, or the instance that took the
-- lease); the lease lasts as long as that instance keeps its row here alive (`until_ms`, ms
-- since the Unix epoch, renewed every second). Renewing is then one row of this table, never
-- the rows of the games the writer changes: on PostgreSQL the renewal of many game rows took
-- their locks in another order than the writer's group commit and deadlocked with it.
-- A lease taken before this migration names an instance without a row: it has lapsed, and a
-- running instance takes the game over. `games.lease_until` is no longer read or written; it
-- stays so that instances of an older Tafel keep working during a rolling upgrade (their
-- leases look lapsed to the new ones, and the stored version decides who moves).
CREATE TABLE lease_holders (
    holder   TEXT PRIMARY KEY,
    until_ms INTEGER NOT NULL
);
