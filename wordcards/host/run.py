"""``wordcards host``: load the word list, start the SSH server, say how to join, and report until stopped."""

from __future__ import annotations

import asyncio
import errno
import gc
import os
import shlex
import signal
import socket
import sys
import ssl
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import asyncssh

from wordcards.club.lobby import Club
from wordcards.core import lexicon
from wordcards.core.common import printable
from wordcards.core.computer import LEVELS
from wordcards.core.files import read_regular
from wordcards.core.match import Match
from wordcards.host.game import HostedGame
from wordcards.host.server import MAX_SESSIONS, REPORT_EVERY, Gate, load_host_key, serve


class Reporter:
    """The host's own terminal: one timestamped line for each thing that happens (not the same line twice)."""

    def __init__(self) -> None:
        self.last = ""

    def __call__(self, line: str) -> None:
        if line == self.last:
            return
        self.last = line
        # The players' apps redirect sys.stdout while they run, so the host writes to the real one.
        out = sys.__stdout__
        if out is not None:
            out.write(f"{time.strftime('%H:%M:%S')}  {line}\n")
            out.flush()


def address_to_show(bind: str) -> str:
    """The address players type: the one bound, or this machine's address on its network."""
    if bind not in ("", "0.0.0.0", "::"):
        return bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # nothing is sent: this only picks the interface a route would use
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def load_words(game: HostedGame) -> None:
    """The word list and the computer players' vocabularies, before anyone joins (so no screen waits)."""
    table = game.table
    match, setup, dictionary = table.match, table.setup, table.dictionary
    lexicon.load(dictionary)
    levels = {s.computer for s in match.seats if s.computer} if match else set(setup.computers if setup else ())
    for level in levels | {table.stand_in_level, "hard"}:
        lexicon.vocabulary(dictionary, LEVELS[level].vocabulary).index


IDLE = 2.0
"""Seconds with no move before the host counts as idle."""
COLLECT_EVERY = 20.0
CLOSED_SCREENS = 4
"""Screens closed since the last full collection that call for one even while the host is busy: each leaves a
megabyte or two of garbage in cycles, and a stream of short visits never leaves the host idle."""
COLLECT_AT_MOST_EVERY = 1.0


async def collect_when_idle(club: Club) -> None:
    """Python's full garbage collection, only while nobody is waiting for a screen.

    Every screen of a game lives in this process, and a full pass over all of them takes a quarter of a second;
    left to itself, Python starts one in the middle of a move now and then, and every screen waits. So the
    automatic full passes are off, and the host makes one when no move has been made for a while, or when
    screens that closed have left garbage enough to be worth a pause.
    """
    low, middle, _ = gc.get_threshold()
    gc.set_threshold(low, middle, 1_000_000)
    last = time.monotonic()
    try:
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            companies = [game.company for game in club.tables.values()]
            changed = max((company.last_change for company in companies), default=0.0)
            closed = sum(company.closed_screens for company in companies) + club.closed_screens
            idle = now - changed > IDLE and now - last > COLLECT_EVERY
            if idle or (closed >= CLOSED_SCREENS and now - last > COLLECT_AT_MOST_EVERY):
                gc.collect()
                for company in companies:
                    company.closed_screens = 0
                club.closed_screens = 0
                last = time.monotonic()
    finally:
        gc.set_threshold(low, middle, 10)


class ResourceErrors:
    """The event loop's handler for errors nobody awaited: running out of file descriptors (a flood of connections)
    is counted into one line every ``REPORT_EVERY`` seconds instead of a traceback each; anything else is logged as
    asyncio would."""

    SHORTAGE = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)

    def __init__(self, report: Callable[[str], None]) -> None:
        self.report = report
        self.count = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict) -> None:
        error = context.get("exception")
        if not (isinstance(error, OSError) and error.errno in self.SHORTAGE):
            loop.default_exception_handler(context)
            return
        self.count += 1
        if self.count == 1:
            loop.call_later(REPORT_EVERY, self.tell, error.strerror or str(error))

    def tell(self, why: str) -> None:
        count, self.count = self.count, 0
        self.report(f"{why}: {count} time{'s' * (count != 1)} in {REPORT_EVERY:g} s, new connections waited "
                    f"(raise the limit with ulimit -n)")


def warnings(key: asyncssh.SSHKey) -> list[str]:
    """What the operator should know before anyone joins: the key players' ssh will show, and running as root."""
    lines = [f"host key:   {key.get_fingerprint()}   (shown by ssh at a first join)"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        lines.append("warning: hosting as root; every player's session runs in this process, so host as an "
                     "ordinary user")
    return lines


KEYS_LIMIT = 2**20
"""Thousands of keys: a larger authorized_keys file is not read."""


def check_keys(path: Path) -> None:
    """ValueError, naming the file, unless it is an authorized_keys file: a FIFO or a device is refused before it is
    read, as a word list is (the SSH server then reads it)."""
    said = f"--authorized-keys {printable(str(path))}"
    try:
        text = read_regular(path, KEYS_LIMIT).decode("utf-8")
    except OSError as exc:
        raise ValueError(f"{said}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{said}: not text, so not an authorized_keys file") from None
    except ValueError as exc:
        raise ValueError(f"{said}: {exc}") from None
    try:
        asyncssh.import_authorized_keys(text)
    except ValueError as exc:
        raise ValueError(f"{said}: not an authorized_keys file ({str(exc)[:80]})") from None


def saved_words(match: Match | None) -> str:
    """What the players hear of the save as the host stops: only what is true."""
    if match is None or match.save_path is None:
        return ""
    lacks = match.unsaved()
    if lacks:
        return f". {lacks}"
    return "" if match.is_over else "; every move is saved, and it can go on later"


def how_to_go_on(match: Match | None, flags: str) -> list[str]:
    """The host's last lines: what the save lacks, if anything, and how to host the game again. The save keeps the
    table's settings (the waits, the join code); where the host listened (``flags``) is not the game's."""
    if match is None or match.save_path is None:
        return []
    lacks = match.unsaved()
    lines = [f"stopped. {lacks}"] if lacks else []
    if match.saved_moves is not None and (lacks or not match.is_over):
        lines.append(f"stopped; resume with: wordcards host --resume {shlex.quote(str(match.save_path))} {flags}")
    return lines


async def settle_in(club: Club, load: Callable[[], None]) -> asyncio.Task:
    """Before listening: errors nobody awaited counted, the word lists loaded (``load``, off the loop) and frozen
    out of the collector (a few hundred thousand objects that live as long as the process), and the collector run
    only while idle (``collect_when_idle``)."""
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(ResourceErrors(club.report))
    await asyncio.to_thread(load)
    gc.collect()
    gc.freeze()
    return loop.create_task(collect_when_idle(club))


def addresses(bind: str, port: int) -> tuple[str, str]:
    """Where the door listens, in words, and the command people join with."""
    return f"port {port}{' at ' + bind if bind else ''}", f"ssh -p {port} NAME@{address_to_show(bind)}"


def stopped_by_signal() -> asyncio.Event:
    """Set when the operator stops the process (Ctrl+C, or SIGTERM)."""
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    return stop


async def host(game: HostedGame, code: str, bind: str, port: int, authorized_keys: Path | None,
               web: Web | None = None) -> None:
    venue = Club.single(game)
    collector = await settle_in(venue, lambda: load_words(game))
    where, join = addresses(bind, port)
    key = load_host_key()
    try:
        acceptor, runner, browser = await open_doors(venue, Gate(code), bind, port, join, authorized_keys, key, web,
                                                     MAX_SESSIONS)
    except ValueError:
        if game.record is not None:
            await asyncio.to_thread(game.record.close)
            game.record.record.close()
        raise
    report = game.report
    report(f"hosting {game.table.spec.title} on {where}")
    report(f"join with:  {join}   (NAME is your name at the table)")
    report(f"join code:  {code}")
    for line in browser + warnings(key):
        report(line)
    if game.record is not None:
        report(f"recording the games to {game.record.record.where}")
        if game.record.resumed:
            report(game.record.resumed)
    report(game.table.status())
    stop = stopped_by_signal()
    loop = asyncio.get_running_loop()
    try:
        await asyncio.wait([loop.create_task(stop.wait()), loop.create_task(game.done.wait())],
                           return_when=asyncio.FIRST_COMPLETED)
    finally:
        collector.cancel()
        match = game.table.match
        if game.table.referee is not None:
            game.table.referee.save()  # the turn clock's time left; every move is saved already (while saving works)
        if match is not None and match.save_error:
            match.save()  # once more: there may be room on the disk again
        await say_goodbye(game, "wordcards: the host has stopped the game" + saved_words(match))
        acceptor.close()
        if runner is not None:
            await runner.cleanup()
        if game.record is not None:
            if lacks := await asyncio.to_thread(game.record.close):
                report(lacks)
            game.record.record.close()
        results = game.evening.results
        if results:
            report(f"this host's results ({len(results)} game{'s' * (len(results) != 1)}):")
            for line in results:
                report(f"  {line}")
        flags = f"--port {port}" + (f" --bind {shlex.quote(bind)}" if bind else "")
        if authorized_keys is not None:
            flags += f" --authorized-keys {shlex.quote(str(authorized_keys))}"
        for line in how_to_go_on(match, flags):
            report(line)
        if match is not None:
            match.release()


async def say_goodbye(game: HostedGame, text: str, wait: float = 3.0) -> None:
    """Close every screen with ``text`` as its last line, each terminal given back as it was (the alternate screen
    left, the mouse and cursor restored); wait up to ``wait`` seconds for them to close."""
    game.done.set()
    for place in game.company.screens():
        place.screen.farewell(text)
    deadline = time.monotonic() + wait
    while game.company.screens() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


def load_club_words(dictionary: str) -> None:
    """The word list and every computer level's vocabulary, before anyone joins: a table may seat any level."""
    lexicon.load(dictionary)
    for level in LEVELS.values():
        lexicon.vocabulary(dictionary, level.vocabulary).index


@dataclass
class Web:
    """The browser door's settings: its port, and its HTTPS certificate and key (none: plain HTTP)."""

    port: int
    cert: Path | None = None
    key: Path | None = None


async def open_doors(club: Club, gate: Gate, bind: str, port: int, join: str, authorized_keys: Path | None,
                     key: asyncssh.SSHKey, web: Web | None, limit: int) -> tuple[asyncssh.SSHAcceptor, Any, list[str]]:
    """The SSH door, and the browser's if asked for; ValueError if either cannot listen (neither is left open).
    Lines for the operator about the browser door."""
    from wordcards.host.web import WebDoor, open_web, tls

    where = addresses(bind, port)[0]
    try:
        acceptor = await serve(club, gate, bind, port, join, authorized_keys, key)
    except OSError as exc:
        raise ValueError(f"cannot listen on {where}: {exc.strerror or exc}") from None
    if web is None:
        return acceptor, None, []
    try:
        context = tls(web.cert, web.key)
        runner = await open_web(WebDoor(club, gate, join, weakref.WeakKeyDictionary(), context is not None, limit),
                                bind, web.port, context)
    except (OSError, ssl.SSLError) as exc:
        acceptor.close()
        raise ValueError(f"cannot open the browser door on port {web.port}: {exc.strerror or exc}") from None
    scheme = "https" if context is not None else "http"
    return acceptor, runner, [f"in a browser: {scheme}://{address_to_show(bind)}:{web.port}/   (a name and the "
                              "join code)"]


def operator_commands(club: Club) -> None:
    """Lines the club's operator types at its terminal (``Club.operator``), each answered in a line: read in a thread
    of their own, blocking, so the terminal stays as it was; only from a terminal the club has in the foreground (a
    club started with & or as a service, its input /dev/null, reads nothing)."""
    try:
        if not sys.stdin.isatty() or os.tcgetpgrp(sys.stdin.fileno()) != os.getpgrp():
            return
    except (AttributeError, OSError, ValueError):
        return
    loop = asyncio.get_running_loop()

    async def answer(line: str) -> None:
        club.report(await club.operator(line))

    def read() -> None:
        for line in sys.stdin:
            if line.strip():
                try:
                    asyncio.run_coroutine_threadsafe(answer(line), loop)
                except RuntimeError:  # the club has stopped
                    return

    threading.Thread(target=read, name="operator", daemon=True).start()


async def club(club: Club, code: str, bind: str, port: int, authorized_keys: Path | None,
               web: Web | None = None) -> None:
    """Run the club until its operator stops it: the tables it left open come back first."""
    report = club.report
    collector = await settle_in(club, lambda: load_club_words(club.dictionary))
    back = await club.bring_back()
    where, join = addresses(bind, port)
    key = load_host_key()
    try:
        acceptor, runner, browser = await open_doors(club, Gate(code), bind, port, join, authorized_keys, key, web,
                                                     club.limits.people)
    except ValueError:
        await close_records(club)
        raise
    report(f"the wordcards club is open on {where}")
    report(f"join with:  {join}   (NAME is your name in the club)")
    report(f"join code:  {code}   (the password, for people without an SSH key)")
    if club.any_key:
        report("any SSH key may come in without the code, and claims its name")
    for line in browser + warnings(key) + back:
        report(line)
    if club.record is not None:
        report(f"recording the games to {club.record.where}")
    ticker = asyncio.get_running_loop().create_task(club.run())
    stop_listening = club.listen()
    operator_commands(club)
    report("the operator may type: mute NAME, unmute NAME, kick NAME, ban NAME, unban NAME")
    stop = stopped_by_signal()
    try:
        await stop.wait()
    finally:
        stop_listening()
        collector.cancel()
        ticker.cancel()
        for game in club.tables.values():
            if game.table.referee is not None:
                game.table.referee.save()
        club.done.set()
        for screen in list(club.here):
            screen.farewell("wordcards: the club has closed")
        for game in club.tables.values():
            await say_goodbye(game, "wordcards: the club has closed; an unfinished game comes back when it opens "
                                    "again", wait=0)
        deadline = time.monotonic() + 3.0
        while any(game.company.screens() for game in club.tables.values()) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        acceptor.close()
        if runner is not None:
            await runner.cleanup()
        await close_records(club)
        for game in club.tables.values():
            if game.table.match is not None:
                game.table.match.release()


async def close_records(club: Club) -> None:
    """Every table's writes made, its table left open in the record (it comes back when the club opens again),
    and the record closed."""
    for number, game in club.tables.items():
        if game.record is not None and (lacks := await asyncio.to_thread(game.record.close, False)):
            club.report(f"table {number}: {lacks}")
    if club.record is not None:
        club.record.close()
