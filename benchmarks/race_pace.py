"""Word Whiz races: how often a newcomer beats each computer level, by ``--race-seconds``.

    python benchmarks/race_pace.py [races] [SECONDS ...] [LEVEL ...]

A race has no turns, so who wins depends on speed as much as on words. The
newcomer here is a model, not a person:

- their words are the *easy* computer player's: common words, a modest
  placement of the ones they notice (a newcomer to the game, not to English);
- each placement takes them thinking time, on average ``THINK`` seconds
  (anywhere from half to one and a half times that), plus typing at ``KEYS_PER_SECOND``: a key for each
  tile, and ``MOVE_KEYS`` more to move the cursor, turn the direction and
  press Enter (the keys that placement takes on the table screen).

Computer seats race on the referee's own clock, as in play: each placement
takes its level's ``race_pace`` times ``--race-seconds``, give or take 30%.
Time here is simulated (no sleeping), stepped a quarter of a second at a time.
Each race is one round of a two-player game (``--length one-round``), seeded;
the table gives the newcomer's share of wins (ties count half) and both
mean scores.
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

THINK = 15.0
"""A newcomer's mean seconds to find a placement on the crossword."""
KEYS_PER_SECOND = 3.0
"""Steady typing: about 35 words a minute."""
MOVE_KEYS = 5
STEP = 0.25
NEWCOMER = "easy"


def newcomer_seconds(move, rng: random.Random) -> float:
    tiles = len(move.spelling.replace("?", "")) if isinstance(move, Place) else 0
    return THINK * rng.uniform(0.5, 1.5) + (tiles + MOVE_KEYS) / KEYS_PER_SECOND


def race(level: str, seconds: int, seed: int) -> tuple[float, int, int]:
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
            if person_due is None:
                person_due = clock[0] + THINK * rng.uniform(0.5, 1.5)
            clock[0] += STEP
            for seat in referee.tick()[1]:
                task = referee.racer_task(seat)
                referee.conclude(task, referee.think(task))
            if clock[0] >= person_due and referee.may_act(0):
                move = person.choose(referee.view(0))
                referee.play(move)
                person_due = clock[0] + newcomer_seconds(move, rng)
        else:  # the person's turn outside the race: the start word, the round's challenges, the summary
            person_due = None
            referee.play(person.choose(referee.view(0)) if step.stage == "person" else "next")
    mine, theirs = match.rules.totals(match.state)
    return (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0), mine, theirs


def main(races: int, seconds: list[int], levels: list[str]) -> None:
    print(f"newcomer: {NEWCOMER} words, {THINK:.0f} s thinking + typing at {KEYS_PER_SECOND:.0f} keys/s a placement")
    print(f"{'level':9} {'--race-seconds':>14} {'its pace':>9} {'newcomer wins':>14} {'mean scores':>12}")
    for level in levels:
        for s in seconds:
            results = [race(level, s, 7000 + n) for n in range(races)]
            rate = statistics.mean(r[0] for r in results)
            means = f"{statistics.mean(r[1] for r in results):.0f} / {statistics.mean(r[2] for r in results):.0f}"
            print(f"{level:9} {s:14} {s * LEVELS[level].race_pace:8.0f}s {rate:13.0%} {means:>12}", flush=True)


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
    named = [a for a in sys.argv[1:] if not a.isdigit()]
    main(numbers[0] if numbers else 40, numbers[1:] or [8], named or list(LEVELS))
