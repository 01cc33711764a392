"""The table in the player's words, read off the 80×24 screen: squares named as on a board, keys shown beside the
cards they pick, status lines that say what the moment asks, names never cut."""

from tests.scenes import SIZE, settle
from tests.test_fez_tui import screen_text
from tests.test_word_whiz_rules import hand, row_of
from tests.test_word_whiz_tui import pinned_match
from tests.tui_helpers import seen, wait_for
from wordcards.core.common import Seat
from wordcards.core.grid import open_square_name, parse_square, square_name
from wordcards.core.hints import says_points
from wordcards.tui.app import make_app
from wordcards.tui.crossword_entry import TypingGrid
from wordcards.tui.widgets import ScoreRow, board_text


def test_both_crossword_games_name_squares_letter_then_number():
    assert square_name((8, 6)) == "G9" and parse_square("g9") == (8, 6)
    assert open_square_name((0, 0)) == "N26" and parse_square("N26", open_grid=True) == (0, 0)
    assert open_square_name((-22, -13)) == "A4"
    assert open_square_name((2, 13)) == "AA28" and parse_square("AA28", open_grid=True) == (2, 13)
    assert open_square_name((-30, 0)) == "-30,0" and parse_square("-30,0", open_grid=True) == (-30, 0)  # off the named board


def whiz_app():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), []], bags=[hand("blue", "DG"), []])
    return make_app("word-whiz", match=match, save=False, computer_delay=0)


async def test_word_whiz_jumps_to_a_square_typed_by_name_or_clicked():
    app = whiz_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert " N  O  P  Q " in text and " 26 " in text  # every column lettered, rows numbered
        assert "1[A" not in text and "[A●]" in text  # letters are typed, so the tiles carry no keys
        await pilot.press("slash", "p", "2", "8")
        await pilot.pause()
        assert "Go to square: P28_" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        grid = app.screen.query_one(TypingGrid)
        assert grid.at == parse_square("P28", open_grid=True) == (2, 2)
        assert "Cursor on P28" in screen_text(app)
        await pilot.press("slash", "z", "z", "enter")
        await pilot.pause()
        assert "ZZ is not a square" in screen_text(app) or grid.at == (2, 2)
        # a click on the E of HOUSE (0,4): past the row labels, three characters a square, under the column letters
        top, left = grid.origin
        await pilot.click(TypingGrid, offset=(4 + (4 - left) * 3 + 1, 1 + (0 - top)))
        await pilot.pause()
        assert grid.at == (0, 4) and f"Cursor on {open_square_name((0, 4))}" in screen_text(app)


async def test_a_race_header_says_everyone_places_at_once():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), []], bags=[hand("blue", "DG"), []], options={"race": True})
    app = make_app("word-whiz", match=match, save=False, computer_delay=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Race: everyone places at once" in text and "your turn" not in text


def test_a_long_name_keeps_a_line_of_its_own_on_the_score_board():
    rows = (ScoreRow("Ann", 120, 5, False, True), ScoreRow("Hal (beginner)", 105, 5, True, False))
    lines = board_text(rows, 18).plain.splitlines()
    assert " Hal (beginner)" in lines and "             ⚙ 105" in lines


def test_points_already_said_are_not_said_again():
    assert says_points("Ann made WINES (green): +9", 9) and says_points("ZAX 37 = 37.", 37)
    assert not says_points("Ann made WINES (green): +9", 19)


async def test_fez_status_line_follows_the_discard_prompt():
    app = make_app("fez", seats=[Seat("Ann"), Seat("Hal", "hard")], seed=4, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # no challenge of Hal's play
        await wait_for(pilot, lambda: app.match.to_move == 0 and app.screen.human_to_move())
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("enter")  # an empty Enter: on to discarding
        await pilot.pause()
        text = screen_text(app)
        assert f"1-{len(seen(app).hand)}: the card to discard" in text and "lay off" not in text
        assert "F8 Hint" in text  # the hint's key is in the footer on the person's turn


async def test_quiddlers_eleventh_card_has_a_key():
    from tests.scenes import quiddler_app

    app = quiddler_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await wait_for(pilot, lambda: app.match.to_move == 0)
        view = seen(app)
        if len(view.hand) < 10:  # round 1 deals 3: the key shows from the 11th card, tested on the hand widget
            from wordcards.tui.widgets import Face, HandView

            widget = app.screen.query_one(HandView)
            widget.faces = tuple(Face("A", "") for _ in range(11))
            await pilot.pause()
            assert "0[A]-[A]" in screen_text(app).replace(" ", "")
