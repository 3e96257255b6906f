-- Two-step sign-in (issue #45): the secret an account shares with its authenticator app, kept
-- as is (the server must compute the codes), with the last 30-second step whose code was taken
-- (a code works once); and the account's recovery codes, of which only the SHA-256 is kept.
CREATE TABLE second_factors (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    secret     TEXT NOT NULL,               -- base32
    created_ms BIGINT NOT NULL,             -- when it was made (set up, not yet on)
    enabled_ms BIGINT,                      -- when a first code turned it on; NULL until then
    last_step  BIGINT NOT NULL DEFAULT 0    -- the last step whose code was taken
);

CREATE TABLE recovery_codes (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    digest     TEXT NOT NULL,               -- SHA-256 of the code's hex digits, hex
    created_ms BIGINT NOT NULL,
    used_ms    BIGINT,                      -- when it was used; NULL until then
    PRIMARY KEY (account_id, digest)
);
