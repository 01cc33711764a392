"""Quiddler's state, its options, and the view one seat gets of it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from wordcards.core.options import GameOptions, option
from wordcards.core.common import Phase, ScoreLine, TableState, TableView

MIN_PLAYERS, MAX_PLAYERS = 2, 8
FIRST_HAND = 3
TURNS_EACH_BEFORE_STALL = 15
"""If nobody has gone out after this many turns each, everyone has one last turn (a ruling of ours)."""
BONUS = 10
BONUSES = ("longest", "words")


@dataclass(frozen=True)
class QuiddlerOptions(GameOptions):
    long_game: bool = option(False, "the full 118-card deck, 8 rounds of 3 to 10 cards")
    two_player_bonus: str = option("longest", "with two players, the one bonus used: longest (word) or words (most)",
                                   choices=BONUSES, applies=lambda o, players: players in (None, 2),
                                   when="only to a game of two players")

    @property
    def rounds(self) -> int:
        return 8 if self.long_game else 4

    def hand_size(self, round_no: int) -> int:
        return FIRST_HAND + round_no - 1


OPTIONS = QuiddlerOptions.declared()


@dataclass
class LaidWord:
    """A word laid down this round: its cards in spelling order, whose it is, and when it was laid."""

    id: int
    owner: int
    cards: tuple[str, ...]
    text: str
    move: int
    """Index in the history of the move that laid it."""
    struck: bool = False
    """A challenge found it is not a word: it scores nothing, and its owner loses its value."""

    def copy(self) -> "LaidWord":
        return replace(self)


@dataclass
class QuiddlerState(TableState):
    """Phases: draw, play (after drawing: discard, maybe laying words), challenge, round-over, game-over."""

    phase: Phase = "draw"
    options: QuiddlerOptions
    words: list[LaidWord] = field(default_factory=list)
    next_word_id: int = 1
    out: int | None = None
    """The seat that went out this round."""
    last_turns: int | None = None
    """How many last turns are still to come once someone has gone out (or the round stalled)."""
    turns: int = 0
    """Turns finished this round."""
    """The score sheet: challenge results as they happen, each round's scores when it ends."""


@dataclass(frozen=True)
class QuiddlerView(TableView):
    """What one seat may see: its own hand, and the table everyone sees."""

    phase: Phase
    options: QuiddlerOptions
    words: tuple[LaidWord, ...]
    out: int | None
    last_turns: int | None
