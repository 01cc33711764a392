"""Seeded computer-only Quiddler games, with the invariants checked after every move.

56 cases across 2-8 players, the levels, the long game and the two-player bonus option, a game each (ten, 560 games,
with WORDCARDS_FULL_PLAYOUTS=1): no card lost or duplicated, hands of the right size, scores equal the sum of the
events' points (checked by ``sim.play_one``), every game ends, and no seat's view changes when the cards it cannot see
are shuffled among the places it cannot see into.
"""

import pytest

from tests.playouts import count, others_and_stock, play_case, views_leak_nothing
from wordcards.core.common import Seat
from wordcards.games.quiddler import rules

OPTION_SETS = [{}, {"two_player_bonus": "words"}, {}, {"long_game": True}]
LEVELS = [["hard"], ["easy", "medium"], ["beginner", "hard"], ["hard", "easy"]]
GAMES_PER_CASE = count(full=10, quick=1)
CASES = [(players, i) for players in range(2, 9) for i in range(8)]  # 56 cases


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    # The two-player bonus option means nothing with more players, and is refused there.
    option_sets = OPTION_SETS if players == 2 else [{} if "two_player_bonus" in o else o for o in OPTION_SETS]
    for options, result in play_case("quiddler", players, case, option_sets, LEVELS, GAMES_PER_CASE, check_every=3):
        assert len(result.scores) == players
        rounds = 8 if options.get("long_game") else 4
        assert result.moves >= rounds * players  # every round was played


def test_the_leak_check_catches_a_view_that_shows_another_hand():
    class Leaky:
        @staticmethod
        def player_view(state, seat):
            return (rules.player_view(state, seat), tuple(map(tuple, state.hands)))

    state = rules.new_game([Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=9)
    views_leak_nothing(rules, state, others_and_stock)
    with pytest.raises(AssertionError, match="leaks"):
        views_leak_nothing(Leaky, state, others_and_stock)
