"""FEZ's two packs, read from ``packs.json`` (made by scripts/make_fez_packs.py)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from wordcards.core.cards import LETTER_VALUES, Card

HAND_SIZE = 5


@lru_cache(maxsize=None)
def pack_data() -> tuple[tuple[dict, ...], ...]:
    data = json.loads(resources.files(__package__).joinpath("packs.json").read_text())
    return tuple(tuple(p["cards"]) for p in data["packs"])


@lru_cache(maxsize=None)
def deck(packs: int = 1) -> dict[str, Card]:
    """Every card of the first ``packs`` packs by id, e.g. ``1r07`` is pack 1's seventh red card."""
    cards: dict[str, Card] = {}
    for number, pack in enumerate(pack_data()[:packs], start=1):
        counts = {"red": 0, "black": 0}
        for entry in pack:
            colour = entry["colour"]
            counts[colour] += 1
            card_id = f"{number}{colour[0]}{counts[colour]:02d}"
            cards[card_id] = Card(card_id, colour, entry.get("letters", ""), entry.get("kind", "letter"))
    return cards


def face_value(card: Card) -> int:
    """Both letters count when a card is left in the hand; blanks and stars are worth 0."""
    return sum(LETTER_VALUES[c] for c in card.letters) if card.kind == "letter" else 0


@lru_cache(maxsize=None)
def options(card: Card) -> tuple[str, ...]:
    """The letter strings a card can show: either letter alone, or both in either order."""
    if card.kind == "blank":
        return tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if card.kind == "star":
        return ()
    a, b = card.letters[0], card.letters[1]
    return tuple(dict.fromkeys([a, b, a + b, b + a]))
