-- The tutorials' progress (issue #48): how many steps of each game's course (web/learn/courses/)
-- an account has done. It only grows: a step done stays done, on every device.
CREATE TABLE learn_progress (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game       TEXT NOT NULL,
    steps      INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, game)
);
