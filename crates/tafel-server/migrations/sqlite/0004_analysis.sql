-- The analysis of a game (a tafel_ai GameReview as JSON), keyed by the game and the number of
-- moves it reviewed, with those moves (a JSON array) so that an analysis made before a
-- takeback is never served for the moves played after it. A game keeps its latest analysis
-- only: a finished game's is computed once and served from here afterwards.
CREATE TABLE analyses (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    moves      INTEGER NOT NULL,
    played     TEXT NOT NULL,
    review     TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, moves)
);
