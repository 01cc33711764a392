"""Seeded computer-only Quiddler games, with the DESIGN.md invariants checked after every move.

560 games across 2-8 players, both levels, the long game and the two-player
bonus option: no card lost or duplicated, hands of the right size, scores
equal the sum of the events' points (checked by ``sim.play_one``), every game
ends, and no seat's view changes when the cards it cannot see are shuffled
among the places it cannot see into.
"""

import copy
import random

import pytest

from wordcards.core import sim
from wordcards.games.quiddler import rules

OPTION_SETS = [{}, {"two_player_bonus": "words"}, {}, {"long_game": True}]
LEVELS = [["hard"], ["easy"], ["easy", "hard"], ["hard", "easy"]]
GAMES_PER_CASE = 10
CASES = [(players, i) for players in range(2, 9) for i in range(8)]  # 56 cases × 10 games = 560 games


def views_leak_nothing(match) -> None:
    state = match.state
    if state.phase not in ("draw", "play", "challenge") or len(state.history) % 3:
        return
    for seat in range(state.players):
        places = lambda s: [h for i, h in enumerate(s.hands) if i != seat] + [s.stock]  # noqa: E731
        shuffled = copy.deepcopy(state)
        pool = [c for place in places(state) for c in place]
        random.Random(len(state.history)).shuffle(pool)
        for place in places(shuffled):
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
        result = sim.play_one("quiddler", players, seed, levels, options, check=views_leak_nothing)
        assert len(result.scores) == players
        state_rounds = 8 if options.get("long_game") else 4
        assert result.moves >= state_rounds * players  # every round was played
