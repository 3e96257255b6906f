-- People (issue #47, item 5). A challenge is now of any account, a person's as well as a
-- bot's: the table and its column say so. The indexes keep their first names.
ALTER TABLE bot_challenges RENAME TO challenges;
ALTER TABLE challenges RENAME COLUMN bot TO challenged;

-- Who follows whom: a follower sees the accounts they follow, who of them is online and who
-- is playing. Only the follower's choice; the followed are not asked nor told.
CREATE TABLE follows (
    follower   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    followed   TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (follower, followed)
);
CREATE INDEX follows_followed ON follows (followed);
