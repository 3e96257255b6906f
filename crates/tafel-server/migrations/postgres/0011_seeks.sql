-- Seeks (see migrations/sqlite/0011_seeks.sql for what each column holds).
CREATE TABLE seeks (
    id          TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,
    connection  TEXT NOT NULL,
    account_id  TEXT REFERENCES accounts (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    game        TEXT NOT NULL,
    settings    TEXT NOT NULL,
    time_control TEXT NOT NULL,
    rated       BIGINT NOT NULL,
    rating_min  BIGINT,
    rating_max  BIGINT,
    created_ms  BIGINT NOT NULL,
    taken_by    TEXT,
    game_id     TEXT,
    seat        BIGINT,
    token       TEXT
);
CREATE INDEX seeks_connection ON seeks (connection);
CREATE INDEX seeks_created ON seeks (created_ms);
