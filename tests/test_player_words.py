"""The words a player reads: squares by their names, never coordinates; a strict game's refusal before Enter; pick
lists that read unticked without colour; the setup form's real defaults; and rules that say what the program does,
in words that stand on their own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from tests.scenes import SIZE, scrabble_fluxx_board_app, settle
from tests.test_fez_tui import screen_text
from tests.test_gift_words_rules import CARE, game as gift_game
from tests.test_word_whiz_rules import hand, row_of
from tests.test_word_whiz_tui import pinned_match as whiz_match
from tests.tui_helpers import seen
from wordcards.cli import cli
from wordcards.core.computer import LEVELS
from wordcards.core.common import Seat
from wordcards.core.match import Match
from wordcards.games import gift_words
from wordcards.tui.app import make_app
from wordcards.tui.screens import PickScreen
from wordcards.tui.ticklist import TickList

ROOT = Path(__file__).parent.parent


async def test_squares_off_the_board_go_by_the_names_players_use():
    app = make_app("word-whiz", match=whiz_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                                                  [hand("blue", "ASTERNB"), []]), save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", "a", "1", "enter", "up")  # one row above A1: the crossword may grow there
        await pilot.pause()
        text = screen_text(app)
        assert "Cursor 1 above A1 → across" in text and "-26,-13" not in text
    app = scrabble_fluxx_board_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash", "a", "0", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "A0 is off the board (A1 to O15)" in text and "-1,0" not in text


async def test_a_strict_game_says_before_enter_that_the_list_lacks_the_word():
    match = Match.new("gift-words", [Seat("Ann"), Seat("Bob", "hard")], seed=1, strict=True, save=False)
    match.state = gift_game(CARE)
    app = make_app("gift-words", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d", *"raec")
        await pilot.pause()
        assert "RAEC is not in the word list (default), and this game is strict" in screen_text(app)
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"care")
        await pilot.pause()
        assert "Enter: make CARE (red)" in screen_text(app)
    match = whiz_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1), [hand("blue", "ASTERNB"), []])
    match.strict = True
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*["right"] * 5, "b")  # HOUSEB
        await pilot.pause()
        assert "HOUSEB is not in the word list (default), and this game is strict" in screen_text(app)


async def test_unticked_rows_of_a_pick_list_show_no_x_so_they_read_unticked_without_colour():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(PickScreen("Swap which?", [("a", "A"), ("b", "B")], lambda ids: None))
        await pilot.pause()
        picks = app.screen.query_one(TickList)

        def rows() -> list[str]:
            return [picks.render_line(y).text.rstrip() for y in range(2)]

        assert rows() == ["▐ ▌ [ ] A", "▐ ▌ [ ] B"]
        await pilot.press("space")  # ticks the highlighted first row
        await pilot.pause()
        assert rows() == ["▐X▌ [x] A", "▐ ▌ [ ] B"]


async def test_the_setup_form_shows_the_cooperative_goal_played_to_and_only_the_options_that_apply(wordcards_home):
    wordcards_home.mkdir(parents=True, exist_ok=True)
    (wordcards_home / gift_words.goal.FILE).write_text(json.dumps({"goal": 110, "game": 1}))
    app = make_app("gift-words", save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        form = app.screen
        assert not form.query_one("#opt-goal").display and not form.query_one("#opt-scoring").display
        assert form.query_one("#opt-rounds").display and form.query_one("#opt-two_player").display
        form.query_one("#opt-variant").focus()
        await pilot.press("right", "right")  # basic, advanced, cooperative
        await pilot.pause()
        assert form.query_one("#opt-goal").display and form.query_one("#opt-goal").value == "110"
        assert not form.query_one("#opt-rounds").display and not form.query_one("#opt-two_player").display
        text = screen_text(app)
        assert "Goal" in text and "Rounds" not in text and "Two-player" not in text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert seen(app).options.target == 110 and app.match.options["goal_remembered"]  # moved after the game


def test_the_rules_and_the_readme_say_how_often_each_level_challenges_as_the_code_does():
    doubters = [level for level in LEVELS.values() if level.doubt < 1]
    rates = ", ".join(f"{level.name} {level.doubt:.0%}" for level in doubters)
    looks = ", ".join(f"{level.doubt_odd:.0%}" for level in doubters)
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert f"({rates} of the time)" in readme and f"({looks})" in readme
    rules = " ".join(CliRunner().invoke(cli, ["rules", "fez"]).output.split())
    assert "12%, 13% and 15% of the time" in rules and "80%, 90% and 100%" in rules
    assert [f"{level.doubt:.0%}" for level in doubters] == ["12%", "13%", "15%"]


def test_the_rules_a_player_reads_stand_on_their_own():
    """No text points at a rulings file the players do not have."""
    texts = [CliRunner().invoke(cli, ["rules", game]).output
             for game in ("fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx")]
    texts += [(ROOT / "wordcards/games/quiddler/deck.json").read_text(), (ROOT / "dictionaries/build.py").read_text()]
    assert not [text[:60] for text in texts if re.search(r"rulings\.md", text, re.IGNORECASE)]
    assert "the value (the tiles' points added up) counts" in " ".join(texts[4].split())


def test_a_word_whiz_round_does_not_log_who_goes_next():
    """The log outlives the turn: "Ann goes next" stood under "Ivy's turn". The status line says whose turn it is."""
    match = Match.new("word-whiz", [Seat("Ann", "hard"), Seat("Ivy", "hard"), Seat("Hal", "hard")], seed=3,
                      save=False)
    events = []
    while match.state.phase == "start":
        events += match.play(match.bot(match.to_move).choose(match.view(match.to_move)))
    said = [event.text for event in events if event.text]
    assert said and all("placed" in text or "swapped" in text for text in said), said
