-- The tie-breaks a tournament ranks by (issue #46), in order, by FIDE's acronyms separated by
-- spaces ("BH-C1 BH SB DE"). NULL for tournaments made before the choice: they rank by their
-- kind's tie-breaks.
ALTER TABLE tournaments ADD COLUMN tie_breaks TEXT;
