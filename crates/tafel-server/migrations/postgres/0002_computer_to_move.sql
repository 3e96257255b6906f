-- Whether a computer seat is to move (see migrations/sqlite/0002_computer_to_move.sql).
ALTER TABLE games ADD COLUMN computer_to_move BIGINT NOT NULL DEFAULT 0;

CREATE INDEX games_computer_to_move ON games (id) WHERE computer_to_move = 1;
