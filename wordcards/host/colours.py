"""The colours of a hosted screen: every app draws in 256 colours, and the bytes for a terminal with 16 are translated
on their way to it.

Rich keeps a style's escape codes from the first time the style is drawn, whatever the colours of the console that
drew it. The apps of a club or a hosted game share one process and many styles (and lines drawn once for every
screen), so a 16-colour terminal was sent the 256-colour codes of styles that another person's screen drew first,
and a 256-colour one, the 16-colour codes of styles drawn first for a 16-colour terminal.
"""

from __future__ import annotations

import io
import re
from typing import Callable, Literal

from rich.color import Color, ColorSystem
from rich.console import Console

DRAWN_IN: Literal["256"] = "256"
"""The colours every hosted app draws in (an SSH client says no more than its ``TERM``, and the browser's xterm.js
is ``xterm-256color``)."""
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colours_of(term: str) -> str | None:
    """The colours a terminal of type ``term`` shows, as Rich names them: "standard" (16), "256", "truecolor"..."""
    return Console(color_system="auto", file=io.StringIO(), force_terminal=True, _environ={"TERM": term}).color_system


def translation_for(term: str) -> Callable[[str], str] | None:
    """What turns the apps' output into what a ``term`` terminal shows: None if it shows 256 colours or more."""
    if colours_of(term) in ("256", "truecolor"):
        return None
    return lambda data: SGR.sub(in_16_colours, data)


def in_16_colours(sgr: re.Match) -> str:
    """An SGR sequence with its 256-colour and RGB colours changed to the nearest of the 16 standard ones."""
    params = sgr.group(1).split(";")
    out: list[str] = []
    i = 0
    while i < len(params):
        param, kind = params[i], params[i + 1] if i + 1 < len(params) else ""
        if param in ("38", "48") and kind == "5" and i + 2 < len(params):
            colour, i = Color.from_ansi(int(params[i + 2])), i + 3
        elif param in ("38", "48") and kind == "2" and i + 4 < len(params):
            colour, i = Color.from_rgb(*(int(p) for p in params[i + 2:i + 5])), i + 5
        else:
            out.append(param)
            i += 1
            continue
        number = colour.downgrade(ColorSystem.STANDARD).number or 0
        base = 30 if param == "38" else 40
        out.append(str(base + number if number < 8 else base + 60 + number - 8))
    return f"\x1b[{';'.join(out)}m"
