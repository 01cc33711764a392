"""Word list load times: the default, SCOWL and common lists, and the anagram index the computer players use.

    python benchmarks/lexicon_load.py
"""

from __future__ import annotations

import statistics
import time

from wordcards.core import lexicon


def timed(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        lexicon.load.cache_clear()
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    for name in ("default", "scowl", "common"):
        size = len(lexicon.load(name))
        load = timed(lambda: lexicon.load(name))
        index = timed(lambda: lexicon.load(name).index, runs=3) - load
        print(f"{name:8} {size:7} words   load {load * 1000:6.0f} ms   anagram index {index * 1000:6.0f} ms")
    words = lexicon.load("default")
    started = time.perf_counter()
    for _ in range(1000):
        "placing" in words
    print(f"lookup   {(time.perf_counter() - started) / 1000 * 1e9:.0f} ns")


if __name__ == "__main__":
    main()
