-- Tournaments (issue #32): see migrations/sqlite/0013_tournaments.sql for what each column holds.
CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    organiser_id  TEXT NOT NULL REFERENCES accounts (id),
    game          TEXT NOT NULL,             -- registry name
    settings      TEXT NOT NULL,             -- JSON object, key to value
    time_control  TEXT NOT NULL,             -- JSON
    rated         BIGINT NOT NULL,
    kind          TEXT NOT NULL,             -- round_robin, double_round_robin
    entry         TEXT NOT NULL,             -- open, invitation
    invite        TEXT,                      -- the invitation code (entry = invitation)
    max_entrants  BIGINT NOT NULL,
    starts_ms     BIGINT NOT NULL,
    state         TEXT NOT NULL,             -- open, running, finished, cancelled
    round         BIGINT NOT NULL DEFAULT 0,
    rounds        BIGINT NOT NULL DEFAULT 0,
    created_ms    BIGINT NOT NULL,
    ended_ms      BIGINT
);
CREATE INDEX tournaments_state ON tournaments (state, starts_ms);
CREATE INDEX tournaments_organiser ON tournaments (organiser_id, state);

-- Entrants, numbered from 0 at the start in the order they entered.
CREATE TABLE tournament_entrants (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    number        BIGINT,
    entered_ms    BIGINT NOT NULL,
    withdrawn_ms  BIGINT,
    PRIMARY KEY (tournament_id, account_id)
);

-- The boards of every round paired: `second` NULL is the bye (board 0); `game_id` NULL a game
-- forfeited when paired (a withdrawn entrant); `outcome` NULL while the game is played.
CREATE TABLE tournament_boards (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL,
    first         BIGINT NOT NULL,
    second        BIGINT,
    game_id       TEXT,
    outcome       TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_boards_game ON tournament_boards (game_id);
