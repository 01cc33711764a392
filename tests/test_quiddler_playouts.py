"""Seeded computer-only Quiddler games, with the DESIGN.md invariants checked after every move.

560 games across 2-8 players, both levels, the long game and the two-player
bonus option: no card lost or duplicated, hands of the right size, scores
equal the sum of the events' points (checked by ``sim.play_one``), every game
ends, and no seat's view changes when the cards it cannot see are shuffled
among the places it cannot see into.
"""

import pytest

from tests.playouts import others_and_stock, views_leak_nothing
from wordcards.core import sim
from wordcards.core.protocol import Seat
from wordcards.games.quiddler import rules

OPTION_SETS = [{}, {"two_player_bonus": "words"}, {}, {"long_game": True}]
LEVELS = [["hard"], ["easy"], ["easy", "hard"], ["hard", "easy"]]
GAMES_PER_CASE = 10
CASES = [(players, i) for players in range(2, 9) for i in range(8)]  # 56 cases × 10 games = 560 games


def check_views(match) -> None:
    state = match.state
    if state.phase in ("draw", "play", "challenge") and len(state.history) % 3 == 0:
        views_leak_nothing(rules, state, others_and_stock)


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    options = OPTION_SETS[case % len(OPTION_SETS)]
    levels = LEVELS[case % len(LEVELS)]
    for n in range(GAMES_PER_CASE):
        seed = players * 10_000 + case * 100 + n
        result = sim.play_one("quiddler", players, seed, levels, options, check=check_views)
        assert len(result.scores) == players
        state_rounds = 8 if options.get("long_game") else 4
        assert result.moves >= state_rounds * players  # every round was played


def test_the_leak_check_catches_a_view_that_shows_another_hand():
    class Leaky:
        @staticmethod
        def player_view(state, seat):
            return (rules.player_view(state, seat), tuple(map(tuple, state.hands)))

    state = rules.new_game([Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=9)
    views_leak_nothing(rules, state, others_and_stock)
    with pytest.raises(AssertionError, match="leaks"):
        views_leak_nothing(Leaky, state, others_and_stock)
