"""Computer move time (median, 95th percentile) and whole computer-only games per second.

    python benchmarks/computer_players.py [GAME] [games per player count] [option=value ...]
    python benchmarks/computer_players.py quiddler 20 long_game=yes

The word list and its anagram index are loaded before the clock starts; the
first move of a process would otherwise include building the index (~0.5 s).
"""

from __future__ import annotations

import statistics
import sys
import time

from wordcards.core import lexicon, sim
from wordcards.core.computer import LEVELS
from wordcards.core.registry import find_game


LEVELS_TIMED = ("hard", "expert", "easy")


def main(game: str = "fez", games: int = 20, options: dict | None = None) -> None:
    spec = find_game(game)
    for size in sorted({LEVELS[level].vocabulary for level in LEVELS_TIMED}):
        words = lexicon.vocabulary("default", size)
        words.index, words.crossword  # the anagram index and the crossword trie, built once per process
    print(f"{spec.title} {options or ''}")
    print(f"{'players':>7} {'level':>9} {'games':>5} {'moves/game':>10} {'median ms':>9} {'p95 ms':>7} {'max ms':>7}"
          f" {'games/s':>7}")
    low, high = spec.players
    for level in LEVELS_TIMED:
        for players in range(low, high + 1):
            started = time.perf_counter()
            results = [sim.play_one(game, players, seed, [level], options) for seed in range(games)]
            seconds = time.perf_counter() - started
            times = sorted(t for r in results for t in r.move_seconds)
            p95 = times[int(len(times) * 0.95)]
            print(f"{players:>7} {level:>9} {games:>5} {statistics.mean(r.moves for r in results):>10.1f} "
                  f"{statistics.median(times) * 1000:>9.2f} {p95 * 1000:>7.2f} {times[-1] * 1000:>7.1f} "
                  f"{games / seconds:>7.2f}")


def parse_options(args: list[str], game: str) -> dict:
    by_name = {o.name: o for o in find_game(game).options}
    out = {}
    for arg in args:
        name, _, value = arg.partition("=")
        out[name] = by_name[name].convert(value)
    return out


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "fez"
    main(game, int(sys.argv[2]) if len(sys.argv) > 2 else 20, parse_options(sys.argv[3:], game))
