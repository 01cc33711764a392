"""What every game shares: seats, options, events, score lines and move parsing."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from wordcards.core.cards import Card
from wordcards.core.errors import InvalidMove

COMPUTER_NAMES = ("Hal", "Ivy", "Rex", "Zoe", "Max", "Kit", "Ada", "Bo")


def computer_name(n: int, level: str) -> str:
    """A short default name for the n-th computer seat (from 0), with its level: ``Hal (hard)``."""
    return f"{COMPUTER_NAMES[n % len(COMPUTER_NAMES)]} ({level})"


@dataclass(frozen=True)
class Seat:
    name: str
    computer: str | None = None
    """None for a person, else the computer player's level (``easy``, ``hard``)."""

    @property
    def is_human(self) -> bool:
        return self.computer is None

    def to_json(self) -> dict:
        return {"name": self.name, "computer": self.computer}

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        return cls(str(data["name"]), data.get("computer"))


@dataclass(frozen=True)
class Option:
    """A game option: a setup-screen field and a ``--name`` flag of ``wordcards play``."""

    name: str
    default: Any
    help: str
    choices: tuple | None = None

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def convert(self, text: str) -> Any:
        if isinstance(self.default, bool):
            if text.lower() in ("1", "yes", "true", "on", ""):
                return True
            if text.lower() in ("0", "no", "false", "off"):
                return False
            raise ValueError(f"{self.flag} takes yes or no, not {text!r}")
        if isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"{self.flag} takes a whole number, not {text!r}") from None
        else:
            value = text
        if self.choices and value not in self.choices:
            raise ValueError(f"{self.flag} must be one of {', '.join(map(str, self.choices))}, not {text!r}")
        return value


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log; ``points`` maps seats to score changes.

    An event with no text only carries points (the log shows the events that explain them).
    """

    text: str
    points: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreLine:
    """One row of the score sheet: who, what, how it was reckoned, and the points."""

    seat: int
    round: int
    label: str
    detail: str
    points: int

    def __str__(self) -> str:
        return f"{self.label} {self.detail}".strip()


@dataclass(frozen=True)
class Challengeable:
    """A word that may be challenged now: its id in the game, its letters and its owner's name."""

    word_id: int
    text: str
    owner: str


def sheet_totals(lines: list[ScoreLine], players: int) -> list[int]:
    """Each seat's total: the sum of its score lines."""
    out = [0] * players
    for line in lines:
        out[line.seat] += line.points
    return out


def leaders(totals: list[int]) -> list[int]:
    """The seats with the highest total (several on a tie)."""
    return [seat for seat, total in enumerate(totals) if total == max(totals)]


def move_parser(*move_types: type) -> Callable[[str], Any]:
    """Build ``parse(text)`` that picks the move class by its first word (its ``KEYWORD``)."""
    by_keyword = {t.KEYWORD: t for t in move_types}

    def parse(text: str) -> Any:
        words = text.split()
        if not words:
            raise InvalidMove("empty move")
        kind = by_keyword.get(words[0].lower())
        if kind is None:
            raise InvalidMove(f"{text!r}: unknown move {words[0]!r} (moves: {', '.join(by_keyword)})")
        return kind.parse(words[1:])

    return parse


@dataclass
class TableState:
    """What every card game's state holds; each game's state adds its own parts.

    Every shuffle draws on ``rng``; ``history`` is every move in notation, so a
    game replays from its seed. Phases are named ``draw``, ``play``,
    ``challenge``, ``round-over`` and ``game-over``.
    """

    seats: list[Seat]
    options: Any
    seed: int
    rng: random.Random
    cards: Mapping[str, Card]
    round: int = 1
    dealer: int = 0
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    """Face down; the top card is the last."""
    discard: list[str] = field(default_factory=list)
    """Face up; the top card is the last."""
    current: int = 0
    phase: str = "draw"
    turn_start: int = 0
    """Index in the history of this turn's first move."""
    challenged: list[int] = field(default_factory=list)
    """Words already challenged this turn."""
    history: list[str] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def turn(self) -> tuple[int, int]:
        """Names this turn, so that computer players look at its words once."""
        return (self.round, self.turn_start)


@dataclass(frozen=True)
class TableView:
    """What one seat may see of any card game: its own hand and the public table.

    Each game's view adds its own public parts (words on the table, options).
    The shared table screen (``wordcards.tui.table``) reads only these fields.
    """

    seat: int
    seats: tuple[Seat, ...]
    cards: Mapping[str, Card]
    hand: tuple[str, ...]
    """This seat's cards; nobody else's are in the view."""
    hand_sizes: tuple[int, ...]
    stock_count: int
    discard_top: str | None
    discard_count: int
    current: int
    phase: str
    round: int
    dealer: int
    turn_start: int
    challenged: tuple[int, ...]
    sheet: tuple[ScoreLine, ...]


def table_view_fields(state: TableState, seat: int, sheet: list[ScoreLine]) -> dict[str, Any]:
    """The ``TableView`` fields of a state: ``seat``'s own hand, the sizes of the others, the piles' tops."""
    return dict(
        seat=seat, seats=tuple(state.seats), cards=state.cards, hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands), stock_count=len(state.stock),
        discard_top=state.discard[-1] if state.discard else None, discard_count=len(state.discard),
        current=state.current, phase=state.phase, round=state.round, dealer=state.dealer,
        turn_start=state.turn_start, challenged=tuple(state.challenged), sheet=tuple(sheet),
    )
