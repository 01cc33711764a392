"""Word Whiz's four tile sets, read from ``tiles.json``.

Tile ids are the set's initial and a number: ``R01`` to ``R27`` are red,
``R26`` and ``R27`` its wild tiles (cards of kind ``blank``, which can be any letter).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from wordcards.core.cards import Card

COLOURS = ("red", "blue", "green", "yellow")
HAND = 7
START_PULL = 12
START_WORD = 5
POINTS = {4: 2, 5: 3, 6: 5, 7: 8}
LONG_WORD_POINTS = 13
"""Eight letters or more."""
FINISH_BONUS = 5


@lru_cache(maxsize=None)
def data() -> dict:
    return json.loads(resources.files(__package__).joinpath("tiles.json").read_text())


def set_letters(colour: str) -> str:
    """The 25 letters of a set (its wild tiles not included), upper case."""
    return data()["core"] + data()["sets"][colour]


@lru_cache(maxsize=None)
def tiles() -> dict[str, Card]:
    """All 108 tiles by id."""
    out: dict[str, Card] = {}
    for colour in COLOURS:
        letters = set_letters(colour) + "?" * data()["wilds"]
        for n, letter in enumerate(letters, start=1):
            tile_id = f"{colour[0].upper()}{n:02d}"
            out[tile_id] = Card(tile_id, colour, "" if letter == "?" else letter, "blank" if letter == "?" else "letter")
    return out


def tiles_of(colour: str) -> list[str]:
    return [t for t, card in tiles().items() if card.colour == colour]


def word_points(length: int) -> int:
    """The rulebook's length table: 4 letters 2, 5 3, 6 5, 7 8, 8 or more 13; shorter words nothing."""
    return LONG_WORD_POINTS if length >= 8 else POINTS.get(length, 0)


def colour_for(seat: int, round_no: int) -> str:
    """Each round the sets pass to the left; with fewer than four players the unused sets rotate in."""
    return COLOURS[(seat - (round_no - 1)) % len(COLOURS)]
