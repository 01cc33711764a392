"""A loaded club: many Quiddler tables in one ``wordcards club`` process, every screen over SSH on loopback.

    python benchmarks/club_load.py [--tables 20] [--seconds 90] [--pause 2] [--lockstep] [--sessions 500]
    python benchmarks/club_load.py --ramp [--tables 20] [--step 10] [--seconds 60]

``wordcards club`` runs as its own process (its home and record in a temp folder, a free port on 127.0.0.1). One
asyncssh client per screen (80×24, xterm-256color, the club's code, no keys) goes through the lobby as a person
would: the first person at each table presses n and opens Quiddler for 2 people with an easy computer player
(typed in the dialog), the second takes the free seat with Enter on the table's row, and two spectators press w
on it: 4 screens a table. Quiddler because every turn is two keys, d (draw from the draw pile) and 1 (discard the
first card), with no word to type or square to reach, and its log line ("... drew", "... discarded") says on every
screen that the move is there. The club's stdout ("table N: round 1 · NAME's turn · ...") says whose turn it is;
a person whose turn it is thinks, then draws and discards; at a round's end both press Enter. A person thinks
``--pause`` seconds on average: a time drawn evenly between half and one and a half times it, from a random
sequence seeded by the table's number, so every run draws the same think times, table by table. ``--lockstep`` makes
it exactly ``--pause`` seconds for everyone: the tables then fall into step (a move that waits behind others makes
its table's next status line as late as theirs, and all of them wait the same time from there), and the club meets
their moves in bursts of up to a move a table within a few milliseconds, again every few seconds; no room of people
plays like that, but it is the worst case.

It reports, for ``--seconds`` of play:

- a move's time to every screen at its table: from the key sent until the last of the table's other three screens
  has received the bytes that show it (p50, p95), and how many moves no screen showed within 10 s; then the same by
  kind of move: a draw, a discard, and a discard that ended a round (which opens the round's scores on every screen);
- the club's resident memory (total, and per session over what it used right after it started);
- the club's CPU: seconds used / wall seconds (1.0 is one core: the event loop cannot go faster), and the clients'
  (this script's) own, since both share the machine;
- how late this script's own event loop woke (p95), which is part of every latency measured;
- the reference: the CPU a bare Textual app takes to redraw three lines on three screens, in this process, and a
  move's CPU as a multiple of it (the machine's speed drifts from day to day; the multiple does not).

Then, with the tables idle, ``--sessions`` sessions in turn join the lobby, wait for it to draw and leave (five
at a time); the club's memory before and after (after its idle garbage collection).

``--ramp`` instead starts a fresh club with ``--tables`` tables, then ``--step`` more each time, until a move's p95
passes 250 ms, and says where and what limits it: the club's CPU near one core (its event loop), its memory, or
other (the clients' CPU, the machine's load). ``--profile FILE`` runs the club under cProfile (its stats written to
FILE when the club stops); read them with ``python -m pstats FILE``.

The goals (issue 47): p95 under 150 ms with 80 sessions; memory within 40 MB of its start after the 500 sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from host_load import CODE, Terminal, free_port, pct  # noqa: E402
from table_cpu import bare_moves  # noqa: E402

GAME_ROW = 2
"""Quiddler's place in the dialog's Game list (FEZ, Gift Words, Quiddler, ...: the built-in games)."""
LEVEL = "easy"
SEATING = 4
"""Tables seated at once."""
IDLE = 5.0
"""Seconds the club's CPU is measured with every table seated and nobody moving."""
SEEN = 10.0
"""Seconds a screen has to show a move (or a lobby step to happen) before it counts as missed."""
DOWN, TAB, ENTER = "\x1b[B", "\t", "\r"
STATUS = re.compile(r"round \d+ · (?:(.+?)'s turn|round over)|game over")


class Screen(Terminal):
    """A terminal that wakes whoever waits for it when bytes come."""

    def __init__(self) -> None:
        super().__init__()
        self.news = asyncio.Event()

    def data_received(self, data: str, datatype) -> None:
        super().data_received(data, datatype)
        self.news.set()

    async def shows(self, since: float, *markers: str, timeout: float = SEEN) -> float | None:
        """When the bytes after ``since`` that show one of ``markers`` came; None if not in time."""
        deadline = time.perf_counter() + timeout
        while not (seen := [found[0] for marker in markers if (found := self.first_after(since, marker))]):
            self.news.clear()
            try:
                await asyncio.wait_for(self.news.wait(), deadline - time.perf_counter())
            except (asyncio.TimeoutError, ValueError):
                return None
        return min(seen)

    async def settles(self, since: float, still: float = 0.3) -> None:
        """Once bytes have come after ``since`` (or not in ``SEEN`` seconds), until none come for ``still`` seconds:
        the key sent at ``since`` has been read and drawn, so the next key goes where it should."""
        if await self.shows(since, "") is None:
            return
        deadline = time.perf_counter() + SEEN
        while time.perf_counter() - self.chunks[-1][0] < still and time.perf_counter() < deadline:
            await asyncio.sleep(still / 3)


@dataclass
class Person:
    name: str
    connection: asyncssh.SSHClientConnection
    channel: asyncssh.SSHClientChannel
    screen: Screen

    def press(self, keys: str) -> float:
        sent = time.perf_counter()
        self.channel.write(keys)
        return sent


async def join(port: int, name: str) -> Person:
    connection = await asyncssh.connect("127.0.0.1", port, username=name, password=CODE, known_hosts=None,
                                        client_keys=None, agent_path=None)
    channel, screen = await connection.create_session(Screen, term_type="xterm-256color", term_size=(80, 24))
    return Person(name, connection, channel, screen)  # type: ignore[arg-type]


class Log:
    """The club's stdout, a line at a time as it comes, and by table ("table N: ...")."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.tables: dict[int, list[str]] = {}
        self.opened: set[int] = set()
        """The tables opened, by number."""
        self.news: dict[int | None, asyncio.Event] = {None: asyncio.Event()}
        """Set when a line comes: None, any line; N, a line of table N."""

    def heard(self, line: str) -> None:
        self.lines.append(line)
        self.news[None].set()
        if opened := re.search(r" opened table (\d+):", line):
            self.opened.add(int(opened.group(1)))
        found = re.match(r"\S+\s+table (\d+): (.*)", line)
        if found:
            number = int(found.group(1))
            self.tables.setdefault(number, []).append(found.group(2))
            self.news.setdefault(number, asyncio.Event()).set()

    async def news_of(self, table: int | None, timeout: float) -> bool:
        """Whether a line (of ``table``) comes within ``timeout`` seconds."""
        news = self.news.setdefault(table, asyncio.Event())
        news.clear()
        try:
            await asyncio.wait_for(news.wait(), max(0.0, timeout))
        except asyncio.TimeoutError:
            return False
        return True

    async def until(self, test, since: int = 0, timeout: float = SEEN):
        """The first line from line ``since`` on that ``test`` finds (a match, or a true value), waiting for it up
        to ``timeout`` seconds."""
        deadline = time.perf_counter() + timeout
        checked = since
        while True:
            for line in self.lines[checked:]:
                if found := test(line):
                    return found
            checked = len(self.lines)
            if not await self.news_of(None, deadline - time.perf_counter()):
                return None


@dataclass
class Club:
    process: subprocess.Popen
    log: Log
    port: int
    folder: str

    def usage(self) -> tuple[float, int]:
        """CPU seconds used (user + system), and resident memory now in MB."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        rss = next(int(line.split()[1]) for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines()
                   if line.startswith("VmRSS"))
        return cpu, rss // 1024

    def moves(self) -> int:
        """Moves in the club's record."""
        with sqlite3.connect(f"file:{self.folder}/club.sqlite?mode=ro", uri=True) as record:
            return record.execute("SELECT count(*) FROM moves").fetchone()[0]

    def waited(self) -> float:
        """Seconds its main thread (the event loop) has waited for a core while it could run."""
        return int(Path(f"/proc/{self.process.pid}/schedstat").read_text().split()[1]) / 1e9

    def stop(self) -> None:
        """Stop the club; what it printed is kept in its folder (club.log)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        Path(self.folder, "club.log").write_text("\n".join(self.log.lines) + "\n")


async def open_club(people: int, profile: str | None) -> Club:
    folder = tempfile.mkdtemp(prefix="wordcards-club-load-")
    port = free_port()
    env = {**os.environ, "WORDCARDS_HOME": folder, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT)}
    runner = ["-m", "cProfile", "-o", profile] if profile else []
    process = subprocess.Popen([sys.executable, *runner, "-m", "wordcards", "club", "--port", str(port), "--bind",
                                "127.0.0.1", "--code", CODE, "--database", f"{folder}/club.sqlite", "--max-tables",
                                "1000", "--max-people", str(min(5000, people))],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = Log()
    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, lambda: [loop.call_soon_threadsafe(log.heard, line.rstrip("\n"))
                                        for line in process.stdout])  # type: ignore[union-attr]
    club = Club(process, log, port, folder)
    if not await log.until(lambda line: "is open on" in line, timeout=120):
        club.stop()
        raise RuntimeError("the club did not start:\n" + "\n".join(log.lines))
    return club


@dataclass
class Table:
    number: int
    people: list[Person]
    watchers: list[Person]
    moves: list[float] = field(default_factory=list)
    """Seconds from a move's key until the last of the other screens showed it."""
    kinds: list[str] = field(default_factory=list)
    """Each move's kind, in turn with ``moves``: "drew", "discarded", or "round end" (a discard that ended it)."""
    missed: int = 0

    @property
    def screens(self) -> list[Person]:
        return self.people + self.watchers


async def in_lobby(person: Person, since: float) -> None:
    if await person.screen.shows(since, "In the lobby") is None:
        raise RuntimeError(f"{person.name}'s lobby never drew")
    await person.screen.settles(since)


async def seat_table(club: Club, tag: str) -> Table:
    """A table as people open and fill it from the lobby: its opener and a second person, and two spectators."""
    since = time.perf_counter()
    opener = await join(club.port, f"{tag}a")
    await in_lobby(opener, since)
    mark = len(club.log.lines)
    opener.press("n")
    if await opener.screen.shows(since, "Open a table") is None:
        raise RuntimeError(f"{opener.name}: n did not open the dialog")
    await opener.screen.settles(since)
    for keys in (ENTER, *[DOWN] * GAME_ROW, ENTER, TAB, LEVEL):  # one key at a time; a game chosen, on to People
        await opener.screen.settles(opener.press(keys))
    opener.press(ENTER)
    opened = await club.log.until(lambda line: re.search(rf"{opener.name} opened table (\d+): (.*)", line), mark)
    if not opened or "Quiddler" not in opened.group(2):
        raise RuntimeError(f"{opener.name} could not open a Quiddler table: {opened and opened.group(0)}")
    number = int(opened.group(1))
    # No table closes: table N is the lobby's row N, once the tables before it are open too (they open at once).
    if not await club.log.until(lambda _: club.log.opened >= set(range(1, number))):
        raise RuntimeError(f"the tables before table {number} never opened")
    row = number - 1
    table = Table(number, [opener], [])
    for name, key, told in ((f"{tag}b", ENTER, "joined"), (f"{tag}w1", "w", "is watching"),
                            (f"{tag}w2", "w", "is watching")):
        since = time.perf_counter()
        person = await join(club.port, name)
        await in_lobby(person, since)
        if row:
            await person.screen.settles(person.press(DOWN * row))
        mark = len(club.log.lines)
        person.press(key)
        if not await club.log.until(lambda line: f"table {number}: {name} {told}" in line, mark):
            raise RuntimeError(f"{name} could not {'play' if key == ENTER else 'watch'} at table {number}")
        (table.people if key == ENTER else table.watchers).append(person)
    return table


async def move(table: Table, mover: Person, key: str, *markers: str) -> None:
    others = [p.screen for p in table.screens if p is not mover]
    sent = mover.press(key)
    shown = await asyncio.gather(*(screen.shows(sent, *markers) for screen in others))
    times = [at for at in shown if at is not None]
    if len(times) < len(shown):
        table.missed += 1
    else:
        table.moves.append(max(times) - sent)
        ended = any(screen.first_after(sent, marker) for screen in others for marker in markers[1:])
        table.kinds.append("round end" if ended else markers[0])


async def play(club: Club, table: Table, until: float, pause: float, lockstep: bool) -> None:
    """Each person at ``table`` moves when the club says it is their turn, after thinking (``--pause``,
    ``--lockstep``), until ``until``."""
    thinking = random.Random(table.number)
    by_name = {p.name: p for p in table.people}
    lines = club.log.tables[table.number]
    handled, mover = 0, None
    while time.perf_counter() < until and club.process.poll() is None:
        fresh = [(n, found) for n, line in enumerate(lines) if n >= handled and (found := STATUS.search(line))]
        if fresh:
            handled, status = fresh[-1][0] + 1, fresh[-1][1]
            if status.group(0) == "game over":
                return
            mover = by_name.get(status.group(1) or "")
            if mover is not None:
                await asyncio.sleep(pause if lockstep else thinking.uniform(pause / 2, pause * 1.5))
                await move(table, mover, "d", "drew")
                await asyncio.sleep(0.3)
                handled = len(lines)  # the status line after the draw says the same turn: it is not a new one
                # The last discard of a round ends it, and of the last round, the game.
                await move(table, mover, "1", "discarded", "is over", "Game over")
                continue
        if not await club.log.news_of(table.number, min(2.0, until - time.perf_counter())) and mover is None:
            # Still, on the computer's turn or a round's scores: the computer went out, and its words wait for
            # both people to let them stand (the club prints nothing new); or the next round waits for both.
            for person in table.people:
                person.press(ENTER)


async def loop_lag(lags: list[float], until: float) -> None:
    """How late this script's own event loop wakes from a 50 ms sleep."""
    while time.perf_counter() < until:
        asked = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append(time.perf_counter() - asked - 0.05)


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load() -> str:
    return "load average " + " ".join(Path("/proc/loadavg").read_text().split()[:3])


@dataclass
class Measure:
    tables: int
    p50: float
    p95: float
    moves: int
    by_kind: dict[str, list[float]]
    """The moves' times (ms) by kind: a draw, a discard, a discard that ended a round."""
    missed: int
    cpu_share: float
    idle_share: float
    """The club's CPU with the tables seated and nobody moving."""
    made: int
    """Moves made in the play, by people and computers (the club's record)."""
    wait_share: float
    client_share: float
    lag95: float
    rss_start: int
    rss: int
    sessions: int
    setup: float
    wall: float
    """Seconds the play took: ``--seconds``, and the moves still on their way then."""

    @property
    def cpu_a_move(self) -> float:
        """Milliseconds of the club's CPU a move, over what it uses with nobody moving."""
        return 1000 * (self.cpu_share - self.idle_share) * self.wall / max(1, self.made)


async def run_tables(club: Club, count: int, seconds: float, pause: float,
                     lockstep: bool) -> tuple[Measure, list[Table]]:
    _, rss_start = club.usage()
    started = time.perf_counter()
    at_once = asyncio.Semaphore(SEATING)

    async def seated(tag: str) -> Table:
        async with at_once:
            return await seat_table(club, tag)

    tables = await asyncio.gather(*(seated(f"t{n + 1}") for n in range(count)))
    setup = time.perf_counter() - started
    await asyncio.sleep(2.0)  # every screen draws its table
    cpu_before = club.usage()[0]
    await asyncio.sleep(IDLE)
    idle = (club.usage()[0] - cpu_before) / IDLE
    made = club.moves()
    cpu_before, waited, wall_before, mine_before = club.usage()[0], club.waited(), time.perf_counter(), client_cpu()
    until = wall_before + seconds
    lags: list[float] = []
    await asyncio.gather(loop_lag(lags, until), *(play(club, table, until, pause, lockstep) for table in tables))
    wall = time.perf_counter() - wall_before
    cpu_after, rss = club.usage()
    ms = [1000 * v for table in tables for v in table.moves]
    by_kind: dict[str, list[float]] = {}
    for table in tables:
        for kind, v in zip(table.kinds, table.moves):
            by_kind.setdefault(kind, []).append(1000 * v)
    sessions = sum(len(table.screens) for table in tables)
    return Measure(count, pct(ms, 50), pct(ms, 95), len(ms), by_kind, sum(t.missed for t in tables),
                   (cpu_after - cpu_before) / wall, idle, club.moves() - made, (club.waited() - waited) / wall,
                   (client_cpu() - mine_before) / wall, 1000 * pct(lags, 95), rss_start, rss, sessions, setup,
                   wall), tables


def show(m: Measure, seconds: float, pause: float, lockstep: bool) -> None:
    thinking = f"exactly {pause:g} s (--lockstep)" if lockstep else f"{pause / 2:g}-{pause * 1.5:g} s"
    print(f"{m.tables} Quiddler tables (2 people, 1 {LEVEL} computer, 2 spectators): {m.sessions} sessions over SSH "
          f"on loopback; seated in {m.setup:.0f} s, then {seconds:.0f} s of play, each person thinking {thinking} "
          f"before a move ({load()})")
    print(f"  a move to every screen at its table    p50 {m.p50:6.1f} ms   p95 {m.p95:6.1f} ms   ({m.moves} moves, "
          f"{m.missed} not shown within {SEEN:.0f} s)")
    print("    by kind: " + "; ".join(f"{kind} p50 {pct(ms, 50):.0f} / p95 {pct(ms, 95):.0f} ms ({len(ms)})"
                                     for kind, ms in sorted(m.by_kind.items())))
    print(f"  club memory                            {m.rss} MB ({m.rss_start} MB after it started: "
          f"{1024 * (m.rss - m.rss_start) / max(1, m.sessions):.0f} KB a session)")
    print(f"  club CPU                               {m.cpu_share:.2f} s a second (1.00 = one core); its event loop "
          f"waited {m.wait_share:.2f} s a second for a core, taken by other processes")
    print(f"  club CPU a move                        {m.cpu_a_move:.0f} ms ({m.made} moves by people and computers; "
          f"{m.idle_share:.2f} s a second with nobody moving)")
    print(f"  these clients' CPU                     {m.client_share:.2f} s a second; their loop woke "
          f"{m.lag95:.1f} ms late at p95")


async def churn(club: Club, count: int, at_once: int = 5) -> tuple[int, int, int]:
    """``count`` sessions join the lobby, see it drawn and leave; the club's memory before and after, and how many
    never saw the lobby."""
    _, before = club.usage()
    failed = 0
    numbers = iter(range(count))

    async def visitor() -> None:
        nonlocal failed
        for n in numbers:
            since = time.perf_counter()
            try:
                person = await join(club.port, f"visitor{n}")
            except (OSError, asyncssh.Error):
                failed += 1
                continue
            if await person.screen.shows(since, "In the lobby") is None:
                failed += 1
            person.connection.close()
            await person.connection.wait_closed()

    await asyncio.gather(*(visitor() for _ in range(at_once)))
    await asyncio.sleep(25.0)  # the club collects its garbage once it has been idle a while
    _, after = club.usage()
    return before, after, failed


def limit(m: Measure) -> str:
    """What held the club back, as far as /proc tells."""
    available = next(int(line.split()[1]) // 1024 for line in Path("/proc/meminfo").read_text().splitlines()
                     if line.startswith("MemAvailable"))
    if m.cpu_share >= 0.85:
        return f"the club's event loop: its process used {m.cpu_share:.2f} of one core"
    if m.wait_share >= 0.1:
        return (f"the machine: the club's event loop waited {m.wait_share:.2f} s a second for a core, taken by other "
                f"processes ({load()}; these clients used {m.client_share:.2f} of a core)")
    if available < 500:
        return f"memory: {available} MB left on the machine, the club uses {m.rss} MB"
    if m.client_share >= 0.85 or m.lag95 >= 50:
        return (f"these clients: they used {m.client_share:.2f} of a core and their loop woke {m.lag95:.0f} ms late "
                "at p95, which every measured time includes")
    return (f"a move's own work, not a full core: each move costs the club {m.cpu_a_move:.0f} ms of CPU on its one "
            f"event loop (the screens at its table drawn one after another), and moves made at several tables at once "
            f"wait for each other; the club used {m.cpu_share:.2f} of a core and these clients {m.client_share:.2f}, "
            f"on a machine of {os.cpu_count()} cores at {load()}")


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--tables", type=int, default=20, help="tables at once (the ramp's first step); default 20")
    parser.add_argument("--seconds", type=float, default=90.0, help="seconds of play; default 90")
    parser.add_argument("--pause", type=float, default=2.0, help="seconds a person thinks before a move, on average "
                        "(evenly from half to one and a half times it); default 2")
    parser.add_argument("--lockstep", action="store_true", help="every person thinks exactly --pause seconds: the "
                        "tables fall into step, the worst case")
    parser.add_argument("--sessions", type=int, default=500, help="sessions that visit the lobby; default 500")
    parser.add_argument("--ramp", action="store_true", help="more tables each time until p95 passes 250 ms")
    parser.add_argument("--step", type=int, default=10, help="tables added each step of the ramp; default 10")
    parser.add_argument("--most", type=int, default=100, help="the ramp's last step; default 100 tables")
    parser.add_argument("--profile", metavar="FILE", help="run the club under cProfile, its stats to FILE")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, {load()} before the run")
    if not args.ramp:
        return 0 if await step(args.tables, args, args.sessions) else 1
    for count in range(args.tables, args.most + 1, args.step):
        measure = await step(count, args, 0)
        if measure is None:
            return 1
        if measure.p95 > 250:
            print(f"p95 passed 250 ms at {count} tables ({measure.sessions} sessions); the limit: {limit(measure)}")
            return 0
    print(f"p95 stayed under 250 ms up to {args.most} tables")
    return 0


async def step(count: int, args: argparse.Namespace, visitors: int) -> Measure | None:
    """A fresh club with ``count`` tables at play, then ``visitors`` sessions through its lobby; None if the tables
    could not be seated."""
    club = await open_club(4 * count + 50, args.profile)
    try:
        measure, tables = await run_tables(club, count, args.seconds, args.pause, args.lockstep)
        show(measure, args.seconds, args.pause, args.lockstep)
        bare = await bare_moves(40)  # the machine's speed now, for comparing runs on other days
        print(f"  the reference                          a bare Textual app redraws 3 lines on 3 screens in "
              f"{1000 * bare:.1f} ms of CPU here: a move costs the club {measure.cpu_a_move / 1000 / bare:.1f} "
              "of those")
        if visitors:
            before, after, failed = await churn(club, visitors)
            print(f"  {visitors} sessions in the lobby and out (the tables idle): club memory {before} MB before, "
                  f"{after} MB after ({after - before:+d} MB; {after - measure.rss_start:+d} MB over its start)"
                  f"{f'; {failed} never saw the lobby' if failed else ''}")
        for person in [p for table in tables for p in table.screens]:
            person.connection.close()
        return measure
    except RuntimeError as exc:
        print(f"{count} tables: {exc}")
        return None
    finally:
        club.stop()
        print(f"  (what the club printed: {club.folder}/club.log)")


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
