-- Online play (see migrations/sqlite/0003_online_play.sql for what each column holds).
ALTER TABLE games ADD COLUMN dice_seed TEXT;
ALTER TABLE games ADD COLUMN public BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN open_seats BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN clock_since BIGINT;
ALTER TABLE games ADD COLUMN flag_at BIGINT;
ALTER TABLE games ADD COLUMN ending TEXT;
ALTER TABLE games ADD COLUMN proposals TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;
ALTER TABLE games ADD COLUMN rematch_of TEXT;
ALTER TABLE games ADD COLUMN players TEXT;
ALTER TABLE games ADD COLUMN record_moves BIGINT;
ALTER TABLE games ADD COLUMN plies BIGINT NOT NULL DEFAULT 0;

CREATE TABLE server_alive (
    id    BIGINT PRIMARY KEY CHECK (id = 1),
    at_ms BIGINT NOT NULL
);

CREATE INDEX games_flag_at ON games (flag_at) WHERE flag_at IS NOT NULL;
CREATE INDEX games_open_challenges ON games (created_at) WHERE public = 1 AND open_seats > 0;
CREATE INDEX games_updated ON games (updated_at);
