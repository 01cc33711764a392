"""FEZ moves: frozen values, each with a written notation and ``parse``.

Cards are named by id (``1r07``: pack 1, red, seventh). A piece of a word is a
card and the letters it shows: ``1r07=TH`` (or ``HT`` turned round, or ``T``
with the H covered), ``1r49=*`` for a star, ``1b50=Q`` for a blank used as Q.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wordcards.core.errors import InvalidMove
from wordcards.core.moves import Challenge, Discard, Done, Draw, EndTurn, NextRound, OneWord, Take
from wordcards.core.common import move_parser, quoted, whole_number


@dataclass(frozen=True)
class Piece:
    card: str
    """The card's id."""
    letters: str
    """The letters it shows in the word, upper case; empty for a star."""

    def __str__(self) -> str:
        return f"{self.card}={self.letters or '*'}"

    @classmethod
    def parse(cls, text: str) -> "Piece":
        card, sep, letters = text.partition("=")
        if not sep or not card:
            raise InvalidMove(f"{quoted(text)}: a piece is CARD=LETTERS, e.g. 1r07=TH or 1r49=*")
        letters = "" if letters == "*" else letters.upper()
        if not letters.isalpha() and letters:
            raise InvalidMove(f"{quoted(text)}: letters must be A-Z or * for a star")
        return cls(card, letters)


def word_text(pieces: tuple[Piece, ...]) -> str:
    return "".join(p.letters for p in pieces)


def _pieces(args: list[str]) -> tuple[Piece, ...]:
    return tuple(Piece.parse(a) for a in args)


@dataclass(frozen=True)
class Swap:
    """Forfeit the turn: put these cards under the discard pile and draw as many from the stock."""

    cards: tuple[str, ...]
    KEYWORD = "swap"

    def __str__(self) -> str:
        return " ".join(["swap", *self.cards])

    @classmethod
    def parse(cls, args: list[str]) -> "Swap":
        return cls(tuple(args))


@dataclass(frozen=True)
class MakeWord:
    """Play a new word from the hand, stars included."""

    pieces: tuple[Piece, ...]
    KEYWORD = "word"

    def __str__(self) -> str:
        return " ".join(["word", *map(str, self.pieces)])

    @classmethod
    def parse(cls, args: list[str]) -> "MakeWord":
        if not args:
            raise InvalidMove("'word' needs its pieces, e.g. word 1r03=F 1b11=EZ")
        return cls(_pieces(args))


@dataclass(frozen=True)
class LayOff:
    """Extend word ``word``: ``pieces`` is the whole new word, old pieces and new in order."""

    word: int
    pieces: tuple[Piece, ...]
    KEYWORD = "lay"

    def __str__(self) -> str:
        return " ".join(["lay", str(self.word), *map(str, self.pieces)])

    @classmethod
    def parse(cls, args: list[str]) -> "LayOff":
        if len(args) < 2:
            raise InvalidMove("'lay' needs a word number and the pieces, e.g. lay 3 1r05=S 2b01=PL 1r02=AY")
        return cls(whole_number(args[0], "the word number"), _pieces(args[1:]))


class TimeUp(OneWord):
    """The Nasty rules' 30-second timer ran out: a random card is discarded for the player."""

    KEYWORD = "timeup"


Move = Draw | Take | Swap | MakeWord | LayOff | Discard | Done | TimeUp | Challenge | EndTurn | NextRound
parse_move: Callable[[str], Move] = move_parser(Draw, Take, Swap, MakeWord, LayOff, Discard, Done, TimeUp, Challenge, EndTurn, NextRound)
