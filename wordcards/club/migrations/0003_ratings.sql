-- Ratings (wordcards.club.ratings): each person's, one scale a game, and what each rated game changed.
-- gone: the seats of a finished game that left it, or that a computer was playing when it ended (a JSON list);
-- they rank last.
ALTER TABLE games ADD COLUMN gone TEXT;

CREATE TABLE ratings (
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    updated TIMESTAMP NOT NULL,
    PRIMARY KEY (name, game)
);
CREATE INDEX ratings_by_game ON ratings (game);

CREATE TABLE rating_changes (
    game_id INTEGER NOT NULL REFERENCES games (id),
    name TEXT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, name)
);
