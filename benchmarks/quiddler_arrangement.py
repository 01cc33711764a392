"""The hard Quiddler player's search: the best arrangement of a 10-card hand, for every possible discard.

    python benchmarks/quiddler_arrangement.py [hands]

Each sample is a random 10-card hand from the 118-card deck plus the card just
drawn: the search tries every one of the 11 discards and finds the best words
for the other 10 (what the hard player does on a long game's last round). It
reports the median, 95th percentile and maximum, and the same for a whole
``choose`` of the hard player on such a hand (its view, its decision).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from wordcards.core import lexicon
from wordcards.core.common import Seat
from wordcards.games.quiddler import deck, rules
from wordcards.games.quiddler.bot import QuiddlerBot
from wordcards.games.quiddler.solver import Arranger


def percentiles(times: list[float]) -> str:
    times = sorted(times)
    return (f"median {statistics.median(times) * 1000:6.1f} ms   p95 {times[int(len(times) * 0.95)] * 1000:6.1f} ms"
            f"   max {times[-1] * 1000:6.1f} ms")


def main(hands: int = 500) -> None:
    words = lexicon.load("default")
    words.index
    cards = sorted(deck.deck(True))
    rng = random.Random(1)
    search, choose, complete = [], [], 0
    bot = QuiddlerBot("hard", words)
    for n in range(hands):
        drawn = rng.sample(cards, 11)
        letters = [deck.deck(True)[c].letters for c in drawn]
        started = time.perf_counter()
        arranger = Arranger(words, letters)
        best = max((arranger.best(letters[:i] + letters[i + 1:]) for i in range(11)), key=lambda a: a.score)
        search.append(time.perf_counter() - started)
        complete += best.complete
        state = rules.new_game([Seat("A"), Seat("B")], {"long_game": True}, seed=n,
                               deal={"hands": [drawn, []], "stock": [], "discard": []})
        state.phase, state.current, state.round = "play", 0, 8
        view = rules.player_view(state, 0)
        started = time.perf_counter()
        bot.choose(view)
        choose.append(time.perf_counter() - started)
    print(f"{hands} hands of 10 cards + 1 drawn ({complete} could go out)")
    print(f"best arrangement, all 11 discards: {percentiles(search)}")
    print(f"hard player's whole decision:      {percentiles(choose)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
