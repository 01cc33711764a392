"""Seeded computer-only games, with the invariants checked after every move.

600 games across 2-6 players, both levels and the rule options: no card lost
or duplicated, scores equal the sum of the events' points (checked by
``sim.play_one``), every game ends, and no seat's view changes when the cards
it cannot see are shuffled among the places it cannot see into.
"""

import pytest

from tests.playouts import play_case

OPTION_SETS = [
    {},
    {"nasty": True},
    {"no_layoffs": True},
    {"two_packs": True, "rounds": 2},
    {"nasty_flush": True, "nasty_handover": True},
]
LEVELS = [["hard"], ["easy", "medium"], ["beginner", "hard"]]
GAMES_PER_CASE = 8
CASES = [(players, i) for players in range(2, 7) for i in range(15)]  # 75 cases × 8 games = 600 games


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    for _options, result in play_case("fez", players, case, OPTION_SETS, LEVELS, GAMES_PER_CASE, check_every=5):
        assert result.moves > 0 and len(result.scores) == players
