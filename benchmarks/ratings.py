"""The computer levels' ratings, and how well ratings predict who wins.

    python benchmarks/ratings.py --anchors [games-per-seating]   # fit each level's rating in each game
    python benchmarks/ratings.py [games] [GAME ...]               # how often the higher-rated side won

``--anchors`` plays ``benchmarks/ladder.py``'s games (each pair of neighbouring levels, two-player, on seeds from
1000, both seatings; 25 games a seating unless told) and runs them through openskill's Plackett–Luce model in a
seeded shuffled order, every level starting at the model's default. The levels' ratings it ends with are written to
``wordcards/club/anchors.json``: the club's fixed anchors (``wordcards.club.ratings``).

Without ``--anchors`` it plays ``games`` fresh two-player games (seeds from 50000, 1000 unless told), each between
two different levels picked at random (seeded), spread evenly over the games, and counts the share the side with
the higher anchored rating won (a tie counts half), with a 95% interval; by game and in all.
"""

from __future__ import annotations

import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder import SEED, interval  # noqa: E402
from wordcards.club.ratings import MODEL, anchors, places  # noqa: E402
from wordcards.core.computer import LEVELS  # noqa: E402
from wordcards.core.registry import names  # noqa: E402
from wordcards.core.sim import play_one  # noqa: E402

ANCHORS = Path(__file__).resolve().parents[1] / "wordcards" / "club" / "anchors.json"
FRESH = 50_000


def scores(job: tuple[str, int, tuple[str, str]]) -> tuple[str, tuple[str, str], list[int]]:
    game, seed, levels = job
    return game, levels, play_one(game, 2, seed, list(levels)).scores


def fit(per_seating: int) -> int:
    order = list(LEVELS)
    jobs = [(game, SEED + n, seating) for game in names() for low, high in zip(order, order[1:])
            for n in range(per_seating) for seating in ((low, high), (high, low))]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(scores, jobs, chunksize=4))
    random.Random(7).shuffle(results)
    fitted: dict[str, dict[str, list[float]]] = {}
    for game, levels, points in results:
        ratings = fitted.setdefault(game, {level: [MODEL.mu, MODEL.sigma] for level in order})
        teams = [[MODEL.rating(mu=ratings[level][0], sigma=ratings[level][1])] for level in levels]
        for level, team in zip(levels, MODEL.rate(teams, ranks=places(points))):
            ratings[level] = [round(team[0].mu, 3), round(team[0].sigma, 3)]
    ANCHORS.write_text("{\n" + ",\n".join(f" {json.dumps(game)}: {json.dumps(levels)}" for game, levels in fitted.items())
                       + "\n}\n")
    print(f"{len(results)} games in {time.perf_counter() - started:.0f} s; mu (sigma) by level:")
    print(f"{'game':15}" + "".join(f"{level:>16}" for level in order))
    for game, ratings in fitted.items():
        print(f"{game:15}" + "".join(f"{f'{mu:.1f} ({sigma:.1f})':>16}" for mu, sigma in ratings.values()))
    print(f"written to {ANCHORS}")
    return 0


def predict(count: int, games: list[str]) -> int:
    pick = random.Random(11)
    jobs = [(games[n % len(games)], FRESH + n, tuple(pick.sample(list(LEVELS), 2))) for n in range(count)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(scores, jobs, chunksize=4))  # type: ignore[arg-type]
    fixed = anchors()
    won: dict[str, list[float]] = {}
    for game, levels, points in results:
        favourite = max((0, 1), key=lambda seat: fixed[game][levels[seat]].mu)
        other = 1 - favourite
        won.setdefault(game, []).append(1.0 if points[favourite] > points[other] else
                                        0.5 if points[favourite] == points[other] else 0.0)
    print(f"{len(results)} two-player games between two of the five levels, in {time.perf_counter() - started:.0f} s")
    print(f"{'game':15} {'games':>5} {'higher-rated won':>16} {'95% interval':>13}")
    every = [r for rs in won.values() for r in rs]
    for game, rs in [*won.items(), ("all", every)]:
        lo, hi = interval(sum(rs), len(rs))
        print(f"{game:15} {len(rs):5} {sum(rs) / len(rs):16.1%} {f'{lo:.0%}–{hi:.0%}':>13}")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--anchors":
        sys.exit(fit(int(args[1]) if len(args) > 1 else 25))
    count = int(args.pop(0)) if args and args[0].isdigit() else 1000
    sys.exit(predict(count, args or names()))
