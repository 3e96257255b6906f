-- The outbox of games' ends (issue #43): one row for every game played by an account whose
-- result is stored (a game of anonymous seats leaves no work), made
-- in the same transaction as the change that ends the game (by the trigger below, so that the
-- one-statement writes of store/changes.rs and store/together.rs stay one statement). The
-- running server does each row's work in `seq` order, once (store/finishes.rs): each account's
-- result, a rated game's ratings, a tournament board's score; then it sets `done_ms`.
CREATE TABLE game_ends (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    TEXT NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    ended_ms   INTEGER NOT NULL,            -- when the end was stored (ms since the Unix epoch)
    done_ms    INTEGER,                     -- when its work was done; NULL while it waits
    attempts   INTEGER NOT NULL DEFAULT 0,  -- failed attempts so far
    last_error TEXT                         -- why the last attempt failed
);
CREATE INDEX game_ends_waiting ON game_ends (seq) WHERE done_ms IS NULL;

CREATE TRIGGER game_ended AFTER UPDATE OF result ON games
WHEN OLD.result IS NULL AND NEW.result IS NOT NULL
 AND (NEW.rated = 1 OR EXISTS (SELECT 1 FROM game_accounts a WHERE a.game_id = NEW.id))
BEGIN
    INSERT INTO game_ends (game_id, ended_ms)
    VALUES (NEW.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
    ON CONFLICT (game_id) DO NOTHING;
END;

-- The games that ended before this table and whose end never reached their accounts (a
-- server stopped between the two): their work waits in the outbox, oldest first.
INSERT INTO game_ends (game_id, ended_ms)
SELECT id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM games g
WHERE result IS NOT NULL
  AND (rated = 1 OR EXISTS (SELECT 1 FROM game_accounts a WHERE a.game_id = g.id))
  AND NOT EXISTS (SELECT 1 FROM account_results r WHERE r.game_id = g.id)
  AND (ending IS NULL OR ending NOT LIKE '%"aborted"%')
ORDER BY updated_at, rowid;
