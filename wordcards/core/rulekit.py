"""Pieces every game's rules module uses: applying a move to a copy, and counting cards."""

from __future__ import annotations

import copy
import random
from dataclasses import fields
from typing import Any, Callable, Iterable, Mapping, TypeVar

from wordcards.core.errors import InvalidMove, NotNow, NotYourTurn
from wordcards.core.common import Event, ScoreLine, TableState, TableView, quoted, sheet_totals

S = TypeVar("S", bound=TableState)

Handlers = Mapping[type, Callable[..., list[Event]]]
"""Each move type's handler: it changes the cloned state it is given and returns what happened."""


def apply_move(state: S, move: Any, *, parse: Callable[[str], Any], handlers: Handlers, game: str,
               scores: Callable[[Any], list[int]] | None = None) -> tuple[S, list[Event]]:
    """Check ``move`` and return the new state and what happened; ``state`` itself is never changed.

    The handler changes a clone and returns events; an event with no text is
    added for the score changes, so that event points always add up to the sheet
    (``scores``: the game's own totals, where its sheet holds more than ``lines``).
    """
    if isinstance(move, str):
        move = parse(move)
    handler = handlers.get(type(move))
    if handler is None:
        raise InvalidMove(f"not a {game} move: {move!r}")
    count = scores or totals
    s = clone_table(state)
    s.history.append(str(move))
    before = count(s)
    events = handler(s, move)
    after = count(s)
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


SHARED = frozenset({"seats", "options", "cards", "rng"})
"""Fields a copy of the state shares with it: nothing changes them (``rng`` gets a copy of its own)."""


_COPIED: dict[type, tuple[str, ...]] = {}


def _copied_fields(kind: type) -> tuple[str, ...]:
    found = _COPIED.get(kind)
    if found is None:
        found = _COPIED[kind] = tuple(f.name for f in fields(kind) if f.name not in SHARED)
    return found


def clone_table(state: S) -> S:
    """A copy that can change without touching ``state`` (``TableState`` says what is copied and what shared)."""
    s = copy.copy(state)
    s.rng = random.Random()
    s.rng.setstate(state.rng.getstate())
    for name in _copied_fields(type(state)):
        value = getattr(state, name)
        if isinstance(value, list):
            setattr(s, name, [v.copy() for v in value] if value and _changes(value[0]) else list(value))
        elif isinstance(value, dict):
            setattr(s, name, {k: v.copy() for k, v in value.items()} if value and _changes(next(iter(value.values())))
                    else dict(value))
    return s


def _changes(item: object) -> bool:
    """Whether the items of a list or dict field can change in place: lists, dicts, and words that grow all have
    ``copy()``; a field's items are all of one kind, so its first speaks for the rest."""
    return hasattr(item, "copy")


def score_sheet(s: TableState) -> list[ScoreLine]:
    """Every score line of the game so far (a game whose sheet also counts the table, as FEZ's, writes its own)."""
    return list(s.lines)


def totals(s: TableState) -> list[int]:
    """Each seat's total on the sheet (the rules' ``totals`` wherever the sheet is ``lines``)."""
    return sheet_totals(s.lines, s.players)


def card_name(s: TableState, card: str) -> str:
    """How a card is named in a message: its label (``TH``), never its id, which is notation."""
    known = s.cards.get(card)
    return known.label if known is not None else f"the unknown card {quoted(card)}"


def phase_guard(explain: Callable[[Any], str]) -> Callable[..., None]:
    """``need(state, *phases)``: NotNow unless the game is in one of ``phases``, saying what it waits for
    (``explain(state)``, the game's ``phase_help``)."""

    def need(s: TableState, *phases: str) -> None:
        if s.phase not in phases:
            raise NotNow(f"not now: {explain(s)}")

    return need


def check_seat(s: TableState, seat: int) -> None:
    """NotYourTurn unless ``seat`` is a seat of this game (a move names its seat by number)."""
    if not 0 <= seat < s.players:
        raise NotYourTurn(f"there is no seat {seat}")


def check_challenger(s: TableState, challenger: int, own: bool = False) -> None:
    """NotYourTurn unless ``challenger`` may challenge the mover's words: another seat (or any seat, ``own``)."""
    check_seat(s, challenger)
    if challenger == s.current and not own:
        raise NotYourTurn(f"only another player can challenge {s.seats[s.current].name}'s words")


def seat_name(s: TableState, seat: int | None = None) -> str:
    """The name of ``seat``, or of the seat to move."""
    return s.seats[s.current if seat is None else seat].name


def to_move(s: TableState) -> int | None:
    """The seat whose decision the game waits for (None when the game is over)."""
    return None if s.phase == "game-over" else s.current


def is_over(s: TableState) -> bool:
    return s.phase == "game-over"


def can_draw(stock: int, discard: int) -> bool:
    """A draw is possible while the stock has a card, or the discard pile can be turned over into a new stock
    (every card but the top one, which stays to be taken)."""
    return stock > 0 or discard >= 2


def next_id(items: Iterable[Any]) -> int:
    """An id after every ``id`` of ``items`` (the words on the table)."""
    return max((item.id for item in items), default=0) + 1


def guessed_table(view: TableView, seen: Iterable[str], rng: random.Random, under: int = 0) -> dict[str, Any]:
    """The ``TableState`` fields of one state that ``view`` allows, for looking ahead (``core.lookahead``).

    The cards its seat has not seen (not in its hand, on the discard pile's top, nor in ``seen``)
    are shuffled and dealt to the others' hands, then ``under`` of them under
    the discard pile's top, and the rest make the stock.
    """
    known = set(view.hand) | set(seen) | {view.discard_top}
    pool = [card for card in view.cards if card not in known]
    rng.shuffle(pool)
    hands = [list(view.hand) if seat == view.seat else [pool.pop() for _ in range(size)]
             for seat, size in enumerate(view.hand_sizes)]
    discard = [pool.pop() for _ in range(under)] + ([view.discard_top] if view.discard_top else [])
    return dict(seats=list(view.seats), seed=0, rng=rng, cards=view.cards, round=view.round, dealer=view.dealer,
                hands=hands, stock=pool, discard=discard, current=view.current, phase=view.phase,
                turn_start=view.turn_start, challenged=list(view.challenged),
                history=[""] * view.turn_start)  # earlier moves, unknown to a view, as blanks: indices still line up
