"""Cards as plain data, and the shuffling every game shares."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``id`` is unique within a game, so cards can be counted."""

    id: str
    colour: str
    letters: str = ""
    """The letters printed on the card, upper case; empty for a star or a blank."""
    kind: str = "letter"
    """``letter``, ``star`` or ``blank``."""

    @property
    def label(self) -> str:
        if self.kind == "star":
            return "★"
        if self.kind == "blank":
            return "□"
        return self.letters


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A shuffled copy, drawn from the game's own generator so games replay exactly."""
    out = list(items)
    rng.shuffle(out)
    return out


LETTER_VALUES = {
    **dict.fromkeys("AEILNORSTU", 1),
    **dict.fromkeys("DG", 2),
    **dict.fromkeys("BCMP", 3),
    **dict.fromkeys("FHVWY", 4),
    "K": 5,
    **dict.fromkeys("JX", 8),
    **dict.fromkeys("QZ", 10),
}
"""The usual crossword-tile letter values."""
