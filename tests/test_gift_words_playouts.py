"""Seeded computer-only Gift Words games in every variation, with the invariants checked after every move.

50 cases in each of the basic, advanced, two-player, cooperative and both younger players' games (2-6 players where
the variation allows), the levels and mixed tables, a game each (ten, 3,000 games, with WORDCARDS_FULL_PLAYOUTS=1).
After every move: no card lost or duplicated, no hand over twelve, words of one colour and three cards or more, scores
equal to the sum of the events' points (``sim.play_one``), and every game ends. Every few moves no seat's view changes
when the cards it cannot see (other hands, the deck, the stockpiles, the vowel pile) are shuffled among those places.
"""

import pytest

from tests.playouts import count, play_case, views_leak_nothing
from wordcards.core.common import Seat
from wordcards.games.gift_words import rules

LEVELS = [["hard"], ["easy", "medium"], ["beginner", "hard"], ["hard", "easy"]]
GAMES_PER_CASE = count(full=10, quick=1)
VARIATIONS = {
    "basic": ({"rounds": 1}, range(2, 7)),
    "advanced": ({"variant": "advanced", "rounds": 1}, range(2, 7)),
    "two-player": ({"two_player": True, "rounds": 2}, [2]),
    "cooperative": ({"variant": "cooperative"}, [2]),
    "younger-simple": ({"variant": "younger"}, range(2, 7)),
    "younger-mathematical": ({"variant": "younger", "scoring": "mathematical"}, range(2, 7)),
}
CASES = [(name, players, case) for name, (_, counts) in VARIATIONS.items() for players in counts
         for case in range(50 // len(counts))]  # 50 cases a variation


def hidden(state, seat: int) -> list[list[str]]:
    return [h for i, h in enumerate(state.hands) if i != seat] + [state.stock, state.vowels, *state.stockpiles]


@pytest.mark.playout
@pytest.mark.parametrize("variation,players,case", CASES)
def test_playouts_keep_the_invariants(variation, players, case):
    options, _ = VARIATIONS[variation]
    for _, result in play_case("gift-words", players, case, [options], LEVELS, GAMES_PER_CASE, check_every=15,
                               hidden_places=hidden):
        assert len(result.scores) == players and result.moves >= players


def test_the_leak_check_sees_a_view_that_shows_a_stockpile():
    class Leaky:
        @staticmethod
        def player_view(state, seat):
            return (rules.player_view(state, seat), tuple(state.stockpiles[seat]))

    state = rules.new_game([Seat("Ann"), Seat("Bob")], {"variant": "cooperative"}, seed=9)
    views_leak_nothing(rules, state, hidden)
    with pytest.raises(AssertionError, match="leaks"):
        views_leak_nothing(Leaky, state, hidden)
