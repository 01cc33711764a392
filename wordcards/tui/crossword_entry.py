"""Typing tiles onto a crossword, for the board games' tables (Word Whiz, Scrabble Fluxx).

``TypingGrid`` is the crossword widget that takes the keys while its table
says a person is laying tiles (``rack`` is set). Letters typed go onto the
square under the cursor and the cursor moves on (across or down; Tab or
Space turns it). Typing the letter a square already holds steps over it, so
whole words can be typed through the crossword; any other letter there is
refused. A letter with no tile of its own uses a wild tile; ``*`` then a
letter forces one. Backspace takes back the last tile. The tiles stay on the widget (``pending``) until the table's
Enter turns them into a move (``move_of``) and sends it; every change posts
``TypingGrid.Typed`` so the table can redraw its preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from textual import events
from textual.message import Message

from wordcards.core.cards import Card
from wordcards.core.errors import IllegalMove
from wordcards.core.grid import ACROSS, DOWN, Cell, bounds, line_problem, other, parse_square, step
from wordcards.core.placing import Place, Placed, square_taken, take_tile
from wordcards.tui.grid import GridView, Square
from wordcards.tui.widgets import run_screen_key

TYPING_KEYS = """\
| ← ↑ → ↓ | move the cursor on the board (it scrolls to follow) |
| letters | put a tile on the cursor's square; the cursor moves on. A letter you have no tile of uses a wild tile |
| * then a letter | a wild tile for that letter: [a] in lower case until laid, then A* |
| typing a letter already on the square | steps over it (so you can type whole words); another letter is refused |
| Tab or Space | type across or down |
| Backspace | take back the last tile |
| Esc | take back every tile not yet laid; the cursor goes back to where you began |
| Home / End | put the cursor in the middle of the tiles / on the latest play (underlined) |
| / then a square's name, Enter | jump the cursor to that square (the letter above it, the number beside it: / H8) |
| a click on a square | put the cursor there |
"""


@dataclass(frozen=True)
class Rack:
    """What typing may use: the crossword, the tiles' cards, the tiles to type with, who types, the typed tiles' colour."""

    grid: Mapping[Cell, Placed]
    cards: Mapping[str, Card]
    tiles: tuple[str, ...]
    seat: int
    colour: str


MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class TypingGrid(GridView):
    """A crossword that takes letters while ``rack`` is set; the table reads ``pending`` and ``move_of``.

    While it takes letters, it acts on every key itself, in the order the keys came: a key left to a binding
    bubbles up through the screen's widgets one message queue at a time, so letters typed after it (a paste, keys
    bunched by tmux or a slow SSH link) would land first. Keys it has no use for run the screen's binding for them
    from here, for the same reason (Enter places the tiles typed before it, not after).
    """

    can_focus = True

    @dataclass
    class Typed(Message):
        """The typed tiles or the cursor changed. ``say`` is for the table's message line (None: leave it as it is);
        ``refused`` marks it as the reason a key did nothing."""

        say: str | None = None
        refused: bool = False

    def __init__(self, start: Cell = (0, 0), **kwargs) -> None:
        super().__init__(**kwargs)
        self.at: Cell = start
        self.pending: list[tuple[Cell, str, bool]] = []
        """Tiles typed but not yet placed: (square, letter, wild?)."""
        self.wild_next = False
        self.began: Cell = start
        """Where the cursor was when the first of the pending tiles was typed: Esc puts it back there."""
        self.rack: Rack | None = None
        self.placed: Mapping[Cell, Square] = {}
        self.going: str | None = None
        """A square's name typed after ``/``, until Enter puts the cursor there (None: not typing one)."""
        self.typed_on: Mapping[Cell, Placed] = {}
        """The crossword as it was when a tile was last typed or taken back: the one the preview showed then (in a
        race, others place tiles meanwhile)."""

    # ------------------------------------------------------------ what the table says

    def show(self, placed: Mapping[Cell, Square], rack: Rack | None) -> None:
        """Draw the crossword's tiles; with a rack, the typed tiles and the cursor too, and take the keys."""
        self.placed, self.rack = placed, rack
        if rack is not None and not self.has_focus:
            self.focus()
        self._redraw()

    def give_back(self, grid: Mapping[Cell, Placed]) -> list[Cell]:
        """Take back the typed tiles on squares someone else has just filled (a race); their squares."""
        taken = [p for p in self.pending if p[0] in grid]
        self.pending = [p for p in self.pending if p not in taken]
        self._redraw()
        return [cell for cell, _, _ in taken]

    def _redraw(self) -> None:
        squares = dict(self.placed)
        if self.rack is not None:
            squares.update({cell: Square(letter, self.rack.colour, wild, pending=True)
                            for cell, letter, wild in self.pending})
        self.squares, self.cursor = squares, self.at if self.rack is not None else None

    def clear(self) -> None:
        """Take back every typed tile (a move went through, time ran out, or Esc), the cursor to where typing began."""
        if self.pending:
            self.at = self.began
        self.pending, self.wild_next, self.going = [], False, None
        self._redraw()

    def _changed(self, say: str | None = None, refused: bool = False) -> None:
        self._redraw()
        self.post_message(self.Typed(say, refused))

    # ------------------------------------------------------------ typing

    async def on_key(self, event: events.Key) -> None:
        if self.rack is None:
            return
        char = event.character or ""
        if self.going is not None:
            self.type_square(event.key, char)
        elif event.key == "backspace":
            self.take_back()
        elif event.key == "space":
            self.turn()
        elif event.key in MOVES:
            self.move(*MOVES[event.key])
        elif event.key == "home":
            self.middle()
        elif event.key == "end":
            self.to_latest()
        elif char == "/":
            self.going = ""
            self._changed(self.going_prompt())
        elif char == "*":
            self.wild_next = True
            self._changed("Wild tile: type the letter it stands for")
        elif len(char) == 1 and char.isascii() and char.isalpha():
            self.type_letter(char.lower())
        elif not await run_screen_key(self, event.key):
            return
        event.stop()
        event.prevent_default()

    def type_letter(self, letter: str) -> None:
        rack = self.rack
        if rack is None:
            return
        wild, self.wild_next = self.wild_next, False
        cell = self.at
        there = rack.grid.get(cell)
        typed = next((t[1] for t in self.pending if t[0] == cell), None)
        if (there.letter if there is not None else typed) == letter and not wild:
            self.at = step(cell, self.direction)  # the letter is already there: step over it
            self._changed()
            return
        if there is not None:
            self._changed(square_taken(rack.cards, there, letter, self.name_of(cell)), refused=True)
            return
        if typed is not None:
            self._changed(f"{letter.upper()} at {self.name_of(cell)}: you have typed {typed.upper()} there "
                          "(Backspace takes back the last tile)", refused=True)
            return
        if not self.pending:
            self.began = cell
        free = self.free_tiles()
        if not wild and take_tile(rack.cards, list(free), letter, False) is None:
            wild = True  # no such letter tile: a wild stands in, if there is one
        if take_tile(rack.cards, list(free), letter, wild) is None:
            self._changed(f"you have no {letter.upper()} tile" + (" and no wild tile left" if wild else ""), refused=True)
            return
        self.pending.append((cell, letter, wild))
        self.typed_on = rack.grid
        self.at = step(cell, self.direction)
        self._changed("")

    # ------------------------------------------------------------ jumping to a square

    def going_prompt(self) -> str:
        return f"Go to square: {self.going}_  (its letter and number, e.g. H8; Enter goes, Esc stays)"

    def type_square(self, key: str, char: str) -> None:
        """A key while a square's name is typed after ``/``: Enter jumps there, Esc gives up."""
        if key == "enter":
            name, self.going = self.going or "", None
            try:
                self.jump(parse_square(name, open_grid=self.area is None), name)
            except ValueError:
                self._changed(f"{name or 'nothing'} is not a square: a letter then a number, e.g. H8", refused=True)
        elif key == "escape":
            self.going = None
            self._changed("")
        elif key == "backspace":
            self.going = (self.going or "")[:-1]
            self._changed(self.going_prompt())
        elif len(char) == 1 and char.isascii() and (char.isalnum() or char in ",-") and len(self.going or "") < 8:
            self.going = (self.going or "") + char.upper()
            self._changed(self.going_prompt())

    def jump(self, cell: Cell, typed: str = "") -> None:
        """The cursor to ``cell`` (``typed`` by name, or clicked), if it is on the board."""
        if not self.on_board(cell) and self.area is not None:
            top, left, bottom, right = self.area
            self._changed(f"{typed or self.name_of(cell)} is off the board ({self.name_of((top, left))} to "
                          f"{self.name_of((bottom, right))})", refused=True)
            return
        self.at = cell
        self._changed(f"Cursor on {self.name_of(cell)}")

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        cell = self.cell_at(offset.x, offset.y) if self.rack is not None and offset is not None else None
        if cell is not None:
            self.going = None
            self.jump(cell)

    def pending_cells(self) -> set[Cell]:
        return {cell for cell, _, _ in self.pending}

    def free_tiles(self) -> list[str]:
        """The rack's tiles that typed letters have not taken."""
        if self.rack is None:
            return []
        free = list(self.rack.tiles)
        for _, letter, wild in self.pending:
            take_tile(self.rack.cards, free, letter, wild)
        return free

    def take_back(self) -> None:
        if self.pending:
            self.at = self.pending.pop()[0]
        if self.rack is not None:
            self.typed_on = self.rack.grid
        self.wild_next = False
        self._changed("")

    def move_of(self, kind: type = Place):
        """The ``Place`` move (or ``kind``) for the tiles typed; IllegalMove if they are not in one line without gaps."""
        rack = self.rack
        if rack is None or not self.pending:
            raise IllegalMove("type letters onto the crossword first")
        cells = sorted(self.pending_cells())
        problem = line_problem(cells, rack.grid.__contains__, self.name_of)
        if problem:
            raise IllegalMove(problem)
        direction = self.direction if len(cells) == 1 else (ACROSS if cells[0][0] == cells[-1][0] else DOWN)
        typed = {cell: (letter, wild) for cell, letter, wild in self.pending}
        spelling, cell = "", cells[0]
        while True:
            letter, wild = typed.get(cell, (rack.grid[cell].letter if cell in rack.grid else "", False))
            spelling += ("?" if wild else "") + letter
            if cell == cells[-1]:
                break
            cell = step(cell, direction)
        return kind(rack.seat, cells[0], direction, spelling)

    # ------------------------------------------------------------ moving the cursor

    def move(self, dr: int, dc: int) -> None:
        self.at = (self.at[0] + dr, self.at[1] + dc)
        self._changed()

    def turn(self) -> None:
        self.direction = other(self.direction)
        self._changed()

    def put(self, at: Cell, direction: str | None = None) -> None:
        """Put the cursor on a square, typing ``direction`` if given (a new round's first word, a fresh board)."""
        self.at, self.direction = at, direction or self.direction
        self._redraw()

    def to_latest(self) -> None:
        latest = self.latest()
        if latest:
            self.at = latest[0]
            self._changed()

    def middle(self) -> None:
        if self.rack is None:
            return
        top, left, bottom, right = bounds(self.rack.grid)
        self.at = ((top + bottom) // 2, (left + right) // 2)
        self.centre()
        self._changed()
