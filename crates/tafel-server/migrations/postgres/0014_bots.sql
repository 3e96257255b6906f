-- Bots (see migrations/sqlite/0014_bots.sql for what each table and column holds).
ALTER TABLE accounts ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;

-- A bot's token, sent as `Authorization: Bearer TOKEN`. As with sessions, only its SHA-256 is
-- kept, so that a copy of the database acts for no bot. A bot has one token at most: a new
-- one replaces it, and revoking deletes it.
CREATE TABLE bot_tokens (
    digest     TEXT PRIMARY KEY,             -- SHA-256 of the token, hex
    account_id TEXT NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms BIGINT NOT NULL
);

-- Challenges of a bot by an account: `pending` until the bot accepts (`accepted`, with the
-- game made and the challenger's seat and token in it), declines (`declined`, with its
-- reason) or the challenger cancels (`cancelled`). A pending challenge older than the
-- challenges' lifetime counts as expired.
CREATE TABLE bot_challenges (
    id            TEXT PRIMARY KEY,
    challenger    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    bot           TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game          TEXT NOT NULL,
    settings      TEXT NOT NULL,             -- JSON object, key to value
    time_control  TEXT NOT NULL,             -- JSON
    side          TEXT NOT NULL,             -- the challenger's: first, second or random
    rated         BIGINT NOT NULL,
    created_ms    BIGINT NOT NULL,
    status        TEXT NOT NULL,
    reason        TEXT,                      -- a decline's reason
    game_id       TEXT,
    seat          BIGINT,                   -- the challenger's seat
    token         TEXT                       -- the challenger's seat token
);
CREATE INDEX bot_challenges_bot ON bot_challenges (bot, status);
CREATE INDEX bot_challenges_challenger ON bot_challenges (challenger, status);
