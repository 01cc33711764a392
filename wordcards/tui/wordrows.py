"""Each player's words in rows that wrap between words, never inside one, and keep a word in view: the one
asked for, else the latest play's."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Hashable

from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive
from textual.widget import Widget

from wordcards.tui.widgets import SharedLines, text_key

Key = tuple[int, int]
"""A word's place: (row, entry in the row)."""

LATEST = "▸"


@dataclass(frozen=True)
class WordRow:
    """One player's words (or the centre's). The latest play's words get ``▸``; its player's name is reversed,
    the player to move's is bold."""

    name: str
    entries: tuple[Text, ...]
    latest: frozenset[int] = frozenset()
    """The entries the latest play touched."""
    current: bool = False
    last: bool = False
    """This row's player made the latest play."""
    note: str = ""
    """After the name, outside its highlight: `` (deals)``."""
    empty: str = "no words yet"

    @property
    def label(self) -> Text:
        style = ("bold" if self.current else "") + (" reverse" if self.last else "")
        return Text.assemble((self.name, style.strip()), f"{self.note}:")

    @cached_property
    def key(self) -> Hashable:
        """What names the row's drawing (its Texts are not hashable)."""
        entries = tuple(map(text_key, self.entries))
        return self.name, entries, self.latest, self.current, self.last, self.note, self.empty

    def shown(self, index: int) -> Text:
        return Text.assemble((LATEST, "bold"), self.entries[index]) if index in self.latest else self.entries[index]


def flow_entries(label: Text, entries: tuple[Text, ...], width: int, empty: str = "") -> tuple[list[Text], list[int]]:
    """``label`` and then the entries, wrapped between entries at ``width``; the lines and each entry's line."""
    lines: list[Text] = []
    starts: list[int] = []
    width = max(width, 20)
    line = label.copy()
    if not entries and empty:
        line.append(f" {empty}", "dim")
    for e, entry in enumerate(entries):
        if line.cell_len > 2 and line.cell_len + 2 + entry.cell_len > width:
            lines.append(line)
            line = Text("  ")
        else:
            line.append("  " if e else " ")
        starts.append(len(lines))
        line.append_text(entry)
    lines.append(line)
    return lines, starts


def flow(rows: tuple[WordRow, ...], width: int) -> tuple[list[Text], dict[Key, int]]:
    """The lines the rows take at ``width``, and the line each entry starts on."""
    lines: list[Text] = []
    at: dict[Key, int] = {}
    for r, row in enumerate(rows):
        shown = tuple(row.shown(e) for e in range(len(row.entries)))
        row_lines, starts = flow_entries(row.label, shown, width, row.empty)
        at.update(((r, e), len(lines) + start) for e, start in enumerate(starts))
        lines += row_lines
    return lines, at


class WordRows(SharedLines):
    """Rows of words (one a player) inside a scrolling container; ``follow``, else the latest play, is kept in view."""

    DEFAULT_CSS = "WordRows { height: auto; }"

    rows: reactive[tuple[WordRow, ...]] = reactive((), repaint=False, always_update=True)
    follow: reactive[Key | None] = reactive(None, repaint=False)
    """The word to keep on screen (a lay-off's target); None: the latest play's first word."""
    footnote: reactive[Text] = reactive(Text(), repaint=False, always_update=True)

    def drawn(self) -> Hashable:
        return tuple(row.key for row in self.rows), text_key(self.footnote)

    def draw(self, width: int, height: int) -> Text:
        lines, _ = flow(self.rows, width)
        lines += list(self.footnote.wrap(self.app.console, max(width, 20))) if self.footnote else []
        return Text("\n").join(lines)

    def followed(self) -> Key | None:
        if self.follow is not None:
            return self.follow
        return next(((r, min(row.latest)) for r, row in enumerate(self.rows) if row.latest), None)

    def watch_follow(self) -> None:
        self.call_after_refresh(self.show_followed)

    watch_rows = watch_footnote = SharedLines.changed

    def lines_changed(self) -> None:  # the player to move changes every turn; the lines, seldom
        self.call_after_refresh(self.show_followed)

    def on_resize(self) -> None:
        # Laid out anew: rows that changed under a screen that covered the table were followed against the old ones.
        self.call_after_refresh(self.show_followed)

    def show_followed(self) -> None:
        key = self.followed()
        if key is None or not isinstance(self.parent, Widget):
            return
        line = flow(self.rows, self.size.width)[1].get(key)
        if line is not None:
            region = self.virtual_region
            self.parent.scroll_to_region(Region(region.x, region.y + line, 1, 1), animate=False)
