"""Placing tiles on a crossword, for the board games (Word Whiz, Scrabble Fluxx): the move, and taking its tiles.

Pure. ``place 1 -2,3 down t?op`` places seat 1's tiles on the squares of TOP
from row -2, column 3 downwards; ``?o`` is a wild (blank) tile standing for O.
Squares that already hold a tile must hold that letter, and get no new tile.
"""

from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Mapping, Sequence, TypeVar

from wordcards.core.cards import Card
from wordcards.core.errors import IllegalMove, InvalidMove
from wordcards.core.grid import DIRECTIONS, Cell, GridWord, cell_name, parse_cell, step, words_through
from wordcards.core.movegen import Play
from wordcards.core.common import quoted, whole_number


@dataclass(frozen=True)
class Placed:
    """A tile on the crossword: which tile, the letter it reads (a wild's chosen letter), and whose it is."""

    tile: str
    letter: str
    seat: int


def frozen_grid(grid: dict[Cell, Placed]) -> Mapping[Cell, Placed]:
    return MappingProxyType(dict(grid))


def latest_tiles(grid: Mapping[Cell, Placed]) -> tuple[int | None, list[Cell]]:
    """Who laid the newest tiles, and their squares: the run of one seat's tiles at the end of the grid.

    A grid keeps its tiles in the order they were laid (dicts keep insertion order, and a game replays its moves),
    so this needs no record of its own; two turns running by one seat (the others passed) read as one.
    """
    cells = list(grid)
    if not cells:
        return None, []
    seat = grid[cells[-1]].seat
    run = []
    for cell in reversed(cells):
        if grid[cell].seat != seat:
            break
        run.append(cell)
    return seat, run


def letters_of(grid: Mapping[Cell, Placed]) -> dict[Cell, str]:
    return {cell: p.letter for cell, p in grid.items()}


def seat_arg(args: list[str], keyword: str) -> int:
    if not args:
        raise InvalidMove(f"'{keyword}' takes a seat number first, e.g. {keyword} 0")
    return whole_number(args[0], "the seat")


P = TypeVar("P", bound="Place")
"""A placement move's class: ``Place``, or a game's own kind of it (Scrabble Fluxx's ``Find``)."""


@dataclass(frozen=True)
class Place:
    seat: int
    start: Cell
    direction: str
    spelling: str
    """Lower-case letters; ``?x`` is a wild tile standing for x."""
    KEYWORD = "place"

    def __str__(self) -> str:
        return f"{self.KEYWORD} {self.seat} {cell_name(self.start)} {self.direction} {self.spelling}"

    @classmethod
    def parse(cls: type[P], args: list[str]) -> P:
        if len(args) != 4:
            raise InvalidMove(f"'{cls.KEYWORD}' takes SEAT ROW,COL across|down LETTERS, e.g. {cls.KEYWORD} 0 7,2 down t?op")
        seat = seat_arg(args, cls.KEYWORD)
        try:
            start = parse_cell(args[1])
        except ValueError:
            raise InvalidMove(f"{quoted(args[1])} is not a square (write ROW,COL, e.g. 7,2)") from None
        if args[2] not in DIRECTIONS:
            raise InvalidMove(f"the direction is across or down, not {quoted(args[2])}")
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
                    raise InvalidMove(f"{quoted(self.spelling)}: '?' must be followed by the letter the wild tile stands for")
                wild = True
                continue
            if not ("a" <= ch <= "z"):
                raise InvalidMove(f"{quoted(self.spelling)}: only letters a-z and '?' before a wild tile's letter")
            out.append((step(self.start, self.direction, len(out)), ch, wild))
            wild = False
        if wild or not out:
            raise InvalidMove(f"{quoted(self.spelling)}: '?' must be followed by the letter the wild tile stands for")
        return out

    def said(self, name: Callable[[Cell], str]) -> str:
        """The placement as a player says it: ``ZAX across from G9`` (a wild tile's letter in lower case)."""
        word = "".join(letter if wild else letter.upper() for _, letter, wild in self.letters())
        return f"{word} {self.direction} from {name(self.start)}"


def take_tile(cards: Mapping[str, Card], free: list[str], letter: str, wild: bool) -> str | None:
    """Take from ``free`` the first tile that can be ``letter`` (a wild tile if ``wild``), or return None."""
    tile = next((t for t in free if (cards[t].kind == "blank") == wild
                 and (wild or cards[t].letters.lower() == letter)), None)
    if tile is not None:
        free.remove(tile)
    return tile


def square_taken(cards: Mapping[str, Card], there: Placed, letter: str, where: str) -> str:
    """Why ``letter`` cannot go on the square ``where``, which holds ``there``."""
    what = "a wild tile standing for " if cards[there.tile].kind == "blank" else ""
    return (f"{letter.upper()} at {where}: that square already holds {what}{there.letter.upper()}"
            + (" (a wild reads as one letter both ways)" if what else ""))


def tiles_taken(grid: Mapping[Cell, Placed], cards: Mapping[str, Card], move: Place,
                hand: Sequence[str], name: Callable[[Cell], str] = cell_name) -> list[tuple[Cell, str, str]]:
    """The new tiles ``move`` lays from ``hand``: (cell, tile, letter). IllegalMove says why it cannot."""
    free = list(hand)
    new: list[tuple[Cell, str, str]] = []
    for cell, letter, wild in move.letters():
        there = grid.get(cell)
        if there is not None:
            if wild or there.letter != letter:
                raise IllegalMove(square_taken(cards, there, letter, name(cell)))
            continue
        tile = take_tile(cards, free, letter, wild)
        if tile is None:
            raise IllegalMove(f"you have no {'wild tile' if wild else letter.upper() + ' tile'} left for "
                              f"{name(cell)}" + ("" if wild else " (type * then a letter to use a wild)"))
        new.append((cell, tile, letter))
    if not new:
        raise IllegalMove(f"{move.spelling.upper()}: every square is already filled; place at least one tile")
    return new


def new_words(grid: Mapping[Cell, Placed], new: list[tuple[Cell, str, str]]) -> list[GridWord]:
    """The words the new tiles make; IllegalMove if they make none of two letters or more."""
    letters = letters_of(grid)
    letters.update((cell, letter) for cell, _, letter in new)
    words = words_through(letters, [cell for cell, _, _ in new])
    if not words:
        raise IllegalMove("the tiles must make a word of two letters or more")
    return words


def place_of(seat: int, grid: Mapping[Cell, Placed], play: Play, kind: type[Place] = Place) -> Place:
    """The ``place`` move (or ``kind``) for a move generator's play: its whole main word, from its first square."""
    new = {cell: (ch, wild) for cell, ch, wild in play.tiles}
    merged = ChainMap({c: ch for c, (ch, _) in new.items()}, letters_of(grid))
    word = next((w for w in words_through(merged, new) if w.direction == play.direction), None)
    cells = word.cells if word else [cell for cell, _, _ in play.tiles]
    spelling = "".join(("?" if new.get(c, ("", False))[1] else "") + merged[c] for c in cells)
    return kind(seat, cells[0], play.direction, spelling)
