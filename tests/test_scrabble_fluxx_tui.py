"""Scrabble Fluxx through key presses (Textual's Pilot): a Fluxx card played and then tiles laid, a revealed
rack and a person's find-a-play checked against the word list, and a discard down to a new Hand Limit."""

from textual.widgets import SelectionList, Static

from tests.test_fez_tui import screen_text
from tests.test_scrabble_fluxx_rules import CARD, game
from tests.tui_helpers import seen
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.tui.app import make_app
from tests.scenes import SIZE, settle
from wordcards.tui.screens import ConfirmScreen, PassScreen, PickScreen
from wordcards.tui.crossword_entry import TypingGrid


def pinned_match(seats, **deal):
    match = Match.new("scrabble-fluxx", seats, seed=1, save=False)
    match.state = game(players=len(seats), **deal)
    match.state.seats = list(seats)
    return match


async def test_a_fluxx_card_played_then_tiles_laid_by_keys():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], board=[("cat", 7, 6, False)], racks=("SHEDSAB", "ONE"),
                         turns=2, fluxx_hands=[[CARD["Play 2"], CARD["The Ink"]], []], bag="OOOO")
    app = make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await pilot.pause()
        assert "Play 2 (New Rule): Play 2 Fluxx cards" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert "Draw 1 · Play 2" in str(app.screen.query_one("#rules", Static).content)
        await pilot.press("1", "enter")  # The Ink: the second card under Play 2
        await settle(pilot)
        assert seen(app).keepers[0] == (CARD["The Ink"],) and seen(app).phase == "place"
        assert seen(app).target == 2
        await pilot.press("left", "left", "s", "c", "a", "t")  # S on F8, then step over C A T
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert "SCATS 7, single-word bonus 10 = 17  · Enter lays 2 tiles" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        view = seen(app)
        assert view.board[7, 5].letter == "s" and view.board[7, 9].letter == "s"
        assert [line.points for line in view.sheet if line.seat == 0] == [7, 10]


async def test_a_revealed_rack_and_a_play_found_by_another_person():
    match = pinned_match([Seat("Ann"), Seat("Bob")], board=[("ax", 7, 7, False)], racks=("QZ", "B"), turns=2,
                         in_play=[CARD["Play 3"]], bag="EE")
    app = make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the device goes to Ann first
        await settle(pilot)
        await pilot.press("f6")  # −21 at one key: it asks first, and Esc takes it back
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "worth 21" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert seen(app).phase == "place" and seen(app).revealed == ()
        await pilot.press("f6", "y")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert "Ann revealed Q Z E" in screen_text(app)
        await pilot.press("up", "z", "x")  # Z on H7 over the A: ZA down is fine; X is not revealed
        await pilot.pause()
        assert "you have no X tile" in screen_text(app)
        await pilot.press("escape", "z")  # Esc takes the Z back and the cursor to H7, where typing began
        await pilot.pause()
        assert "ZA 11" in screen_text(app) and "Enter checks this play" in screen_text(app)
        app.lexicon_ready = True
        await pilot.press("enter")
        await settle(pilot)
        assert [(line.seat, line.points) for line in seen(app).sheet] == [(0, -21)]


async def test_a_play_found_by_a_computer_shows_on_the_table_with_its_square():
    """The outcome of a revealed rack once showed only in the log (F3), and without the square of the play found."""
    from tests.tui_helpers import wait_for

    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], board=[("ax", 7, 7, False)], racks=("QZ", "B"),
                         turns=2, in_play=[CARD["Play 3"]], bag="EE")
    app = make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("f6", "y")
        await wait_for(pilot, lambda: bool(seen(app).sheet))
        await settle(pilot)
        [line] = seen(app).sheet
        assert line.points == -21 and " from " in line.detail  # Hal found a play, on a square named as the board does
        text = screen_text(app)  # a notice over the table, wrapped in its box
        assert "Ann's revealed rack (Q10 Z10 E1:" in text and f"{line.detail.split()[-1]}: -21" in text


async def test_a_new_hand_limit_makes_another_person_discard_at_once():
    match = pinned_match([Seat("Ann"), Seat("Bob")], board=[("cat", 7, 6, False)], racks=("ABDEF", "EGILN"),
                         turns=2, fluxx_hands=[[CARD["Hand Limit 3"], CARD["The Ink"]],
                                               [CARD["Draw 2"], CARD["Draw 3"], CARD["Recycle"], CARD["The Poem"]]],
                         in_play=[CARD["Play 2"]])
    app = make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the device goes to Ann first
        await settle(pilot)
        await pilot.press("1", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)  # Bob's turn to discard: his cards must be hidden till then
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PickScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "pick exactly 1 card, 2 tiles" in screen_text(app)
        picks = app.screen.query_one(SelectionList)
        for value in (CARD["Recycle"], seen(app, 1).hand[0], seen(app, 1).hand[1]):
            picks.select(value)
        await pilot.pause()
        text = screen_text(app)
        assert text.count("[x]") == 3 and text.count("[ ]") == 6  # marks read as text (a str prompt ate "[x]")
        await pilot.press("enter")
        await settle(pilot)
        assert seen(app).fluxx_sizes[1] == 3 and len(seen(app, 1).hand) == 3
        assert seen(app).owed == ()


async def test_the_whole_board_shows_at_80_by_24_labelled_as_scrabble_players_write_it():
    for size in (SIZE, (120, 40)):  # a bigger window draws no squares off the board
        match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], board=[("cat", 7, 6, False)], racks=("SHEDSAB", "ONE"),
                             turns=2, fluxx_hands=[[CARD["Play 2"]], []], bag="OOOO")
        app = make_app("scrabble-fluxx", match=match, save=False, computer_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            grid = app.screen.query_one(TypingGrid)
            lines = grid.render().plain.splitlines()
            assert lines[0].split() == list("ABCDEFGHIJKLMNO")
            assert [line.split()[0] for line in lines[1:]] == [str(n) for n in range(1, 16)]  # rows 1-15, no more
            assert [s for s in lines[1].split()[1:] if s != "·"] == "TW DL TW DL TW".split()  # premiums of A1 to O1
            assert lines[8][4 + 3 * 6:4 + 3 * 9].split() == list("CAT")  # G8 H8 I8
            assert grid.region.bottom <= size[1] - 7  # the hands, preview, log and keys fit below
