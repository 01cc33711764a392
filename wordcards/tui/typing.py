"""Typing tiles onto a crossword, for the board games' tables (Word Whiz, Scrabble Fluxx).

Letters typed go onto the square under the cursor and the cursor moves on
(across or down; Tab or Space turns it). Typing the letter a square already
holds steps over it, so whole words can be typed through the crossword. A
letter with no tile of its own uses a wild tile; ``*`` then a letter forces
one. Backspace takes back the last tile. The tiles stay on the screen
(``pending``) until the game's Enter sends the move.
"""

from __future__ import annotations

from typing import Mapping

from textual import events
from textual.binding import Binding

from wordcards.core.errors import IllegalMove
from wordcards.core.grid import ACROSS, DOWN, Cell, bounds, line_problem, other, step
from wordcards.core.placing import Place, Placed, take_tile
from wordcards.tui.grid import GridView, Square
from wordcards.tui.table import error

TYPING_KEYS = """\
| ← ↑ → ↓ | move the cursor on the board (it scrolls to follow) |
| letters | put a tile with that letter on the cursor's square; the cursor moves on. A letter you have no tile of uses a wild tile |
| * then a letter | a wild tile standing for that letter |
| typing a letter already on the square | steps over it (so you can type whole words) |
| Tab or Space | type across or down |
| Backspace | take back the last tile |
| Esc | take back every tile not yet placed |
| Home | put the cursor back in the middle of the tiles |
"""

TYPING_BINDINGS = [
    Binding("up", "move(-1, 0)", "Move", show=False, priority=True),
    Binding("down", "move(1, 0)", "Move", show=False, priority=True),
    Binding("left", "move(0, -1)", "Move", show=False, priority=True),
    Binding("right", "move(0, 1)", "Move", show=False, priority=True),
    Binding("home", "home", "Middle", show=False),
]
"""The cursor keys; each game binds Tab and Enter itself."""


class TileTyping:
    """Mixed into a ``GameTable`` whose table is a ``GridView``; the game says when typing is on (``placing``),
    where the crossword is (``crossword``) and which tiles may be typed (``tile_source``)."""

    PLACE_MOVE: type = Place

    def init_typing(self, at: Cell = (0, 0)) -> None:
        self.at: Cell = at
        self.direction = ACROSS
        self.pending: list[tuple[Cell, str, bool]] = []
        """Tiles typed but not yet placed: (square, letter, wild?)."""
        self.wild_next = False

    # ------------------------------------------------------------ what the game says

    def placing(self) -> bool:
        """Hook: whether keys type tiles now (the person at the keyboard is laying tiles)."""
        return False

    def crossword(self, view) -> Mapping[Cell, Placed]:
        return view.grid

    def tile_source(self, view) -> tuple[str, ...]:
        """The tiles typing may take (the hand; Scrabble Fluxx's revealed rack when looking for a play)."""
        return view.hand

    # ------------------------------------------------------------ typing

    def on_key(self, event: events.Key) -> None:
        if not self.placing():
            return
        char = event.character or ""
        if event.key == "backspace":
            self.take_back()
        elif event.key == "space":
            self.action_turn()
        elif char == "*":
            self.wild_next = True
            self.say("Wild tile: type the letter it stands for")
        elif len(char) == 1 and char.isascii() and char.isalpha():
            self.type_letter(char.lower())
        else:
            return
        event.stop()
        event.prevent_default()

    def type_letter(self, letter: str) -> None:
        view = self.view()
        grid = self.crossword(view)
        wild, self.wild_next = self.wild_next, False
        there = grid.get(self.at)
        if there is not None and there.letter == letter and not wild:
            self.at = step(self.at, self.direction)  # the letter is already there: step over it
            self.render_all()
            return
        cell = self.at
        while cell in grid or cell in self.pending_cells():
            cell = step(cell, self.direction)
        free = self.free_tiles()
        if not wild and take_tile(view.cards, list(free), letter, False) is None:
            wild = True  # no such letter tile: a wild stands in, if there is one
        if take_tile(view.cards, list(free), letter, wild) is None:
            self.say(error(f"you have no {letter.upper()} tile" + (" and no wild tile left" if wild else "")))
            return
        self.pending.append((cell, letter, wild))
        self.at = step(cell, self.direction)
        self.message = ""
        self.render_all()

    def pending_cells(self) -> set[Cell]:
        return {cell for cell, _, _ in self.pending}

    def free_tiles(self) -> list[str]:
        """The tiles that typed letters have not taken."""
        view = self.view()
        free = list(self.tile_source(view))
        for _, letter, wild in self.pending:
            take_tile(view.cards, free, letter, wild)
        return free

    def take_back(self) -> None:
        if self.pending:
            self.at = self.pending.pop()[0]
        self.wild_next = False
        self.message = ""
        self.render_all()

    def move_of(self, kind: type | None = None):
        """The ``place`` move (or ``kind``) for the tiles typed; IllegalMove if they are not in one line without gaps."""
        view = self.view()
        grid = self.crossword(view)
        cells = sorted(self.pending_cells())
        problem = line_problem(cells, grid.__contains__)
        if problem:
            raise IllegalMove(problem)
        direction = self.direction if len(cells) == 1 else (ACROSS if cells[0][0] == cells[-1][0] else DOWN)
        typed = {cell: (letter, wild) for cell, letter, wild in self.pending}
        spelling, cell = "", cells[0]
        while True:
            letter, wild = typed.get(cell, (grid[cell].letter if cell in grid else "", False))
            spelling += ("?" if wild else "") + letter
            if cell == cells[-1]:
                break
            cell = step(cell, direction)
        return (kind or self.PLACE_MOVE)(self.typing_seat(view), cells[0], direction, spelling)

    def typing_seat(self, view) -> int:
        return view.seat

    def pending_squares(self, colour: str) -> dict[Cell, Square]:
        return {cell: Square(letter, colour, wild, pending=True) for cell, letter, wild in self.pending}

    # ------------------------------------------------------------ actions

    def action_move(self, dr: int, dc: int) -> None:
        self.at = (self.at[0] + dr, self.at[1] + dc)
        self.render_all()

    def action_turn(self) -> None:
        self.direction = other(self.direction)
        self.render_all()

    def action_home(self) -> None:
        top, left, bottom, right = bounds(self.crossword(self.view()))
        self.at = ((top + bottom) // 2, (left + right) // 2)
        self.query_one(GridView).centre()
        self.render_all()

    def clear_typing(self) -> None:
        self.pending, self.wild_next = [], False
