"""From a typed word to the cards that make it.

A player types FEZ; the program finds which hand cards spell it (either letter
of a digram card, both letters in either order, a blank for any letter), ranks
the choices by score, and offers the best first. Lay-offs work the same way
around the cards already in a word. Bots use the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator, Mapping, Sequence

from wordcards.core.cards import Card
from wordcards.games.fez import cards as fez_cards
from wordcards.games.fez.moves import LayOff, MakeWord, Piece
from wordcards.games.fez.scoring import layoff_record, score_word
from wordcards.games.fez.played import Placed, TableWord

MAX_CHOICES = 64


@dataclass(frozen=True)
class Choice:
    move: MakeWord | LayOff
    points: int
    """What the move adds to the mover's score (the owner's word score included when it is theirs)."""
    detail: str


def _extend(word: str, old: Sequence[Placed], hand: Sequence[Card], used: frozenset[str] = frozenset(),
            added: bool = False) -> Iterator[tuple[Piece, ...]]:
    """Ways to make ``word`` from the old pieces, in order, with hand cards put around and between them.

    With no old pieces and ``added=True`` this is simply the ways to spell ``word`` from the hand.
    """
    if not word and not old:
        if added:
            yield ()
        return
    if old and word.startswith(old[0].letters):
        for rest in _extend(word[len(old[0].letters):], old[1:], hand, used, added):
            yield (Piece(old[0].card, old[0].letters), *rest)
    if not word:
        return
    for card in hand:
        if card.id in used:
            continue
        for letters in fez_cards.options(card):
            if word.startswith(letters):
                for rest in _extend(word[len(letters):], old, hand, used | {card.id}, True):
                    yield (Piece(card.id, letters), *rest)


def _star_sets(stars: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [combo for n in range(len(stars), -1, -1) for combo in combinations(stars, n)]


def word_choices(text: str, hand: Sequence[Card], cards: Mapping[str, Card], nasty_flush: bool,
                 seat: int = 0) -> list[Choice]:
    """Every way to play ``text`` as a new word, best score first."""
    text = text.upper()
    letters = [c for c in hand if c.kind != "star"]
    stars = [c for c in hand if c.kind == "star"]
    found: dict[tuple, Choice] = {}
    for spelled in _extend(text, (), letters, added=True):
        for star_set in _star_sets(stars):
            pieces = tuple(Piece(s.id, "") for s in star_set) + spelled
            table_word = TableWord(0, seat, 0, [Placed(p.card, p.letters, seat, 0) for p in pieces])
            score = score_word(cards, table_word, nasty_flush)
            found.setdefault(pieces, Choice(MakeWord(pieces), score.points, score.detail))
            if len(found) >= MAX_CHOICES * 4:
                break
    return _ranked(found.values())


def layoff_choices(text: str, word: TableWord, hand: Sequence[Card], cards: Mapping[str, Card],
                   nasty_flush: bool, seat: int) -> list[Choice]:
    """Every way to turn ``word`` into ``text`` by adding hand cards, best score first."""
    text = text.upper()
    letters = [c for c in hand if c.kind != "star"]
    stars = [c for c in hand if c.kind == "star"] if word.owner == seat else []
    owner_before = score_word(cards, word, nasty_flush).points
    found: dict[tuple, Choice] = {}
    if text == word.text:
        spellings = [tuple(Piece(p.card, p.letters) for p in word.pieces)]
    else:
        spellings = list(_extend(text, word.pieces, letters))
    for spelled in spellings:
        for star_set in _star_sets(stars):
            if text == word.text and not star_set:
                continue
            pieces = tuple(Piece(s.id, "") for s in star_set) + spelled
            old_ids = {p.card for p in word.pieces}
            added = [Placed(p.card, p.letters, seat, -1) for p in pieces if p.card not in old_ids]
            record = layoff_record(cards, word, added, seat, -1)
            gain = record.points
            parts = [f"+{record.letters} ({record.face}{' ×2 flush' if record.flush_kept else ''})"] if record.letters else []
            after = TableWord(word.id, word.owner, word.created,
                              [next((o for o in word.pieces if o.card == p.card), None) or
                               Placed(p.card, p.letters, seat, -1) for p in pieces])
            owner_change = score_word(cards, after, nasty_flush).points - owner_before
            if word.owner == seat:
                gain += owner_change
                if owner_change:
                    parts.append(f"word {owner_change:+}")
            elif owner_change:
                parts.append(f"owner {owner_change:+}")
            found.setdefault(pieces, Choice(LayOff(word.id, pieces), gain, f"{' '.join(parts)} = {gain}"))
    return _ranked(found.values())


def _ranked(choices) -> list[Choice]:
    # Best score first; then the choice that uses fewer cards, keeping more in hand.
    return sorted(choices, key=lambda c: (-c.points, len(c.move.pieces)))[:MAX_CHOICES]
