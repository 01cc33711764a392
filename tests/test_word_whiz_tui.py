"""Word Whiz through key presses (Textual's Pilot): a word placed with the cursor, a swap of all 7 tiles,
a race in which the computer places tiles while the person types, and the round-end word table."""

import time

import pytest

from tests.test_fez_tui import screen_text
from tests.tui_helpers import FakeClock, seen, wait_for
from tests.test_word_whiz_rules import game, hand, row_of
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.tui.app import make_app
from tests.scenes import SIZE, settle, tab_to
from wordcards.tui.scores import SummaryScreen
from wordcards.tui.screens import ConfirmScreen


def pinned_match(seats, grid, hands, bags=None, options=None):
    match = Match.new("word-whiz", seats, options, seed=1, save=False)
    match.state = game(grid, hands, bags=bags, options=options)
    match.state.seats = list(seats)
    return match


async def test_placing_a_word_with_the_cursor():
    # HOUSE across from 0,0; the cursor starts on its H.
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), []], bags=[hand("blue", "DG"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("up", "tab", "b", "h", "a")  # down: B at -1,0, step over the H, A at 1,0
        await pilot.pause()
        assert "BHA· Enter places 2 tiles" in screen_text(app)
        await pilot.press("escape", "down", "tab", *["right"] * 5, "s")  # Esc: the cursor back to -1,0  # across: an S at 0,5
        await pilot.pause()
        assert "HOUSES 5  · Enter places 1 tile" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert seen(app).grid[0, 5].letter == "s" and seen(app).grid[0, 5].seat == 0
        assert len(seen(app, 0).hand) == 7  # refilled from the bag


async def test_typing_over_a_different_letter_is_refused_not_added_after_the_word():
    """Typing REALIGN over the U of UNTIE once laid UNTIEReALIGN: the R went after the word, unasked."""
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "REALIGN"), []], bags=[hand("blue", "DT"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")  # the cursor is on the H of HOUSE
        await pilot.pause()
        assert app.screen.grid.pending == [] and "that square already holds H" in screen_text(app)
        await pilot.press("h", "o")  # the letters already there step over as before
        await pilot.pause()
        assert app.screen.grid.at == (0, 2) and app.screen.grid.pending == []
        await pilot.press("down", "left", "a", "left", "l")  # onto the A just typed (not the last tile's square)
        await pilot.pause()
        assert app.screen.grid.pending == [((1, 1), "a", False)] and "you have typed A there" in screen_text(app)


async def test_c_challenges_the_computers_placement_before_it_refills():
    """F1 said c challenges a word before the player's turn ends; in Word Whiz it only typed a C."""
    from wordcards.tui.challenge import ChallengeScreen

    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 0),
                         [hand("blue", "ASTERNB"), hand("red", "ATRND", skip="HOUSE")],
                         bags=[hand("blue", "DG"), hand("red", "LL")])
    match.state.current = 1
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: seen(app).phase == "challenge")
        await settle(pilot)
        assert "Ann: challenge Hal's play?" in screen_text(app)
        assert "c challenges, Enter lets it stand" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen) and "(by Hal" in screen_text(app)
        await pilot.press("escape", "enter")  # back, and let it stand: Hal refills, and it is Ann's turn
        await settle(pilot)
        assert seen(app).phase == "play" and seen(app).current == 0 and seen(app).bag_counts[1] == 0  # refilled


async def test_an_illegal_placement_says_why_and_changes_nothing():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), []], bags=[hand("blue", "DG"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "down", "a", "t")
        await pilot.pause()
        assert "the tiles must join the crossword" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert len(seen(app).grid) == 5 and "join the crossword" in screen_text(app)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert "you have no Q tile and no wild tile left" in screen_text(app)


async def test_swapping_all_seven_tiles():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "XBCWDGL"), []], bags=[hand("blue", "AEIOUNRST"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")  # one key would throw the whole hand away: it asks first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "Swap all 7 of your tiles" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert app.match.history == ()
        await pilot.press("f4", "y")
        await settle(pilot)
        assert app.match.history[0] == "swap 0"
        ann = seen(app, 0)
        assert len(ann.hand) == 7 and ann.bag_counts[0] == 9  # seven drawn, seven back in the bag


async def test_f4_with_fewer_than_seven_tiles_in_the_bag_says_why_at_once():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "XBCWDGL"), []], bags=[hand("blue", "AE"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen) and app.match.history == ()
        assert "a swap takes 7 new tiles, and your bag has only 2" in screen_text(app)


async def test_a_race_round_where_the_computer_places_while_the_person_types():
    seats = [Seat("Ann"), Seat("Hal", "hard")]
    match = Match.new("word-whiz", seats, {"race": True, "race_seconds": 1, "length": "one-round"}, seed=5,
                      save=False)
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if seen(app).phase == "start":  # Ann starts: she places the computer's choice of starting word by hand
            move = match.bot(0).choose(match.view(0))
            match.play(move)
            app.screen.advance()
            await settle(pilot)
        assert seen(app).phase == "play" and seen(app).current == 0
        placed_before = sum(p.seat == 1 for p in seen(app).grid.values())
        ann = seen(app, 0)
        letter = ann.cards[ann.hand[0]].letters or "e"
        await pilot.press("down", "down", letter.lower())  # Ann starts typing somewhere below the start word
        deadline = time.monotonic() + 20
        while sum(p.seat == 1 for p in seen(app).grid.values()) == placed_before and time.monotonic() < deadline:
            await pilot.pause(0.2)
        assert sum(p.seat == 1 for p in seen(app).grid.values()) > placed_before  # Hal placed tiles...
        assert all(s.startswith("place 1") or s.startswith("swap 1") or s.startswith("pass 1")
                   for s in app.match.history[1:])  # ...and Ann has not moved
        assert app.screen.grid.pending or seen(app).phase != "play"  # her typed tile is still hers to place
        while seen(app).phase == "play" and time.monotonic() < deadline + 60:
            await pilot.press("f5", "y")  # Ann is stuck; Hal races on until he is out or stuck too
            await pilot.pause(0.5)
        await settle(pilot)
        assert seen(app).phase in ("challenge", "game-over")
        if seen(app).phase == "challenge":
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, SummaryScreen) and "word by word" in screen_text(app)


def pinned_race(clock):
    """Ann races Hal (hard) on HOUSE, Hal's; the race runs on ``clock``, which moves only when the test says."""
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), hand("red", "TAN", skip="HOUSE")], bags=[hand("blue", "DG"), []],
                         options={"race": True, "race_seconds": 1})
    return make_app("word-whiz", match=match, save=False, computer_delay=0, clock=clock)


async def test_a_race_goes_on_while_the_person_reads_the_help():
    """F1 and F8 stopped the computer players while they were open: the race now never waits for one person."""
    from wordcards.tui.screens import HelpScreen

    clock = FakeClock()
    app = pinned_race(clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)

        def hal_placed() -> bool:
            clock.now += 1  # time passes on the race's clock while the help is open
            return any(move.startswith("place 1") for move in app.match.history)

        await wait_for(pilot, hal_placed, limit=10)
        assert hal_placed() and isinstance(app.screen, HelpScreen)


async def test_a_race_gives_no_hints():
    """F8 handed the racer a ready placement: pressed before every placement, it beat any level."""
    from wordcards.core.hints import NoHint, suggest
    from wordcards.tui.hint import HintScreen

    app = pinned_race(FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f8")
        await pilot.pause()
        assert not isinstance(app.screen, HintScreen) and "a race gives no hints" in screen_text(app)
        with pytest.raises(NoHint, match="a race gives no hints"):  # nor does `wordcards hint` on its save
            suggest(app.match, "hard", 0)


async def test_enter_refuses_tiles_whose_words_a_racer_changed_since_they_were_typed():
    app = pinned_race(FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "right", "right", "right", "right", "s")  # S under the E of HOUSE: ES
        await pilot.pause()
        assert "ES· Enter places 1 tile" in screen_text(app)
        table = app.screen
        table.game_moved(table.referee.play("place 1 0,3 down st"))  # Hal's T beside Ann's S: ST, and TS across
        await pilot.press("enter")
        await pilot.pause()
        assert app.match.history == ("place 1 0,3 down st",)
        assert "The crossword changed since you typed: your tiles now make ES, TS" in screen_text(app)
        await pilot.press("enter")  # seen: now they are placed
        await settle(pilot)
        assert app.match.history[1] == "place 0 1,4 across s"


async def test_enter_after_a_racer_took_the_square_typed_on_says_who_got_there_first():
    app = pinned_race(FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "right", "right", "right", "right", "s")  # S under the E of HOUSE
        await pilot.pause()
        table = app.screen
        table.game_moved(table.referee.play("place 1 1,4 down t"))  # Hal's T on that very square
        await pilot.press("enter")
        await pilot.pause()
        assert "got to" in screen_text(app) and "first: your tile there is back in your hand" in screen_text(app)
        assert "Type letters onto the crossword first" not in screen_text(app)


async def test_the_turn_clock_passes_the_turn_when_it_runs_out():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), []], bags=[hand("blue", "DG"), []], options={"turn_clock": 30})
    clock = FakeClock()
    app = make_app("word-whiz", match=match, save=False, computer_delay=0, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "⏳ 30s" in screen_text(app)
        await pilot.press("down", "a")  # a tile typed but not placed when time runs out
        clock.now += 30
        await wait_for(pilot, lambda: bool(app.match.history))  # the clock is checked every quarter second
        await settle(pilot)
        assert app.match.history[0] == "pass 0" and len(seen(app).grid) == 5
        assert len(seen(app, 0).hand) == 7


async def test_a_wild_tile_shows_in_lower_case_before_it_is_placed():
    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "?STERNB"), []], bags=[hand("blue", "DG"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("up", "tab", "b", "h", "a")  # no A tile: the wild stands for it
        await pilot.pause()
        assert "BHa· Enter places 2 tiles" in screen_text(app)  # the preview, in lower case
        assert "[a]" in app.screen.grid.render().plain  # and on the crossword


async def test_keys_that_arrive_together_are_applied_in_the_order_typed():
    """A paste, tmux or a slow SSH link delivers keys bunched together: letters once overtook the arrows and
    the Tab typed before them, and landed on the wrong squares."""
    from textual import events

    match = pinned_match([Seat("Ann"), Seat("Hal", "hard")], row_of("house", "red", 1),
                         [hand("blue", "ASTERNB"), []], bags=[hand("blue", "DG"), []])
    app = make_app("word-whiz", match=match, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        keys = ["up", "tab", "b", "h", "a", "escape", "down", "tab", *["right"] * 5, "s", "enter"]
        for key in keys:  # all queued at once, with no pause between them
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await settle(pilot)
        assert seen(app).grid[0, 5].letter == "s" and seen(app).grid[0, 5].seat == 0
        assert (-1, 0) not in seen(app).grid and (1, 0) not in seen(app).grid


async def test_the_setup_form_says_what_the_option_with_the_focus_means_to_a_keyboard():
    """An option's meaning was a tooltip, which only a mouse raises: "Turn clock 0" left people guessing."""
    app = make_app("word-whiz", save=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await tab_to(pilot, "opt-turn_clock")
        assert "Turn-taking: seconds for each person's turn (0: no clock)" in screen_text(app)
        await pilot.press("tab")  # on to the word list, which names the lists instead
        await settle(pilot)
        assert "no clock" not in screen_text(app) and "Word lists: default" in screen_text(app)
