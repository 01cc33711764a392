"""Ratings, one scale a game: openskill's Plackett–Luce model over each finished game's order of finish.

A person starts at the model's default (mu 25, sigma 25/3) in each game. The computer levels are anchors: each
level's rating in each game was fitted once from games between the levels (``benchmarks/ratings.py --anchors``,
kept in ``anchors.json``) and never moves, so a person's rating means the same at every table, whoever else sat.

A game is rated when it ended, at least one person played it, and its players play against each other (not the
cooperative Gift Words, whose team plays against a goal: ``Game.rivals``). The order comes from the final scores,
a tie sharing a place; a person who left a game that went on without them, or whose seat a computer was playing
when it ended, is placed last, below everyone who stayed.

A rating is shown as one number, ``1000 + 40 × (mu − 3 sigma)``: a newcomer shows 1000, and it rises as the model
grows sure of them as much as with their wins.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Sequence

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
LEADERS_AFTER = 3
"""Rated games a person needs for a leaderboard."""


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> int:
        return round(1000 + 40 * (self.mu - 3 * self.sigma))


@cache
def anchors() -> dict[str, dict[str, Rating]]:
    """Each game's computer levels, fixed: ``anchors()[game][level]``."""
    text = (resources.files("wordcards.club") / "anchors.json").read_text(encoding="utf-8")
    return {game: {level: Rating(mu, sigma) for level, (mu, sigma) in levels.items()}
            for game, levels in json.loads(text).items()}


def places(scores: Sequence[int], gone: frozenset[int] = frozenset()) -> list[int]:
    """Each seat's place (1 the best): higher scores first, equal scores sharing a place, the seats in ``gone`` after
    everyone else (sharing the last place)."""
    stayed = sorted({score for seat, score in enumerate(scores) if seat not in gone}, reverse=True)
    return [len(stayed) + 1 if seat in gone else stayed.index(score) + 1 for seat, score in enumerate(scores)]


def rate(game: str, players: Sequence[tuple[str, str]], scores: Sequence[int], gone: frozenset[int],
         now: dict[str, Rating]) -> dict[str, Rating]:
    """The new ratings of the people of a finished ``game`` (``players``: each seat's name and kind, "person" or a
    computer level), from ``now`` (a person missing from it is new). A computer level's rating does not move; a
    level this program has no anchor for counts as a newcomer that does not move either."""
    levels = anchors().get(game, {})
    before = [now.get(name, Rating()) if kind == "person" else levels.get(kind, Rating()) for name, kind in players]
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    after = MODEL.rate(teams, ranks=[float(place) for place in places(scores, gone)])
    return {name: Rating(team[0].mu, team[0].sigma, rating.games + 1)
            for (name, kind), team, rating in zip(players, after, before) if kind == "person"}
