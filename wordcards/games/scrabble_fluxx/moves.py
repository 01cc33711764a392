"""Scrabble Fluxx moves and their notation.

- ``play R03`` plays a Fluxx card; ``play A06 K02`` aims an Action at a card
  in play, ``play A08 2`` at seat 2.
- ``place 0 7,5 across word`` lays tiles (as in Word Whiz; ``?x`` is a blank standing for x).
- ``swap 0 e01 t03`` exchanges those tiles (first round only), ``pass 0`` passes (first round only).
- ``reveal`` shows the mover's rack: they cannot play all the tiles the Play rule asks for.
- ``find 1 3,4 down cat`` is seat 1's play of the revealed tiles; ``nofind 1`` says they found none.
- ``drop 2 K03 e05`` discards Fluxx cards, Keepers and tiles down to the limits.
- ``challenge`` and ``end`` as in every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wordcards.core.errors import InvalidMove
from wordcards.core.moves import Challenge, EndTurn, OneWord
from wordcards.core.placing import Place, seat_arg
from wordcards.core.common import move_parser


@dataclass(frozen=True)
class PlayCard:
    card: str
    target: str | None = None
    """A seat number or a card id, for an Action aimed at one."""
    KEYWORD = "play"

    def __str__(self) -> str:
        return f"play {self.card}" + (f" {self.target}" if self.target is not None else "")

    @classmethod
    def parse(cls, args: list[str]) -> "PlayCard":
        if len(args) not in (1, 2):
            raise InvalidMove("'play' takes a card id and, for some Actions, a target: play A06 K02")
        return cls(args[0].upper(), args[1].upper() if len(args) == 2 else None)


@dataclass(frozen=True)
class Tiles:
    """A seat and some pieces (tiles, cards, Keepers) by id."""

    seat: int
    ids: tuple[str, ...]
    KEYWORD = ""

    def __str__(self) -> str:
        return " ".join((self.KEYWORD, str(self.seat), *self.ids))

    @classmethod
    def parse(cls, args: list[str]):
        seat = seat_arg(args, cls.KEYWORD)
        return cls(seat, tuple(a if a[0].islower() or a[0] == "?" else a.upper() for a in args[1:]))


@dataclass(frozen=True)
class Swap(Tiles):
    """First round: exchange these tiles for as many from the bag."""

    KEYWORD = "swap"


@dataclass(frozen=True)
class Drop(Tiles):
    """Discard these Fluxx cards, Keepers and tiles, down to the limits."""

    KEYWORD = "drop"


@dataclass(frozen=True)
class Pass:
    seat: int
    KEYWORD = "pass"

    def __str__(self) -> str:
        return f"{self.KEYWORD} {self.seat}"

    @classmethod
    def parse(cls, args: list[str]):
        if len(args) != 1:
            raise InvalidMove(f"'{cls.KEYWORD}' takes a seat number")
        return cls(seat_arg(args, cls.KEYWORD))


@dataclass(frozen=True)
class NoFind(Pass):
    """This seat finds no play for the revealed tiles."""

    KEYWORD = "nofind"


@dataclass(frozen=True)
class Find(Place):
    """A play of the revealed tiles, found by another player (it is not laid on the board)."""

    KEYWORD = "find"


class Reveal(OneWord):
    """The mover cannot play the tiles the Play rule asks for, and shows the rest of the rack."""

    KEYWORD = "reveal"


Move = PlayCard | Place | Swap | Pass | Reveal | Find | NoFind | Drop | Challenge | EndTurn
parse_move: Callable[[str], Move] = move_parser(PlayCard, Place, Swap, Pass, Reveal, Find, NoFind, Drop, Challenge, EndTurn)
