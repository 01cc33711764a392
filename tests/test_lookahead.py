"""The expert level's look-ahead: guessing a state from a view (each game's ``resample``) and playing moves out."""

from __future__ import annotations

import random

import pytest

from tests.playouts import count
from wordcards.core import sim
from wordcards.core.lookahead import Lookahead
from wordcards.core.registry import find_game

GUESSING = {"fez": {}, "quiddler": {}, "gift-words": {}, "scrabble-fluxx": {}}
"""The games whose expert looks ahead, with their options."""


def seen_positions(game: str, seed: int, players: int, options: dict, every: int = 5) -> list:
    """Every ``every``-th state of a seeded game between hard players, outside the round's end."""
    states: list = []

    def keep(match) -> None:
        if len(match.state.history) % every == 0 and match.state.phase not in ("round-over", "game-over"):
            states.append(match.state)

    sim.play_one(game, players, seed, ["hard"], options, check=keep)
    return states


@pytest.mark.parametrize("game", sorted(GUESSING))
@pytest.mark.parametrize("players", [2, 3])
def test_a_guessed_state_shows_the_seat_exactly_its_own_view(game, players):
    rules = find_game(game).rules
    checked = hidden = differs = 0
    for state in [s for seed in (7, 8, 9) for s in seen_positions(game, seed, players, GUESSING[game], every=3)]:
        seat = rules.to_move(state)
        view = rules.player_view(state, seat)
        if game == "gift-words" and view.pending_word is not None:
            with pytest.raises(ValueError):
                rules.resample(view, random.Random(1))
            continue
        guess = rules.resample(view, random.Random(checked))
        rules.check_invariants(guess)
        assert rules.player_view(guess, seat) == view
        others = [s for s in range(players) if s != seat and state.hands[s]]
        hidden += bool(others)
        differs += any(guess.hands[s] != state.hands[s] for s in others)
        checked += 1
    assert checked >= 15
    assert differs >= 0.8 * hidden and hidden >= 5, "the others' hands are guessed, not copied from the state"


class Counting:
    """Rules stand-in: a state is a number, a move adds to it, and the seat's lead is the state itself."""

    def apply(self, state, move):
        return state + move, []

    def to_move(self, state):
        return None

    def totals(self, state):
        return [state, 0]

    def is_over(self, state):
        return False


def test_every_candidate_is_played_out_on_the_same_guessed_deals_and_the_best_mean_lead_wins():
    guesses: list[int] = []

    def resample(view, rng):
        guesses.append(rng.randrange(100))
        return guesses[-1]

    class View:
        seat = 0

    ahead = Lookahead(Counting(), resample, player=None, horizon="round", deals=4, budget=10**6)  # type: ignore[arg-type]
    assert ahead.best(View(), [1, 3, 2], random.Random(0)) == 3
    assert len(guesses) == 4, "one set of deals, shared by the candidates"
    assert ahead.lead_after(10, 3, 0) == 3
    first, second = (2,), (2,)
    ahead.lead_after = lambda state, move, seat: move[0]  # type: ignore[method-assign]
    assert ahead.best(View(), [first, second], random.Random(0)) is first, "a tie goes to the earlier candidate"
    assert ahead.best(View(), [5], random.Random(0)) == 5


def test_a_decision_stops_dealing_guesses_once_its_play_outs_spend_the_budget():
    dealt: list[int] = []

    class View:
        seat = 0

    ahead = Lookahead(Counting(), lambda view, rng: dealt.append(1) or 0, player=None,  # type: ignore[arg-type]
                      horizon="round", deals=4, budget=3)

    def two_moves_each(state, move, seat):
        ahead.moves += 2
        return move

    ahead.lead_after = two_moves_each  # type: ignore[method-assign]
    generator = random.Random(0)
    assert ahead.best(View(), [1, 2], generator) == 2
    assert len(dealt) == 1, "two candidates of two moves each spend the budget of 3 on the first guess"
    assert generator.random() == (lambda g: [g.random() for _ in range(5)][-1])(random.Random(0)), \
        "every guess's seed is drawn whatever the budget, so later choices stay seeded the same"


@pytest.mark.playout
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["fez", "quiddler", "gift-words", "word-whiz", "scrabble-fluxx"])
def test_games_with_an_expert_keep_the_invariants_and_end(game, players):
    """``sim.play_one`` checks the rules' invariants after every move and that the events' points make the sheet."""
    for seed in range(count(full=2, quick=1)):
        result = sim.play_one(game, players, 500 + seed, ["expert", "hard", "medium", "easy"][:players])
        assert len(result.scores) == players and result.moves > 0


def test_a_play_out_that_ends_the_game_counts_the_win_or_the_loss():
    class Ending(Counting):
        def totals(self, state):
            return [state, 5]

        def is_over(self, state):
            return True

    ahead = Lookahead(Ending(), lambda view, rng: 0, player=None, horizon="replies", deals=1,  # type: ignore[arg-type]
                      budget=10, win_worth=50)
    assert ahead.lead_after(0, 3, 0) == 3 - 50, "it gains 3 but ends the game 2 behind"
    assert ahead.lead_after(0, 10, 0) == 10 + 50


def test_a_play_out_that_meets_a_move_its_guess_refuses_counts_up_to_there():
    from types import SimpleNamespace

    from wordcards.core.errors import IllegalMove

    class Refusing:
        """A state has points and a phase; seat 1 is always to move, and its player's move is refused."""

        def apply(self, state, move):
            if move == "refused":
                raise IllegalMove("not in this guess")
            return SimpleNamespace(points=state.points + move, phase="play"), []

        def to_move(self, state):
            return 1

        def player_view(self, state, seat):
            return state

        def totals(self, state):
            return [state.points, 0]

        def is_over(self, state):
            return False

    class Stuck:
        def choose(self, view):
            return "refused"

    start = SimpleNamespace(points=0, phase="play")
    ahead = Lookahead(Refusing(), lambda view, rng: start, player=Stuck(),  # type: ignore[arg-type]
                      horizon="round", deals=1, budget=10)
    assert ahead.lead_after(start, 4, 0) == 4, "the candidate's own gain counts; the refused reply ends the play-out"
    assert ahead.moves == 0
