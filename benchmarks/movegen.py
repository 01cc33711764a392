"""The crossword move generator, compiled against the Python search it replaced, on the same seeded positions.

    python benchmarks/movegen.py [scrabble-positions] [word-whiz-positions]

Positions come from seeded games between hard computer players:

- Scrabble: Scrabble Fluxx turns with 20-60 tiles on the 15x15 board and a
  rack of 7 tiles (blanks included), the kind of mid-game position the issue's
  peer (kamilmielnik/scrabble-solver) was timed on;
- Word Whiz: play positions with 40+ tiles on the open crossword, the whole
  hand searched, wild tiles included.

Both searches are whole: every placement of every subset of the rack, with no
node budget. Each position is checked to give the same plays both ways. The
word list and both searches' indexes are built before the clock starts.
"""

from __future__ import annotations

import statistics
import sys
import time

from wordcards.core import lexicon, movegen
from wordcards.core.match import Match
from wordcards.core.placing import letters_of
from wordcards.core.common import Seat
from wordcards.core.referee import Referee
from wordcards.games.scrabble_fluxx.deck import AREA, CENTRE

UNBOUNDED = 10**12


def rack_of(view, tiles) -> str:
    return "".join(view.cards[t].letters.lower() or "?" for t in tiles)


def scrabble_positions(count: int):
    seed = 0
    while True:
        match = Match.new("scrabble-fluxx", [Seat(f"c{i}", "hard") for i in range(3)], {}, seed=3000 + seed,
                          save=False)
        referee = Referee(match)
        while not match.is_over:
            state = match.state
            if state.phase == "place" and not state.owed and 20 <= len(state.board) <= 60:
                view = match.view(state.current)
                if len(view.hand) == 7:
                    yield letters_of(view.board), rack_of(view, view.hand), {"area": AREA, "centre": CENTRE}
                    count -= 1
                    if not count:
                        return
            referee.computer_step()
        seed += 1


def word_whiz_positions(count: int):
    seed = 0
    while True:
        match = Match.new("word-whiz", [Seat(f"c{i}", "hard") for i in range(4)], {"length": "one-round"},
                          seed=4000 + seed, save=False)
        referee = Referee(match)
        while not match.is_over:
            state = match.state
            if state.phase == "play" and len(state.grid) >= 40:
                view = match.view(state.current)
                yield letters_of(view.grid), rack_of(view, view.hand), {}
                count -= 1
                if not count:
                    return
            referee.computer_step()
        seed += 1


def timed(search, positions, words) -> tuple[list[float], list[set]]:
    times, found = [], []
    for letters, rack, where in positions:
        started = time.perf_counter()
        plays = search(letters, rack, words, **where)
        times.append(time.perf_counter() - started)
        found.append(set(plays))
    return times, found


def summary(times: list[float]) -> str:
    times = sorted(times)
    return (f"median {statistics.median(times) * 1000:7.2f} ms, p95 {times[int(len(times) * 0.95)] * 1000:7.1f} ms, "
            f"max {times[-1] * 1000:7.1f} ms")


def compare(name: str, positions: list, words) -> None:
    compiled, compiled_plays = timed(movegen.generate, positions, words)
    python, python_plays = timed(lambda *a, **k: movegen.python_search(*a, max_nodes=UNBOUNDED, **k), positions, words)
    same = sum(a == b for a, b in zip(compiled_plays, python_plays))
    plays = [len(p) for p in compiled_plays]
    print(f"{name}: {len(positions)} positions, {statistics.mean(len(p[0]) for p in positions):.0f} tiles on the grid "
          f"and {statistics.mean(plays):.0f} placements on average (most {max(plays)}); "
          f"the same placements both ways in {same} of {len(positions)}")
    print(f"  compiled: {summary(compiled)}")
    print(f"  Python:   {summary(python)}")
    print(f"  Python / compiled: median {statistics.median(python) / statistics.median(compiled):.0f}x, "
          f"p95 {sorted(python)[int(len(python) * 0.95)] / sorted(compiled)[int(len(compiled) * 0.95)]:.0f}x")


if __name__ == "__main__":
    if movegen.Trie is None:
        sys.exit("the compiled move generator is not built: pip install . first")
    scrabble = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    whiz = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    words = lexicon.load("default")
    movegen.compiled(words), words.prefixes
    compare("Scrabble mid-game", list(scrabble_positions(scrabble)), words)
    compare("Word Whiz open grids", list(word_whiz_positions(whiz)), words)
