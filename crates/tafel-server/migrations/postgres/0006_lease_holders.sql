-- Leases without deadlocks (see migrations/sqlite/0006_lease_holders.sql): each instance's
-- leases last until its row here says, so that renewing them locks one row of this table and
-- never the rows of the games the writer changes. `games.lease_until` stays, unused, for
-- older instances during a rolling upgrade.
CREATE TABLE lease_holders (
    holder   TEXT PRIMARY KEY,
    until_ms BIGINT NOT NULL
);
