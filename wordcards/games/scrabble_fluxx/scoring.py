"""Scrabble scoring under the rules in force: premium squares, blanks, word-length rules and the bonuses.

Each word becomes one score line that shows how it was reckoned:
``QUIT (Q10×2 U1 I1 T1) ×3 = 39``: Q on a double letter, the word on a triple word.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from wordcards.core.cards import LETTER_VALUES, Card
from wordcards.core.grid import Cell, GridWord, other, run_through, step, words_through
from wordcards.core.placing import Placed, letters_of
from wordcards.core.common import ScoreLine, counted
from wordcards.games.scrabble_fluxx.deck import BINGO_TILES, premiums, tile_value
from wordcards.games.scrabble_fluxx.state import InForce

BINGO, SINGLE_WORD = 50, 10
LETTER_TIMES = {"DL": 2, "TL": 3}
WORD_TIMES = {"DW": 2, "TW": 3}


def word_line(board: Mapping[Cell, Placed], cards: Mapping[str, Card], word: GridWord, new: set[Cell],
              rules: InForce, seat: int, round_no: int) -> ScoreLine:
    """One word's score; ``board`` already holds the new tiles, whose squares are ``new``."""
    squares = premiums()
    parts, total, times = [], 0, 1
    for cell in word.cells:
        placed = board[cell]
        card = cards[placed.tile]
        blank = card.kind == "blank"
        value = _board_value(card, placed.letter, rules)
        premium = squares.get(cell) if rules.premiums != "plain" and (cell in new or rules.premiums == "twice") else None
        letter_times = LETTER_TIMES.get(premium or "", 1)
        times *= WORD_TIMES.get(premium or "", 1)
        total += value * letter_times
        shown = placed.letter if blank else placed.letter.upper()  # a blank shows in lower case
        parts.append(f"{shown}{value}" + (f"×{letter_times}" if letter_times > 1 else ""))
    detail = f"({' '.join(parts)})" + (f" ×{times}" if times > 1 else "")
    total *= times
    if (rules.length == "long" and len(word.cells) >= 6) or (rules.length == "short" and len(word.cells) <= 3):
        total *= 2
        detail += f" ×2 {rules.length} words"
    return ScoreLine(seat, round_no, word.text.upper(), detail, total)


def placement_lines(board: Mapping[Cell, Placed], cards: Mapping[str, Card], new: Iterable[Cell], rules: InForce,
                    seat: int, round_no: int) -> list[ScoreLine]:
    """Every word a placement makes, scored; ``board`` already holds the new tiles."""
    new = set(new)
    return [word_line(board, cards, word, new, rules, seat, round_no)
            for word in words_through(letters_of(board), new)]


def bonus_lines(board: Mapping[Cell, Placed], turn_cells: set[Cell], single_word_due: bool, rules: InForce,
                seat: int, round_no: int) -> list[ScoreLine]:
    """The seven-tile bonus for each word holding seven or more of this turn's tiles, and the single-word
    bonus when one word holds them all and the Play rule was met (``single_word_due``)."""
    out = []
    words = words_through(letters_of(board), turn_cells)
    for word in words:
        laid = len(turn_cells.intersection(word.cells))
        if laid >= BINGO_TILES:
            out.append(ScoreLine(seat, round_no, "seven-tile bonus", f"({laid} tiles in {word.text.upper()})",
                                 BINGO * rules.bonus))
    if single_word_due and any(turn_cells <= set(word.cells) for word in words):
        tiles = counted(len(turn_cells), 'tile')
        out.append(ScoreLine(seat, round_no, "single-word bonus", f"({tiles}, one word)", SINGLE_WORD * rules.bonus))
    return out


class QuickScorer:
    """What the first placement of a turn scores on one board, bonuses included: ``placement_lines`` and
    ``bonus_lines`` summed without building score lines, for computer players that weigh thousands of placements.

    A cross word is the new tile and the board's letters in line with it, so the board's part of it is worked
    out once per square and direction.
    """

    def __init__(self, board: Mapping[Cell, Placed], cards: Mapping[str, Card], rules: InForce):
        self.board, self.rules = board, rules
        self.squares = premiums() if rules.premiums != "plain" else {}
        self.values = {cell: _board_value(cards[p.tile], p.letter, rules) for cell, p in board.items()}
        self.around: dict[tuple[Cell, str], tuple[list[Cell], list[Cell]]] = {}

    def points(self, tiles: Sequence[tuple[Cell, str, bool]], direction: str, single_word_due: bool) -> int:
        """``tiles`` are (cell, letter, wild?) in line order along ``direction``, joined to the board with no gap,
        as ``core.movegen`` makes them."""
        rules = self.rules
        new = {cell: LETTER_VALUES[letter.upper()] if not wild or rules.blanks == "letter" else 0
               for cell, letter, wild in tiles}
        before, after = self._board_around(tiles[0][0], direction)
        if len(tiles) > 1:
            after = self._board_around(tiles[-1][0], direction)[1]
        first, last = tiles[0][0], tiles[-1][0]
        middle = [first] if first == last else list(_cells_between(first, last, direction))
        total = self._word(before + middle + after, new)
        cross = other(direction)
        for cell, _, _ in tiles:
            above, below = self._board_around(cell, cross)
            total += self._word(above + [cell] + below, new)
        if len(tiles) >= BINGO_TILES:
            total += BINGO * rules.bonus
        return total + (SINGLE_WORD * rules.bonus if single_word_due else 0)

    def _board_around(self, cell: Cell, direction: str) -> tuple[list[Cell], list[Cell]]:
        """The board's letters in line with ``cell`` before it and after it, with no gap."""
        key = (cell, direction)
        if key not in self.around:
            run = run_through(self.board.__contains__, cell, direction)
            at = run.index(cell)
            self.around[key] = run[:at], run[at + 1:]
        return self.around[key]

    def _word(self, cells: list[Cell], new: Mapping[Cell, int]) -> int:
        if len(cells) < 2:
            return 0
        points, times = 0, 1
        twice = self.rules.premiums == "twice"
        for cell in cells:
            fresh = cell in new
            premium = self.squares.get(cell) if fresh or twice else None
            points += (new[cell] if fresh else self.values[cell]) * LETTER_TIMES.get(premium or "", 1)
            times *= WORD_TIMES.get(premium or "", 1)
        points *= times
        length = self.rules.length
        if (length == "long" and len(cells) >= 6) or (length == "short" and len(cells) <= 3):
            points *= 2
        return points


def _board_value(card: Card, letter: str, rules: InForce) -> int:
    return LETTER_VALUES[letter.upper()] if card.kind == "blank" and rules.blanks == "letter" else tile_value(card)


def _cells_between(first: Cell, last: Cell, direction: str) -> Iterable[Cell]:
    at = first
    while at != last:
        yield at
        at = step(at, direction)
    yield last


def rack_value(cards: Mapping[str, Card], tiles: Iterable[str]) -> int:
    return sum(tile_value(cards[t]) for t in tiles)
