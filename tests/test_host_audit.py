"""What the third audit found at a host, over real SSH: spectators who saw a hand, a paste that froze a keyboard,
spectators' keys, a second login under a seated name, and leaving."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from tests.host_helpers import ESCAPES, Player, hosting, two_playing_one_watching
from tests.test_host import private_faces
from tests.test_host_evening import finish
from wordcards.host.driver import START, STOP
from wordcards.tui import widgets


def leaks(spectator: Player, host, since: int = 0) -> list[str]:
    """The hand rows that ever reached this spectator's terminal, and the private cards of the game on now that
    reached it since its ``since``th chunk (a card of the last game's table may be in a hand now)."""
    received = spectator.terminal.received
    match = host.game.table.match
    faces = [face for seat in range(len(match.seats)) for face in private_faces(match, seat)] if match else []
    assert faces or match is None, "no card of this game's hands is told apart from the others: pick another seed"
    return ([label for label in ["'s hand"] if label in ESCAPES.sub("", "".join(received))]
            + [face for face in faces if face in ESCAPES.sub("", "".join(received[since:]))])


async def test_a_spectator_never_sees_a_hand_across_a_finished_game_everyone_leaving_and_a_rematch():
    async with hosting("fez", seed=3) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        zed = await host.join("zed")  # zed starts the spectators' shared screen, yan shares it
        yan = await host.join("yan")
        await yan.see("you are watching")
        finish(host.game)
        await yan.see("Game over")
        ann.close(), bob.close()
        await yan.see(lambda text: host.game.table.match is None)  # everyone left: a new lobby
        zed.close()
        await yan.see(lambda text: host.game.company.watching == ["yan"])
        zed = await host.join("zed")  # the game is over and its people gone: zed takes a seat in the new lobby
        bob = await host.join("bob")
        await zed.see("zed's hand")
        await yan.see(lambda text: "you are watching" in text and "Game over" not in text)
        finish(host.game)
        await zed.see("r: a rematch")
        await yan.see("The players choose the next game")
        since = len(yan.terminal.received)
        await zed.press("r")
        await bob.press("r")
        await zed.see(lambda text: "zed's hand" in text and "Game over" not in text)
        await yan.see(lambda text: "you are watching" in text and "Game over" not in text)
        await asyncio.sleep(0.5)
        assert leaks(yan, host, since) == []
        assert "hosted · watching" in yan.terminal.text() and "yan" not in yan.terminal.text().split("\n")[0]


async def test_a_spectator_who_presses_a_key_gets_a_screen_of_their_own_and_can_take_a_free_seat():
    async with hosting("fez", seed=3) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        cat, dan = await host.join("cat"), await host.join("dan")
        await dan.see("you are watching")
        assert len(host.game.company.chairs) == 1
        sent = "".join(dan.terminal.received)
        assert sent.count(START) == 1, "a spectator who joins a shared screen has their terminal set up too"
        await cat.press("=")  # F2's other key: the score sheet, on a screen of cat's own
        await cat.see("Score sheet")
        assert "Score sheet" not in dan.terminal.text()
        await cat.press("\x1b")
        finish(host.game)
        await cat.see("The players choose the next game")
        assert "Take a free seat" not in cat.terminal.text(), "no seat is free while every player is here"
        await cat.press("s")
        await cat.see("no seat is free")
        assert "no seat is free" not in dan.terminal.text(), "one spectator's answer is not another's"
        bob.close()
        await ann.see("bob left")
        await cat.see("s Take a free seat")
        await cat.press("s")
        await ann.see("cat takes a free seat")
        await cat.see("You have a free seat in the next game")  # cat is told it worked
        await ann.see("r: a rematch with cat in a free seat")  # and ann, who it will be against
        since = len(dan.terminal.received)
        await ann.press("r")
        await cat.see(lambda text: "cat's hand" in text and "Game over" not in text)
        await dan.see(lambda text: "you are watching" in text and "Game over" not in text)
        assert [s.name for s in host.game.table.match.seats] == ["ann", "cat"]
        assert leaks(dan, host, since) == []
        await dan.press("\x11")
        await asyncio.wait_for(dan.terminal.closed.wait(), 5)
        sent = "".join(dan.terminal.received)
        assert sent.rindex(STOP) > sent.rindex("you are watching"), "the terminal is given back after the last frame"


async def test_a_paste_too_big_to_take_is_dropped_and_the_keyboard_still_works():
    async with hosting("fez", seed=4) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        mover = (ann, bob)[host.game.table.match.to_move]
        await mover.see(f"{mover.name}, your turn · draw")
        mover.channel.write("\x1b[200~" + "pasted words " * 250)  # a 6.5 KB paste, in two reads: the first fits
        await asyncio.sleep(0.1)
        mover.channel.write("pasted words " * 250 + "\x1b[201~")  # and the rest, with the paste's end, does not
        await mover.see("Too many keys at once")
        await asyncio.sleep(1.2)
        await mover.press("d")
        await mover.see("empty Enter: discard")


async def test_a_second_login_under_a_seated_name_moves_the_seat_and_closes_the_first_terminal():
    lines: list[str] = []
    async with hosting("fez", seed=4, lines=lines) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        again = await host.join("ann")
        await again.see("ann's hand")
        await asyncio.wait_for(ann.terminal.closed.wait(), 5)
        assert "you joined again as ann from another terminal" in ann.terminal.everything()
        await asyncio.sleep(0.3)
        assert [p.name for p in host.game.company.places] == ["bob", "ann"]
        assert "ann is back" not in bob.terminal.everything()
        assert "ann moved to another terminal" in lines


async def test_leaving_mid_game_is_asked_first_and_says_how_to_join_again():
    async with hosting("fez", seed=4) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        await ann.press("\x11")
        await ann.see("Leave FEZ?")
        await ann.press("\r")  # Enter, pressed by habit, does not leave
        await ann.see("y: yes · n or Esc: no")
        await ann.press("n")
        await ann.see("ann's hand")
        await ann.press("\x11", "\x11")
        await asyncio.wait_for(ann.terminal.closed.wait(), 5)
        assert "your seat waits for you: ssh -p PORT ann@HOST" in ann.terminal.everything()
        await bob.see("ann left: their seat")


async def test_a_huge_window_is_drawn_at_the_largest_size_and_an_idle_table_sends_it_nothing_more():
    async with hosting("fez", seed=4) as host:
        await host.join("ann")
        bob = await host.join("bob")
        await bob.see("bob's hand")
        huge = await host.join("cat", size=(3000, 1000))
        sent = await quiet(huge)  # the first whole screen, however long a busy machine takes to draw it
        assert [chair.screen.size for chair in host.game.company.chairs] == [(300, 100)]
        await asyncio.sleep(3)
        assert sum(map(len, huge.terminal.received)) == sent, "an idle table kept sending the whole screen"


async def quiet(client, still: float = 1.0, longest: float = 30.0) -> int:
    """The bytes ``client`` has received once nothing more has come for ``still`` seconds (or ``longest`` passed)."""
    loop = asyncio.get_running_loop()
    began, sent = loop.time(), -1
    while loop.time() - began < longest:
        now = sum(map(len, client.terminal.received))
        if now == sent and now:
            return now
        sent = now
        await asyncio.sleep(still)
    return sent


def test_look_alike_names_are_found_with_unicodes_confusables_data():
    from wordcards.host.game import looks

    for twin in ("\u0430nn", "Ann", "ÄNN", "𝐚𝐧𝐧", "ａｎｎ"):  # Cyrillic, case, accents, mathematical bold, fullwidth
        assert looks(twin) == looks("ann"), twin
    assert looks("ρaul") == looks("paul") and looks("0lga") == looks("olga") and looks("Iris") == looks("lris")
    assert looks("cat") != looks("cot") and looks("ann") != looks("anne")


async def test_the_challenge_picker_closes_when_the_hosts_wait_runs_out():
    clock = [0.0]
    async with hosting("fez", seed=4, wait=5, now=lambda: clock[0]) as host:
        ann, bob = await host.join("ann"), await host.join("bob")
        await bob.see("bob's hand")
        finish(host.game, until=lambda step: bool(step.challengers))  # until a word waits on a challenge
        other = (ann, bob)[host.game.table.referee.next().challengers[0]]
        await other.see("c Challenge")
        await other.press("c")
        await other.see("challenges which word?")
        clock[0] += 6
        await other.see("The time to challenge is up")
        assert "challenges which word?" not in other.terminal.text()


async def test_a_saves_folder_gone_read_only_never_hangs_the_table(monkeypatch):
    from tests.host_helpers import Quiet
    from wordcards.core import saves
    from wordcards.core.errors import SaveError
    from wordcards.host.game import HostedGame, Setup

    def read_only(*_):
        raise OSError(30, "Read-only file system")

    def no_lock(path):
        raise SaveError(f"cannot open {path}.lock to claim the game: Read-only file system")

    monkeypatch.setattr(saves, "write", read_only)
    monkeypatch.setattr(saves, "hold", no_lock)
    lines: list[str] = []
    game = HostedGame(Setup("fez", 2, seed=1), computer_delay=0, report=lines.append)
    game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    assert game.table.started and game.table.match.save_error, "the game is dealt, and knows it is not saved"
    assert any(line.startswith("this game is not being saved: ") for line in lines), lines
    finish(game)
    assert game.evening.propose("ann", None) is None and game.evening.propose("bob", None) is None
    assert (game.table.started and not game.table.match.is_over
            and game.table.match.save_error), "the rematch is dealt too"
    game.table.loop.stop()


async def test_a_spectators_enter_closes_a_rounds_scores_which_the_players_deal_on_from():
    async with hosting("quiddler", seed=3) as host:
        ann, bob, cat = await two_playing_one_watching(host)
        finish(host.game, until=lambda step: step.stage == "summary")
        await cat.see("⏎ Close")
        assert "Deal next round" not in cat.terminal.text()
        await cat.see(lambda text: "The players deal the next; Enter closes this." in " ".join(text.split()))
        await ann.see("is over. Enter deals the next.")
        await cat.press("\r")
        await cat.see("you are watching")
        assert host.game.table.referee.state.phase == "round-over", "a spectator deals nothing"
        await ann.press("\r"), await bob.press("\r")
        await cat.see("Round 2")


async def test_every_screen_at_a_table_shares_one_drawing_of_a_rounds_scores(monkeypatch):
    drawn: list[str | None] = []
    to_strips = widgets.Visual.to_strips

    def counted(widget, *args, **kwargs):
        drawn.append(widget.id)
        return to_strips(widget, *args, **kwargs)

    monkeypatch.setattr(widgets.Visual, "to_strips", counted)
    monkeypatch.setattr(widgets, "SHARED_LINES", {})  # not drawn already by another test
    async with hosting("quiddler", seed=3) as host:
        ann, bob, cat = await two_playing_one_watching(host)
        finish(host.game, until=lambda step: step.stage == "summary")
        await ann.see("Deal next round"), await bob.see("Deal next round"), await cat.see("⏎ Close")
        await asyncio.sleep(0.3)
        assert drawn.count("summary-sheet") == 1, "three screens of one size, one drawing of the score lines"
        assert drawn.count("standings") == 1


async def test_the_note_that_a_player_waits_for_the_others_goes_once_the_next_round_is_dealt():
    async with hosting("quiddler", seed=3) as host:
        ann, bob, _cat = await two_playing_one_watching(host)
        finish(host.game, until=lambda step: step.stage == "summary")
        await ann.see("Deal next round"), await bob.see("Deal next round")
        await ann.press("\r")
        await ann.see("waiting for the others to read the round's scores (F2 shows them again)")
        assert "Continue" not in ann.terminal.text().splitlines()[-1], "Enter has nothing left to do at ann's table"
        await bob.press("\r")
        await ann.see("Round 2")
        await bob.see("Round 2")
        assert "waiting for the others" not in ann.terminal.text(), "bob's Enter dealt the round ann waited for"
        assert "waiting for the others" not in bob.terminal.text(), "bob, the last to read, waits for nobody"


async def test_a_line_a_player_was_told_goes_once_someone_else_moves():
    async with hosting("quiddler", seed=3) as host:
        ann, bob, _cat = await two_playing_one_watching(host)
        mover, other = (ann, bob) if host.game.table.match.to_move == 0 else (bob, ann)
        await other.press("!")  # F8's second key, out of turn
        await other.see("a hint is for the person whose turn it is")
        await mover.press("d")
        await other.see("drew from the")
        assert "a hint is for the person" not in other.terminal.text(), "the move made the line old news"


def test_the_race_option_says_a_host_races_several_people():
    from wordcards.core.registry import find_game

    race = next(option for option in find_game("word-whiz").options if option.name == "race")
    assert "one person only" not in race.help and "hosted: every person races" in race.help


def test_a_paste_whose_end_mark_is_split_after_its_escape_still_ends():
    from wordcards.host.keys import PASTE_END, PASTE_START, Allowance

    allowance = Allowance(now=lambda: 0.0, at=0.0)
    reads = [PASTE_START + "x" * 3000, "y" * 2000 + "\x1b", "[201~", "q"]  # the middle read is more than is left
    admitted = "".join(allowance.admit(read)[0] for read in reads)
    assert admitted == PASTE_START + "x" * 3000 + PASTE_END + "q" and not allowance.pasting
    assert Allowance().admit("\x1b") == ("\x1b", False), "outside a paste, a lone Esc is the Esc key, not held"


async def test_a_lock_file_that_cannot_be_written_never_hangs_the_deal(monkeypatch):
    from tests.host_helpers import Quiet
    from wordcards.core import saves
    from wordcards.host.game import HostedGame, Setup

    def full_disk(path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "hold", full_disk)
    game = HostedGame(Setup("fez", 2, seed=1), computer_delay=0)
    game.company.join("ann", Quiet()), game.company.join("bob", Quiet())
    assert game.table.started and "No space left on device" in game.table.match.save_error
    game.table.loop.stop()


async def test_spectators_screens_of_their_own_count_against_the_hosts_limit(monkeypatch):
    from wordcards.host import server

    monkeypatch.setattr(server, "MAX_SESSIONS", 4)
    async with hosting("fez", seed=4) as host:
        _, bob, cat = await two_playing_one_watching(host)
        await cat.press("\x1b[<0;10;5M\x1b[<0;10;5m")  # a click does nothing for a spectator: no screen of its own
        assert len(host.game.company.chairs) == 1
        await cat.press("?")
        await cat.see("what it does")  # the keys' help: a screen of cat's own, which the key opened
        dan = await host.join("dan")
        await dan.see("you are watching")
        eve = await host.join("eve")
        await asyncio.wait_for(eve.terminal.closed.wait(), 5)
        assert "serves 4 terminals at most" in eve.terminal.everything()


def test_a_whole_screen_is_sent_again_only_after_a_change_was_missed():
    from wordcards.host.server import GameSession

    class Channel:
        written: list[str] = []

        def write(self, data: str) -> None:
            self.written.append(data)

        def is_closing(self) -> bool:
            return False

    class Show:
        repaints = 0

        def repaint(self) -> None:
            self.repaints += 1

    session = GameSession.__new__(GameSession)
    show = Show()
    session.channel, session.behind, session.missed = Channel(), False, False
    session.visit = SimpleNamespace(show=show)
    session.write("a whole screen")
    session.pause_writing()  # that screen alone filled the channel's buffer
    session.resume_writing()
    assert show.repaints == 0, "nothing was missed: sending it again would fill the buffer again, for ever"
    session.pause_writing()
    session.write("a change")
    session.resume_writing()
    assert show.repaints == 1 and session.channel.written == ["a whole screen"]
