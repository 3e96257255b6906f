-- Arena tournaments (issue #32): the duration an organiser chose (minutes; 0 for the other
-- kinds), and on each board, once scored, the moves the players made and who went berserk
-- (the Arena's scores need them: a berserk win counts a point more from 14 moves on, a draw
-- before 20 scores nothing).
ALTER TABLE tournaments ADD COLUMN minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_boards ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_boards ADD COLUMN first_berserk INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_boards ADD COLUMN second_berserk INTEGER NOT NULL DEFAULT 0;
