-- The analysis of a game (see migrations/sqlite/0004_analysis.sql).
CREATE TABLE analyses (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    moves      BIGINT NOT NULL,
    played     TEXT NOT NULL,
    review     TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    PRIMARY KEY (game_id, moves)
);
