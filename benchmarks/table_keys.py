"""How long the table's page keys take to open their page: F1 (keys and rules), F2 (score sheet), F3 (log).

    python benchmarks/table_keys.py [presses] [GAME ...]

Each game's table (Ann against a hard computer player, in an 80×24 test terminal) opens and closes each page
``presses`` times (default 7); the time is from the key to the page drawn on screen. The first press of a key
pays for what it imports, so it shows apart from the median and the slowest of the rest.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.scenes import SIZE, settle  # noqa: E402
from wordcards.core.common import Seat  # noqa: E402
from wordcards.core.registry import names  # noqa: E402
from wordcards.tui.app import make_app  # noqa: E402
from wordcards.tui.scores import SheetScreen  # noqa: E402
from wordcards.tui.screens import HelpScreen, LogScreen  # noqa: E402

PAGES = {"f1": HelpScreen, "f2": SheetScreen, "f3": LogScreen}


async def time_keys(game: str, presses: int) -> None:
    app = make_app(game, seats=[Seat("Ann"), Seat("Hal", "hard")], seed=7, save=False, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key, page in PAGES.items():
            times = []
            for _ in range(presses):
                started = time.perf_counter()
                await pilot.press(key)
                while not isinstance(app.screen, page):
                    await asyncio.sleep(0.001)
                await pilot.pause()  # drawn
                times.append(time.perf_counter() - started)
                await pilot.press("escape")
                await settle(pilot)
            first, rest = times[0], times[1:] or times
            print(f"{game:15} {key}  first {first * 1000:5.0f} ms   median {statistics.median(rest) * 1000:5.0f} ms"
                  f"   slowest {max(rest) * 1000:5.0f} ms")


def main() -> None:
    presses = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 7
    games = [a for a in sys.argv[1:] if not a.isdigit()] or names()
    for game in games:
        asyncio.run(time_keys(game, presses))


if __name__ == "__main__":
    main()
