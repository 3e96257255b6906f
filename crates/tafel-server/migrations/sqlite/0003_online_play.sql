-- Online play (issue #18): invitations claimed once, people's names, resignations, draws,
-- takebacks by consent, rematches, clocks, fair dice, open challenges, and what the lobby's
-- lists need stored so that listing is one query.
--
-- Games stored before this migration keep working: their seats keep their JSON (an invited
-- seat without an "invite" code counts as taken, by whoever holds the link given out then),
-- they get a dice seed of their own, no clock, and their summary for the lists (players,
-- record move count) is filled in the first time a list shows them.

-- The secret seed of the game's dice (32 hex digits); never sent to clients.
ALTER TABLE games ADD COLUMN dice_seed TEXT;
UPDATE games SET dice_seed = lower(hex(randomblob(16)));

-- Listed among the open challenges while an invited seat is free.
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
-- Invited seats nobody has taken yet.
ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0;

-- The time control (JSON, NULL for none); the clocks (JSON: each seat's time left, the seat
-- whose clock runs); when the running clock started and when it falls (ms since the Unix
-- epoch; NULL while no clock runs).
ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN clock_since INTEGER;
ALTER TABLE games ADD COLUMN flag_at INTEGER;

-- An ending the position does not give (resignation, agreed draw, loss on time; JSON), the
-- proposals waiting for an answer (JSON), and the rematch links both ways.
ALTER TABLE games ADD COLUMN ending TEXT;
ALTER TABLE games ADD COLUMN proposals TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;
ALTER TABLE games ADD COLUMN rematch_of TEXT;

-- For the lists: the seats as everyone sees them (JSON), the record's number of the last
-- move, and the number of moves and chance outcomes.
ALTER TABLE games ADD COLUMN players TEXT;
ALTER TABLE games ADD COLUMN record_moves INTEGER;
ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
UPDATE games SET plies = (SELECT count(*) FROM moves WHERE moves.game_id = games.id);

-- When some server instance last said it was alive (ms since the Unix epoch): a server that
-- starts after a longer silence credits that downtime to the running clocks.
CREATE TABLE server_alive (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);

CREATE INDEX games_flag_at ON games (flag_at) WHERE flag_at IS NOT NULL;
CREATE INDEX games_open_challenges ON games (created_at) WHERE public = 1 AND open_seats > 0;
CREATE INDEX games_updated ON games (updated_at);
