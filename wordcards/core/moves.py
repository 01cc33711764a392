"""Moves that several games share, each with its written notation and ``parse``.

A game's rules module gives each its own meaning (FEZ's ``end`` refills the
hand; Quiddler's passes the turn), but the notation is the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from wordcards.core.errors import InvalidMove
from wordcards.core.common import whole_number


W = TypeVar("W", bound="OneWord")


class OneWord:
    """A move written as its keyword alone: a value with no fields, so any two of one class are equal.

    A plain class rather than a frozen dataclass: a dataclass compiles six methods when its module is imported, and
    these moves are on the start-up path of every game.
    """

    KEYWORD = ""

    def __str__(self) -> str:
        return self.KEYWORD

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    @classmethod
    def parse(cls: type[W], args: list[str]) -> W:
        if args:
            raise InvalidMove(f"{cls.KEYWORD!r} takes nothing after it")
        return cls()


class Draw(OneWord):
    """Take the top card of the stock (the draw pile)."""

    KEYWORD = "draw"


class Take(OneWord):
    """Take the top card of the discard pile."""

    KEYWORD = "take"


class EndTurn(OneWord):
    """No more challenges: the turn ends."""

    KEYWORD = "end"


class NextRound(OneWord):
    """Shuffle and deal the next round; the deal passes to the left."""

    KEYWORD = "next"


@dataclass(frozen=True)
class Discard:
    """Discard one card, ending (the playing part of) the turn."""

    card: str
    KEYWORD = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"

    @classmethod
    def parse(cls, args: list[str]) -> "Discard":
        if len(args) != 1:
            raise InvalidMove("'discard' takes one card id")
        return cls(args[0])


class Done(OneWord):
    """End (the playing part of) the turn without discarding."""

    KEYWORD = "done"


@dataclass(frozen=True)
class Challenge:
    """Seat ``challenger`` challenges word ``word``; ``valid`` is the word list's verdict."""

    challenger: int
    word: int
    valid: bool
    KEYWORD = "challenge"

    def __str__(self) -> str:
        return f"challenge {self.challenger} {self.word} {'valid' if self.valid else 'invalid'}"

    @classmethod
    def parse(cls, args: list[str]) -> "Challenge":
        if len(args) != 3 or args[2] not in ("valid", "invalid"):
            raise InvalidMove("'challenge' takes SEAT WORD valid|invalid, e.g. challenge 1 4 invalid")
        return cls(whole_number(args[0], "the seat"), whole_number(args[1], "the word"), args[2] == "valid")
