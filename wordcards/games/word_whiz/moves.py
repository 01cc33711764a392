"""Word Whiz moves and their notation.

``place 1 -2,3 down t?op`` places seat 1's tiles on the squares of TOP from
row -2, column 3 downwards; ``?o`` is a wild tile standing for O. Squares that
already hold a tile must hold that letter, and get no new tile. ``swap 1``
swaps all seven of seat 1's tiles; ``pass 1`` places nothing (in a race: says
that seat is stuck). Every move names its seat, because in a race anyone may move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wordcards.core.errors import InvalidMove
from wordcards.core.moves import Challenge, EndTurn, NextRound
from wordcards.core.placing import Place, seat_arg
from wordcards.core.common import move_parser


@dataclass(frozen=True)
class Swap:
    seat: int
    KEYWORD = "swap"

    def __str__(self) -> str:
        return f"swap {self.seat}"

    @classmethod
    def parse(cls, args: list[str]) -> "Swap":
        if len(args) > 1:
            raise InvalidMove(f"'{cls.KEYWORD}' takes only a seat number, e.g. {cls.KEYWORD} 0")
        return cls(seat_arg(args, cls.KEYWORD))


@dataclass(frozen=True)
class Pass(Swap):
    KEYWORD = "pass"

    def __str__(self) -> str:
        return f"pass {self.seat}"


Move = Place | Swap | Pass | Challenge | EndTurn | NextRound
parse_move: Callable[[str], Move] = move_parser(Place, Swap, Pass, Challenge, EndTurn, NextRound)
