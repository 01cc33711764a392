"""FEZ's state, its options, and the view one seat gets of it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from wordcards.core.options import GameOptions, option
from wordcards.core.common import Phase, ScoreLine, TableState, TableView
from wordcards.games.fez.played import LayOffRecord, TableWord

MIN_PLAYERS, MAX_PLAYERS = 2, 6
IDLE_ROUNDS_TO_BLOCK = 3
"""With no stock left to turn over, a round with no card played for this many rounds of turns is blocked."""
IDLE_TURNOVERS_TO_BLOCK = 2
"""A round in which the stock ran out and was turned over this many times with no card played is blocked."""
TURN_SECONDS = 30


@dataclass(frozen=True)
class FezOptions(GameOptions):
    rounds: int = option(1, "rounds to play; the deal passes to the left each round", bounds=(1, 20))
    two_packs: bool = option(False, "shuffle both packs together (always on for 4-6 players)")
    no_layoffs: bool = option(False, "words cannot be extended once played")
    nasty: bool = option(False, "all four Nasty rules at once")
    nasty_flush: bool = option(False, "Nasty: a lay-off that breaks a flush takes the owner's flush double")
    nasty_stars: bool = option(False, "Nasty: a star double (other colour) spoils the all-flush bonus")
    nasty_timer: bool = option(False, f"Nasty: {TURN_SECONDS} seconds from drawing to discarding")
    nasty_handover: bool = option(False, "Nasty: unplayed points are also given to the round's winner")

    def settled(self, players: int) -> "FezOptions":
        nasty = dict(nasty_flush=True, nasty_stars=True, nasty_timer=True, nasty_handover=True) if self.nasty else {}
        return replace(self, **nasty, two_packs=self.two_packs or players >= 4)

    @property
    def packs(self) -> int:
        return 2 if self.two_packs else 1


OPTIONS = FezOptions.declared()


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
