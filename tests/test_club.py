"""The club (``wordcards club``): a lobby and many tables in one process, over real SSH on 127.0.0.1, with a real
SQLite record in the test's folder."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from contextlib import asynccontextmanager
from typing import AsyncIterator

import asyncssh
import pytest

from tests.host_helpers import CODE, Player, Quiet, Terminal
from tests.test_host_evening import finish
from wordcards.club.lobby import Club, Limits, table_setup
from wordcards.club.record import Record
from wordcards.core.common import Seat
from wordcards.core.errors import WordcardsError
from wordcards.core.match import Match
from wordcards.core.registry import all_games
from wordcards.host.game import Setup
from wordcards.host.server import Gate, serve

BUILT_IN = {"fez", "gift-words", "quiddler", "scrabble-fluxx", "word-whiz"}
FEZ_HAND = re.compile(r"'s hand 1\[")


class Door:
    """A club listening on a free port, and the people who came in."""

    def __init__(self, club: Club, port: int) -> None:
        self.club = club
        self.port = port
        self.players: list[Player] = []

    async def join(self, name: str, code: str | None = CODE, key: asyncssh.SSHKey | None = None,
                   size: tuple[int, int] = (80, 24)) -> Player:
        connection = await asyncssh.connect("127.0.0.1", self.port, username=name, password=code,
                                            client_keys=[key] if key else None, known_hosts=None, agent_path=None)
        channel, terminal = await connection.create_session(Terminal, term_type="xterm-256color", term_size=size)
        player = Player(name, connection, channel, terminal)
        self.players.append(player)
        return player


@asynccontextmanager
async def club_open(tmp_path, lines: list[str] | None = None, **kwargs) -> AsyncIterator[Door]:
    record = Record(tmp_path / "club.sqlite")
    club = Club((lines.append if lines is not None else lambda line: None), record, computer_delay=0, **kwargs)
    acceptor = await serve(club, Gate(CODE, delay=0.01), "127.0.0.1", 0, "ssh -p PORT NAME@HOST",
                           key=asyncssh.generate_private_key("ssh-ed25519"))
    ticker = asyncio.get_running_loop().create_task(club.run())
    door = Door(club, acceptor.get_port())
    try:
        yield door
    finally:
        ticker.cancel()
        club.done.set()
        for player in door.players:
            player.close()
        acceptor.close()
        await acceptor.wait_closed()
        await close_club(club)


async def close_club(club: Club) -> None:
    """Every table's turn loop stopped and its record's writes made (as a stopped club leaves them), and the record
    closed."""
    for game in club.tables.values():
        if game.table.loop is not None:
            game.table.loop.stop()
        if game.record is not None:
            await asyncio.to_thread(game.record.close, False)
    if club.record is not None:
        club.record.close()


def query(path, sql: str) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute(sql).fetchall()


async def open_table(player: Player, game: str = "fez", computers: str = "", plug_ins: bool = True,
                     people: int | None = None, options: str = "") -> None:
    """From the lobby: n, the game, how many people (``people``; the dialog's 2 if None), the computer levels, the
    game's options, Enter. ``plug_ins`` False: a club in another process, which has only the built-in games."""
    await player.see("In the lobby")
    await player.press("n")
    await player.see("Open a table")
    downs = [spec.name for spec in all_games() if plug_ins or spec.name in BUILT_IN].index(game)
    if downs:  # chosen, the dialog goes on to People
        await player.press("\r", *["\x1b[B"] * downs, "\r")
    else:
        await player.press("\t")
    if people is not None:
        await player.press("\x7f", str(people))
    await player.press("\t")
    if computers:
        await player.press(computers)
    if options:
        await player.press("\t", options)
    await player.press("\r")


async def seated_pair(door: Door, game: str = "fez") -> tuple[Player, Player]:
    """ann opens a table of ``game`` for two people, and bob takes the other seat: both are at the table."""
    ann = await door.join("ann")
    await open_table(ann, game)
    bob = await door.join("bob")
    await bob.see("ann, free")
    await bob.press("\r")
    await bob.see("bob's hand")
    return ann, bob


async def test_two_tables_play_different_games_and_a_spectator_watches_one_then_the_other(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await ann.see("No table is open yet")
        await open_table(ann)
        await ann.see("FEZ: waiting for every seat")
        bob = await door.join("bob")
        await bob.see(lambda text: "FEZ" in text and "ann, free" in text)
        await bob.press("\r")
        await bob.see("bob's hand")
        await ann.see("ann's hand")

        cid = await door.join("cid")
        await cid.see("ann, bob")
        await open_table(cid, "gift-words")
        await cid.see("Gift Words: waiting for every seat")
        dee = await door.join("dee")
        await dee.see("cid, free")
        await dee.press("\x1b[B", "\r")
        await dee.see("Words on the table")

        eve = await door.join("eve")
        await eve.see("cid, dee")
        await eve.press("w")
        await eve.see(lambda text: "you are watching" in text and "Stock" in text)
        await eve.press("\x11")  # Ctrl+Q: back to the lobby, not away
        await eve.see("In the lobby: eve")
        await eve.press("\x1b[B", "w")
        await eve.see(lambda text: "Gift Words · table 2 · watching" in text)
        await eve.press("\x11")
        await eve.see("In the lobby: eve")
        assert not eve.terminal.closed.is_set()
        everything = eve.terminal.everything()
        assert "'s hand" not in everything and not FEZ_HAND.search(everything), "a spectator saw a hand"

        await ann.press("\x11")  # mid-game: asked first
        await ann.see("Leave FEZ?")
        await ann.press("y")
        await ann.see("In the lobby:")
        await ann.see("ann (away), bob")
        await ann.press("\r")  # back to their own seat
        await ann.see("ann's hand")
    path = tmp_path / "club.sqlite"
    assert query(path, "SELECT g.table_id, g.game, group_concat(s.name) FROM games g JOIN seats s ON "
                       "s.game_id = g.id GROUP BY g.id ORDER BY g.id") == [(1, "fez", "ann,bob"),
                                                                          (2, "gift-words", "cid,dee")]
    assert query(path, "SELECT count(*) FROM tables WHERE closed IS NULL") == [(2,)]


async def test_a_player_whose_connection_dropped_comes_straight_back_to_their_seat(tmp_path):
    async with club_open(tmp_path) as door:
        ann, bob = await seated_pair(door)
        hand = bob.hand()
        bob.close()  # the connection drops mid-game
        await ann.see("bob disconnected")
        bob = await door.join("bob")
        await bob.see("bob's hand")
        assert bob.hand() == hand and "In the lobby" not in bob.terminal.text()
        await ann.see("bob is back")
        ann.close()
        cid = await door.join("cid")  # no seat here: the lobby, which also lists the away player's table
        await cid.see(lambda text: "In the lobby" in text and "ann (away), bob" in text)


async def test_a_player_closes_a_table_they_left_where_nobody_else_has_a_seat(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann", code=None, key=asyncssh.generate_private_key("ssh-ed25519"))  # P: a password
        await open_table(ann, "fez", "easy", people=1)
        await ann.see("ann's hand")
        bob = await door.join("bob")
        await bob.see(lambda text: "ann, " in text and "playing" in text)
        assert "x Close" not in bob.terminal.text().splitlines()[-1], "not bob's table"
        await bob.press("x")
        assert list(door.club.tables) == [1], "still open"
        await ann.press("\x11")
        await ann.see("Leave FEZ?")
        await ann.press("y")
        lobby = await ann.see(lambda text: "ann (away)" in text and "x Close" in text.splitlines()[-1])
        keys = lobby.splitlines()[-1]
        assert "P Password" in keys and "F1 Help" in keys, "at 80 columns the replays and ratings make way for help"
        await ann.press("x")
        await ann.see("No table is open yet")
        await bob.see("No table is open yet")
    path = tmp_path / "club.sqlite"
    assert query(path, "SELECT count(*) FROM tables WHERE closed IS NULL") == [(0,)], "closed in the record too"
    assert query(path, "SELECT count(*) FROM games WHERE ended IS NULL") == [(1,)], "kept, unfinished"


async def test_a_seat_freed_by_the_tables_first_seat_sends_its_person_back_to_the_lobby_saying_so(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await open_table(ann, "fez", people=3)
        await ann.see("FEZ: waiting for every seat")
        cat = await door.join("cat")
        await cat.see("ann, free, free")
        await cat.press("\r")
        await ann.see("Press 2 to free seat 2")
        await ann.press("2")
        await cat.see(lambda text: "In the lobby" in text and "ann freed the seat you had as cat" in text)
        assert "ssh" not in cat.terminal.text(), "she is in the club still: no command to join it again"


async def test_q_in_the_lobby_says_how_to_leave_rather_than_leaving(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await ann.see("No table is open yet")
        await ann.press("q")  # a second q after a game's q, pressed by habit
        await ann.see("Ctrl+Q leaves the club.")
        assert not ann.terminal.closed.is_set()
        await ann.press("\x11")
        await asyncio.wait_for(ann.terminal.closed.wait(), 10)


async def test_the_lobby_shows_every_seat_of_a_table_with_long_options_at_80_and_at_64_columns(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await open_table(ann, "quiddler", "medium", people=3, options="--long-game")
        await ann.see("Quiddler: waiting for every seat")
        sam = await door.join("someonelongname")
        await sam.see("ann, free, free")
        await sam.press("\r")
        cy = await door.join("cy")
        await cy.see(lambda text: "ann, someonelongname, free," in text and "Hal (medium)" in text)
        cy.channel.change_terminal_size(64, 20)
        await cy.see(lambda text: "someonelongname" in text and "Hal (medium)" in text and "--long-game" in text)


@pytest.mark.parametrize("rematch_asked", [False, True])
async def test_from_the_lobby_a_person_takes_the_seat_a_player_left_for_a_finished_tables_next_game(tmp_path,
                                                                                                rematch_asked):
    """Enter on the table in the lobby: a seat in the next game; if the rematch waited only for that seat, it is
    dealt at once, and the newcomer goes to the seat's screen, not the spectators'."""
    async with club_open(tmp_path) as door:
        ann, bob = await seated_pair(door)
        finish(door.club.tables[1])
        await bob.see("Game over")
        await bob.press("q")
        if rematch_asked:
            await ann.see("r Rematch")
            await ann.press("r")
            await ann.see("it needs 2 people")
        eve = await door.join("eve")
        await eve.see(lambda text: "finished" in text and "(away)" in text)
        await eve.press("\r")
        if not rematch_asked:
            await eve.see("You have a free seat in the next game")
            await ann.see("r: a rematch with eve in a free seat")
            await ann.press("r")
        await eve.see("eve's hand")
        await ann.see("ann's hand")


async def test_a_player_whose_table_closed_while_nobody_was_at_it_is_told_so(tmp_path):
    async with club_open(tmp_path, limits=Limits(empty=3)) as door:
        ann = await door.join("ann")
        await open_table(ann, "fez", "easy", people=1)
        await ann.see("ann's hand")
        await ann.press("\x11")
        await ann.see(lambda text: "closes after 3 seconds" in " ".join(text.split()))  # 5 minutes by default
        ann.close()  # gone, not in the lobby: told when she comes back
        await door.club.tick()
        for _ in range(300):  # it closes on the club's tick once 3 s have passed
            if not door.club.tables:
                break
            await asyncio.sleep(0.1)
        assert not door.club.tables
        ann = await door.join("ann")
        await ann.see(lambda text: "Table 1 (FEZ) closed: nobody was at it. Its game is kept in the record, unfinished."
                      in " ".join(line.partition("▌")[2].strip() for line in text.splitlines() if "▌" in line))


async def test_the_help_at_a_club_table_gives_its_own_keys_for_leaving_talking_and_hints(tmp_path):
    async with club_open(tmp_path) as door:
        ann, bob = await seated_pair(door)
        await bob.press("\x1bOP")  # F1
        await bob.see("Keys")
        await bob.press("\x1b[6~", "\x1b[6~")  # PgDn, to the keys every table has
        await bob.see("The packs")  # the rules, after the keys
        page = " ".join(bob.terminal.everything().split())
        assert "leave the table" in page and "talk at the table" in page and "wordcards resume" not in page
        assert "no hints at this table: its games are rated" in page


async def test_a_claimed_name_needs_its_key_and_a_name_nobody_claimed_needs_the_code(tmp_path):
    key, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    async with club_open(tmp_path) as door:
        ann = await door.join("ann", code=None, key=key)  # any key comes in, and claims the name
        await ann.see("In the lobby: ann")
        for intruder in [await door.join("ann", code=CODE), await door.join("ANN", code=None, key=other)]:
            await asyncio.wait_for(intruder.terminal.closed.wait(), 10)
            assert "the name" in intruder.terminal.everything() and "belongs to another key" in \
                intruder.terminal.everything()
        with pytest.raises(asyncssh.PermissionDenied):
            await door.join("bob", code="wrong-code-1")
        bob = await door.join("bob", code=CODE)
        await bob.see("In the lobby: ann, bob")
        lookalike = await door.join("BOB", code=CODE)  # another person, told from bob by case alone
        await asyncio.wait_for(lookalike.terminal.closed.wait(), 10)
        assert "the name BOB is drawn like bob, who is in the club now" in lookalike.terminal.everything()
        thief = await door.join("Bob", code=None, key=other)  # bob has no key: a key may not take his name now
        await asyncio.wait_for(thief.terminal.closed.wait(), 10)
        assert "the name Bob is in use in the club with its code now" in thief.terminal.everything()
    assert query(tmp_path / "club.sqlite", "SELECT name, fingerprint FROM people ORDER BY name") == \
        [("ann", key.get_fingerprint()), ("bob", None)]


async def test_the_clubs_terminal_says_who_comes_in_and_who_leaves(tmp_path):
    lines: list[str] = []
    async with club_open(tmp_path, lines) as door:
        ann = await door.join("ann")
        await ann.see("In the lobby: ann")
        bob = await door.join("bob")
        await bob.see("In the lobby: ann, bob")
        bob.close()
        for _ in range(100):
            if "bob left (1 terminal open)" in lines:
                break
            await asyncio.sleep(0.1)
    assert [line for line in lines if " came in " in line or " left " in line][:3] == [
        "ann came in (1 terminal open)", "bob came in (2 terminals open)", "bob left (1 terminal open)"]


async def test_the_lobby_has_a_help_page(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await ann.see("No table is open yet")
        await ann.press("?")
        await ann.see("The club's lobby")
        assert "open a table" in ann.terminal.text()
        await ann.press("\x1b")
        await ann.see("No table is open yet")


async def test_a_rated_table_gives_no_hints_and_offers_none(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann")
        await open_table(ann, "fez", "easy", people=1)
        await ann.see("ann's hand")
        if "Enter: no, go on" in await ann.see(lambda text: "ann, your turn" in text or "Enter: no, go on" in text):
            await ann.press("\r")  # Hal played first: ann lets the play stand
        text = await ann.see("ann, your turn")  # when a hint would be hers
        assert "Hint" not in text.splitlines()[-1], "the key bar offers no hint that would not come"
        await ann.press("!")  # F8's second key
        await ann.see("no hints at this table: its games are rated")  # it says why


async def test_a_session_with_no_terminal_and_no_input_is_still_told_why_it_is_refused(tmp_path):
    async with club_open(tmp_path) as door:  # as `ssh -T host < /dev/null`: no terminal, and EOF at once
        async with asyncssh.connect("127.0.0.1", door.port, username="zed", password=CODE, known_hosts=None,
                                    client_keys=None, agent_path=None) as connection:
            process = await connection.create_process()
            process.stdin.write_eof()
            done = await asyncio.wait_for(process.wait(), 10)
    assert done.exit_status == 1 and "wordcards needs a terminal: connect with ssh -t" in str(done.stdout)


async def test_the_lobby_refuses_a_table_past_the_limit_and_a_session_past_the_limit(tmp_path):
    async with club_open(tmp_path, limits=Limits(tables=1, people=2)) as door:
        ann = await door.join("ann")
        await ann.see("No table is open yet")
        await open_table(ann)
        await ann.see("FEZ: waiting for every seat")
        bob = await door.join("bob")
        await bob.see("ann, free")
        await bob.press("n")
        await bob.see("The club has 1 table open, as many as it may")
        cid = await door.join("cid")
        await asyncio.wait_for(cid.terminal.closed.wait(), 10)
        assert "the club serves 2 terminals at most" in cid.terminal.everything()


async def test_a_table_nobody_is_at_is_saved_and_closed_and_a_finished_one_at_once(tmp_path, wordcards_home):
    clock = [1000.0]
    club = Club(lambda line: None, Record(tmp_path / "club.sqlite"), computer_delay=0, now=lambda: clock[0],
                limits=Limits(empty=300))
    try:
        waiting = await club.open_table(Setup("fez", 2, seed=4), "ann")
        await club.tick()
        assert 1 in club.tables, "its opener is on the way"
        waiting.company.leave(waiting.company.join("ann", Quiet()))
        clock[0] += 31
        await club.tick()
        assert 1 not in club.tables, "a table everyone left before it began closes soon"
        playing = await club.open_table(Setup("quiddler", 1, ("medium",), seed=4), "bob")
        playing.company.leave(playing.company.join("bob", Quiet()))
        assert playing.table.match is not None and not playing.table.match.is_over
        await club.tick()
        clock[0] += 299
        await club.tick()
        assert set(club.tables) == {2}, "bob's seat waits for him"
        clock[0] += 2
        await club.tick()
        assert club.tables == {}, "a table nobody was at for five minutes is closed"
        assert playing.table.match is None or playing.table.match.save_path is not None
        finished = await club.open_table(Setup("quiddler", 1, ("medium",), seed=4), "cid")
        place = finished.company.join("cid", Quiet())
        finish(finished)
        finished.company.leave(place)
        await club.tick()
        assert club.tables == {}, "a finished game everyone left closes at once"
    finally:
        for game in club.tables.values():
            game.table.loop and game.table.loop.stop()
        club.record and club.record.close()
    path = tmp_path / "club.sqlite"
    assert query(path, "SELECT count(*) FROM tables WHERE closed IS NOT NULL AND kind = 'club'") == [(3,)]
    assert query(path, "SELECT count(*) FROM games WHERE ended IS NOT NULL") == [(1,)]


async def test_two_people_opening_the_last_table_at_once_get_one_between_them(tmp_path):
    club = Club(lambda line: None, Record(tmp_path / "club.sqlite"), limits=Limits(tables=1))
    try:
        opened = await asyncio.gather(club.open_table(Setup("fez", 2), "ann"), club.open_table(Setup("fez", 2), "bob"),
                                      return_exceptions=True)
        assert len(club.tables) == 1 and sum(isinstance(found, ValueError) for found in opened) == 1
    finally:
        club.record and club.record.close()


async def test_a_name_with_brackets_is_shown_as_typed_and_breaks_no_lobby(tmp_path):
    async with club_open(tmp_path) as door:
        odd = await door.join("x[/]")
        await open_table(odd)
        await odd.see("waiting for every seat")
        bob = await door.join("bob")
        await bob.see("x[/], free")
        await bob.press("\r")
        await bob.see("bob's hand")


def killed_club(tmp_path) -> Record:
    """A record as a killed club and a killed host leave it: a club's FEZ game two moves in (its save holds a
    third), a club table that waited for people, a club game of a game no longer installed, and a host's game."""
    record = Record(tmp_path / "club.sqlite")
    match = Match.new("fez", [Seat("ann"), Seat("bob")], {}, seed=4, hosted=True)
    table = record.open_table("fez", {}, "club")
    game = record.start_game(table, "fez", {}, 4, "default", match.seats)
    match.record = {"table": table, "game": game}
    for ply in range(1, 4):
        match.play(match.bot(match.to_move).choose(match.rules.player_view(match.state, match.to_move)))
        if ply < 3:
            record.add_move(game, ply, None, match.history[-1])
    record.open_table("quiddler", {}, "club")
    gone = record.open_table("fez", {}, "club")
    record.start_game(gone, "no-such-game", {}, 1, "default", [Seat("cid"), Seat("dee")])
    host = record.open_table("fez", {})
    record.start_game(host, "fez", {}, 5, "default", [Seat("eve"), Seat("fay")])
    match.release()
    return record


async def test_a_club_brings_back_its_own_open_tables_from_the_save_where_it_is_ahead_and_closes_the_rest(
        tmp_path, wordcards_home):
    record = killed_club(tmp_path)
    lines: list[str] = []
    club = Club(lines.append, record)
    try:
        said = await club.bring_back()
        assert set(club.tables) == {1}, "only the club's game that replays comes back; the host's stays the host's"
        back = club.tables[1].table.match
        assert back is not None and len(back.history) == 3, "the save's third move, which the record lacked, is kept"
        assert said[0] == "table 1 is back: FEZ for ann, bob, 3 moves made"
        assert said[1].startswith("table 3 stays closed: game ") and "no-such-game" in said[1]
    finally:
        for game in club.tables.values():
            await asyncio.to_thread(game.record.close, False)
            game.table.match and game.table.match.release()
        record.close()
    path = tmp_path / "club.sqlite"
    assert query(path, "SELECT id, kind, closed IS NULL FROM tables ORDER BY id") == \
        [(1, "club", 1), (2, "club", 0), (3, "club", 0), (4, "host", 1)]
    assert query(path, "SELECT count(*) FROM moves WHERE game_id = 1") == [(3,)], "the record caught up"


@pytest.mark.parametrize("typed, message", [
    (("fez", 2, "medium bogus", ""), "unknown computer level 'bogus'"),
    (("fez", 2, "", "--rounds"), "--rounds"),
    (("fez", 0, "", ""), "at least one person"),
    (("quiddler", 1, "", ""), "player"),
    (("fez", 2, "", "'unclosed"), "options: No closing quotation"),
])
def test_a_table_the_lobby_cannot_open_is_refused_in_one_line(typed, message):
    with pytest.raises((ValueError, WordcardsError)) as refused:
        table_setup(*typed, "default")
    assert message in str(refused.value) and "\n" not in str(refused.value)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def start_club(tmp_path, port: int) -> subprocess.Popen:
    env = dict(os.environ, WORDCARDS_HOME=str(tmp_path / "home"))
    club = subprocess.Popen([sys.executable, "-m", "wordcards", "club", "--port", str(port), "--bind", "127.0.0.1",
                             "--code", CODE, "--database", str(tmp_path / "club.sqlite")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert club.stdout is not None
    lines: list[str] = []

    async def opened() -> None:
        while "is open on" not in "".join(lines):
            line = await asyncio.to_thread(club.stdout.readline)  # type: ignore[union-attr]
            assert line, f"the club stopped: {''.join(lines)}"
            lines.append(line)

    await asyncio.wait_for(opened(), 120)
    threading.Thread(target=club.stdout.read, daemon=True).start()  # its log must never fill the pipe
    return club


async def test_a_club_killed_mid_game_brings_both_tables_back_and_loses_no_move(tmp_path):
    port = free_port()
    club = await start_club(tmp_path, port)
    door = Door(Club(lambda line: None), port)
    path = tmp_path / "club.sqlite"
    try:
        ann = await door.join("ann")
        await open_table(ann, plug_ins=False)
        bob = await door.join("bob")
        await bob.see("ann, free")
        await bob.press("\r")
        cid = await door.join("cid")
        await cid.see("ann, bob")
        await open_table(cid, "quiddler", plug_ins=False)
        dee = await door.join("dee")
        await dee.see("cid, free")
        await dee.press("\x1b[B", "\r")
        for player in (ann, bob):
            await player.see(f"{player.name}'s hand")
            await player.press("d")  # whoever's turn it is draws from the stock
        await dee.see("dee's hand")
        drawn: list[Player] = []
        for _ in range(100):
            drawn = [p for p in (ann, bob) if len(p.hand()) == 6]
            if drawn and query(path, "SELECT count(*) FROM moves") == [(1,)]:
                break
            await asyncio.sleep(0.1)
        assert len(drawn) == 1 and query(path, "SELECT move FROM moves") == [("draw",)]
        drew = drawn[0]
    finally:
        club.send_signal(signal.SIGKILL)
        club.wait()
        for player in door.players:
            player.close()
    door.players = []
    club = await start_club(tmp_path, port)
    try:
        eve = await door.join("eve")  # no seat anywhere: the lobby, with both tables back, their people away
        await eve.see(lambda text: "FEZ" in text and "Quiddler" in text and "(away)" in text)
        back = await door.join(drew.name)  # a seat kept: straight back to it
        other = await door.join("bob" if drew.name == "ann" else "ann")
        await back.see(f"{drew.name}'s hand")
        await other.see(f"{other.name}'s hand")
        assert len(back.hand()) == 6, "the card drawn before the kill is still in the hand"
    finally:
        club.send_signal(signal.SIGTERM)
        club.wait(timeout=30)
        for player in door.players:
            player.close()
    assert query(path, "SELECT count(*) FROM tables") == [(2,)]
    assert query(path, "SELECT game, count(*) FROM games GROUP BY game ORDER BY game") == [("fez", 1),
                                                                                          ("quiddler", 1)]


async def test_a_window_too_small_for_the_lobby_is_told_to_grow_and_the_lobby_comes_back(tmp_path):
    async with club_open(tmp_path) as door:
        ann = await door.join("ann", size=(50, 15))
        await ann.see("wordcards needs 64×20")
        ann.channel.change_terminal_size(80, 24)
        await ann.see("In the lobby: ann")
