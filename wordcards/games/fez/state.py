"""FEZ's state, its options, and the view one seat gets of it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Mapping

from wordcards.core.errors import InvalidMove
from wordcards.core.common import Option, Phase, ScoreLine, TableState, TableView
from wordcards.games.fez.played import LayOffRecord, TableWord

MIN_PLAYERS, MAX_PLAYERS = 2, 6
IDLE_ROUNDS_TO_BLOCK = 3
"""With no stock left to turn over, a round with no card played for this many rounds of turns is blocked."""
IDLE_TURNOVERS_TO_BLOCK = 2
"""A round in which the stock ran out and was turned over this many times with no card played is blocked."""
TURN_SECONDS = 30

OPTIONS = (
    Option("rounds", 1, "rounds to play; the deal passes to the left each round"),
    Option("two_packs", False, "shuffle both packs together (always on for 4-6 players)"),
    Option("no_layoffs", False, "words cannot be extended once played"),
    Option("nasty", False, "all four Nasty rules at once"),
    Option("nasty_flush", False, "Nasty: a lay-off that breaks a flush takes the owner's flush double"),
    Option("nasty_stars", False, "Nasty: a star double (other colour) spoils the all-flush bonus"),
    Option("nasty_timer", False, f"Nasty: {TURN_SECONDS} seconds from drawing to discarding"),
    Option("nasty_handover", False, "Nasty: unplayed points are also given to the round's winner"),
)


@dataclass(frozen=True)
class FezOptions:
    rounds: int = 1
    two_packs: bool = False
    no_layoffs: bool = False
    nasty_flush: bool = False
    nasty_stars: bool = False
    nasty_timer: bool = False
    nasty_handover: bool = False

    @classmethod
    def from_dict(cls, data: Mapping, players: int) -> "FezOptions":
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        if data.get("nasty"):
            values.update(nasty_flush=True, nasty_stars=True, nasty_timer=True, nasty_handover=True)
        if players >= 4:
            values["two_packs"] = True
        opts = cls(**values)
        if not 1 <= opts.rounds <= 20:
            raise InvalidMove(f"rounds must be 1 to 20, not {opts.rounds}")
        return opts

    @property
    def packs(self) -> int:
        return 2 if self.two_packs else 1


@dataclass
class FezState(TableState):
    phase: Phase = "draw"
    options: FezOptions
    words: list[TableWord] = field(default_factory=list)
    layoffs: list[LayOffRecord] = field(default_factory=list)
    next_word_id: int = 1
    taken: str | None = None
    """The card taken from the discard pile this turn, which may not be discarded again."""
    discarded: bool = False
    idle_turns: int = 0
    """Turns since a card was last played to the table."""
    idle_turnovers: int = 0
    """Times the discard pile was turned over into a new stock since a card was last played."""
    fez_caller: int | None = None
    closed_lines: list[ScoreLine] = field(default_factory=list)
    """Score lines of finished rounds."""


@dataclass(frozen=True)
class FezView(TableView):
    """What one seat may see: its own hand, and the table everyone sees."""

    phase: Phase
    options: FezOptions
    words: tuple[TableWord, ...]
    layoffs: tuple[LayOffRecord, ...]
    taken: str | None
    discarded: bool
    fez_caller: int | None
    history: tuple[str, ...]
