"""The club's record as a store, the same tests on SQLite and on a real PostgreSQL server: its schema, what it keeps,
ratings, and several club processes sharing one database (each bringing back only its own tables, hearing of the
games the others rate)."""

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import inspect, select

from wordcards.club.ratings import Rating
from wordcards.club.record import Record
from wordcards.club.schema import rating_changes, schema_version, scripts
from wordcards.core.common import Seat
from wordcards.core.match import Match
from wordcards.core.referee import Referee

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def record(store):
    record = Record(str(store) if "://" in str(store) else store, owner="here:2222")
    yield record
    record.close()


def rows(record: Record, query):
    with record.begin() as conn:
        return conn.execute(query).all()


def test_the_migrations_make_the_schema_once(store, record):
    with record.engine.connect() as conn:
        assert {"people", "tables", "games", "seats", "moves", "ratings", "rating_changes"} <= \
            set(inspect(conn).get_table_names())
    Record(store).close()  # opened again: nothing to apply, and no script applied twice
    assert [row.version for row in rows(record, select(schema_version))] == list(range(1, len(scripts()) + 1))


def test_a_game_is_kept_move_by_move_and_replays(record):
    table = record.open_table("quiddler", {}, kind="club")
    match = Match.new("quiddler", [Seat("Ann", "easy"), Seat("Bob", "medium")], seed=3, save=False)
    game = record.start_game(table, "quiddler", match.options, match.seed, match.dictionary, match.seats)
    referee = Referee(match)
    for _ in range(12):
        seat = match.to_move
        referee.computer_step()
        record.add_move(game, len(match.history), seat, match.history[-1])
    back, = record.unfinished(open_tables=True)
    again = back.match()
    assert back.moves == tuple(match.history) and [again.view(s) for s in (0, 1)] == [match.view(s) for s in (0, 1)]


def test_a_claimed_name_needs_its_key_and_moves_from_two_threads_all_land(record):
    assert record.claim("ann", "SHA256:a") and not record.claim("ANN", "SHA256:b") and record.claim("ann", "SHA256:a")
    table = record.open_table("fez", {})
    game = record.start_game(table, "fez", {}, 1, "default", [Seat("ann"), Seat("bob")])
    threads = [threading.Thread(target=lambda start=start: [record.add_move(game, ply, None, f"m{ply}")
                                                           for ply in range(start, start + 20)]) for start in (1, 21)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(record.unfinished()[0].moves) == 40


def test_a_finished_game_rates_its_people_and_keeps_what_changed(record):
    table = record.open_table("fez", {})
    game = record.start_game(table, "fez", {}, 1, "default", [Seat("ann"), Seat("Hal", "hard")])
    after = record.end_game(game, "ann won", [80, 40])
    assert after["ann"].mu > Rating().mu and record.ratings() == {"fez": after}
    change, = rows(record, select(rating_changes))
    assert (change.name, change.mu_before, change.mu_after) == ("ann", Rating().mu, after["ann"].mu)


def test_each_club_on_one_record_brings_back_only_its_own_tables(store, record):
    other = Record(store, owner="there:2222")
    try:
        mine = record.open_table("fez", {}, kind="club")
        theirs = other.open_table("fez", {}, kind="club")
        for club, table in ((record, mine), (other, theirs)):
            club.start_game(table, "fez", {}, 1, "default", [Seat("ann"), Seat("bob")])
        assert [g.table for g in record.unfinished(open_tables=True)] == [mine]
        record.close_tables_but([])  # this club starts again and cannot bring its table back
        assert [g.table for g in other.unfinished(open_tables=True)] == [theirs], "the other club's table stays open"
    finally:
        other.close()


FINISH_ELSEWHERE = """
import sys
from wordcards.club.record import Record
from wordcards.core.common import Seat
record = Record(sys.argv[1], owner="elsewhere:2222")
table = record.open_table("quiddler", {}, kind="club")
game = record.start_game(table, "quiddler", {}, 5, "default", [Seat("cy"), Seat("Hal", "easy")])
record.end_game(game, "cy won", [50, 20])
record.close()
"""


def test_two_club_processes_see_each_others_finished_games_and_ratings(store, record):
    heard: list[str] = []
    stop = record.listen(heard.append)
    try:
        time.sleep(0.5)  # listening before the other club ends its game
        subprocess.run([sys.executable, "-c", FINISH_ELSEWHERE, str(store)], check=True, cwd=ROOT, timeout=120)
        played, = record.games_of("cy")
        assert (played.game, played.result, played.scores) == ("quiddler", "cy won", (50, 20))
        assert record.ratings()["quiddler"]["cy"].games == 1
        if "://" in str(store):  # PostgreSQL tells every listening club; one SQLite file has one club
            deadline = time.monotonic() + 10
            while not heard and time.monotonic() < deadline:
                time.sleep(0.05)
            assert heard == ["rated quiddler"]
        else:
            assert heard == []
    finally:
        stop()
