"""A finished game move by move: every position from the deal to the end, for ``wordcards replay`` and the GCG export.

Pure (no Textual). A game is dealt again from its seed and each move is applied through the rules, as ``Match.load``
and the club's record do, so the rules stay the only source of truth; only the setup and the moves in notation are
needed, which a save file and the club's record both hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from wordcards.core.common import Event, Seat
from wordcards.core.errors import WordcardsError
from wordcards.core.game import Game
from wordcards.core.match import Match, check_setup
from wordcards.core.registry import find_game


class ReplayError(WordcardsError):
    """A game that cannot be dealt again, or whose moves do not replay."""


@dataclass(frozen=True)
class Ply:
    """One position of a replay: the move that led to it (none for the deal), who made it, what it did."""

    number: int
    """0 for the deal, then 1, 2, … for each move."""
    move: str
    """The move in notation ("" for the deal)."""
    seat: int | None
    """Who made it; None for the deal and for a move the game makes itself (the next round's deal)."""
    state: Any
    """The game's state after it."""
    events: tuple[Event, ...]
    """What it did, as the log says it."""
    totals: tuple[int, ...]
    """Every seat's score after it (``rules.totals``)."""

    def points(self, seat: int) -> int:
        """What this move changed ``seat``'s score by, as its events say."""
        return sum(event.points.get(seat, 0) for event in self.events)


@dataclass(frozen=True)
class Replay:
    spec: Game
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    seed: int
    plies: tuple[Ply, ...]
    """The deal, then one position after each move."""

    @property
    def moves(self) -> int:
        return len(self.plies) - 1

    @property
    def final(self) -> Ply:
        return self.plies[-1]

    @property
    def is_over(self) -> bool:
        return self.spec.rules.is_over(self.final.state)

    def log(self, upto: int) -> list[Event]:
        """Every event of the moves up to move ``upto``, as the game's log had them then."""
        return [event for ply in self.plies[1:upto + 1] for event in ply.events]


def replay(game: str | Game, seats: Sequence[Seat], options: dict[str, Any], seed: int,
           moves: Sequence[str]) -> Replay:
    """Deal ``game`` again and apply each move; ReplayError says which move does not replay, or why the setup does
    not make a game. ``moves`` are the history in notation, as a save file or the club's record keeps them."""
    try:
        spec = game if isinstance(game, Game) else find_game(game)
        check_setup(spec, list(seats), options, saved=True)
        state = spec.rules.new_game(list(seats), options, seed)
    except (WordcardsError, ValueError) as exc:
        raise ReplayError(f"the game cannot be dealt again: {exc}") from None
    rules = spec.rules
    mover = Match(spec, list(seats), options, seed, state)  # asked who makes each move, as the game is played
    plies = [Ply(0, "", None, state, (), tuple(rules.totals(state)))]
    for number, text in enumerate(moves, start=1):
        try:
            move = rules.parse_move(text)
            seat = mover.mover(move)
            state, events = rules.apply(state, move)
        except ValueError as exc:
            quoted = repr(text) if len(text) <= 60 else f"{text[:60]!r}… ({len(text)} characters)"
            raise ReplayError(f"move {number} ({quoted}) does not replay: {str(exc)[:200]}") from None
        mover.state = state
        plies.append(Ply(number, text, seat, state, tuple(events), tuple(rules.totals(state))))
    return Replay(spec, tuple(seats), dict(options), seed, tuple(plies))


def of_match(match: Match) -> Replay:
    """The replay of a match (one loaded from a save file, say): its setup and its history."""
    return replay(match.spec, match.seats, match.options, match.seed, match.history)
