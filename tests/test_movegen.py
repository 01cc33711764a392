"""The crossword move generator: a search cut short by its node budget returns only real plays, keeps what it
found, and searches the second direction with the whole rack (it used to lose tiles to the first)."""

import random

import pytest

from wordcards.core import lexicon
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.movegen import generate
from wordcards.core.protocol import Seat

AREA, CENTRE = (0, 0, 14, 14), (7, 7)
UNLIMITED = 10**9


@pytest.fixture(scope="module")
def words():
    return lexicon.load("default")


def placements(plays):
    """The tiles of each play (a single tile is one play, whichever direction found it first)."""
    return {frozenset(p.tiles) for p in plays}


def test_a_budgeted_search_finds_a_subset_of_the_whole_search_in_both_directions(words):
    whole = placements(generate({}, "?retina", words, area=AREA, centre=CENTRE, max_nodes=UNLIMITED))
    cut = placements(generate({}, "?retina", words, area=AREA, centre=CENTRE, max_nodes=30_000))
    assert len(whole) == 19_044  # 19,088 before the letter plurals left the list, 19,072 before the slurs
    assert cut <= whole
    # Before the fix the down pass searched with the tiles the across pass had not given back: 111 plays.
    assert len(cut) > 5_000
    assert {p.direction for p in generate({}, "?retina", words, area=AREA, centre=CENTRE, max_nodes=30_000)} == {
        "across", "down"}


def test_a_search_with_budget_enough_equals_the_whole_search_on_a_mid_game_board(words):
    match = Match.new("scrabble-fluxx", [Seat("A", "hard"), Seat("B", "hard")], {}, seed=11, save=False)
    referee = Referee(match)
    while len(match.state.board) < 25 and not match.is_over:
        referee.computer_step()
    letters = {cell: p.letter for cell, p in match.state.board.items()}
    rack = "?aeinrst"
    whole = placements(generate(letters, rack, words, area=AREA, centre=CENTRE, max_nodes=UNLIMITED))
    for budget in (2_000, 20_000):
        assert placements(generate(letters, rack, words, area=AREA, centre=CENTRE, max_nodes=budget,
                                   rng=random.Random(budget))) <= whole
    assert placements(generate(letters, rack, words, area=AREA, centre=CENTRE, max_nodes=len(whole) * 400)) == whole


def test_the_hard_player_finds_an_opening_on_the_empty_board_instead_of_swapping():
    # Three hard seats, seed 2001: the opener holds a blank and ARUTES; its single anchor ran out of budget
    # and every play found there was thrown away, so it swapped. UPTEARS (the blank a P) scores 64.
    match = Match.new("scrabble-fluxx", [Seat(n, "hard") for n in ("A", "B", "C")], {}, seed=2001, save=False)
    seat = match.to_move
    move = match.bot(seat).choose(match.view(seat))
    assert str(move) == "place 1 7,7 down u?ptears"
    match.play(move)
    assert match.rules.totals(match.state)[seat] == 0  # scored when the turn's challenges are over
    match.play("end")
    assert match.rules.totals(match.state)[seat] == 64
