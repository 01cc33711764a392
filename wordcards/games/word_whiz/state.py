"""Word Whiz's state, its options, and the view one seat gets of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping

from wordcards.core.grid import Cell
from wordcards.core.placing import Placed
from wordcards.core.options import GameOptions, option
from wordcards.core.common import ScoreLine, TableState, TableView

MIN_PLAYERS, MAX_PLAYERS = 2, 4
LENGTHS = ("full", "to-50", "one-round")
GOAL = 50
MAX_ROUNDS = 12
"""Playing to 50 stops after this many rounds even if nobody has 50 (a ruling of ours)."""
QUIET_LAPS = 2
"""Turn-taking: the round ends with nobody out after this many laps of the table in which nobody placed a tile."""

Phase = Literal["start", "play", "challenge", "round-over", "game-over"]


@dataclass(frozen=True)
class WhizOptions(GameOptions):
    length: str = option("full", "full: four rounds; to-50: until someone has 50 points; one-round: a single round",
                         choices=LENGTHS)
    race: bool = option(False, "race the computer players in real time instead of taking turns (hosted: every "
                              "person races at their own keyboard)")
    race_seconds: int = option(
        14, "race mode: seconds a medium computer player takes over each placement (beginner 1.25 times as long, easy "
        "1.1, hard 0.85, expert 0.7); at 14 a newcomer who reaches squares by arrow keys wins about half their races "
        "against medium", bounds=(1, 120), applies=lambda o, players: bool(o.get("race")), when="only with --race")
    turn_clock: int = option(0, "turn-taking: seconds for each person's turn (0: no clock), after which the turn passes",
                             bounds=(0, 600), applies=lambda o, players: not o.get("race"),
                             when="only when taking turns, not in a race")

    @property
    def rounds(self) -> int:
        return {"full": 4, "one-round": 1}.get(self.length, MAX_ROUNDS)


OPTIONS = WhizOptions.declared()


@dataclass
class WhizState(TableState):
    """Phases: start (the starting word), play, challenge (round end), round-over, game-over.

    ``hands`` are each seat's face-up tiles; ``bags`` their own tile bags (top last);
    ``box`` the sets nobody plays this round.
    """

    phase: Phase = "start"
    options: WhizOptions
    grid: dict[Cell, Placed] = field(default_factory=dict)
    bags: list[list[str]] = field(default_factory=list)
    box: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    """Each seat's colour this round."""
    starter: int = 0
    opening: str = ""
    """How the starting player was chosen, for the log."""
    finisher: int | None = None
    quiet: int = 0
    """Turn-taking: turns in a row in which nobody placed a tile."""
    stuck: list[bool] = field(default_factory=list)
    """Race mode: who has said they cannot place a tile since the last placement."""
    struck: list[str] = field(default_factory=list)
    """Keys of the words found not to be words at this round's challenges."""
    placed: list[Cell] = field(default_factory=list)
    """Taking turns: the squares of the placement whose words may be challenged now, before its player refills
    (empty at the round's end, when every word may be)."""


@dataclass(frozen=True)
class WhizView(TableView):

    phase: Phase
    options: WhizOptions
    grid: Mapping[Cell, Placed]
    sets: tuple[str, ...]
    bag_counts: tuple[int, ...]
    opening: str
    finisher: int | None
    stuck: tuple[bool, ...]
    struck: tuple[str, ...]
    placed: tuple[Cell, ...]
