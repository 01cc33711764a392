"""Crossword geometry for the board games (Word Whiz's open crossword, Scrabble Fluxx's board).

Pure: a grid is a mapping from ``(row, column)`` to a lower-case letter, and a
placement is a set of new cells. Nothing here knows whose tiles are where,
what they score or which words exist; the games and ``core.movegen`` add that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

Cell = tuple[int, int]
ACROSS, DOWN = "across", "down"
DIRECTIONS = (ACROSS, DOWN)
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}


def other(direction: str) -> str:
    return DOWN if direction == ACROSS else ACROSS


def step(cell: Cell, direction: str, n: int = 1) -> Cell:
    dr, dc = STEP[direction]
    return cell[0] + dr * n, cell[1] + dc * n


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def cell_name(cell: Cell) -> str:
    """How a cell is written in moves and messages: ``row,column`` (either may be negative)."""
    return f"{cell[0]},{cell[1]}"


def column_letters(column: int) -> str:
    """A column's letters from 0, as spreadsheets write them: A … Z, then AA, AB …"""
    name = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def square_name(cell: Cell) -> str:
    """A square of a fixed board as Scrabble players write it: column letter, then row from 1 (H8 is 15×15's centre).
    A square above row 1 or left of column A (off a board; an open crossword may grow there) is named from the
    nearest named one: ``2 above C1``, ``3 left of A5``, ``1 above and 2 left of A1``."""
    row, col = cell
    if row >= 0 and col >= 0:
        return f"{column_letters(col)}{row + 1}"
    away = [f"{-row} above" if row < 0 else "", f"{-col} left of" if col < 0 else ""]
    return f"{' and '.join(filter(None, away))} {square_name((max(row, 0), max(col, 0)))}"


OPEN_ORIGIN = (25, 13)
"""Where an open crossword's first square (0,0) sits on the board its squares are named on: N26. Word Whiz's
crosswords grow about 22 squares each way from it; a square beyond A1 is named from A1's side (``square_name``)."""


def open_square_name(cell: Cell) -> str:
    """A square of an open crossword named as on a fixed board (letter, number), its first square N26."""
    return square_name((cell[0] + OPEN_ORIGIN[0], cell[1] + OPEN_ORIGIN[1]))


SQUARE = re.compile(r"([A-Za-z]{1,2})([0-9]{1,3})")


def parse_square(text: str, open_grid: bool = False) -> Cell:
    """A square's name (``G9``, or ``row,column``) back into its cell; ValueError for anything else."""
    found = SQUARE.fullmatch(text.strip())
    if found is None:
        return parse_cell(text.strip())
    column = 0
    for letter in found[1].upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    cell = int(found[2]) - 1, column - 1
    return (cell[0] - OPEN_ORIGIN[0], cell[1] - OPEN_ORIGIN[1]) if open_grid else cell


CELL = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")


def parse_cell(text: str) -> Cell:
    """``row,column`` back into a cell; ValueError for anything else (ASCII digits only, at most four each)."""
    found = CELL.fullmatch(text)
    if found is None:
        raise ValueError(f"not a square: {text[:24]!r}")
    return int(found[1]), int(found[2])


@dataclass(frozen=True)
class GridWord:
    """A run of two or more letters: its cells in reading order, its direction and its letters."""

    cells: tuple[Cell, ...]
    direction: str
    text: str

    @property
    def key(self) -> str:
        """Names the word on this grid: its first cell and direction (``3,-1 down``)."""
        return f"{cell_name(self.cells[0])} {self.direction}"


def run_through(has: Callable[[Cell], bool], cell: Cell, direction: str) -> list[Cell]:
    """The filled cells in line with ``cell`` along ``direction`` with no gap, ``cell`` included."""
    start = cell
    while has(step(start, direction, -1)):
        start = step(start, direction, -1)
    cells = []
    at = start
    while at == cell or has(at):
        cells.append(at)
        at = step(at, direction)
    return cells


def words_through(letters: Mapping[Cell, str], new: Iterable[Cell]) -> list[GridWord]:
    """Every word (two letters or more) that runs through a new cell, each once; ``letters`` holds the new ones too."""
    found: dict[tuple, GridWord] = {}
    for cell in new:
        for direction in DIRECTIONS:
            cells = run_through(letters.__contains__, cell, direction)
            if len(cells) >= 2 and (cells[0], direction) not in found:
                found[cells[0], direction] = GridWord(tuple(cells), direction, "".join(letters[c] for c in cells))
    return sorted(found.values(), key=reading_order)


def all_words(letters: Mapping[Cell, str]) -> list[GridWord]:
    """Every word on the grid, top to bottom and left to right, across before down at the same cell."""
    return words_through(letters, letters)


def reading_order(word: GridWord) -> tuple:
    return word.cells[0], DIRECTIONS.index(word.direction)


def connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one piece (each reachable from any other through side-by-side neighbours)."""
    todo = set(cells)
    if not todo:
        return True
    stack = [todo.pop()]
    while stack:
        for n in neighbours(stack.pop()):
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


def line_problem(new: list[Cell], filled: Callable[[Cell], bool], name: Callable[[Cell], str] = cell_name) -> str | None:
    """Why new tiles at ``new`` are not one line without gaps (filled cells may sit between them), or None."""
    if len(set(new)) != len(new):
        return "two tiles on one square"
    taken = [c for c in new if filled(c)]
    if taken:
        return f"square {name(taken[0])} is taken"
    rows, cols = {r for r, _ in new}, {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        return "the tiles must go in one row or one column"
    direction = ACROSS if len(rows) == 1 else DOWN
    first, last = min(new), max(new)
    at = first
    news = set(new)
    while at != last:
        at = step(at, direction)
        if at not in news and not filled(at):
            return f"there is a gap at {name(at)}"
    return None


def bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(top, left, bottom, right) of the cells; (0, 0, 0, 0) for none."""
    cells = list(cells)
    if not cells:
        return 0, 0, 0, 0
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)
