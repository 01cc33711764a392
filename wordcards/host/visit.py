"""Where one person is in the club, and the screens they see: the lobby's (``LobbyShow``) or a table's (``Show``),
each an app drawn over SSH channels. A ``Visit`` moves a session between them without disconnecting it."""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import TYPE_CHECKING, Any, Protocol

from wordcards.club.lobby import Club, Replaying
from wordcards.club.record import Recorded
from wordcards.club.talk import Talk
from wordcards.core.errors import WordcardsError
from wordcards.core.replay import Replay, replay
from wordcards.host.keys import DROP_NOTICE_EVERY, MOUSE_REPORTS, Allowance
from wordcards.core.common import Seat, counted
from wordcards.host.game import HostedGame, Place

if TYPE_CHECKING:
    from wordcards.host.driver import ChannelDriver  # Textual itself is imported only once someone connects


class Terminal(Protocol):
    """One person's terminal at a door (an SSH session, or a browser's websocket): what a visit and its screens
    need of it."""

    term: tuple[str, tuple[int, int]] | None
    """The terminal's type and size (columns, rows)."""
    visit: "Visit | None"
    key: str | None
    """The fingerprint of the SSH key the person came in with (None: the code, or a browser)."""
    function_keys: bool
    """Whether F-keys reach the app (a browser keeps some for itself: F3 finds, F5 reloads)."""

    def write(self, data: str) -> None:
        """Screen output (dropped while the terminal is behind; it is drawn whole once it catches up)."""

    def restore(self, data: str) -> None:
        """Send ``data`` now, whatever the terminal is behind (the sequence that gives a terminal back)."""

    def closing(self) -> bool: ...

    def close(self, goodbye: str = "") -> None:
        """End the session: ``goodbye`` is the person's last line."""

RESIZE_SETTLE = 0.5
"""Seconds a spectator's new window size must last before they move to the shared screen of that size."""


class Display:
    """An app and the SSH channels it is drawn on (``host.driver.Channel``): keys that came before its driver
    started are kept for it, and a session that fell behind is sent the whole screen again."""

    app: Any

    def __init__(self, term: str, size: tuple[int, int]) -> None:
        self.term = term
        self.window = size
        """The size it is drawn at (columns, rows): its sessions' terminals' (``Visit.resized``)."""
        self.sessions: list[Terminal] = []
        self.attached_driver: ChannelDriver | None = None
        self.pending = ""
        """Keys that came before the app's driver started (a spectator's first key opens a screen of their own)."""

    @property
    def driver(self) -> ChannelDriver | None:
        """The app's driver while it runs (it puts itself here): None before it starts and after it stops."""
        return self.attached_driver

    @driver.setter
    def driver(self, driver: ChannelDriver | None) -> None:
        self.attached_driver = driver
        if driver is not None and self.pending:
            keys, self.pending = self.pending, ""
            driver.feed(keys)

    shared = False

    @property
    def function_keys(self) -> bool:
        """Whether F-keys reach the app from every terminal it is drawn on: a key bar names the other keys if not."""
        return all(session.function_keys for session in self.sessions)

    def visits(self) -> list["Visit"]:
        """The visits whose sessions this is drawn on."""
        return [session.visit for session in self.sessions if session.visit is not None]

    async def run(self) -> None:
        from wordcards.tui.textual_internals import forget_widget_styles

        try:
            await self.app.run_async()
        finally:
            self.ended()
            forget_widget_styles()

    def ended(self) -> None:
        """The app has stopped: its sessions go on (to the lobby, or a table), or close."""

    def repaint(self) -> None:
        """Draw the whole screen again: a session that fell behind was not sent the changes meanwhile."""
        if self.app.is_running:
            self.app.refresh(repaint=True, layout=True)

    def resize(self, size: tuple[int, int]) -> None:
        self.window = size
        if self.driver is not None:
            self.driver.resize(*size)

    def add(self, session: Terminal) -> None:
        from wordcards.host.driver import START

        self.sessions.append(session)
        if self.driver is not None:  # the app runs: the newcomer's terminal is set up as the driver set up the others
            session.write(START)
            self.app.refresh(repaint=True, layout=True)  # and needs the whole screen, not the changes
            self.app.refresh_bindings()  # a browser among SSH terminals: the key bar names keys that work in both

    def remove(self, session: Terminal) -> None:
        if session in self.sessions:
            self.sessions.remove(session)
        if not self.sessions:
            self.app.closing = True  # an app still starting stops as soon as it has (``on_mount``)
            if self.app.is_running:
                self.app.exit()
        elif self.driver is not None:
            self.app.refresh_bindings()  # the last browser gone: the F-keys work for everyone left

    # ------------------------------------------------------------ the driver's channel (``host.driver.Channel``)

    def write(self, data: str) -> None:
        for session in self.sessions:
            session.write(data)

    def size(self) -> tuple[int, int]:
        return self.window


class Show(Display):
    """A table's screen: a person's own, or one that spectators share.

    Spectators all see the same public table, so those whose terminals have the same type and size watch one
    app (read-only: Ctrl+Q leaves) instead of one each; every spectator's copy would cost the host as much CPU as a
    player's screen, for the same picture.
    """

    def __init__(self, game: HostedGame, name: str, term: str, size: tuple[int, int], join: str,
                 shows: dict[tuple[str, tuple[int, int]], "Show"] | None = None, watching: bool = False,
                 table_number: int | None = None, talk: Talk | None = None) -> None:
        from wordcards.host.seat import SeatApp  # Textual only once someone connects

        super().__init__(term, size)
        self.game = game
        self.shows = shows
        """The spectators' shared shows by terminal, when this is one of them."""
        self.app = SeatApp(game, name, self, term, join, watching=watching or shows is not None,
                           table_number=table_number, talk=talk)
        self.place: Place | None = None

    @property
    def shared(self) -> bool:  # type: ignore[override]
        return self.shows is not None

    @property
    def key(self) -> tuple[str, tuple[int, int]]:
        """Its place among the shared shows: the terminal's type and size."""
        return self.term, self.window

    def start(self) -> None:
        """Take a place at the game (a seat, or a spectator's chair) and run the app."""
        app = self.app
        name = "" if self.shared else app.player
        company = self.game.company
        self.place = app.place = company.sit_down_to_watch(name, app) if app.watching else company.join(name, app)
        if self.shows is not None:
            self.shows[self.key] = self
        asyncio.get_running_loop().create_task(self.run())

    def take_seat(self) -> None:
        """The spectator here was dealt a seat: their sessions reopen as that seat's screen."""
        for visit in self.visits():
            visit.take_seat()

    def ended(self) -> None:
        self.app.stop_talking()
        if self.shows is not None and self.shows.get(self.key) is self:
            del self.shows[self.key]
        for visit in self.visits():
            visit.left_table(self.app.goodbye)
        if self.place is not None:
            self.game.company.leave(self.place)

    def resize(self, size: tuple[int, int]) -> None:
        if self.shows is not None and self.shows.get(self.key) is self:
            del self.shows[self.key]
        super().resize(size)
        if self.shows is not None:
            self.shows[self.key] = self


class LobbyShow(Display):
    """A person's lobby screen in the club; it ends with where they go next (``lobby_app.Choice``), or None."""

    def __init__(self, club: Club, name: str, term: str, size: tuple[int, int], notice: str = "",
                 key: str | None = None) -> None:
        from wordcards.host.lobby_app import LobbyApp  # Textual only once someone connects

        super().__init__(term, size)
        self.club = club
        self.app = LobbyApp(club, name, self, term, notice, key)

    def start(self) -> None:
        asyncio.get_running_loop().create_task(self.run())

    def ended(self) -> None:
        self.app.stop_talking()
        for visit in self.visits():
            visit.left_lobby(self.app.choice, self.app.goodbye)


class ReplayShow(Display):
    """A finished game's replay (``tui.replay``) on a person's terminal; leaving it goes back to the lobby."""

    def __init__(self, moves: Replay, term: str, size: tuple[int, int]) -> None:
        from wordcards.host.seat import HostedReplay  # Textual only once someone connects

        super().__init__(term, size)
        self.app = HostedReplay(moves, self, term)

    def start(self) -> None:
        asyncio.get_running_loop().create_task(self.run())

    def ended(self) -> None:
        for visit in self.visits():
            visit.left_table("")  # as from a table: back to the lobby, or away if the club or the session is closing


Shows = dict[tuple[str, tuple[int, int]], Show]
"""A table's spectators' shared shows, by terminal type and size."""


def arrive(terminal: Terminal, club: Club, name: str, join: str, every_show: "weakref.WeakKeyDictionary[HostedGame, Shows]",
           limit: int) -> "Visit":
    """A person comes in at a door: into the club's lobby, or to the table that waits for them (their seat, kept
    while they were away; at ``wordcards host``, the only table). ValueError says why not (the door serves
    ``limit`` terminals, or the name cannot join); once in, they count against the limit until the door's session
    ends."""
    if club.sessions >= limit:
        raise ValueError(f"the {'club' if club.lobby else 'host'} serves {limit} terminals at most, and has that "
                         "many now")
    Seat(name)  # the same checks as `play`: no control characters, not too long
    seated = club.lobby or club.only_table.company.takes_a_seat(name)
    club.sessions += 1
    if club.lobby:  # a hosted table says who joined it itself
        club.report(f"{name} came in ({counted(club.sessions, 'terminal')} open)")
    visit = Visit(terminal, club, name, join, every_show)
    club.visits.add(visit)
    waiting = club.waiting_for(name) if club.lobby else club.only_table
    if waiting is None:
        visit.to_lobby()
    else:  # a seat kept while they were away: straight back to it, as after a dropped connection at a host
        visit.at_table(waiting, club.lobby or seated)
    return visit


def depart(club: Club, name: str) -> None:
    """A session that ``arrive`` let in has ended."""
    club.sessions -= 1
    if club.lobby:
        club.report(f"{name} left ({counted(club.sessions, 'terminal')} open)")


class Visit:
    """One session's way through the club: in the lobby, at a table in a seat, or watching one."""

    def __init__(self, session: Terminal, club: Club, name: str, join: str,
                 every_show: "weakref.WeakKeyDictionary[HostedGame, Shows]") -> None:
        self.session = session
        self.club = club
        self.name = name
        self.join = join
        self.every_show = every_show
        self.game: HostedGame | None = None
        """The table this session is at, seated or watching (None: in the lobby)."""
        self.show: Display | None = None
        self.watching = False
        self.moving: asyncio.TimerHandle | None = None
        """A spectator's move to the shared screen of their new size, once the size has settled."""
        self.allowance = Allowance()
        self.dropped_at = -DROP_NOTICE_EVERY

    @property
    def term(self) -> tuple[str, tuple[int, int]]:
        assert self.session.term is not None
        return self.session.term

    @property
    def shows(self) -> Shows:
        assert self.game is not None
        return self.every_show.setdefault(self.game, {})

    def to_lobby(self, notice: str = "") -> None:
        self.game = None
        self.show = LobbyShow(self.club, self.name, *self.term, notice, self.session.key)
        self.show.add(self.session)
        self.show.start()

    def left_lobby(self, choice: Any, goodbye: str) -> None:
        """The lobby's screen closed: to the table the person chose (``lobby_app.Choice``), or away."""
        self.leave()
        if choice is None or self.club.done.is_set() or self.session.closing():
            game = getattr(choice, "game", None)
            if game is not None and self.name in game.evening.sitting_in:  # a free seat taken on the way out
                game.evening.sitting_in.remove(self.name)
            self.session.close(goodbye)
            return
        if isinstance(choice, Replaying):
            self.replay(choice.game)
            return
        if choice.game not in self.club.tables.values():
            self.to_lobby("That table has closed.")
            return
        try:
            seated = not choice.watch and choice.game.company.takes_a_seat(self.name)
        except ValueError as exc:
            self.to_lobby(str(exc))
            return
        if not choice.watch and not seated:  # someone took the last seat first
            self.to_lobby(f"Table {self.club.number_of(choice.game)} has no seat for you now: w watches it.")
            return
        self.at_table(choice.game, seated)

    def replay(self, recorded: Recorded) -> None:
        """A finished game of the record, move by move, on this session; back to the lobby once it is left. The
        game is replayed in a thread: a long one would hold up every table."""
        self.game = None

        async def start() -> None:
            try:
                moves = await asyncio.to_thread(replay, recorded.game, recorded.seats, recorded.options,
                                                recorded.seed, recorded.moves)
            except WordcardsError as exc:
                self.to_lobby(f"Game {recorded.id} does not replay: {exc}")
                return
            if self.session.closing():
                self.session.close()
                return
            self.show = ReplayShow(moves, *self.term)
            self.show.add(self.session)
            self.show.start()

        asyncio.get_running_loop().create_task(start())

    def send_away(self, goodbye: str) -> None:
        """The club's operator sent this person away: their terminal is given back as it was, then closed with
        ``goodbye``."""
        from wordcards.host.driver import STOP

        self.session.restore(STOP)
        self.session.close(goodbye)

    def at_table(self, game: HostedGame, seated: bool) -> None:
        self.game = game
        if seated:
            self.sit()
        else:
            self.watching = True
            game.company.watch(self.name)
            if self.name in game.evening.sitting_in:  # a seat in the next game: a screen of their own says so
                self.sit()
            else:
                self.watch()

    def left_table(self, goodbye: str) -> None:
        """The table's screen closed: back to the club's lobby, or (``wordcards host``, or the club is stopping)
        away."""
        self.leave()
        if self.club.lobby and not self.club.done.is_set() and not self.session.closing():
            self.to_lobby(goodbye)
        else:
            self.session.close(goodbye)

    def sit(self) -> None:
        """A screen of this person's own: their seat's (``watching``: a spectator's)."""
        assert self.game is not None
        for place in [p for p in self.game.company.places if p.name == self.name and not self.watching]:
            place.screen.farewell(f"wordcards: you joined again as {self.name} from another terminal, which has "
                                  "your seat now" + ("." if self.club.lobby else "; this one is closed."))
        self.show = Show(self.game, self.name, *self.term, self.join_line(), watching=self.watching,
                         table_number=self.table_number(), talk=self.club.talk)
        self.show.add(self.session)
        self.show.start()

    def join_line(self) -> str:
        """How others join this table, for its waiting screen."""
        if not self.club.lobby or self.game is None:
            return self.join
        return f"{self.join} (table {self.club.number_of(self.game)} in the lobby)"

    def table_number(self) -> int | None:
        """The table's number in the club's lobby; None for ``wordcards host``."""
        return self.club.number_of(self.game) if self.club.lobby and self.game is not None else None

    def watch(self) -> None:
        """Join the spectators' shared show for this terminal's type and size (the first one starts it)."""
        assert self.game is not None
        show = self.shows.get(self.term)
        if show is None or not show.sessions:
            show = Show(self.game, "", *self.term, self.join_line(), self.shows, table_number=self.table_number(),
                        talk=self.club.talk)
            show.add(self.session)
            show.start()
        else:
            show.add(self.session)
        self.show = show

    def own_screen(self, keys: str) -> None:
        """A spectator pressed a key on the shared screen: a screen of their own, which gets the keys."""
        assert self.show is not None
        self.show.remove(self.session)
        self.sit()
        self.show.pending += keys

    def take_seat(self) -> None:
        """This spectator was dealt a seat they asked for: from their spectator's screen to their seat's."""
        assert self.game is not None
        if self.show is not None:
            self.show.remove(self.session)
        self.game.company.unwatch(self.name)
        self.watching = False
        self.sit()

    def typed(self, data: str) -> None:
        """Keys from the terminal: to the screen's app, within the rate a person may type."""
        show = self.show
        if show is None:
            return
        data, dropped = self.allowance.admit(data)
        if dropped:
            now = time.monotonic()
            if now - self.dropped_at >= DROP_NOTICE_EVERY and not self.watching:
                show.app.say("Too many keys at once: some were dropped.")
            self.dropped_at = now
        if not data:
            return
        if show.shared:  # a spectator's keys would be every spectator's: they get a screen of their own
            if "\x11" in data:  # Ctrl+Q
                self.stop_watching()
            elif not MOUSE_REPORTS.fullmatch(data):  # a click or the wheel: not worth a screen of their own
                self.own_screen(data)
        elif show.driver is not None:
            show.driver.feed(data)
        else:
            show.pending += data

    def stop_watching(self) -> None:
        """Ctrl+Q on a shared spectator's screen: back to the lobby (the terminal as it was first), or away."""
        if not self.club.lobby:
            self.session.close()
            return
        self.give_back_terminal()
        self.leave()
        self.to_lobby()

    def resized(self) -> None:
        """The terminal has its new size (``session.term``): a screen of its own is resized in place; a spectator
        moves to the shared screen of the new size once the size settles (a window being dragged sends dozens)."""
        if self.show is None:
            return
        if self.moving is not None:
            self.moving.cancel()
            self.moving = None
        if self.show.shared and (len(self.show.sessions) > 1 or self.term in self.shows):
            self.moving = asyncio.get_running_loop().call_later(RESIZE_SETTLE, self.move_show)
            return
        self.show.resize(self.term[1])

    def move_show(self) -> None:
        self.moving = None
        if isinstance(self.show, Show) and self.show.shared and self.show.key != self.term:
            self.show.remove(self.session)
            self.watch()

    def leave(self) -> None:
        if self.moving is not None:
            self.moving.cancel()
            self.moving = None
        if self.show is not None:
            show, self.show = self.show, None
            show.remove(self.session)
            if self.watching and self.game is not None:
                self.game.company.unwatch(self.name)
        self.watching = False

    def give_back_terminal(self) -> None:
        """The shared screen goes on for the others: this terminal as it was."""
        if self.show is not None and self.show.shared and self.show.app.is_running:
            from wordcards.host.driver import STOP

            self.session.restore(STOP)
