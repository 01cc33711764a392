"""Host mode over real SSH on 127.0.0.1: asyncssh clients join with the code, and a pyte screen draws what each
one is sent, so the tests read what a player would see (and check the bytes for what they must not)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from collections import Counter

import asyncssh
import pytest

from tests.host_helpers import CODE, Heard, Player, Quiet, hosting
from wordcards.core import saves
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.games.fez.cards import face_value
from wordcards.host.game import HostedGame, Setup
from wordcards.host.server import Gate, load_host_key, new_code, plain, serve
from wordcards.tui.cards import COLOUR_MARK


async def play_a_quiet_fez_turn(mover: Player, other: Player) -> None:
    """Draw from the stock, play no word, discard the first card; the turn passes to ``other``."""
    await mover.see(f"{mover.name}, your turn · draw")
    await mover.press("d")
    await mover.see("empty Enter: discard")
    await mover.press("\r")
    await mover.see("Discard which card?")
    await mover.press("1")
    await other.see(f"{other.name}, your turn · draw")


def private_faces(match: Match, seat: int) -> list[str]:
    """The seat's cards as a screen draws them (``PS♦4``), those no other card in the game looks like."""
    cards = match.state.cards

    def face(card) -> str | None:
        return f"{card.label}{COLOUR_MARK[card.colour]}{face_value(card)}" if card.kind == "letter" else None

    looks = Counter(face(card) for card in cards.values())
    return [f for f in (face(cards[c]) for c in match.state.hands[seat]) if f is not None and looks[f] == 1]


async def test_two_players_join_fez_with_the_code_and_each_sees_only_their_own_hand():
    async with hosting("fez", seed=4) as host:
        ann = await host.join("ann")
        await ann.see("waiting for every seat")
        bob = await host.join("bob", term="xterm")  # 16 colours
        await ann.see("ann's hand")
        await bob.see("bob's hand")
        first = host.game.table.match.to_move
        players = [ann, bob] if first == 0 else [bob, ann]
        for turn in range(4):
            await play_a_quiet_fez_turn(players[turn % 2], players[(turn + 1) % 2])
        match = host.game.table.match
        assert [s.name for s in match.seats] == ["ann", "bob"]
        assert sum(move.startswith("discard") for move in match.history) == 4
        for seat, (me, other) in enumerate(((ann, bob), (bob, ann))):
            faces = private_faces(match, seat)
            assert len(faces) >= 3, "too few distinct cards to check: pick another seed"
            mine, theirs = me.terminal.everything(), other.terminal.everything()
            assert all(face in mine for face in faces), f"{me.name}'s own hand is not on their screen"
            assert not [face for face in faces if face in theirs], f"{other.name} was sent {me.name}'s cards"
            assert f"{me.name}'s hand" not in theirs
        beyond_16 = re.compile(r"\x1b\[[0-9;]*?\b[34]8;[25];")  # a 256-colour or RGB colour
        in_16 = re.compile(r"\x1b\[[0-9;]*?\b(?:3[0-7]|9[0-7])\b")  # a foreground of the 16
        sent_to_ann, sent_to_bob = "".join(ann.terminal.received), "".join(bob.terminal.received)
        assert beyond_16.search(sent_to_ann), "ann's terminal (xterm-256color) was sent no 256-colour code"
        assert not beyond_16.search(sent_to_bob), "bob's terminal (TERM=xterm) was sent colours it lacks"
        assert in_16.search(sent_to_bob), "bob's terminal was sent no colour at all"


def test_each_terminal_gets_the_nearest_of_its_colours_and_the_cards_stay_apart():
    from textual.app import App

    from wordcards.host.colours import translation_for

    in_16, in_256 = translation_for("xterm"), translation_for("xterm-256color")
    assert in_16 is not None and in_256 is not None
    drawn = "\x1b[1;38;5;17;48;5;233mX\x1b[0m\x1b[38;2;255;0;0mR\x1b[7;38;5;1mQ\x1b[m\x1b[48;5;15m"
    assert in_16(drawn) == "\x1b[1;34;40mX\x1b[0m\x1b[31mR\x1b[7;31mQ\x1b[m\x1b[107m"
    assert in_256(drawn) == "\x1b[1;38;5;17;48;5;233mX\x1b[0m\x1b[38;5;196mR\x1b[7;31mQ\x1b[m\x1b[107m"
    for odd in ("\x1b[38;5;m", "\x1b[38;5;256m", "\x1b[0;38;2;10;20m", "\x1b[38:5:1m"):  # left as they are
        assert in_16(odd) == odd
    theme = App().ansi_theme  # the RGB the apps draw the cards' red, green, yellow and blue in
    cards = [f"\x1b[38;2;{theme.ansi_colors[n].red};{theme.ansi_colors[n].green};{theme.ansi_colors[n].blue}m"
             for n in (1, 2, 3, 4)]
    named = translation_for("xterm", theme)  # each in the terminal's own colour of its name, not the nearest RGB
    assert named is not None and [named(card) for card in cards] == ["\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[34m"]
    assert [in_16(card) for card in cards] == ["\x1b[35m", "\x1b[92m", "\x1b[91m", "\x1b[94m"], \
        "without the theme, the nearest: red came out magenta, and yellow bright red"
    assert named("\x1b[97;48;2;244;0;95m") == "\x1b[97;41m", "Word Whiz's red tiles: a background, in red too"
    assert translation_for("xterm-256color", theme)(cards[0]) == in_256(cards[0]) == "\x1b[38;5;197m", \
        "256 colours: the nearest, as a full-colour screen shows it"


async def test_a_wrong_code_is_refused_and_an_address_that_keeps_trying_is_locked_out():
    async with hosting("fez") as host:
        with pytest.raises(asyncssh.PermissionDenied):
            await host.join("mallory", code="not-the-code")
        player = await host.join("ann", code=CODE.upper().replace("-", " "))  # case, spaces and dashes do not count
        await player.see("waiting for every seat")
    clock = [0.0]
    gate = Gate("abcde-fghjk", now=lambda: clock[0], delay=0)
    for _ in range(5):
        assert not await gate.check("10.0.0.9", "guess")
    assert not await gate.check("10.0.0.9", "abcde-fghjk"), "locked out: even the right code waits"
    assert await gate.check("10.0.0.10", "abcde-fghjk"), "another address is not locked out"
    clock[0] += 61
    assert await gate.check("10.0.0.9", "abcde-fghjk")


async def test_a_listed_key_joins_without_the_code(tmp_path):
    from tests.host_helpers import Terminal

    key = asyncssh.generate_private_key("ssh-ed25519")
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(key.export_public_key())
    game = HostedGame(Setup("fez", 2, seed=4), computer_delay=0, save=False)
    acceptor = await serve(game, Gate(CODE, delay=0.01), "127.0.0.1", 0, "ssh", listed,
                           key=asyncssh.generate_private_key("ssh-ed25519"))
    try:
        connection = await asyncssh.connect("127.0.0.1", acceptor.get_port(), username="ann", client_keys=[key],
                                            known_hosts=None, agent_path=None, password=None)
        channel, terminal = await connection.create_session(Terminal, term_type="xterm", term_size=(80, 24))
        await Player("ann", connection, channel, terminal).see("waiting for every seat")
        connection.close()
        with pytest.raises(asyncssh.PermissionDenied):  # another key is not enough
            await asyncssh.connect("127.0.0.1", acceptor.get_port(), username="bob", known_hosts=None,
                                   client_keys=[asyncssh.generate_private_key("ssh-ed25519")], agent_path=None,
                                   password="wrong")
    finally:
        acceptor.close()


async def test_only_the_game_is_served_no_command_no_sftp_no_forwarding():
    async with hosting("fez") as host:
        connection = await asyncssh.connect("127.0.0.1", host.port, username="eve", password=CODE,
                                            known_hosts=None, client_keys=None, agent_path=None)
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.run("ls", check=False)
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.start_sftp_client()
        with pytest.raises(asyncssh.ChannelListenError):
            await connection.forward_remote_port("", 0, "localhost", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await connection.open_connection("127.0.0.1", host.port)
        connection.close()
        assert host.game.table.names == [], "a refused command takes no seat"


async def test_a_spectator_sees_the_table_and_no_hand():
    async with hosting("fez", seed=4) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        cat = await host.join("cat")
        screen = await cat.see("you are watching")
        assert "ann" in screen and "bob" in screen and "cat" not in screen.split("wordcards")[1].split("\n", 1)[1]
        mover = (ann, bob)[host.game.table.match.to_move]
        await play_a_quiet_fez_turn(mover, bob if mover is ann else ann)
        await cat.see("discarded")
        seen = cat.terminal.everything()
        for seat in (0, 1):
            assert not [face for face in private_faces(host.game.table.match, seat) if face in seen]
        assert "'s hand" not in seen


async def test_spectators_of_one_terminal_size_share_one_screen_and_leave_it_alone():
    async with hosting("fez", seed=4) as host:
        await host.join("ann")
        await host.join("bob")
        cat = await host.join("cat")
        await cat.see("you are watching")
        dan = await host.join("dan")
        await dan.see("you are watching")  # joining a screen already drawn, dan is sent all of it
        assert dan.terminal.row("Stock") == cat.terminal.row("Stock")
        assert len(host.game.company.chairs) == 1, "one app for both spectators"
        assert host.game.company.watching == ["cat", "dan"]
        await cat.press("#")  # a spectator who presses a key gets a screen of their own, and the key acts there
        await cat.see(lambda text: "Back" in text.splitlines()[-1])  # the log, at the first press
        assert len(host.game.company.chairs) == 2 and "you are watching" in dan.terminal.text()
        await cat.press("\x11")  # and Ctrl+Q takes them away
        await asyncio.wait_for(cat.terminal.closed.wait(), 5)
        await asyncio.sleep(0.3)
        assert "you are watching" in dan.terminal.text() and host.game.company.watching == ["dan"]
        assert "Help" not in dan.terminal.text().split("\n")[2]


async def test_a_player_who_drops_mid_turn_reconnects_and_finishes_the_turn():
    lines: list[str] = []
    async with hosting("fez", seed=4, lines=lines) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        players = {"ann": ann, "bob": bob}
        mover_name = host.game.table.match.seats[host.game.table.match.to_move].name
        other_name = "bob" if mover_name == "ann" else "ann"
        mover, other = players[mover_name], players[other_name]
        await mover.see(f"{mover_name}, your turn · draw")
        await mover.press("d")
        await mover.see("empty Enter: discard")
        mover.close()
        await other.see(f"{mover_name} disconnected")
        assert f"{mover_name} disconnected" in lines
        await other.see(f"{mover_name} is away: the game waits for them to come back")  # not a turn that just stalls
        back = await host.join(mover_name)
        await back.see("empty Enter: discard")
        assert len(back.hand()) == 6, "the card drawn before the drop is still in the hand"
        await back.press("\r")
        await back.see("Discard which card?")
        await back.press("1")
        await other.see(f"{other_name}, your turn · draw")
        assert f"{mover_name} is back" in lines


async def test_the_hosts_turn_clock_runs_out_on_the_players_screen():
    clock = [0.0]
    async with hosting("fez", seed=4, options={"nasty_timer": True}, now=lambda: clock[0]) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        match = host.game.table.match
        mover = (ann, bob)[match.to_move]
        await mover.see(f"{mover.name}, your turn · draw")
        await mover.press("d")
        await mover.see("⏳ 30s")
        await mover.press("s", "t")
        clock[0] += 31
        await mover.see(lambda text: "⏳" not in text.split("\n")[1])
        assert "timeup" in match.history
        assert mover.terminal.row("st") == "", "the letters typed are forgotten, as at a local terminal"


async def test_a_computer_stands_in_for_someone_away_longer_than_the_host_allows():
    lines: list[str] = []
    async with hosting("fez", seed=4, takeover=0.5, lines=lines) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        match = host.game.table.match
        mover = (ann, bob)[match.to_move]
        other = bob if mover is ann else ann
        mover.close()
        await other.see(lambda text: f"{mover.name} discarded" in text or f"{mover.name} swapped" in text)
        assert f"a medium computer player plays for {mover.name}" in lines
        assert match.seats[0].computer is None and match.seats[1].computer is None, "the save keeps them people"


async def test_the_next_round_is_dealt_once_everyone_present_has_read_the_scores():
    game = HostedGame(Setup("quiddler", 2, seed=3), computer_delay=0, save=False)
    ann, bob = game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    referee = game.table.referee
    assert referee is not None
    while referee.state.phase != "round-over":
        seat = game.table.match.to_move
        referee.play(game.table.match.bot(seat).choose(referee.view(seat)))
    game.table.ready(ann.seat)
    assert referee.state.phase == "round-over", "bob has not read the scores yet"
    game.company.leave(bob)
    assert referee.state.phase != "round-over", "nobody present is left to wait for"


async def test_a_person_back_from_a_drop_hears_that_their_chance_to_challenge_passed():
    """The window waits for nobody away: it closes when its only challenger drops, and on their return they are
    told which play they could no longer challenge; a return with nothing missed is told nothing."""
    game = HostedGame(Setup("fez", 2, seed=3), computer_delay=0, save=False)
    ann, bob = game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    referee, match = game.table.referee, game.table.match
    assert referee is not None and match is not None
    while not referee.next().challengers:
        referee.play(match.bot(match.to_move).choose(referee.view(match.to_move)))
    away = next(place for place in (ann, bob) if place.seat in referee.next().challengers)
    words = [target.text.upper() for target in referee.targets()]
    game.company.leave(away)
    assert not referee.next().challengers, "nobody is left to decide: the play stands"
    back = Heard()
    game.company.join(away.name, back)
    assert back.said == [f"While you were away, your chance to challenge {' and '.join(words)} passed."]
    again = Heard()
    game.company.leave(game.company.places[-1])
    game.company.join(away.name, again)
    assert again.said == [], "nothing was open to challenge this time"


async def test_a_person_who_missed_a_late_challenge_hears_only_of_the_others_words():
    """Quiddler's words stay open to challenge at the round's scores; one of them is the person's own."""
    game = HostedGame(Setup("quiddler", 2, seed=3), computer_delay=0, save=False)
    ann, bob = game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    referee, match = game.table.referee, game.table.match
    assert referee is not None and match is not None
    while referee.state.phase != "round-over" or ann.seat not in referee.next().challengers:
        if referee.state.phase == "round-over":
            referee.play("next")
            continue
        referee.play(match.bot(match.to_move).choose(referee.view(match.to_move)))
    theirs = [t.text.upper() for t in referee.targets() if t.owner == "bob"]
    assert theirs and len(theirs) < len(referee.targets()), "a round with words of both"
    game.company.leave(ann)
    game.table.ready(bob.seat)  # bob reads the scores: the next round is dealt without ann
    back = Heard()
    game.company.join("ann", back)
    assert back.said == [f"While you were away, your chance to challenge {' and '.join(theirs)} passed."]


async def test_a_late_challenge_on_the_summary_has_everyone_read_the_new_scores_before_the_deal():
    game = HostedGame(Setup("quiddler", 2, seed=3), computer_delay=0, save=False)
    ann, bob = game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    referee = game.table.referee
    assert referee is not None
    while referee.state.phase != "round-over" or not referee.next().challengers:
        if referee.state.phase == "round-over":
            referee.play("next")  # a round with no words to challenge: on to the next
            continue
        seat = game.table.match.to_move
        referee.play(game.table.match.bot(seat).choose(referee.view(seat)))
    game.table.ready(ann.seat)
    challenger = referee.next().challengers[0]
    target = next(t for t in referee.targets() if t.owner != game.table.match.seats[challenger].name)
    referee.challenge(challenger, target.word_id)
    game.table.ready(bob.seat)
    assert referee.state.phase == "round-over", "ann read the scores before the challenge changed them"
    game.table.ready(ann.seat)
    assert referee.state.phase != "round-over"


async def test_a_hosted_word_whiz_race_has_several_people_racing_each_other():
    game = HostedGame(Setup("word-whiz", 2, ("easy",), {"race": True}, seed=2), computer_delay=0, save=False)
    game.company.join("ann", Quiet())
    game.company.join("bob", Quiet())
    referee, match = game.table.referee, game.table.match
    assert referee is not None and match is not None
    while match.state.phase == "start":  # the starting word, laid by whoever starts
        seat = referee.next().seats[0]
        referee.play(match.bot(seat).choose(referee.view(seat)))
    step = referee.next()
    assert step.stage == "person" and set(step.seats) == {0, 1}, "both people race at once"
    assert referee.may_act(0) and referee.may_act(1)
    referee.play(match.bot(1).choose(referee.view(1)))  # bob places while ann is still looking
    assert referee.may_act(0), "ann races on"


async def test_seats_go_to_the_first_names_in_the_order_they_join_then_others_watch():
    game = HostedGame(Setup("fez", 2, ("easy",), seed=1), save=False)
    with pytest.raises(ValueError, match="control"):
        game.company.join("bad\x1b[2Jname", Quiet())
    with pytest.raises(ValueError, match="computer seat"):
        game.company.join(game.table.computer_names()[0], Quiet())
    zoe = game.company.join("zoe", Quiet())
    assert not game.table.started and zoe.seat == 0
    game.company.join("zoe", Quiet())  # a second terminal of the same person: the same seat
    amy = game.company.join("amy", Quiet())
    watcher = game.company.join("cat", Quiet())
    assert game.table.started and game.table.match is not None
    assert ([s.name for s in game.table.match.seats][:2] == ["zoe", "amy"]
            and game.table.match.seats[2].computer == "easy")
    assert (zoe.seat, amy.seat, watcher.seat) == (0, 1, None)


def test_the_join_code_is_hard_to_guess_and_the_host_key_is_private(tmp_path):
    codes = {plain(new_code()) for _ in range(200)}
    assert len(codes) == 200 and all(len(code) == 10 for code in codes)  # 31^10: about 49 bits
    path = tmp_path / "host_key"
    key = load_host_key(path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert load_host_key(path).public_data == key.public_data, "the same key every time"
    path.chmod(0o644)
    load_host_key(path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    path.write_text("garbage")
    with pytest.raises(ValueError, match="remove it"):
        load_host_key(path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_host(args: list[str], home) -> subprocess.Popen:
    env = {**os.environ, "WORDCARDS_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "wordcards", "host", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


async def join_when_up(port: int, name: str) -> Player:
    from tests.host_helpers import Terminal

    for _ in range(100):
        try:
            connection = await asyncssh.connect("127.0.0.1", port, username=name, password=CODE, known_hosts=None,
                                                client_keys=None, agent_path=None)
            break
        except OSError:
            await asyncio.sleep(0.2)
    else:
        raise AssertionError("the host never listened")
    channel, terminal = await connection.create_session(Terminal, term_type="xterm-256color", term_size=(80, 24))
    return Player(name, connection, channel, terminal)


async def test_a_killed_host_loses_no_move_and_hosts_the_game_again(wordcards_home):
    port = free_port()
    host = start_host(["fez", "--port", str(port), "--bind", "127.0.0.1", "--code", CODE, "--seed", "4"],
                      wordcards_home)
    try:
        ann, bob = await join_when_up(port, "ann"), await join_when_up(port, "bob")
        await ann.see("ann's hand")
        served = next((wordcards_home / "saves").glob("fez-*.json"))
        assert f"(process {host.pid}, since " in (saves.holder(served) or "")  # no `wordcards resume` may play it
        mover = (ann, bob)[Match.load(served).to_move]
        other = bob if mover is ann else ann
        await play_a_quiet_fez_turn(mover, other)
        await other.press("d")
        await other.see("empty Enter: discard")
        hand = other.hand()
    finally:
        host.send_signal(signal.SIGKILL)
        host.wait()
    save = next((wordcards_home / "saves").glob("fez-*.json"))
    saved = Match.load(save)
    assert sum(m.startswith("discard") for m in saved.history) == 1 and saved.history[-1] == "draw"
    host = start_host(["--resume", str(save), "--port", str(port), "--bind", "127.0.0.1", "--code", CODE],
                      wordcards_home)
    try:
        ann, bob = await join_when_up(port, "ann"), await join_when_up(port, "bob")
        other = ann if other.name == "ann" else bob
        await other.see("empty Enter: discard")
        assert other.hand() == hand, "the drawn card is where it was"
        await other.press("\r")
        await other.see("Discard which card?")
        await other.press("1")
        await (bob if other is ann else ann).see("your turn · draw")
    finally:
        host.send_signal(signal.SIGTERM)
        output = host.communicate(timeout=20)[0]
    assert "resume with" in output and "Traceback" not in output


def test_seat_names_are_checked_as_in_play():
    with pytest.raises(ValueError):
        Seat("x" * 40)


async def test_a_window_shrunk_in_the_waiting_room_is_told_to_grow_and_the_room_comes_back():
    async with hosting("fez", people=3, seed=1) as host:
        ann = await host.join("ann")
        await ann.see("waiting for every seat to be taken")
        ann.channel.change_terminal_size(50, 15)
        await ann.see(lambda text: "The terminal is 50×15;" in text and "wordcards needs 80×24" in text)
        bob = await host.join("bob")  # someone comes while the room is covered
        await bob.see("waiting for every seat to be taken")
        ann.channel.change_terminal_size(80, 24)
        await ann.see(lambda text: "bob" in text and "waiting for every seat" in text and "needs" not in text)
