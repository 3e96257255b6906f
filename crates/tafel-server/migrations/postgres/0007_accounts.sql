-- Accounts, sessions and the seats accounts play (see migrations/sqlite/0007_accounts.sql for
-- what each column holds).
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    username      TEXT,
    username_key  TEXT NOT NULL UNIQUE,
    lookalike_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    created_ms    BIGINT NOT NULL,
    deleted_ms    BIGINT
);

CREATE TABLE sessions (
    id_hash    TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_ms);

CREATE TABLE game_accounts (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_accounts_account ON game_accounts (account_id, game_id);
