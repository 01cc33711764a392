"""The computer levels' ladder: how often each level beats the one below it, in every game.

    python benchmarks/ladder.py [games-per-seating] [GAME ...] [LOW<HIGH ...]

A LOW<HIGH argument (e.g. 'hard<expert') runs only that pair.

Each pair of neighbouring levels plays two-player games on the same seeds twice, seats swapped, so neither gains
from moving first: 100 games a seating make 200 a pair. The higher level wins a game with the higher total (a tie
counts half). The table gives its win rate, with a 95% interval, and both levels' mean scores. The goal
(issue 17): every rate between 60% and 95%.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordcards.core.computer import LEVELS  # noqa: E402
from wordcards.core.registry import names  # noqa: E402
from wordcards.core.sim import play_one  # noqa: E402

SEED = 1000


def one_game(job: tuple[str, int, list[str], int]) -> tuple[float, int, int]:
    """The higher level's result (1 win, 0.5 tie, 0 loss) and the lower's and the higher's scores."""
    game, seed, levels, higher = job
    scores = play_one(game, 2, seed, levels).scores
    high_score, low_score = scores[higher], scores[1 - higher]
    return (1.0 if high_score > low_score else 0.5 if high_score == low_score else 0.0), low_score, high_score


def interval(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval for a win rate."""
    if n == 0:
        return 0.0, 0.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(per_seating: int = 100, games: list[str] | None = None, only: list[tuple[str, str]] | None = None) -> int:
    order = list(LEVELS)
    pairs = only or list(zip(order, order[1:]))
    print(f"{'game':15} {'pair':18} {'games':>5} {'higher wins':>11} {'95% interval':>13} {'mean scores':>15} {'s':>6}")
    outside = 0
    with ProcessPoolExecutor(max_workers=2) as pool:
        for game in games or names():
            for low, high in pairs:
                started = time.perf_counter()
                jobs = [(game, SEED + n, levels, levels.index(high)) for n in range(per_seating)
                        for levels in ([low, high], [high, low])]
                results = list(pool.map(one_game, jobs, chunksize=4))
                wins = sum(r[0] for r in results)
                rate = wins / len(results)
                lo, hi = interval(wins, len(results))
                outside += not 0.60 <= rate <= 0.95
                means = f"{statistics.mean(r[1] for r in results):.0f} / {statistics.mean(r[2] for r in results):.0f}"
                print(f"{game:15} {low + ' < ' + high:18} {len(results):5} {rate:10.0%} "
                      f"{f'{lo:.0%}–{hi:.0%}':>13} {means:>15} {time.perf_counter() - started:6.0f}", flush=True)
    print(f"{outside} pair(s) outside 60–95%")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    count = int(args.pop(0)) if args and args[0].isdigit() else 100
    pairs = [tuple(a.split("<")) for a in args if "<" in a]
    sys.exit(main(count, [a for a in args if "<" not in a] or None, pairs or None))  # type: ignore[arg-type]
