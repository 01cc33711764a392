"""Quiddler moves: frozen values, each with a written notation and ``parse``.

Cards are named by id: ``QU1``, ``E4``. A word is its cards joined by ``+``
(``QU1+I2+T1`` spells QUIT). Besides the shared moves (``draw``, ``take``,
``end``, ``next``, ``challenge``) there is one of its own: ``discard``, which
ends the turn and, when going out or on a last turn, lays words down with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wordcards.core.errors import InvalidMove
from wordcards.core.moves import Challenge, Draw, EndTurn, NextRound, Take
from wordcards.core.common import move_parser, quoted


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` to end the turn, laying ``words`` down first (going out, or on a last turn)."""

    card: str
    words: tuple[tuple[str, ...], ...] = ()
    """Each word as its cards' ids, in spelling order."""
    KEYWORD = "discard"

    def __str__(self) -> str:
        return " ".join(["discard", self.card, *("+".join(w) for w in self.words)])

    @classmethod
    def parse(cls, args: list[str]) -> "Discard":
        if not args:
            raise InvalidMove("'discard' needs a card, then any words, e.g. discard E3 QU1+I2+T1 A3+X1")
        words = []
        for text in args[1:]:
            cards = tuple(text.split("+"))
            if not all(cards):
                raise InvalidMove(f"{quoted(text)}: a word is its cards joined by +, e.g. QU1+I2+T1")
            words.append(cards)
        return cls(args[0], tuple(words))


Move = Draw | Take | Discard | Challenge | EndTurn | NextRound
parse_move: Callable[[str], Move] = move_parser(Draw, Take, Discard, Challenge, EndTurn, NextRound)
