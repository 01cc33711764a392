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
from wordcards.tui.cards import lacking
from wordcards.tui.crossword_entry import TypingGrid
from wordcards.tui.widgets import ScoreRow, board_text, card_keys


def test_both_crossword_games_name_squares_letter_then_number():
    assert square_name((8, 6)) == "G9" and parse_square("g9") == (8, 6)
    assert open_square_name((0, 0)) == "N26" and parse_square("N26", open_grid=True) == (0, 0)
    assert open_square_name((-22, -13)) == "A4"
    assert open_square_name((2, 13)) == "AA28" and parse_square("AA28", open_grid=True) == (2, 13)
    assert parse_square("-30,0", open_grid=True) == (-30, 0)  # a cell as moves write it is read too


def test_a_square_beyond_a1_is_named_from_the_nearest_named_square_never_by_its_coordinates():
    assert open_square_name((-26, -13)) == "1 above A1" and open_square_name((-30, 0)) == "5 above N1"
    assert square_name((4, -3)) == "3 left of A5" and square_name((-2, -3)) == "2 above and 3 left of A1"


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


def test_prompts_name_the_keys_for_the_cards_held():
    assert (card_keys(1), card_keys(5), card_keys(10), card_keys(11)) == ("1", "1-5", "1-0", "1-0, -")


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
        assert f"{card_keys(len(seen(app).hand))}: the card to discard" in text and "lay off" not in text
        assert "F8 Hint" in text  # the hint's key is in the footer on the person's turn


async def test_quiddlers_eleventh_card_has_a_key():
    """Round 8 deals 10 and a draw makes 11: the 11th card shows the key after 0, and that key discards it."""
    from textual.binding import Binding

    from tests.scenes import quiddler_app
    from wordcards.tui.widgets import Face, HandView

    app = quiddler_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        widget = app.screen.query_one(HandView)
        widget.hidden = False
        widget.faces = tuple(Face("A", "") for _ in range(11))
        await pilot.pause()
        assert "0[A]-[A]" in screen_text(app).replace(" ", "")
        minus = next(b for b in Binding.make_bindings(type(app.screen).BINDINGS) if b.key == "minus")
        assert minus.action == "pick(11)"


async def test_a_three_seat_challenge_takes_enter_at_once_and_says_what_it_costs():
    from tests.test_quiddler_tui import pinned_match as quiddler_match
    from wordcards.tui.challenge import ChallengeScreen

    seats = [Seat("Ann"), Seat("Bob"), Seat("Cy")]
    match = quiddler_match(seats, [["QU1", "I1", "T1"], ["C1", "J1", "X1"], ["E1", "E2", "E3"]], ["Z1", "V1", "W1"])
    app = make_app("quiddler", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "d", *"quit", "4")  # Ann goes out with QUIT, discarding the Z
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        text = screen_text(app)
        assert "Who challenges?" in text and "Enter picks" in text
        assert "the challenger loses the word's points" in text  # the stakes, before anyone picks
        await pilot.press("enter")  # Bob, the first, without ↓
        await pilot.pause()
        assert "Bob challenges which word?" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "QUIT is in the word list" in screen_text(app)


async def test_enter_is_named_for_what_it_does_in_a_challenge_window():
    from tests.scenes import scrabble_fluxx_match, word_whiz_summary_app

    app = whiz_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "⏎ Place" in screen_text(app)
    app = word_whiz_summary_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "⏎ Continue" in screen_text(app) and "⏎ Place" not in screen_text(app)
    # Hal has just laid tiles: Ann may challenge them before his turn ends
    match = scrabble_fluxx_match(5, lambda s: s.current == 1 and s.phase == "challenge")
    app = make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "challenge Hal (hard)'s play?" in text and "⏎ Continue" in text and "⏎ Play" not in text


def test_play_help_lists_the_games_own_options_and_no_64_bit_range():
    from click.testing import CliRunner

    from wordcards.cli import cli

    out = CliRunner().invoke(cli, ["play", "word-whiz", "--help"]).output
    assert "Word Whiz options:" in out and "--race" in out and "--length full|to-50|one-round" in out
    assert "9223372036854775807" not in out and "--seed N" in out
    out = " ".join(CliRunner().invoke(cli, ["play", "fez", "--help"]).output.split())
    assert "--nasty" in out and "--rounds N" in out and "1 to 20" in out
    out = CliRunner().invoke(cli, ["play", "--player", "Ann", "quiddler", "--help"]).output  # a value comes first
    assert "Quiddler options:" in out


async def test_setup_starts_with_the_options_given_and_esc_does_not_quit():
    from textual.widgets import Checkbox

    from wordcards.tui.screens import PageScreen
    from wordcards.tui.setup import SetupScreen

    app = make_app("word-whiz", options={"race": True}, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#opt-race", Checkbox).value  # `play word-whiz --race`: the race is chosen
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, SetupScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, PageScreen)


def test_quitting_a_game_says_it_is_saved_and_how_to_go_on(monkeypatch, capsys, tmp_path):
    from types import SimpleNamespace

    import wordcards.tui.app
    from wordcards import cli

    match = SimpleNamespace(spec=SimpleNamespace(title="FEZ"), save_path=tmp_path / "fez-1.json", is_over=False,
                            save_error=None, unsaved=lambda: None, release=lambda: None)
    app = SimpleNamespace(run=lambda: None, return_code=0, match=match)
    monkeypatch.setattr(cli, "need_terminal", lambda: None)
    monkeypatch.setattr(cli, "need_saves_folder", lambda: None)
    monkeypatch.setattr(cli.gc, "disable", lambda: None)  # the real app turns it back on after its first frame
    monkeypatch.setattr(wordcards.tui.app, "make_app", lambda game, **kwargs: app)
    cli.run_app("fez")
    out = capsys.readouterr().out
    assert "FEZ is saved after every move. To go on: wordcards resume" in out and "fez-1.json" in out


async def test_a_round_table_longer_than_the_screen_pages_with_pgdn_and_pgup():
    from tests.scenes import word_whiz_summary_app

    app = word_whiz_summary_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "PgDn More" in screen_text(app) and "PgUp Back" not in screen_text(app)
        for _ in range(6):
            await pilot.press("pagedown")
            await pilot.pause()
        text = screen_text(app)
        assert "PgUp Back" in text and "PgDn More" not in text  # the end of the page


async def test_scrabble_fluxx_side_panel_keeps_the_goal_and_rules_readable_at_80x24():
    from tests.scenes import scrabble_fluxx_app
    from wordcards.games.scrabble_fluxx.render import goal_text, rules_text

    app = scrabble_fluxx_app()  # five rules in force
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = seen(app)
        text = " ".join(screen_text(app).replace("│", " ").split())
        for part in rules_text(view).split(" · ") + goal_text(view).split(" "):
            assert part in text, part
        assert "cards · " in text and "keeps " in text  # not "3c 7t", and Keepers by their names
        assert not any(word in text for word in ("Bkmk", "Libry", "Xword", "…"))


async def test_the_cooperative_team_score_and_goal_are_always_on_the_table():
    app = make_app("gift-words", seats=[Seat("Ann"), Seat("Ivy", "easy")], options={"variant": "cooperative"},
                   seed=3, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Team 17 of " in screen_text(app)  # Ivy made WHEY, +17, before Ann's first turn


def test_a_word_the_cards_cannot_spell_says_which_letters_the_hand_is_short_of():
    assert lacking("so", ["DD", "CO", "JO"]) == "no S"
    assert lacking("pood", ["O", "D", "P", "Y"]) == "only one O"
    assert lacking("qqqzz", ["IZ", "LL"]) == "no Q and only one Z"
    assert lacking("stop", ["AE", "IO"]) == "no S, T or P"  # in the word's order
    assert lacking("stutter", ["RT", "AN", "AM", "RU"]) == "no S or E and only one T"
    assert lacking("mammal", ["AM", "IM", "AN"]) == "no L and only two Ms"
    assert lacking("banana", ["AB", "N"]) == "only one A and one N"
    assert lacking("so", ["DD", "CO"], wilds=1) == ""  # a blank stands for the S
    assert lacking("stop", ["AE", "IO"], wilds=1) == "no S, T or P"  # one blank cannot make up three
    assert lacking("quit ax", ["QU", "I", "T", "A"]) == "no X"  # the space between words is no letter
    assert lacking("dodo", ["DD", "CO", "JO"]) == ""  # the letters are there; the cards' pairs are what fail
