"""Computer move time (median, 95th percentile) and whole computer-only games per second, for FEZ.

    python benchmarks/computer_players.py [games per player count]

The word list and its anagram index are loaded before the clock starts; the
first move of a process would otherwise include building the index (~0.5 s).
"""

from __future__ import annotations

import statistics
import sys
import time

from wordcards.core import lexicon, sim


def main(games: int = 20) -> None:
    lexicon.load("default").index
    lexicon.common_part("default").index
    print(f"{'players':>7} {'level':>9} {'games':>5} {'moves/game':>10} {'median ms':>9} {'p95 ms':>7} {'max ms':>7}"
          f" {'games/s':>7}")
    for level in ("hard", "easy"):
        for players in range(2, 7):
            started = time.perf_counter()
            results = [sim.play_one("fez", players, seed, [level]) for seed in range(games)]
            seconds = time.perf_counter() - started
            times = sorted(t for r in results for t in r.move_seconds)
            p95 = times[int(len(times) * 0.95)]
            print(f"{players:>7} {level:>9} {games:>5} {statistics.mean(r.moves for r in results):>10.1f} "
                  f"{statistics.median(times) * 1000:>9.2f} {p95 * 1000:>7.2f} {times[-1] * 1000:>7.1f} "
                  f"{games / seconds:>7.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
