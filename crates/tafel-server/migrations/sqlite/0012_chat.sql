-- Chat in a game (issue #31): the messages of its two rooms, `players` and `spectators`,
-- kept with the game. Each room numbers its messages from 1 (`seq`): the key makes two
-- instances that write the same number at once fail one of them (it tries again), and keeps
-- a room within its cap. The author is a seat (players' room) and the account that plays it,
-- if any, or an account (spectators' room); names are not stored but read when shown, so a
-- deleted account's messages show "a deleted player".
CREATE TABLE chat_messages (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    room       TEXT NOT NULL,              -- players | spectators
    seq        INTEGER NOT NULL,
    seat       INTEGER,                    -- the author's seat (players' room)
    account_id TEXT REFERENCES accounts (id),
    text       TEXT NOT NULL,
    at_ms      INTEGER NOT NULL,
    PRIMARY KEY (game_id, room, seq)
);
