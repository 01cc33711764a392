"""What every game's computer player shares: its level, its word list, its own generator, and doubting words."""

from __future__ import annotations

import random
from typing import Iterable, NamedTuple

from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge
from wordcards.core.protocol import Challengeable


class Level(NamedTuple):
    name: str
    vocabulary: int
    """The largest SCOWL size of the words it knows (``lexicon.vocabulary``): 20 everyday words, 80 the whole list."""
    searches: bool
    """It looks for the best play; otherwise it plays the first modest word it sees."""
    doubt: float
    """How often it challenges a word it does not know (its belief, not the verdict: the loaded list rules)."""
    findability: float
    """The chance it notices a four-letter word; each letter more multiplies it again (Macondo's findability)."""
    race_pace: float
    """Word Whiz races: its time over a placement, in units of ``--race-seconds``."""
    description: str


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("beginner", 20, False, 0.25, 0.5, 3.0, "everyday words, a modest play a turn: a child or a newcomer can win"),
    Level("easy", 50, False, 0.5, 0.7, 2.0, "common words, a modest play each turn"),
    Level("medium", 60, True, 0.75, 0.8, 1.5, "the words a keen adult knows, and the best play it finds with them"),
    Level("hard", 80, True, 1.0, 1.0, 1.0, "the whole word list, and the best-scoring play every time"),
)}
"""The levels from weakest to strongest. ``easy`` and ``hard`` are the two levels older saves name."""


def levels_text() -> str:
    """The levels as `wordcards rules` lists them (Markdown)."""
    return "## Computer levels\n\n" + "\n".join(f"- **{level.name}**: {level.description}." for level in LEVELS.values())


class ComputerPlayer:
    def __init__(self, level: str, lexicon: Lexicon, seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.skill = LEVELS[level]
        self.lexicon = lexicon
        self.rng = random.Random(seed)

    def spotted(self, words: Iterable[str]) -> list[str]:
        """The words it notices this turn, in order: all of them at *hard*; below, a long word is easily missed."""
        found = sorted(words)  # sorted, so a seeded player draws the same chances in every process
        if self.skill.findability >= 1:
            return found
        return [w for w in found if self.rng.random() < self.skill.findability ** max(0, len(w) - 4)]

    def doubt(self, seat: int, targets: list[Challengeable]) -> list[Challenge]:
        """Challenges of the words this player does not know, each with the level's ``doubt`` chance.

        ``valid`` is only the player's belief; the referee rules with the loaded list.
        """
        return [Challenge(seat, word.word_id, False) for word in targets
                if word.text.lower() not in self.lexicon
                and (self.skill.doubt >= 1 or self.rng.random() < self.skill.doubt)]
