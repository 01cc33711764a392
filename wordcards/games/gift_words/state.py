"""Gift Words' state, its options (one per variation in the rulebook), and the view one seat gets of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping

from wordcards.core.errors import SetupError
from wordcards.core.options import GameOptions, option
from wordcards.core.common import ScoreLine, TableState, TableView

MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND = 12
OUT_BONUS = 5
EXTEND_BONUS = 2
"""Points per added card, for the extender and the word's owner."""
ADVANCED_WORDS_TO_GO_OUT = 4
COOP_STOCKPILE = 6
COOP_LONG_WORD_BONUS = 5
"""Cooperative: points for each card of a new word over three."""
SILENT_E_BONUS = 5
YOUNGER_DEAL = (2, 4)
"""Younger players get 2 vowels and 4 consonants each turn."""
CENTRE_KEPT = 3
"""Two-player rules: the shortest words kept in the centre for the next round."""
TURNS_EACH_BEFORE_STALL = 40
"""A round (or a cooperative game) ends after this many turns each, whatever else (our ruling: it guarantees an end)."""
GOAL_START, GOAL_STEP = 100, 10

VARIANTS = ("basic", "advanced", "cooperative", "younger")
SCORINGS = ("simple", "mathematical")

Phase = Literal["draw", "play", "challenge", "round-over", "game-over", "centre", "order", "replace"]


@dataclass(frozen=True)
class GiftOptions(GameOptions):
    variant: str = option(
        "basic", "basic; advanced (replacement draws, four words to go out); cooperative (2 players, one team score "
        "against a goal); younger (vowels and consonants dealt each turn, change a letter, Silent E)", choices=VARIANTS)
    two_player: bool = option(
        False, "Two-player rules: centre words, the three shortest kept each round",
        applies=lambda o, players: players in (None, 2) and o.get("variant", "basic") in ("basic", "advanced"),
        when="only to two players in the basic or advanced game")
    rounds: int = option(4, "rounds to play (basic and advanced; the younger rules play one round per player, the "
                         "cooperative game one)", bounds=(1, 20),
                         applies=lambda o, players: o.get("variant", "basic") in ("basic", "advanced"),
                         when="only in the basic and advanced games (the younger players' game plays one round per "
                              "player, the cooperative game one)")
    scoring: str = option("simple", "younger players' scoring: simple (card points) or mathematical (points × letters)",
                          choices=SCORINGS, applies=lambda o, players: o.get("variant") == "younger",
                          when="only in the younger players' game (--variant younger)")
    goal: int = option(0, "cooperative: the team's target; 0 means the remembered goal (100 at first, +10 after a win, "
                       "-10 after a loss)", bounds=(0, 99_999), applies=lambda o, players: o.get("variant") == "cooperative",
                       when="only in the cooperative game (--variant cooperative)")
    goal_remembered: bool = option(False, "the goal is the remembered one, to be moved after the game", internal=True)

    def settled(self, players: int) -> "GiftOptions":
        if self.coop and players != 2:
            raise SetupError(f"the cooperative rules are for two players, not {players}")
        if self.two_player and (players != 2 or self.variant not in ("basic", "advanced")):
            raise SetupError("the two-player rules need two players and the basic or advanced game")
        return self

    @property
    def advanced(self) -> bool:
        return self.variant == "advanced"

    @property
    def coop(self) -> bool:
        return self.variant == "cooperative"

    @property
    def younger(self) -> bool:
        return self.variant == "younger"

    @property
    def target(self) -> int:
        return self.goal or GOAL_START

    def total_rounds(self, players: int) -> int:
        if self.coop:
            return 1
        return players if self.younger else self.rounds

    @staticmethod
    def words_per_round(players: int) -> int:
        """Younger rules: the round ends once this many words have been made."""
        return {2: 8, 3: 9}.get(players, 10)


OPTIONS = GiftOptions.declared()

@dataclass
class TableWord:
    """A word on the table: its cards in spelling order, the letters each gives, whose it is (None: the centre)."""

    id: int
    owner: int | None
    cards: list[str]
    letters: list[str]
    colour: str
    """The word's colour; ``black`` while every card is black (any colour may then be added)."""
    covered: list[str] = field(default_factory=list)
    """Younger rules: cards a changed letter was laid over (they stay with the word)."""

    @property
    def text(self) -> str:
        return "".join(self.letters)

    def copy(self) -> "TableWord":
        return TableWord(self.id, self.owner, list(self.cards), list(self.letters), self.colour, list(self.covered))


@dataclass(frozen=True)
class Pending:
    """The play now open to challenge, and how to take it back."""

    kind: str
    """``word``, ``extend``, ``change`` or ``silent``."""
    word: int
    before: TableWord | None
    """The word as it was (None for a new word)."""
    added: tuple[str, ...]
    lines_from: int
    """Score lines from this index on came from the play."""


@dataclass
class GiftState(TableState):
    """Phases: centre and order (two-player rules), draw, replace (replacement draws owed), play, challenge,
    round-over, game-over. ``stock`` is the face-down deck (the cooperative bonus deck; the younger rules'
    consonants), and ``discard`` the younger rules' shared discards."""

    phase: Phase = "draw"
    options: GiftOptions
    piles: list[list[str]] = field(default_factory=list)
    """Each seat's own face-up discard pile (top last)."""
    words: list[TableWord] = field(default_factory=list)
    next_word_id: int = 1
    acted: list[str] = field(default_factory=list)
    """What this turn has done: ``extend``, ``word``, ``change``, ``silent`` (each once a turn), ``barred``."""
    owed: int = 0
    """Replacement cards still to draw this turn."""
    took: tuple[int, str] | None = None
    """Cooperative: the pile a discard was taken from this turn, and the card (the turn must then make or
    extend a word, or put that card back)."""
    pending: Pending | None = None
    barred: list[int] = field(default_factory=list)
    """Seats that lost a challenge to a good new word: no new word on their next turn."""
    words_made: list[int] = field(default_factory=list)
    """New words each seat made this round."""
    out: int | None = None
    turns: int = 0
    latest: tuple[int, int, tuple[int, ...]] | None = None
    """The latest turn that played to the table: its number this round, its player, and the words it touched."""
    starter: int = 0
    """Who began this round (two-player rules: on a tie they go second next round)."""
    centre: list[str] = field(default_factory=list)
    """Two-player rules: cards turned up to find the first two centre words."""
    stockpiles: list[list[str]] = field(default_factory=list)
    """Cooperative: each player's face-down stockpile."""
    vowels: list[str] = field(default_factory=list)
    """Younger rules: the vowel pile (the consonants are ``stock``)."""
    silent: list[str] = field(default_factory=list)
    """Younger rules: Silent E cards not yet played."""

    @property
    def pending_word(self) -> int | None:
        """The word of the play open to challenge."""
        return self.pending.word if self.pending else None


@dataclass(frozen=True)
class GiftView(TableView):
    """What one seat may see: its own hand, and the table everyone sees (every pile's top card, every word)."""

    phase: Phase
    options: GiftOptions
    words: tuple[TableWord, ...]
    pile_tops: tuple[str | None, ...]
    pile_counts: tuple[int, ...]
    acted: tuple[str, ...]
    owed: int
    took: tuple[int, str] | None
    pending_word: int | None
    barred: tuple[int, ...]
    words_made: tuple[int, ...]
    out: int | None
    centre: tuple[str, ...]
    stockpile_counts: tuple[int, ...]
    vowel_count: int
    silent_left: int
    latest: tuple[int, int, tuple[int, ...]] | None
