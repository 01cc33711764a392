"""Whatever text reaches a game's rules (a typed move, a save file's move list), the answer is a new state or a
short ``InvalidMove``/``IllegalMove`` message, and the state it was given does not change.

For every game: states from a seeded computer game, and for each, moves from that game's own history
(valid somewhere), the same moves mutated, and garbage.
"""

from __future__ import annotations

import pickle
import random

import pytest

from wordcards.core.errors import RefusedMove
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat
from wordcards.core.registry import names

STATES, MOVES_EACH = 16, 40
LONGEST_MESSAGE = 240


def fingerprint(state) -> bytes:
    """Everything in the state, the generator's position included (two Randoms never compare equal)."""
    return pickle.dumps(({k: v for k, v in vars(state).items() if k != "rng"}, state.rng.getstate()))


def mutated(rng: random.Random, text: str, pool: list[str]) -> str:
    words = text.split()
    odd = rng.choice(["²", "٣", "9" * 5000, "-1", "x", "", "?", "*", "=", "+", ",", "a" * 700, "\x00", "\x1b[2J",
                      "[/bold]", "ß", "é", "999999"])
    mutations = [
        lambda: f"{text} {odd}",
        lambda: " ".join(words[:-1]),
        lambda: " ".join(w.replace(rng.choice("0123456789"), odd) for w in words),
        lambda: " ".join(rng.choice(pool).split()[:1] + words[1:]),
        lambda: text.replace(",", rng.choice([",,", "", ";", ",²"])),
        lambda: " ".join(words[:1] + [odd] + words[1:]),
        lambda: "".join(rng.sample(text, len(text))),
        lambda: text.upper(),
        lambda: " ".join(w[: rng.randrange(len(w) + 1)] for w in words),
        lambda: " ".join(rng.choice(words) for _ in words),
        lambda: "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(40))),
        lambda: odd,
    ]
    return rng.choice(mutations)()


@pytest.mark.parametrize("game", names())
def test_any_move_text_gives_a_state_or_a_short_player_error_and_changes_nothing(game):
    seats = [Seat("Hal", "hard"), Seat("Ivy", "easy"), Seat("Rex", "hard")]
    match = Match.new(game, seats, {}, seed=3, save=False)
    states = []
    referee = Referee(match)
    while not match.is_over and len(states) < 400:
        states.append(match.state)
        referee.computer_step()
    pool = list(match.state.history)
    rng = random.Random(game)
    rules = match.rules
    tried = refused = 0
    for state in states[:: max(1, len(states) // STATES)]:
        before = fingerprint(state)
        for n in range(MOVES_EACH):
            text = rng.choice(pool) if n % 4 == 0 else mutated(rng, rng.choice(pool), pool)
            tried += 1
            try:
                new, _ = rules.apply(state, text)
            except RefusedMove as exc:
                refused += 1
                assert str(exc) and len(str(exc)) <= LONGEST_MESSAGE, f"{text[:60]!r}: {str(exc)[:300]}"
            else:
                rules.check_invariants(new)
            assert fingerprint(state) == before, f"{text[:60]!r} changed the state it was given"
    assert tried >= min(STATES, len(states)) * MOVES_EACH * 0.9 and refused > tried // 2  # a short game: every state
