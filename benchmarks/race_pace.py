"""Word Whiz races: how often a newcomer beats each computer level, at the levels' own paces or at given ones.

    python benchmarks/race_pace.py [RACES] [LEVEL ...]                  # at the default --race-seconds
    python benchmarks/race_pace.py [RACES] [LEVEL ...] --sweep SECONDS ...  # each level at each of these paces

A race has no turns, so who wins depends on speed as much as on words. The
newcomer here is a model, not a person:

- their words are the *easy* computer player's: common words, a modest
  placement of the ones they notice (a newcomer to the game, not to English);
- each placement takes them ``THINK`` seconds to find, ``REACH`` seconds to put
  the cursor on its first square, and typing at ``KEYS_PER_SECOND``: a key for
  each tile, one to turn the direction and Enter. By arrow keys that is 9-13 s
  for three to five tiles, what newcomers took in the playtests; typing the
  square's name (``/N26``, Enter) saves a few seconds of it, an estimate.

Computer seats race on the referee's own clock, as in play: each placement
takes its level's ``race_pace`` times ``--race-seconds``, give or take 30%.
Time here is simulated (no sleeping), stepped a quarter of a second at a time.
Each race is one round of a two-player game (``--length one-round``), seeded;
the table gives the newcomer's share of wins (ties count half), reaching
squares by arrows and by typing their names, and both mean scores (arrows).
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordcards.core.computer import LEVELS  # noqa: E402
from wordcards.core.match import Match  # noqa: E402
from wordcards.core.placing import Place  # noqa: E402
from wordcards.core.common import Seat  # noqa: E402
from wordcards.core.referee import Referee  # noqa: E402
from wordcards.games.word_whiz.state import WhizOptions  # noqa: E402

THINK = (3.0, 5.0)
"""A newcomer's seconds to find a word and where it goes (uniform between the two)."""
REACH = {"arrows": (4.0, 6.0), "typed": (1.5, 2.5)}
"""Seconds to put the cursor on the first square: by arrow keys, or by typing its name (``/N26`` then Enter, five
keys). With the typing below, the arrows give 9–13 s for a placement of three to five tiles: what newcomers took in
the playtests, where reaching the square was most of it."""
KEYS_PER_SECOND = 3.0
"""Steady typing: about 35 words a minute."""
STEP = 0.25
NEWCOMER = "easy"


def newcomer_seconds(move, rng: random.Random, reach: str) -> float:
    """Thinking, reaching the square, then a key for each tile, one to turn the direction and Enter."""
    tiles = len(move.spelling.replace("?", "")) if isinstance(move, Place) else 0
    return rng.uniform(*THINK) + rng.uniform(*REACH[reach]) + (tiles + 2) / KEYS_PER_SECOND


def race(level: str, seconds: int, seed: int, reach: str) -> tuple[float, int, int]:
    """The newcomer's result (1, 0.5 or 0) and both scores."""
    match = Match.new("word-whiz", [Seat("Newcomer"), Seat("Hal", level)],
                      {"race": True, "race_seconds": seconds, "length": "one-round"}, seed=seed, save=False)
    clock = [0.0]
    referee = Referee(match, now=lambda: clock[0])
    person = match.spec.make_bot(NEWCOMER, match.vocabulary(NEWCOMER), seed)
    rng = random.Random(seed)
    person_due: float | None = None
    while not match.is_over:
        step = referee.next()
        if step.stage == "computer":
            referee.computer_step()
        elif step.stage == "person" and referee.racing():
            if person_due is None:  # the race starts: the first placement (its typing counted as four tiles')
                person_due = clock[0] + rng.uniform(*THINK) + rng.uniform(*REACH[reach]) + 6 / KEYS_PER_SECOND
            clock[0] += STEP
            for seat in referee.tick()[1]:
                task = referee.racer_task(seat)
                referee.conclude(task, referee.think(task))
            if clock[0] >= person_due and referee.may_act(0):
                move = person.choose(referee.view(0))
                referee.play(move)
                person_due = clock[0] + newcomer_seconds(move, rng, reach)
        else:  # the person's turn outside the race: the start word, the round's challenges, the summary
            person_due = None
            referee.play(person.choose(referee.view(0)) if step.stage == "person" else "next")
    mine, theirs = match.rules.totals(match.state)
    return (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0), mine, theirs


def share(level: str, seconds: int, races: int, reach: str) -> tuple[float, float, float]:
    """The newcomer's share of wins (ties count half) and both mean scores."""
    results = [race(level, seconds, 7000 + n, reach) for n in range(races)]
    return tuple(statistics.mean(r[i] for r in results) for i in range(3))  # type: ignore[return-value]


def main(races: int, levels: list[str], sweep: list[int]) -> None:
    reaches = " or ".join(f"{name} {low:g}-{high:g} s" for name, (low, high) in REACH.items())
    print(f"newcomer: {NEWCOMER} words; a placement is {THINK[0]:g}-{THINK[1]:g} s thinking, reaching the square by "
          f"{reaches}, and typing at {KEYS_PER_SECOND:g} keys/s; {races} races each")
    if sweep:  # each level at each pace given, whatever its own pace is
        for level in levels:
            LEVELS[level] = LEVELS[level]._replace(race_pace=1.0)
    default = WhizOptions().race_seconds
    print(f"{'level':9} {'a placement':>11} {'newcomer wins: arrows':>22} {'typing squares':>15} {'mean scores':>12}")
    for level in levels:
        for seconds in sweep or [default]:
            arrows = share(level, seconds, races, "arrows")
            typed = share(level, seconds, races, "typed")
            pace = seconds * LEVELS[level].race_pace
            print(f"{level:9} {pace:10.0f}s {arrows[0]:22.0%} {typed[0]:15.0%} {arrows[1]:5.0f} / {arrows[2]:.0f}",
                  flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    sweep = [int(a) for a in args[args.index("--sweep") + 1:] if a.isdigit()] if "--sweep" in args else []
    head = args[:args.index("--sweep")] if "--sweep" in args else args
    numbers = [int(a) for a in head if a.isdigit()]
    named = [a for a in args if not a.isdigit() and a != "--sweep"]
    main(numbers[0] if numbers else 100, named or list(LEVELS), sweep)
