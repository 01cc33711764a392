"""Turning letters into cards: the words a person types, and the best arrangement of a hand.

A Quiddler card gives all its letters or none, so QUIT can be QU+I+T or
Q+U+I+T. ``assign`` finds which cards spell the typed words (the most points
first); ``Arranger`` finds the best words a hand can make, for computer
players and hints.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from wordcards.core.cards import Card
from wordcards.core.lexicon import Lexicon
from wordcards.games.quiddler.deck import values

MAX_ASSIGNMENTS = 12
VOWELS = frozenset("aeiouy")


def segmentations(word: str, counts: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Every way to spell ``word`` (upper case) from card letters, using each at most ``counts`` times."""
    out: list[tuple[str, ...]] = []
    used: dict[str, int] = {}

    def walk(pos: int, parts: list[str]) -> None:
        if pos == len(word):
            out.append(tuple(parts))
            return
        for letters in (word[pos:pos + 2], word[pos]) if pos + 2 <= len(word) else (word[pos],):
            if counts.get(letters, 0) > used.get(letters, 0):
                used[letters] = used.get(letters, 0) + 1
                parts.append(letters)
                walk(pos + len(letters), parts)
                parts.pop()
                used[letters] -= 1

    walk(0, [])
    return out


@dataclass(frozen=True)
class Assignment:
    """Cards for each typed word, and what is left in the hand."""

    words: tuple[tuple[str, ...], ...]
    """Card ids of each word, in spelling order."""
    left: tuple[str, ...]
    points: int
    """Points of the cards in the words."""


def assign(texts: Sequence[str], hand: Sequence[Card]) -> list[Assignment]:
    """The ways ``hand`` can spell all of ``texts`` at once, most points in words first (then fewest cards)."""
    counts = Counter(c.letters for c in hand)
    options = [segmentations(t.upper(), counts) for t in texts]
    if not all(options):
        return []
    found: dict[tuple, None] = {}

    def walk(i: int, chosen: tuple[tuple[str, ...], ...], left: Counter) -> None:
        if len(found) >= 200:
            return
        if i == len(options):
            found[chosen] = None
            return
        for seg in options[i]:
            need = Counter(seg)
            if need <= left:
                walk(i + 1, chosen + (seg,), left - need)

    walk(0, (), counts)
    table = values()
    ranked = sorted(found, key=lambda segs: (-sum(table[p] for seg in segs for p in seg),
                                              sum(len(seg) for seg in segs)))
    return [to_cards(segs, hand) for segs in ranked[:MAX_ASSIGNMENTS]]


def to_cards(segs: Sequence[tuple[str, ...]], hand: Sequence[Card]) -> Assignment:
    """Pick actual cards for each word's letter parts: the hand's cards in order, so the choice is stable."""
    free = list(hand)
    words = []
    for seg in segs:
        ids = []
        for part in seg:
            card = next(c for c in free if c.letters == part)
            free.remove(card)
            ids.append(card.id)
        words.append(tuple(ids))
    table = values()
    return Assignment(tuple(words), tuple(c.id for c in free), sum(table[p] for seg in segs for p in seg))


# ---------------------------------------------------------------- the best arrangement


@dataclass(frozen=True)
class Meld:
    word: str
    parts: tuple[str, ...]
    """Card letters in spelling order."""
    points: int


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[Meld, ...]
    used: int
    """Points of the cards in words."""
    total: int
    """Points of every card arranged (used or left over)."""

    @property
    def score(self) -> int:
        """The hand's score before the floor: words less left-over cards."""
        return 2 * self.used - self.total

    @property
    def complete(self) -> bool:
        return self.used == self.total

    @property
    def longest(self) -> int:
        return max((len(m.word) for m in self.melds), default=0)


class Arranger:
    """The best words for a multiset of cards, by dynamic programming over the sub-multisets.

    A hand of ``n`` cards has at most 2**n sub-multisets; the best arrangement
    of each is found once (its first card is left over, or in one of the
    words that contain it), so trying every discard costs little more than one.
    A multiset is an int with a bit field per kind of card and a guard bit
    above each field, so "do these cards fit?" is one subtraction.
    """

    def __init__(self, lexicon: Lexicon, hand_letters: Sequence[str],
                 notice: Callable[[Iterable[str]], Iterable[str]] = sorted) -> None:
        """``notice`` picks, in a fixed order, the words of the hand a player sees (a modest one misses long words)."""
        self.kinds = sorted(set(hand_letters))
        table = values()
        self.shift: dict[str, int] = {}
        self.fields: list[tuple[str, int]] = []
        """Each kind with the mask of its count's bits."""
        guard, at = 0, 0
        for kind in self.kinds:
            bits = hand_letters.count(kind).bit_length()
            self.shift[kind] = at
            self.fields.append((kind, ((1 << bits) - 1) << at))
            guard |= 1 << (at + bits)
            at += bits + 1
        self.guard = guard
        self.melds_with: dict[str, list[tuple[int, Meld]]] = {k: [] for k in self.kinds}
        counts = Counter(hand_letters)
        for word in notice(lexicon.search([["", letters] for letters in hand_letters], min_len=2)):
            if VOWELS.isdisjoint(word):
                continue  # LN, NTH, TSK: in the list, but a table would frown at them, so computers leave them
            for parts in segmentations(word.upper(), counts):
                if len(parts) >= 2:
                    meld = Meld(word.upper(), parts, sum(table[p] for p in parts))
                    self.melds_with[min(parts)].append((self.key(parts), meld))
        self.points = {k: table[k] for k in self.kinds}
        self._memo: dict[int, tuple[int, int, int, tuple[Meld, ...]]] = {0: (0, 0, 0, ())}

    def key(self, letters: Iterable[str]) -> int:
        return sum(1 << self.shift[k] for k in letters)

    def best(self, letters: Iterable[str]) -> Arrangement:
        """The arrangement of these cards with the most points in words (then more words, then longer)."""
        letters = list(letters)
        used, _, _, melds = self._solve(self.key(letters))
        return Arrangement(melds, used, sum(self.points[k] for k in letters))

    def _solve(self, rem: int) -> tuple[int, int, int, tuple[Meld, ...]]:
        found = self._memo.get(rem)
        if found is not None:
            return found
        # The first kind present: its card is left over, or in a word whose lowest kind it is.
        first = next(k for k, mask in self.fields if rem & mask)
        best = self._solve(rem - (1 << self.shift[first]))
        guard = self.guard
        for need, meld in self.melds_with[first]:
            if ((rem | guard) - need) & guard == guard:
                used, words, longest, melds = self._solve(rem - need)
                option = (used + meld.points, words + 1, max(longest, len(meld.word)), (meld, *melds))
                if option[:3] > best[:3]:
                    best = option
        self._memo[rem] = best
        return best
