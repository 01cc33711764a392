"""The colours of a hosted screen: every app draws in full (RGB) colour, and the bytes for each terminal are turned
into the colours it has on their way to it.

Rich keeps a style's escape codes from the first time the style is drawn, whatever the colours of the console that
drew it. The apps of a club or a hosted game share one process and many styles (and lines drawn once for every
screen), so a 16-colour terminal was sent the 256-colour codes of styles that another person's screen drew first.
Each colour is rounded once, from the colour drawn: rounded to 256 and then to 16, the cards' red and yellow came out
the same.
"""

from __future__ import annotations

import io
import re
from typing import Callable, Literal

from rich.color import Color, ColorSystem, ColorType
from rich.console import Console
from rich.terminal_theme import TerminalTheme

DRAWN_IN: Literal["truecolor"] = "truecolor"
SGR = re.compile(r"\x1b\[([0-9;]*)m")
KEPT = 4096
"""Translated SGR sequences a terminal keeps (a screen uses a few hundred)."""


def colours_of(term: str) -> str | None:
    """The colours a terminal of type ``term`` shows, as Rich names them: "standard" (16), "256", "truecolor"..."""
    return Console(color_system="auto", file=io.StringIO(), force_terminal=True, _environ={"TERM": term}).color_system


def translation_for(term: str, ansi: TerminalTheme | None = None) -> Callable[[str], str] | None:
    """What turns the apps' output into what a ``term`` terminal shows: None if it shows every colour. On a
    terminal of 16 colours, one of ``ansi``'s (the app's ANSI theme) is shown as the terminal's own colour of that
    number; with 256, the nearest of them keeps the cards as a full-colour screen shows them."""
    colours = colours_of(term)
    if colours == "truecolor":
        return None
    system = ColorSystem.EIGHT_BIT if colours == "256" else ColorSystem.STANDARD
    named = ansi_numbers(ansi) if ansi is not None and system == ColorSystem.STANDARD else {}
    done: dict[str, str] = {}

    def translated(sgr: re.Match) -> str:
        found = done.get(sgr.group(0))
        if found is None:
            if len(done) >= KEPT:
                done.clear()
            found = done[sgr.group(0)] = in_colours(sgr.group(1).split(";"), system, named)
        return found

    return lambda data: SGR.sub(translated, data)


def ansi_numbers(theme: TerminalTheme) -> dict[tuple[int, int, int], int]:
    """The RGB Textual draws each ANSI colour in (its ANSI theme), back to the colour's number. The cards (and Word
    Whiz's tiles, as backgrounds) are drawn in ANSI red, green, yellow and blue, which Textual turns into its theme's
    RGB; the nearest of the 16 colours to its red is magenta, and to its yellow bright red. Where a theme gives
    several numbers one RGB (its red is its magenta too), the lowest wins: the plain colours, which the cards use.
    The theme is the one the app had when built: none of ours changes it."""
    return {theme.ansi_colors[n]: n for n in reversed(range(16))}


def in_colours(params: list[str], system: ColorSystem, named: dict[tuple[int, int, int], int]) -> str:
    """An SGR sequence with its 256-colour and RGB colours changed to the nearest that ``system`` has (a colour that
    ``named`` gives a number, to that number)."""
    out: list[str] = []
    i = 0
    while i < len(params):
        param = params[i]
        colour, used = colour_at(params, i) if param in ("38", "48") else (None, 1)
        i += used
        if colour is None:
            out.append(param)
            continue
        number = named.get(colour.triplet) if colour.triplet else None
        if number is None:
            shown = colour.downgrade(system)
            if shown.type != ColorType.STANDARD:  # one of 256
                out += [param, "5", str(shown.number)]
                continue
            number = shown.number or 0
        base = 30 if param == "38" else 40
        out.append(str(base + number if number < 8 else base + 60 + number - 8))
    return f"\x1b[{';'.join(out)}m"


def colour_at(params: list[str], i: int) -> tuple[Color | None, int]:
    """The colour that ``params[i]`` (38 or 48) begins, and how many params it takes; None if they make none."""
    kind = params[i + 1] if i + 1 < len(params) else ""
    wanted = {"5": 1, "2": 3}.get(kind, 0)
    values = params[i + 2:i + 2 + wanted]
    if not wanted or len(values) < wanted or not all(value.isdigit() and int(value) < 256 for value in values):
        return None, 1
    numbers = [int(value) for value in values]
    return (Color.from_ansi(numbers[0]) if kind == "5" else Color.from_rgb(*numbers)), 2 + wanted
