"""The crossword move generator.

The compiled search (native/movegen.c) finds exactly the plays of the Python
search on seeded positions and on the edges of the grid. The Python search,
cut short by its node budget, returns only real plays, keeps what it found, and
searches the second direction with the whole rack (it used to lose tiles to the
first).
"""

import random
import sys

import pytest

from wordcards.core import lexicon, movegen
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.movegen import Play, generate, python_search
from wordcards.core.placing import letters_of
from wordcards.core.common import Seat

AREA, CENTRE = (0, 0, 14, 14), (7, 7)
UNLIMITED = 10**9
HIDDEN = "_wordcards_movegen" in sys.modules and sys.modules["_wordcards_movegen"] is None
"""This run hides the compiled search (``tests/without_native.py``): the Python search is checked alone."""
needs_native = pytest.mark.skipif(HIDDEN, reason="the compiled search is hidden in this run")


@pytest.fixture(scope="module")
def words():
    return lexicon.load("default")


def placements(plays):
    """The tiles of each play (a single tile is one play, whichever direction found it first)."""
    return {frozenset(p.tiles) for p in plays}


def whole_python(letters, rack, words, **where):
    return python_search(letters, rack, words, max_nodes=UNLIMITED, **where)


def whole_search(letters, rack, words, **where):
    """Every play: the compiled search (quicker), or the unbudgeted Python one when it is hidden."""
    return whole_python(letters, rack, words, **where) if HIDDEN else generate(letters, rack, words, **where)


@needs_native
def test_the_compiled_search_is_installed():
    # pip install . builds it (hatch_build.py); without it the computer players fall back to a budgeted search.
    assert movegen.Trie is not None


@needs_native
def test_compiled_and_python_searches_find_the_same_plays_on_seeded_boards(words):
    checked = 0
    for game, seats, options in (("scrabble-fluxx", 3, {}), ("word-whiz", 3, {"length": "one-round"})):
        match = Match.new(game, [Seat(f"c{i}", "hard") for i in range(seats)], options, seed=41, save=False)
        referee = Referee(match)
        turns = 0
        while not match.is_over and turns < 60:
            state = match.state
            if state.phase in ("place", "play") and not getattr(state, "owed", None):
                view = match.view(state.current)
                tiles = view.hand[:5]
                rack = "".join(view.cards[t].letters.lower() or "?" for t in tiles)
                grid = view.board if game == "scrabble-fluxx" else view.grid
                where = {"area": AREA, "centre": CENTRE} if game == "scrabble-fluxx" else {}
                if turns % 4 == 0:
                    compiled = generate(letters_of(grid), rack, words, **where)
                    assert len(compiled) == len(set(compiled))
                    assert set(compiled) == set(whole_python(letters_of(grid), rack, words, **where))
                    checked += 1
                turns += 1
            referee.computer_step()
    assert checked >= 8


@pytest.mark.parametrize("letters, rack, where", [
    ({}, "cat", {"area": AREA, "centre": CENTRE}),  # empty board: through the centre only
    ({}, "do", {}),  # empty open grid
    ({(0, 0): "a", (0, 1): "t"}, "?s", {}),  # wild tiles, an open grid, plays before and after
    ({(0, 13): "q", (0, 14): "i"}, "as", {"area": AREA, "centre": CENTRE}),  # at the board's edge
    ({(7, 7): "x", (8, 7): "é"}, "aeo", {"area": AREA, "centre": CENTRE}),  # a letter outside a-z blocks words
    ({(7, 7): "c", (7, 8): "a", (7, 9): "t"}, "srehot", {"area": AREA, "centre": CENTRE, "max_tiles": 2}),
])
def test_compiled_and_python_agree_on_the_edges(words, letters, rack, where):
    compiled = generate(letters, rack, words, **where)
    assert len(compiled) == len(set(compiled))
    assert set(compiled) == set(whole_python(letters, rack, words, **where))


def test_plays_are_tuples_of_tiles_in_line_order(words):
    plays = generate({(7, 7): "a"}, "tx", words, area=AREA, centre=CENTRE)
    assert Play((((7, 8), "t", False),), "across") in plays
    for play in plays:
        cells = [cell for cell, _, _ in play.tiles]
        assert cells == sorted(cells)


@needs_native
def test_the_compiled_word_list_refuses_words_out_of_order():
    with pytest.raises(ValueError):
        movegen.Trie(b"cat\nbat")
    with pytest.raises(ValueError):
        movegen.Trie(b"Cat")
    assert movegen.Trie(b"a\nat\ncat").words() == 3


def test_a_budgeted_search_finds_a_subset_of_the_whole_search_in_both_directions(words):
    whole = placements(whole_search({}, "?retina", words, area=AREA, centre=CENTRE))
    cut = placements(python_search({}, "?retina", words, area=AREA, centre=CENTRE, max_nodes=30_000))
    assert len(whole) == 20_596  # 20,586 before the club lists' plurals, 18,982 with the SCOWL list (the default until the game list), 19,044 before the
    # short words no club list has left it, 19,088 before the letter plurals left it, 19,072 before the slurs
    assert cut <= whole
    # Before the fix the down pass searched with the tiles the across pass had not given back: 111 plays.
    assert len(cut) > 5_000
    assert {p.direction for p in python_search({}, "?retina", words, area=AREA, centre=CENTRE, max_nodes=30_000)} == {
        "across", "down"}


def test_a_search_with_budget_enough_equals_the_whole_search_on_a_mid_game_board(words):
    match = Match.new("scrabble-fluxx", [Seat("A", "hard"), Seat("B", "hard")], {}, seed=11, save=False)
    referee = Referee(match)
    while len(match.state.board) < 25 and not match.is_over:
        referee.computer_step()
    letters = {cell: p.letter for cell, p in match.state.board.items()}
    rack = "?aeinrst"
    whole = placements(whole_search(letters, rack, words, area=AREA, centre=CENTRE))
    for budget in (2_000, 20_000):
        assert placements(python_search(letters, rack, words, area=AREA, centre=CENTRE, max_nodes=budget,
                                        rng=random.Random(budget))) <= whole
    assert placements(python_search(letters, rack, words, area=AREA, centre=CENTRE, max_nodes=len(whole) * 400)) == whole


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


@needs_native
def test_compiled_and_python_agree_on_random_small_grids():
    # Odd letters included: an upper-case Q, an accented e and a "?" on the grid fit no word either way.
    words, rng = lexicon.load("common"), random.Random(5)
    for _ in range(150):
        grid, r, c = {}, 0, 0
        for _ in range(rng.randint(0, 12)):
            grid[r, c] = rng.choice("abcdefghijklmnopqrstuvwxyz" * 3 + "é?Q")
            r, c = (r, c + rng.choice((-1, 1))) if rng.random() < 0.5 else (r + rng.choice((-1, 1)), c)
        rack = "".join(rng.choice("aeiourstlnbcdgmp??") for _ in range(rng.randint(0, 5)))
        where: dict = {} if rng.random() < 0.5 else {"area": (-4, -4, 4, 4), "centre": (0, 0)}
        if rng.random() < 0.3:
            where["max_tiles"] = rng.randint(0, 3)
        compiled = generate(grid, rack, words, **where)
        assert len(compiled) == len(set(compiled))
        assert set(compiled) == set(whole_python(grid, rack, words, **where)), (grid, rack, where)


@pytest.mark.parametrize("game,options", [("word-whiz", {"length": "one-round"}), ("scrabble-fluxx", {})])
def test_crossword_playouts_keep_the_invariants_on_whichever_search_is_in_use(game, options):
    """Run by the suite on the compiled search, and again on the Python search alone (``test_movegen_fallback``)."""
    from wordcards.core.sim import play_one

    result = play_one(game, 2, seed=17, levels=["hard", "medium"], options=options)
    assert result.moves > 10 and result.invariant_checks == result.moves and len(result.scores) == 2
