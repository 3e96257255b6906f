-- A Swiss's byes (issue #46): the rounds a player asked to sit out before they were paired,
-- and the rounds a late entrant missed, each with what it scores in half points (0, 1 or 2:
-- TRF's Z, H and F); `requested` 1 for a bye asked for, 0 for a round missed by a late entry.
-- A row is written before its round is paired and never after.
CREATE TABLE tournament_byes (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    round         INTEGER NOT NULL,
    half_points   INTEGER NOT NULL,
    requested     INTEGER NOT NULL,
    requested_ms  INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, account_id, round)
);

-- What a Swiss's organiser chose: the half points of each round a late entrant missed (NULL:
-- no entry after the start), and how many half-point byes a player may ask for.
ALTER TABLE tournaments ADD COLUMN late_bye_half_points INTEGER;
ALTER TABLE tournaments ADD COLUMN half_point_byes INTEGER NOT NULL DEFAULT 0;
