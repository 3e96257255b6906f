-- E-mail, optional (issue #45): an account's address, verified by a link, and the links that
-- verify an address or reset a password. A link's token travels only in the mail; only its
-- SHA-256 is kept here, with when it expires and when it was used (each link works once).
CREATE TABLE account_emails (
    account_id  TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    address     TEXT NOT NULL,
    address_key TEXT NOT NULL,              -- the address in lower case, to look it up
    language    TEXT NOT NULL,              -- the language its mails are written in
    verified_ms BIGINT                     -- when its link was followed; NULL until then
);
CREATE INDEX account_emails_key ON account_emails (address_key);

CREATE TABLE mail_links (
    token_hash TEXT PRIMARY KEY,            -- SHA-256 of the link's token, hex
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,               -- 'verify' or 'reset'
    address    TEXT,                        -- the address a 'verify' link confirms
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    used_ms    BIGINT                      -- when it was followed; NULL until then
);
CREATE INDEX mail_links_account ON mail_links (account_id, purpose, created_ms);
