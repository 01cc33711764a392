-- Bans by the club's operator: a name (and every name drawn like it: look), and the key it came with, if any.
-- Neither comes in again, at any club process on this record.
CREATE TABLE bans (
    look TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    fingerprint TEXT,
    banned TIMESTAMP NOT NULL
);

-- club: which club process opened a table ("HOST:PORT" of its SSH door), so that several clubs on one PostgreSQL
-- database each bring back only their own tables when they start again (NULL: before this script, a host, or a
-- club on SQLite, whose file is its own).
ALTER TABLE tables ADD COLUMN club TEXT;
