-- Games being played or finished, and their moves (chance outcomes included), in order.
-- The PostgreSQL schema follows the SQLite one column for column (see migrations/sqlite/):
-- integers are BIGINT, flags are 0 or 1, times are ISO 8601 text, so that one set of queries
-- serves both. `seq` orders games created in the same second, as SQLite's rowid does.
CREATE TABLE games (
    seq        BIGSERIAL NOT NULL UNIQUE,
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    settings   TEXT NOT NULL,
    start      TEXT,
    seats      TEXT NOT NULL,
    result     TEXT,
    created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    updated_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      BIGINT NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
