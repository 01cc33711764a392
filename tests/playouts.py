"""What the playout tests of every game check besides the rules' own invariants."""

from __future__ import annotations

import copy
import os
import random

from wordcards.core import sim
from wordcards.core.registry import find_game

FULL = os.environ.get("WORDCARDS_FULL_PLAYOUTS") == "1"


def count(full: int, quick: int) -> int:
    """How many games (or actions) a playout or fuzz test plays on each of its cases: ``quick`` by default,
    ``full`` with WORDCARDS_FULL_PLAYOUTS=1 (the quick games are the full run's first ones)."""
    return full if FULL else quick


def views_leak_nothing(rules, state, hidden_places) -> None:
    """Shuffle the cards a seat cannot see among the places it cannot see into: its view must not change.

    ``hidden_places(state, seat)`` lists those places (other hands, the stock) as lists to refill in place.
    """
    for seat in range(state.players):
        shuffled = copy.deepcopy(state)
        pool = [c for place in hidden_places(state, seat) for c in place]
        random.Random(len(state.history)).shuffle(pool)
        for place in hidden_places(shuffled, seat):
            size = len(place)
            place[:] = pool[:size]
            del pool[:size]
        assert rules.player_view(shuffled, seat) == rules.player_view(state, seat), f"seat {seat}'s view leaks"


def others_and_stock(state, seat: int) -> list[list[str]]:
    return [h for i, h in enumerate(state.hands) if i != seat] + [state.stock]


def play_case(game: str, players: int, case: int, option_sets: list[dict], levels: list[list[str]],
              games: int, check_every: int, hidden_places=others_and_stock):
    """Play one parametrized case's seeded games; yield (options, result) for the test's own asserts.

    Besides ``sim.play_one``'s checks (the rules' invariants, event points equal
    to the sheet, an end), at every ``check_every``-th move no view leaks.
    """
    rules = find_game(game).rules
    options = option_sets[case % len(option_sets)]

    def check(match) -> None:
        state = match.state
        if state.phase not in ("round-over", "game-over") and len(state.history) % check_every == 0:
            views_leak_nothing(rules, state, hidden_places)

    for n in range(games):
        seed = players * 10_000 + case * 100 + n
        yield options, sim.play_one(game, players, seed, levels[case % len(levels)], options, check=check)
