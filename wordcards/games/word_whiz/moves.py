"""Word Whiz moves and their notation.

``place 1 -2,3 down t?op`` places seat 1's tiles on the squares of TOP from
row -2, column 3 downwards; ``?o`` is a wild tile standing for O. Squares that
already hold a tile must hold that letter, and get no new tile. ``swap 1``
swaps all seven of seat 1's tiles; ``pass 1`` places nothing (in a race: says
that seat is stuck). Every move names its seat, because in a race anyone may move.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordcards.core.errors import InvalidMove
from wordcards.core.grid import DIRECTIONS, Cell, cell_name, parse_cell, step
from wordcards.core.moves import Challenge, EndTurn, NextRound
from wordcards.core.protocol import move_parser


def _seat(args: list[str], keyword: str) -> int:
    if not args or not args[0].isdigit():
        raise InvalidMove(f"'{keyword}' takes a seat number first, e.g. {keyword} 0")
    return int(args[0])


@dataclass(frozen=True)
class Place:
    seat: int
    start: Cell
    direction: str
    spelling: str
    """Lower-case letters; ``?x`` is a wild tile standing for x."""
    KEYWORD = "place"

    def __str__(self) -> str:
        return f"place {self.seat} {cell_name(self.start)} {self.direction} {self.spelling}"

    @classmethod
    def parse(cls, args: list[str]) -> "Place":
        if len(args) != 4:
            raise InvalidMove("'place' takes SEAT ROW,COL across|down LETTERS, e.g. place 0 0,2 down t?op")
        seat = _seat(args, "place")
        try:
            start = parse_cell(args[1])
        except ValueError:
            raise InvalidMove(f"{args[1]!r} is not a square (write ROW,COL, e.g. 0,-2)") from None
        if args[2] not in DIRECTIONS:
            raise InvalidMove(f"the direction is across or down, not {args[2]!r}")
        move = cls(seat, start, args[2], args[3].lower())
        move.letters()  # checks the spelling
        return move

    def letters(self) -> list[tuple[Cell, str, bool]]:
        """Each square of the spelling with its letter and whether a wild tile stands for it."""
        out: list[tuple[Cell, str, bool]] = []
        wild = False
        for ch in self.spelling:
            if ch == "?":
                if wild:
                    raise InvalidMove(f"{self.spelling!r}: '?' must be followed by the letter the wild tile stands for")
                wild = True
                continue
            if not ("a" <= ch <= "z"):
                raise InvalidMove(f"{self.spelling!r}: only letters a-z and '?' before a wild tile's letter")
            out.append((step(self.start, self.direction, len(out)), ch, wild))
            wild = False
        if wild or not out:
            raise InvalidMove(f"{self.spelling!r}: '?' must be followed by the letter the wild tile stands for")
        return out


@dataclass(frozen=True)
class Swap:
    seat: int
    KEYWORD = "swap"

    def __str__(self) -> str:
        return f"swap {self.seat}"

    @classmethod
    def parse(cls, args: list[str]) -> "Swap":
        return cls(_seat(args, cls.KEYWORD))


@dataclass(frozen=True)
class Pass(Swap):
    KEYWORD = "pass"

    def __str__(self) -> str:
        return f"pass {self.seat}"


Move = Place | Swap | Pass | Challenge | EndTurn | NextRound
parse_move = move_parser(Place, Swap, Pass, Challenge, EndTurn, NextRound)
