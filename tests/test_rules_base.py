"""The typed rules base every game stands on (``core.options``, ``core.rulekit``, ``Game.check_players``):
options declared once, the player range checked in one place, one copy rule for every state, and one kind of
refusal for each reason a move is refused."""

from __future__ import annotations

from dataclasses import fields

import pytest

from tests.test_conformance import played
from wordcards.core.common import Seat
from wordcards.core.errors import NotNow, NotYourTurn, SetupError
from wordcards.core.match import Match
from wordcards.core.moves import Challenge
from wordcards.core.options import check_options
from wordcards.core.registry import find_game, names
from wordcards.core.rulekit import SHARED, clone_table


def seats(count: int) -> list[Seat]:
    return [Seat(f"P{n}") for n in range(count)]


@pytest.mark.parametrize("game", names())
def test_the_options_are_the_fields_of_the_options_dataclass(game):
    spec = find_game(game)
    state = spec.rules.new_game(seats(spec.players[0]), {}, 1)
    declared = {o.name: o.default for o in spec.options}
    assert declared == {f.name: getattr(state.options, f.name) for f in fields(state.options)}
    assert spec.options == type(state.options).declared()


@pytest.mark.parametrize("game", names())
def test_an_option_out_of_its_bounds_is_refused_with_its_range(game):
    spec = find_game(game)
    bounded = [o for o in spec.options if o.bounds]
    for option in bounded:
        low, high = option.bounds
        with pytest.raises(SetupError, match=f"{option.flag} must be {low} to {high}, not {high + 1}"):
            check_options({option.name: high + 1}, spec.options, spec.players[0], outside="allowed")
        with pytest.raises(SetupError, match=f"must be {low} to {high}"):
            spec.rules.new_game(seats(spec.players[0]), {option.name: low - 1}, 1)
    assert bounded or game in ("quiddler", "scrabble-fluxx")


@pytest.mark.parametrize("game", names())
def test_the_player_range_is_checked_once_for_every_way_in(game):
    spec = find_game(game)
    low, high = spec.players
    for count in (low - 1, high + 1):
        with pytest.raises(SetupError, match=f"{spec.title} is for {low} to {high} players, not {count}"):
            spec.check_players(count)
        with pytest.raises(SetupError, match=f"is for {low} to {high} players"):
            Match.new(game, seats(count), save=False)
    spec.check_players(low)
    spec.check_players(high)


@pytest.mark.parametrize("game", names())
def test_a_copy_of_the_state_shares_nothing_that_a_move_changes(game):
    _, states, _ = played(game, 1)
    state = states[len(states) // 2]
    copied = clone_table(state)
    for f in fields(state):
        mine, theirs = getattr(copied, f.name), getattr(state, f.name)
        if f.name in SHARED:
            assert f.name == "rng" or mine is theirs, f.name
            continue
        if isinstance(theirs, (list, dict)):
            assert mine == theirs and (mine is not theirs), f.name
            items = zip(mine.values(), theirs.values()) if isinstance(mine, dict) else zip(mine, theirs)
            assert all(a is not b for a, b in items if hasattr(b, "copy")), f"{f.name}: an item is shared"
    assert copied.rng.getstate() == state.rng.getstate() and copied.rng is not state.rng


def open_challenge(game: str):
    """A state of a seeded game in which a word may be challenged."""
    spec, states, _ = played(game, 1)
    found = next((s for s in states if not spec.rules.is_over(s) and spec.rules.challenge_targets(s)), None)
    assert found is not None, f"{game}: no challenge window in the seeded game"
    return spec, found


@pytest.mark.parametrize("game", names())
def test_a_seat_that_may_not_challenge_is_refused_as_out_of_turn(game):
    spec, state = open_challenge(game)
    word = spec.rules.challenge_targets(state)[0].word_id
    with pytest.raises(NotYourTurn, match="there is no seat 9"):
        spec.rules.apply(state, Challenge(9, word, False))
    if not spec.challenge_own_words(state):
        with pytest.raises(NotYourTurn, match="only another player can challenge"):
            spec.rules.apply(state, Challenge(state.current, word, False))


@pytest.mark.parametrize("game", names())
def test_a_move_out_of_its_phase_is_refused_as_not_now(game):
    spec = find_game(game)
    state = spec.rules.new_game(seats(spec.players[0]), {}, 1)
    with pytest.raises(NotNow, match="not now: "):
        spec.rules.apply(state, "end")
