"""The club's lobby: who is here, which tables are open, and opening, closing and bringing back tables.

It knows nothing of SSH or Textual. Each table is a ``host.game.HostedGame`` (the one table runner, also behind
``wordcards host``), with its own scribe writing its games to the club's record. ``wordcards host`` is a club of
one table and no lobby (``Club.single``).
"""

from __future__ import annotations

import asyncio
import shlex
import time
import weakref
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Protocol

from wordcards.club.ratings import LEADERS_AFTER, Rating
from wordcards.club.record import Record, Recorded
from wordcards.club.scribe import Scribe
from wordcards.club.talk import Talk
from wordcards.core.common import Seat, computer_name, counted
from wordcards.core.computer import LEVELS
from wordcards.core import saves
from wordcards.core.errors import RecordError, SaveError
from wordcards.core.match import Match
from wordcards.core.match import check_setup
from wordcards.core.options import as_flags, parse_flags
from wordcards.core.registry import find_game
from wordcards.host.game import HostedGame, Setup, looks

MAX_TABLES = 20
MAX_PEOPLE = 200
"""Terminal sessions a club serves at once (``wordcards host``: ``server.MAX_SESSIONS``)."""
EMPTY_TABLE_CLOSES = 300.0
"""Seconds a table may stand with nobody's screen at it (people or spectators) before it is saved and closed."""
ON_THE_WAY = 30.0
"""Seconds a table with no seat taken waits before it closes: its opener may be on the way to it."""
TICK = 1.0
"""Seconds between the lobby's looks at the tables: its screens are redrawn when what they show has changed."""


class LobbyScreen(Protocol):
    """A person's lobby screen, as the club sees it."""

    def redraw(self) -> None:
        """The tables or the people in the lobby changed: draw them again."""

    def say(self, text: str) -> None:
        """A passing notice."""

    def farewell(self, text: str) -> None:
        """The club closes this screen (it is stopping): say ``text`` last."""


@dataclass(frozen=True)
class Row:
    """One table as the lobby lists it."""

    number: int
    game: str
    options: str
    seats: tuple[str, ...]
    """Each seat: a person's name ("ann", "ann (away)"), "free", or a computer's ("Hal (hard)")."""
    state: str
    """"waiting", "playing" or "finished"."""
    watching: int
    free: int
    """Seats a person may still take."""
    people: tuple[str, ...] = ()
    """The names of the people seated."""


@dataclass(frozen=True)
class Replaying:
    """Where a person goes from the lobby: the replay of a finished game of the club's record."""

    game: Recorded


@dataclass
class Limits:
    tables: int = MAX_TABLES
    people: int = MAX_PEOPLE
    empty: float = EMPTY_TABLE_CLOSES


def table_setup(game: str, people: int, computers: str, flags: str, dictionary: str) -> Setup:
    """A new table's setup from what a person typed in the lobby: ValueError (or WordcardsError) says what is wrong,
    in one line, as ``wordcards play`` would."""
    spec = find_game(game)
    levels = tuple(computers.replace(",", " ").split())
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level[:20]!r} (levels: {', '.join(LEVELS)})")
    if people < 1:
        raise ValueError("a table needs at least one person")
    try:
        args = shlex.split(flags)
    except ValueError as exc:
        raise ValueError(f"options: {exc}") from None
    options = parse_flags(spec.options, spec.title, args)
    seats = [Seat(f"Player {n + 1}") for n in range(people)] + [Seat(computer_name(n, level), level)
                                                                for n, level in enumerate(levels)]
    check_setup(spec, seats, options, hosted=True)
    return Setup(spec.name, people, levels, options, None, dictionary)


@dataclass
class Club:
    """The tables of one club, by number, and the people in its lobby. Every method runs on the club's event loop.

    ``lobby`` False: ``wordcards host``, one table that people join straight away, and leaving it is leaving."""

    report: Callable[[str], None]
    record: Record | None = None
    lobby: bool = True
    dictionary: str = "default"
    limits: Limits = field(default_factory=Limits)
    takeover: float | None = None
    wait: float | None = None
    computer_delay: float = 0.6
    now: Callable[[], float] = time.monotonic
    seed: int | None = None
    """Every new table's shuffle (tests; None: a new one each time)."""
    tables: dict[int, HostedGame] = field(default_factory=dict)
    here: dict[LobbyScreen, str] = field(default_factory=dict)
    """The lobby's screens, and whose each is."""
    put_away: dict[str, list[str]] = field(default_factory=dict)
    """What a person is told when next in the lobby: a table with their unfinished game closed while they were out."""
    sessions: int = 0
    """Terminal sessions open now, in the lobby or at a table (the door counts them)."""
    done: asyncio.Event = field(default_factory=asyncio.Event)
    empty_since: dict[int, float] = field(default_factory=dict)
    shown: tuple = ()
    """What the lobby's screens last drew (``rows`` and who is here)."""
    any_key: bool = False
    """Any SSH key may come in, and claims its name (a club with no ``--authorized-keys``, as ssh-chat is); people
    without a key give the code."""
    opening: int = 0
    """Tables being opened (their record written): they count against the limit already."""
    closed_screens: int = 0
    """Lobby screens closed since the club last collected garbage (``host.run.collect_when_idle``)."""
    standings: dict[str, dict[str, Rating]] = field(default_factory=dict)
    """Every person's rating, by game then name: read as the club opens, kept up as its games end."""
    talk: Talk = field(default_factory=Talk)
    visits: "weakref.WeakSet[Any]" = field(default_factory=weakref.WeakSet)
    """Every session's way through the club (``host.visit.Visit``), for the operator's kick and ban."""

    @classmethod
    def single(cls, game: HostedGame) -> "Club":
        club = cls(report=game.report, record=game.record.record if game.record else None, lobby=False,
                   limits=Limits(tables=1))
        club.tables[1] = game
        club.done = game.done
        return club

    @property
    def only_table(self) -> HostedGame:
        return next(iter(self.tables.values()))

    @property
    def keeps_record(self) -> bool:
        return self.record is not None if self.lobby else self.only_table.record is not None

    async def refusal(self, name: str, fingerprint: str | None) -> str | None:
        """Why ``name`` may not come in with this key (None: none), or None once they are seen (``Record.seen``).
        A key may not claim a name that someone is using with the code in the club now (it would take their seat).
        When the record cannot say, nobody comes in (a name could be taken from its key), and the operator hears
        why."""
        taken = f"the name {name} belongs to another key: pick another name"
        if not self.lobby:
            scribe = self.only_table.record
            return None if scribe is None or await scribe.seen(name, fingerprint) else taken
        if self.record is None:
            return None
        record = self.record
        try:
            if await asyncio.to_thread(record.banned, name, fingerprint):
                return "you are banned from this club"
            if fingerprint is not None and self.in_use(name):
                claimed, _ = await asyncio.to_thread(record.claimed, name)
                if not claimed:
                    return f"the name {name} is in use in the club with its code now: pick another name"
            if not await asyncio.to_thread(record.seen, name, fingerprint):  # (the record keeps a look once)
                return taken
            other = self.lookalike(name)
            if other is not None:  # two people told apart by case alone: every /ignore, mute and kick would hit both
                return f"the name {name} is drawn like {other}, who is in the club now: pick another name"
            return None
        except RecordError as exc:
            self.report(f"{exc}; {name} was turned away, as their name could not be checked")
            return "the club's record cannot be read just now, so names cannot be checked: try again soon"

    async def operator(self, command: str) -> str:
        """A line the club's operator typed at its terminal: ``mute NAME``, ``unmute NAME``, ``kick NAME`` (their
        terminals are closed; they may come back), ``ban NAME`` (kicked, and the name and its key kept out, in the
        record), ``unban NAME``. What was done, for the operator."""
        verb, _, name = command.strip().partition(" ")
        name = name.strip()
        if verb not in ("mute", "unmute", "kick", "ban", "unban") or not name:
            return "operator commands: mute NAME, unmute NAME, kick NAME, ban NAME, unban NAME"
        if verb == "mute":
            self.talk.muted.add(looks(name))
            return f"{name} is muted: they may read the talk, not add to it"
        if verb == "unmute":
            self.talk.muted.discard(looks(name))
            return f"{name} may talk again"
        if verb in ("ban", "unban"):
            if self.record is None:
                return "this club keeps no record, so it cannot ban: kick instead"
            try:
                changed = await asyncio.to_thread(self.record.ban if verb == "ban" else self.record.unban, name)
            except RecordError as exc:
                return f"{name} could not be {verb}ned: {exc}"
            if verb == "unban":
                return f"{name} may come in again" if changed else f"{name} was not banned"
        sent = self.send_away(name, "wordcards: the club's operator " + ("banned you" if verb == "ban" else
                                                                           "sent you away"))
        if not sent:
            return f"{name} is banned (not in the club now)" if verb == "ban" else f"{name} is not in the club"
        return f"{name} is {'banned' if verb == 'ban' else 'sent away'} ({counted(sent, 'terminal')} closed)"

    def send_away(self, name: str, goodbye: str) -> int:
        """Close every terminal of ``name`` (or a name drawn like it); how many."""
        look = looks(name)
        gone = [visit for visit in list(self.visits) if looks(visit.name) == look and not visit.session.closing()]
        for visit in gone:
            visit.send_away(goodbye)
        return len(gone)

    def in_use(self, name: str) -> bool:
        """Someone is in the lobby under ``name`` (or one drawn like it), or has a seat at a table."""
        return any(looks(other) == looks(name) for other in self.names_in_use())

    def lookalike(self, name: str) -> str | None:
        """Another name in use now that is drawn like ``name`` (``bob`` for ``Bob``), or None."""
        return next((other for other in self.names_in_use() if other != name and looks(other) == looks(name)), None)

    def names_in_use(self) -> set[str]:
        names = set(self.here.values())
        for game in self.tables.values():
            names.update(game.table.names)
            names.update(game.company.watching)
        return names

    # ------------------------------------------------------------ tables

    def waiting_for(self, name: str) -> HostedGame | None:
        """The table whose game waits for ``name`` (a seat of theirs without a screen: they dropped, or the club
        restarted), if there is one; None if none, or several (the lobby lists them, marked away)."""
        waiting = [game for game in self.tables.values()
                   if game.table.match is not None and not game.table.match.is_over
                   and (seat := game.table.seat_of(name)) is not None and not game.company.connected(seat)]
        return waiting[0] if len(waiting) == 1 else None

    async def open_table(self, setup: Setup, by: str) -> HostedGame:
        """A new table for ``setup``, opened by ``by``; ValueError says why not (the club has all it may)."""
        if len(self.tables) + self.opening >= self.limits.tables:
            raise ValueError(f"the club has {counted(self.limits.tables, 'table')} open, as many as it may: join or "
                             "watch one, or wait for one to close")
        self.opening += 1
        try:
            scribe = await self.scribe(setup.game, setup.options)
        finally:
            self.opening -= 1
        number = scribe.table if scribe is not None else max(self.tables, default=0) + 1
        if self.seed is not None:
            setup = replace(setup, seed=self.seed)
        game = self.tables[number] = self.table_for(number, setup=setup, record=scribe)
        self.report(f"{by} opened table {number}: {game.table.spec.title} for {setup.people} "
                    f"{'person' if setup.people == 1 else 'people'}" +
                    (f" and {', '.join(setup.computers)}" if setup.computers else ""))
        self.changed()
        return game

    async def scribe(self, game: str, options: dict, match=None) -> Scribe | None:
        if self.record is None:
            return None
        try:
            scribe = await asyncio.to_thread(Scribe, self.record, game, options, match, "club")
        except RecordError as exc:
            raise ValueError(str(exc)) from None
        scribe.rated = self.rated
        return scribe

    def listen(self) -> Callable[[], None]:
        """Hear of games other club processes on the same (PostgreSQL) record rate, and show their people's new
        ratings; a function that stops listening."""
        if self.record is None:
            return lambda: None
        loop, record = asyncio.get_running_loop(), self.record

        async def reread() -> None:
            try:
                self.standings = await asyncio.to_thread(record.ratings)
            except RecordError:
                return  # the ratings shown stay as they were until the next news
            self.changed()

        def heard(news: str) -> None:
            try:
                loop.call_soon_threadsafe(lambda: loop.create_task(reread()))
            except RuntimeError:  # the club has stopped
                pass

        return record.listen(heard)

    def rated(self, game: str, ratings: dict[str, Rating]) -> None:
        self.standings.setdefault(game, {}).update(ratings)
        self.changed()

    def rating(self, name: str, game: str | None = None) -> str:
        """``name`` with their rating in ``game`` ("ann 1034"), or in the game they have played most
        ("ann (FEZ 1034)"); just the name before their first rated game."""
        if game is not None:
            rating = self.standings.get(game, {}).get(name)
            return f"{name} {rating.shown}" if rating else name
        played = [(rating.games, game, rating) for game, names in self.standings.items()
                  if (rating := names.get(name))]
        if not played:
            return name
        _, most, rating = max(played)
        return f"{name} ({find_game(most).title} {rating.shown})"

    def leaders(self, game: str, count: int = 10) -> list[tuple[str, Rating]]:
        """``game``'s leaderboard: the best rated people with ``LEADERS_AFTER`` rated games or more."""
        found = [(name, r) for name, r in self.standings.get(game, {}).items() if r.games >= LEADERS_AFTER]
        return sorted(found, key=lambda item: -item[1].shown)[:count]

    def table_for(self, number: int, setup: Setup | None = None, match=None, record: Scribe | None = None) \
            -> HostedGame:
        """Table ``number``: what happens at it is reported under its number."""
        game = HostedGame(setup, match, takeover=self.takeover, wait=self.wait, computer_delay=self.computer_delay,
                          report=lambda line: self.report(f"table {number}: {line}"), now=self.now, record=record,
                          table={"wait": self.wait, "takeover": self.takeover})
        game.done = self.done
        game.closes_after = self.limits.empty
        return game

    async def bring_back(self) -> list[str]:
        """The club's tables a killed (or stopped) club left open, each with its unfinished game, from its save file
        where that holds every move the record has (and perhaps more), else from the record; the others are closed.
        Lines for the operator."""
        if self.record is None:
            return []
        self.standings = await asyncio.to_thread(self.record.ratings)
        found: list[Recorded] = await asyncio.to_thread(self.record.unfinished, True)
        kept = await asyncio.to_thread(saves_by_game)
        lines = []
        for recorded in found:
            if recorded.table in self.tables:
                continue
            try:
                match = game_back(recorded, kept.get(recorded.id))
                scribe = await self.scribe(recorded.game, recorded.options, match)
            except (RecordError, SaveError, ValueError) as exc:
                lines.append(f"table {recorded.table} stays closed: {exc}")
                continue
            self.tables[recorded.table] = self.table_for(recorded.table, match=match, record=scribe)
            names = ", ".join(seat.name for seat in recorded.seats if seat.is_human)
            lines.append(f"table {recorded.table} is back: {match.spec.title} for {names}, "
                         f"{counted(len(match.history), 'move')} made")
        await asyncio.to_thread(self.record.close_tables_but, list(self.tables))
        self.changed()
        return lines

    async def close_table(self, number: int, why: str) -> None:
        """Save the table's game and close it: its screens go back to the lobby."""
        game = self.tables.pop(number, None)
        self.empty_since.pop(number, None)
        if game is None:
            return
        table = game.table
        if table.loop is not None:
            table.loop.stop()
        if table.referee is not None:
            table.referee.save()
        for place in game.company.screens():
            place.screen.farewell(f"table {number} closed: {why}")
        if game.record is not None:
            lacks = await asyncio.to_thread(game.record.close)
            if lacks:
                self.report(lacks)
        if table.match is not None:
            table.match.release()
            if not table.match.is_over:  # its people are told, now or when next here: their seat no longer waits
                note = f"Table {number} ({table.spec.title}) closed: {why}. Its game is kept in the record, unfinished."
                for name in table.names:
                    lobbies = [screen for screen, here in self.here.items() if here == name]
                    for screen in lobbies:
                        screen.say(note)
                    if not lobbies:
                        self.put_away.setdefault(name, []).append(note)
        self.talk.close_rooms(f"table {number}")
        self.report(f"table {number} closed: {why}")
        self.changed()

    def number_of(self, game: HostedGame) -> int:
        return next(n for n, g in self.tables.items() if g is game)

    # ------------------------------------------------------------ the lobby

    def enter(self, name: str, screen: LobbyScreen) -> None:
        self.here[screen] = name
        for note in self.put_away.pop(name, []):
            screen.say(note)
        self.changed()

    def leave(self, screen: LobbyScreen) -> None:
        self.here.pop(screen, None)
        self.closed_screens += 1
        self.changed()

    def people(self) -> list[str]:
        """Who is in the lobby, each name once, in the order they came, with their rating (``rating``)."""
        return [self.rating(name) for name in dict.fromkeys(self.here.values())]

    def rows(self) -> list[Row]:
        return [row_of(number, game, self.rating) for number, game in sorted(self.tables.items())]

    def changed(self) -> None:
        """Redraw the lobby's screens, if what they show has changed."""
        shown = (tuple(self.rows()), tuple(self.people()))
        if shown == self.shown:
            return
        self.shown = shown
        for screen in list(self.here):
            screen.redraw()

    async def tick(self) -> None:
        """Once a ``TICK``: the lobby's screens follow the tables, and a table nobody is at closes after a while
        (at once, once its game is over)."""
        now = self.now()
        for number, game in list(self.tables.items()):
            if game.company.screens():
                self.empty_since.pop(number, None)
                continue
            since = self.empty_since.setdefault(number, now)
            between_games = (game.table.match is None or game.table.match.is_over) and bool(game.evening.results)
            if between_games:
                await self.close_table(number, "its game ended and everyone left")
            elif game.table.match is None and not game.table.names and now - since >= ON_THE_WAY:
                await self.close_table(number, "everyone left before it began")
            elif now - since >= self.limits.empty:
                await self.close_table(number, "nobody was at it")
        self.changed()

    async def run(self) -> None:
        while not self.done.is_set():
            await asyncio.sleep(TICK)
            await self.tick()


def saves_by_game() -> dict[int, Path]:
    """The unfinished saves that name their game in the club's record, by that game's id."""
    found = {}
    for path in saves.saves_dir().glob("*.json"):
        try:
            data = saves.read(path)
        except SaveError:
            continue
        game = data.get("record", {}).get("game")
        if isinstance(game, int) and not data.get("finished"):
            found[game] = path
    return found


def game_back(recorded: Recorded, path: Path | None) -> Match:
    """``recorded``'s game as it went: its save file if that holds every move the record has, else the record's
    moves (in a new save file). SaveError if the save is held by a copy of wordcards still running."""
    if path is not None:
        try:
            match = Match.load(path)
        except SaveError:
            match = None
        if match is not None and tuple(match.history[:len(recorded.moves)]) == recorded.moves:
            match.claim()
            return match
    match = recorded.match()
    match.save_path = saves.new_path(match.spec.name)
    match.record = {"table": recorded.table, "game": recorded.id}
    match.save()
    match.claim()
    return match


def row_of(number: int, game: HostedGame, rating: Callable[[str, str], str]) -> Row:
    """Table ``number`` as the lobby lists it, each person with their rating in its game (``Club.rating``)."""
    table, company = game.table, game.company
    match = table.match
    seats: list[str] = []
    if match is not None:
        for n, seat in enumerate(match.seats):
            if seat.computer:
                seats.append(seat.name)
            else:
                away = not company.connected(n)
                seats.append(rating(seat.name, match.spec.name) + (" (away)" if away else ""))
    else:
        seats = [rating(table.names[n], table.spec.name) if n < len(table.names) else "free"
                 for n in range(table.wanted)]
        seats += table.computer_names()
    state = "waiting" if not table.started else "finished" if match is not None and match.is_over else "playing"
    free = 0 if match is not None else max(0, table.wanted - len(table.names))
    if match is not None and match.is_over:
        free = game.evening.free_seats()
    options = as_flags(match.options if match is not None else table.setup.options if table.setup else {})
    people = tuple(s.name for s in match.seats if not s.computer) if match is not None else tuple(table.names)
    return Row(number, table.spec.title, options, tuple(seats), state, len(company.watching), free, people)
