"""What the playout tests of every game check besides the rules' own invariants."""

from __future__ import annotations

import copy
import random


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
