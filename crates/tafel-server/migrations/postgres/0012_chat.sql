-- Chat in a game (see migrations/sqlite/0012_chat.sql for what each column holds).
CREATE TABLE chat_messages (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    room       TEXT NOT NULL,
    seq        BIGINT NOT NULL,
    seat       BIGINT,
    account_id TEXT REFERENCES accounts (id),
    text       TEXT NOT NULL,
    at_ms      BIGINT NOT NULL,
    PRIMARY KEY (game_id, room, seq)
);
