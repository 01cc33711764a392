"""The hard Word Whiz player's move search on crowded crosswords: median, 95th percentile and max.

    python benchmarks/word_whiz_search.py [games]

Positions come from seeded four-player games between hard computer players:
every position in the play phase with at least 60 tiles on the crossword (a
full round places 60-90). At each, the hard player's whole decision is timed:
the move generator (without wild tiles, then with them late in the round) and
weighing the placements. The word list, its anagram index and its prefix set
are built before the clock starts.
"""

from __future__ import annotations

import statistics
import sys
import time

from wordcards.core import lexicon
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat

CROWDED = 60


def positions(games: int):
    for seed in range(games):
        match = Match.new("word-whiz", [Seat(f"c{i}", "hard") for i in range(4)], {"length": "one-round"},
                          seed=1000 + seed, save=False)
        referee = Referee(match)
        while not match.is_over:
            state = match.state
            if state.phase == "play" and len(state.grid) >= CROWDED:
                yield match, state.current
            referee.computer_step()


def main(games: int = 20) -> None:
    words = lexicon.load("default")
    words.index, words.crossword
    times, sizes, plays = [], [], []
    for match, seat in positions(games):
        bot, view = match.bot(seat), match.view(seat)
        started = time.perf_counter()
        bot.choose(view)
        times.append(time.perf_counter() - started)
        sizes.append(len(view.grid))
        plays.append(len(bot.plays(view)))
    times.sort()
    print(f"{len(times)} positions with {CROWDED}+ tiles (mean {statistics.mean(sizes):.0f}, max {max(sizes)}), "
          f"{statistics.mean(plays):.0f} placements found on average")
    print(f"hard move: median {statistics.median(times) * 1000:.1f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
