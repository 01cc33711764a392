"""Seeded computer-only Scrabble Fluxx games, with the invariants checked after every move:
no card lost or duplicated, scores that add up, every game ends, and no view that leaks another seat's cards.

12 cases across 2-4 players and the levels, a game each (three, 36 games, with WORDCARDS_FULL_PLAYOUTS=1): no tile or
Fluxx card lost or duplicated, one rule of each kind in play, a board in one piece across the centre, nobody over a
limit once play goes on, scores equal the sum of the events' points (``sim.play_one``), every game ends, and no seat's
view changes when what it cannot see (other racks and Fluxx hands, the bag, the draw pile) is shuffled.
"""

import pytest

from tests.playouts import count, play_case, views_leak_nothing
from wordcards.core.common import Seat
from wordcards.games.scrabble_fluxx import rules

LEVELS = [["hard"], ["easy", "medium"], ["beginner", "hard"], ["hard", "easy", "medium", "beginner"]]
GAMES_PER_CASE = count(full=3, quick=1)
CASES = [(players, i) for players in (2, 3, 4) for i in range(4)]  # 12 cases


def hidden(state, seat: int) -> list[list[str]]:
    others = [i for i in range(state.players) if i != seat]
    return [state.hands[i] for i in others] + [state.stock] + [state.fluxx_hands[i] for i in others] + [state.deck]


@pytest.mark.playout
@pytest.mark.parametrize("players,case", CASES)
def test_playouts_keep_the_invariants(players, case):
    for _, result in play_case("scrabble-fluxx", players, case, [{}], LEVELS, GAMES_PER_CASE, check_every=5,
                               hidden_places=hidden):
        assert len(result.scores) == players
        assert max(result.scores) > 0


def test_the_leak_check_catches_a_view_that_shows_the_draw_pile():
    class Leaky:
        @staticmethod
        def player_view(state, seat):
            return (rules.player_view(state, seat), tuple(state.deck))

    state = rules.new_game([Seat("Ann"), Seat("Bob"), Seat("Cy")], {}, seed=9)
    views_leak_nothing(rules, state, hidden)
    with pytest.raises(AssertionError, match="leaks"):
        views_leak_nothing(Leaky, state, hidden)
