-- The list of one's sessions (issue #45): the browser that opened each (its User-Agent, cut to
-- 200 characters), the address it was last seen from, and when (written at most every five
-- minutes per session). NULL in the sessions opened before: shown as unknown, and seen when
-- opened.
ALTER TABLE sessions ADD COLUMN device TEXT;
ALTER TABLE sessions ADD COLUMN address TEXT;
ALTER TABLE sessions ADD COLUMN seen_ms INTEGER;
