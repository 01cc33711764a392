"""Helpers for the Pilot tests: a clock the test moves by hand, and waiting on a condition instead of a sleep."""

from __future__ import annotations

import asyncio
import time


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
