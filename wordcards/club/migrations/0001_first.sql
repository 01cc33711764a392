-- The club's record: people, the club's tables, the games played at them, their seats and every move.
-- Portable SQL (SQLite, PostgreSQL). {id} stands for the database's own auto-numbered integer primary key.
-- Times are UTC.

CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,
    applied TIMESTAMP NOT NULL
);

-- look: the name as a screen shows it (case, accents and lookalike letters folded), so that a claimed name
-- cannot be taken by one drawn like it.
CREATE TABLE people (
    name TEXT PRIMARY KEY,
    look TEXT NOT NULL UNIQUE,
    fingerprint TEXT,
    first_seen TIMESTAMP NOT NULL,
    last_seen TIMESTAMP NOT NULL
);

CREATE TABLE tables (
    id {id},
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    created TIMESTAMP NOT NULL,
    closed TIMESTAMP
);

CREATE TABLE games (
    id {id},
    table_id INTEGER NOT NULL REFERENCES tables (id),
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    dictionary TEXT NOT NULL,
    started TIMESTAMP NOT NULL,
    ended TIMESTAMP,
    result TEXT,
    scores TEXT
);
CREATE INDEX games_by_table ON games (table_id);

-- kind: person, or the computer player's level.
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_name ON seats (name);

-- seat: NULL for a move the game makes itself. The primary key is the unique index of moves by (game, ply).
CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    seat INTEGER,
    move TEXT NOT NULL,
    made TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, ply),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
);
