"""Helpers for the Pilot tests: a seat's view, a clock the test moves by hand, waiting on a condition, not a sleep."""

from __future__ import annotations

import asyncio
import time

from wordcards.core.common import sheet_totals


def seen(app, seat: int = 0):
    """What ``seat`` may see now (the public table is the same from every seat).

    Pilot tests read the game as players do, through the match's public API
    (``view``, ``history``, ``to_move``), never its state.
    """
    return app.match.view(seat)


def totals(app) -> list[int]:
    """Each seat's total, added up from the score sheet every seat sees."""
    return sheet_totals(list(seen(app).sheet), len(app.match.seats))


class FakeClock:
    """Monotonic seconds that move only when the test says (``clock.now += 30``), however loaded the machine is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def wait_for(pilot, condition, limit: float = 30.0) -> None:
    """Let the app run until ``condition()`` holds (or ``limit`` real seconds pass; the test's assert then fails)."""
    deadline = time.monotonic() + limit
    while not condition() and time.monotonic() < deadline:
        await pilot.pause()
        await asyncio.sleep(0.02)

