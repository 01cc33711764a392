"""A game's UI adapter: how its table reads, as pure functions of one seat's view.

``GameTable`` draws what every game shares (status line, score board, piles,
hand, summaries) and asks the adapter for each part that differs between
games. The adapter holds no state and never sees the match, so it is tested
without Textual. A game's definition names its adapter (``Game.ui``), and the
adapter names the screen class that adds the game's own keys and input modes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Mapping, TypeVar

from rich.text import Text

from wordcards.core.common import TableView, sheet_totals
from wordcards.core.moves import Done, EndTurn, NextRound
from wordcards.core.rulekit import can_draw
from wordcards.tui.widgets import Face, Pile, ScoreRow

if TYPE_CHECKING:
    from wordcards.tui.table import GameTable

V = TypeVar("V", bound=TableView)


@dataclass(frozen=True)
class Entry:
    """The word entry: its placeholder, the characters it takes, and its length."""

    hint: str = "type a word"
    chars: str = r"[A-Za-z]*"
    length: int = 20


COMMON_MOVES = {EndTurn: "end the turn (no challenge)", Done: "end the turn without discarding",
                NextRound: "deal the next round"}
"""The shared moves as a player says them, for a hint."""


def names(view: TableView) -> list[str]:
    return [seat.name for seat in view.seats]


def stock_gone(view: TableView) -> bool:
    """The stock is empty and cannot be made again from the discards: only the top discard can be taken."""
    return not can_draw(view.stock_count, view.discard_count)


class TableUI(Generic[V]):
    """The default reading of a table; a game overrides what its table shows differently."""

    screen: ClassVar[type[GameTable[Any]]]
    """The screen class: the game's keys and input modes on the shared turn flow."""
    keys: ClassVar[str] = ""
    """The game's own keys, as Markdown table rows after the header (the keys every game has follow)."""
    phase_hints: ClassVar[Mapping[str, str]] = {}
    """The status line's hint for the person to move, by phase."""
    empty_stock_hint: ClassVar[str] = ""
    """The draw phase's hint once only the discard can be taken (``stock_gone``), in a game that draws from a
    stock."""
    hand_phases: ClassVar[tuple[str, ...]] = ("draw", "play")
    """The phases in which the mover's hand is on show when several people share the screen."""
    cursor_phases: ClassVar[tuple[str, ...]] = ()
    """The phases in which ←/→ pick a card (hands can outgrow the digit keys)."""
    challenge_stakes: ClassVar[str] = ""
    """What a challenge costs the player and the challenger, for the challenge dialog (said before anyone picks)."""
    numbered_hand: ClassVar[bool] = True
    """Whether the hand's cards show the keys that pick them (not where letters are typed onto a crossword)."""
    table_title: ClassVar[str] = ""
    entry: ClassVar[Entry | None] = Entry()
    """None for a game whose typing goes elsewhere (onto a crossword): no word entry shows."""

    def face(self, view: V, card_id: str) -> Face:
        """How one of the viewer's cards shows."""
        card = view.cards[card_id]
        return Face(card.label, card.colour)

    def piles(self, view: V, own: bool) -> tuple[Pile, ...]:
        """The piles line (the stock and one discard pile); ``own``: the viewer's hand is on show."""
        top = self.face(view, view.discard_top) if view.discard_top else None
        return Pile("Stock", view.stock_count), Pile("Discard", view.discard_count, top)

    def seat_note(self, view: V, seat: int) -> tuple[str, str]:
        """The score board's line under a seat's name and its colour ("" and "": the cards it holds)."""
        return "", ""

    def last_player(self, view: V) -> int | None:
        """Who made the latest play to the table (their name is highlighted with it), or None."""
        return None

    def score_rows(self, view: V) -> tuple[ScoreRow, ...]:
        """The score board: each seat's total, cards held and note; the seat to move and the latest player marked."""
        totals = sheet_totals(list(view.sheet), len(view.seats))
        last = self.last_player(view)
        return tuple(ScoreRow(seat.name, totals[i], view.hand_sizes[i], not seat.is_human, i == view.current,
                              *self.seat_note(view, i), last=i == last) for i, seat in enumerate(view.seats))

    def cursor_cards(self, view: V) -> tuple[str, ...]:
        """The cards ←/→ walk."""
        return view.hand

    def phase_text(self, view: V) -> str | None:
        """The status line's hint for the person to move."""
        if view.phase == "draw" and self.empty_stock_hint and stock_gone(view):
            return self.empty_stock_hint
        return self.phase_hints.get(view.phase)

    def round_text(self, view: V) -> str:
        return f"Round {view.round}"

    def headline(self, view: V, winners: str, best: int, ending: str) -> str:
        """The first line of a round summary or the game-over screen; ``ending`` is the game's own last word."""
        if view.phase == "game-over":
            return f"{winners} win{'s' if ' and ' not in winners else ''} with {best}."
        return f"Round {view.round} is over."

    def say_move(self, view: V, move: Any) -> str | None:
        """``move`` (by the viewer) as a player would say it, for a hint's headline: "ZAX across from G9", "draw
        from the stock"; None lets the log's words say it."""
        return COMMON_MOVES.get(type(move))

    def summary_extra(self, view: V) -> Any:
        """Something to show above a summary's score lines (a Rich renderable), or None."""
        return None

    def other_cards(self, view: V) -> Text | None:
        """The viewer's private cards besides the hand (Scrabble Fluxx's Fluxx hand), for a replay that shows every
        seat's; None when the game has none."""
        return None
