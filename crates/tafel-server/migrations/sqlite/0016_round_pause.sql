-- A pause between a tournament's rounds (issue #32): the organiser chooses it, and when the
-- round just completed is known the director writes the moment the next round is paired, so
-- that every instance (and the page's countdown) waits for the same moment, across restarts.
ALTER TABLE tournaments ADD COLUMN round_pause_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN next_round_ms INTEGER;
