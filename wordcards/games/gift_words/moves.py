"""Gift Words moves: frozen values, each with a written notation and ``parse``.

Cards are named by id (``Pr1``, ``Kk1``). A word is its cards in spelling order
joined by ``+``; the Qu card used as a Q alone is written ``QUk1/Q``. Words on
the table are named by number. Besides the shared ``draw``, ``end`` (no
challenge: the turn goes on), ``next`` and ``challenge``:

- ``take 2``: the top card of seat 2's discard pile;
- ``extend 1 Pr1+Ir1+Nr1+Kk1``: word 1 becomes PINK (the old cards keep their order);
- ``word Wb1+Ib1+Nb1+Gb1``: a new word;
- ``change 1 Dr1+Ir1+Gr1``: younger rules, one card laid over a letter of word 1;
- ``silent 1``: younger rules, a Silent E on the end of word 1;
- ``discard Fr1``, or ``done`` to end the turn without discarding;
- ``turn`` and ``centre W1 W2``: two-player rules, turning up cards for the two centre words;
- ``order first`` / ``order second``: two-player rules, the player behind picks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wordcards.core.errors import InvalidMove
from wordcards.core.moves import Challenge, Discard, Done, Draw, EndTurn, NextRound, OneWord
from wordcards.core.common import move_parser, quoted, whole_number

Layout = tuple[str, ...]
"""A word's cards in spelling order, each a card id, ``/Q`` after the Qu card used as a Q."""


def parse_layout(text: str) -> Layout:
    tokens = tuple(text.split("+"))
    if not all(tokens):
        raise InvalidMove(f"{quoted(text)}: a word is its cards joined by +, e.g. Pr1+Ir1+Nr1")
    return tokens


def card_of(token: str) -> str:
    return token.split("/", 1)[0]


@dataclass(frozen=True)
class TakePile:
    """Take the top card of ``seat``'s discard pile."""

    seat: int
    KEYWORD = "take"

    def __str__(self) -> str:
        return f"take {self.seat}"

    @classmethod
    def parse(cls, args: list[str]) -> "TakePile":
        if len(args) != 1:
            raise InvalidMove("'take' needs the seat whose discard pile to take from, e.g. take 2")
        return cls(whole_number(args[0], "the seat"))


@dataclass(frozen=True)
class MakeWord:
    layout: Layout
    KEYWORD = "word"

    def __str__(self) -> str:
        return f"word {'+'.join(self.layout)}"

    @classmethod
    def parse(cls, args: list[str]) -> "MakeWord":
        if len(args) != 1:
            raise InvalidMove("'word' needs the word's cards, e.g. word Pr1+Ir1+Nr1")
        return cls(parse_layout(args[0]))


@dataclass(frozen=True)
class Extend:
    """Word ``word`` becomes ``layout``: its cards in order, with cards from the hand inserted anywhere."""

    word: int
    layout: Layout
    KEYWORD = "extend"

    def __str__(self) -> str:
        return f"{self.KEYWORD} {self.word} {'+'.join(self.layout)}"

    @classmethod
    def parse(cls, args: list[str]):
        if len(args) != 2:
            raise InvalidMove(f"'{cls.KEYWORD}' needs a word number and the new word's cards, "
                              f"e.g. {cls.KEYWORD} 1 Pr1+Ir1+Nr1+Kk1")
        return cls(whole_number(args[0], "the word number"), parse_layout(args[1]))


@dataclass(frozen=True)
class Change(Extend):
    """Younger rules: one card of the hand laid over one letter of word ``word``."""

    KEYWORD = "change"


@dataclass(frozen=True)
class SilentE:
    word: int
    KEYWORD = "silent"

    def __str__(self) -> str:
        return f"silent {self.word}"

    @classmethod
    def parse(cls, args: list[str]) -> "SilentE":
        if len(args) != 1:
            raise InvalidMove("'silent' needs the number of the word to add a Silent E to")
        return cls(whole_number(args[0], "the word number"))


class TurnUp(OneWord):
    """Two-player rules: turn the top card of the deck face up in the centre."""

    KEYWORD = "turn"


@dataclass(frozen=True)
class Centre:
    """Two-player rules: the two words made from the turned-up cards."""

    words: tuple[Layout, ...]
    KEYWORD = "centre"

    def __str__(self) -> str:
        return "centre " + " ".join("+".join(w) for w in self.words)

    @classmethod
    def parse(cls, args: list[str]) -> "Centre":
        if len(args) != 2:
            raise InvalidMove("'centre' needs two words of turned-up cards")
        return cls(tuple(parse_layout(a) for a in args))


@dataclass(frozen=True)
class Order:
    """Two-player rules: the player behind goes first or second this round."""

    first: bool
    KEYWORD = "order"

    def __str__(self) -> str:
        return f"order {'first' if self.first else 'second'}"

    @classmethod
    def parse(cls, args: list[str]) -> "Order":
        if args not in (["first"], ["second"]):
            raise InvalidMove("'order' takes first or second")
        return cls(args == ["first"])


Move = Draw | TakePile | Extend | Change | MakeWord | SilentE | Discard | Done | TurnUp | Centre | Order \
    | Challenge | EndTurn | NextRound
parse_move: Callable[[str], Move] = move_parser(Draw, TakePile, Extend, Change, MakeWord, SilentE, Discard, Done, TurnUp, Centre, Order,
                         Challenge, EndTurn, NextRound)
