"""The SSH server of host mode (asyncssh): who may connect, and a game screen for each terminal session.

Only the game is served. A session must ask for a terminal and a shell; exec and subsystem requests (``ssh host
ls``, sftp), port and agent forwarding are refused. A join code is checked in constant time, and an address that
keeps getting it wrong is made to wait.
"""

from __future__ import annotations

import asyncio
import hmac
import os
import secrets
import stat
import time
import weakref
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import asyncssh

from wordcards.club.lobby import Club
from wordcards.core import saves
from wordcards.core.common import Seat
from wordcards.host.game import HostedGame
from wordcards.host.keys import window
from wordcards.host.visit import Shows, Visit, arrive, depart


CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Letters and digits nobody misreads (no 0/o, 1/l/i): 31 of them, so ten make 49 bits."""
CODE_LENGTH = 10
FAILURE_DELAY = 1.0
"""Seconds a wrong code waits before it is refused, as sshd makes a wrong password wait."""
FAILURES_ALLOWED = 5
"""Wrong codes an address may send in ``FAILURE_WINDOW`` seconds; after that every try is refused until it is
older than the window, right code or not."""
FAILURE_WINDOW = 60.0
MAX_SESSIONS = 64
"""Terminal sessions served at once: enough for any table and a crowd, and a bound on what one code can cost."""
MAX_LOGGING_IN = 64
"""Connections at once that have not logged in yet. Past that, the oldest that has not even begun to log in is
turned away: silent connections cannot use up the host's file descriptors, and a real player still gets in."""
LOGIN_TIMEOUT = 30.0
"""Seconds a connection has to log in: time for a person to type the code, not for a crowd of silent sockets."""
KEEPALIVE_INTERVAL = 8.0
KEEPALIVE_COUNT = 2
"""A connection that answers none of ``KEEPALIVE_COUNT`` probes, ``KEEPALIVE_INTERVAL`` seconds apart, has gone (a
laptop asleep, Wi-Fi gone): its player is marked away within 8-24 s, and ``--takeover`` can start."""
REPORT_EVERY = 10.0
"""Seconds over which connections turned away are counted into one line for the host's terminal."""


def new_code() -> str:
    """A join code of about 49 bits, written as two groups of five: ``k7q2m-9xd4t``."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{code[:5]}-{code[5:]}"


def plain(code: str) -> str:
    """A code as compared: case, spaces and dashes do not matter."""
    return "".join(ch for ch in code.lower() if ch not in " -")


@dataclass
class Gate:
    """The join code and the record of wrong ones, by address."""

    code: str
    now: Callable[[], float] = time.monotonic
    delay: float = FAILURE_DELAY
    failures: dict[str, deque[float]] = field(default_factory=dict)

    def locked(self, address: str) -> bool:
        recent = self.failures.get(address)
        if recent is None:
            return False
        while recent and self.now() - recent[0] > FAILURE_WINDOW:
            recent.popleft()
        return len(recent) >= FAILURES_ALLOWED

    def locked_for(self, address: str) -> float:
        """Seconds until ``address`` may try again, if it is locked out; 0 if it is not."""
        if not self.locked(address):
            return 0.0
        recent = self.failures[address]
        return max(0.0, FAILURE_WINDOW - (self.now() - recent[-FAILURES_ALLOWED]))

    async def check(self, address: str, code: str) -> bool:
        if not self.locked(address) and hmac.compare_digest(plain(code).encode(), plain(self.code).encode()):
            return True
        self.failures.setdefault(address, deque()).append(self.now())
        await asyncio.sleep(self.delay)
        return False


def host_key_path() -> Path:
    return saves.home() / "host_key"


def load_host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The host's key, made on first use and kept (mode 0600) so that players' ssh knows the host again.

    ValueError says what is wrong with a key file that is there but unusable."""
    path = path or host_key_path()
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        return key
    if path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        os.chmod(path, 0o600)  # others could read it: it is the host's identity, so take that away
    try:
        return asyncssh.read_private_key(path)
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise ValueError(f"the host key {path} cannot be read ({exc}); remove it, and a new one is made") from None


class GameSession(asyncssh.SSHServerSession):
    """One terminal session, for the user name it logged in with: its SSH side (the terminal, keys in, screens
    out), and its ``visit`` (where it is in the club)."""

    def __init__(self, club: Club, join: str, shows: "weakref.WeakKeyDictionary[HostedGame, Shows]",
                 key: str | None = None) -> None:
        self.club = club
        self.join = join
        self.every_show = shows
        self.key = key
        """The fingerprint of the key the person logged in with; None: they gave the join code."""
        self.function_keys = True
        self.channel: Any = None
        self.term: tuple[str, tuple[int, int]] | None = None
        self.visit: Visit | None = None
        self.counted = False
        """This session counts against the club's limit on sessions."""
        self.behind = False
        """The client has not read what was sent (the channel's buffer is full): changes are dropped, and the whole
        screen is drawn again once it has caught up."""
        self.missed = False
        """Changes were dropped while behind. A whole screen that alone fills the buffer drops nothing, so catching
        up after it draws nothing again: a frame too big for the channel cannot loop."""

    def connection_made(self, chan: Any) -> None:
        self.channel = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = (term_type or "xterm", window(term_size[0] or 80, term_size[1] or 24))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # only the game: `ssh host ls` is refused

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if not self.club.keeps_record:
            self.open()
        else:
            asyncio.get_running_loop().create_task(self.claim())

    async def claim(self) -> None:
        """With a record kept: the person is seen, and a name claimed by a key is only for that key."""
        name = self.channel.get_extra_info("username")
        try:
            Seat(name)
        except ValueError:
            self.open()  # refused there, in the same words as without a record
            return
        refused = await self.club.refusal(name, self.key)
        if self.channel.is_closing():
            return
        if refused is None:
            self.open()
        else:
            self.club.report(f"{name} was refused: {refused}")
            self.refuse(f"wordcards: {refused}")

    def open(self) -> None:
        """Into the club's lobby, or (``wordcards host``) to the table; refused past the limit, or for a name that
        cannot join. Anything not foreseen: the details to a file, one line to the host and the player."""
        try:
            self.enter()
        except Exception as exc:
            from wordcards.crash import report

            line = report(exc)
            self.club.report(line)
            self.refuse(f"wordcards: {line}")

    def enter(self) -> None:
        if self.term is None:
            self.refuse("wordcards needs a terminal: connect with ssh -t")
            return
        name = self.channel.get_extra_info("username")
        limit = self.club.limits.people if self.club.lobby else MAX_SESSIONS
        try:
            self.visit = arrive(self, self.club, name, self.join, self.every_show, limit)
        except ValueError as exc:
            self.refuse(f"wordcards: {exc}")
            return
        self.counted = True

    def refuse(self, message: str) -> None:
        self.channel.write(message + "\r\n")
        self.channel.exit(1)

    def closing(self) -> bool:
        return bool(self.channel.is_closing())

    def restore(self, data: str) -> None:
        if not self.channel.is_closing():
            self.channel.write(data)

    def write(self, data: str) -> None:
        if self.behind:
            self.missed = True
        elif not self.channel.is_closing():
            self.channel.write(data)

    def pause_writing(self) -> None:
        self.behind = True

    def resume_writing(self) -> None:
        self.behind = False
        if self.missed and self.visit is not None and self.visit.show is not None:
            self.missed = False
            self.visit.show.repaint()

    # ------------------------------------------------------------ from the client

    def data_received(self, data: str, datatype: Any) -> None:
        if self.visit is not None:
            self.visit.typed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.term is None:
            return
        self.term = (self.term[0], window(width, height))
        if self.visit is not None:
            self.visit.resized()

    def break_received(self, msec: int) -> bool:
        return True

    def signal_received(self, signal: str) -> None:
        pass

    def eof_received(self) -> bool:
        """The client will send nothing more. Once in, that is leaving. Before (``ssh -T`` with no input sends its
        EOF at once), the session stays open for its answer: closed then, it would end with no line to say why."""
        if self.visit is None:
            return True
        self.visit.leave()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self.visit is not None:
            self.visit.leave()
        if self.counted:
            self.counted = False
            assert self.visit is not None  # counted once it was let in
            depart(self.club, self.visit.name)

    def close(self, goodbye: str = "") -> None:
        """End the session; ``goodbye``: a last line for the person, once their terminal is as it was."""
        if self.visit is not None:
            self.visit.give_back_terminal()
            self.visit.leave()
        if not self.channel.is_closing():
            if goodbye:
                self.channel.write(goodbye + "\r\n")
            self.channel.exit(0)


class Doorway:
    """The connections that have not logged in yet: at most ``MAX_LOGGING_IN``, and one line now and then for the
    host's terminal about those turned away (a flood of silent sockets would otherwise print a line each)."""

    def __init__(self, report: Callable[[str], None], limit: int = MAX_LOGGING_IN) -> None:
        self.report = report
        self.limit = limit
        self.waiting: dict[GameServer, bool] = {}
        """Each connection logging in, oldest first, and whether it has begun to (sent a name)."""
        self.turned_away = 0

    def arrive(self, server: "GameServer") -> None:
        if len(self.waiting) >= self.limit:
            silent = next((s for s, began in self.waiting.items() if not began), None)
            self.turn_away(silent or server)
            if silent is None:
                return
        self.waiting[server] = False

    def began(self, server: "GameServer") -> None:
        if server in self.waiting:
            self.waiting[server] = True

    def leave(self, server: "GameServer") -> None:
        self.waiting.pop(server, None)

    def turn_away(self, server: "GameServer") -> None:
        self.leave(server)
        server.close()
        self.turned_away += 1
        if self.turned_away == 1:
            asyncio.get_running_loop().call_later(REPORT_EVERY, self.tell)

    def tell(self) -> None:
        count, self.turned_away = self.turned_away, 0
        self.report(f"turned away {count} connection{'s' * (count != 1)} in {REPORT_EVERY:g} s: more than "
                    f"{self.limit} were logging in at once (the oldest that had sent nothing went first)")


class GameServer(asyncssh.SSHServer):
    """One client connection: its authentication, and a game session for each terminal it opens."""

    def __init__(self, club: Club, gate: Gate, join: str, shows: "weakref.WeakKeyDictionary[HostedGame, Shows]",
                 doorway: Doorway, keys: asyncssh.SSHAuthorizedKeys | None = None) -> None:
        self.club = club
        self.gate = gate
        self.keys = keys
        """The keys that may join without the code (``--authorized-keys``), if any."""
        self.key: str | None = None
        """The fingerprint of the listed key this connection last offered; None once it gives a code instead."""
        self.join = join
        self.shows = shows
        """Each table's spectators' shows, by terminal type and size (shared by every connection)."""
        self.doorway = doorway
        self.address = "?"
        self.connection: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.doorway.arrive(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.doorway.leave(self)

    def close(self) -> None:
        if self.connection is not None:
            asyncio.get_running_loop().call_soon(self.connection.abort)  # not from inside asyncssh's own callback

    def begin_auth(self, username: str) -> bool:
        self.doorway.began(self)
        wait = self.gate.locked_for(self.address)
        if wait and self.connection is not None:
            self.connection.send_auth_banner(f"wordcards: too many wrong join codes from {self.address}; this address "
                                             f"is locked out for {wait:.0f} s more.\r\n")
        return True  # every name must prove the code (or a listed key)

    def auth_completed(self) -> None:
        self.doorway.leave(self)

    def password_auth_supported(self) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return self.keys is not None or self.club.any_key

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A listed key may join (in a club without a list, any key), asyncssh then checking that the client holds
        it; its fingerprint is kept, to claim the name with."""
        listed = self.club.any_key if self.keys is None else \
            self.keys.validate(key, self.address, self.address) is not None
        self.key = key.get_fingerprint() if listed else None
        return listed

    async def validate_password(self, username: str, password: str) -> bool:
        self.key = None  # a key offered before, and not proven, claims nothing
        locked = self.gate.locked_for(self.address)
        ok = await self.gate.check(self.address, password)
        if locked:
            self.club.report(f"a join code from {self.address} (as {username[:40]!r}) was refused unread: "
                             f"the address is locked out for {locked:.0f} s more after too many wrong codes")
        elif not ok:
            self.club.report(f"wrong join code from {self.address} (as {username[:40]!r})")
        return ok

    def session_requested(self) -> GameSession:
        return GameSession(self.club, self.join, self.shows, self.key)


async def serve(venue: HostedGame | Club, gate: Gate, host: str, port: int, join: str,
                authorized_keys: Path | None = None, key: asyncssh.SSHKey | None = None,
                keepalive: tuple[float, int] = (KEEPALIVE_INTERVAL, KEEPALIVE_COUNT)) -> asyncssh.SSHAcceptor:
    """Start listening for a club (or one hosted table: ``wordcards host``); the returned acceptor's ``close()``
    stops it. ``keepalive``: seconds between probes, and how many may go unanswered."""
    club = venue if isinstance(venue, Club) else Club.single(venue)
    club.any_key = club.lobby and authorized_keys is None
    # The listed keys are checked here rather than by asyncssh, which would not say which key a person used.
    keys = None if authorized_keys is None else asyncssh.read_authorized_keys(str(authorized_keys))
    shows: weakref.WeakKeyDictionary[HostedGame, Shows] = weakref.WeakKeyDictionary()
    doorway = Doorway(club.report)
    if not club.lobby:  # a club's people go back to its lobby
        club.only_table.company.join_command = join
    return await asyncssh.create_server(
        lambda: GameServer(club, gate, join, shows, doorway, keys), host, port,
        server_host_keys=[key or load_host_key()],
        line_editor=False,  # the game reads every key itself
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        kbdint_auth=False, host_based_auth=False, gss_auth=False, login_timeout=LOGIN_TIMEOUT,
        keepalive_interval=keepalive[0], keepalive_count_max=keepalive[1],
    )
