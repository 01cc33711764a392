"""Pieces every game's rules module uses: applying a move to a copy, and counting cards."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from wordcards.core.errors import InvalidMove
from wordcards.core.protocol import Event


def apply_move(state: Any, move: Any, *, parse: Callable, handlers: Mapping[type, Callable], clone: Callable,
               totals: Callable, game: str) -> tuple[Any, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed.

    The handler changes a clone and returns events; an event with no text is
    added for the score changes, so that event points always add up to the sheet.
    """
    if isinstance(move, str):
        move = parse(move)
    handler = handlers.get(type(move))
    if handler is None:
        raise InvalidMove(f"not a {game} move: {move!r}")
    s = clone(state)
    s.history.append(str(move))
    before = totals(s)
    events = handler(s, move)
    after = totals(s)
    changed = {seat: after[seat] - before[seat] for seat in range(len(after)) if after[seat] != before[seat]}
    if changed:
        events.append(Event("", changed))  # no text: the events above say what scored
    return s, events


def check_deal(seen: list[str], deck: Iterable[str]) -> None:
    """A pinned deal may leave cards out, but may not invent or repeat any."""
    unknown = set(seen) - set(deck)
    if unknown:
        raise InvalidMove(f"unknown cards: {', '.join(sorted(unknown))}")
    if len(seen) != len(set(seen)):
        raise InvalidMove("a card is dealt twice")


def assert_all_cards(seen: list[str], deck: Iterable[str]) -> None:
    """The invariant: every card of the deck is somewhere, exactly once."""
    assert len(seen) == len(set(seen)), "a card is duplicated"
    missing = set(deck) - set(seen)
    assert not missing, f"cards lost: {sorted(missing)}"
