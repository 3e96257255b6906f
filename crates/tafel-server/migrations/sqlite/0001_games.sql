-- Games being played or finished, and their moves (chance outcomes included), in order.
CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,             -- registry name, e.g. black-path
    settings   TEXT NOT NULL,             -- JSON array of [key, value] pairs
    start      TEXT,                      -- position code, NULL for the default start
    seats      TEXT NOT NULL,             -- JSON array of seats (kind, level, secret token)
    result     TEXT,                      -- the result in words once the game is over
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL,            -- 0-based index in the game's move list
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
