"""The Gift Words deck, read from ``deck.json``: 96 coloured and black cards, and 4 Silent E cards.

Card ids are the letters, the colour's initial and a number: ``Pr1`` (red P),
``Kk1`` (the black K), ``QUk1`` (the black Qu), ``Es1`` (a Silent E).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from wordcards.core.cards import Card

COLOURS = ("red", "green", "blue")
BLACK, SILENT = "black", "silent"
"""Black cards count as any colour; Silent E cards belong to the younger players' rules only."""
INITIAL = {"red": "r", "green": "g", "blue": "b", BLACK: "k", SILENT: "s"}
VOWELS = frozenset("AEIOU")


@lru_cache(maxsize=None)
def _data() -> dict:
    return json.loads(resources.files(__package__).joinpath("deck.json").read_text())


@lru_cache(maxsize=None)
def values() -> dict[str, int]:
    """Points by the letters on the card; a Silent E scores nothing itself (its player gets a bonus)."""
    return dict(_data()["values"])


@lru_cache(maxsize=None)
def deck(silent_e: bool = False) -> dict[str, Card]:
    """Every card by id: the 96 of the game, and with ``silent_e`` the 4 Silent E cards too."""
    data = _data()
    cards: dict[str, Card] = {}

    def add(letters: str, colour: str, copies: int) -> None:
        for n in range(1, copies + 1):
            card_id = f"{letters}{INITIAL[colour]}{n}"
            cards[card_id] = Card(card_id, colour, letters)

    for colour in COLOURS:
        for letters, copies in data["colours"][colour].items():
            add(letters, colour, copies)
    for letters in data["black"]:
        add(letters, BLACK, 1)
    if silent_e:
        add("E", SILENT, data["silent_e"])
    return cards


def points(card: Card) -> int:
    return 0 if card.colour == SILENT else values()[card.letters]


def is_vowel(card: Card) -> bool:
    return card.letters in VOWELS
