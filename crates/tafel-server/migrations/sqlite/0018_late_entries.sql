-- Late entries into an Arena under way: each is numbered after the players already in (the
-- entry locks the tournament's row first, so entries at the same moment take turns); the index
-- makes sure that no number is ever taken twice. Entrants not yet numbered (before the start)
-- have NULL, which the index lets repeat.
CREATE UNIQUE INDEX tournament_entrants_number ON tournament_entrants (tournament_id, number);
