"""The club's record: its schema and migrations, what it keeps of people, tables, games and moves, and that a killed
club loses no move. Every test uses a real SQLite file."""

import signal
import sqlite3
import subprocess
import sys
import threading
from datetime import datetime, timedelta, timezone
from importlib import resources

import pytest

from wordcards.club.record import Record
from wordcards.club.schema import scripts, statements
from wordcards.core.common import Seat
from wordcards.core.errors import RecordError
from wordcards.core.match import Match
from wordcards.core.referee import Referee

KEY_A, KEY_B = "SHA256:aaaa", "SHA256:bbbb"
PLAYERS = [Seat("Ann"), Seat("Bob", "easy")]


@pytest.fixture
def path(tmp_path):
    return tmp_path / "club.db"


@pytest.fixture
def record(path):
    record = Record(path)
    yield record
    record.close()


def query(path, sql):
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


def play(match: Match, record: Record, game: int, plies: int) -> None:
    """Play ``plies`` moves of computer players (every seat), recording each as a club would."""
    referee = Referee(match)
    for _ in range(plies):
        seat = match.to_move
        referee.computer_step()
        record.add_move(game, len(match.history), seat, match.history[-1])


def test_the_migrations_make_the_schema_once(path):
    Record(path).close()
    assert {name for (name,) in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")} == \
        {"schema_version", "people", "tables", "games", "seats", "moves", "ratings", "rating_changes", "bans"}
    assert [version for version, _ in query(path, "SELECT * FROM schema_version")] == \
        list(range(1, len(scripts()) + 1))
    Record(path).close()  # a script applied again would fail: its tables are there
    assert len(query(path, "SELECT * FROM schema_version")) == len(scripts())


def test_a_record_of_the_first_version_is_brought_up_to_date_and_keeps_what_it_holds(path):
    with sqlite3.connect(path) as conn:
        for statement in statements(scripts()[0], "sqlite"):
            conn.execute(statement)
        conn.execute("INSERT INTO schema_version VALUES (1, '2026-11-01 00:00:00')")
        conn.execute("INSERT INTO tables (game, options, created) VALUES ('fez', '{}', '2026-11-01 00:00:00')")
    Record(path).close()
    assert query(path, "SELECT id, game, kind FROM tables") == [(1, "fez", None)], "an old table is a host's"
    assert [version for version, _ in query(path, "SELECT * FROM schema_version")] == [1, 2, 3, 4]
    assert "password" in {row[1] for row in query(path, "PRAGMA table_info(people)")}



def test_a_record_of_version_3_gets_the_bans_and_the_tables_owner(path):
    with sqlite3.connect(path) as conn:
        for number, script in enumerate(scripts()[:3], start=1):
            for statement in statements(script, "sqlite"):
                conn.execute(statement)
            conn.execute(f"INSERT INTO schema_version VALUES ({number}, '2026-11-01 00:00:00')")
    record = Record(path)
    table = record.open_table("fez", {}, kind="club")  # the owner's column is there
    record.close()
    assert query(path, f"SELECT club FROM tables WHERE id = {table}") == [(None,)]
    assert "bans" in {name for (name,) in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}

def test_the_scripts_are_package_data():
    folder = resources.files("wordcards.club") / "migrations"
    assert folder.joinpath("0001_first.sql").is_file()
    assert scripts()[0] == folder.joinpath("0001_first.sql").read_text(encoding="utf-8")


def test_a_newer_schema_is_refused(path):
    Record(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (99, '2030-01-01 00:00:00')")
    with pytest.raises(RecordError, match=rf"is version 99, newer than this wordcards knows \(version {len(scripts())}\)"):
        Record(path)


def test_a_file_that_is_not_a_database_is_refused_and_left_alone(path):
    path.write_bytes(b"not a database\n" * 100)
    with pytest.raises(RecordError, match=r"club\.db cannot be used: file is not a database$"):
        Record(path)
    assert path.read_bytes() == b"not a database\n" * 100


def test_a_folder_or_another_database_is_refused(tmp_path, path):
    with pytest.raises(RecordError, match="cannot be used: unable to open database file"):
        Record(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(RecordError, match="is a database, but not a wordcards club record"):
        Record(path)


def test_a_url_is_taken_and_its_password_never_shown(path):
    Record(f"sqlite:///{path}").close()
    assert [version for version, _ in query(path, "SELECT * FROM schema_version")] == \
        list(range(1, len(scripts()) + 1))
    with pytest.raises(RecordError) as refused:
        Record("nosuch://ann:secret@example.org/club")
    assert str(refused.value).startswith("the club's record nosuch://ann:***@example.org/club cannot be used: ")


def test_the_journal_is_a_write_ahead_log_and_foreign_keys_hold(path, record):
    assert query(path, "PRAGMA journal_mode") == [("wal",)]
    with record.begin() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL: each commit is synced to disk
    with pytest.raises(RecordError, match="FOREIGN KEY constraint failed"):
        record.add_move(12345, 1, 0, "draw")


def test_a_whole_game_is_recorded(path, record):
    table = record.open_table("quiddler", {})
    match = Match.new("quiddler", [Seat("Ann", "easy"), Seat("Bob", "medium")], seed=3, save=False)
    game = record.start_game(table, "quiddler", match.options, match.seed, match.dictionary, match.seats)
    play(match, record, game, 10)
    assert [(g.id, g.moves) for g in record.unfinished()] == [(game, match.history)]
    while not match.is_over:
        play(match, record, game, 1)
    scores = match.rules.totals(match.state)
    record.end_game(game, "Ann won", scores)
    record.close_table(table)

    assert record.unfinished() == []
    assert query(path, "SELECT seat, name, kind FROM seats") == [(0, "Ann", "easy"), (1, "Bob", "medium")]
    assert [text for (text,) in query(path, "SELECT move FROM moves ORDER BY ply")] == list(match.history)
    played, = record.games_of("Bob")
    assert (played.id, played.game, played.seat, played.result, played.scores) == \
        (game, "quiddler", 1, "Ann won", tuple(scores))
    assert played.started <= played.ended
    assert datetime.now(timezone.utc) - played.ended < timedelta(minutes=5)  # UTC, not local time
    assert query(path, "SELECT closed IS NOT NULL FROM tables") == [(1,)]


def test_an_unfinished_game_replays_into_the_same_match(record):
    table = record.open_table("quiddler", {"long_game": True})
    match = Match.new("quiddler", [Seat("Ann", "easy"), Seat("Bob", "hard")], {"long_game": True}, seed=11, save=False)
    game = record.start_game(table, "quiddler", match.options, match.seed, match.dictionary, match.seats)
    play(match, record, game, 15)

    recorded, = record.unfinished()
    assert (recorded.table, recorded.seats, recorded.options) == (table, tuple(match.seats), {"long_game": True})
    again = recorded.match()
    assert again.history == match.history
    assert again.to_move == match.to_move
    assert [again.view(seat) for seat in range(2)] == [match.view(seat) for seat in range(2)]


KILLED = """
import sys
from wordcards.club.record import Record
from wordcards.core.common import Seat
record = Record(sys.argv[1])
game = record.start_game(record.open_table("fez", {}), "fez", {}, 7, "default", [Seat("Ann"), Seat("Bob")])
ply = 0
while True:
    ply += 1
    record.add_move(game, ply, ply % 2, f"word {ply}")
    print(ply, flush=True)
"""


def test_kill_9_loses_no_move(path):
    club = subprocess.Popen([sys.executable, "-c", KILLED, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    printed = []
    try:
        while len(printed) < 30:
            line = club.stdout.readline()
            assert line, f"the club stopped: {club.stderr.read()}"
            printed.append(int(line))
    finally:
        club.send_signal(signal.SIGKILL)
        club.wait()
        club.stdout.close()
        club.stderr.close()
    assert club.returncode == -signal.SIGKILL

    record = Record(path)
    try:
        recorded, = record.unfinished()
    finally:
        record.close()
    assert recorded.seats == (Seat("Ann"), Seat("Bob"))
    assert len(recorded.moves) >= len(printed) == 30
    assert recorded.moves == tuple(f"word {ply}" for ply in range(1, len(recorded.moves) + 1))


def test_a_claimed_name_needs_its_key(record):
    assert record.claim("Ann", KEY_A)
    assert record.claim("Ann", KEY_A)
    assert not record.claim("Ann", KEY_B)
    assert not record.claim("Ann", None)
    assert not record.claim("ANN", KEY_B)
    assert not record.claim("\u0430nn", None)  # a Cyrillic a: drawn like Ann
    assert not record.seen("Ann", KEY_B)


def test_a_name_used_without_a_key_stays_free_until_a_key_claims_it(path, record):
    assert record.seen("Bob", None)
    assert record.seen("Bob", None)
    assert query(path, "SELECT name, fingerprint FROM people") == [("Bob", None)]
    assert record.seen("Bob", KEY_B)
    assert not record.seen("Bob", None)
    assert not record.claim("Bob", KEY_A)
    assert record.seen("Cy", "") and record.seen("Cy", None)  # an empty fingerprint is no key


def test_seen_keeps_the_first_and_the_last_visit(path, record):
    record.seen("Cy", KEY_A)
    first = query(path, "SELECT first_seen, last_seen FROM people")
    record.seen("Cy", KEY_A)
    (first_seen, last_seen), = query(path, "SELECT first_seen, last_seen FROM people")
    assert first_seen == first[0][0] == first[0][1] < last_seen


def test_moves_from_two_threads_are_all_recorded(record):
    table = record.open_table("fez", {})
    games = [record.start_game(table, "fez", {}, seed, "default", PLAYERS) for seed in (1, 2)]
    start = threading.Barrier(2)
    failures = []

    def moves(game):
        start.wait()
        try:
            for ply in range(1, 41):
                record.add_move(game, ply, ply % 2, f"move {ply} of {game}")
        except Exception as exc:  # the test says which, rather than a thread dying quietly
            failures.append(exc)

    threads = [threading.Thread(target=moves, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert [g.moves for g in record.unfinished()] == \
        [tuple(f"move {ply} of {game}" for ply in range(1, 41)) for game in games]
