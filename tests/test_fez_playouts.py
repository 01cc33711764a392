"""Seeded computer-only games, with the DESIGN.md invariants checked after every move.

600 games across 2-6 players, both levels and the rule options: no card lost
or duplicated, scores equal the sum of the events' points (checked by
``sim.play_one``), every game ends, and no seat's view changes when the cards
it cannot see are shuffled among the places it cannot see into.
"""

import copy
import random

import pytest

from wordcards.core import sim
from wordcards.games.fez import rules

OPTION_SETS = [
    {},
    {"nasty": True},
    {"no_layoffs": True},
    {"two_packs": True, "rounds": 2},
    {"nasty_flush": True, "nasty_handover": True},
]
LEVELS = [["hard"], ["easy"], ["easy", "hard"]]
GAMES_PER_CASE = 8
CASES = [(players, i) for players in range(2, 7) for i in range(15)]  # 75 cases × 8 games = 600 games


def views_leak_nothing(match) -> None:
    state = match.state
    if state.phase not in ("draw", "play", "challenge") or len(state.history) % 5:
        return
    for seat in range(state.players):
        hidden_places = [h for s, h in enumerate(state.hands) if s != seat] + [state.stock]
        shuffled = copy.deepcopy(state)
        pool = [c for place in hidden_places for c in place]
        random.Random(len(state.history)).shuffle(pool)
        places = [h for s, h in enumerate(shuffled.hands) if s != seat] + [shuffled.stock]
        for place in places:
            size = len(place)
            place[:] = pool[:size]
            del pool[:size]
        assert rules.player_view(shuffled, seat) == rules.player_view(state, seat), f"seat {seat}'s view leaks"


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    options = OPTION_SETS[case % len(OPTION_SETS)]
    levels = LEVELS[case % len(LEVELS)]
    for n in range(GAMES_PER_CASE):
        seed = players * 10_000 + case * 100 + n
        result = sim.play_one("fez", players, seed, levels, options, check=views_leak_nothing)
        assert result.moves > 0 and len(result.scores) == players
