-- Ratings (issue #30): rated games, each account's rating per game, every change of a rating,
-- and each account's result in every finished game it played (for its page). What is kept and
-- why: docs/accounts.md.

-- Whether the game is rated (chosen at creation: an online game between two accounts).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
-- When a rated game whose players have not both moved yet is to be aborted (ms since the Unix
-- epoch): a hint for the clock keeper's look in the store; the game's own clocks decide.
ALTER TABLE games ADD COLUMN abort_at INTEGER;
CREATE INDEX games_abort_at ON games (abort_at) WHERE abort_at IS NOT NULL;

-- Each account's current rating per game (Glicko-2 as lichess runs it: domain/rating.rs), as
-- it stood after its last rated game (`rated_ms`); idle time since grows the deviation when it
-- is read.
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game       TEXT NOT NULL,               -- registry name
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL,            -- rated games played
    rated_ms   INTEGER NOT NULL,            -- when its last rated game ended
    PRIMARY KEY (account_id, game)
);
CREATE INDEX ratings_leaderboard ON ratings (game, rating);

-- The change of each seat's rating in each rated game, with both players' ratings before and
-- after. The key makes a game change a rating once, whichever instance ends it first.
CREATE TABLE rating_changes (
    game_id             TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat                INTEGER NOT NULL,
    account_id          TEXT NOT NULL REFERENCES accounts (id),
    game                TEXT NOT NULL,      -- registry name
    rating_before       REAL NOT NULL,
    deviation_before    REAL NOT NULL,
    rating_after        REAL NOT NULL,
    deviation_after     REAL NOT NULL,
    volatility_after    REAL NOT NULL,
    opponent_seat       INTEGER NOT NULL,
    opponent_before     REAL NOT NULL,
    opponent_deviation_before REAL NOT NULL,
    opponent_after      REAL NOT NULL,
    opponent_deviation_after  REAL NOT NULL,
    rated_ms            INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_account ON rating_changes (account_id, game, rated_ms);

-- Each account's result in each finished game it played (rated or not): `win`, `draw` or
-- `loss`, for the filters and counts of its page.
CREATE TABLE account_results (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    outcome    TEXT NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    ended_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX account_results_account ON account_results (account_id, outcome);
