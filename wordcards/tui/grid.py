"""A crossword on screen: the squares around a cursor, scrolled to keep the cursor in sight.

The widget draws only what fits its size, so a grid of any extent costs one
screenful to draw (and to send over a slow connection). Each square is three
characters wide; a game says how each filled square looks (``Square``) and
may style empty squares (Scrabble's premium squares).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from wordcards.core.grid import ACROSS, Cell, bounds, open_square_name, square_name

CELL = 3
LABEL = 4
"""Width of the row numbers."""

TILE_STYLES = {
    "red": "bold white on red",
    "blue": "bold white on blue",
    "green": "bold black on green",
    "yellow": "bold black on yellow",
    "tile": "bold black on white",
}


@dataclass(frozen=True)
class Square:
    """A filled square: its letter, its tile colour, and whether a wild tile or a tile not yet placed fills it."""

    letter: str
    colour: str
    wild: bool = False
    pending: bool = False
    latest: bool = False
    """Laid by the latest play: underlined (the player's name is highlighted too)."""


class GridView(Widget):
    """A scrolling window on a crossword, with the cursor and the direction of typing."""

    DEFAULT_CSS = "GridView { height: 1fr; width: 1fr; }"

    squares: reactive[Mapping[Cell, Square]] = reactive(dict, always_update=True)
    cursor: reactive[Cell | None] = reactive(None)
    direction: reactive[str] = reactive(ACROSS)

    def __init__(self, empty_style: Callable[[Cell], tuple[str, str]] | None = None,
                 area: tuple[int, int, int, int] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.empty_style = empty_style
        self.area = area
        """A fixed board's (top, left, bottom, right): the window never scrolls past it."""
        """``empty_style(cell) -> (text, style)`` for an empty square (default: a dim dot)."""
        self.origin: Cell | None = None
        """The top-left square on show; it moves only to keep the cursor in sight."""
        self.name_of = square_name if area is not None else open_square_name
        """How a square is written on screen and in messages: column letter, then row number (H8), on a fixed board
        and an open grid alike."""

    def window(self) -> tuple[int, int]:
        """How many rows and columns of squares fit."""
        return max(1, self.size.height - 1), max(1, (self.size.width - LABEL) // CELL)

    def _follow(self) -> Cell:
        rows, cols = self.window()
        if self.origin is None:  # the first frame (or after Home): centred on the cursor, else the crossword
            top, left, bottom, right = bounds(self.squares)
            middle = self.cursor or ((top + bottom) // 2, (left + right) // 2)
            self.origin = (middle[0] - rows // 2, middle[1] - cols // 2)
        if self.cursor is not None:
            sights = [self.cursor]
        else:  # nobody typing: the latest play's corners stay in sight
            latest = self.latest()
            top, left, bottom, right = bounds(latest)
            sights = [(top, left), (bottom, right)] if latest else []
        r0, c0 = self.origin
        margin_r, margin_c = min(1, rows // 3), min(2, cols // 3)
        for focus in sights:
            if focus[0] < r0 + margin_r:
                r0 = focus[0] - margin_r
            elif focus[0] > r0 + rows - 1 - margin_r:
                r0 = focus[0] - rows + 1 + margin_r
            if focus[1] < c0 + margin_c:
                c0 = focus[1] - margin_c
            elif focus[1] > c0 + cols - 1 - margin_c:
                c0 = focus[1] - cols + 1 + margin_c
        if self.area is not None:
            top, left, bottom, right = self.area
            r0 = max(top, min(r0, bottom - rows + 1))
            c0 = max(left, min(c0, right - cols + 1))
        self.origin = (r0, c0)
        return self.origin

    def latest(self) -> list[Cell]:
        """The squares of the latest play."""
        return sorted(cell for cell, square in self.squares.items() if square.latest)

    def centre(self) -> None:
        """Forget the scroll position: the next frame centres on the cursor (or the crossword)."""
        self.origin = None
        self.refresh()

    def render(self) -> Text:
        rows, cols = self.window()
        r0, c0 = self._follow()
        r1, c1 = r0 + rows, c0 + cols
        if self.area is not None:  # a fixed board: no squares beyond its edges, however large the window
            r1, c1 = min(r1, self.area[2] + 1), min(c1, self.area[3] + 1)
        out = Text(no_wrap=True, overflow="crop")
        out.append(" " * LABEL)
        for c in range(c0, c1):
            out.append(f"{self.column_label(c):^{CELL}}", "dim")
        for r in range(r0, r1):
            out.append("\n")
            out.append(f"{self.row_label(r):>{LABEL - 1}} ", "dim")
            for c in range(c0, c1):
                out.append_text(self._square((r, c)))
        return out

    def column_label(self, column: int) -> str:
        """A column's letters as its squares' names have them ("" off the named board)."""
        name = self.name_of((0, column))
        return name.rstrip("0123456789") if " " not in name else ""

    def row_label(self, row: int) -> str:
        name = self.name_of((row, 0))
        return name.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") if " " not in name else ""

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The square drawn at (x, y) of the widget's content, or None for the labels and beyond the board."""
        rows, cols = self.window()
        if self.origin is None or y < 1 or x < LABEL or y > rows or (x - LABEL) // CELL >= cols:
            return None
        cell = self.origin[0] + y - 1, self.origin[1] + (x - LABEL) // CELL
        return cell if self.on_board(cell) else None

    def on_board(self, cell: Cell) -> bool:
        """Whether ``cell`` is on the board: always on an open grid, within ``area`` on a fixed one."""
        if self.area is None:
            return True
        top, left, bottom, right = self.area
        return top <= cell[0] <= bottom and left <= cell[1] <= right

    def _square(self, cell: Cell) -> Text:
        square = self.squares.get(cell)
        here = cell == self.cursor
        if square is None:
            if here:
                return Text(" ▶ " if self.direction == ACROSS else " ▼ ", "bold reverse")
            label, style = self.empty_style(cell) if self.empty_style else (" · ", "dim")
            return Text(label, style)
        style = TILE_STYLES.get(square.colour, "bold reverse")
        letter = square.letter.upper()
        if square.pending:  # a wild tile in lower case until it is laid
            tile = Text(f"[{square.letter.lower() if square.wild else letter}]", style + " underline")
        else:
            tile = Text(f" {letter}{'*' if square.wild else ' '}", style + (" underline" if square.latest else ""))
        if here:
            tile.stylize("reverse")
        return tile
