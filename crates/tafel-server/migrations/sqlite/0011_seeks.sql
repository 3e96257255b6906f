-- Seeks (issue #30): "I want a game now", listed in the lobby while the owner's lobby
-- connection is open. `holder` is the server instance that holds that connection (a seek of
-- an instance whose `lease_holders` row lapsed is not listed: the instance died), and
-- `connection` the connection, whose seeks go when it closes. The first taker claims a seek
-- (`taken_by`, one statement: nobody else can); once the game is made, `game_id`, `seat` and
-- `token` tell the owner's connection where to play, and it removes the row.
CREATE TABLE seeks (
    id          TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,
    connection  TEXT NOT NULL,
    account_id  TEXT REFERENCES accounts (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    game        TEXT NOT NULL,
    settings    TEXT NOT NULL,             -- JSON object, key to value
    time_control TEXT NOT NULL,            -- JSON
    rated       INTEGER NOT NULL,
    rating_min  INTEGER,
    rating_max  INTEGER,
    created_ms  INTEGER NOT NULL,
    taken_by    TEXT,                      -- the taker's connection
    game_id     TEXT,
    seat        INTEGER,
    token       TEXT                       -- the owner's seat token in that game
);
CREATE INDEX seeks_connection ON seeks (connection);
CREATE INDEX seeks_created ON seeks (created_ms);
