"""The crossword tables' family (Word Whiz, Scrabble Fluxx): tiles typed onto a board, and F-keys that confirm."""

from __future__ import annotations

from typing import Callable, TypeVar

from wordcards.core.common import TableView
from wordcards.tui.crossword_entry import TypingGrid
from wordcards.tui.screens import ConfirmScreen
from wordcards.tui.table import GameTable
from wordcards.tui.widgets import error

V = TypeVar("V", bound=TableView)


class CrosswordTable(GameTable[V]):
    """A table whose board is a ``TypingGrid``: the tiles typed stay on it until a move goes through or Esc."""

    def on_mount(self) -> None:
        # Textual runs GameTable's on_mount after this one (a handler per class in the MRO)
        self.add_class("crossword")  # wordcards.tcss: the board takes the rows the title bar and the log give up

    @property
    def grid(self) -> TypingGrid:
        return self.query_one(TypingGrid)

    def moved(self) -> None:
        self.grid.clear()

    def action_back(self) -> None:
        self.grid.clear()
        super().action_back()

    def on_typing_grid_typed(self, event: TypingGrid.Typed) -> None:
        """Letters typed on the crossword: what the grid said about them, and the preview drawn again."""
        if event.say is not None:
            self.message = error(event.say) if event.refused else event.say
        self.render_all()

    def confirm(self, question: str, then: Callable[[], object]) -> None:
        """Ask before a single key makes a move that cannot be taken back; ``then`` makes it on yes."""
        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmScreen(question), answered)
