"""Word Whiz scoring at the end of a round: every word by length, to every player with a tile in it, and +5 for going out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from wordcards.core.grid import Cell, all_words
from wordcards.core.common import ScoreLine
from wordcards.core.placing import Placed
from wordcards.games.word_whiz.tiles import FINISH_BONUS, word_points


@dataclass(frozen=True)
class WordRow:
    """One row of the round's word table."""

    text: str
    key: str
    seats: tuple[int, ...]
    """Every player with a tile in the word."""
    struck: bool

    @property
    def points(self) -> int:
        """What the word pays each of its players: nothing when struck or shorter than four letters."""
        return 0 if self.struck else word_points(len(self.text))


def word_table(grid: Mapping[Cell, Placed], struck: set[str]) -> list[WordRow]:
    """Every word on the crossword, top to bottom, with its players and what it pays each."""
    words = all_words({cell: p.letter for cell, p in grid.items()})
    return [WordRow(w.text.upper(), w.key, tuple(sorted({grid[c].seat for c in w.cells})), w.key in struck)
            for w in words]


def bonus_seats(rows: list[WordRow], finisher: int | None, unplayed: list[int]) -> tuple[list[int], str]:
    """Who gets the first-finish bonus, and why.

    The finisher keeps it unless a struck word holds one of their tiles; then
    it goes to the player (players, on a tie) with the fewest tiles left.
    """
    if finisher is None:
        return [], "nobody went out"
    lost = [row.text for row in rows if row.struck and finisher in row.seats]
    if not lost:
        return [finisher], "went out first"
    others = [seat for seat in range(len(unplayed)) if seat != finisher]
    fewest = min(unplayed[seat] for seat in others)
    return [seat for seat in others if unplayed[seat] == fewest], f"fewest tiles left ({fewest}); {lost[0]} was struck"


def round_lines(grid: Mapping[Cell, Placed], struck: set[str], finisher: int | None, unplayed: list[int],
                names: list[str], round_no: int) -> list[ScoreLine]:
    rows = word_table(grid, struck)
    lines = []
    for row in rows:
        if row.points:
            players = ", ".join(names[s] for s in row.seats)
            for seat in row.seats:
                lines.append(ScoreLine(seat, round_no, row.text, f"({len(row.text)} letters: {players})", row.points))
    seats, why = bonus_seats(rows, finisher, unplayed)
    for seat in seats:
        lines.append(ScoreLine(seat, round_no, "first-finish bonus", f"({why})", FINISH_BONUS))
    return lines
