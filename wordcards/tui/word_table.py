"""The word tables' family (FEZ, Quiddler, Gift Words): words typed into the entry and read against the hand as
they are typed, Enter to play them, and the words on the table in rows."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual import on

from wordcards.core.common import TableView
from wordcards.tui.adapter import stock_gone
from wordcards.tui.table import GameTable
from wordcards.tui.widgets import WordEntry
from wordcards.tui.wordrows import WordRows

V = TypeVar("V", bound=TableView)


class WordTable(GameTable[V]):
    """A table whose input is the word entry: ``play_words`` turns what Enter was pressed on into a move.

    The screen follows the entry's value with a watcher, which runs as each key
    changes it, not with ``Input.Changed``: that message waits behind the keys
    already queued, so after a paste or a bunched SSH packet it would arrive
    after a Tab or a digit typed behind the letters, and undo the choice they
    made or the message they left.
    """

    def table_widget(self) -> WordRows:
        return WordRows()

    def on_mount(self) -> None:
        self.watch(self.entry, "value", self.words_changed, init=False)

    def words_changed(self) -> None:
        """The words typed changed: an old complaint about the last ones no longer applies; the preview follows."""
        self.message = ""
        self.render_all()

    @on(WordEntry.Entered)
    def entered(self) -> None:
        if self.human_to_move():
            self.play_words(self.entry.value.strip())

    DRAW_KEYS: ClassVar[str] = ""
    """How the person draws, in a game where a turn begins with a draw: the entry says so until they have."""
    EMPTY_STOCK_KEYS: ClassVar[str] = ""
    """How they draw once only the discard can be taken (``stock_gone``)."""

    def idle_hint(self) -> str:
        """What the entry says while it takes no words (a word typed then would go nowhere, or run a draw key)."""
        if self.DRAW_KEYS and self.human_to_move() and self.view().phase == "draw":
            keys = self.EMPTY_STOCK_KEYS if self.EMPTY_STOCK_KEYS and stock_gone(self.view()) else self.DRAW_KEYS
            return f"draw first ({keys}), then type a word"
        return ""

    def play_words(self, text: str) -> None:
        """Hook: Enter on ``text`` ("" for an empty entry) by the person to move."""

    def typing_hint(self) -> str:
        """What the empty entry says while it takes words: the game's example."""
        return self.ui.entry.hint if self.ui.entry else ""

    def offer_entry(self, typing: bool) -> None:
        """The entry takes words only while ``typing``, and has the focus then; else it says what comes first."""
        entry = self.entry
        entry.disabled = not typing
        entry.placeholder = self.typing_hint() if typing else self.idle_hint()
        if typing and not entry.has_focus:
            entry.focus()
