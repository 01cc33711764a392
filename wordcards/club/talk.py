"""Talk in the club: a room for the lobby and rooms for each table, kept civil.

A table has two rooms while its game is played: its players' and its spectators' (no kibitzing: a spectator's line
never reaches a player then); once the game is over, both read and write one room, and the players see what the
spectators said. Every line passes the same checks, as ssh-chat's and lichess's do: at most ``BURST`` lines in
``BURST_SECONDS`` from one person, ``LONGEST`` characters, control and invisible characters written out as text
(``core.common.printable``), the offensive words the project lists masked, and ``KEPT`` lines a room. A person may
``/ignore`` another (and ``/unignore``); the club's operator mutes, kicks and bans from its terminal
(``host.run``), and a ban (by name, and by the key that name came with) is kept in the record.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from typing import Callable, Protocol

from wordcards.core.common import printable
from wordcards.host.game import looks

BURST, BURST_SECONDS = 3, 3.0
Rooms = tuple[str, tuple[str, ...]]
"""Where a screen talks: the room it writes to, and the rooms it reads."""
LONGEST = 300
KEPT = 200


@dataclass(frozen=True)
class Line:
    room: str
    name: str
    text: str
    at: float


@dataclass(frozen=True)
class Reply:
    """What became of a line typed in the talk box: ``taken`` (said, or a command done: the box empties; a refused
    line stays, to send again), and what its person should know ("": nothing)."""

    taken: bool
    note: str = ""


class Listener(Protocol):
    def heard(self, line: Line) -> None:
        """A line said in a room this listener reads."""


@cache
def masked_words() -> re.Pattern[str]:
    from wordcards.core.lexicon import offensive

    words = sorted(offensive(), key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)


def written_out(text: str) -> str:
    """One line, its control characters written out: as long as it is before ``clean`` cuts it short."""
    return printable(" ".join(text.split()))


def clean(text: str) -> str:
    """A line as others see it: one line, control characters written out, offensive words masked, cut short."""
    return masked_words().sub(lambda found: found.group(0)[0] + "*" * (len(found.group(0)) - 1),
                              written_out(text)[:LONGEST])


@dataclass
class Talk:
    """The club's rooms. ``muted``: names the operator has muted (they read, but say nothing)."""

    now: Callable[[], float] = time.monotonic
    rooms: dict[str, deque[Line]] = field(default_factory=dict)
    listeners: dict[Listener, tuple[str, Callable[[], Rooms]]] = field(default_factory=dict)
    """Each listener: whose it is, and where it is now: the room it writes to and the rooms it reads."""
    muted: set[str] = field(default_factory=set)
    """The looks (``host.game.looks``) of the names muted: ``EVE`` is as muted as ``eve``."""
    ignoring: dict[str, set[str]] = field(default_factory=dict)
    said_at: dict[str, deque[float]] = field(default_factory=dict)

    def join(self, listener: Listener, name: str, where: Callable[[], Rooms]) -> None:
        """``listener`` (``name``'s screen) hears what is said where ``where()`` says it is then."""
        self.listeners[listener] = (name, where)

    def history(self, listener: Listener) -> list[Line]:
        """What was said in the rooms ``listener`` reads, oldest first, less what its person ignores."""
        _, where = self.listeners[listener]
        _, reads = where()
        history = sorted((line for room in reads for line in self.rooms.get(room, ())), key=lambda line: line.at)
        return [line for line in history if not self.ignores(listener, line.name)]

    def ignores(self, listener: Listener, name: str) -> bool:
        """Whether ``listener``'s person ignores ``name`` now (a line heard may have been said before the /ignore)."""
        who, _ = self.listeners.get(listener, ("", None))
        return looks(name) in self.ignoring.get(who, set())

    def leave(self, listener: Listener) -> None:
        self.listeners.pop(listener, None)

    def close_rooms(self, table: str) -> None:
        """A table closed: its rooms go (a table of the same number later starts with none)."""
        for room in (table, f"{table} watching"):
            self.rooms.pop(room, None)

    def say(self, listener: Listener, text: str) -> Reply:
        """``listener``'s person says ``text`` in its room, or is told why not. A line that starts with ``/`` is a
        command: ``/ignore NAME``, ``/unignore NAME``."""
        name, where = self.listeners[listener]
        room, _ = where()
        text = text.strip()
        if not text:
            return Reply(True)
        if text.startswith("/"):
            return self.command(name, text)
        if looks(name) in self.muted:
            return Reply(False, "You are muted in this club: you may read, but not talk.")
        now, times = self.now(), self.said_at.setdefault(name, deque(maxlen=BURST))
        if len(times) == BURST and now - times[0] < BURST_SECONDS:
            return Reply(False, f"Not so fast: {BURST} lines in {BURST_SECONDS:.0f} seconds at most. "
                                "Enter says it again.")
        times.append(now)
        line = Line(room, name, clean(text), now)
        self.rooms.setdefault(room, deque(maxlen=KEPT)).append(line)
        for other, (_, place) in list(self.listeners.items()):
            if room in place()[1] and not self.ignores(other, name):
                other.heard(line)
        cut = len(written_out(text)) > LONGEST
        return Reply(True, f"A line is {LONGEST} characters at most: the rest was not said." if cut else "")

    def command(self, name: str, text: str) -> Reply:
        verb, _, whom = text.partition(" ")
        whom = whom.strip()
        ignored = self.ignoring.setdefault(name, set())
        if verb == "/ignore" and whom:
            if looks(whom) == looks(name):
                return Reply(False, "You cannot ignore yourself.")
            known = {looks(other) for other, _ in self.listeners.values()}
            known.update(looks(line.name) for lines in self.rooms.values() for line in lines)
            if looks(whom) not in known:  # a typo, or two lines run together
                return Reply(False, f"Nobody called {printable(whom)} is here or has talked here.")
            ignored.add(looks(whom))
            return Reply(True, f"You no longer see what {printable(whom)} says (/unignore {printable(whom)} to see it "
                               "again).")
        if verb == "/unignore" and whom:
            ignored.discard(looks(whom))
            return Reply(True, f"You see what {printable(whom)} says again.")
        return Reply(False, "Talk commands: /ignore NAME, /unignore NAME.")


LOBBY: Rooms = ("lobby", ("lobby",))


def table_rooms(number: int, playing: bool, watching: bool) -> Rooms:
    """The room a table's screen writes to and the rooms it reads: while its game is played, players and spectators
    apart; after it, one room, with what the spectators said."""
    players, spectators = f"table {number}", f"table {number} watching"
    if not playing:
        return players, (players, spectators)
    return (spectators, (spectators,)) if watching else (players, (players,))
