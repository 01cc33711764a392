"""The app against what a player or a terminal sends: names that look like markup, a terminal that is too
small, and a storm of random keys on every game's table."""

from __future__ import annotations

import gc
import random

import pytest

from tests.test_fez_tui import screen_text
from tests.test_quiddler_tui import pinned_match
from tests.tui_helpers import wait_for
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.core.referee import Referee
from wordcards.core.registry import names
from wordcards.tui.app import make_app
from tests.scenes import SIZE, settle
from wordcards.tui.challenge import ChallengeScreen
from wordcards.tui.scores import SummaryScreen
from wordcards.tui.screens import TooSmallScreen

MARKUP_NAMES = ("[/bold]", "[b]Bo[/b]")


async def test_names_that_look_like_markup_show_as_typed_on_every_screen():
    # With Ann's name read as markup, F2 raised a MarkupError and the app exited with code 0.
    app = make_app("fez", seats=[Seat(MARKUP_NAMES[0]), Seat(MARKUP_NAMES[1])], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the pass screen: "[/bold]: press Enter ..."
        await settle(pilot)
        for key in ("f2", "escape", "f3", "escape", "f1", "escape"):
            await pilot.press(key)
            await pilot.pause()
        assert app.is_running and MARKUP_NAMES[0] in screen_text(app)
        await pilot.press("f2")
        await pilot.pause()
        assert MARKUP_NAMES[0] in screen_text(app) and MARKUP_NAMES[1] in screen_text(app)


async def test_a_quiddler_round_ends_with_a_seat_named_like_markup():
    # A Quiddler save with a seat named [/x] crashed at the round's end.
    match = pinned_match([Seat("[/x]"), Seat("Hal", "hard")], [["QU1", "I1", "T1"], ["C1", "J1", "X1"]], ["Z1", "V1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *"quiz", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SummaryScreen) and "[/x]" in screen_text(app)


async def test_a_challenge_names_the_challenger_as_typed():
    match = Match.new("fez", [Seat("Hal", "hard"), Seat("[i]Ann")], {}, seed=12, save=False)
    referee = Referee(match)
    while referee.next().stage != "window":  # until Hal has played a word that Ann may challenge
        if referee.next().stage == "computer":
            referee.computer_step()
        else:
            referee.play(match.bot(1, "easy").choose(match.view(1)))
    app = make_app("fez", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChallengeScreen))
        assert isinstance(app.screen, ChallengeScreen)
        assert "[i]Ann challenges which word?" in screen_text(app)


async def test_the_too_small_message_wraps_at_40_by_12():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = "".join(screen_text(app).split())  # the message wraps: compare without the line breaks
        assert "wordcardsneeds80×24" in text and "Nothingislost" in text
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: not isinstance(app.screen, TooSmallScreen))
        assert not isinstance(app.screen, TooSmallScreen)


async def test_the_garbage_collector_is_back_on_after_the_first_frame():
    """`wordcards play` turns it off for start-up (cli.run_app); a long game must not run without it."""
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=7, save=False, computer_delay=0)
    gc.disable()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


KEYS = [*"abcdefghijklmnopqrstuvwxyz0123456789", "enter", "escape", "tab", "shift+tab", "space", "backspace",
        "left", "right", "up", "down", "home", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "question_mark",
        "equals_sign", "asterisk", "delete", "ctrl+p"]


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("people", [1, 2])
async def test_a_storm_of_random_keys_breaks_nothing(game, people):
    seats = [Seat("Ann"), Seat("Ben")][:people] + [Seat("Hal", "hard")]
    app = make_app(game, seats=seats, seed=5, save=False, computer_delay=0)
    rng = random.Random(f"{game}{people}")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for n in range(120):
            if not app.is_running:
                break  # Enter on the game-over screen leaves, as it says
            await pilot.press(rng.choice(KEYS))
            if n % 30 == 0:
                await settle(pilot)
        if app.is_running:
            await settle(pilot)
            app.match.rules.check_invariants(app.match.state)
    assert app.return_code in (None, 0)  # a crash sets 1


async def test_ctrl_p_then_a_shrink_then_ctrl_p_stops_nothing():
    """The command palette, opened twice around a shrink, raised DuplicateIds; it is off: every action has a key."""
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=3, save=False, computer_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert app.is_running and app.return_code is None
        assert not isinstance(app.screen, TooSmallScreen) and "Ann's hand" in screen_text(app)


async def test_the_status_line_is_fitted_again_to_a_resized_terminal_even_one_resized_under_the_log():
    from textual.widgets import Static

    from wordcards.tui.screens import LogScreen
    from wordcards.tui.status import status_line

    app = make_app("fez", seats=[Seat("Annabelle-Margot"), Seat("Hal", "easy")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        status = table.query_one("#status", Static)
        assert status_line(table, 120).cell_len > 80, "the line must need cutting at 80 columns"
        for size, covered in (((80, 24), False), ((120, 30), True), ((80, 24), True)):
            if covered:
                await app.push_screen(LogScreen(app.match.log))
            await pilot.resize_terminal(*size)
            await settle(pilot)
            if covered:
                app.pop_screen()
                await settle(pilot)
            fitted = status_line(table, status.content_region.width)
            assert status.content == fitted and fitted.cell_len <= size[0], (size, covered, str(status.content))


async def test_a_terminal_shrunk_while_the_talk_box_is_open_is_told_at_once():
    """The table under the club's talk box is not drawn while the box covers it, and hears of no resize: the box
    reports it, as every screen of ours does."""
    from wordcards.host.talk_screen import TalkScreen

    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=3, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.push_screen(TalkScreen("Talk", list, lambda text: None))  # type: ignore[arg-type]
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, TalkScreen)


async def test_a_dialog_opened_while_too_small_leaves_no_too_small_screen_behind():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Ben")], seed=3, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        # The game opens a dialog over the too-small screen (as it does when a computer player's move ends a round).
        app.push_screen(ChallengeScreen([], [(0, "Ann")], lambda *_: "", lambda: True))
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        await pilot.press("escape")  # closes the dialog: the game fits, so the table is back, not 'too small'
        await settle(pilot)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


async def test_keys_that_come_in_one_burst_go_where_the_keys_before_them_sent_the_focus():
    """Over a slow connection keys come in bursts: Tab, then what is typed for the next field. Textual hands each
    key to the widget focused when it arrives, so the letters went to the field Tab was leaving (and were lost)."""
    from textual import events

    from wordcards.host.lobby_app import OpenTable
    from wordcards.tui.keys_in_turn import KeysInTurn

    class Dialog(KeysInTurn):
        def on_mount(self) -> None:
            self.push_screen(OpenTable("default"))

    app = Dialog()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, character in [("tab", "\t"), ("backspace", "\x7f"), ("1", "1"), ("tab", "\t"), ("e", "e"),
                               ("a", "a"), ("s", "s"), ("y", "y")]:
            app.post_message(events.Key(key, character))  # all at once, as a burst from the terminal is fed
        await wait_for(pilot, lambda: app.screen.query_one("#open-computers").value == "easy")
        assert app.screen.query_one("#open-people").value == "1"
        app.screen.query_one("#open-game").focus()
        await pilot.pause()
        # A choice in the Select moves the focus a step later, when the dialog hears of it (Select.Changed).
        for key, character in [("enter", "\r"), ("down", None), ("enter", "\r"), ("backspace", "\x7f"), ("3", "3")]:
            app.post_message(events.Key(key, character))
        await wait_for(pilot, lambda: app.screen.query_one("#open-people").value == "3")
        assert app.given_up == 0, "each key's KeyHandled came back: none was let through by the timer"


SECOND_KEYS = {"question_mark", "equals_sign", "number_sign", "exclamation_mark", "dollar_sign", "percent_sign",
               "circumflex_accent", "ampersand"}
"""Printable keys a browser leaves to the page, each standing in for an F-key (README: the club in a browser)."""


def test_every_f_key_at_a_table_has_a_printable_second_key_a_browser_leaves_alone():
    """Browsers keep some F-keys (F3 finds, F5 reloads, F6 and F7 move the focus) before the page sees them; the
    footer's keys can be clicked, but a narrow footer leaves some out, so each F-key also has a printable key."""
    from textual.binding import Binding
    from textual.screen import Screen

    import wordcards.games.fez.screen  # noqa: F401
    import wordcards.games.gift_words.screen  # noqa: F401
    import wordcards.games.quiddler.screen  # noqa: F401
    import wordcards.games.scrabble_fluxx.screen  # noqa: F401
    import wordcards.games.word_whiz.screen  # noqa: F401
    import wordcards.tui.hint  # noqa: F401
    import wordcards.tui.scores  # noqa: F401
    import wordcards.tui.screens  # noqa: F401

    def screens(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from screens(sub)

    checked = 0
    for screen in set(screens(Screen)):
        if not screen.__module__.startswith("wordcards.") or screen.__module__ == "wordcards.tui.setup":
            continue  # the set-up screen is the terminal's own (wordcards play), never the club's
        for binding in screen.__dict__.get("BINDINGS", ()):
            keys = [key.strip() for key in (binding.key if isinstance(binding, Binding) else binding[0]).split(",")]
            if any(key[0] == "f" and key[1:].isdigit() for key in keys):
                checked += 1
                assert SECOND_KEYS & set(keys), f"{screen.__name__}: {', '.join(keys)} has no printable second key"
    assert checked >= 10


async def test_a_browsers_key_bar_names_the_second_key_of_an_f_key_and_leaves_other_keys_as_they_are():
    from textual.app import App
    from textual.binding import Binding

    from wordcards.tui.widgets import KeyBar

    class Browser(App):
        function_keys = False  # as a browser's terminal says (host.seat.OnChannel)
        BINDINGS = [Binding("f1,question_mark", "help", "Help", key_display="F1"),
                    Binding("escape", "back", "Back", key_display="Esc"), Binding("f9", "other", "Other")]

        def compose(self):
            yield KeyBar()

    app = Browser()
    async with app.run_test(size=(80, 3)) as pilot:
        await pilot.pause()
        assert [key.label for key in app.query_one(KeyBar).keys if key.action != "command_palette"] == [
            "?", "Esc", "f9"]  # F9 has no other key: shown as Textual names it, to click


async def test_the_second_keys_work_while_a_word_is_typed_and_leave_it_as_it_was():
    from wordcards.tui.hint import HintScreen
    from wordcards.tui.screens import LogScreen

    app = make_app("fez", seats=[Seat("Hal", "easy"), Seat("Ann")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("a", "t")
        for key, page in (("number_sign", LogScreen), ("exclamation_mark", HintScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, page), key
            await pilot.press(key)
            await settle(pilot)
            assert app.screen.entry.value == "at", key


async def test_a_hosted_tables_talk_key_works_while_a_word_is_typed():
    """Quiddler's word entry takes every printable key; the talk key (') is handed on to the hosted app's binding."""
    from wordcards.core.registry import find_game
    from wordcards.host.talk_screen import TALK_KEY
    from wordcards.tui.app import WordcardsApp

    from wordcards.host.seat import SeatApp

    class Hosted(WordcardsApp):
        CSS_PATH = SeatApp.CSS_PATH
        BINDINGS = [TALK_KEY]
        talked = 0

        def action_talk(self) -> None:
            self.talked += 1

    app = Hosted(find_game("quiddler"), seats=[Seat("Ann"), Seat("Hal", "easy")], seed=7, save=False,
                 computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("q", "i", "apostrophe")
        await settle(pilot)
        assert app.talked == 1 and app.screen.entry.value == "qi"
