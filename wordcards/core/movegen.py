"""Every legal crossword placement of a rack, with cross-checks (Appel and Jacobson's anchor method).

For each direction, each *anchor* (an empty square beside a tile) starts
words: a left part from the rack (or the tiles already left of the anchor),
then letters to the right over empty and filled squares. A letter may go on a
square only if the word it makes the other way is a word (the square's
*cross-check*), and only while the letters so far begin some word (the
lexicon's prefix set). So every play returned makes only words of the list.

Down plays are found as across plays of the transposed grid.

The same search is compiled (``native/movegen.c``, built by ``pip install``)
over a compact trie, and runs whole, with no budget. The Python search here is
what it is checked against (tests/test_movegen.py), and what runs if the
compiled module is missing, as in a source checkout never installed: then a
node budget keeps a move quick, and the move never depends on the machine's
speed.
"""

from __future__ import annotations

import random
import string
from collections import Counter
from typing import Iterator, Mapping, NamedTuple

from wordcards.core.grid import ACROSS, DOWN, Cell, neighbours
from wordcards.core.lexicon import Lexicon

try:
    from _wordcards_movegen import Trie
except ImportError:  # not built: the Python search below stands in
    Trie = None  # type: ignore[assignment, misc]

WILD = "?"
ALPHABET = string.ascii_lowercase


class Play(NamedTuple):
    """New tiles in line order: each is (cell, letter, wild?)."""

    tiles: tuple[tuple[Cell, str, bool], ...]
    direction: str

    @property
    def wilds(self) -> int:
        return sum(wild for _, _, wild in self.tiles)

    @property
    def order(self) -> tuple:
        """A fixed order for placements, so a seeded game always goes the same way."""
        return self.direction, self.tiles


def compiled(lexicon: Lexicon) -> Trie:
    """The lexicon's compiled trie, built on first use (about 0.15 s for the default list)."""
    if lexicon.compiled is None:
        lexicon.compiled = Trie("\n".join(sorted(lexicon.words)).encode("ascii"))
    return lexicon.compiled


Box = tuple[int, int, int, int] | None
"""The squares a play may use (top row, left column, bottom row, right column), or None: any."""


class _OutOfBudget(Exception):
    pass


def generate(letters: Mapping[Cell, str], rack: str, lexicon: Lexicon, *,
             area: tuple[int, int, int, int] | None = None, centre: Cell = (0, 0),
             max_nodes: int = 60_000, rng: random.Random | None = None,
             max_tiles: int | None = None) -> list[Play]:
    """Every placement of tiles from ``rack`` (``?`` for a wild) on ``letters`` that makes only words.

    ``max_tiles`` caps the tiles one placement lays (Scrabble Fluxx's Play rule).
    ``area`` bounds a fixed board (top, left, bottom, right); None leaves the
    grid open. On an empty grid, words must cross ``centre``.

    The compiled search finds every play. The Python one tries at most ``max_nodes`` squares (half in each
    direction) and returns the plays found before that, so a seeded ``rng`` shuffles the anchors to spread a
    cut-short search over the grid.
    """
    if Trie is not None:
        return compiled(lexicon).generate(dict(letters), rack, area, centre, -1 if max_tiles is None else max_tiles,
                                          Play, ACROSS, DOWN)
    return python_search(letters, rack, lexicon, area=area, centre=centre, max_nodes=max_nodes, rng=rng,
                         max_tiles=max_tiles)


def python_search(letters: Mapping[Cell, str], rack: str, lexicon: Lexicon, *,
                  area: tuple[int, int, int, int] | None = None, centre: Cell = (0, 0),
                  max_nodes: int = 60_000, rng: random.Random | None = None,
             max_tiles: int | None = None) -> list[Play]:
    """``generate`` in Python, within ``max_nodes``."""
    found: dict[frozenset, Play] = {}
    for direction in (ACROSS, DOWN):
        if direction == ACROSS:
            grid, box, middle = letters, area, centre
        else:
            grid = {(c, r): ch for (r, c), ch in letters.items()}
            box = area and (area[1], area[0], area[3], area[2])
            middle = (centre[1], centre[0])
        # A fresh search for each direction: a search cut short leaves its rack counts half taken.
        # Each direction gets half the budget, so a cut-short search still finds plays both ways.
        search = _Search(lexicon, rack, max_tiles, max_nodes // 2)
        for tiles in search.across(grid, box, middle, rng):
            if direction == DOWN:
                tiles = tuple(((c, r), ch, w) for (r, c), ch, w in tiles)
            found.setdefault(frozenset(tiles), Play(tiles, direction))
    return list(found.values())


class _Search:
    def __init__(self, lexicon: Lexicon, rack: str, max_tiles: int | None, nodes: int):
        self.words = lexicon.words
        self.prefixes = lexicon.prefixes
        self.follow = lexicon.follow
        self.counts = Counter(rack)
        self.wilds = self.counts.pop(WILD, 0)
        self.nodes = nodes
        """Squares still to try."""
        self.size = sum(self.counts.values()) + self.wilds
        if max_tiles is not None:
            self.size = min(self.size, max_tiles)

    def across(self, grid: Mapping[Cell, str], box: Box, centre: Cell,
               rng: random.Random | None = None) -> Iterator[tuple[tuple[Cell, str, bool], ...]]:
        """Yield the tiles of every across play on ``grid`` (anchors in ``rng``'s order if given)."""
        if grid:
            anchors = {n for cell in grid for n in neighbours(cell) if n not in grid and self._inside(n, box)}
        else:
            anchors = {centre}
        self.grid, self.box = grid, box
        self.cross: dict[Cell, frozenset | None] = {}
        order = sorted(anchors)
        if rng is not None:
            rng.shuffle(order)
        for row, anchor in order:
            if self._cross(row, anchor) == frozenset():
                continue  # no letter fits here
            self.out: list[tuple] = []
            try:
                self._from_anchor(row, anchor, anchors)
            except _OutOfBudget:
                yield from self.out  # the plays this anchor found before the budget ran out still count
                return
            yield from self.out

    # ------------------------------------------------------------ one anchor

    def _from_anchor(self, row: int, anchor: int, anchors: set[Cell]) -> None:
        grid = self.grid
        self.row, self.anchor = row, anchor
        if (row, anchor - 1) in grid:
            start = anchor - 1
            while (row, start - 1) in grid:
                start -= 1
            prefix = "".join(grid[row, c] for c in range(start, anchor))
            if prefix in self.prefixes:
                self._extend(prefix, anchor, [])
            return
        room = 0
        col = anchor - 1
        while (room < self.size - 1 and (row, col) not in grid and (row, col) not in anchors
               and self._inside((row, col), self.box)):
            room += 1
            col -= 1
        self._left("", [], room)

    def _left(self, prefix: str, placed: list, room: int) -> None:
        start = self.anchor - len(placed)
        self._extend(prefix, self.anchor, [(start + i, ch, w) for i, (ch, w) in enumerate(placed)])
        if room == 0:
            return
        counts = self.counts
        for ch in self.follow(prefix):
            if counts[ch]:
                counts[ch] -= 1
                placed.append((ch, False))
                self._left(prefix + ch, placed, room - 1)
                placed.pop()
                counts[ch] += 1
            if self.wilds:
                self.wilds -= 1
                placed.append((ch, True))
                self._left(prefix + ch, placed, room - 1)
                placed.pop()
                self.wilds += 1

    def _extend(self, prefix: str, col: int, placed: list) -> None:
        self.nodes -= 1
        if self.nodes < 0:
            raise _OutOfBudget
        row = self.row
        letter = self.grid.get((row, col))
        if letter is not None:
            if prefix + letter in self.prefixes:
                self._extend(prefix + letter, col + 1, placed)
            return
        if col > self.anchor and placed and len(prefix) >= 2 and prefix in self.words:
            self.out.append(tuple(((row, c), ch, w) for c, ch, w in placed))
        if not self._inside((row, col), self.box) or len(placed) >= self.size:
            return
        allowed = self._cross(row, col)
        counts = self.counts
        for ch in self.follow(prefix):
            if allowed is not None and ch not in allowed:
                continue
            if counts[ch]:
                counts[ch] -= 1
                placed.append((col, ch, False))
                self._extend(prefix + ch, col + 1, placed)
                placed.pop()
                counts[ch] += 1
            if self.wilds:
                self.wilds -= 1
                placed.append((col, ch, True))
                self._extend(prefix + ch, col + 1, placed)
                placed.pop()
                self.wilds += 1

    # ------------------------------------------------------------ helpers

    def _cross(self, row: int, col: int) -> frozenset | None:
        """The letters that may go on (row, col) given the tiles above and below it; None if there are none."""
        if (row, col) not in self.cross:
            grid = self.grid
            up, r = [], row - 1
            while (r, col) in grid:
                up.append(grid[r, col])
                r -= 1
            down, r = [], row + 1
            while (r, col) in grid:
                down.append(grid[r, col])
                r += 1
            if not up and not down:
                self.cross[row, col] = None
            else:
                before, after = "".join(reversed(up)), "".join(down)
                self.cross[row, col] = frozenset(ch for ch in ALPHABET if before + ch + after in self.words)
        return self.cross[row, col]

    @staticmethod
    def _inside(cell: Cell, box: Box) -> bool:
        return box is None or (box[0] <= cell[0] <= box[2] and box[1] <= cell[1] <= box[3])
