"""Computer-only games without the UI: ``wordcards sim``, the playout tests and the benchmarks."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

from wordcards.core.match import Match
from wordcards.core.referee import Referee
from wordcards.core.common import Seat, computer_name

MAX_MOVES = 20_000


@dataclass
class GameResult:
    seed: int
    scores: list[int]
    moves: int
    move_seconds: list[float] = field(default_factory=list)
    invariant_checks: int = 0
    words: list[str] = field(default_factory=list)
    """Every word the game's plays put on the table, in order (``Event.words``)."""


def play_one(game: str, players: int, seed: int, levels: list[str], options: dict | None = None,
             dictionary: str = "default", check: Callable[[Match], None] | None = None) -> GameResult:
    """Play one seeded game; ``check(match)`` runs after every move (and raises on a broken invariant).

    Besides the game's own invariants, it checks that the score changes the
    events reported add up to the score sheet.
    """
    seats = [Seat(computer_name(i, levels[i % len(levels)]), levels[i % len(levels)]) for i in range(players)]
    match = Match.new(game, seats, options, seed=seed, dictionary=dictionary, save=False)
    rules = match.rules
    referee = Referee(match)
    result = GameResult(seed, [], 0)
    running = [0] * players
    while not match.is_over:
        started = time.perf_counter()
        events = referee.computer_step()
        result.move_seconds.append(time.perf_counter() - started)
        for event in events:
            for seat, points in event.points.items():
                running[seat] += points
            result.words.extend(event.words)
        rules.check_invariants(match.state)
        if check:
            check(match)
        result.invariant_checks += 1
        result.moves += 1
        if result.moves > MAX_MOVES:
            raise AssertionError(f"seed {seed}: no end after {MAX_MOVES} moves")
    result.scores = rules.totals(match.state)
    if running != result.scores:
        raise AssertionError(f"seed {seed}: event points {running} do not add up to the sheet {result.scores}")
    return result


def summarise(game: str, players: int, results: list[GameResult], seconds: float, failures: list[str]) -> dict:
    times = sorted(t for r in results for t in r.move_seconds)
    wins = [0] * players
    for r in results:
        best = max(r.scores)
        for seat, score in enumerate(r.scores):
            wins[seat] += score == best
    return {
        "game": game,
        "players": players,
        "games": len(results),
        "mean_scores": [round(statistics.mean(r.scores[s] for r in results), 1) for s in range(players)] if results else [],
        "wins": wins,
        "moves_per_game": round(statistics.mean(r.moves for r in results), 1) if results else 0,
        "move_ms_median": round(statistics.median(times) * 1000, 2) if times else 0,
        "move_ms_p95": round(times[int(len(times) * 0.95)] * 1000, 2) if times else 0,
        "move_ms_max": round(times[-1] * 1000, 2) if times else 0,
        "invariant_checks": sum(r.invariant_checks for r in results),
        "invariant_failures": len(failures),
        "failures": failures,
        "seconds": round(seconds, 2),
        "games_per_second": round(len(results) / seconds, 2) if seconds else 0,
    }
