"""Ratings (``wordcards.club.ratings``): the order of finish, people's ratings moving after a rated game in the
record while the computer levels' stay fixed, what is not rated, and the lobby's ratings and leaderboards."""

import pytest
from sqlalchemy import select

from wordcards.club.lobby import Club
from wordcards.club.ratings import LEADERS_AFTER, Rating, anchors, places, rate
from wordcards.club.record import Record
from wordcards.club.schema import rating_changes
from wordcards.core.common import Seat
from wordcards.core.computer import LEVELS


@pytest.fixture
def record(store):
    record = Record(store)  # a SQLite file, and a database on a real PostgreSQL server (conftest.store)
    yield record
    record.close()


def finished(record: Record, game: str, seats: list[Seat], scores: list[int], gone=(), options=None) -> dict:
    table = record.open_table(game, options or {})
    number = record.start_game(table, game, options or {}, 1, "default", seats)
    return record.end_game(number, "over", scores, gone)


def test_places_follow_the_scores_ties_share_and_those_gone_come_last():
    assert places([30, 50, 30]) == [2, 1, 2]
    assert places([90, 50, 30], gone=frozenset({0})) == [3, 1, 2]
    assert places([10, 20, 30], gone=frozenset({0, 2})) == [2, 1, 2]


def test_every_game_has_an_anchor_for_every_level_and_stronger_levels_rate_higher():
    fixed = anchors()
    assert set(fixed) == {"fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"}
    for game, levels in fixed.items():
        assert list(levels) == list(LEVELS)
        assert levels["expert"].mu > levels["beginner"].mu, game


def test_a_person_who_beats_a_computer_rises_and_the_computer_does_not_move(record):
    before = anchors()["quiddler"]["hard"]
    after = finished(record, "quiddler", [Seat("Ann"), Seat("Hal", "hard")], [60, 40])
    assert set(after) == {"Ann"} and after["Ann"].mu > Rating().mu and after["Ann"].games == 1
    assert anchors()["quiddler"]["hard"] == before
    again = finished(record, "quiddler", [Seat("Ann"), Seat("Hal", "hard")], [20, 40])
    assert again["Ann"].mu < after["Ann"].mu and again["Ann"].games == 2, "a loss brings it down, from where it was"
    assert record.ratings()["quiddler"]["Ann"] == again["Ann"]
    with record.begin() as conn:
        changes = [tuple(row) for row in conn.execute(select(rating_changes.c.name, rating_changes.c.mu_before,
                                                              rating_changes.c.mu_after).order_by(rating_changes.c.game_id))]
    assert changes == [("Ann", Rating().mu, after["Ann"].mu), ("Ann", after["Ann"].mu, again["Ann"].mu)]


def test_two_people_move_apart_and_one_who_left_ranks_last_whatever_the_score(record):
    after = finished(record, "fez", [Seat("Ann"), Seat("Bob")], [100, 50])
    assert after["Ann"].mu > Rating().mu > after["Bob"].mu
    left = finished(record, "fez", [Seat("Cy"), Seat("Di")], [100, 50], gone=[0])  # Cy left, a computer went on
    assert left["Cy"].mu < Rating().mu < left["Di"].mu


def test_a_cooperative_game_and_a_computers_only_game_are_not_rated(record):
    assert finished(record, "gift-words", [Seat("Ann"), Seat("Bob")], [120, 120],
                    options={"variant": "cooperative"}) == {}
    assert finished(record, "gift-words", [Seat("Hal", "easy"), Seat("Ivy", "hard")], [10, 20]) == {}
    assert finished(record, "gift-words", [Seat("Ann"), Seat("Bob")], [10, 20])  # the competitive game is
    assert set(record.ratings()) == {"gift-words"}


def test_the_lobby_shows_ratings_beside_names_and_each_games_leaders():
    club = Club(lambda line: None)
    fez = {"ann": Rating(30.0, 2.0, LEADERS_AFTER), "bob": Rating(26.0, 4.0, 1)}
    club.rated("fez", fez)
    club.rated("quiddler", {"ann": Rating(25.0, 8.0, LEADERS_AFTER + 5)})
    assert club.rating("ann", "fez") == f"ann {fez['ann'].shown}"
    assert club.rating("cy", "fez") == "cy"  # never rated: the name alone
    assert club.rating("ann") == f"ann (Quiddler {Rating(25.0, 8.0).shown})"  # the game played most
    assert club.leaders("fez") == [("ann", fez["ann"])]  # bob has too few games to lead
    assert Rating().shown == 1000


def test_a_rating_rises_more_for_beating_a_stronger_level():
    weak = rate("fez", [("Ann", "person"), ("Hal", "beginner")], [50, 40], frozenset(), {})
    strong = rate("fez", [("Ann", "person"), ("Hal", "expert")], [50, 40], frozenset(), {})
    assert strong["Ann"].mu > weak["Ann"].mu


async def test_r_in_the_lobby_shows_each_games_leaderboard_and_where_you_stand():
    from textual.app import App

    from wordcards.host.lobby_app import Leaderboards

    club = Club(lambda line: None)
    club.rated("fez", {"ann": Rating(30.0, 2.0, LEADERS_AFTER), "bob": Rating(28.0, 2.0, LEADERS_AFTER + 1),
                       "cy": Rating(26.0, 5.0, 1)})

    class Lobby(App):
        def on_mount(self) -> None:
            self.push_screen(Leaderboards(club, "cy"))

    app = Lobby()
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("Static").render())
        fez = text.split("FEZ")[1].split("Gift Words")[0]
        assert fez.index("ann") < fez.index("bob") and f"{Rating(30.0, 2.0).shown}" in fez
        assert f"you: {Rating(26.0, 5.0).shown} (1 game)" in fez  # too few games to lead, but shown to its person
        assert "nobody yet" in text.split("Quiddler")[1]
        await pilot.press("escape")
        assert not isinstance(app.screen, Leaderboards)
