-- A line of a tournament's chat reported to the moderators (issue #46): the tournament, with
-- the line's number in `seq` and `room` 'tournament'.
ALTER TABLE reports ADD COLUMN tournament_id TEXT;
