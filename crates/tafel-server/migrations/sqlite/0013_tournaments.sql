-- Tournaments (issue #32): what the organiser chose, where the tournament stands, its entrants
-- and every paired game. The round number advances only by a conditional UPDATE in the same
-- transaction as the round's boards are inserted, so that each round is paired exactly once
-- whichever instance pairs it; each board's game id is chosen when it is paired, so that the
-- game is made once (the games' key) whichever instance makes it.
CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    organiser_id  TEXT NOT NULL REFERENCES accounts (id),
    game          TEXT NOT NULL,             -- registry name
    settings      TEXT NOT NULL,             -- JSON object, key to value
    time_control  TEXT NOT NULL,             -- JSON
    rated         INTEGER NOT NULL,
    kind          TEXT NOT NULL,             -- round_robin, double_round_robin
    entry         TEXT NOT NULL,             -- open, invitation
    invite        TEXT,                      -- the invitation code (entry = invitation)
    max_entrants  INTEGER NOT NULL,
    starts_ms     INTEGER NOT NULL,
    state         TEXT NOT NULL,             -- open, running, finished, cancelled
    round         INTEGER NOT NULL DEFAULT 0,
    rounds        INTEGER NOT NULL DEFAULT 0,
    created_ms    INTEGER NOT NULL,
    ended_ms      INTEGER
);
CREATE INDEX tournaments_state ON tournaments (state, starts_ms);
CREATE INDEX tournaments_organiser ON tournaments (organiser_id, state);

-- Entrants, numbered from 0 at the start in the order they entered.
CREATE TABLE tournament_entrants (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    number        INTEGER,
    entered_ms    INTEGER NOT NULL,
    withdrawn_ms  INTEGER,
    PRIMARY KEY (tournament_id, account_id)
);

-- The boards of every round paired: `second` NULL is the bye (board 0); `game_id` NULL a game
-- forfeited when paired (a withdrawn entrant); `outcome` NULL while the game is played.
CREATE TABLE tournament_boards (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    first         INTEGER NOT NULL,
    second        INTEGER,
    game_id       TEXT,
    outcome       TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_boards_game ON tournament_boards (game_id);
