"""What every game's computer player shares: its level, its word list, its own generator, and doubting words."""

from __future__ import annotations

import random

from wordcards.core.lexicon import Lexicon
from wordcards.core.moves import Challenge
from wordcards.core.protocol import Challengeable

LEVELS = ("easy", "hard")


class ComputerPlayer:
    EASY_DOUBT = 0.5
    """How often *easy* challenges a word it does not know (it knows only common words, so often wrongly)."""

    def __init__(self, level: str, lexicon: Lexicon, seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.lexicon = lexicon
        self.rng = random.Random(seed)

    def doubt(self, seat: int, targets: list[Challengeable]) -> list[Challenge]:
        """Challenges of the words this player does not know: *hard* always, *easy* now and then.

        ``valid`` is only the player's belief; the referee rules with the loaded list.
        """
        return [Challenge(seat, word.word_id, False) for word in targets
                if word.text.lower() not in self.lexicon and (self.level == "hard" or self.rng.random() < self.EASY_DOUBT)]
