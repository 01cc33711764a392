"""The cooperative game's goal, remembered between games: 100 at first, +10 after a win, -10 after a loss."""

from __future__ import annotations

import json
from typing import Iterable

from wordcards.core import saves
from wordcards.core.common import ScoreLine
from wordcards.games.gift_words.state import GOAL_START, GOAL_STEP, GiftState

FILE = "gift-words-goal.json"


def remembered() -> int:
    """The goal for the next cooperative game (a missing or unreadable file means a fresh start)."""
    try:
        goal = json.loads((saves.home() / FILE).read_text())["goal"]
    except (OSError, ValueError, KeyError, TypeError):
        return GOAL_START
    return goal if isinstance(goal, int) and goal > 0 else GOAL_START


def record(won: bool, goal: int, game: int) -> int:
    """Move the goal after game ``game`` (its seed) and return the next one.

    Once a game: showing a finished game again (``wordcards resume FILE``) leaves the goal alone.
    A failure to save only loses the memory.
    """
    path = saves.home() / FILE
    try:
        if json.loads(path.read_text()).get("game") == game:
            return remembered()
    except (OSError, ValueError, AttributeError):
        pass
    after = max(GOAL_STEP, goal + (GOAL_STEP if won else -GOAL_STEP))
    try:
        saves.write(path, {"goal": after, "game": game})
    except OSError:
        pass
    return after


def team_score(lines: Iterable[ScoreLine]) -> int:
    """Cooperative: only the team's score counts, every line of the sheet."""
    return sum(line.points for line in lines)


def game_over(state: GiftState, options: dict) -> str:
    """A cooperative game played to the remembered goal moves it when it ends, and says the next one."""
    if not options.get("goal_remembered"):
        return ""
    won = team_score(state.lines) >= state.options.target
    return f"Next goal: {record(won, state.options.target, state.seed)}."


def prepare(options: dict) -> dict:
    """A cooperative game without ``--goal`` plays to the remembered goal (and moves it when it ends)."""
    if options.get("variant") != "cooperative" or (options.get("goal") and not options.get("goal_remembered")):
        return options
    return {**options, "goal": remembered(), "goal_remembered": True}
