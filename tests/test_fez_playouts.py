"""Seeded computer-only games, with the invariants checked after every move.

75 cases across 2-6 players, the levels and the rule options, a game each (eight, 600 games, with
WORDCARDS_FULL_PLAYOUTS=1): no card lost or duplicated, scores equal the sum of the events' points (checked by
``sim.play_one``), every game ends, and no seat's view changes when the cards it cannot see are shuffled among the
places it cannot see into.
"""

import pytest

from tests.playouts import count, play_case

OPTION_SETS = [
    {},
    {"nasty": True},
    {"no_layoffs": True},
    {"two_packs": True, "rounds": 2},
    {"nasty_flush": True, "nasty_handover": True},
]
LEVELS = [["hard"], ["easy", "medium"], ["beginner", "hard"]]
GAMES_PER_CASE = count(full=8, quick=1)
CASES = [(players, i) for players in range(2, 7) for i in range(15)]  # every option set at every level


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    for _options, result in play_case("fez", players, case, OPTION_SETS, LEVELS, GAMES_PER_CASE, check_every=5):
        assert result.moves > 0 and len(result.scores) == players
