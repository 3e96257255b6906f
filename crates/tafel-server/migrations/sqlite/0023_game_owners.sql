-- Instances that add capacity (issue #51): a game in play belongs to the instance named in
-- `games.lease_owner` while that instance's row here is alive, and a request that reaches
-- another instance is forwarded to the owner. So each living instance says where the others
-- reach it (`address`, e.g. `http://10.0.0.5:8080`; NULL: it takes no forwarded requests)
-- and the token a forwarded request must show (`token`, random per start): a request showing
-- it is served where it arrives and never forwarded again.
ALTER TABLE lease_holders ADD COLUMN address TEXT;
ALTER TABLE lease_holders ADD COLUMN token TEXT;
