"""How long a computer player's compiled search stalls the thread that runs the host's event loop.

    python benchmarks/search_stall.py [positions]

The host runs each computer player's search in a worker thread (``core.turns``). A search that held the GIL for its
whole call stopped every screen meanwhile. On Word Whiz positions with 40+ tiles on the grid and the whole hand
searched (the biggest searches the games make), this runs the compiled search in a thread while the main thread
ticks every millisecond, as an event loop would; it reports the search's time and the main thread's longest gap
between ticks. The gap that is left is the part that makes Python objects of the plays found, which needs the GIL.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from movegen import word_whiz_positions  # type: ignore[import-not-found]

from wordcards.core import lexicon, movegen


def stall(letters, rack, words, where) -> tuple[float, float]:
    """The search's seconds, and the longest gap between the main thread's ticks while it ran."""
    done = threading.Event()
    took = [0.0]

    def search() -> None:
        started = time.perf_counter()
        movegen.generate(letters, rack, words, **where)
        took[0] = time.perf_counter() - started
        done.set()

    worker = threading.Thread(target=search)
    last, gap = time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        time.sleep(0.001)
        now = time.perf_counter()
        gap, last = max(gap, now - last), now
    worker.join()
    return took[0], gap


def main(count: int) -> None:
    words = lexicon.load("default")
    positions = list(word_whiz_positions(count))
    movegen.generate(*positions[0][:2], words, **positions[0][2])  # the index is built before the clock starts
    results = [stall(letters, rack, words, where) for letters, rack, where in positions]
    searches, gaps = [1000 * r[0] for r in results], [1000 * r[1] for r in results]
    print(f"Word Whiz, {len(positions)} positions, compiled search in a thread:")
    print(f"  search        median {statistics.median(searches):6.1f} ms   max {max(searches):6.1f} ms")
    print(f"  longest stall median {statistics.median(gaps):6.1f} ms   max {max(gaps):6.1f} ms of the main thread")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
