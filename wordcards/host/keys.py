"""A terminal's keys as a door takes them (SSH or a browser): how many a person may send, bracketed pastes kept
whole, and the largest window drawn."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Callable

INPUT_BURST = 4096
INPUT_RATE = 1024
"""Bytes of keys a session may send at once, and per second after that; the rest is dropped. A person types a few
bytes a second (a bracketed paste is one message), but 100 KB of keys, each a redraw, would starve every screen."""
DROP_NOTICE_EVERY = 5.0
"""Seconds between notices to a person that keys they sent were dropped."""
MAX_TERMINAL = (300, 100)
"""The largest window a session is drawn at (columns, rows): a larger one is drawn at this size in its corner. A
3000×1000 window would cost the host a screen of 3 million cells at every change."""


def window(width: int, height: int) -> tuple[int, int]:
    """The size a session's screen is drawn at: the client's window, up to ``MAX_TERMINAL``."""
    return min(width, MAX_TERMINAL[0]), min(height, MAX_TERMINAL[1])


PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
PASTE_MARKS = re.compile("(\x1b\\[20[01]~)")
MOUSE_REPORTS = re.compile("(\x1b\\[<[0-9;]+[Mm])+")
"""SGR mouse reports, the only kind the driver asks for (``host.driver.START``)."""


def mark_begun(data: str, shortest: int) -> int:
    """How many characters at the end of ``data`` begin a paste's mark without finishing it, ``shortest`` or more
    (0: none do)."""
    for n in range(min(len(PASTE_END) - 1, len(data)), shortest - 1, -1):
        if PASTE_START.startswith(data[-n:]) or PASTE_END.startswith(data[-n:]):
            return n
    return 0


@dataclass
class Allowance:
    """How many bytes of keys a session may still send: ``burst`` at once, refilled at ``rate`` a second."""

    burst: float = INPUT_BURST
    rate: float = INPUT_RATE
    now: Callable[[], float] = time.monotonic
    left: float = INPUT_BURST
    at: float = field(default_factory=time.monotonic)

    carry: str = ""
    """The start of a paste's mark that the last read ended in: it is read whole with the next one."""
    pasting: bool = False
    """Inside a bracketed paste, as the app's parser is once it has read what was admitted."""

    def take(self, size: int) -> bool:
        now = self.now()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if size > self.left:
            return False
        self.left -= size
        return True

    def admit(self, data: str) -> tuple[str, bool]:
        """What of ``data`` the session's app may have, and whether some was dropped. A bracketed paste's start
        and end marks always pass, and cost nothing: shedding a paste's middle must never leave the keyboard
        inside a paste, where no key (Ctrl+Q included) would work again."""
        data, self.carry = self.carry + data, ""
        marks = PASTE_MARKS.findall(data)
        inside = marks[-1] == PASTE_START if marks else self.pasting
        begun = mark_begun(data, 1 if inside else 2)  # outside a paste, a lone Esc at the end is the Esc key
        if begun:
            data, self.carry = data[:-begun], data[-begun:]
        kept, dropped = [], False
        for piece in PASTE_MARKS.split(data):
            if PASTE_MARKS.fullmatch(piece):
                self.pasting = piece == PASTE_START
                kept.append(piece)
            elif piece and self.take(len(piece)):
                kept.append(piece)
            elif piece:
                dropped = True
        return "".join(kept), dropped
