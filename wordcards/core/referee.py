"""The referee: who may act now, challenge windows, turn clocks, computer players and when to cover the screen.

Every front end drives a game through one ``Referee``: the hot-seat app, ``sim``,
the tests and the coming host mode. It never draws anything. A front end asks
``next()`` what the table waits for, sends people's moves with ``play``, and
runs computer players in three steps, so that their thinking can happen in a
worker thread while every change to the match happens on the referee's thread:

    task = referee.task()                 # what a computer must decide (None: nothing)
    decision = referee.think(task)        # reads only the task's view; any thread
    events = referee.conclude(task, decision)    # back on the referee's thread

``computer_step()`` does the three at once (``sim`` and the tests).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from wordcards.core.computer import LEVELS
from wordcards.core.errors import ComputerFailed, NotYourTurn, RefusedMove
from wordcards.core.game import Game
from wordcards.core.match import ClockKey, Match
from wordcards.core.moves import Challenge
from wordcards.core.common import Event

Stage = Literal["person", "computer", "window", "summary", "over"]


@dataclass(frozen=True)
class Next:
    """What the table waits for.

    - ``person``: a move from one of ``seats`` (the mover; in a race every racer).
    - ``computer``: ``task()`` has work for computer seats.
    - ``window``: a computer player's words are open to challenge by the people in
      ``seats``; ``release()`` (nobody challenges) lets the game go on.
    - ``summary``: a round is over; ``next`` deals the next one.
    - ``over``: the game is over.

    At ``summary`` and ``over``, ``challengers`` are the people who may still challenge the round's words (Quiddler).
    """

    stage: Stage
    seats: tuple[int, ...] = ()
    challengers: tuple[int, ...] = ()
    """The people who may challenge now (for ``person``: others than the mover, or anyone in Word Whiz)."""


@dataclass(frozen=True)
class Task:
    """Work for one computer seat, made from its view on the referee's thread: its challenges, or its move."""

    kind: Literal["challenges", "move"]
    seat: int
    view: Any
    moves_made: int
    """The history's length when the task was made: a task concluded after the game moved on is stale."""


@dataclass
class Clock:
    key: ClockKey
    deadline: float


@dataclass
class Referee:
    match: Match
    now: Callable[[], float] = time.monotonic
    """Seconds that only go forward: turn clocks and races run on it (a test gives its own)."""
    window: int = 0
    """The current challenge window: the history's length after the last play (a challenge is not one); its
    words are ``targets()``."""
    asked: tuple[int | None, frozenset[int]] = (None, frozenset())
    """The window whose words computer seats have looked at, and which of them have (one at a time)."""
    released: int | None = None
    """The window the people let pass without (more) challenges."""
    passed: tuple[int | None, frozenset[int]] = (None, frozenset())
    """The window, and the people who have each let it pass (host mode: each at their own screen)."""
    absent: frozenset[int] = frozenset()
    """People who are not at their screen (host mode: disconnected): nobody waits for their challenges."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """People's seats a computer player plays for now, and its level (host mode: away too long)."""
    clock: Clock | None = None
    due: dict[int, float] = field(default_factory=dict)
    """A race: when each computer seat places next."""
    saved_at: int | None = None
    """The turn clock's whole seconds left when it was last saved."""
    fallbacks: list[str] = field(default_factory=list)
    """Computer players that failed while thinking, and who decided instead: ``conclude`` logs them."""
    ending: str | None = None
    """The game's own line once it is over (``Game.game_over``: Gift Words' next cooperative goal); None before."""
    _next: tuple[Any, tuple, Next] | None = field(default=None, repr=False)
    _views: tuple[Any, dict[int | None, Any]] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.window = len(self.state.history)  # a game saved with its words open to challenge opens a window
        self.race_rng = random.Random(self.match.seed)

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def current(self) -> int:
        """The seat whose turn it is (public: every view says so)."""
        return self.state.current

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (None: only the public table), built once per state: a screen asks for it for
        every binding on every redraw."""
        if self._views is None or self._views[0] is not self.state:
            self._views = (self.state, {})
        views = self._views[1]
        if seat not in views:
            views[seat] = self.match.view(seat) if seat is not None else self.match.public_view()
        return views[seat]

    @property
    def game(self) -> Game:
        return self.match.spec

    def human(self, seat: int) -> bool:
        """A person decides for this seat now (not a computer player, nor one standing in for them)."""
        return self.match.seats[seat].is_human and seat not in self.stand_ins

    @property
    def people(self) -> list[int]:
        return [seat for seat in range(len(self.match.seats)) if self.human(seat)]

    def challengers(self) -> tuple[int, ...]:
        """The people who may challenge the open window's words now: not away, not passed on them, and (once a
        round is over) with a word of someone else's to challenge."""
        targets = self.targets()
        if not targets:
            return ()
        passed = self.passed_now()
        if self.scored():
            names = [seat.name for seat in self.match.seats]
            return tuple(s for s in self.people if s not in self.absent and any(t.owner != names[s] for t in targets))
        return tuple(s for s in self.people if self.may_challenge(s) and s not in self.absent and s not in passed)

    def scored(self) -> bool:
        """The round (or the game) is over and scored: a late challenge (Quiddler's) is the people's alone, made at
        the summary; computer players decided when the words were laid."""
        return self.state.phase == "round-over" or self.game.rules.is_over(self.state)

    def passed_now(self) -> frozenset[int]:
        """The people who have let the open window pass."""
        window, passed = self.passed
        return passed if window == self.window else frozenset()

    def targets(self) -> list:
        """The words that may be challenged now (none in strict mode: the list already ruled)."""
        return [] if self.match.strict else self.game.rules.challenge_targets(self.state)

    def may_challenge(self, seat: int) -> bool:
        """Others may challenge a player's words; in Word Whiz's round end anyone may (the words are everyone's), and
        once a round is scored, anyone may challenge another's words (the rules refuse one's own)."""
        return self.game.challenge_own_words(self.state) or self.scored() or seat != self.match.to_move

    def racing(self) -> tuple[int, ...]:
        return self.game.race.racing(self.state) if self.game.race else ()

    def next(self) -> Next:
        """What the table waits for now (kept until the state or the window changes: screens ask on every redraw)."""
        key = (self.window, self.asked, self.released, self.passed, self.absent, tuple(self.stand_ins))
        if self._next is None or self._next[0] is not self.state or self._next[1] != key:
            self._next = (self.state, key, self._work_out_next())
        return self._next[2]

    def _work_out_next(self) -> Next:
        state, rules = self.state, self.game.rules
        if rules.is_over(state):
            if self.ending is None:
                self.ending = self.game.game_over(state, self.match.options) if self.game.game_over else ""
            return Next("over", (), self.challengers())
        mover = self.match.to_move
        if state.phase == "round-over" or mover is None:  # people read the summary first; computers alone deal on
            if mover is not None and not self.people:
                return Next("computer", (mover,))
            return Next("summary", (), self.challengers())
        if self._computers_to_ask():
            return Next("computer")
        challengers = self.challengers()
        racers = self.racing()
        if racers:
            return Next("person", tuple(s for s in racers if self.human(s)))
        if self.human(mover):
            return Next("person", (mover,), challengers)
        if challengers and self.released != self.window:
            return Next("window", challengers, challengers)
        return Next("computer", (mover,))

    def may_act(self, seat: int) -> bool:
        step = self.next()
        return step.stage == "person" and seat in step.seats

    def hand_to(self, viewer: int | None) -> int | None:
        """Pass-the-device policy: the person the screen must be handed to (covered till then), or None.

        Only when several people share the screen, and the one the game waits for is not the one looking.
        """
        step = self.next()
        if step.stage != "person" or len(self.people) < 2 or viewer in step.seats or not step.seats:
            return None
        return step.seats[0]

    # ------------------------------------------------------------ people's moves

    def play(self, move: Any) -> list[Event]:
        """A person's move (or the referee's own): checked, applied, saved; a RefusedMove says why not."""
        if isinstance(move, str):
            move = self.game.rules.parse_move(move)
        events = self.match.play(move)
        if not isinstance(move, Challenge):
            self.window = len(self.state.history)
        return events + self._settle()

    def refusal(self, move: Any) -> str | None:
        """Why the rules would refuse ``move`` now, or None; nothing changes (a pick dialog checks a choice)."""
        try:
            self.game.rules.apply(self.state, move)
        except RefusedMove as exc:
            return str(exc)
        return None

    def challenge(self, challenger: int, target: int) -> tuple[bool, list[Event]]:
        """Challenge a word: the loaded list gives the verdict (True: the word is valid), the rules the consequence."""
        if not self.may_challenge(challenger):
            raise NotYourTurn(f"{self.match.seats[challenger].name} cannot challenge their own words")
        valid, events = self.match.challenge(challenger, target)
        return valid, events + self._settle()

    def release(self) -> list[Event]:
        """The people have no (more) challenges to the open window's words (all of them: they share a screen)."""
        self.released = self.window
        return self._settle()

    def let_pass(self, seat: int) -> list[Event]:
        """One person has no (more) challenges to the open window's words: once all have said so, play goes on."""
        self.passed = (self.window, self.passed_now() | {seat})
        return self._settle()

    def set_absent(self, seat: int, away: bool) -> list[Event]:
        """A person left their screen or came back; a window that waited only for them closes."""
        self.absent = self.absent | {seat} if away else self.absent - {seat}
        return self._settle()

    def stand_in(self, seat: int, level: str | None) -> None:
        """A computer player of ``level`` plays a person's seat from now on (None: the person plays it again)."""
        if level is None:
            self.stand_ins.pop(seat, None)
        else:
            self.stand_ins[seat] = level

    def _settle(self) -> list[Event]:
        """Moves nobody needs to decide: a person's challenge phase with nobody left to challenge ends at once."""
        events: list[Event] = []
        while True:
            step = self.next()
            if step.stage == "person" and self.state.phase == "challenge" and not step.challengers:
                events += self.play("end")
            else:
                return events

    # ------------------------------------------------------------ computer players

    def _computers_to_ask(self) -> list[int]:
        """Computer seats that have yet to look at the open window's words."""
        if self.scored() or not self.targets():
            return []
        window, seen = self.asked
        return [s for s in range(len(self.match.seats))
                if not self.human(s) and self.may_challenge(s) and (window != self.window or s not in seen)]

    def task(self) -> Task | None:
        """What a computer seat must decide now (racers are asked by ``racer_task``)."""
        asked = self._computers_to_ask()
        if asked:  # one seat at a time: each sees what the challenges before its own did
            return self._task("challenges", asked[0])
        step = self.next()
        if step.stage == "computer" and step.seats:
            return self._task("move", step.seats[0])
        return None

    def _task(self, kind: Literal["challenges", "move"], seat: int) -> Task:
        return Task(kind, seat, self.match.view(seat), len(self.state.history))

    def think(self, task: Task) -> Any:
        """The seat's decision: its list of challenges, or its move. Reads only the task's view; safe in a worker.

        A computer player that fails (a bug) must not stall the table: the details go to a crash file, and the next
        weaker level decides this once, down to *beginner* (``conclude`` logs who did)."""
        instead: str | None = None
        while True:
            bot = self.match.bot(task.seat, self.stand_ins.get(task.seat), instead)
            try:
                return bot.challenges(task.view) if task.kind == "challenges" else bot.choose(task.view)
            except Exception as exc:  # noqa: BLE001 - any failure of a computer player's own code
                from wordcards.crash import noted

                failed = f"{self.match.seats[task.seat].name}'s {bot.level} player {noted(exc)}."
                weaker = list(LEVELS)[:list(LEVELS).index(bot.level)]  # LEVELS runs from the weakest
                if not weaker:
                    raise ComputerFailed(failed) from exc
                instead = weaker[-1]
                did = "made this move" if task.kind == "move" else "looked for challenges"
                self.fallbacks.append(f"{failed} A {instead} player {did} instead.")

    def conclude(self, task: Task, decision: Any) -> list[Event] | None:
        """Apply what the seat decided; None if the game moved on meanwhile (think again)."""
        notes = [Event(note) for note in self.fallbacks]
        self.fallbacks.clear()
        self.match.log.extend(notes)
        events = self._conclude(task, decision)
        return events if events is None else notes + events

    def _conclude(self, task: Task, decision: Any) -> list[Event] | None:
        if task.moves_made != len(self.state.history):
            if task.kind == "move" and task.seat in self.racing():
                self.due[task.seat] = self.now()
            return None
        if task.kind == "move":
            return self.play(decision)
        window, seen = self.asked
        self.asked = (self.window, (seen if window == self.window else frozenset()) | {task.seat})
        events: list[Event] = []
        for move in decision:
            if not self.targets():
                break
            # The bot decides whether to challenge; the loaded list, not the bot, gives the verdict.
            events += self.match.challenge(task.seat, move.word)[1]
        return events + self._settle()

    def computer_step(self) -> list[Event]:
        """On this thread: computer seats challenge the open window's words, then a computer seat to move moves."""
        events: list[Event] = []
        task = self.task()
        while task is not None and task.kind == "challenges":
            events += self.conclude(task, self.think(task)) or []
            task = self.task()
        if task is not None and task.kind == "move":
            events += self.conclude(task, self.think(task)) or []
        return events

    # ------------------------------------------------------------ time: turn clocks and races

    def start_clock(self) -> None:
        """A person now sees their turn: start its clock, if the game has one (once a turn)."""
        clock, state = self.game.turn_clock, self.state
        if clock is None or self.next().stage != "person" or state.phase not in clock.phases:
            return
        seconds = clock.seconds(state)
        key = self._turn()
        if not seconds or (self.clock is not None and self.clock.key == key):
            return
        saved = self.match.clock
        left = saved[1] if saved is not None and saved[0] == key else seconds
        self.clock = Clock(key, self.now() + min(left, seconds))

    def _turn(self) -> ClockKey:
        return self.state.round, self.state.turn_start, self.state.current

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock, or None when no clock runs."""
        clock, turn_clock = self.clock, self.game.turn_clock
        if clock is None or turn_clock is None or self.state.phase not in turn_clock.phases or clock.key != self._turn():
            return None
        return max(0.0, clock.deadline - self.now())

    def tick(self) -> tuple[list[Event], list[int]]:
        """Time passes: the events of a turn clock that ran out, and the racers whose turn to place has come.

        A race never waits for one person's dialog (help, a hint, the score sheet): the others race on, as at a
        table, and nobody can stop the clock by opening one.
        """
        now = self.now()
        left, turn_clock = self.clock_left(), self.game.turn_clock
        if turn_clock is not None and left is not None and left <= 0:
            self.clock = None
            return self.play(turn_clock.expired(self.state)), []
        if left is not None and int(left) % 5 == 0 and int(left) != self.saved_at:
            self.saved_at = int(left)
            self.save()  # every five seconds: a terminal that is lost costs the clock little
        racers = [s for s in self.racing() if not self.human(s)]
        for seat in list(self.due):
            if seat not in racers:
                del self.due[seat]
        race = self.game.race
        for seat in racers:
            if seat not in self.due and race is not None:  # racers there are only in a race
                level = self.match.seats[seat].computer or "hard"
                self.due[seat] = now + race.seconds(self.state, level) * self.race_rng.uniform(0.7, 1.3)
        ready = [seat for seat in racers if now >= self.due[seat]]
        return [], ready

    def racer_task(self, seat: int) -> Task:
        """A racer's move, due now: its clock starts again once the move is made."""
        del self.due[seat]
        return self._task("move", seat)

    # ------------------------------------------------------------ saving

    def save(self) -> None:
        """Save the turn clock's time left, if one runs, so that a resumed game goes on from it (on quitting, say)."""
        left = self.clock_left()
        if left is not None and self.clock is not None:
            self.match.clock = (self.clock.key, round(left, 1))
            self.match.save()
