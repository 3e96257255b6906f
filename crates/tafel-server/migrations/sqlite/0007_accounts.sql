-- Accounts (issue #30): optional, for people who want a name of their own, their games in one
-- place and a rating. What is kept about a person and for how long: docs/accounts.md.
--
-- A username is unique without regard to case (`username_key`, lower case) and no two names
-- may look alike (`lookalike_key`: the name with confusable characters folded, as
-- `domain/account/username.rs` works it out). A deleted account keeps its row without its
-- name or password hash, so that its games still name "a deleted player" and its name, whose
-- keys stay, is never taken by somebody else.
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,          -- 16 random hex digits
    username      TEXT,                      -- as chosen; NULL once deleted
    username_key  TEXT NOT NULL UNIQUE,
    lookalike_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,                      -- Argon2id PHC string; NULL once deleted
    created_ms    INTEGER NOT NULL,          -- ms since the Unix epoch
    deleted_ms    INTEGER
);

-- Signed-in sessions, kept here so that they work across restarts and instances. The session
-- id itself is only in the browser's cookie: the table keeps its SHA-256, so that a copy of
-- the database opens no session.
CREATE TABLE sessions (
    id_hash    TEXT PRIMARY KEY,             -- SHA-256 of the session id, hex
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_ms);

-- Which account plays which seat: seats taken while signed in and seats claimed with their
-- tokens. A seat's token keeps working for whoever holds it.
CREATE TABLE game_accounts (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_accounts_account ON game_accounts (account_id, game_id);
