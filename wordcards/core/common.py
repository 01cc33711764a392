"""What every game shares: seats, options, events, score lines and move parsing."""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping

from wordcards.core.cards import Card
from wordcards.core.errors import InvalidMove

COMPUTER_NAMES = ("Hal", "Ivy", "Rex", "Zoe", "Max", "Kit", "Ada", "Bo")
NAME_WIDTH = 16
"""The widest name, in terminal columns (a wide character takes two): it fits the score board's line."""
UNSEEN = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
"""Unicode categories a name may not hold: control and format characters (escape codes, bidi overrides),
private, unassigned and line-breaking ones."""


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or None.

    Every way a name comes in (``--player``, the setup screen, a save file) is a
    ``Seat``, and a ``Seat`` checks its name here, so the screens can show any
    name as it is.
    """
    if not isinstance(name, str) or not name.strip():
        return "a name needs at least one letter or digit"
    if name != name.strip():
        return f"{name!r}: a name may not start or end with a space"
    if any(unicodedata.category(ch) in UNSEEN for ch in name):
        return f"{name.encode('unicode_escape').decode()[:40]!r}: a name may not hold control or invisible characters"
    width = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in name)
    if width > NAME_WIDTH:
        return f"{name[:NAME_WIDTH]}…: a name may be at most {NAME_WIDTH} characters long"
    return None


def printable(text: str) -> str:
    """``text`` (from a file, a path or an argument) with every control or invisible character written out as an
    escape (``\\x1b``), so that showing it can never drive the terminal: retitle a window, move the cursor."""
    return "".join(ch.encode("unicode_escape").decode() if unicodedata.category(ch) in UNSEEN else ch for ch in text)


def computer_name(n: int, level: str) -> str:
    """A short default name for the n-th computer seat (from 0), with its level: ``Hal (hard)``."""
    return f"{COMPUTER_NAMES[n % len(COMPUTER_NAMES)]} ({level})"


@dataclass(frozen=True)
class Seat:
    name: str
    computer: str | None = None
    """None for a person, else the computer player's level (``easy``, ``hard``)."""

    def __post_init__(self) -> None:
        problem = name_problem(self.name)
        if problem:
            raise ValueError(problem)

    @property
    def is_human(self) -> bool:
        return self.computer is None

    def to_json(self) -> dict:
        return {"name": self.name, "computer": self.computer}

    @classmethod
    def from_json(cls, data: object) -> "Seat":
        """A seat from a save file; ValueError says what is wrong with it."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError("a seat is a name and a computer level")
        computer = data.get("computer")
        if computer is not None and not isinstance(computer, str):
            raise ValueError(f"{data['name']}: the computer level must be a name like hard")
        return cls(data["name"], computer)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log; ``points`` maps seats to score changes.

    An event with no text only carries points (the log shows the events that explain them).
    """

    text: str
    points: dict[int, int] = field(default_factory=dict)
    words: tuple[str, ...] = ()
    """The words this event put on the table (the log shows what each means)."""


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


MAX_MOVE_LENGTH = 600
"""Longer than any move a game can need (a FEZ word of every card in a hand is under 300)."""
NUMBER = re.compile(r"-?[0-9]{1,6}")


def counted(n: int, noun: str) -> str:
    """``1 tile``, ``2 tiles``: a number and its noun, plural unless one (``noun`` is the singular)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def quoted(text: str, limit: int = 24) -> str:
    """``text`` quoted for a message and cut short: a message never repeats a long input whole."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def whole_number(text: str, what: str, *, signed: bool = False) -> int:
    """``text`` read as a whole number of at most six ASCII digits; anything else is an InvalidMove.

    ``str.isdigit`` would let through ``²`` and 5,000-digit strings, which ``int`` then refuses or chokes on.
    """
    if not NUMBER.fullmatch(text) or (text.startswith("-") and not signed):
        raise InvalidMove(f"{what} must be a {'' if signed else 'small '}whole number, not {quoted(text)}")
    return int(text)


def move_parser(*move_types: Any) -> Callable[[str], Any]:
    """Build ``parse(text)`` that picks the move class by its first word (its ``KEYWORD``)."""
    by_keyword = {t.KEYWORD: t for t in move_types}

    def parse(text: str) -> Any:
        if len(text) > MAX_MOVE_LENGTH:
            raise InvalidMove(f"a move of {len(text):,} characters is too long to be one")
        words = text.split()
        if not words:
            raise InvalidMove("empty move")
        kind = by_keyword.get(words[0].lower())
        if kind is None:
            raise InvalidMove(f"unknown move {quoted(words[0])} (moves: {', '.join(by_keyword)})")
        return kind.parse(words[1:])

    return parse


Phase = Literal["draw", "play", "challenge", "round-over", "game-over"]
"""The phases the shared table knows. A game with more names its own Literal, these among them, and states and views
declare ``phase`` with it, so that a misspelt phase is a type error (mypy's strict equality)."""


@dataclass
class TableState:
    """What every card game's state holds; each game's state adds its own parts.

    Every shuffle draws on ``rng``; ``history`` is every move in notation, so a
    game replays from its seed. Phases are named ``draw``, ``play``,
    ``challenge``, ``round-over`` and ``game-over``.

    A move changes a copy (``rulekit.clone_table``), which copies each list and
    dict field with the lists and dicts in it; a part that changes in place
    (a word that grows) has a ``copy()`` method, which the copy calls.
    ``cards``, ``seats`` and ``options`` never change, so copies share them.
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
    """Words already challenged this turn (Quiddler: this round, whose words stay open until the next deal)."""
    history: list[str] = field(default_factory=list)
    lines: list[ScoreLine] = field(default_factory=list)
    """The score sheet's lines (FEZ: of the rounds already closed; its sheet adds what the table holds now)."""

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
