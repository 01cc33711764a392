-- Bans by the club's operator: a name (and every name drawn like it: look), and the key it came with, if any.
-- Neither comes in again, at any club process on this record.
CREATE TABLE bans (
    look TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    fingerprint TEXT,
    banned TIMESTAMP NOT NULL
);
