"""The turn loop: everything that happens between people's moves, for every front end.

A ``Referee`` says what the table waits for; the loop does what needs nobody at a keyboard. Computer players decide
in a worker thread, one at a time, and their decisions are applied back on the event loop. Turn clocks and races tick
four times a second. A challenge window or a round's summary that waits on people goes on by itself once ``Pace.wait``
seconds pass, if the front end gives a time.

The hot-seat app and the SSH host both drive their game through one ``TurnLoop`` on their asyncio event loop. A front
end is a ``Table``: the loop tells it when the game moved on, and it calls ``moved`` after a person's move.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Literal, Protocol

from wordcards.core.errors import RefusedMove, WordcardsError
from wordcards.core.moves import EndTurn, NextRound
from wordcards.core.common import Event
from wordcards.core.referee import Next, Referee, Task

TICK = 0.25
"""Seconds between looks at the turn clock, a race and the waits."""


@dataclass(frozen=True)
class Pace:
    """How the loop paces a table for people."""

    computer_delay: float = 0.6
    """Seconds a computer player's play waits before it is made, so that people can follow it. Ending a turn whose
    play they have just seen needs none: keys typed meanwhile for their own turn would be lost."""
    wait: float | None = None
    """Seconds a challenge window or a round's summary waits on people before play goes on without them; None: as
    long as they take (at one keyboard, the people are there)."""
    clocks: Literal["when seen", "at once"] = "when seen"
    """When a person's turn clock starts. At a shared screen, once the device is passed to them (``turn_seen``);
    hosted, as soon as their turn comes (their own screen shows it)."""


class Table(Protocol):
    """A front end, as the loop sees it."""

    def game_moved(self, events: list[Event]) -> None:
        """The game moved on (a move by anyone, a clock, a wait that ran out, a computer player that failed)."""

    def clock_ran_out(self, seat: int) -> None:
        """``seat``'s turn clock ran out; the referee has played the game's move for them."""

    def ticked(self) -> None:
        """Time passed (four times a second): anything the front end checks on time (people away too long)."""


class TurnLoop:
    """Runs one referee's table on the running asyncio loop; every method is called on that loop."""

    def __init__(self, referee: Referee, table: Table, pace: Pace = Pace()) -> None:
        self.referee = referee
        self.table = table
        self.pace = pace
        self.failed: str | None = None
        """Why the last computer player failed to decide (a bug, in a crash file); the loop stops until ``retry``."""
        self._computers: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._waiting: tuple[tuple[str, int], float] | None = None
        """What the table waits on people for (a window, a summary), and since when."""

    # ------------------------------------------------------------ what front ends call

    def moved(self, events: list[Event]) -> None:
        """A person's move (or a challenge) went through at a front end: the table redraws, and play goes on."""
        self._clock_at_once()
        self.table.game_moved(events)
        self.go_on()

    def go_on(self) -> None:
        """Start what needs no person: the computer players, if the table waits on them, and the ticker."""
        loop = asyncio.get_running_loop()
        if self._ticker is None and not self.referee.match.is_over:
            self._ticker = loop.create_task(self._tick_while_playing())
        if self.failed is None and self.idle() and self.referee.task() is not None:
            self._computers = loop.create_task(self._run_computers())

    def turn_seen(self) -> None:
        """The person whose turn it is sees it now (the device was passed to them): their turn clock starts."""
        self.referee.start_clock()

    def retry(self) -> None:
        """After a computer player failed: let them try again."""
        self.failed = None
        self.go_on()

    def idle(self) -> bool:
        """No computer player is deciding now."""
        return self._computers is None or self._computers.done()

    def stop(self) -> None:
        for task in (self._computers, self._ticker):
            if task is not None:
                task.cancel()
        self._computers = self._ticker = None

    # ------------------------------------------------------------ computer players

    async def _run_computers(self, racer: int | None = None) -> None:
        """Computer players decide, one at a time, until the table waits for a person."""
        referee = self.referee
        while True:
            task: Task | None = referee.racer_task(racer) if racer is not None else referee.task()
            racer = None
            if task is None:
                return
            try:
                decision = await asyncio.to_thread(referee.think, task)
                if task.kind == "move" and not isinstance(decision, (EndTurn, NextRound)):
                    await self.pause(self.pace.computer_delay)
                events = referee.conclude(task, decision)
            except (RefusedMove, WordcardsError) as exc:
                self.failed = str(exc)
                self.table.game_moved([])
                return
            if events is not None:  # None: the game moved on while it thought (a race), and it thinks again
                self._clock_at_once()
                self.table.game_moved(events)

    async def pause(self, seconds: float) -> None:
        """Wait while a computer player's play is on show."""
        await asyncio.sleep(seconds)

    def _clock_at_once(self) -> None:
        if self.pace.clocks == "at once" and self.referee.next().stage == "person":
            self.referee.start_clock()

    # ------------------------------------------------------------ time

    async def _tick_while_playing(self) -> None:
        while not self.referee.match.is_over:
            await asyncio.sleep(TICK)
            self.tick()
        self._ticker = None

    def tick(self) -> None:
        """The turn clock, a race and the waits on people move on."""
        timed = self.referee.current
        events, ready = self.referee.tick()
        if events:
            self.table.clock_ran_out(timed)
            self.moved(events)
        self._end_an_overdue_wait()
        self.table.ticked()
        if ready and self.idle() and self.failed is None:  # one racer at a time: people see each placement
            self._computers = asyncio.get_running_loop().create_task(self._run_computers(ready[0]))

    def _end_an_overdue_wait(self) -> None:
        if self.pace.wait is None:
            return
        step = self.referee.next()
        waiting_on = self._waiting_on(step)
        now = self.referee.now()
        if waiting_on is None or self._waiting is None or self._waiting[0] != waiting_on:
            self._waiting = None if waiting_on is None else (waiting_on, now)
            return
        if now - self._waiting[1] < self.pace.wait:
            return
        self._waiting = None
        if step.stage == "summary":
            self.moved(self.referee.play(NextRound()))
        else:
            self.moved([event for seat in step.challengers for event in self.referee.let_pass(seat)])

    def wait_left(self) -> float | None:
        """Seconds before the window or summary on show goes on without the people it waits for; None if it waits
        for them however long they take (or nothing waits)."""
        if self.pace.wait is None or self._waiting is None or self._waiting[0] != self._waiting_on(self.referee.next()):
            return None
        return max(0.0, self.pace.wait - (self.referee.now() - self._waiting[1]))

    def _waiting_on(self, step: Next) -> tuple[str, int] | None:
        """What the table waits on people for now, if it is a window or a summary: (what, which one)."""
        if step.stage == "summary":
            return "summary", self.referee.state.round
        if step.challengers and (step.stage == "window" or self.referee.state.phase == "challenge"):
            return "window", self.referee.window
        return None
