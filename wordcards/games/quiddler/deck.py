"""Quiddler's deck, read from ``deck.json``: the published 118 cards, or one card of each pair (59)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from wordcards.core.cards import Card

COLOUR = "plain"
"""Quiddler cards have no suits; the colour only tells the UI how to draw them."""


@lru_cache(maxsize=None)
def card_table() -> tuple[tuple[str, int, int], ...]:
    """(letters, points, copies in the 118-card deck) for each kind of card."""
    data = json.loads(resources.files(__package__).joinpath("deck.json").read_text())
    return tuple((letters, points, copies) for letters, points, copies in data["cards"])


@lru_cache(maxsize=None)
def values() -> dict[str, int]:
    """Points by the letters on the card: ``values()["QU"] == 9``."""
    return {letters: points for letters, points, _ in card_table()}


@lru_cache(maxsize=None)
def deck(long_game: bool = False) -> dict[str, Card]:
    """Every card by id (``QU1``, ``A7``): all 118 for the long game, else half of each count."""
    cards: dict[str, Card] = {}
    for letters, _, copies in card_table():
        for n in range(1, (copies if long_game else copies // 2) + 1):
            card_id = f"{letters}{n}"
            cards[card_id] = Card(card_id, COLOUR, letters)
    return cards


def points(card: Card) -> int:
    return values()[card.letters]

