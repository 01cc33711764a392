"""Scrabble Fluxx's state, the rules in force, and the view one seat gets of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from wordcards.core.grid import Cell
from wordcards.core.placing import Placed
from wordcards.core.options import GameOptions
from wordcards.core.common import ScoreLine, TableState, TableView
from wordcards.games.scrabble_fluxx.deck import fluxx

MIN_PLAYERS, MAX_PLAYERS = 2, 4
QUIET_LAPS = 2
"""The game also ends, as Scrabble does, after this many laps of the table in which no tile stayed on the board."""

Phase = Literal["fluxx", "fluxx-end", "place", "reveal", "challenge", "turn-end", "game-over"]


@dataclass(frozen=True)
class FluxxOptions(GameOptions):
    """The rulebook has no variations: the rules change through play (``InForce``)."""


OPTIONS = FluxxOptions.declared()


@dataclass(frozen=True)
class InForce:
    """The rules in force: the Basic Rules as changed by the New Rules in play."""

    draw: int = 1
    play: int = 1
    """0 for Play All."""
    hand: int | None = None
    keepers: int | None = None
    premiums: str = "once"
    """``once`` (Scrabble's rule), ``plain`` or ``twice``."""
    length: str | None = None
    """``long`` or ``short`` words score double, or None."""
    blanks: str | None = None
    """``letter``: a blank scores its letter's value."""
    bonus: int = 1
    """Multiplies the single-word and seven-tile bonuses."""

    @classmethod
    def of(cls, in_play) -> "InForce":
        cards = fluxx()
        fields: dict[str, Any] = {cards[r].slot or "": cards[r].value for r in in_play}
        return cls(**fields)


@dataclass
class FluxxState(TableState):
    """Phases: ``fluxx`` (playing cards), ``fluxx-end`` (the mover discards down to the limits),
    ``place`` (laying tiles), ``reveal`` (the others look for a play), ``challenge``, ``turn-end``
    (discarding tiles down to the Hand Limit) and ``game-over``.

    ``hands`` are the tile racks, ``stock`` the tile bag and ``discard`` the Fluxx discard pile.
    """

    phase: Phase = "fluxx"
    options: FluxxOptions
    board: dict[Cell, Placed] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    """The Fluxx draw pile, top last."""
    fluxx_hands: list[list[str]] = field(default_factory=list)
    keepers: list[list[str]] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    """New Rules in play, oldest first."""
    goal: str | None = None
    turns: int = 0
    """Turns taken so far; the round (a lap of the table) follows from it."""
    drawn: int = 0
    played: int = 0
    """Fluxx cards drawn and played this turn."""
    target: int | None = None
    """Tiles to play this Scrabble turn (None in the first round: any number, as in Scrabble)."""
    placements: list[list[Cell]] = field(default_factory=list)
    """This turn's placements, each its new squares."""
    words: list[tuple[str, tuple[Cell, ...]]] = field(default_factory=list)
    """This turn's words (text, squares), which may be challenged."""
    pending: list[ScoreLine] = field(default_factory=list)
    """This turn's score, added to the sheet when the turn ends unless a challenge strikes the play."""
    struck: bool = False
    revealed: list[str] = field(default_factory=list)
    finders: list[int] = field(default_factory=list)
    """Seats still to look for a play of the revealed tiles, next first."""
    owed: list[int] = field(default_factory=list)
    """Seats that must discard down to the limits before play goes on, next first."""
    skip: list[bool] = field(default_factory=list)
    """Seats that lose their next turn (a challenge of a good word)."""
    quiet: int = 0
    ending: str = ""
    """How the game ended."""
    opening: str = ""
    """Who drew which tile to decide who goes first."""

    @property
    def rules(self) -> InForce:
        return InForce.of(self.in_play)

    @property
    def placed(self) -> int:
        """Tiles laid this turn."""
        return sum(len(p) for p in self.placements)


@dataclass(frozen=True)
class FluxxView(TableView):
    phase: Phase
    options: FluxxOptions
    board: Mapping[Cell, Placed]
    fluxx_hand: tuple[str, ...]
    fluxx_sizes: tuple[int, ...]
    keepers: tuple[tuple[str, ...], ...]
    in_play: tuple[str, ...]
    goal: str | None
    deck_count: int
    drawn: int
    played: int
    target: int | None
    placements: tuple[tuple[Cell, ...], ...]
    words: tuple[tuple[str, tuple[Cell, ...]], ...]
    pending: tuple[ScoreLine, ...]
    struck: bool
    revealed: tuple[str, ...]
    finders: tuple[int, ...]
    owed: tuple[int, ...]
    skip: tuple[bool, ...]
    ending: str
    opening: str

    @property
    def rules(self) -> InForce:
        return InForce.of(self.in_play)

    @property
    def placed(self) -> int:
        """Tiles laid this turn."""
        return sum(len(p) for p in self.placements)
