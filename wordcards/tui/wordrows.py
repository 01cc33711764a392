"""Each player's words in rows that wrap between words, never inside one, and keep a chosen word in view."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.widget import Widget

Key = tuple[int, int]
"""A word's place: (row, entry in the row)."""


@dataclass(frozen=True)
class WordRow:
    label: Text
    entries: tuple[Text, ...]
    empty: str = "no words yet"


def flow(rows: tuple[WordRow, ...], width: int) -> tuple[list[Text], dict[Key, int]]:
    """The lines the rows take at ``width``, and the line each entry starts on."""
    lines: list[Text] = []
    at: dict[Key, int] = {}
    width = max(width, 20)
    for r, row in enumerate(rows):
        line = row.label.copy()
        if not row.entries:
            line.append(f" {row.empty}", "dim")
        for e, entry in enumerate(row.entries):
            if line.cell_len > 2 and line.cell_len + 2 + entry.cell_len > width:
                lines.append(line)
                line = Text("  ")
            else:
                line.append("  " if e else " ")
            at[(r, e)] = len(lines)
            line.append_text(entry)
        lines.append(line)
    return lines, at


class WordRows(Widget):
    """Rows of words (one a player) inside a scrolling container; ``follow`` is kept in view."""

    DEFAULT_CSS = "WordRows { height: auto; }"

    rows: reactive[tuple[WordRow, ...]] = reactive((), layout=True)
    follow: reactive[Key | None] = reactive(None)
    """The word to keep on screen: the one picked to lay off on, else the last play."""
    footnote: reactive[Text] = reactive(Text(), layout=True)

    def lines(self, width: int) -> list[Text]:
        lines, _ = flow(self.rows, width)
        return lines + (list(self.footnote.wrap(self.app.console, max(width, 20))) if self.footnote else [])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.size.width))

    def watch_follow(self) -> None:
        self.call_after_refresh(self.show_followed)

    def watch_rows(self) -> None:
        self.call_after_refresh(self.show_followed)

    def show_followed(self) -> None:
        if self.follow is None or self.parent is None or not isinstance(self.parent, Widget):
            return
        _, at = flow(self.rows, self.size.width)
        line = at.get(self.follow)
        if line is not None:
            region = self.virtual_region
            self.parent.scroll_to_region(Region(region.x, region.y + line, 1, 1), animate=False)
