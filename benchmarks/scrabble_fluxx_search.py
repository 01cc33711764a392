"""The hard Scrabble Fluxx player's move generation on mid-game boards: median, 95th percentile and max.

    python benchmarks/scrabble_fluxx_search.py [games]

Positions come from seeded three-player games between hard computer players:
every Scrabble turn with 20 to 60 tiles on the board. At each, two things are
timed: the full move generation (every legal placement of the whole rack, any
number of tiles, with cross-checks, as ``core.movegen`` finds it), and the hard player's whole decision (generation
capped at the tiles the Play rule asks for, then scoring every placement
exactly as the rules will). The word list and its crossword trie are built before
the clock starts.
"""

from __future__ import annotations

import statistics
import sys
import time

from wordcards.core import lexicon
from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat

LOW, HIGH = 20, 60


def positions(games: int):
    for seed in range(games):
        match = Match.new("scrabble-fluxx", [Seat(f"c{i}", "hard") for i in range(3)], {}, seed=2000 + seed,
                          save=False)
        referee = Referee(match)
        while not match.is_over:
            state = match.state
            if state.phase == "place" and not state.owed and LOW <= len(state.board) <= HIGH:
                yield match, state.current
            referee.computer_step()


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    print(f"{name}: median {statistics.median(times) * 1000:.1f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")


def main(games: int = 20) -> None:
    words = lexicon.load("default")
    words.crossword
    full, decide, sizes, racks, plays = [], [], [], [], []
    for match, seat in positions(games):
        bot, view = match.bot(seat), match.view(seat)
        started = time.perf_counter()
        found = bot.plays(view, view.hand, None)
        full.append(time.perf_counter() - started)
        started = time.perf_counter()
        bot.choose(view)
        decide.append(time.perf_counter() - started)
        sizes.append(len(view.board))
        racks.append(len(view.hand))
        plays.append(len(found))
    print(f"{len(full)} positions with {LOW}-{HIGH} tiles on the board (mean {statistics.mean(sizes):.0f}), "
          f"racks of {min(racks)}-{max(racks)} tiles, {statistics.mean(plays):.0f} placements found on average")
    report("full move generation", full)
    report("hard player's decision", decide)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
