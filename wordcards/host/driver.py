"""A Textual driver that draws on one SSH channel and reads its keys, instead of this process's terminal.

Each connection to the host runs its own Textual app in the host's event loop; the channel's bytes go
through Textual's own escape-sequence parser, and a window change on the client becomes a resize.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any, Callable, Protocol

from textual import events, messages
from textual.driver import Driver
from textual.geometry import Size

from wordcards.host.keys import PASTE_MARKS, PASTE_START
from wordcards.tui.textual_internals import XTermParser

if TYPE_CHECKING:
    from textual.app import App

ESCAPE_WAIT = 0.1
"""Seconds after a lone Esc before it counts as the Esc key (not the start of a sequence), as Textual waits."""

LONE_ESC = re.compile("\x1b(?=[^\\[O\x1b])")
"""An Esc before a key that starts none of the sequences the host asks for: the Esc key, then that key. Over SSH
both often come in one read, which Textual's parser takes for Alt and the key (nothing here is bound to Alt; Esc
clears the word being typed), or, with another Esc after them, for a ``^`` and the key."""

START = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?25l"  # no cursor
    "\x1b[?1000h\x1b[?1006h"  # mouse clicks (SGR), but not every movement: that would cost bytes both ways
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
)
STOP = "\x1b[?7h\x1b[?2004l\x1b[?1006l\x1b[?1000l\x1b[?25h\x1b[?1049l"


class Channel(Protocol):
    """What the driver needs of a connection: somewhere to write, and the client's window size; the driver puts
    itself in ``driver`` while the app runs, so the connection can feed it keys (Textual keeps an app's driver
    private)."""

    driver: ChannelDriver | None

    def write(self, data: str) -> None: ...

    def size(self) -> tuple[int, int]: ...


class ChannelDriver(Driver):
    """Textual's display and keys over ``app.channel`` (``host.seat.SeatApp``)."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.channel: Channel = app.channel  # type: ignore[attr-defined]
        self.translate: Callable[[str], str] | None = app.translate  # type: ignore[attr-defined]
        self.parser = XTermParser(debug)
        self.escape_timer: asyncio.TimerHandle | None = None
        self.running = False
        self.pasting = False
        """Inside a bracketed paste (the door passes its marks whole: ``host.keys.Allowance``)."""

    def write(self, data: str) -> None:
        if self.running or data == STOP:
            self.channel.write(data if self.translate is None else self.translate(data))

    def flush(self) -> None:
        """Nothing: the channel sends what it is given (asyncssh buffers it)."""

    def start_application_mode(self) -> None:
        self.running = True
        self.channel.driver = self
        self.write(START)
        self.resize(*self.channel.size())

    def resize(self, width: int, height: int) -> None:
        size = Size(max(1, width), max(1, height))
        self.send_message(events.Resize(size, size))

    def feed(self, data: str) -> None:
        """Bytes the player typed (already decoded): keys, mouse clicks, pastes."""
        if not self.running:
            return
        for piece in PASTE_MARKS.split(data):
            if PASTE_MARKS.fullmatch(piece):
                self.pasting = piece == PASTE_START
                self.parse(piece)
            elif self.pasting:  # an Esc inside a paste would end it early, the rest read as keys
                self.parse(piece.replace("\x1b", ""))
            else:
                for n, part in enumerate(LONE_ESC.split(piece)):
                    if n:
                        self.deliver(events.Key("escape", "\x1b"))
                    self.parse(part)
        if self.escape_timer is not None:
            self.escape_timer.cancel()
        self.escape_timer = asyncio.get_running_loop().call_later(ESCAPE_WAIT, self._escape_wait_over)

    def parse(self, data: str) -> None:
        if not data:
            return  # to Textual's parser, no data is the end of the input
        for message in self.parser.feed(data):
            # The host never asks whether a client can synchronise output, and takes no unasked answer: with it,
            # Textual writes a frame in three parts, and a frame that fills the channel would lose its last part,
            # be drawn again whole (``GameSession.missed``), and loop.
            if not isinstance(message, messages.TerminalSupportsSynchronizedOutput):
                self.deliver(message)

    def _escape_wait_over(self) -> None:
        self.escape_timer = None
        for message in self.parser.tick():
            self.deliver(message)

    def deliver(self, message: Any) -> None:
        """To the app; Alt and a letter or digit as Esc, then the key (an Esc that ended the last read, and the key
        that began this one: see ``LONE_ESC``)."""
        character = message.character if isinstance(message, events.Key) else None
        if character and message.key.startswith("alt+") and len(character) == 1 and character.isalnum():
            self.process_message(events.Key("escape", "\x1b"))
            message = events.Key(character, character)
        self.process_message(message)

    def disable_input(self) -> None:
        if self.escape_timer is not None:
            self.escape_timer.cancel()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.running = False
        self.write(STOP)
        self.channel.driver = None
