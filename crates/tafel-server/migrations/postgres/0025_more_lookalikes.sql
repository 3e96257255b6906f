-- Two more pairs of lookalikes in usernames (issue #45): `cl` reads as `d` and `nn` as `m`
-- (`Username::lookalike_key`, which applies them after its other foldings, so the new key is
-- the old one with these two replacements). Each living or deleted account's key is made
-- anew, unless another account would then share it: an account whose key stays as it is
-- keeps it, and of two whose new keys meet, the older one takes it. The other keeps its old
-- key (names that exist are never taken away); a new name that looks like either is refused.
UPDATE accounts
SET lookalike_key = REPLACE(REPLACE(lookalike_key, 'cl', 'd'), 'nn', 'm')
WHERE (lookalike_key LIKE '%cl%' OR lookalike_key LIKE '%nn%')
  AND NOT EXISTS (
    SELECT 1 FROM accounts other
    WHERE other.id <> accounts.id
      AND REPLACE(REPLACE(other.lookalike_key, 'cl', 'd'), 'nn', 'm')
        = REPLACE(REPLACE(accounts.lookalike_key, 'cl', 'd'), 'nn', 'm')
      AND (
        (other.lookalike_key NOT LIKE '%cl%' AND other.lookalike_key NOT LIKE '%nn%')
        OR other.created_ms < accounts.created_ms
        OR (other.created_ms = accounts.created_ms AND other.id < accounts.id)
      )
  );
