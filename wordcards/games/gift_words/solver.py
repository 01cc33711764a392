"""Finding Gift Words plays in a word list: new words from a hand, extensions, changed letters, Silent Es.

Pure and shared by the computer players and the table screen's typing help.
Searches go through the word list's anagram index (``Lexicon.search``), one
colour at a time, with black cards in every colour and the Qu card as QU or Q.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from wordcards.core.cards import Card
from wordcards.core.lexicon import Lexicon
from wordcards.core.common import ScoreLine
from wordcards.games.gift_words.deck import BLACK, COLOURS
from wordcards.games.gift_words.moves import Layout, card_of
from wordcards.games.gift_words.rules import token_letters
from wordcards.games.gift_words.scoring import extension_lines, new_word_lines
from wordcards.games.gift_words.state import GiftView, TableWord


@dataclass(frozen=True)
class Found:
    text: str
    layout: Layout
    word: int | None = None
    """The table word it extends or changes (None: a new word)."""

    @property
    def target(self) -> int:
        """The table word of an extension, a change or a Silent E (a new word has none)."""
        if self.word is None:
            raise ValueError(f"{self.text} is a new word: it has no table word")
        return self.word


def play_lines(view: GiftView, found: Found) -> list[ScoreLine]:
    """The score lines a new word or an extension would bring (changes and Silent Es score as extensions)."""
    letters = [token_letters(view, t) for t in found.layout]
    cards = [card_of(t) for t in found.layout]
    if found.word is None:
        return new_word_lines(view.cards, view.options, view.seat, view.round, TableWord(0, view.seat, cards, letters, ""))
    before = next(w for w in view.words if w.id == found.word)
    after = TableWord(before.id, before.owner, cards, letters, before.colour)
    added = tuple(c for c in cards if c not in before.cards)
    return extension_lines(view.cards, view.options, view.seat, view.round, before, after, added)


def choices(card: Card) -> list[str]:
    """What a card may give a word, "" for leaving it out (the Qu card gives QU or Q)."""
    return ["", "qu", "q"] if card.letters == "QU" else ["", card.letters.lower()]


def colour_groups(cards: Mapping[str, Card], hand: Sequence[str], colour: str | None = None,
                  any_colour: bool = False) -> list[list[str]]:
    """The hand's cards that may share a word: one group per colour (black in each), or one group for all."""
    if any_colour:
        return [list(hand)]
    wanted = COLOURS if colour in (None, BLACK) else (colour,)
    groups = [[c for c in hand if cards[c].colour in (want, BLACK)] for want in wanted]
    return [g for g in groups if g]


def fit(text: str, cards: Mapping[str, Card], pool: Sequence[str], fixed: Sequence[tuple[str, str]] = ()) \
        -> Layout | None:
    """Cards spelling ``text``: all of ``fixed`` (card, letters) in their order, the rest from ``pool``.

    Coloured cards are tried before black ones, so black cards stay free for later.
    """
    text = text.upper()
    order = sorted(pool, key=lambda c: cards[c].colour == BLACK)

    def go(i: int, j: int, used: frozenset) -> list[str] | None:
        if i == len(text):
            return [] if j == len(fixed) else None
        if j < len(fixed) and text.startswith(fixed[j][1], i):
            rest = go(i + len(fixed[j][1]), j + 1, used)
            if rest is not None:
                return [fixed[j][0]] + rest
        for card in order:
            if card in used:
                continue
            letters = cards[card].letters
            for give, token in [(letters, card)] + ([("Q", f"{card}/Q")] if letters == "QU" else []):
                if text.startswith(give, i):
                    rest = go(i + len(give), j, used | {card})
                    if rest is not None:
                        return [token] + rest
        return None

    layout = go(0, 0, frozenset())
    return tuple(layout) if layout is not None else None


def new_words(lexicon: Lexicon, cards: Mapping[str, Card], hand: Sequence[str], any_colour: bool = False) \
        -> list[Found]:
    """Every word of three or more cards the hand can make, one way each per colour."""
    found: dict[tuple[str, str], Found] = {}
    for group in colour_groups(cards, hand, any_colour=any_colour):
        for text in sorted(lexicon.search([choices(cards[c]) for c in group], min_len=3)):  # sets vary by hash seed
            layout = fit(text, cards, group)
            if layout is not None and len(layout) >= 3:
                found.setdefault((text, colour_key(cards, layout)), Found(text.upper(), layout))
    return list(found.values())


def colour_key(cards: Mapping[str, Card], layout: Layout) -> str:
    return ",".join(sorted({cards[card_of(t)].colour for t in layout}))


def extensions(lexicon: Lexicon, cards: Mapping[str, Card], hand: Sequence[str], words: Sequence[TableWord],
               any_colour: bool = False, most_added: int = 4) -> list[Found]:
    """Every way to add hand cards to a table word (keeping its cards' order), up to ``most_added`` cards."""
    found = []
    for word in words:
        fixed = list(zip(word.cards, word.letters))
        for group in colour_groups(cards, hand, word.colour, any_colour):
            group = group[:12]  # the search tries 2^n subsets; no real hand has more cards of one colour
            base = [[letters.lower()] for letters in word.letters]
            for text in sorted(lexicon.search(base + [choices(cards[c]) for c in group], min_len=len(word.text) + 1)):
                if len(text) - len(word.text) > most_added * 2:
                    continue
                layout = fit(text, cards, group, fixed)
                if layout is not None and len(layout) - len(word.cards) <= most_added:
                    found.append(Found(text.upper(), layout, word.id))
    return found


def changes(lexicon: Lexicon, cards: Mapping[str, Card], hand: Sequence[str], words: Sequence[TableWord]) \
        -> list[Found]:
    """Younger rules: one hand card laid over one letter of a table word, making another word."""
    found = []
    for word in words:
        for at in range(len(word.cards)):
            for card in dict.fromkeys(hand, None):
                letters = list(word.letters)
                letters[at] = cards[card].letters
                text = "".join(letters)
                if text != word.text and text.lower() in lexicon:
                    layout = list(word.cards)
                    layout[at] = card
                    found.append(Found(text, tuple(layout), word.id))
    return found


def silent_es(lexicon: Lexicon, words: Sequence[TableWord]) -> list[Found]:
    """Younger rules: words that take a Silent E on the end (and do not end in E already)."""
    return [Found(w.text + "E", tuple(w.cards), w.id) for w in words
            if not w.text.endswith("E") and (w.text + "E").lower() in lexicon]
