"""Scrabble Fluxx's pieces, read from ``deck.json``: the Fluxx cards, the 100 tiles and the board's premium squares.

Fluxx card ids are a type letter and a number (``R`` New Rule, ``K`` Keeper,
``G`` Goal, ``A`` Action). Tile ids are the letter in lower case and a number
(``e07``); the two blanks are ``?1`` and ``?2``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from wordcards.core.cards import LETTER_VALUES, Card
from wordcards.core.grid import Cell

SIZE = 15
CENTRE: Cell = (7, 7)
AREA = (0, 0, SIZE - 1, SIZE - 1)
RACK = 7
BINGO_TILES = 7
PREMIUM_NAMES = {"d": "DL", "t": "TL", "D": "DW", "T": "TW", "*": "DW"}
KINDS = {"rule": "New Rule", "keeper": "Keeper", "goal": "Goal", "action": "Action"}


@dataclass(frozen=True)
class FluxxCard:
    id: str
    kind: str
    """``rule``, ``keeper``, ``goal`` or ``action``."""
    name: str
    text: str
    slot: str | None = None
    """A New Rule's slot: a rule replaces any rule in play with the same slot."""
    value: int | str | None = None
    keepers: tuple[str, ...] = ()
    """A Goal's pair of Keepers."""
    need: str | None = None
    """What a Goal asks for: ``keepers``, ``keeper-count``, ``letters``, ``length``, ``tiles`` or ``score``."""
    effect: str | None = None
    """An Action's effect."""
    target: str | None = None
    """What an Action is aimed at: ``rule``, ``keeper``, ``seat``, or None."""

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]

    @property
    def number(self) -> int:
        """``value`` as a number: a New Rule's limit, a Goal's count (0 if the card has none)."""
        return self.value if isinstance(self.value, int) else 0

    @property
    def letters(self) -> str:
        """``value`` as letters: what a letters Goal asks the board to hold."""
        return self.value if isinstance(self.value, str) else ""


@lru_cache(maxsize=None)
def data() -> dict:
    return json.loads(resources.files(__package__).joinpath("deck.json").read_text())


@lru_cache(maxsize=None)
def fluxx() -> dict[str, FluxxCard]:
    out = {}
    for raw in data()["cards"]:
        fields = dict(raw)
        fields["keepers"] = tuple(fields.get("keepers", ()))
        out[raw["id"]] = FluxxCard(**fields)
    return out


def basic_text() -> str:
    return data()["basic"]["text"]


@lru_cache(maxsize=None)
def tiles() -> dict[str, Card]:
    """The 100 tiles by id."""
    out: dict[str, Card] = {}
    for letter, count in data()["tiles"].items():
        for n in range(1, count + 1):
            if letter == "?":
                out[f"?{n}"] = Card(f"?{n}", "tile", "", "blank")
            else:
                out[f"{letter.lower()}{n:02d}"] = Card(f"{letter.lower()}{n:02d}", "tile", letter)
    return out


def tile_value(card: Card) -> int:
    """A tile's face value (a blank is worth nothing)."""
    return LETTER_VALUES[card.letters] if card.letters else 0


@lru_cache(maxsize=None)
def premiums() -> dict[Cell, str]:
    """The premium squares: ``DL``, ``TL``, ``DW`` or ``TW`` (the centre is a ``DW``)."""
    return {(r, c): PREMIUM_NAMES[ch] for r, row in enumerate(data()["board"]) for c, ch in enumerate(row)
            if ch in PREMIUM_NAMES}
