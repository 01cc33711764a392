"""A host that lasts the evening, over real SSH on 127.0.0.1: sessions that end leave nothing behind, one session
cannot starve the others, a silent connection is noticed, a flood of connections cannot lock a player out, the lobby
frees wrong seats, people who are slow to read do not stall the table, and the next game is played on the same host.
"""

from __future__ import annotations

import asyncio
import gc
import socket
import time
from typing import Callable

import pytest

from tests.host_helpers import Quiet, Relay, hosting, two_playing_one_watching
from wordcards.core.referee import Next
from wordcards.host import server
from wordcards.host.driver import STOP
from wordcards.host.game import HostedGame, Setup
from wordcards.host.run import say_goodbye
from wordcards.host.seat import SeatApp
from wordcards.host.server import Gate


def finish(game: HostedGame, until: Callable[[Next], bool] = lambda step: step.stage == "over") -> None:
    """Computer players play the people's moves until the game is over (or ``until`` the step it names), as if
    the people had; then every screen hears of it."""
    referee, match = game.table.referee, game.table.match
    assert referee is not None and match is not None
    for _ in range(3000):
        step = referee.next()
        if until(step):
            break
        seat = step.seats[0] if step.seats else match.to_move
        referee.play(match.bot(seat).choose(referee.view(seat)))
    assert until(referee.next())
    game.table.changed()


def apps_alive() -> int:
    gc.collect()
    return sum(isinstance(o, SeatApp) and o.is_running for o in gc.get_objects())


async def test_a_spectator_resizing_keeps_one_screen_and_closed_sessions_leave_no_app_behind():
    async with hosting("fez", seed=4) as host:
        _, bob, cat = await two_playing_one_watching(host)
        for n in range(30):
            cat.channel.change_terminal_size(80 + n % 3, 24)
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.8)
        assert apps_alive() == 3, "a spectator alone on their screen has it resized, not a new one each time"
        await cat.see("you are watching")
        for n in range(5):
            visitor = await host.join(f"visitor{n}", term="xterm")
            await visitor.see("you are watching")
            visitor.close()
        await asyncio.sleep(0.5)
        assert apps_alive() == 3, "a visit that ended left its app running"
        from textual._styles_cache import StylesCache

        assert StylesCache.get_inner_outer.cache_info().currsize < 200, "closed apps' widgets are still cached"


async def test_a_session_flooding_keys_is_cut_off_and_the_other_players_screen_keeps_up():
    async with hosting("fez", seed=4) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        mover = (ann, bob)[host.game.table.match.to_move]
        flooder = bob if mover is ann else ann
        await mover.see(f"{mover.name}, your turn · draw")
        await flooder.see(f"{mover.name}'s turn")
        flooder.channel.write("x" * 100_000)  # typed, not pasted: no bracketed paste
        await asyncio.sleep(0.05)
        await mover.press("d", pause=0)  # how soon it shows: benchmarks/host_endurance.py
        await mover.see("empty Enter: discard")
        await flooder.see("Too many keys at once")


async def test_a_connection_that_goes_silent_is_marked_away_and_a_computer_takes_over():
    lines: list[str] = []
    async with hosting("fez", seed=4, lines=lines, keepalive=(0.3, 1), takeover=0.5) as host:
        relay = Relay(host.port)
        port = await relay.start()
        try:
            ann = await host.join("ann", port=port)
            bob = await host.join("bob")
            await bob.see("bob's hand")
            await ann.see("ann's hand")
            relay.silent.set()  # ann's laptop sleeps: no bytes, and no goodbye
            await bob.see("away")  # how soon: benchmarks/host_endurance.py
            assert "ann disconnected" in lines
            await bob.see("away: ⚙ medium")  # --takeover's stand-in, on the score panel
            assert "a medium computer player plays for ann" in lines
        finally:
            relay.close()


async def test_silent_connections_past_the_cap_are_turned_away_in_one_line_and_a_player_still_joins(monkeypatch):
    monkeypatch.setattr(server, "REPORT_EVERY", 0.5)
    lines: list[str] = []
    async with hosting("fez", seed=4, lines=lines) as host:
        silent = []
        flooded = time.monotonic()
        for _ in range(300):
            sock = socket.socket()
            sock.setblocking(False)
            try:
                sock.connect(("127.0.0.1", host.port))
            except BlockingIOError:
                pass
            silent.append(sock)
        await asyncio.sleep(0.5)
        ann = await host.join("ann")
        await ann.see("waiting for every seat")

        def turned() -> list[str]:
            return [line for line in lines if line.startswith("turned away")]

        # Connections past the listen backlog come as the kernel retries them (a second later, then three), later
        # still on a loaded machine: wait for them rather than a fixed time.
        deadline = time.monotonic() + 15
        while sum(int(line.split()[2]) for line in turned()) < 100 and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        halves = (time.monotonic() - flooded) / 0.5
        assert 1 <= len(turned()) <= halves + 1, lines  # a line each half second at most, not a line a connection
        assert sum(int(line.split()[2]) for line in turned()) >= 100, lines
        assert len(host.game.company.places) == 1, "ann is in"
        for sock in silent:
            sock.close()


async def test_a_locked_out_code_is_logged_as_locked_out_not_as_wrong():
    clock = [0.0]
    gate = Gate("abcde-fghjk", now=lambda: clock[0], delay=0)
    for _ in range(5):
        await gate.check("10.0.0.9", "guess")
    assert 59 <= gate.locked_for("10.0.0.9") <= 60 and gate.locked_for("10.0.0.10") == 0
    clock[0] += 30
    assert 29 <= gate.locked_for("10.0.0.9") <= 30
    lines: list[str] = []
    async with hosting("fez", lines=lines) as host:
        import asyncssh

        for _ in range(server.FAILURES_ALLOWED):
            with pytest.raises(asyncssh.PermissionDenied):
                await host.join("mallory", code="wrong")
        with pytest.raises(asyncssh.PermissionDenied):
            await host.join("ann")  # the right code, from a locked-out address
        assert "was refused unread: the address is locked out" in lines[-1]
        assert sum("wrong join code" in line for line in lines) == server.FAILURES_ALLOWED


async def test_a_name_that_leaves_the_lobby_frees_its_seat_and_the_first_seat_can_free_one():
    lines: list[str] = []
    async with hosting("fez", people=3, lines=lines) as host:
        root = await host.join("root")  # `ssh host` without NAME@
        await root.see("seat 1: root (connected)")
        root.close()
        ann = await host.join("ann")
        await ann.see("seat 1: ann (connected)")
        anm = await host.join("anm")  # a typo
        await ann.see("Press 2 to free seat 2")
        await ann.press("2")
        await asyncio.wait_for(anm.terminal.closed.wait(), 5)
        assert "ann freed the seat you had as anm" in anm.terminal.everything()
        assert "Join again with your own name: ssh -p PORT NAME@HOST" in anm.terminal.everything().replace("\r\n", " ")
        assert STOP in "".join(anm.terminal.received), "the terminal was given back as it was"
        bob, cy = await host.join("bob"), await host.join("cy")
        await bob.see("bob's hand")
        assert [s.name for s in host.game.table.match.seats] == ["ann", "bob", "cy"]
        assert "root left before the game began; their seat is free" in lines
        # The host's terminal follows the seats while the table waits, not only the line it began with
        seats = [line for line in lines if line.startswith("lobby · ")]
        assert seats == ["lobby · seat 1: root (connected) · seat 2: free · seat 3: free",
                         "lobby · seat 1: free · seat 2: free · seat 3: free",
                         "lobby · seat 1: ann (connected) · seat 2: free · seat 3: free",
                         "lobby · seat 1: ann (connected) · seat 2: anm (connected) · seat 3: free",
                         "lobby · seat 1: ann (connected) · seat 2: free · seat 3: free",  # anm freed
                         "lobby · seat 1: ann (connected) · seat 2: bob (connected) · seat 3: free"], seats


async def test_the_first_seat_starts_a_table_for_three_with_the_two_people_there():
    lines: list[str] = []
    async with hosting("fez", people=3, lines=lines) as host:
        ann = await host.join("ann")
        await ann.see("seat 1: ann (connected)")
        await ann.press("s")
        assert "press s to start now" not in ann.terminal.text(), "FEZ needs two players: s is not offered alone"
        bob = await host.join("bob")
        await ann.see("press s to start now")
        await bob.see("seat 2: bob (connected)")
        assert "press s to start now" not in bob.terminal.text(), "only the first seat starts the game"
        await bob.press("s")
        assert host.game.table.referee is None, "bob's s started nothing"
        await ann.press("s")
        await bob.see("bob's hand")
        await ann.see("ann's hand")
        assert [s.name for s in host.game.table.match.seats] == ["ann", "bob"]
        assert "ann started the game with 2 players" in lines
        assert not any("every seat is taken" in line for line in lines), "two of three seats were taken"


async def test_a_resumed_game_waits_for_its_people_without_offering_to_start_or_free_a_seat():
    from wordcards.core.common import Seat
    from wordcards.core.match import Match

    match = Match.new("fez", [Seat("ann"), Seat("bob"), Seat("cy")], seed=4, save=False, hosted=True)
    async with hosting(hosted=HostedGame(match=match, computer_delay=0, save=False)) as host:
        ann = await host.join("ann")
        text = await ann.see("FEZ: waiting for everyone to come back")
        assert "press s" not in text and "to free" not in text and "The game goes on by itself" in text
        await ann.press("s", "2")
        await ann.see("seat 2: bob (not connected)")
        assert host.game.table.names == ["ann", "bob", "cy"], "nobody's seat was freed"


async def test_the_wait_closes_a_round_s_scores_for_someone_who_does_not_read_them():
    clock = [0.0]
    game = HostedGame(Setup("quiddler", 2, seed=3), computer_delay=0, save=False, wait=5, now=lambda: clock[0])
    ann, bob = game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    referee = game.table.referee
    assert referee is not None and game.table.loop is not None
    while referee.state.phase != "round-over":
        seat = game.table.match.to_move
        referee.play(game.table.match.bot(seat).choose(referee.view(seat)))
    game.table.ready(ann.seat)
    game.table.changed()
    await asyncio.sleep(0.6)
    assert referee.state.phase == "round-over" and game.table.loop.wait_left() == 5
    clock[0] += 3
    await asyncio.sleep(0.3)
    assert game.table.loop.wait_left() == 2, "the countdown the screens show"
    clock[0] += 2.5
    await asyncio.sleep(0.6)
    assert referee.state.phase != "round-over", "bob did not read the scores, and the next round was dealt anyway"
    game.table.loop.stop()


async def test_two_games_in_a_row_on_one_host_and_the_log_lists_both_results():
    lines: list[str] = []
    async with hosting("fez", seed=1, lines=lines) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        cat = await host.join("cat")  # watching
        await cat.see("you are watching")
        finish(host.game)
        await ann.see("r: a rematch · g: another game")
        await bob.see("r: a rematch")
        await ann.press("\r")  # pressed by habit after a game of 'Enter: go on': it does not leave
        await ann.see("q leaves the table")
        await ann.press("r")
        await bob.see("ann asks for a rematch: r agrees")
        await bob.see("Next: a rematch; waiting for you to press r")
        assert "r agrees" not in await cat.see("ann asks for a rematch"), "a spectator's r agrees to nothing"
        await ann.see("waiting for bob to press r")
        assert "ann asks for a rematch" not in ann.terminal.everything(), "the asker is not told their own request"
        await bob.press("r")
        await ann.see(lambda text: "ann's hand" in text and "Game over" not in text)
        await bob.see("bob's hand")
        assert not host.game.table.match.is_over and host.game.table.match.seed == 2
        finish(host.game)
        await bob.see("r: a rematch")
        await ann.see("g: another game")
        await ann.press("g")
        await ann.see("The next game")
        from wordcards.core.registry import all_games

        await ann.press(*["\x1b[B"] * [spec.name for spec in all_games()].index("gift-words"))  # ↓ to Gift Words
        await ann.press("\r")
        await ann.see("Options for Gift Words")
        await ann.press(*"--nope", "\r")
        await ann.see("Gift Words has no option '--nope'")
        await ann.press(*["\x7f"] * 6, *"--variant cooperative --goal 150", "\r")
        await bob.see("Next: Gift Words (--variant cooperative --goal 150); waiting for you to")
        await bob.press("r")
        await bob.see(lambda text: "bob's hand" in text and "Game over" not in text)
        match = host.game.table.match
        assert match.spec.name == "gift-words" and match.options["variant"] == "cooperative"
        results = host.game.evening.results
        assert len(results) == 2 and all(" won" in line for line in results), results
        assert [line for line in lines if line.startswith("game 1, FEZ")] == [results[0]], lines


async def test_a_spectator_takes_the_seat_of_a_player_who_left_for_the_next_game():
    game = HostedGame(Setup("fez", 2, seed=1), computer_delay=0, save=False)
    ann, bob, cat = (game.company.join(name, Quiet()) for name in ("ann", "bob", "cat"))
    assert cat.seat is None
    finish(game)
    assert game.evening.sit_in("cat") == "no seat is free: every player of the last game is still here"
    game.company.leave(bob)
    assert game.evening.sit_in("cat") is None
    assert game.evening.propose("ann", None) is None
    assert game.table.match is not None and not game.table.match.is_over
    assert [s.name for s in game.table.match.seats] == ["ann", "cat"] and ann.seat == 0
    assert cat.seat is None and cat.watching, "a spectator's screen never becomes a seat's"
    assert not game.table.started, "the game waits for cat's own screen"
    assert game.company.join("cat", Quiet()).seat == 1 and game.table.started
    game.table.loop.stop()


async def test_everyone_leaving_a_finished_game_opens_a_new_lobby():
    game = HostedGame(Setup("fez", 2, seed=1), computer_delay=0, save=False)
    places = [game.company.join("ann", Quiet()), game.company.join("bob", Quiet())]
    finish(game)
    for place in places:
        game.company.leave(place)
    assert game.table.match is None and game.table.names == [] and not game.done.is_set(), "the host serves on"
    game.company.join("cy", Quiet())
    game.company.join("di", Quiet())
    assert game.table.match is not None and [s.name for s in game.table.match.seats] == ["cy", "di"]
    game.table.loop.stop()


async def test_stopping_the_host_says_goodbye_and_gives_each_terminal_back():
    async with hosting("fez") as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        cat, dan = await host.join("cat"), await host.join("dan")  # spectators: on the shared screen, and on one
        await dan.see("you are watching")  # of their own once they press a key
        await dan.press("?")
        await dan.see(lambda text: len(host.game.company.chairs) == 2)
        await say_goodbye(host.game, "wordcards: the host has stopped the game")
        for player in (ann, bob, cat, dan):
            await asyncio.wait_for(player.terminal.closed.wait(), 5)
            sent = "".join(player.terminal.received)
            assert sent.rindex(STOP) < sent.rindex("the host has stopped the game")


async def test_a_name_that_looks_like_a_seated_one_is_refused():
    async with hosting("fez") as host:
        ann = await host.join("ann")
        await ann.see("seat 1: ann (connected)")
        twin = await host.join("\u0430nn")  # a Cyrillic а
        await asyncio.wait_for(twin.terminal.closed.wait(), 5)
        assert "looks like ann, who has a seat here" in twin.terminal.everything()
        assert host.game.table.names == ["ann"] and host.game.company.watching == []


async def test_sessions_that_close_as_they_open_leave_no_app_running_and_no_crash_file(wordcards_home):
    async with hosting("fez") as host:
        await host.join("ann")
        bob = await host.join("bob")
        await bob.see("bob's hand")
        for n in range(12):
            visitor = await host.join(f"visitor{n}", term=("xterm", "xterm-256color")[n % 2])
            await asyncio.sleep(0.01 * (n % 4))  # closed while its app starts, mounts, or has drawn
            visitor.close()
            host.players.remove(visitor)
        await asyncio.sleep(1.5)
        assert apps_alive() == 2 and host.game.company.watching == []
        assert not list(wordcards_home.glob("crashes/*")), "a session that closed early wrote a crash file"
