"""A hosted table: the game being played, who is at it, and one game after another.

It knows nothing of SSH or Textual. A connection ``join``s the table's company with its name and a ``Screen``
(something that can be told to redraw), and is given a ``Place``: a person's seat or a spectator's chair. The
table is the front end of the shared turn loop (``core.turns``), which runs the computer players and the clocks,
and tells every screen to redraw after each move. The evening deals the next game when the players agree to it.
"""
from __future__ import annotations

import asyncio
import time
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Protocol

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

from wordcards.core.errors import RefusedMove, SaveError, WordcardsError
from wordcards.core.game import Game
from wordcards.core.match import Match, check_setup
from wordcards.core.moves import NextRound
from wordcards.core.options import as_flags
from wordcards.core.common import Event, Seat, computer_name, counted, leaders, sheet_totals
from wordcards.core.referee import Referee
from wordcards.core.registry import find_game
from wordcards.core.turns import Pace, TurnLoop

if TYPE_CHECKING:
    from wordcards.club.scribe import Scribe

DIGITS_AND_STROKES = str.maketrans({"0": "o", "1": "l", "|": "l", "i": "l"})
"""Latin letters and digits that many fonts draw alike, which Unicode's confusables data leaves apart."""


def looks(name: str) -> str:
    """What ``name`` looks like on a screen: compatibility forms folded, accents dropped, case ignored, each
    character replaced by the one Unicode's confusables data (TR39) says it is drawn like (Cyrillic ``аnn`` is
    ``ann``), and the digits and strokes people misread made one."""
    folded = unicodedata.normalize("NFKD", name).casefold()
    bare = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return "".join(map(drawn_like, bare)).casefold().translate(DIGITS_AND_STROKES)


@lru_cache(maxsize=4096)
def drawn_like(ch: str) -> str:
    """One character for all that are drawn like ``ch`` (the first of them in code point order)."""
    found = confusables.is_confusable(ch, greedy=True)
    return min([ch] + [glyph["c"] for glyph in found[0]["homoglyphs"]]) if found else ch


class Screen(Protocol):
    """A connected screen, as the game sees it."""

    def redraw(self) -> None:
        """The game moved on (or someone came or went): draw it again."""

    def game_began(self) -> None:
        """The game has begun (every person's seat is taken): leave the lobby for the table."""

    def say(self, text: str) -> None:
        """A passing notice: "Ann disconnected"."""

    def time_up(self) -> None:
        """This screen's person ran out of time; the referee has played the game's move for them."""

    def farewell(self, text: str) -> None:
        """The host closes this screen: give the terminal back as it was, and say ``text`` last."""

    def new_game(self) -> None:
        """The next game on this host is dealt, or a lobby opened for it: to its table (as a player, or a
        spectator), or to the lobby."""

    def take_seat(self) -> None:
        """This spectator's person has a seat in the game just dealt (they asked for a free one): reopen as their
        seat's screen."""


@dataclass
class Place:
    """Where a connection sits: a person's seat, or (``watching``) a spectator's chair.

    A chair never becomes a seat: its screen shows the public table whatever happens to the names at the table.
    A spectator who takes a free seat gets a new screen, with a seat's place."""

    name: str
    """The person here; a chair shared by several spectators (one screen for a terminal size) has none ("")."""
    seat: int | None
    screen: Screen
    game: "HostedGame"
    watching: bool = False
    left: bool = False
    """The person chose to leave (Ctrl+Q), rather than being cut off."""

    @property
    def referee(self) -> Referee:
        referee = self.game.table.referee
        assert referee is not None, "a place at the table is asked for its referee once the game began"
        return referee

    @property
    def loop(self) -> TurnLoop:
        loop = self.game.table.loop
        assert loop is not None, "a place at the table is asked for its turn loop once the game began"
        return loop

    @property
    def rated(self) -> bool:
        """Games at this table count for ratings: a record is kept, and its players are rivals (``Game.rivals``).
        ``club.record.Record.end_game`` then rates each game that a person played."""
        match = self.game.table.match
        return self.game.record is not None and match is not None and self.game.table.spec.rivals(match.options)

    def changed(self) -> None:
        self.game.table.changed(self)

    def ready(self, seat: int) -> None:
        self.game.table.ready(seat)

    def next_game_news(self) -> str:
        return self.game.evening.next_game_news(self.name)

    def propose(self, game: str | None, options: dict) -> str | None:
        return self.game.evening.propose(self.name, game, options)

    def sit_in(self) -> str | None:
        return self.game.evening.sit_in(self.name)

    def seat_free(self) -> bool:
        evening = self.game.evening
        return evening.free_seats() > 0 and self.name not in evening.sitting_in

    def chooses_the_game(self) -> bool:
        return self.game.evening.first_seat(self.name)


@dataclass
class Setup:
    """What a new hosted game is played with (``wordcards host``'s options)."""

    game: str
    people: int = 2
    computers: tuple[str, ...] = ()
    options: dict = field(default_factory=dict)
    seed: int | None = None
    dictionary: str = "default"
    strict: bool = False


def seats_for(names: list[str], setup: Setup) -> list[Seat]:
    """A game's seats: the people by name, in the order they joined, then the computer players."""
    return [Seat(name) for name in names] + [Seat(computer_name(n, level), level)
                                             for n, level in enumerate(setup.computers)]


class HostedGame:
    """One hosted table for several screens, in three parts with a job each: the ``table`` (the game being played),
    the ``company`` (who is here, by name, and their screens) and the ``evening`` (the next game, and the results
    so far). Every method of each runs on the host's event loop."""

    def __init__(self, setup: Setup | None = None, match: Match | None = None, *, takeover: float | None = None,
                 wait: float | None = None, stand_in: str = "medium", computer_delay: float = 0.6, save: bool = True,
                 report: Callable[[str], None] = lambda line: None,
                 now: Callable[[], float] = time.monotonic, table: dict | None = None,
                 record: Scribe | None = None) -> None:
        if (setup is None) == (match is None):
            raise ValueError("a hosted game is either new (a setup) or resumed (a match)")
        self.report = report
        """Where the host's own terminal hears what happens (a line at a time)."""
        self.record = record
        """The club's record of this table (its games, their seats, every move), if it is kept."""
        if record is not None:
            record.told = self.told
        self.now = now
        self.done = asyncio.Event()
        """Set when the host is to stop (its operator's Ctrl+C is the usual way)."""
        self.closes_after: float | None = None
        """Seconds after which a club closes this table once nobody is at it; None: a host's, which never does."""
        self.company = Company(self)
        self.evening = Evening(self)
        self.table = Table(self, setup, match, takeover=takeover, wait=wait, stand_in=stand_in,
                           computer_delay=computer_delay, save=save, settings=table or {})

    def told(self, line: str) -> None:
        """Something the host and every screen must hear (the record cannot be written)."""
        self.report(line)
        self.company.tell_all(line)


def summary_key(referee: Referee) -> tuple[int, int]:
    """Names the summary people read: its round, and the moves made (a late challenge is one, and changes the
    scores: all read the new scores before the next deal)."""
    return referee.state.round, len(referee.state.history)


class Table:
    """The game being played: its seats' names, the referee, and the shared turn loop (``core.turns``), whose front
    end it is; the round's summary read by everyone present; computer players standing in for the away."""

    def __init__(self, hosted: HostedGame, setup: Setup | None, match: Match | None, *, takeover: float | None,
                 wait: float | None, stand_in: str, computer_delay: float, save: bool, settings: dict) -> None:
        self.hosted = hosted
        self.setup = setup
        self.match = match
        self.settings = settings
        """The table's settings each game's save keeps (the waits, the join code): ``host --resume`` restores them."""
        self.takeover = takeover
        """Seconds a person may be away before a computer player stands in for them; None: wait for them."""
        self.wait = wait
        """Seconds a challenge window or a round's scores wait on people (``Pace.wait``); None: for everyone."""
        self.stand_in_level = stand_in
        self.computer_delay = computer_delay
        self.save = save
        self.names: list[str] = [s.name for s in match.seats if s.is_human] if match else []
        """The people's names, in seat order once the game began (before: in the order they joined)."""
        self.referee: Referee | None = None
        self.loop: TurnLoop | None = None
        """The shared turn loop (``core.turns``): computer players, clocks and races, once the game is dealt."""
        self.mover: Place | None = None
        """Whose screen made the move being shown: it redraws last, the others are waiting to see it."""
        self.readied: tuple[tuple[int, int], set[int]] = ((-1, 0), set())
        """The summary people have read (``summary_key``), and who has."""
        self.away_since: dict[int, float] = {}
        self.missed: dict[int, tuple[int, list[str]]] = {}
        """Who went away while they could challenge: the window (``Referee.window``) and its words."""
        if match is not None:
            self.seat_the_referee(match)

    @property
    def spec(self) -> Game:
        if self.match is not None:
            return self.match.spec
        assert self.setup is not None
        return find_game(self.setup.game)

    @property
    def dictionary(self) -> str:
        """The word list the game is (or will be) played with."""
        if self.match is not None:
            return self.match.dictionary
        assert self.setup is not None
        return self.setup.dictionary

    @property
    def wanted(self) -> int:
        """How many people the game is for."""
        if self.match:
            return len(self.names)
        assert self.setup is not None
        return self.setup.people

    @property
    def started(self) -> bool:
        return self.referee is not None and len(self.hosted.company.joined) >= self.wanted

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` plays, if they have one (once the game has begun)."""
        if self.match is None:
            return None
        return next((i for i, s in enumerate(self.match.seats) if s.is_human and s.name == name), None)

    def computer_names(self) -> list[str]:
        return [seat.name for seat in seats_for([], self.setup)] if self.setup else []

    def begin(self) -> None:
        """Every person's seat is named: deal (the people in the order they joined, then the computer seats)."""
        assert self.setup is not None
        setup = self.setup
        self.match = Match.new(setup.game, seats_for(self.names, setup), setup.options, setup.seed, setup.dictionary,
                               setup.strict, save=self.save, hosted=True, table=self.settings)
        self.seat_the_referee(self.match)
        if self.hosted.record is not None:
            self.hosted.record.start(self.match)
        report = self.hosted.report
        try:
            self.match.claim()  # a `wordcards resume` elsewhere must not play it while it is hosted
        except (SaveError, OSError) as exc:  # a saves folder gone read-only: the game goes on, every screen says so
            self.match.save_error = self.match.save_error or str(exc)
        if self.match.save_error:
            report(f"this game is not being saved: {self.match.save_error}")
        elif self.match.save_path:
            report(f"saving every move to {self.match.save_path}")

    def seat_the_referee(self, match: Match) -> None:
        if self.hosted.record is not None:
            match.on_move = self.hosted.record.move
        self.referee = Referee(match, now=self.hosted.now)
        self.loop = TurnLoop(self.referee, self, Pace(self.computer_delay, self.wait, clocks="at once"))

    def deal(self, setup: Setup, names: list[str]) -> None:
        """The last game is put away for the next: dealt at once for ``names``, or (nobody) waiting for people."""
        if self.loop is not None:
            self.loop.stop()
        if self.match is not None:
            self.match.release()
        self.setup, self.match, self.referee, self.loop = setup, None, None, None
        self.names = list(names)
        self.away_since, self.missed = {}, {}
        if names:
            self.begin()

    def away(self, seat: int) -> None:
        referee = self.referee
        assert referee is not None
        self.away_since[seat] = self.hosted.now()
        if seat in referee.next().challengers:  # the window waits for nobody away: on return, they hear it closed
            name, own = referee.match.seats[seat].name, referee.game.challenge_own_words(referee.state)
            self.missed[seat] = (referee.window, [t.text for t in referee.targets() if own or t.owner != name])
        referee.set_absent(seat, True)

    def come_back(self, seat: int) -> str | None:
        """The person at ``seat`` is back; what they missed, to tell them: a challenge that closed meanwhile."""
        referee = self.referee
        assert referee is not None
        self.away_since.pop(seat, None)
        referee.set_absent(seat, False)
        referee.stand_in(seat, None)
        window, words = self.missed.pop(seat, (None, []))
        if window is None or (window == referee.window and seat in referee.next().challengers):
            return None  # none missed, or the window is open still and they may challenge
        return f"While you were away, your chance to challenge {' and '.join(w.upper() for w in words)} passed."

    # ------------------------------------------------------------ the turn (``core.turns`` runs it)

    def changed(self, mover: Place | None = None) -> None:
        """After a person's move, or someone came or went: every screen redraws (the ``mover``'s last: the others
        are waiting to see the move), the host hears the state, and the turn loop goes on."""
        if self.loop is None or not self.started:
            self.hosted.company.redraw_all()
            return
        self.mover = mover
        self.loop.moved([])

    def ready(self, seat: int) -> None:
        """A person has read the round's summary; the next round is dealt once everyone present has."""
        referee = self.referee
        assert referee is not None
        round_ = summary_key(referee)
        if self.readied[0] != round_:
            self.readied = (round_, set())
        self.readied[1].add(seat)
        self.deal_if_ready()

    def deal_if_ready(self) -> None:
        referee = self.referee
        if referee is None or referee.state.phase != "round-over" or self.readied[0] != summary_key(referee):
            return
        waiting = [s for s in referee.people if self.hosted.company.connected(s) and s not in self.readied[1]]
        if not waiting:
            self.play(NextRound())

    def play(self, move) -> None:
        assert self.referee is not None
        try:
            self.referee.play(move)
        except RefusedMove as exc:
            self.hosted.report(f"refused: {exc}")
        self.changed()

    # ------------------------------------------------------------ what the turn loop tells the table (``turns.Table``)

    def clock_ran_out(self, seat: int) -> None:
        for place in self.hosted.company.places:
            if place.seat == seat:
                place.screen.time_up()

    def ticked(self) -> None:
        """A computer player stands in for each person away longer than ``takeover``."""
        referee = self.referee
        if self.takeover is None or referee is None:
            return
        for seat, since in list(self.away_since.items()):
            if self.hosted.now() - since >= self.takeover and seat not in referee.stand_ins:
                referee.stand_in(seat, self.stand_in_level)
                name = referee.match.seats[seat].name
                self.hosted.report(f"a {self.stand_in_level} computer player plays for {name}")
                self.hosted.company.tell_all(f"{name} is away: a {self.stand_in_level} computer player plays for them")
                self.changed()

    def game_moved(self, events: list[Event]) -> None:
        """The game moved on: every screen redraws (the mover's last), and the host hears the state."""
        mover, self.mover = self.mover, None
        self.hosted.company.redraw_all(last=mover)
        report, evening = self.hosted.report, self.hosted.evening
        if self.loop is not None and self.loop.failed:
            report(f"a computer player failed: {self.loop.failed}")
        if self.match is not None and (lacks := self.match.unsaved()):
            report(lacks)  # until a save works again
        if self.match is not None and self.match.is_over and evening.recorded is not self.match:
            evening.record_result(self.match)
        else:
            report(self.status())

    def status(self) -> str:
        """One line for the host's terminal: the round, whose turn, the scores, and who is away."""
        referee = self.referee
        if referee is None:
            return "lobby · " + " · ".join(self.hosted.company.lobby_lines())
        match = referee.match
        names = [s.name for s in match.seats]
        totals = sheet_totals(list(referee.view(None).sheet), len(names))
        scores = ", ".join(f"{n} {t}" for n, t in zip(names, totals))
        away = [names[s] for s in sorted(self.away_since)]
        step = referee.next()
        if step.stage == "over":
            winners = " and ".join(names[i] for i in leaders(totals))
            return f"game over · {winners} won · {scores}"
        turn = f"{names[referee.current]}'s turn" if step.stage != "summary" else "round over"
        return f"round {match.state.round} · {turn} · {scores}" + (f" · away: {', '.join(away)}" if away else "")


class Company:
    """Who is at the table, by name: the people's screens at their seats, the spectators' at their chairs; who
    joins, leaves, is away and comes back; and telling every screen."""

    def __init__(self, hosted: HostedGame) -> None:
        self.hosted = hosted
        self.places: list[Place] = []
        """The people's screens: each has a seat (or will have, in the lobby)."""
        self.chairs: list[Place] = []
        """The spectators' screens: never a seat."""
        self.watching: list[str] = []
        """The spectators' names (a name twice: two terminals)."""
        self.joined: set[str] = set()
        """Every person who has joined at least once: the game begins when all have."""
        self.join_command = ""
        """How people join again once their terminal closes, as ``wordcards host`` prints it (``ssh -p 2222
        NAME@192.168.1.20``); empty in a club, whose people go back to its lobby."""
        self.closed_screens = 0
        """Screens closed since the host last collected garbage (``host.run.collect_when_idle``)."""
        self.last_change = hosted.now()
        """When a move was last made (or someone came or went): the host collects garbage only when idle."""

    def takes_a_seat(self, name: str) -> bool:
        """Whether ``name`` plays (a seat is theirs, or still free) rather than watches; ValueError says why a name
        cannot join at all."""
        table = self.hosted.table
        Seat(name)  # the same checks as `play`: no control characters, not too long
        if name in table.computer_names():
            raise ValueError(f"{name} is the name of a computer seat; connect as someone else")
        seated = table.names + [s.name for s in table.match.seats] if table.match is not None else table.names
        twin = next((other for other in seated if other != name and looks(other) == looks(name)), None)
        if twin is not None:
            raise ValueError(f"{name!r} looks like {twin}, who has a seat here; connect with a name of your own")
        if table.match is not None:
            return table.seat_of(name) is not None
        return name in table.names or len(table.names) < table.wanted

    def watch(self, name: str) -> None:
        self.watching.append(name)
        self.hosted.report(f"{name} is watching")
        self.redraw_all()  # the lobby lists them; the players are not interrupted

    def unwatch(self, name: str) -> None:
        if name in self.watching:
            self.watching.remove(name)
            self.hosted.report(f"{name} stopped watching")

    def join(self, name: str, screen: Screen) -> Place:
        """A screen arrives: a seat for a new name while seats are free, their own seat again for a name that has
        one, and a spectator's chair for anyone else. ValueError says why a name cannot sit down."""
        table = self.hosted.table
        if not self.takes_a_seat(name):
            return self.sit_down_to_watch(name, screen)
        if table.match is None and name not in table.names:
            table.names.append(name)
        # The people sit in the order they joined, before the computer seats: a name's place in the list is its seat.
        seat = table.seat_of(name) if table.match is not None else table.names.index(name)
        assert seat is not None
        moved = self.connected(seat)
        place = Place(name, seat, screen, self.hosted)
        self.places.append(place)
        first = name not in self.joined
        self.joined.add(name)
        self.hosted.report(f"{name} joined" if first else f"{name} moved to another terminal" if moved
                           else f"{name} is back")
        if table.match is None and len(table.names) == table.wanted:
            table.begin()
        elif table.referee is not None and (missed := table.come_back(seat)):
            place.screen.say(missed)
        self.report_seats()
        if first and len(self.joined) == table.wanted and self.begun_for_everyone():
            return place
        if not first and not moved:  # a new name shows in the lobby's list: only a return is news at the table
            self.tell_all(f"{name} is back", but=name)
        self.redraw_all()
        return place

    def begun_for_everyone(self, news: str = "") -> bool:
        """The last seat was just taken (or the first seat started the game early, ``news`` saying so): every screen
        goes to the table. False if the game still waits for one."""
        table = self.hosted.table
        if not table.started:
            return False
        self.hosted.report(news or f"every seat is taken: the game {'resumes' if table.setup is None else 'begins'}")
        for place in self.screens():
            place.screen.game_began()
        table.changed()
        return True

    def sit_down_to_watch(self, name: str, screen: Screen) -> Place:
        """A spectator's screen (``name`` "": one that several spectators share): the public table, always."""
        chair = Place(name, None, screen, self.hosted, watching=True)
        self.chairs.append(chair)
        return chair

    def leave(self, place: Place) -> None:
        """A connection ended (quit, or dropped)."""
        table, evening, report = self.hosted.table, self.hosted.evening, self.hosted.report
        self.closed_screens += 1
        for screens in (self.places, self.chairs):
            if place in screens:
                screens.remove(place)
        if self.hosted.done.is_set():
            return  # the host is stopping: nobody is left to tell
        if place.watching:
            if any(p.name == place.name for p in self.screens()):
                return
            if place.name in evening.sitting_in:
                evening.sitting_in.remove(place.name)
                evening.start_if_agreed()
                self.redraw_all()
            elif place.name in table.names and place.name not in self.joined:
                self.joined.add(place.name)  # dealt a seat, and gone before its screen opened: away, not awaited
                table.away(table.names.index(place.name))
                self.begun_for_everyone()
            return
        if table.match is not None and table.match.is_over:
            if place.seat is not None and self.connected(place.seat):
                return
            if not self.places:
                report("everyone has left the finished game: a new one waits for players")
                evening.next_game(evening.next_setup(None), [])
                return
            report(f"{place.name} left")
            self.tell_all(f"{place.name} left")
            evening.start_if_agreed()
            self.redraw_all()
            return
        if place.seat is None or self.connected(place.seat):
            return
        if table.referee is None:  # still in the lobby: the seat is free again (a wrong name must not keep it)
            self.free(place.name)
            report(f"{place.name} left before the game began; their seat is free")
            self.report_seats()
            self.redraw_all()
            return
        gone = f"{place.name} left: their seat waits for them" if place.left else f"{place.name} disconnected"
        report(gone)
        table.away(place.seat)
        self.tell_all(gone)
        table.deal_if_ready()
        table.changed()

    def free(self, name: str) -> None:
        """Before the game begins: ``name`` no longer has a seat, and those after them move up one."""
        names = self.hosted.table.names
        if name in names:
            names.remove(name)
            self.joined.discard(name)
        for place in self.places:
            if place.seat is not None:
                place.seat = names.index(place.name) if place.name in names else None

    def send_away(self, seat: int, by: str) -> None:
        """The first seat frees another seat in the lobby: its person's screens close, telling them why."""
        table = self.hosted.table
        if table.referee is not None or not 0 < seat < len(table.names):
            return
        name = table.names[seat]
        self.hosted.report(f"{by} freed seat {seat + 1} ({name})")
        for place in [p for p in self.places if p.name == name]:
            again = f" Join again with your own name: {self.join_command}" if self.join_command else ""
            place.screen.farewell(f"wordcards: {by} freed the seat you had as {name}.{again}")
        self.free(name)
        self.report_seats()
        self.redraw_all()

    def report_seats(self) -> None:
        """While the table waits for its people, the host hears who has a seat now (the line they saw at the start
        said every seat was free)."""
        if self.hosted.table.referee is None:
            self.hosted.report(self.hosted.table.status())

    def start_refusal(self) -> str | None:
        """Why the first seat cannot start the game now with the people seated so far, or None."""
        table = self.hosted.table
        if table.referee is not None or table.setup is None:
            return "The game has begun."
        if len(table.names) >= table.wanted:
            return "Every seat is taken."
        try:
            check_setup(table.spec, seats_for(table.names, table.setup), table.setup.options, hosted=True)
        except (ValueError, WordcardsError) as exc:
            return f"It cannot start yet: {exc}"
        return None

    def start_now(self, by: str) -> str | None:
        """The first seat starts the game with the people seated so far, without the seats nobody took; why it
        cannot, or None."""
        refusal = self.start_refusal()
        if refusal:
            return refusal
        table = self.hosted.table
        assert table.setup is not None
        table.setup = setup = replace(table.setup, people=len(table.names))
        table.begin()
        self.tell_all(f"{by} started the game without waiting for the free seats", but=by)
        self.begun_for_everyone(f"{by} started the game with {counted(setup.people + len(setup.computers), 'player')}")
        return None

    def connected(self, seat: int) -> bool:
        return any(p.seat == seat for p in self.places)

    def players_here(self) -> list[str]:
        """The people with a seat at the table who are connected, in seat order."""
        return [n for n in self.hosted.table.names if any(p.name == n for p in self.places)]

    def screens(self) -> list[Place]:
        """Every screen: the people's, then the spectators'."""
        return self.places + self.chairs

    def redraw_all(self, last: Place | None = None) -> None:
        self.last_change = self.hosted.now()
        for place in sorted(self.screens(), key=lambda place: place is last):
            place.screen.redraw()

    def tell_all(self, text: str, but: str = "", watching: str | None = None) -> None:
        """A notice on every screen but ``but``'s (the name it is about, or who asked); the spectators' says
        ``watching`` if given (``text`` may ask the players for a key)."""
        for place in self.screens():
            if not but or place.name != but:
                place.screen.say(watching if place.watching and watching is not None else text)

    def lobby_lines(self) -> list[str]:
        """Who has a seat and who is connected, for the lobby screens and the host."""
        table = self.hosted.table
        lines = []
        for n in range(table.wanted):
            name = table.names[n] if n < len(table.names) else None
            if name is None:
                lines.append(f"seat {n + 1}: free")
            else:
                here = "connected" if any(p.name == name for p in self.places) else "not connected"
                lines.append(f"seat {n + 1}: {name} ({here})")
        lines += [f"computer: {name}" for name in table.computer_names()]
        if self.watching:
            lines.append("watching: " + ", ".join(self.watching))
        return lines


class Evening:
    """One game after another at the table: at game over, the next game proposed and who agreed, the spectators
    taking free seats, and the evening's results."""

    def __init__(self, hosted: HostedGame) -> None:
        self.hosted = hosted
        self.recorded: Match | None = None
        """The last game whose result is in ``results``."""
        self.results: list[str] = []
        """A line for each game finished on this host: the evening's results."""
        self.proposal: Setup | None = None
        """At game over: the next game someone proposed, and the names who agreed to it (``agreed``)."""
        self.agreed: set[str] = set()
        self.sitting_in: list[str] = []
        """Spectators who take a free seat in the next game, in the order they asked."""

    def next_setup(self, game: str | None, options: dict | None = None) -> Setup:
        """The finished game again with its options and a new shuffle (``game`` None), or ``game`` with ``options``
        (its usual ones if None); the same computer seats, word list and rules for words."""
        table = self.hosted.table
        match, setup = table.match, table.setup
        assert match is not None
        same = game is None or game == match.spec.name
        if game is None:
            options = match.options
        seed = None if setup is None or setup.seed is None else setup.seed + 1  # new, yet repeatable
        dictionary = setup.dictionary if setup is not None else match.dictionary
        return Setup(match.spec.name if same else find_game(game or "").name, len(table.names),
                     tuple(s.computer for s in match.seats if s.computer),
                     dict(options or {}), seed, dictionary, match.strict)

    def free_seats(self) -> int:
        """Seats of the finished game whose people have gone: spectators may take them for the next game."""
        table = self.hosted.table
        return max(0, len(table.names) - len(self.hosted.company.players_here()) - len(self.sitting_in))

    def propose(self, name: str, game: str | None, options: dict | None = None) -> str | None:
        """``name`` wants the next game: the one proposed, or a rematch if none is (``game`` None), or another game
        (only the first seat may choose one). Why not, or None once proposed or agreed to."""
        table = self.hosted.table
        match = table.match
        if match is None or not match.is_over or name not in table.names:
            return "only a player of the finished game may ask for the next one"
        if game is not None and game != match.spec.name and not self.first_seat(name):
            return f"{table.names[0]} (the first seat) chooses another game; r agrees to theirs or asks for a rematch"
        setup = self.next_setup(game, options)
        if self.proposal is None or (game is not None and setup != self.proposal):  # r agrees to any proposal
            if game is not None:
                try:
                    check_setup(find_game(setup.game), seats_for([f"P{n}" for n in range(setup.people)], setup),
                                setup.options, hosted=True)
                except (ValueError, WordcardsError) as exc:
                    return str(exc)
            self.proposal, self.agreed = setup, set()
            what = self.described(setup)
            what = what if what == "a rematch" else f"a game of {what}"
            asked = f"{name} asks for {what}"
            self.hosted.report(asked)
            self.hosted.company.tell_all(f"{asked}: r agrees", but=name, watching=asked)  # a spectator's r: nothing
        self.agreed.add(name)
        self.start_if_agreed()
        self.hosted.company.redraw_all()
        return None

    def sit_in(self, name: str) -> str | None:
        """A spectator takes a free seat for the next game; why not, or None."""
        table = self.hosted.table
        if table.match is None or not table.match.is_over:
            return "seats are taken between games"
        if name in table.names or name in self.sitting_in:
            return None
        if not self.free_seats():
            return "no seat is free: every player of the last game is still here"
        self.sitting_in.append(name)
        self.hosted.report(f"{name} takes a free seat for the next game")
        self.hosted.company.tell_all(f"{name} takes a free seat for the next game", but=name)
        self.start_if_agreed()
        self.hosted.company.redraw_all()
        return None

    def next_game_news(self, name: str) -> str:
        """The line the game-over screen shows ``name`` about the next game (a spectator's chair: no name)."""
        joining = f" with {', '.join(self.sitting_in)} in a free seat" if self.sitting_in else ""
        if name in self.sitting_in:
            return "You have a free seat in the next game: the players choose it"
        if self.proposal is None and name not in self.hosted.table.names:
            return "The players choose the next game" + (": s takes a free seat" if self.free_seats() else "")
        if self.proposal is None:
            return f"r: a rematch{joining}" + (" · g: another game" if self.first_seat(name) else "")
        here = self.hosted.company.players_here()
        waiting = ["you" if n == name else n for n in here if n not in self.agreed]
        said = f"Next: {self.described(self.proposal)}"
        if waiting:
            return f"{said}; waiting for {', '.join(waiting)} to press r"
        low = find_game(self.proposal.game).players[0] - len(self.proposal.computers)
        if len(here) + len(self.sitting_in) < low:
            return f"{said}; it needs {low} people: a spectator may press s to take a seat"
        return f"{said}; starting"

    def described(self, setup: Setup) -> str:
        """"a rematch", or the game and the options set as flags: "Gift Words (--variant cooperative)"."""
        match = self.hosted.table.match
        if match is not None and (setup.game, setup.options) == (match.spec.name, match.options):
            return "a rematch"
        flags = as_flags(setup.options)
        return find_game(setup.game).title + (f" ({flags})" if flags else "")

    def first_seat(self, name: str) -> bool:
        """``name`` has the first seat: they choose another game."""
        names = self.hosted.table.names
        return bool(names) and names[0] == name

    def start_if_agreed(self) -> None:
        here = self.hosted.company.players_here()
        if self.proposal is None or not here or not all(n in self.agreed for n in here):
            return
        names = here + self.sitting_in[:len(self.hosted.table.names) - len(here)]
        setup = self.proposal
        low, high = find_game(setup.game).players
        if not low <= len(names) + len(setup.computers) <= high:
            return  # too few left for that game: a spectator may take a seat (``sit_in``), or the others come back
        self.next_game(Setup(setup.game, len(names), setup.computers, setup.options, setup.seed, setup.dictionary,
                             setup.strict), names)

    def next_game(self, setup: Setup, names: list[str]) -> None:
        """The next game on this host: dealt at once for ``names``, or (nobody) a lobby for whoever comes."""
        table, company = self.hosted.table, self.hosted.company
        if not names:
            self.sitting_in = []  # a lobby for whoever comes: asking for a seat was for the game that was agreed
        # A spectator who took a free seat joins when their new screen opens (``Screen.take_seat``).
        company.joined = {name for name in names if any(p.name == name for p in company.places)}
        self.proposal, self.agreed = None, set()
        for name in names:
            if name in self.sitting_in:
                self.sitting_in.remove(name)
            while name in company.watching:
                company.watching.remove(name)
        table.deal(setup, names)
        for place in company.places:
            place.seat = table.names.index(place.name) if place.name in table.names else None
        if names:
            self.hosted.report(f"game {len(self.results) + 1}: {table.spec.title} for {', '.join(names)}")
        for place in company.screens():
            if place.watching and place.name in names:
                place.screen.take_seat()
            else:
                place.screen.new_game()
        table.changed()

    def record_result(self, match: Match) -> None:
        """``match`` just ended: its line for the evening's results."""
        self.recorded = match
        status = self.hosted.table.status().removeprefix("game over · ")
        line = f"game {len(self.results) + 1}, {match.spec.title}: {status}"
        if match.save_path:
            line += f" (saved to {match.save_path})"
        self.results.append(line)
        self.hosted.report(line)
        if self.hosted.record is not None:
            referee = self.hosted.table.referee
            gone = sorted(set(referee.stand_ins) | set(referee.absent)) if referee is not None else []
            self.hosted.record.end(match.spec.name, status, match.rules.totals(match.state), gone)
