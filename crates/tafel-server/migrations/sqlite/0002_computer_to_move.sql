-- Whether a computer seat is to move, so that a restarted server resumes only those games
-- (not every unfinished one). Games stored before this column existed are marked when they
-- are unfinished and have a computer seat: the first start looks at each once, and the next
-- change stores the exact value.
ALTER TABLE games ADD COLUMN computer_to_move INTEGER NOT NULL DEFAULT 0;

UPDATE games SET computer_to_move = 1
WHERE result IS NULL AND seats LIKE '%"kind":"computer"%';

CREATE INDEX games_computer_to_move ON games (id) WHERE computer_to_move = 1;
