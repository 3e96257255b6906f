-- Puzzles (issue #48): positions where one move, or a short forced line, is clearly best,
-- loaded from the shipped files data/puzzles/<game>.jsonl (docs/learn.md). Each is rated
-- with Glicko-2 as lichess rates puzzles: a solve is the player's win against the puzzle.
CREATE TABLE puzzles (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    settings   TEXT NOT NULL,  -- JSON object, key to value
    code       TEXT NOT NULL,
    solution   TEXT NOT NULL,  -- JSON list of moves: the player's at even indexes
    themes     TEXT NOT NULL,  -- JSON list of words
    source     TEXT NOT NULL,  -- JSON object: where the position comes from
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays      BIGINT NOT NULL,
    added_ms   BIGINT NOT NULL
);
CREATE INDEX puzzles_by_game_rating ON puzzles (game, rating);

-- Every attempt at a puzzle, by whoever made it: an account (`player` is `account:<id>`) or a
-- browser without one (`browser:<id>`). The first attempt of a player at a puzzle (attempt 1)
-- is the one rated; its rating changes are kept with it.
CREATE TABLE puzzle_attempts (
    puzzle_id     TEXT NOT NULL REFERENCES puzzles (id),
    player        TEXT NOT NULL,
    attempt       BIGINT NOT NULL,
    account_id    TEXT REFERENCES accounts (id),
    solved        BIGINT NOT NULL,
    moves         TEXT NOT NULL,  -- JSON list of the player's moves sent
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    puzzle_before DOUBLE PRECISION,
    puzzle_after  DOUBLE PRECISION,
    played_ms     BIGINT NOT NULL,
    PRIMARY KEY (puzzle_id, player, attempt)
);
CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player);

-- An account's puzzle rating in each game.
CREATE TABLE puzzle_ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays      BIGINT NOT NULL,
    rated_ms   BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
);
