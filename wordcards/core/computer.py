"""What every game's computer player shares: its level, its word list, its own generator, and doubting words."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, NamedTuple, TypeVar

from wordcards.core.lexicon import Lexicon
from wordcards.core.lookahead import Horizon, Lookahead
from wordcards.core.moves import Challenge
from wordcards.core.common import Challengeable

if TYPE_CHECKING:
    from wordcards.core.movegen import Play


P = TypeVar("P")


class Level(NamedTuple):
    name: str
    vocabulary: int
    """The largest SCOWL size of the words it knows (``lexicon.vocabulary``): 35 everyday words, 80 the whole list."""
    searches: bool
    """It looks for the best play (discards and lay-offs too); otherwise it plays the best of a handful it notices."""
    doubt: float
    """How often it challenges a word it does not know that looks like English (its belief, not the verdict: the
    loaded list rules)."""
    doubt_odd: float
    """How often it challenges a word it does not know that looks wrong to it (``Lexicon.looks_wrong``: PENYNY, a
    slip from PENNY with a run of letters none of its words has): nonsense mostly, and a few rare real words."""
    findability: float
    """The chance it notices a four-letter word; each letter more multiplies it again (Macondo's findability)."""
    looks: int
    """How many of the plays it notices a modest level weighs before it chooses (a searching level weighs all)."""
    race_pace: float
    """Word Whiz races: its time over a placement, in units of ``--race-seconds`` (a medium player's time)."""
    plans: bool
    """It weighs more than this turn's points: what it keeps, what it hands the others, when to finish
    (``core.lookahead`` in the card games)."""
    description: str

    @property
    def judges_looks(self) -> bool:
        """Whether a word that looks wrong to it (``Lexicon.looks_wrong``) is likelier to be challenged."""
        return self.doubt < self.doubt_odd


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("beginner", 35, False, 0.12, 0.8, 0.4, 2, 1.25, False,
          "everyday words, a modest play a turn: a child or a newcomer can win"),
    Level("easy", 50, False, 0.13, 0.9, 0.7, 8, 1.1, False, "common words, a modest play each turn"),
    Level("medium", 60, True, 0.15, 1.0, 0.8, 0, 1.0, False,
          "the words a keen adult knows, and the best play it finds with them"),
    Level("hard", 80, True, 1.0, 1.0, 1.0, 0, 0.85, False, "the whole word list, and the best-scoring play every time"),
    Level("expert", 80, True, 1.0, 1.0, 1.0, 0, 0.7, True,
          "the whole word list; it plans ahead: what to keep, when to finish"),
)}
"""The levels from weakest to strongest. ``easy`` and ``hard`` are the two levels older saves name."""


HINT_LEVEL = "medium"
"""The player a hint asks first (F8, ``wordcards hint``): the words a keen adult knows, the best play it notices."""


def levels_text() -> str:
    """The levels as `wordcards rules` lists them (Markdown)."""
    return "## Computer levels\n\n" + "\n".join(f"- **{level.name}**: {level.description}." for level in LEVELS.values())


def challenge_rates() -> str:
    """How often each level challenges a word it does not know, as FEZ's rules say it (from ``LEVELS``)."""
    def listed(items: list[str]) -> str:
        return ", ".join(items[:-1]) + " and " + items[-1]

    sure = [level.name for level in LEVELS.values() if level.doubt >= 1]
    unsure = [level for level in LEVELS.values() if level.doubt < 1]
    return (f"Computer players: {listed(sure)} challenge every word they do not know. "
            f"{listed([level.name for level in unsure]).capitalize()} challenge a word they do not know "
            f"{listed([f'{level.doubt:.0%}' for level in unsure])} of the time, and far more readily one that looks "
            "wrong to them (a run of three letters none of their words has, one slip from a word they know, as "
            f"PENYNY is from PENNY): {listed([f'{level.doubt_odd:.0%}' for level in unsure])}. So they also "
            "challenge good words they have never met, and lose those challenges.")


class Foresight(NamedTuple):
    """How a game's *expert* looks ahead (``core.lookahead``)."""

    rules: Any
    """The game's rules module, with its ``resample``."""
    horizon: Horizon
    deals: int
    budget: int
    win_worth: float = 0.0


class ComputerPlayer(ABC):
    FORESIGHT: ClassVar[Foresight | None] = None
    """How this game's *expert* plays moves out; None: it plays none (its other skills make it expert)."""

    def __init__(self, level: str, lexicon: Lexicon, seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.skill = LEVELS[level]
        self.lexicon = lexicon
        self.rng = random.Random(seed)
        plan = self.FORESIGHT
        if self.skill.plans and plan is not None:
            hard = type(self)("hard", lexicon, seed)  # the play-outs' players
            self.ahead = Lookahead(plan.rules, plan.rules.resample, hard, plan.horizon, plan.deals, plan.budget,
                                   plan.win_worth)

    @abstractmethod
    def choose(self, view: Any) -> Any:
        """The move for ``view``'s seat, from that view alone; each game's player says how."""

    @abstractmethod
    def challenges(self, view: Any) -> list[Challenge]:
        """The challenges ``view``'s seat makes of the words it may challenge now."""

    def spotted(self, words: Iterable[str]) -> list[str]:
        """The words it notices this turn, in order: all of them at *hard*; below, a long word is easily missed."""
        return self.noticed(sorted(words), len)  # sorted, so a seeded player draws the same chances in every process

    def noticed(self, plays: list[P], length: Callable[[P], int]) -> list[P]:
        """The plays it notices, in the order given (a fixed one, for seeded games), by the ``length`` of each."""
        if self.skill.findability >= 1:
            return plays
        return [p for p in plays if self.rng.random() < self.skill.findability ** max(0, length(p) - 4)]

    def noticed_placements(self, plays: list[Play]) -> list[Play]:
        """The crossword placements it notices (all of them if it notices none); callers break ties by ``Play.order``,
        so a seeded game replays. A placement of n tiles reads as an n+1-letter word, as it joins the board."""
        if self.skill.findability >= 1:
            return plays
        ordered = sorted(plays, key=lambda p: p.order)  # a fixed order, so a seeded player draws the same chances
        return self.noticed(ordered, lambda p: len(p.tiles) + 1) or ordered

    def weighed(self, plays: list[P]) -> list[P]:
        """The noticed plays it weighs: all of them when it searches; a modest level a random handful."""
        if self.skill.searches or len(plays) <= self.skill.looks:
            return plays
        return self.rng.sample(plays, self.skill.looks)

    def doubt(self, seat: int, targets: list[Challengeable]) -> list[Challenge]:
        """Challenges of the words this player does not know: each with the level's ``doubt`` chance, or its
        ``doubt_odd`` one when the word looks wrong to it, as a person doubts PENYNY (a slip from PENNY) sooner than
        KAHAWAI. A player who knows fewer words also doubts good ones, and loses those challenges.

        ``valid`` is only the player's belief; the referee rules with the loaded list.
        """
        doubted = []
        for word in targets:
            if word.text.lower() not in self.lexicon:
                chance = self.suspicion(word.text.lower())
                if chance >= 1 or self.rng.random() < chance:  # a sure level draws no chance: seeded games stay
                    doubted.append(Challenge(seat, word.word_id, False))
        return doubted

    def suspicion(self, word: str) -> float:
        """The chance it challenges ``word``, a word it does not know."""
        skill = self.skill
        return skill.doubt_odd if skill.judges_looks and self.lexicon.looks_wrong(word) else skill.doubt
