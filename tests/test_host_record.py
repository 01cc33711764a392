"""A hosted table keeps the club's record: its games with their seats, every move as it is made, each game's end,
and the names people's keys claimed. Real SSH on 127.0.0.1 and a real SQLite file in the test's folder."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import asyncssh
import pytest

from tests.host_helpers import CODE, Heard, Player, Quiet, Terminal, hosting
from tests.test_host_command import Listening, host, one_line
from tests.test_host_evening import finish
from wordcards.club.record import Record
from wordcards.club.scribe import Scribe
from wordcards.core.match import Match
from wordcards.host.game import HostedGame, Setup
from wordcards.host.server import Gate, serve


def query(path, sql: str) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


def moves_of(path, game: int) -> list[tuple]:
    return query(path, f"SELECT ply, seat, move FROM moves WHERE game_id = {game} ORDER BY ply")


def play(game: HostedGame, moves: int) -> None:
    """Computer players make the people's next ``moves`` moves, as if the people had."""
    referee = game.table.referee
    assert referee is not None
    finish(game, until=lambda step: len(referee.state.history) >= moves)


async def test_every_move_of_a_hosted_evening_is_recorded_with_its_seats_and_each_games_end(tmp_path):
    path = tmp_path / "club.sqlite"
    scribe = await asyncio.to_thread(Scribe, Record(path), "fez", {})
    async with hosting("fez", seed=1, computers=("easy",), record=scribe) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        first = host.game.table.match
        finish(host.game)
        await ann.see("r: a rematch")
        await ann.press("r")
        await bob.press("r")
        await bob.see(lambda text: "bob's hand" in text and "Game over" not in text)
        second = host.game.table.match
        assert second is not first
        play(host.game, len(second.history) + 3)
        host.game.table.loop.stop()
    before = {id(match): len(match.history) for match in (first, second)}
    assert await asyncio.to_thread(scribe.close) is None  # the closing table may still make a move meanwhile

    (table, _, closed), = query(path, "SELECT id, game, closed FROM tables")
    assert closed is not None
    rows = query(path, "SELECT id, table_id, seed, ended IS NOT NULL, result, scores FROM games ORDER BY id")
    assert [(row[1], row[2], row[3]) for row in rows] == [(table, 1, 1), (table, 2, 0)]
    (one, *_, said, scores), (two, *_) = rows
    assert said.endswith(" won · " + ", ".join(f"{s.name} {t}" for s, t in
                                               zip(first.seats, first.rules.totals(first.state))))
    assert json.loads(scores) == first.rules.totals(first.state)
    rated = dict(query(path, "SELECT name, games FROM ratings WHERE game = 'fez'"))
    assert rated == {"ann": 1, "bob": 1}, "the finished game rated its people, not its computer player"
    assert {name for (name,) in query(path, f"SELECT name FROM rating_changes WHERE game_id = {one}")} == {"ann", "bob"}
    for game, match in ((one, first), (two, second)):
        assert query(path, f"SELECT seat, name, kind FROM seats WHERE game_id = {game} ORDER BY seat") == \
            [(0, "ann", "person"), (1, "bob", "person"), (2, match.seats[2].name, "easy")]
        recorded = moves_of(path, game)
        assert [(ply, text) for ply, _, text in recorded] == list(enumerate(match.history, start=1))[:len(recorded)]
        assert len(recorded) >= before[id(match)], "a move made before the record closed is missing"
        assert {seat for _, seat, _ in recorded} <= {0, 1, 2, None}
    assert {seat for _, seat, _ in moves_of(path, one)} >= {0, 1, 2}, "every seat moved in the finished game"
    assert Match.load(second.save_path).record == {"table": table, "game": two}, "the save names its record"


async def test_a_resumed_game_is_recorded_on_into_its_game_or_anew_where_the_record_lacks_it(tmp_path):
    path = tmp_path / "club.sqlite"
    scribe = await asyncio.to_thread(Scribe, Record(path), "fez", {})
    game = HostedGame(Setup("fez", 2, seed=4), computer_delay=0, record=scribe)
    for name in ("ann", "bob"):
        game.company.join(name, Quiet())
    play(game, 6)
    match = game.table.match
    game.table.loop.stop()
    await asyncio.to_thread(scribe.close)
    match.release()
    (table, number), = query(path, "SELECT table_id, id FROM games")

    again = Match.load(match.save_path)
    assert again.record == {"table": table, "game": number}
    resumed = await asyncio.to_thread(Scribe, Record(path), "fez", {}, again)
    assert (resumed.table, resumed.game) == (table, number) and "recording on into game" in resumed.resumed
    hosted = HostedGame(match=again, computer_delay=0, record=resumed)
    for name in ("ann", "bob"):
        hosted.company.join(name, Quiet())
    play(hosted, 8)
    hosted.table.loop.stop()
    await asyncio.to_thread(resumed.close)
    again.release()
    assert query(path, "SELECT count(*) FROM games") == [(1,)]
    assert [text for _, _, text in moves_of(path, number)] == list(again.history)
    assert query(path, "SELECT closed IS NULL FROM tables") == [(0,)]

    other = tmp_path / "other.sqlite"
    anew = await asyncio.to_thread(Scribe, Record(other), "fez", {}, Match.load(again.save_path))
    await asyncio.to_thread(anew.close)
    assert "recorded anew" in anew.resumed
    assert [text for _, _, text in moves_of(other, anew.game)] == list(again.history)


async def test_a_write_the_database_refuses_is_told_once_and_caught_up_once_it_can_be_written(tmp_path):
    path, lines = tmp_path / "club.sqlite", []
    scribe = await asyncio.to_thread(Scribe, Record(path), "fez", {})
    game = HostedGame(Setup("fez", 2, seed=4), computer_delay=0, record=scribe, report=lines.append)
    screens = [Heard(), Heard()]
    for name, screen in zip(("ann", "bob"), screens):
        game.company.join(name, screen)
    play(game, 1)
    await asyncio.to_thread(scribe.pool.submit(lambda: None).result)  # what was asked for is written
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")  # another program holds the database: every write waits, then fails
    play(game, 3)
    await asyncio.to_thread(scribe.pool.submit(lambda: None).result)
    await asyncio.sleep(0.1)
    failed = [line for line in lines if "cannot be used: database is locked" in line]
    assert failed == [failed[0]] and failed[0].endswith("the game goes on, and the record catches up once it can "
                                                        "be written")
    assert all(screen.said == failed for screen in screens), "every screen is told, once"
    assert game.table.match is not None and not game.table.match.is_over
    locker.execute("ROLLBACK")
    locker.close()
    play(game, 4)
    game.table.loop.stop()
    assert await asyncio.to_thread(scribe.close) is None
    assert [text for _, _, text in moves_of(path, 1)] == list(game.table.match.history)
    game.table.match.release()


async def key_login(port: int, name: str, key: asyncssh.SSHKey | None, code: str | None = None) -> Player:
    connection = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key] if key else None,
                                        password=code, known_hosts=None, agent_path=None)
    channel, terminal = await connection.create_session(Terminal, term_type="xterm", term_size=(80, 24))
    return Player(name, connection, channel, terminal)


async def test_a_name_claimed_by_a_key_is_refused_to_the_code_alone(tmp_path):
    path, listed = tmp_path / "club.sqlite", tmp_path / "authorized_keys"
    key = asyncssh.generate_private_key("ssh-ed25519")
    listed.write_bytes(key.export_public_key())
    scribe = await asyncio.to_thread(Scribe, Record(path), "fez", {})
    game = HostedGame(Setup("fez", 2, seed=4), computer_delay=0, save=False, record=scribe)
    acceptor = await serve(game, Gate(CODE, delay=0.01), "127.0.0.1", 0, "ssh", listed,
                           key=asyncssh.generate_private_key("ssh-ed25519"))
    port = acceptor.get_port()
    players = []
    try:
        ann = await key_login(port, "ann", key)
        players.append(ann)
        await ann.see("waiting for every seat")
        mallory = await key_login(port, "Ann", None, CODE)  # the code, and a name drawn like the claimed one
        players.append(mallory)
        await asyncio.wait_for(mallory.terminal.closed.wait(), 10)
        assert mallory.terminal.everything().strip() == \
            "wordcards: the name Ann belongs to another key: pick another name"
        bob = await key_login(port, "bob", None, CODE)
        players.append(bob)
        await bob.see("bob's hand")
        await ann.see("ann's hand")
    finally:
        for player in players:
            player.close()
        acceptor.close()
        await acceptor.wait_closed()
        game.table.loop.stop()
        await asyncio.to_thread(scribe.close)
    assert query(path, "SELECT name, fingerprint IS NOT NULL FROM people ORDER BY name") == \
        [("ann", 1), ("bob", 0)]
    assert query(path, "SELECT fingerprint FROM people WHERE name = 'ann'") == [(key.get_fingerprint(),)]


@pytest.mark.parametrize("make, message", [
    (lambda p: p.mkdir(), "cannot be used: unable to open database file"),
    (lambda p: p.write_bytes(b"not a database\n" * 100), "cannot be used: file is not a database"),
])
def test_a_database_that_cannot_be_opened_is_refused_before_listening(make, message, monkeypatch, capsys, tmp_path):
    listening = Listening(monkeypatch)
    make(tmp_path / "club.sqlite")
    code, err = host(capsys, "fez", "--database", str(tmp_path / "club.sqlite"))
    assert code == 2 and one_line(err).endswith(message)
    assert listening.hosted == []


def test_the_record_is_kept_beside_the_saves_by_default(monkeypatch, capsys, wordcards_home):
    listening = Listening(monkeypatch, seat=("ann", "bob"))
    assert host(capsys, "fez", "--seed", "4")[0] is None
    hosted, _ = listening.hosted[0]
    hosted.record.close()
    assert query(wordcards_home / "club.sqlite", "SELECT name, kind FROM seats") == [("ann", "person"),
                                                                                     ("bob", "person")]


async def test_a_move_the_table_makes_after_its_record_closed_is_not_an_error(tmp_path):
    scribe = await asyncio.to_thread(Scribe, Record(tmp_path / "club.sqlite"), "fez", {})
    await asyncio.to_thread(scribe.close)
    scribe.move(1, 0, "take")  # a closing table's last move: in the save file, too late for the record


async def test_a_table_that_keeps_a_record_of_rivals_is_rated_and_others_are_not(tmp_path):
    """Rated tables give no hints (``Place.rated``): only where a record is kept, and the players are rivals."""
    record = Record(tmp_path / "club.sqlite")
    tables = {"no record": HostedGame(Setup("fez", 2, seed=4), computer_delay=0, save=False)}
    for game, options in (("fez", {}), ("gift-words", {"variant": "cooperative"})):  # a team against a goal
        scribe = await asyncio.to_thread(Scribe, record, game, options)
        tables[game] = HostedGame(Setup(game, 2, (), options, 4), computer_delay=0, save=False, record=scribe)
    rated = {}
    for what, game in tables.items():
        ann, _ = game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
        rated[what] = ann.rated
        game.table.loop.stop()
    assert rated == {"no record": False, "fez": True, "gift-words": False}
