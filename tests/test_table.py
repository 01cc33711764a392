"""The table every game shares, through key presses: its log, its dialogs, the hot seat's passes."""

from __future__ import annotations

import pytest

from tests.scenes import SIZE, settle
from tests.test_fez_tui import screen_text
from wordcards.core import lexicon
from wordcards.core.common import Seat
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.tui.app import make_app


def fez_until(seed: int, ready) -> Match:
    """Ann and Hal (hard) at FEZ, Ann's moves made by a hard player too, until ``ready(match)`` on Ann's turn."""
    lexicon.load("default")
    match = Match.new("fez", [Seat("Ann"), Seat("Hal", "hard")], seed=seed, save=False)
    referee = Referee(match)
    while not (match.to_move == 0 and ready(match)):
        step = referee.next()
        if step.stage == "window":
            referee.release()
        elif step.stage == "person":
            referee.play(match.bot(0).choose(match.view(0)))
        else:
            referee.computer_step()
    return match


def log_texts(match: Match) -> list[str]:
    return [e.text for e in match.log if e.text]


async def test_the_newest_log_entry_shows_when_the_one_before_it_wraps():
    match = fez_until(10, lambda m: m.state.phase == "draw" and len(log_texts(m)[-2]) > SIZE[0])
    newest, wrapped = log_texts(match)[-1], log_texts(match)[-2]
    app = make_app("fez", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = " ".join(screen_text(app).split())
        assert newest in shown
        assert wrapped in shown  # both fit in the log's three lines


def test_a_log_entry_too_long_for_the_room_shows_its_start_cut_at_its_end():
    from rich.console import Console
    from rich.text import Text
    from wordcards.tui.widgets import newest_lines

    older, newest = Text("an older entry"), Text(" ".join(f"word{n}" for n in range(40)))
    lines = newest_lines([older, newest], 30, 3, Console())
    assert len(lines) == 3 and all(len(line) <= 30 for line in lines)
    assert lines[0].plain.startswith("word0 word1") and lines[-1].plain.endswith("…")
    lines = newest_lines([older, Text("short")], 30, 3, Console())
    assert [line.plain for line in lines] == ["an older entry", "short"]


async def test_f1_draws_the_rules_once_however_often_it_opens(monkeypatch):
    from wordcards.tui import screens

    drawn = []

    def counted(text):
        drawn.append(text)
        return markdown(text)

    markdown = screens.markdown
    monkeypatch.setattr(screens, "markdown", counted)
    screens.DRAWN_PAGES.clear()
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=1, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for opened in range(3):
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, screens.HelpScreen) and "Keys" in screen_text(app)
            await pilot.press("end")
            await pilot.pause()
            last = app.match.spec.rules_text.strip("`\n").splitlines()[-1].strip()
            assert last in screen_text(app)  # the rules' last line, at the page's foot
            await pilot.press("escape")
            await pilot.pause()
            if opened == 0:
                first = len(drawn)  # at its width before and after its scroll bar shows
        assert first and len(drawn) == first  # opened again, it is not drawn again


def fez_challenge_open(seed: int) -> Match:
    """Ann and Ben at one keyboard: Ann has played two words or more (hard's choice) and discarded, and Ben may
    challenge them."""
    lexicon.load("default")
    match = Match.new("fez", [Seat("Ann", "hard"), Seat("Ben", "hard")], seed=seed, save=False)
    referee = Referee(match)
    while not (match.state.phase == "challenge" and match.to_move == 0 and len(referee.targets()) >= 2):
        task = referee.task()
        referee.conclude(task, referee.think(task))
    match.seats[:] = [Seat("Ann"), Seat("Ben")]
    return match


async def test_after_a_challenge_that_fails_the_device_goes_to_whoever_acts_next():
    from wordcards.tui.challenge import ChallengeScreen
    from wordcards.tui.screens import PassScreen

    app = make_app("fez", match=fez_challenge_open(3), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await settle(pilot)
        assert "Ben: challenge Ann's play?" in screen_text(app)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("enter")  # the first of Ann's words: a good one
        await settle(pilot)
        assert "so it stands" in log_texts(app.match)[-1] and app.match.history[-1] == "end"  # nobody else to ask
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and app.screen.player == "Ben"  # Ben's turn: Ann's play stood
        await pilot.press("enter")
        await settle(pilot)
        assert app.match.to_move == 1 and "challenge Ann's play" not in screen_text(app)


async def test_enter_closes_the_challenge_verdict_as_esc_does():
    from wordcards.tui.challenge import ChallengeScreen

    app = make_app("fez", match=fez_challenge_open(3), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "c")
        await settle(pilot)
        await pilot.press("enter")  # Ben challenges Ann's first word
        await settle(pilot)
        assert isinstance(app.screen, ChallengeScreen) and "Enter or Esc: back to the table" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, ChallengeScreen)


async def test_f8_has_no_move_to_hint_while_the_play_is_open_to_challenge():
    from wordcards.tui.hint import HintScreen

    app = make_app("fez", match=fez_challenge_open(3), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "f8")  # Ann, whose play Ben may challenge
        await settle(pilot)
        assert not isinstance(app.screen, HintScreen)
        assert "no move to hint while a play is open to challenge" in " ".join(screen_text(app).split())


async def test_a_change_to_the_score_board_repaints_only_the_lines_it_changes(monkeypatch):
    """The board, hands, piles, log and word rows repaint the lines a change makes different, not all of theirs: a
    hosted table redraws every screen at it on every move, and a move changes a line or two of each."""
    from dataclasses import replace

    from wordcards.tui.widgets import ScoreBoard, SharedLines

    drawn: list[int] = []
    render_line = SharedLines.render_line

    def counted(widget: SharedLines, y: int):
        if isinstance(widget, ScoreBoard):
            drawn.append(y)
        return render_line(widget, y)

    monkeypatch.setattr(SharedLines, "render_line", counted)
    app = make_app("quiddler", seats=[Seat("Ann"), Seat("Hal", "easy")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = app.screen.query_one(ScoreBoard)
        width, height = board.content_size
        before = board.lines(width, height)
        assert "▶Ann" in screen_text(app).replace(" ", "")
        drawn.clear()
        board.rows = tuple(replace(row, current=not row.current) for row in board.rows)  # Hal's turn now
        await pilot.pause()
        after = board.lines(width, height)
        changed = {y for y in range(height) if before[y:y + 1] != after[y:y + 1]}
        assert len(changed) == 2 and set(drawn) == changed  # the two lines the ▶ left and reached
        assert "▶Hal" in screen_text(app).replace(" ", "")


async def test_a_mouse_selection_copies_the_log_and_the_hand_as_they_show():
    from textual.selection import Selection

    from wordcards.tui.widgets import HandView, RecentLog

    app = make_app("quiddler", seats=[Seat("Ann"), Seat("Hal", "easy")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        everything = Selection(None, None)
        log, hand = app.screen.query_one(RecentLog), app.screen.query_one(HandView)
        newest = [e.text for e in app.match.log if e.text][-1]
        assert newest in " ".join(log.get_selection(everything)[0].split())
        assert hand.get_selection(everything)[0].startswith("Ann's hand")


async def test_a_word_row_that_changes_only_its_style_is_drawn_anew():
    """FEZ marks a lay-off's target by reversing its number (dim otherwise). Rich's Text equality leaves out a Text's
    own style, so the table took the new rows for those on show and never drew the mark."""
    from rich.text import Text

    from wordcards.tui.wordrows import WordRow, WordRows

    app = make_app("quiddler", seats=[Seat("Ann"), Seat("Hal", "easy")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        words = app.screen.query_one(WordRows)
        for style in ("dim", "reverse"):
            words.rows = (WordRow("Ann", (Text("#1", style),)),)
            await pilot.pause()
        line = next(strip for strip in words.shown if "#1" in strip.text)
        assert any(segment.style and segment.style.reverse for segment in line if "#1" in segment.text)


async def test_the_latest_play_made_while_the_table_was_covered_is_in_view_when_it_comes_back():
    """A table under a screen that covers it (the log, a round's summary) is not laid out until it shows again, so
    the words' rows follow the latest play once they are laid out then, not against the old rows."""
    from rich.text import Text

    from textual.widget import Widget

    from wordcards.tui.screens import LogScreen
    from wordcards.tui.wordrows import WordRow, WordRows

    app = make_app("quiddler", seats=[Seat("Ann"), Seat("Hal", "easy")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        words = app.screen.query_one(WordRows)
        box = words.parent
        assert isinstance(box, Widget)
        await app.push_screen(LogScreen(app.match.log))
        await pilot.pause()
        many = tuple(WordRow(f"P{n}", (Text("WORD"),)) for n in range(40))
        words.rows = (*many, WordRow("Ann", (Text("LATEST"),), latest=frozenset({0})))
        await pilot.pause()
        app.pop_screen()
        for _ in range(3):
            await pilot.pause()
        assert box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y, "the latest play is out of view"


async def test_the_log_window_shows_a_move_made_while_it_is_open():
    """F3's log follows the game: a move made while the person reads it joins it at once, and one made as the window
    opens (before it is built) is drawn when it is."""
    from wordcards.tui.screens import LogScreen

    # Hal would wait a minute before each move (settle() would wait for him too): he moves here by hand instead.
    app = make_app("quiddler", seats=[Seat("Ann"), Seat("Hal", "easy")], seed=7, save=False, computer_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        while not app.lexicon_ready:
            await pilot.pause(0.05)
        table = app.screen
        referee, match = table.referee, table.match

        async def hal_moves(then=lambda: None) -> None:
            then()
            referee.play(match.bot(1).choose(referee.view(1)))
            table.advance()
            for _ in range(4):
                await pilot.pause()

        assert match.to_move == 1, "Hal begins"
        await hal_moves(then=table.action_log)  # the log window is on the stack, not yet built
        assert isinstance(app.screen, LogScreen) and screen_text(app).count("Hal drew") == 1
        await hal_moves()
        assert isinstance(app.screen, LogScreen) and "Hal discarded" in screen_text(app).split("Hal drew")[-1]


async def test_the_score_sheet_shows_a_score_made_while_it_is_open():
    """F2's sheet follows the game, as the log does: a round's end scored while it is open joins it at once."""
    from wordcards.tui.scores import SheetScreen

    app = make_app("quiddler", seats=[Seat("Hal", "easy"), Seat("Ida", "easy")], seed=7, save=False,
                   computer_delay=0.2)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and "no score yet" in screen_text(app)
        for _ in range(300):
            if table.view().sheet:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        first = table.view().sheet[0]
        assert isinstance(app.screen, SheetScreen), "the sheet is still open"
        assert str(first).split(" (")[0] in screen_text(app) and "no score yet" not in screen_text(app)


@pytest.mark.parametrize("key, title", [("f3", "Log"), ("f2", "Score sheet")])
async def test_the_log_and_the_score_sheet_say_what_the_table_waits_for(key, title):
    """Read with the log or the sheet open, the challenge question may be yours: their titles say what the table
    waits for."""
    from tests.scenes import table_app

    app = table_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        assert f"{title} · now: Ann: challenge Hal's play?" in screen_text(app)
