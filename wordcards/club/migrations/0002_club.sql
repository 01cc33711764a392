-- The club (wordcards club) beside the host (wordcards host), which share a record.
-- Who opened a table: 'club' or 'host' (NULL: a host, before this script). A club brings back only its own.
ALTER TABLE tables ADD COLUMN kind TEXT;
-- A password for the browser door, set from the SSH lobby by the key that claimed the name: a memory-hard hash
-- (scrypt), its parameters and salt with it; NULL: none set.
ALTER TABLE people ADD COLUMN password TEXT;
