-- The devices each account has signed in from (issue #45): a long-lived cookie `tafel_device`
-- holds a random id, and only its SHA-256 is kept here, so that a copy of the database names no
-- device. A device an account knows is never refused by the limits on the account's sign-ins,
-- so a stranger guessing its password cannot lock its owner out (docs/accounts.md). At most
-- the 20 most recently used devices of an account are kept.
CREATE TABLE known_devices (
    id_hash    TEXT PRIMARY KEY,            -- SHA-256 of the device id, hex
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    used_ms    INTEGER NOT NULL             -- when it last signed in
);
CREATE INDEX known_devices_account ON known_devices (account_id, used_ms);
