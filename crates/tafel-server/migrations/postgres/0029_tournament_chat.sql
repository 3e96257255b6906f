-- A tournament's chat (issue #46): one room per tournament, written by its entrants and its
-- organiser, read by everyone; each message numbered from 1 in its tournament.
CREATE TABLE tournament_chat (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq           BIGINT NOT NULL,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    text          TEXT NOT NULL,
    at_ms         BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
