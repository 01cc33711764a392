"""Word Whiz through key presses (Textual's Pilot): a word placed with the cursor, a swap of all 7 tiles,
a race in which the computer places tiles while the person types, and the round-end word table."""

import time

from tests.test_fez_tui import screen_text
from tests.tui_helpers import FakeClock, seen, wait_for
from tests.test_word_whiz_rules import game, hand, row_of
from wordcards.core.match import Match
from wordcards.core.common import Seat
from wordcards.tui.app import make_app
from tests.scenes import SIZE, settle
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
                         [hand("blue", "XBCWDGL"), []], bags=[hand("blue", "AEIOU"), []])
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
        assert len(ann.hand) == 7 and ann.bag_counts[0] == 5  # seven back in the bag, seven drawn


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
