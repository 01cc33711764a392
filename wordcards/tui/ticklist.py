"""The pick dialog's list, in a module of its own: Textual's SelectionList is imported only when a dialog opens."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import SelectionList


class TickList(SelectionList):
    """A SelectionList whose boxes show X only when ticked: Textual's shows X in every box and tells ticked from not
    by colour alone, which reads as all ticked in 16 colours or none."""

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        index = self.scroll_offset.y + y
        if index >= self.option_count or self.get_option_at_index(index).value in self.selected:
            return line
        # the box is the first three segments (its left side, its X, its right side), then the prompt
        return Strip([Segment(" ", part.style) if n == 1 else part for n, part in enumerate(line)], line.cell_length)
