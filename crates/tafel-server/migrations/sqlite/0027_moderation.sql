-- Moderation (issue #45): who moderates, who is muted or closed, who blocks whom, the reports
-- people make and the moderators' queue of them, every moderator's action with who and why,
-- the names renamed away from (never taken again), and the rating points given back to the
-- opponents of a closed cheater. What is kept and why: docs/moderation.md.

-- `player` or `moderator` (set by `tafel account role NAME moderator`).
ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
-- Until when the account may not chat (ms since the Unix epoch); NULL or past: it may.
ALTER TABLE accounts ADD COLUMN muted_until_ms INTEGER;
-- When a moderator closed the account; NULL while it is open. A closed account keeps its name
-- and games, signs in no more and is on no leaderboard.
ALTER TABLE accounts ADD COLUMN closed_ms INTEGER;

-- `account_id` blocks `blocked_id`: no chat from them, no games or challenges between them.
CREATE TABLE blocks (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);

-- A report of a player, a game or a chat line (`game_id`, `room`, `seq`), open until a
-- moderator acts on the player or dismisses it (`closed_ms`, `closed_by`).
CREATE TABLE reports (
    id          TEXT PRIMARY KEY,          -- 16 random hex digits
    reporter_id TEXT NOT NULL REFERENCES accounts (id),
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    reason      TEXT NOT NULL,             -- abuse, cheating, name, other
    details     TEXT NOT NULL,
    game_id     TEXT,
    room        TEXT,
    seq         INTEGER,
    created_ms  INTEGER NOT NULL,
    closed_ms   INTEGER,
    closed_by   TEXT REFERENCES accounts (id)
);
CREATE INDEX reports_open ON reports (closed_ms, created_ms);
CREATE INDEX reports_account ON reports (account_id, closed_ms);
CREATE INDEX reports_reporter ON reports (reporter_id, closed_ms);

-- Every moderator's action: who, on which account or tournament, why, and what it changed.
CREATE TABLE moderation_log (
    id            TEXT PRIMARY KEY,        -- 16 random hex digits
    moderator_id  TEXT NOT NULL REFERENCES accounts (id),
    account_id    TEXT REFERENCES accounts (id),
    tournament_id TEXT,
    action        TEXT NOT NULL,           -- warn, mute, rename, close, remove-tournament, dismiss
    reason        TEXT NOT NULL,
    detail        TEXT,
    at_ms         INTEGER NOT NULL
);
CREATE INDEX moderation_log_at ON moderation_log (at_ms);
CREATE INDEX moderation_log_account ON moderation_log (account_id, at_ms);

-- The keys of names a moderator renamed an account away from: nobody signs up with them.
CREATE TABLE former_names (
    username_key  TEXT PRIMARY KEY,
    lookalike_key TEXT NOT NULL,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    renamed_ms    INTEGER NOT NULL
);
CREATE INDEX former_names_lookalike ON former_names (lookalike_key);

-- Rating points given back to the loser of a rated game won by an account closed for
-- cheating; the key gives each back once.
CREATE TABLE rating_refunds (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    game        TEXT NOT NULL,             -- registry name
    points      REAL NOT NULL,
    refunded_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
